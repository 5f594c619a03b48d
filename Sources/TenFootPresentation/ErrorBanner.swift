import FocusEngine
import TenFootScene
import TenFootSim

/// The banner a window shows over the last good scene while the scene file is broken: the
/// `file:line:column: error: message (at PATH)` lines of the load error on a red band at the bottom, each
/// wrapped whole (its continuation indented, a long JSON path broken after a `.` or `[`), as many
/// problems as fit in `maxLines` lines, then how many more there are.
public enum ErrorBanner {
    public static let maxLines = 8
    static let lineHeight = 36.0
    static let textSize = 26.0
    static let margin = 40.0
    static let indent = 40.0
    static let background = Color(150, 20, 30, 240)

    public static func commands(_ message: String, measurer: any TextMeasurer) -> [DrawCommand] {
        let problems = message.split(separator: "\n").map(String.init)
        let width = 1920 - 2 * margin
        var lines: [(text: String, x: Double, bold: Bool)] = []
        for (k, problem) in problems.enumerated() {
            let bold = k == 0
            let first = TextWrap.lines(problem, width: width, size: textSize, bold: bold, measurer: measurer)
            var wrapped: [(text: String, x: Double, bold: Bool)] = [(first[0], margin, bold)]
            if first.count > 1 {
                let rest = first.dropFirst().joined(separator: " ")
                wrapped += TextWrap.lines(rest, width: width - indent, size: textSize, bold: bold, measurer: measurer)
                    .map { ($0, margin + indent, bold) }
            }
            // Whole problems only, with room left for the line that says how many more there are.
            let remaining = problems.count - k
            let room = maxLines - lines.count - (remaining > 1 ? 1 : 0)
            if wrapped.count > room {
                // (A first problem longer than the banner shows its beginning.)
                var more = remaining
                if lines.isEmpty {
                    lines += wrapped.prefix(max(1, room))
                    more -= 1
                }
                if more > 0 { lines.append(("… and \(more) more (see the terminal)", margin, false)) }
                break
            }
            lines += wrapped
        }
        let h = 40.0 + Double(lines.count) * lineHeight
        var out: [DrawCommand] = [.rect(Rect(0, 1080 - h, 1920, h), radius: 0, color: background)]
        for (k, line) in lines.enumerated() {
            out.append(
                .text(
                    line.text, x: line.x, y: 1080 - h + 20 + Double(k) * lineHeight, size: textSize, bold: line.bold,
                    color: Color(255, 255, 255), centered: false, maxWidth: 1920 - margin - line.x))
        }
        return out
    }
}
