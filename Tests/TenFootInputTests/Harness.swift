import FocusEngine
import TenFootInput
import TenFootSim

/// Drives a `RemoteInput` as the window does: inputs at ticks, and `advance` every `frame` ticks in
/// between. Logs what comes out as `@tick event` lines (tools as `@tick tool:name`).
struct Harness {
    var input: RemoteInput
    var log: [String] = []
    var tick: Tick = 0
    /// Ticks between advances (1: every tick; 20: a 60 Hz frame).
    var frame: Tick = 1
    var editing = false

    init(_ mapping: InputMapping = .default, frame: Tick = 1) {
        input = RemoteInput(mapping: mapping)
        self.frame = frame
    }

    mutating func at(_ t: Tick, _ inputs: PhysicalInput...) {
        run(to: t)
        for p in inputs {
            for a in input.handle(p, at: t, editing: editing) {
                switch a {
                case .remote(let e): log.append("@\(t) \(e)")
                case .tool(let tool): log.append("@\(t) tool:\(tool.rawValue)")
                }
            }
        }
    }

    mutating func run(to t: Tick) {
        while tick < t {
            tick = min(t, tick + frame)
            for e in input.advance(until: tick) { log.append("@\(e.tick) \(e.event)") }
        }
    }

    /// The events logged, without ticks.
    var events: [String] { log.map { String($0.split(separator: " ", maxSplits: 1)[1]) } }
    /// The ticks of the events logged.
    var ticks: [Tick] { log.map { Int($0.dropFirst().split(separator: " ")[0])! } }
}

func key(_ name: String, _ mods: KeyModifiers = []) -> PhysicalInput { .keyDown(name, mods) }
func keyUp(_ name: String) -> PhysicalInput { .keyUp(name) }
func pt(_ x: Double, _ y: Double) -> ScreenPoint { ScreenPoint(x, y) }
