/// The description of one node of a focus tree, as a layout hands it to the engine.
///
/// A `FocusNode` value tree is the convenient way to build a ``FocusTree``; large trees can also be
/// streamed into a ``FocusTreeBuilder`` without building nested values first.
public struct FocusNode: Sendable, Hashable {
    /// What part a node plays in focus: an item can take focus, a container groups, a guide redirects,
    /// a layer is the root of the screen or of a sheet.
    public enum Role: String, Sendable, Codable, Hashable {
        case item, container, guide, layer
    }

    public var id: String
    public var role: Role
    /// The layout frame in screen points, after scrolling.
    public var frame: Rect
    public var attributes: FocusAttributes
    public var children: [FocusNode]

    public init(id: String, role: Role, frame: Rect, attributes: FocusAttributes = .init(), children: [FocusNode] = [])
    {
        self.id = id
        self.role = role
        self.frame = frame
        self.attributes = attributes
        self.children = children
    }

    public static func item(_ id: String, _ frame: Rect, _ attributes: FocusAttributes = .init(focusable: .automatic))
        -> FocusNode
    {
        var a = attributes
        if a.focusable == nil { a.focusable = .automatic }
        return FocusNode(id: id, role: .item, frame: frame, attributes: a)
    }

    public static func container(
        _ id: String, _ frame: Rect, _ attributes: FocusAttributes = .init(), _ children: [FocusNode]
    ) -> FocusNode {
        FocusNode(id: id, role: .container, frame: frame, attributes: attributes, children: children)
    }

    public static func section(_ id: String, _ frame: Rect, _ children: [FocusNode]) -> FocusNode {
        FocusNode(
            id: id, role: .container, frame: frame, attributes: FocusAttributes(isFocusSection: true),
            children: children)
    }

    public static func guide(_ id: String, _ frame: Rect, preferred: [String], enabled: Bool = true) -> FocusNode {
        FocusNode(
            id: id, role: .guide, frame: frame, attributes: FocusAttributes(preferred: preferred, guideEnabled: enabled)
        )
    }

    public static func layer(
        _ id: String, _ frame: Rect, _ attributes: FocusAttributes = .init(), _ children: [FocusNode]
    ) -> FocusNode {
        FocusNode(id: id, role: .layer, frame: frame, attributes: attributes, children: children)
    }
}

/// How a focusable view takes part in focus (SwiftUI `FocusInteractions`).
public enum FocusInteractions: String, Sendable, Codable, Hashable {
    /// Button-like: focus stands in for a click. Focusable on tvOS; on keyboard platforms only with
    /// full keyboard access turned on.
    case activate
    /// Captures input while focused (text fields, pickers).
    case edit
    /// Everything the platform supports (the default of `focusable()`).
    case automatic
}

/// `defaultFocus(_:_:priority:)`'s `DefaultFocusEvaluationPriority`.
public enum DefaultFocusPriority: String, Sendable, Codable, Hashable {
    /// Used when focus moves into the branch automatically (appearance, programmatic), not on user moves.
    case automatic
    /// Always used when focus moves into the branch, user moves included.
    case userInitiated
}

