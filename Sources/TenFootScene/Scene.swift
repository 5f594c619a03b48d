import FocusEngine
import TenFootCore

/// A TV screen described in a scene file: a view tree, its state, its sheets and its expectations.
public struct Scene: Sendable {
    public var name: String
    /// Where the scene came from (a path, or `<built-in>`); used in every message.
    public var file: String
    public var state: [String: StateValue]
    public var root: SceneNode
    public var sheets: [SceneNode]
    public var expectations: [Expectation]
    /// `layoutDirection`: right to left mirrors the screen (stacks, shelves, grids, the tab bar, "leading").
    public var layoutDirection: LayoutDirection
    /// `"audit": {"accept": [...]}`: findings the scene accepts, with their reasons.
    public var auditAcceptances: [AuditAcceptance] = []
    /// `focusRecovery`: tvOS's own update when the focused item goes (`system`), or the HIG's fix.
    public var focusRecovery: FocusRecovery = .system
    /// The text size the screen is laid out at (Settings › Accessibility › Display › Text Size): not a key of
    /// the file but a setting of the command or window that opens it (`--text-size`).
    public var textSize: TextSize = .large
    /// What reading the scene cost, in the simulator's units of work (about half a microsecond each), as its loader
    /// measured it by the bytes read: an `open` counts it (a scene padded with 31 MB of spaces holds one node).
    public var readWork = 0

    public init(
        name: String, file: String, state: [String: StateValue] = [:], root: SceneNode,
        sheets: [SceneNode] = [], expectations: [Expectation] = [], layoutDirection: LayoutDirection = .leftToRight
    ) {
        self.name = name
        self.file = file
        self.state = state
        self.root = root
        self.sheets = sheets
        self.expectations = expectations
        self.layoutDirection = layoutDirection
    }

    /// The focus engine's options for this scene (its layout direction).
    public var focusOptions: FocusTree.Options { FocusTree.Options(isRightToLeft: layoutDirection.isRightToLeft) }

    /// Every node of the screen and of every sheet, depth first.
    public var allNodes: [SceneNode] {
        var out: [SceneNode] = []
        func walk(_ n: SceneNode) {
            out.append(n)
            n.accessory.map(walk)
            n.children.forEach(walk)
            n.tabs.forEach { walk($0.content) }
        }
        walk(root)
        sheets.forEach(walk)
        return out
    }

    /// Characters of the text the screen and its sheets draw (``SceneNode/textCharacters``), as the decoder counts
    /// them against ``SceneLimits/maxSceneText``. Counted when asked (a node added, an audit's sizes), not with every
    /// index of the scene: every keystroke into a search rebuilds that.
    public var textCharacters: Int { sheets.reduce(root.textCharacters) { $0 + $1.textCharacters } }
}

extension SceneNode {
    /// Characters of the text this node itself draws (not its children's), counted as the decoder counts them
    /// against ``SceneLimits/maxSceneText``: a node a scene adds as it runs (`append`, `insert`, `onReachEnd`) is
    /// held to the same total.
    public var ownTextCharacters: Int {
        var n = 0
        for s in [
            title, subtitle, placeholder, value, message, accessibilityLabel, accessibilityValue, accessibilityHint,
        ] {
            n += s.map(SceneLimits.length) ?? 0
        }
        n += (header.map { SceneLimits.length($0.text) } ?? 0) + (footer.map { SceneLimits.length($0.text) } ?? 0)
        for o in options { n += SceneLimits.length(o) }
        for b in badges { n += b.text.map(SceneLimits.length) ?? 0 }
        if let s = search {
            n += SceneLimits.length(s.emptyTitle) + SceneLimits.length(s.emptyMessage)
            for g in s.suggestions {
                n += (g.title.map(SceneLimits.length) ?? 0) + (g.completion.map(SceneLimits.length) ?? 0)
            }
        }
        return n
    }

    /// ``ownTextCharacters`` of this node and every node under it (its accessory, children and tabs' contents, whose
    /// titles count too).
    public var textCharacters: Int {
        var n = ownTextCharacters
        if let a = accessory { n += a.textCharacters }
        for c in children { n += c.textCharacters }
        for t in tabs { n += SceneLimits.length(t.title) + t.content.textCharacters }
        return n
    }
}

