import FocusEngine

/// The F1 help card: what to press and what it does, in two columns on a dark card centred on the
/// screen, groups of rows set apart by a gap. The rows come from the caller (the window passes the
/// key guide of `TenFootInput`, the one table `tenfoot run --help` prints too).
public enum HelpCard {
    /// One line of the card: the keys (left column) and what they do (right column).
    public struct Row: Sendable, Hashable {
        public var keys: String
        public var does: String
        public init(keys: String, does: String) { self.keys = keys; self.does = does }
    }

    /// Wide enough for the longest line at a size legible from the sofa; the scene stays visible at
    /// the sides.
    static let cardLeft = 260.0, cardWidth = 1400.0
    static let padding = 24.0
    static let rowHeight = 40.0
    /// Space between groups: half a row, enough to read them as groups.
    static let groupGap = 20.0
    static let textSize = 25.0
    /// Where the right column starts, from the card's left edge: room for the longest keys.
    static let keysColumnWidth = 380.0
    static let background = Color(20, 22, 30, 235)
    static let keysColor = Color(255, 255, 255)
    static let textColor = Color(220, 222, 230)

    /// The card for `groups` of rows, vertically centred on the 1080-point screen.
    public static func commands(_ groups: [[Row]]) -> [DrawCommand] {
        let rows = groups.reduce(0) { $0 + $1.count }
        let gaps = Double(max(0, groups.filter { !$0.isEmpty }.count - 1))
        let height = 2 * padding + Double(rows) * rowHeight + gaps * groupGap
        let top = ((1080 - height) / 2).rounded()
        let left = cardLeft + 2 * padding, right = left + keysColumnWidth
        var out: [DrawCommand] = [.rect(Rect(cardLeft, top, cardWidth, height), radius: 24, color: background)]
        var y = top + padding + (rowHeight - textSize) / 2
        for group in groups where !group.isEmpty {
            for row in group {
                out.append(.text(row.keys, x: left, y: y, size: textSize, bold: true, color: keysColor, centered: false, maxWidth: keysColumnWidth - padding))
                out.append(.text(row.does, x: right, y: y, size: textSize, bold: false, color: textColor, centered: false,
                                 maxWidth: cardLeft + cardWidth - 2 * padding - right))
                y += rowHeight
            }
            y += groupGap
        }
        return out
    }
}
