import TenFootScene
import TenFootSim

/// Lines of text that fit a width, for the pictures drawn over the scene (help card, debug panel, error banner,
/// notices): filled by the scene's own rule (``TextLayout/fill(_:cutAfter:fits:)``), except that a piece wider
/// than a line (a JSON path, a file path) is cut after a `.`, `/`, `[`, `,` or `-` before it is cut between
/// characters, so nothing is cut off with an ellipsis. Widths are the window's (its measurer), filled only to
/// `fill` of the width: a small window rasterises text at a pixel size that rounds up, and its glyphs come out a
/// little wider in points than the measurer says.
public enum TextWrap {
    public static let fill = 0.94
    static let cutAfter: Set<Character> = [".", ",", "/", "[", "-"]

    public static func lines(_ text: String, width: Double, size: Double, bold: Bool, measurer: any TextMeasurer)
        -> [String]
    {
        let limit = width * fill
        var out: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let chars = Array(paragraph)
            let ranges = TextLayout.fill(chars, cutAfter: cutAfter) {
                measurer.width(of: String(chars[$0]), size: size, bold: bold) <= limit
            }
            out += ranges.isEmpty ? [""] : ranges.map { String(chars[$0]) }
        }
        return out
    }
}