/// A scene state value: what `state`, `set` actions, conditions and FocusState bindings hold.
public enum StateValue: Sendable, Hashable, CustomStringConvertible {
    case bool(Bool)
    case number(Double)
    case string(String)
    case null

    public var description: String {
        switch self {
        case .bool(let b): b ? "true" : "false"
        case .number(let n): fmt(n)
        case .string(let s): JSON.quote(s)
        case .null: "null"
        }
    }
}

/// `{"state": name, "equals": value}`: true while the state value equals `equals`.
public struct Condition: Sendable, Hashable {
    public var state: String
    public var equals: StateValue
}

/// The node types of the scene format.
public enum NodeType: String, Sendable, CaseIterable, Hashable {
    // Layout
    case vstack, hstack, zstack, spacer, grid, shelf, scroll, canvas
    // Content
    case poster, button, card, text, image, textField, tabBar, hero, picker
    // Search (`.searchable`): a field, the keyboard row and the results the typed text filters
    case search
    // Lockups (TVUIKit) and settings (tvOS forms)
    case monogram, captionButton, row, toggle, section
    // Focus
    case focusGuide
    // Layers
    case sheet, alert

    /// Items that take focus by default (`focusable` may turn it off, or on for others).
    public var isFocusableByDefault: Bool {
        switch self {
        case .poster, .button, .card, .textField, .picker, .monogram, .captionButton, .row, .toggle: true
        default: false
        }
    }

    public var isContainer: Bool {
        switch self {
        case .vstack, .hstack, .zstack, .grid, .shelf, .scroll, .canvas, .sheet, .alert, .section, .search: true
        default: false
        }
    }

    /// Presented layers: the top-level `sheets` array holds sheets and alerts.
    public var isPresentation: Bool { self == .sheet || self == .alert }

    /// Artwork that lifts like a poster (+70 pt on its longest side).
    public var isArtwork: Bool {
        switch self {
        case .poster, .card, .image, .monogram: true
        default: false
        }
    }

    /// Controls that lift a little (a few per cent) and turn white when focused.
    public var isControl: Bool {
        switch self {
        case .button, .textField, .picker, .row, .toggle, .captionButton: true
        default: false
        }
    }
}

/// tvOS text styles (HIG typography): size and line height in points, and whether bold by default.
public enum TextStyle: String, Sendable, CaseIterable, Hashable {
    case title1, title2, title3, headline, subtitle1, callout, body, caption1, caption2

    public var size: Double {
        switch self {
        case .title1: 76
        case .title2: 57
        case .title3: 48
        case .headline: 38
        case .subtitle1: 38
        case .callout: 31
        case .body: 29
        case .caption1: 25
        case .caption2: 23
        }
    }

    public var lineHeight: Double {
        switch self {
        case .title1: 96
        case .title2: 66
        case .title3: 56
        case .headline: 46
        case .subtitle1: 46
        case .callout: 38
        case .body: 36
        case .caption1: 32
        case .caption2: 30
        }
    }

    /// Drawn (and measured) bold: the large titles and the headline.
    public var bold: Bool { self == .title1 || self == .title2 || self == .headline }
}

public enum HorizontalAlignment: String, Sendable, Hashable { case leading, center, trailing }
public enum VerticalAlignment: String, Sendable, Hashable { case top, center, bottom }

/// A stack's `alignment` (SwiftUI's `Alignment`): where children sit across the stack's axis. A
/// horizontal stack reads `vertical`, a vertical stack `horizontal`.
public struct Alignment: Sendable, Hashable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment

    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)

    /// Every alignment by the scene format's name.
    public static let named: [(name: String, alignment: Alignment)] = [
        ("leading", .leading), ("center", .center), ("trailing", .trailing), ("top", .top), ("bottom", .bottom),
        ("topLeading", .topLeading), ("topTrailing", .topTrailing), ("bottomLeading", .bottomLeading),
        ("bottomTrailing", .bottomTrailing),
    ]

    public init?(name: String) {
        guard let hit = Alignment.named.first(where: { $0.name == name }) else { return nil }
        self = hit.alignment
    }
}

