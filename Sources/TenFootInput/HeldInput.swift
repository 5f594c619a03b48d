import TenFootScene
import TenFootSim

/// A remote event at the tick it happens (held repeats, long presses, momentum).
public struct TimedEvent: Sendable, Hashable, CustomStringConvertible {
    public var tick: Tick
    public var event: RemoteEvent
    public init(tick: Tick, event: RemoteEvent) {
        self.tick = tick
        self.event = event
    }
    public var description: String { "@\(tick) \(event)" }
}

/// Who holds a press: a key, one controller's button, trigger or stick, the mouse (a click), or a
/// button of the on-screen remote.
enum InputSource: Sendable, Hashable {
    case key(String)
    case button(ControllerButton, controller: Int)
    case trigger(Trigger, controller: Int)
    case stick(Stick, controller: Int)
    case mouse
    case onScreenRemote

    /// The controller a source belongs to, if it is on one.
    var controller: Int? {
        switch self {
        case .button(_, let c), .trigger(_, let c), .stick(_, let c): c
        case .key, .mouse, .onScreenRemote: nil
        }
    }
}

/// Held buttons as the remote sees them: a pure state machine over ticks.
///
/// - Directions, page moves, next/previous and crown steps *repeat*: once on the press, then on
///   the `RepeatSchedule`, stopping the moment the button is let go.
/// - Select and Menu are *tap or hold*: let go before the threshold and they happen on release;
///   hold past it and the long form happens instead (long select, Home) while still held.
/// - Everything else happens once, on the press.
///
/// Several sources (a key, a D-pad, a second controller) may hold the same event: it is held
/// while any of them is, and repeats once, not once per source.
struct HeldInput: Sendable {
    enum Kind: Equatable {
        case repeating
        case tapOrHold(RemoteEvent, after: Tick)
        case once
    }

    struct Press: Sendable {
        let event: RemoteEvent
        let start: Tick
        /// Who holds it, in press order.
        var sources: [InputSource]
        var cursor: RepeatSchedule.Cursor?
        var holdFired = false
    }

    var tuning: InputTuning
    /// Held events in press order (never a dictionary walk: output order must not depend on hashing).
    private(set) var presses: [Press] = []

    init(tuning: InputTuning) { self.tuning = tuning }

    func kind(of event: RemoteEvent) -> Kind {
        switch event {
        case _ where event.repeatsWhileHeld: .repeating
        case .select: .tapOrHold(.longSelect, after: tuning.longPress)
        case .menu: .tapOrHold(.home, after: tuning.menuHoldHome)
        default: .once
        }
    }

    /// True when `source` holds something.
    func holds(_ source: InputSource) -> Bool { presses.contains { $0.sources.contains(source) } }

    /// `source` pressed `event` at `tick`; returns what happens at once.
    mutating func press(_ event: RemoteEvent, source: InputSource, at tick: Tick) -> [RemoteEvent] {
        guard !holds(source) else { return [] }
        if let k = presses.firstIndex(where: { $0.event == event }) {
            presses[k].sources.append(source)
            return []
        }
        switch kind(of: event) {
        case .repeating:
            presses.append(Press(event: event, start: tick, sources: [source], cursor: tuning.repeats.firstRepeat))
            return [event]
        case .tapOrHold:
            presses.append(Press(event: event, start: tick, sources: [source]))
            return []
        case .once:
            presses.append(Press(event: event, start: tick, sources: [source]))
            return [event]
        }
    }

    /// `source` let go at `tick`; returns what happens (a tap). With `cancel` (a controller
    /// unplugged, the window lost focus, a click turned into a drag) nothing happens.
    mutating func release(_ source: InputSource, at tick: Tick, cancel: Bool = false) -> [RemoteEvent] {
        guard let k = presses.firstIndex(where: { $0.sources.contains(source) }) else { return [] }
        presses[k].sources.removeAll { $0 == source }
        guard presses[k].sources.isEmpty else { return [] }
        let p = presses.remove(at: k)
        guard !cancel, case .tapOrHold(let long, let threshold) = kind(of: p.event), !p.holdFired else { return [] }
        // Held past the threshold but not yet advanced there: it was a hold all the same.
        return [tick - p.start >= threshold ? long : p.event]
    }

    /// Lets go of every source that `matches` (all of them by default), with no effect.
    mutating func cancelAll(where matches: (InputSource) -> Bool = { _ in true }, at tick: Tick) {
        let sources = presses.flatMap(\.sources).filter(matches)
        for s in sources { _ = release(s, at: tick, cancel: true) }
    }

    /// The repeats and long presses due before `tick` (a repeat due exactly when the button is let
    /// go does not happen, as in scripts). At most one repeat per held event per call: repeats
    /// missed by a slow frame are dropped, so focus never runs ahead of what was drawn.
    mutating func advance(until tick: Tick) -> [TimedEvent] {
        var out: [TimedEvent] = []
        for k in presses.indices {
            let p = presses[k]
            switch kind(of: p.event) {
            case .repeating:
                guard var cursor = p.cursor, p.start + cursor.offset < tick else { continue }
                out.append(TimedEvent(tick: p.start + cursor.offset, event: p.event))
                repeat { cursor.advance() } while p.start + cursor.offset < tick
                presses[k].cursor = cursor
            case .tapOrHold(let long, let threshold):
                guard !p.holdFired, p.start + threshold < tick else { continue }
                out.append(TimedEvent(tick: p.start + threshold, event: long))
                presses[k].holdFired = true
            case .once:
                continue
            }
        }
        return out
    }
}
