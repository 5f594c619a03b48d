/// Why focus did not move, as a value: each of the engine's reasons is worded once, in `description` (what
/// `path`, traces, `explain` and the overlays print), and tests compare the values, not the sentences.
public enum BlockReason: Sendable, Hashable, CustomStringConvertible {
    /// The layer has no item that can take focus.
    case nothingFocusable
    /// A swipe found no candidate in its direction.
    case nothingInPath
    /// A presentation was asked for a layer the tree does not have.
    case noLayer
    /// `resetFocus` named a scope no container declares.
    case noScope(String)
    /// `resetFocus` named a scope with nothing focusable in it.
    case emptyScope(String)
    /// Next/Previous from an item outside the sequential order.
    case notInSequentialOrder
    /// Next past the last item, or Previous before the first.
    case endOfSequentialOrder(forward: Bool)
    /// A request named an id the tree does not have.
    case noNode(String)
    /// A request named an item that cannot take focus now, and why (the first reason when the item is in a
    /// layer that is not the active one).
    case cannotTakeFocus(String, [FocusabilityIssue])
    /// A request named a container outside the front-most layer.
    case notInFrontLayer(String)
    /// A request named a container with nothing focusable in it.
    case nothingFocusableIn(String)
    /// A reason the host gives in its own words (opening a screen, the scene's limits), or one read back from
    /// a file (a bundle's trace).
    case described(String)

    /// A reason read back from its words (a trace, a bundle): one of the engine's fixed reasons when the words
    /// are its, else `described`.
    public init(described words: String) {
        let fixed: [BlockReason] = [
            .nothingFocusable, .nothingInPath, .noLayer, .notInSequentialOrder,
            .endOfSequentialOrder(forward: true), .endOfSequentialOrder(forward: false),
        ]
        self = fixed.first { $0.description == words } ?? .described(words)
    }

    public var description: String {
        switch self {
        case .nothingFocusable: "nothing focusable"
        case .nothingInPath: "nothing focusable in the path"
        case .noLayer: "no layer"
        case .noScope(let scope): "no focus scope named \"\(scope)\""
        case .emptyScope(let scope): "scope \"\(scope)\" has nothing focusable"
        case .notInSequentialOrder: "the focused item is not in sequential order"
        case .endOfSequentialOrder(let forward): forward ? "last item" : "first item"
        case .noNode(let id): "no node with id \"\(id)\""
        case .cannotTakeFocus(let id, let issues):
            if let layer = issues.first(where: { if case .notInActiveLayer = $0 { true } else { false } }) {
                "\"\(id)\" \(layer)"
            } else {
                "\"\(id)\" cannot take focus: " + issues.map(\.description).joined(separator: "; ")
            }
        case .notInFrontLayer(let id): "\"\(id)\" is not in the front-most layer"
        case .nothingFocusableIn(let id): "\"\(id)\" has nothing focusable"
        case .described(let why): why
        }
    }
}
