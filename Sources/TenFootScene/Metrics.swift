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
    public static let gridWidths: [Int: Double] = [
        1: 1760, 2: 860, 3: 560, 4: 410, 5: 320, 6: 260, 7: 217, 8: 184, 9: 160,
    ]
    public static let posterWidth = 260.0
    public static let posterAspect = 1.5
    public static let captionGap = 16.0
    /// The padding around the title and subtitle inside a card's platter.
    public static let cardBandPadding = 18.0
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

/// The tab bar's own metrics (HIG: Tab bars): tab padding and spacing (its labels are Callout).
public enum TabBarMetrics {
    public static let tabPadding = 30.0
    public static let tabSpacing = 8.0
    /// A tab item's symbol, the gap before its title, and the width of a tab that is only a symbol.
    public static let iconSize = 34.0
    public static let iconGap = 12.0
    public static let iconOnlyWidth = 96.0
    /// The widest a tab grows: a longer title is cut with "…" (the bar's overflow is cut at the screen's edges,
    /// HIG: Tab bars), so no tab is wider than the safe area.
    public static let maxTabWidth = 1740.0
    /// The id of the synthesised strip that holds a tab bar's tabs.
    public static func stripID(_ bar: String) -> String { bar + "/tabs" }
    /// The id of the synthesised full-width area that holds a tab's content (one per tab, so each tab
    /// remembers its own focus).
    public static func contentID(_ bar: String, tab: String) -> String { bar + "/" + tab + "/content" }
}

/// Sizes of the lockups, settings rows, pickers and presentations. Apple publishes none of these in points
/// (TVUIKit's lockups size to their content; tvos-focus.md §A11, §C4): each is TenFoot's, chosen to sit on the
/// tvOS grid and to leave room for the focus lift.
public enum ComponentMetrics {
    /// A monogram's circle (TVMonogramView): about a 7-column grid cell.
    public static let monogramSize = 220.0
    /// A full-bleed hero's foot: the band at its bottom that fades into the background, below its texts.
    public static let heroFoot = 110.0
    /// A hero's texts and actions: their inset from the leading edge of the safe area, and the gap under its
    /// row of actions.
    public static let heroTextInset = 60.0
    public static let heroActionsGap = 40.0
    /// A hero's texts, from the bottom up at the Large size: the gap above its actions, then the rise from there
    /// to the top of the subtitle line and from that to the top of the title line (both grow with the text).
    public static let heroTextsAboveActions = 16.0
    public static let heroSubtitleRise = 58.0
    public static let heroTitleRise = 92.0
    /// The gap between a hero's actions when they stand in a column.
    public static let heroColumnSpacing = 24.0
    /// How far above the foot the scrim behind a full-bleed hero's texts begins.
    public static let heroScrim = 260.0
    /// A caption button's platter (TVCaptionButtonView): a symbol in a rounded square-ish platter, its title below.
    public static let captionButtonSize = (160.0, 110.0)
    public static let captionButtonIconSize = 50.0
    /// A lockup's header: a caption2 line and the gap above the artwork.
    public static let headerGap = 10.0
    /// A settings row, toggle or navigation-style picker in a list (UITableViewCell) at Large: its height (its
    /// label is Subtitle 1, regular) and its inner padding.
    public static let rowHeight = 76.0
    public static let rowPadding = 30.0
    /// Rows of a section, one under the other: the gap leaves room for a row's 4 % lift.
    public static let rowSpacing = 10.0
    /// A row's trailing chevron or checkmark.
    public static let rowAccessorySize = 30.0
    /// The most a row, toggle, picker or segment grows when focused.
    public static let rowLift = 1.04
    /// A section's header (callout, secondary) and footer (caption1, secondary): their gaps to the rows.
    public static let sectionHeaderGap = 14.0
    public static let sectionFooterGap = 14.0
    /// A segmented picker: its height, the track's inset around the segments, a segment's padding and least width.
    public static let segmentHeight = 76.0
    public static let segmentInset = 6.0
    public static let segmentPadding = 34.0
    public static let segmentMinWidth = 140.0
    /// A page sheet (the default), a form sheet, and the inset of their content.
    public static let pagePanel = Metrics.sheetPanel
    public static let formPanel = Rect(360, 140, 1200, 800)
    public static let sheetInset = 60.0
    /// A titled full-screen presentation: the title line at the top of the safe area, the content below it.
    public static let fullScreenTitleHeight = 90.0
    /// An alert: its panel's width, padding, the gap between the text and the buttons, the buttons' width and gap.
    public static let alertWidth = 860.0
    public static let alertPadding = 56.0
    public static let alertTextGap = 16.0
    public static let alertButtonsGap = 44.0
    public static let alertButtonWidth = 620.0
    public static let alertButtonSpacing = 20.0
    /// An action sheet: no panel; its column of buttons is this wide, centred on the dimmed screen.
    public static let actionSheetWidth = 760.0
    /// The badge over a corner of artwork: its inset from the corner, height and text size.
    public static let badgeInset = 12.0
    public static let badgeHeight = 36.0
    public static let badgeFontSize = 23.0
    /// The watched-fraction bar over the bottom of artwork: its height and inset from the edges.
    public static let progressHeight = 8.0
    public static let progressInset = 14.0
}
