import FocusEngine

/// The outline of artwork and controls: SwiftUI `.clipShape(RoundedRectangle(cornerRadius:))`, `Circle()`,
/// `Capsule()` and `.buttonBorderShape(_:)`; UIKit `layer.cornerRadius`. Transparent pictures are cut by their
/// own alpha as well (``ContentMode``).
public enum ShapeKind: String, Sendable, Hashable, CaseIterable {
    case roundedRectangle, circle, capsule
}

/// A node's `shape` and `cornerRadius`.
public struct NodeShape: Sendable, Hashable {
    public var kind: ShapeKind
    /// For a rounded rectangle: the corner radius in points (nil: the type's own).
    public var cornerRadius: Double?

    public init(kind: ShapeKind, cornerRadius: Double? = nil) {
        self.kind = kind
        self.cornerRadius = cornerRadius
    }

    /// The corner radius of this shape drawn in `frame` (a circle is drawn in a square frame; a capsule's ends
    /// are half circles), never more than half the shorter side.
    public func radius(in frame: Rect, standard: Double) -> Double {
        let half = min(frame.width, frame.height) / 2
        switch kind {
        case .roundedRectangle: return min(cornerRadius ?? standard, half)
        case .circle, .capsule: return half
        }
    }
}

/// How a picture fills its frame: SwiftUI `.aspectRatio(contentMode:)` / `.scaledToFit()` / `.scaledToFill()`,
/// UIKit `UIView.ContentMode.scaleAspectFit` / `.scaleAspectFill`.
/// How a container that is a button's label is drawn as the button (`"buttonStyle"`: SwiftUI's `.buttonStyle(_:)`
/// on a `Button` whose label is views of its own).
public enum ButtonStyle: String, Sendable, Hashable, CaseIterable {
    /// tvOS's standard button: a platter behind the label that turns white and lifts when focused, the label's text
    /// turning dark (`.bordered`, `.automatic`).
    case bordered
    /// `.card`: a platter that lifts as artwork does, with a shadow; the label keeps its colours.
    case card
    /// `.plain`, `.borderless`: no platter; the label itself lifts.
    case plain
}

public enum ContentMode: String, Sendable, Hashable, CaseIterable {
    /// The whole picture, letterboxed in the node's `color` (or nothing) where it does not reach.
    case fit
    /// The frame covered, the picture's overflow cut (the default).
    case fill
}

/// A corner of an item (a badge's place): SwiftUI `.overlay(alignment: .topTrailing)`.
public enum Corner: String, Sendable, Hashable, CaseIterable {
    case topLeading, topTrailing, bottomLeading, bottomTrailing
}

/// A small label over a corner of artwork: "NEW", "4K", a checkmark for watched.
public struct Badge: Sendable, Hashable {
    public var text: String?
    /// A symbol (an ``Icons`` name), before the text when both are given.
    public var icon: String?
    public var corner: Corner
    /// The badge's platter colour (`#rrggbb`), else a translucent dark one.
    public var color: Color?

    public init(text: String?, icon: String?, corner: Corner, color: Color?) {
        self.text = text
        self.icon = icon
        self.corner = corner
        self.color = color
    }
}

/// Text above (header) or below (footer) a lockup's content: TVUIKit's `TVLockupHeaderFooterView`, which can
/// show only while the lockup has focus (`showsOnlyWhenAncestorFocused`). A form section's header and footer
/// take the same value (SwiftUI `Section(header:footer:)`).
public struct LockupText: Sendable, Hashable {
    public var text: String
    public var showsOnlyWhenAncestorFocused: Bool

    public init(text: String, showsOnlyWhenAncestorFocused: Bool = false) {
        self.text = text
        self.showsOnlyWhenAncestorFocused = showsOnlyWhenAncestorFocused
    }
}

/// A picker's look and how it is operated (SwiftUI `.pickerStyle(_:)`).
public enum PickerStyle: String, Sendable, Hashable, CaseIterable {
    /// As tvOS draws a picker in a form: a row with the title and the chosen value; Select opens the list of
    /// options on a screen of its own (`.navigationLink`).
    case automatic
    case navigationLink
    /// Segments side by side, each a focusable item; the segment focus is on is the chosen one
    /// (`.segmented`, UISegmentedControl).
    case segmented

