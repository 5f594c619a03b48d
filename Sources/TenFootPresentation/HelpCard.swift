import FocusEngine
import TenFootScene
import TenFootSim

/// The F1 help card: what to press and what it does, on an opaque card over the dimmed scene. Groups (keys,
/// controllers, mouse, tools) with their titles fill two columns of about equal height; in each row the
/// keys stand in a column of their own and what they do wraps beside them. The rows come from the caller
/// (the window passes the key guide of `TenFootInput`, the one table `tenfoot run --help` prints too).
/// Everything is in screen points, so the card keeps its proportions at every window size; wrapping uses
/// the window's text measurer (`TextWrap`).
public enum HelpCard {
    /// One line of the card: the keys (left column) and what they do (right column).
    public struct Row: Sendable, Hashable {
        public var keys: String
        public var does: String
        public init(keys: String, does: String) {
            self.keys = keys
            self.does = does
        }
    }

    /// Rows under a title.
    public struct Group: Sendable, Hashable {
        public var title: String
        public var rows: [Row]
        public init(title: String, rows: [Row]) {
            self.title = title
            self.rows = rows
        }
    }

    public static let title = "Keys, buttons and tools"
    public static let hint = "F1 closes this card"

    static let cardWidth = 1760.0
    static let padding = 48.0
    static let columnGap = 64.0
    static let keysWidth = 330.0
    static let keysGap = 18.0
    static let textSize = 25.0
    static let lineHeight = 34.0
    static let rowGap = 10.0
    static let titleSize = 34.0
    static let headerHeight = 76.0
    static let groupTitleSize = 24.0
    static let groupTitleHeight = 42.0
    static let groupGap = 28.0

    static let scrim = Color(0, 0, 0, 165)
    static let background = Color(28, 30, 38)
    static let titleColor = Color(255, 255, 255)
    static let hintColor = Color(160, 164, 176)
    static let groupColor = Color(120, 170, 255)
    static let keysColor = Color(255, 255, 255)
    static let textColor = Color(220, 222, 230)

    static var columnWidth: Double { (cardWidth - 2 * padding - columnGap) / 2 }
    static var doesWidth: Double { columnWidth - keysWidth - keysGap }

    /// One row laid out: its keys and the lines of what it does.
    struct LaidRow {
        var keys: [String]
        var does: [String]
        var height: Double
    }

    public static func commands(_ groups: [Group], measurer: any TextMeasurer) -> [DrawCommand] {
        let groups = groups.filter { !$0.rows.isEmpty }
        let laid: [[LaidRow]] = groups.map { group in
            group.rows.map { row in
                let keys = TextWrap.lines(row.keys, width: keysWidth, size: textSize, bold: true, measurer: measurer)
                let does = TextWrap.lines(row.does, width: doesWidth, size: textSize, bold: false, measurer: measurer)
                return LaidRow(keys: keys, does: does, height: Double(max(keys.count, does.count)) * lineHeight)
            }
        }
        let heights = laid.map { rows in
            groupTitleHeight + rows.reduce(0) { $0 + $1.height } + Double(max(0, rows.count - 1)) * rowGap
        }
        // The split into two columns whose taller one is the shortest.
        func height(_ part: ArraySlice<Double>) -> Double {
            part.reduce(0, +) + Double(max(0, part.count - 1)) * groupGap
        }
        let split =
            groups.count < 2
            ? groups.count
            : (1..<groups.count).min {
                max(height(heights[..<$0]), height(heights[$0...]))
                    < max(height(heights[..<$1]), height(heights[$1...]))
            }!
        let bodyHeight = max(height(heights[..<split]), height(heights[split...]))
        let cardHeight = 2 * padding + headerHeight + bodyHeight
        let left = ((1920 - cardWidth) / 2).rounded()
        let top = ((1080 - cardHeight) / 2).rounded()

        var out: [DrawCommand] = [
            .rect(Rect(0, 0, 1920, 1080), radius: 0, color: scrim),
            .rect(Rect(left, top, cardWidth, cardHeight), radius: 28, color: background),
            .text(
                title, x: left + padding, y: top + padding, size: titleSize, bold: true, color: titleColor,
                centered: false, maxWidth: cardWidth / 2),
        ]
        let hintWidth = measurer.width(of: hint, size: groupTitleSize, bold: false) / TextWrap.fill
        out.append(
            .text(
                hint, x: left + cardWidth - padding - hintWidth, y: top + padding + (titleSize - groupTitleSize) / 2,
                size: groupTitleSize, bold: false, color: hintColor, centered: false, maxWidth: hintWidth))
        var column = 0
        var y = top + padding + headerHeight
        for (k, group) in groups.enumerated() {
            if k == split {
                column = 1
                y = top + padding + headerHeight
            }
            let x = left + padding + Double(column) * (columnWidth + columnGap)
            out.append(
                .text(
                    group.title, x: x, y: y, size: groupTitleSize, bold: true, color: groupColor, centered: false,
                    maxWidth: columnWidth))
            y += groupTitleHeight
            for row in laid[k] {
                let inset = (lineHeight - textSize) / 2
                for (n, line) in row.keys.enumerated() {
                    out.append(
                        .text(
                            line, x: x, y: y + inset + Double(n) * lineHeight, size: textSize, bold: true,
                            color: keysColor, centered: false, maxWidth: keysWidth))
                }
                for (n, line) in row.does.enumerated() {
                    out.append(
                        .text(
                            line, x: x + keysWidth + keysGap, y: y + inset + Double(n) * lineHeight, size: textSize,
                            bold: false,
                            color: textColor, centered: false, maxWidth: doesWidth))
                }
                y += row.height + rowGap
            }
            y += groupGap - rowGap
        }
        return out
    }
}
