import FocusEngine
import TenFootPresentation
import TenFootScene
import TenFootSim

/// A live session: physical input driving a simulator through `RemoteInput`, with every remote
/// event recorded at its tick so the session can be saved as an input script and replayed
/// exactly (`InputScriptParser` + `Simulator.play`). The window runs one; tests run it headless.
public struct LiveSession: Sendable {
    public var input: RemoteInput
    public private(set) var recording: SessionRecording
    /// The last remote event other than a touch (what the on-screen remote lights) and its tick.
    public private(set) var lastEvent: RemoteEvent?
    public private(set) var lastEventTick: Tick = 0

    public init(mapping: InputMapping = .default, startingAt tick: Tick = 0) {
        input = RemoteInput(mapping: mapping)
        recording = SessionRecording(startTick: tick)
    }

    /// Applies one physical input at the simulator's current tick. Remote events go to the
    /// simulator (and the recording); the tools it asked for come back to the caller.
    public mutating func handle(_ physical: PhysicalInput, sim: inout Simulator) -> [Tool] {
        var tools: [Tool] = []
        for action in input.handle(physical, at: sim.tick, editing: sim.textTarget != nil) {
            switch action {
            case .tool(let t): tools.append(t)
            case .remote(let e): send(e, to: &sim)
            }
        }
        return tools
    }

    /// Advances the simulator by `ticks`, delivering held repeats, long presses and momentum at
    /// their own ticks on the way.
    public mutating func advance(_ sim: inout Simulator, by ticks: Tick) {
        let end = sim.tick + max(0, ticks)
        for timed in input.advance(until: end) {
            if timed.tick > sim.tick { sim.step(ticks: timed.tick - sim.tick) }
            send(timed.event, to: &sim)
        }
        if end > sim.tick { sim.step(ticks: end - sim.tick) }
    }

    /// Sends one remote event now, recorded like any other (the on-screen remote's clicks, tests).
    public mutating func send(_ event: RemoteEvent, to sim: inout Simulator) {
        let e = SessionRecording.normalized(event)
        recording.record(e, at: sim.tick)
        sim.send(e)
        switch e {
        case .touch, .release: break
        default:
            lastEvent = e
            lastEventTick = sim.tick
        }
    }

    /// Starts a new recording at `tick` (after the scene was reloaded: the old events belong to the
    /// old scene and would not replay on the new one).
    public mutating func restartRecording(at tick: Tick) {
        recording = SessionRecording(startTick: tick)
        lastEvent = nil
    }

    /// The on-screen remote for this session's simulator.
    public func remote(_ sim: Simulator) -> OnScreenRemote {
        OnScreenRemote(lastEvent: lastEvent, at: lastEventTick, finger: sim.touch)
    }
}

/// Remote events at their ticks, written out as an input script with `@tick` lines.
public struct SessionRecording: Sendable, Hashable {
    /// The simulator tick the session started at; saved ticks count from it.
    public let startTick: Tick
    public private(set) var entries: [InputScript.Entry] = []

    public init(startTick: Tick) { self.startTick = startTick }

    public mutating func record(_ event: RemoteEvent, at tick: Tick) {
        entries.append(InputScript.Entry(tick: tick - startTick, event: event, line: entries.count + 1, column: 1))
    }

    /// The session as a script ending at `tick` (the simulator's tick when saved). A script holds at
    /// most an hour (`InputScriptParser.maxDuration`), so a longer session gives its first hour: a
    /// file every command can read back, rather than one none can.
    public func script(endingAt tick: Tick) -> InputScript {
        let limit = InputScriptParser.maxDuration
        let kept = entries.prefix { $0.tick <= limit }
        return InputScript(entries: Array(kept), endTick: min(limit, max(tick - startTick, entries.last?.tick ?? 0)))
    }

    /// Whether the session has run past the hour a script can hold by `tick`.
    public func isTruncated(endingAt tick: Tick) -> Bool { tick - startTick > InputScriptParser.maxDuration }

    /// The script text (`@tick event` lines, then `@end # end`), after `header` comment lines (and one
    /// that says so when the session ran past an hour and only its first hour is saved); `from`, the
    /// focus the session started at, is its first line.
    public func text(endingAt tick: Tick, header: [String] = [], from: String? = nil) -> String {
        var header = header
        if isTruncated(endingAt: tick) {
            let minutes = (tick - startTick) / Clock.ticks(seconds: 60)
            let dropped = entries.count - script(endingAt: tick).entries.count
            header.append(
                "the session ran \(minutes) min; a script holds an hour, so its first hour is saved (\(dropped) later events left out)"
            )
        }
        var script = script(endingAt: tick)
        script.from = from
        return header.map { "# " + $0 + "\n" }.joined() + script.timedText
    }

    /// Where a take starts (F9 in the window): how many events were recorded by then, and the
    /// simulator's tick.
    public struct Mark: Sendable, Hashable {
        public let entryCount: Int
        public let tick: Tick
    }

    /// A mark at the end of the recording so far; `tick` is the simulator's tick now.
    public func mark(at tick: Tick) -> Mark { Mark(entryCount: entries.count, tick: tick) }

    /// The events recorded since `mark`, as a script whose ticks count from the mark and which ends at
    /// `tick` (the simulator's tick now): played on the simulator as it was at the mark, it replays
    /// the take exactly.
    public func take(since mark: Mark, endingAt tick: Tick) -> InputScript {
        let taken = entries.dropFirst(mark.entryCount).compactMap { e -> InputScript.Entry? in
            let at = startTick + e.tick
            return at >= mark.tick
                ? InputScript.Entry(tick: at - mark.tick, event: e.event, line: e.line, column: e.column) : nil
        }
        return InputScript(entries: taken, endTick: max(0, tick - mark.tick))
    }

    /// Touch positions keep the two decimals a saved session writes, so the live run and its replay
    /// see exactly the same numbers.
    public static func normalized(_ event: RemoteEvent) -> RemoteEvent {
        guard case .touch(let x, let y) = event else { return event }
        return .touch((x * 100).rounded() / 100, (y * 100).rounded() / 100)
    }
}