    public var isSegmented: Bool { self == .segmented }
}

/// What a settings row shows at its trailing end: UIKit `UITableViewCell.AccessoryType`.
public enum AccessoryType: String, Sendable, Hashable, CaseIterable {
    case none, disclosureIndicator, checkmark
}

/// How a sheet is presented: UIKit `UIModalPresentationStyle` (`.pageSheet`, `.formSheet`, `.fullScreen`);
/// SwiftUI `.presentationSizing(.page)`, `.presentationSizing(.form)`, `.fullScreenCover`; and `push`, a
/// destination pushed on a `NavigationStack` (`NavigationLink`, `.navigationDestination`,
/// `UINavigationController.pushViewController`): it replaces the screen, sliding in from the trailing side.
public enum Presentation: String, Sendable, Hashable, CaseIterable {
    case page, form, fullScreen, push
}

/// An alert's style: UIKit `UIAlertController.Style` (`.alert`, `.actionSheet`); SwiftUI `.alert` and
/// `.confirmationDialog`.
public enum AlertStyle: String, Sendable, Hashable, CaseIterable {
    case alert, actionSheet
}

/// A toggle's on/off: its own, or a Bool state value it shows and flips (SwiftUI `Toggle(isOn: $value)`).
public enum ToggleValue: Sendable, Hashable {
    case constant(Bool)
    case state(String)
}

/// What layout makes of a segmented picker: one focusable segment per option, with the id
/// `<picker>/<index>`.
public struct Segment: Sendable, Hashable {
    public var picker: String
    public var index: Int
    public var option: String
}

extension SceneNode {
    /// Aspect ratios by name: `"2:3"` (posters), `"16:9"` (landscape tiles), `"1:1"`, or any `"W:H"`.
    /// The format stores height ÷ width.
    public static func aspect(named name: String) -> Double? {
        let parts = name.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w > 0, h > 0, w.isFinite, h.isFinite
        else { return nil }
        return h / w
    }

    /// The id of a picker's option `index`: its segment, and its row in the list a navigation-style picker opens.
    public static func optionID(picker: String, index: Int) -> String { "\(picker)/\(index)" }

    /// The segments of a segmented picker, one per option (none for other nodes).
    public var segments: [SceneNode] {
        guard type == .picker, (pickerStyle ?? .automatic).isSegmented else { return [] }
        return options.enumerated().map { k, option in
            var s = SceneNode(
                type: .button, id: SceneNode.optionID(picker: id, index: k), hasExplicitID: false, location: location)
            s.title = option
            s.segment = Segment(picker: id, index: k, option: option)
            s.disabled = disabled
            return s
        }
    }

    /// Initials for a monogram without a photo: its `initials`, else the first letter of the title's first and
    /// last words ("Ana María López" → "AL").
    public var monogramInitials: String {
        if let i = initials { return i }
        let words = (title ?? "").split(whereSeparator: { $0.isWhitespace })
        let letters = [words.first, words.count > 1 ? words.last : nil].compactMap { $0?.first }
        return String(letters).uppercased()
    }

    /// The shape drawn for this node: its own, or its type's (a monogram is a circle).
    /// A card drawn as a platter with its texts inside (`.buttonStyle(.card)`): one with a title, subtitle or
    /// footer and a rounded-rectangle shape. A round card (circle, capsule) keeps its caption under it.
    public var isCardPlatter: Bool {
        type == .card && effectiveShape.kind == .roundedRectangle && (title != nil || subtitle != nil || footer != nil)
    }

    public var effectiveShape: NodeShape {
        if let s = shape { return s }
        return type == .monogram ? NodeShape(kind: .circle) : NodeShape(kind: .roundedRectangle)
    }
}

extension SceneNode {
    /// What a toggle shows (and the trace says) for its value: tvOS settings rows read On or Off.
    public static func toggleText(_ on: Bool) -> String { on ? "On" : "Off" }
}
