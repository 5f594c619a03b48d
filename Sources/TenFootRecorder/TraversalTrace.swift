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
            let line = Line(
                tick: entry.tick, frame: (entry.tick + settings.ticksPerFrame - 1) / settings.ticksPerFrame,
                event: entry.event.description, before: before, after: after, update: entry.update,
                note: entry.note?.description)
            // JSONLine fails only on a non-finite number, and a trace holds strings and whole ticks.
            lines.append("    " + (try! JSONLine.encode(line)))
        }
        let header = [
            "  \"scene\": \(JSON.quote(sim.scene.name))",
            "  \"policy\": \(JSON.quote(sim.policy.rawValue))",
            "  \"ticksPerSecond\": \(Clock.ticksPerSecond)",
            "  \"fps\": \(settings.fps)",
            "  \"frames\": \(frames)",
            "  \"duration\": \(JSONLine.number(seconds(frames * settings.ticksPerFrame)))",
            "  \"finalFocus\": \(sim.focused.map(JSON.quote) ?? "null")",
            "  \"exited\": \(sim.navigation.exited)",
        ]
        return "{\n" + header.joined(separator: ",\n") + ",\n  \"events\": [\n" + lines.joined(separator: ",\n")
            + "\n  ]\n}\n"
    }

    /// One event of the trace: when, what, focus before and after, then its route's fields (how focus
    /// got there, or why it did not move) and its heading, and what else happened.
    struct Line: Encodable {
        var tick: Tick
        var frame: Int
        var event: String
        var before: String?
        var after: String?
        var update: FocusUpdate?
        var note: String?

        enum Key: String, CodingKey { case tick, time, frame, event, before, after, heading, note }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(tick, forKey: .tick)
            try c.encode(TraversalTrace.seconds(tick), forKey: .time)
            try c.encode(frame, forKey: .frame)
            try c.encode(event, forKey: .event)
            try c.encode(before, forKey: .before)
            try c.encode(after, forKey: .after)
            if let update {
                try update.route.encode(to: encoder)
                try c.encode(update.heading.description, forKey: .heading)
            }
            try c.encodeIfPresent(note, forKey: .note)
        }
    }

    /// Ticks as seconds, to a tenth of a millisecond (1,200 ticks per second).
    static func seconds(_ t: Tick) -> Double { (Clock.seconds(t) * 10_000).rounded() / 10_000 }
}