/// The edges of the safe area a node ignores (SwiftUI `.ignoresSafeArea(edges:)`, `Edge.Set`): on each, its frame
/// reaches to the outer edge where it meets the content area's.
public struct SafeAreaEdges: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let top = SafeAreaEdges(rawValue: 1)
    public static let leading = SafeAreaEdges(rawValue: 2)
    public static let bottom = SafeAreaEdges(rawValue: 4)
    public static let trailing = SafeAreaEdges(rawValue: 8)
    public static let horizontal: SafeAreaEdges = [.leading, .trailing]
    public static let vertical: SafeAreaEdges = [.top, .bottom]
    public static let all: SafeAreaEdges = [.horizontal, .vertical]

    /// The names the scene format reads, as `Edge.Set` names them.
    public static let named: [(name: String, edges: SafeAreaEdges)] = [
        ("all", .all), ("horizontal", .horizontal), ("vertical", .vertical), ("top", .top), ("bottom", .bottom),
        ("leading", .leading), ("trailing", .trailing),
    ]

    /// `area` reaching out to `outer` on these edges.
    public func expand(_ area: Rect, to outer: Rect) -> Rect {
        let x0 = contains(.leading) ? outer.minX : area.minX
        let x1 = contains(.trailing) ? outer.maxX : area.maxX
        let y0 = contains(.top) ? outer.minY : area.minY
        let y1 = contains(.bottom) ? outer.maxY : area.maxY
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }
}

/// A width or height: a number of points, or "fill" (take what the parent offers).
public enum Length: Sendable, Hashable {
    case points(Double)
    case fill
}

public struct EdgeInsets: Sendable, Hashable {
    public var top: Double, leading: Double, bottom: Double, trailing: Double
    public static let zero = EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)

    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}

/// `prefersDefaultFocus`: always, or while a condition holds; optionally naming its scope.
public struct PrefersDefault: Sendable, Hashable {
    public var condition: Condition?
    public var scope: String?
}

/// A node layout makes up for a tab bar: the strip of tabs (with the tab shown), or the full-width
/// area one tab's content sits in. What they mean to focus is SceneFocusTree's to decide.
public enum TabBarPart: Sendable, Hashable {
    case strip(selected: String?)
    case content
}

public struct Tab: Sendable {
    public var id: String
    public var title: String
    /// The tab item's symbol (an ``Icons`` name), drawn before its title.
    public var icon: String?
    public var content: SceneNode
    public var location: SourceLocation
}

/// What runs an action list. `onPageUp`/`onPageDown` also run from a container of the focused item
/// (page presses travel up the responder chain); the others only on the focused item.
public enum Trigger: String, Sendable, CaseIterable, Hashable {
    case onSelect, onLongSelect, onSubmit, onMenu, onPlayPause, onPageUp, onPageDown
}

/// What a scene can do in response to the remote.
public enum Action: Sendable {
    case present(String)
    case dismiss
    case focus(String)
    case resetFocus(String)
    case set(String, StateValue)
    case selectTab(String)
    case append(SceneNode, to: String)
    case open(String)
    /// A page of movement: focus goes as far as repeated swipes up or down reach within one screen.
    case page(up: Bool)
    /// An option chosen in the list a navigation-style picker opened: back, with the picker's value set. Made
    /// by the simulator for the list's rows; not written in scene files.
    case choose(picker: String, value: String)
    /// A change to the scene's data (DataAction.swift).
    case data(DataAction)
    /// `insert`: a node made from a template (as `append`'s) at an index of a container (nil: the end).
    case insert(SceneNode, into: String, at: Int?)
}

/// An `expect` block: presses from a starting focus, and the focus (and route) each must give.
public struct Expectation: Sendable {
    public var name: String?
    public var from: String?
    public var press: [RemoteEvent]
    /// One id per press, or a single final id.
    public var focus: [String]
    public var finalOnly: Bool
    /// The route each press must take (`Route.Kind`'s words: `direct`, `guide`, `blocked`, `home`, …).
    public var via: [Route.Kind]?
    public var policy: FocusPolicy
    public var location: SourceLocation
    /// `text`: the text each named field (or search) must hold after the last press, in file order.
    public var text: [(field: String, text: String)] = []
    /// `results`: the ids the search must show after the last press, in order (nil: not checked).
    public var results: [String]?
    /// `suggestions`: the texts the search's suggestions must show after the last press, in order (nil: not checked).
    public var suggestions: [String]?
    /// `textSize`: the text size the expectation runs at (nil: the size the command gives, large by default).
    public var textSize: TextSize?
}
