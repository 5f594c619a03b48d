import TenFootScene

/// How SwiftUI sizes map onto the scene model where Apple documents nothing for tvOS: each assumption once,
/// with its reason. docs/swiftui.md prints this table (a test keeps the two equal). Sizes Apple does document
/// (the 1920×1080 screen, the 60/80-point safe area, the HIG text styles and grid widths) come from the scene
/// model itself (docs/scene-format.md).
public enum SwiftUISizes {
    public struct Assumption: Sendable {
        public let what: String
        public let value: String
        public let why: String
    }

    /// `.padding()` with no length.
    public static let defaultPadding = 40.0
    /// `VStack`/`HStack` with no spacing: the scene model's 40 (a tvOS focus lift needs the room).
    public static let defaultSpacing = 40.0
    /// Rows of a Section (header, rows, footer) sit closer than stacks.
    public static let sectionSpacing = 20.0
    /// `Divider()`: a 2-point line.
    public static let dividerThickness = 2.0
    /// A `NavigationSplitView`'s sidebar column (and a middle column).
    public static let sidebarWidth = 520.0
    /// A shape with no frame (SwiftUI shapes fill what they are offered; a scene node needs a size).
    public static let shapeSize = 160.0
    /// `GridItem(.adaptive(minimum:))` counts columns in the safe width (1760) with 40-point gaps.
    public static let safeWidth = 1760.0
    /// `.containerRelativeFrame(.vertical, …)` shares the safe height.
    public static let safeHeight = 960.0
    /// A `#Preview` (and the opened view) is centred in the safe area, as a window centres a view's body.
    public static let centresRoot = true

    /// SwiftUI fonts → tvOS text styles (HIG typography; `.largeTitle` and `.footnote` have no tvOS style).
    public static let fonts: [(String, TextStyle)] = [
        ("largeTitle", .title1), ("title", .title1), ("title2", .title2), ("title3", .title3), ("headline", .headline),
        ("subheadline", .subtitle1), ("body", .body), ("callout", .callout), ("caption", .caption1),
        ("caption2", .caption2), ("footnote", .caption2),
    ]

    public static func textStyle(_ font: String) -> TextStyle? { fonts.first { $0.0 == font }?.1 }

