import TenFootScene
import TenFootSim

/// Lines of text that fit a width, for the pictures drawn over the scene (help card, debug panel, error banner,
/// notices): words filled greedily; a word wider than a line (a JSON path, a file path) is broken after a `.`,
/// `/`, `[`, `,` or `-`, or failing that between characters, so nothing is cut off with an ellipsis. Widths are
/// the window's (its measurer), filled only to `fill` of the width: a small window rasterises text at a pixel
/// size that rounds up, and its glyphs come out a little wider in points than the measurer says.
public enum TextWrap {
    public static let fill = 0.94

    public static func lines(_ text: String, width: Double, size: Double, bold: Bool, measurer: any TextMeasurer)
        -> [String]
    {
        let limit = width * fill
        func fits(_ s: String) -> Bool { measurer.width(of: s, size: size, bold: bold) <= limit }
        var out: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ").map(String.init) {
                let candidate = line.isEmpty ? word : line + " " + word
                if fits(candidate) {
                    line = candidate
                    continue
                }
                if !line.isEmpty {
                    out.append(line)
                    line = ""
                }
                if fits(word) {
                    line = word
                    continue
                }
                // A word wider than the line: its pieces, filled the same way.
                for piece in pieces(of: word, fits: fits) {
                    if line.isEmpty || !fits(line + piece) {
                        if !line.isEmpty { out.append(line) }
                        line = piece
                    } else {
                        line += piece
                    }
                }
            }
            out.append(line)
        }
        return out
    }

    /// `word` cut after its break characters, and a piece that still does not fit cut between characters.
    static func pieces(of word: String, fits: (String) -> Bool) -> [String] {
        var parts: [String] = []
        var current = ""
        for ch in word {
            current.append(ch)
            if ".,/[-".contains(ch) {
                parts.append(current)
                current = ""
            }
        }
        if !current.isEmpty { parts.append(current) }
        var out: [String] = []
        for part in parts {
            if fits(part) {
                out.append(part)
                continue
            }
            var run = ""
            for ch in part {
                if !run.isEmpty, !fits(run + String(ch)) {
                    out.append(run)
                    run = ""
                }
                run.append(ch)
            }
            if !run.isEmpty { out.append(run) }
        }
        return out
    }
}
