import TenFootSim

/// A simulator driven by a script one frame at a time: each event is sent at its tick, and the
/// clock is stepped to exactly the frame's tick (never the wall clock).
public struct ScriptedSession: Sendable {
    public private(set) var sim: Simulator
    public let script: InputScript
    private var nextEntry = 0
    private let origin: Tick

    public init(simulator: Simulator, script: InputScript) {
        sim = simulator
        self.script = script
        origin = simulator.tick
    }

    /// Sends every event up to and including `tick` (relative to the start), then steps to `tick`.
    public mutating func advance(to tick: Tick) {
        let target = origin + tick
        let entries = script.entries
        while nextEntry < entries.count, origin + entries[nextEntry].tick <= target {
            let at = origin + entries[nextEntry].tick
            if at > sim.tick { sim.step(ticks: at - sim.tick) }
            sim.send(entries[nextEntry].event)
            nextEntry += 1
        }
        if target > sim.tick { sim.step(ticks: target - sim.tick) }
    }
}