    public static let assumptions: [Assumption] = [
        Assumption(
            what: "`.padding()` without a length", value: "40 pt on each side",
            why:
                "Apple gives no tvOS figure; 40 is the HIG's gap between focusable items, so a padded item keeps room for its lift"
        ),
        Assumption(
            what: "`VStack`/`HStack` without `spacing:`", value: "40 pt",
            why: "SwiftUI's default spacing is platform-defined and undocumented; the scene model's stack default"),
        Assumption(
            what: "Section header, rows and footer", value: "20 pt apart; header in headline, footer in caption1",
            why: "tvOS grouped tables are not specified in points"),
        Assumption(what: "`Divider()`", value: "2 pt, nothing drawn", why: "no divider node yet"),
        Assumption(
            what: "a `NavigationSplitView`'s sidebar (and middle) column",
            value: "520 pt wide, the full height; the detail takes the rest",
            why: "Apple gives no tvOS width; a third of the safe width less a gap, as TenFoot's Settings scene"),
        Assumption(
            what: "a shape or colour, a `.resizable()` picture or an `AsyncImage` with no `.frame`",
            value:
                "160 × 160 pt for a shape, 560 pt wide for a picture; as a `ZStack`'s layer, the stack's size (its colour filling it); a shape or colour framed along one axis only, what it is offered along the other (`Rectangle().frame(height: 1)` is a rule across its stack), unless it keeps a ratio (a `Circle`); a picture keeps its own shape",
            why:
                "SwiftUI gives them all offered space; a fixed size keeps stacks of them readable, and a background layer covers what it is behind (a channel's logo tile, a backdrop picture)"
        ),
        Assumption(
            what: "an `HStack` wider than its offer",
            value:
                "its texts give way, narrowest first, each an even share of what is left (`\"hstack\"` in docs/scene-format.md); buttons keep their widths",
            why:
                "SwiftUI's HStack offers the least flexible children their share first; cut to share a row, buttons' titles were cut short at the larger text sizes"
        ),
        Assumption(
            what:
                "number literals with a division, as a view's or modifier's argument (`.aspectRatio(16 / 9)`, `.frame(width: 100 / 3)`)",
            value: "floating (1.78, 33.3)", why: "Swift types the literals as the parameter's `CGFloat`"),
        Assumption(
            what: "stacks with several views that can grow",
            value:
                "the space left shared among all of them (a container holding a scroll or a fill grows too); a `Spacer` grows nothing across its stack",
            why: "SwiftUI offers flexible views what the others leave"),
        Assumption(
            what: "content taller (wider) than its stack", value: "overflows both ends evenly",
            why: "SwiftUI centres a view larger than the space offered"),
        Assumption(
            what: "a `Button` whose label is framed to a size", value: "that size",
            why: "SwiftUI sizes a button to its label"),
        Assumption(
            what: "`GridItem(.adaptive(minimum: m))`", value: "as many columns as fit in 1760 pt with 40-pt gaps",
            why: "the HIG grid widths fill the 1760-pt safe width"),
        Assumption(
            what: "`GridItem(.fixed(w))`, `.flexible()`", value: "one column each; a fixed width sets the items' width",
            why: "the scene grid has one column width"),
        Assumption(
            what: "the opened view, a sheet's content",
            value: "centred in the safe area or the sheet (unless it fills it: a ScrollView, List, Form)",
            why: "a window and a sheet centre their content view"),
        Assumption(
            what: "`.font(.largeTitle)` / `.title`", value: "title1 (76 pt)", why: "tvOS has no Large Title style"),
        Assumption(what: "`.font(.subheadline)`", value: "subtitle1 (38 pt)", why: "tvOS's nearest style"),
        Assumption(what: "`.font(.footnote)`", value: "caption2 (23 pt)", why: "tvOS has no Footnote style"),
        Assumption(
            what: "List and Form rows that hold no control (texts, labels)", value: "not focusable",
            why:
                "only rows with a control or a link take focus in TenFoot; `LabeledContent` is a settings row, which does"
        ),
        Assumption(what: "controls in a List or Form", value: "fill the width", why: "tvOS table rows span the table"),
        Assumption(
            what: "`TextField`, `SecureField` without a frame", value: "the width offered, 86 pt tall",
            why: "SwiftUI's text fields take all the width offered; Apple gives no tvOS height (the scene's field)"),
        Assumption(
            what: "a `Button` whose label is a symbol on a shape, framed to at most 200 pt, above a caption",
            value: "a `captionButton` of the tile's size",
            why: "tvOS's `TVCaptionButtonView`: a symbol on a platter, the caption below"),
        Assumption(
            what: "a `Button` whose label is an image (`.card`, `.borderless` or plain)",
            value: "a poster (portrait frame) or a card", why: "the scene model's lockups"),
        Assumption(
            what: "`Image(\"name\")` without a frame", value: "the scene image size (560 wide, 16:9)",
            why: "the asset's pixel size is not read"),
        Assumption(
            what: "`SignInWithAppleButton`", value: "a standard button (its title as Apple words it, the Apple logo)",
            why: "Apple documents no tvOS size for it; the scene button's size is tvOS's standard button"),
        Assumption(
            what: "`.containerRelativeFrame(axis, count:span:spacing:)`",
            value: "a share of the safe area (1760 wide, 960 high): (1760 − spacing × (count − 1)) ÷ count × span",
            why:
                "the container is the nearest scroll view or the window; a shelf and a page span the safe width, which TenFoot takes as the container"
        ),
        Assumption(
            what: "a `GeometryReader`'s size in arithmetic (`geometry.size.width / 2 - 50`)",
            value:
                "the reader's own `.frame` along each axis that has one, else the safe area (1760 wide, 960 high; the screen's 1920 × 1080 once the reader ignores the safe area), with a warning; a length handed to another view is the safe area's",
            why:
                "the proxy's size is the layout's, known only as the app runs; a reader at the top of a screen is offered the safe area"
        ),
    ]
}
