import FocusEngine
import TenFootScene
import TenFootSim

/// A message across the top of the window for a few seconds ("saved the session to …"), wrapped onto as
/// many lines as it needs (up to `maxLines`) on a band that grows with it — at the foot of the window instead
/// when the focused item (lifted) reaches the top band, so it never hides what the user is looking at.
public enum Notice {
    static let width = 1240.0
    static let top = 24.0
    static let padding = 14.0
    static let textSize = 25.0
    static let lineHeight = 34.0
    static let maxLines = 4
    static let background = Color(20, 22, 30, 235)
    static let textColor = Color(240, 240, 245)

    public static func commands(_ text: String, measurer: any TextMeasurer, avoiding focused: Rect? = nil)
        -> [DrawCommand]
    {
        var lines = TextWrap.lines(text, width: width - 2 * padding, size: textSize, bold: false, measurer: measurer)
        if lines.count > maxLines {
            lines = Array(lines.prefix(maxLines - 1)) + ["… (the whole message is in the terminal)"]
        }
        var band = Rect(((1920 - width) / 2).rounded(), top, width, 2 * padding + Double(lines.count) * lineHeight)
        if let f = focused, f.insetBy(dx: -f.width * 0.1, dy: -f.height * 0.1).overlaps(band) {
            band.y = Metrics.screen.maxY - top - band.height
        }
        var out: [DrawCommand] = [.rect(band, radius: 16, color: background)]
        for (k, line) in lines.enumerated() {
            out.append(
                .text(
                    line, x: band.midX, y: band.minY + padding + (lineHeight - textSize) / 2 + Double(k) * lineHeight,
                    size: textSize, bold: false, color: textColor, centered: true, maxWidth: width - 2 * padding))
        }
        return out
    }
}
