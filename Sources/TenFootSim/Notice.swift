import FocusEngine

/// A one-line message across the top of the window for a few seconds ("saved the session to …").
public enum Notice {
    static let band = Rect(460, 24, 1000, 56)
    static let background = Color(20, 22, 30, 225)
    static let textColor = Color(240, 240, 245)

    public static func commands(_ text: String) -> [DrawCommand] {
        [.rect(band, radius: 16, color: background),
         .text(text, x: band.midX, y: band.minY + 12, size: 25, bold: false, color: textColor, centered: true, maxWidth: 960)]
    }
}
