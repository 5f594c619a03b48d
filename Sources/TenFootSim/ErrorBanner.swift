import FocusEngine

/// The banner a window shows over the last good scene while the scene file is broken: the
/// `file:line:column: error: message` lines of the load error, up to four, on a red band at the bottom.
public enum ErrorBanner {
    public static let maxLines = 4
    static let lineHeight = 36.0

    public static func commands(_ message: String) -> [DrawCommand] {
        var lines = message.split(separator: "\n").map(String.init)
        if lines.count > maxLines { lines = Array(lines.prefix(maxLines - 1)) + ["… and \(lines.count - maxLines + 1) more (see the terminal)"] }
        let h = 40.0 + Double(lines.count) * lineHeight
        var out: [DrawCommand] = [.rect(Rect(0, 1080 - h, 1920, h), radius: 0, color: Color(150, 20, 30, 235))]
        for (k, line) in lines.enumerated() {
            out.append(.text(line, x: 40, y: 1080 - h + 20 + Double(k) * lineHeight, size: 26, bold: k == 0, color: Color(255, 255, 255), centered: false, maxWidth: 1840))
        }
        return out
    }
}
