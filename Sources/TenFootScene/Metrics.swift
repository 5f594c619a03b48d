import FocusEngine

/// The tvOS metrics layout uses (HIG: Layout, Typography, Tab bars; tvos-focus.md §C).
public enum Metrics {
    public static let screen = Rect(0, 0, 1920, 1080)
    /// Safe area: 60 pt top and bottom, 80 pt left and right.
    public static let safeArea = EdgeInsets(top: 60, leading: 80, bottom: 60, trailing: 80)
    /// The safe area as a rectangle: 80…1840 × 60…1020.
    public static let safeAreaRect = Rect(80, 60, 1760, 960)
    /// Horizontal spacing of tvOS grids and shelves.
    public static let itemSpacing = 40.0
    /// Default gap between rows of a vertical stack.
    public static let stackSpacing = 40.0
    /// Minimum vertical spacing of grid rows (HIG: 100 pt between unfocused rows, captions included).
    public static let gridRowSpacing = 100.0
    /// tvOS grid column widths for 1…9 columns across the 1,760-pt safe width.
    public static let gridWidths: [Int: Double] = [1: 1760, 2: 860, 3: 560, 4: 410, 5: 320, 6: 260, 7: 217, 8: 184, 9: 160]
    public static let posterWidth = 260.0
    public static let posterAspect = 1.5
    public static let captionGap = 16.0
    public static let buttonHeight = 86.0
    public static let buttonPadding = 40.0
    public static let buttonMinWidth = 200.0
    /// A button's symbol: its size, and the gap between it and the title after it.
    public static let buttonIconSize = 44.0
    public static let buttonIconGap = 16.0
    public static let cardSize = (410.0, 230.0)
    public static let fieldSize = (700.0, 86.0)
    public static let pickerSize = (560.0, 86.0)
    public static let heroHeight = 300.0
    /// The tab bar: 68 pt high, its top 46 pt from the top of the screen; content starts below it.
    public static let tabBarHeight = 68.0
    public static let tabBarTop = 46.0
    public static let tabBarContentTop = 154.0
    /// What the shown tab bar covers: the top of the screen down to the bar's bottom edge, full width
    /// (translucent, but what lies under the shown bar cannot take focus).
    public static let tabBarBand = Rect(0, 0, 1920, 114)
    /// A presented sheet's panel, and the area its content is laid out in (60 pt inside the panel).
    public static let sheetPanel = Rect(160, 100, 1600, 880)
    public static let sheetContent = Rect(220, 180, 1480, 740)
    /// Gap between a shelf title and its items: more than the 35 pt a lifted poster grows upwards.
    public static let shelfTitleGap = 44.0
}

/// The tab bar's own metrics (HIG: Tab bars): tab label size and spacing.
public enum TabBarMetrics {
    public static let fontSize = 31.0
    public static let tabPadding = 30.0
    public static let tabSpacing = 8.0
    /// A tab item's symbol, the gap before its title, and the width of a tab that is only a symbol.
    public static let iconSize = 34.0
    public static let iconGap = 12.0
    public static let iconOnlyWidth = 96.0
    /// The id of the synthesised strip that holds a tab bar's tabs.
    public static func stripID(_ bar: String) -> String { bar + "/tabs" }
    /// The id of the synthesised full-width area that holds a tab's content (one per tab, so each tab
    /// remembers its own focus).
    public static func contentID(_ bar: String, tab: String) -> String { bar + "/" + tab + "/content" }
}
