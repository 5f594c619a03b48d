import FocusEngine
import Foundation
import TenFootCore
import TenFootScene
import TenFootSim

/// The traversal beside a recording (`--trace FILE.json`): every event with its tick, time and the
/// first frame that shows it, focus before and after, how focus got there and why a move was
/// blocked. One event a line, keys in a fixed order, no wall-clock time: the same recording always
/// writes the same bytes.
public enum TraversalTrace {
    public static func json(_ sim: Simulator, settings: RecordingSettings, frames: Int) -> String {
        var lines: [String] = []
        var focus: String?
        for entry in sim.trace {
            let before = entry.update?.previous ?? focus
            let after = entry.update.map { $0.next } ?? focus
            focus = after
            let frame = (entry.tick + settings.ticksPerFrame - 1) / settings.ticksPerFrame
            var fields = ["\"tick\": \(entry.tick)", "\"time\": \(seconds(entry.tick))", "\"frame\": \(frame)",
                          "\"event\": \(JSON.quote(entry.event))", "\"before\": \(quote(before))", "\"after\": \(quote(after))"]
            if let u = entry.update {
                switch u.outcome {
                case .moved:
                    if u.previous != u.next { fields.append("\"via\": \(JSON.quote(u.via?.rawValue ?? "direct"))") }
                    if let r = u.routedBy { fields.append("\"by\": \(JSON.quote(r))") }
                case .blocked(let why): fields.append("\"blocked\": \(JSON.quote(why))")
                case .consumed(let by): fields.append("\"consumed\": \(JSON.quote(by))")
                case .vetoed(let by): fields.append("\"vetoed\": \(JSON.quote(by))")
                }
                fields.append("\"heading\": \(JSON.quote(u.heading.description))")
            }
            if let note = entry.note { fields.append("\"note\": \(JSON.quote(note))") }
            lines.append("    {" + fields.joined(separator: ", ") + "}")
        }
        let header = [
            "  \"scene\": \(JSON.quote(sim.scene.name))",
            "  \"policy\": \(JSON.quote(sim.policy.rawValue))",
            "  \"ticksPerSecond\": \(Clock.ticksPerSecond)",
            "  \"fps\": \(settings.fps)",
            "  \"frames\": \(frames)",
            "  \"duration\": \(seconds(frames * settings.ticksPerFrame))",
            "  \"finalFocus\": \(quote(sim.focused))",
            "  \"exited\": \(sim.exited)",
        ]
        return "{\n" + header.joined(separator: ",\n") + ",\n  \"events\": [\n" + lines.joined(separator: ",\n") + "\n  ]\n}\n"
    }

    /// Writes the trace next to the recording: a temporary file renamed into place.
    public static func write(_ text: String, to path: String) throws(RecordingError) {
        let url = URL(fileURLWithPath: path)
        let partial = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial-\(getpid())").path
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: partial))
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw .environment("cannot write the trace \(path): \(error.localizedDescription)")
        }
        guard rename(partial, path) == 0 else {
            let why = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: partial)
            throw .environment("cannot write the trace \(path): \(why)")
        }
    }

    static func quote(_ s: String?) -> String { s.map(JSON.quote) ?? "null" }

    /// Ticks as seconds with four decimals at most (1,200 ticks per second), trailing zeros dropped.
    static func seconds(_ t: Tick) -> String {
        var s = String(format: "%.4f", Clock.seconds(t))
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }
}