/// The focus modifiers of a node, each named after its SwiftUI or UIKit original.
public struct FocusAttributes: Sendable, Hashable {
    /// `focusable(_:interactions:)`; nil means the node cannot take focus.
    public var focusable: FocusInteractions?
    /// `disabled(_:)`; applies to the whole subtree.
    public var disabled = false
    /// `hidden()` / `isHidden`; applies to the whole subtree.
    public var hidden = false
    /// `focusSection()`: the container's frame catches searches and hands focus to a descendant.
    public var isFocusSection = false
    /// `remembersLastFocusedIndexPath`: re-entering the container returns to the item focused last.
    public var remembersLastFocus = false
    /// `defaultFocus(_:_:priority:)`: the id of the descendant preferred when focus enters.
    public var defaultFocus: String?
    public var defaultFocusPriority: DefaultFocusPriority = .automatic
    /// `focusScope(_:)`: names a scope for `prefersDefaultFocus` and `resetFocus(in:)`.
    public var focusScope: String?
    /// `prefersDefaultFocus(_:in:)`: this item is its scope's preferred default (condition already evaluated).
    public var prefersDefaultFocus = false
    /// The scope `prefersDefaultFocus` refers to; nil means the nearest enclosing scope.
    public var prefersDefaultFocusIn: String?
    /// `UIFocusGuide.preferredFocusEnvironments`, tried in order.
    public var preferred: [String] = []
    /// `UIFocusGuide.isEnabled`.
    public var guideEnabled = true
    /// Draws an opaque surface: focusable items it covers completely cannot take focus.
    public var opaque = false
    /// A scrolling container (`UIFocusItemScrollableContainer`) and the axes it scrolls along: it
    /// shows its content only inside its frame along those axes, and along them brings hidden content
    /// into view for moves that start inside it (docs/focus-engine.md, "What is visible").
    public var scrollAxes: ScrollAxes = []
    /// True for a container that scrolls; setting it makes a container that scrolls both ways.
    public var scrolls: Bool {
        get { !scrollAxes.isEmpty }
        set { scrollAxes = newValue ? .both : [] }
    }
    /// Directions an `onMoveCommand` handler consumes while this item is focused (a rating picker).
    public var consumesMoves: Set<Direction> = []
    /// `focusEffectDisabled()`: no lift or highlight; focus itself is unaffected.
    public var focusEffectDisabled = false
    /// `focusedValue(_:_:)`: published while this item (or a descendant) is focused.
    public var focusedValues: [String: String] = [:]
    /// `focusedSceneValue(_:_:)`: published while focused and kept when focus moves to items that publish nothing.
    public var focusedSceneValues: [String: String] = [:]
    /// `restoresFocusAfterTransition` on a layer (default true): dismissing it restores the previous focus.
    public var restoresFocusAfterTransition = true

    public init(
        focusable: FocusInteractions? = nil, disabled: Bool = false, hidden: Bool = false,
        isFocusSection: Bool = false, remembersLastFocus: Bool = false,
        defaultFocus: String? = nil, defaultFocusPriority: DefaultFocusPriority = .automatic,
        focusScope: String? = nil, prefersDefaultFocus: Bool = false, prefersDefaultFocusIn: String? = nil,
        preferred: [String] = [], guideEnabled: Bool = true, opaque: Bool = false, scrollAxes: ScrollAxes = [],
        consumesMoves: Set<Direction> = [], focusEffectDisabled: Bool = false,
        focusedValues: [String: String] = [:], focusedSceneValues: [String: String] = [:],
        restoresFocusAfterTransition: Bool = true
    ) {
        self.focusable = focusable
        self.disabled = disabled
        self.hidden = hidden
        self.isFocusSection = isFocusSection
        self.remembersLastFocus = remembersLastFocus
        self.defaultFocus = defaultFocus
        self.defaultFocusPriority = defaultFocusPriority
        self.focusScope = focusScope
        self.prefersDefaultFocus = prefersDefaultFocus
        self.prefersDefaultFocusIn = prefersDefaultFocusIn
        self.preferred = preferred
        self.guideEnabled = guideEnabled
        self.opaque = opaque
        self.scrollAxes = scrollAxes
        self.consumesMoves = consumesMoves
        self.focusEffectDisabled = focusEffectDisabled
        self.focusedValues = focusedValues
        self.focusedSceneValues = focusedSceneValues
        self.restoresFocusAfterTransition = restoresFocusAfterTransition
    }
}

/// The axes a scrolling container scrolls along.
public struct ScrollAxes: OptionSet, Sendable, Hashable, Codable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Left and right (a shelf).
    public static let horizontal = ScrollAxes(rawValue: 1)
    /// Up and down (a page).
    public static let vertical = ScrollAxes(rawValue: 2)
    public static let both: ScrollAxes = [.horizontal, .vertical]
}
