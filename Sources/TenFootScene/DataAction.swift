import FocusEngine

/// A change to the running scene's data (issue 18): what an app does when its model changes under
/// the user. Scene actions (`{"remove": "p3"}`) and input scripts (`do remove p3`) both make these;
/// the simulator applies the change and then the focus update tvOS itself performs
/// (docs/focus-engine.md, "Data changes").
public enum DataAction: Sendable, Hashable, CustomStringConvertible {
    case disable(String)
    case enable(String)
    case hide(String)
    case show(String)
    case remove(String)
    /// A copy of `template` (an `append` template's id such as `row{n}`, or an existing node's id) into
    /// the container `into` at child index `at` (nil: at the end).
    case insert(template: String, into: String, at: Int?)
    /// The child `id` moved to index `to` among its siblings (a batch move: focus follows the item).
    case move(String, to: Int)
    /// The container's children become `ids`, in that order (a diffing update: `apply` of a snapshot).
    /// Every id must be one of its current children; the rest are removed.
    case replaceChildren(String, with: [String])
    /// `reloadData`: every cell of the container is discarded and made again. `late`: focus is
    /// resolved before the new cells exist (the other outcome developers see: focus leaves the collection).
    case reload(String, late: Bool)

    /// The verbs, as scene files and scripts write them.
    public static let verbs = [
        "disable", "enable", "hide", "show", "remove", "insert", "move", "replaceChildren", "reload",
    ]

    /// The node the change is about (the container for insert, replaceChildren and reload).
    public var target: String {
        switch self {
        case .disable(let s), .enable(let s), .hide(let s), .show(let s), .remove(let s), .move(let s, _),
            .replaceChildren(let s, _), .reload(let s, _):
            s
        case .insert(_, let into, _): into
        }
    }

    /// The script form after `do`: `remove p3`, `insert row{n} into list at 2`, `replaceChildren list with "a b"`.
    public var description: String {
        switch self {
        case .disable(let s): "disable \(s)"
        case .enable(let s): "enable \(s)"
        case .hide(let s): "hide \(s)"
        case .show(let s): "show \(s)"
        case .remove(let s): "remove \(s)"
        case .insert(let t, let into, let at): "insert \(t) into \(into)" + (at.map { " at \($0)" } ?? "")
        case .move(let s, let to): "move \(s) to \(to)"
        case .replaceChildren(let s, let ids): "replaceChildren \(s) with \"\(ids.joined(separator: " "))\""
        case .reload(let s, let late): "reload \(s)" + (late ? " late" : "")
        }
    }
}

/// `onReachEnd` on a shelf, grid or list: more content as focus nears the end (infinite shelves).
public struct ReachEnd: Sendable {
    /// Focus within this many items of the last child fires it (0: on the last child).
    public var threshold: Int
    /// A template (as `append`'s, "{n}" becoming the new index) inserted `count` times per page…
    public var template: SceneNode? { templateStorage.first }
    /// Zero or one node (an array: a node cannot hold a node inline).
    var templateStorage: [SceneNode]
    public var count: Int
    /// …or explicit pages, each inserted once, in order.
    public var pages: [[SceneNode]]
    /// Pages a template makes at most (nil: no limit but the scene's node limit).
    public var limit: Int?
    /// `insert` (default, a batch insert: focus stays) or `reload` (the page is added by `reloadData`:
    /// the reported bug where focus jumps).
    public var reloads: Bool

    public init(threshold: Int, template: SceneNode?, count: Int, pages: [[SceneNode]], limit: Int?, reloads: Bool) {
        self.threshold = threshold
        self.templateStorage = template.map { [$0] } ?? []
        self.count = count
        self.pages = pages
        self.limit = limit
        self.reloads = reloads
    }
}

/// `focusRecovery`: where focus goes when the focused item disappears. `system` is what tvOS does
/// (the preferred focus chain of the nearest surviving ancestor); `adjacent` is the HIG's advice, an
/// item "within one discrete step of the previously focused item", which an app must implement itself.
public enum FocusRecovery: String, Sendable, Hashable, CaseIterable {
    case system, adjacent
}
