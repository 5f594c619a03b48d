/// An immutable snapshot of everything focus needs: nodes in tree (declaration) order with their
/// frames and focus attributes, grouped in layers, plus a spatial index of the top layer's targets.
///
/// Storage is flat (one array per field, nodes in depth-first order) so a million-item tree stays
/// within a few hundred bytes per item: the descendants of node `i` are exactly `i+1 ..< end[i]`.
public struct FocusTree: Sendable {
    public struct Options: Sendable, Hashable {
        /// The visible screen in points; items outside it and outside any scrolling container are not visible.
        public var screen: Rect
        /// nil for tvOS (every interaction kind is focusable); true/false for keyboard platforms, where
        /// `activate`-only items take focus only with full keyboard access on (macOS/iOS behaviour).
        public var fullKeyboardAccess: Bool?
        /// The layout direction is right to left: "leading" is the right-hand edge for the top-most, leading-most
        /// default and for sequential order. Swipes are physical directions either way.
        public var isRightToLeft: Bool

        public init(screen: Rect = Rect(0, 0, 1920, 1080), fullKeyboardAccess: Bool? = nil, isRightToLeft: Bool = false) {
            self.screen = screen; self.fullKeyboardAccess = fullKeyboardAccess; self.isRightToLeft = isRightToLeft
        }
    }

    public let options: Options
    public let ids: [String]
    public let frames: [Rect]
    public let roles: [FocusNode.Role]
    let parents: [Int32]
    let ends: [Int32]
    /// Each node's focus modifiers that fit in bits, which rare ones it sets, and whether it can take
    /// focus now: four bytes a node, read one field at a time.
    let flags: [NodeFlags]
    /// The rare modifiers (ids, lists, published values) of the nodes that set any: `detailNodes`
    /// ascending, `details` alongside.
    let detailNodes: [Int32]
    let details: [NodeDetails]
    let index: IDIndex
    /// Indices of the layer roots, bottom (the screen) to top (the front-most sheet).
    public let layerRoots: [Int]
    /// The items that cannot take focus, ascending, and every reason why (other items can; other
    /// nodes are not items).
    let issueNodes: [Int32]
    let issueLists: [[FocusabilityIssue]]
    /// What opaque nodes drawn above cover of the items they overlap: `coverNodes` ascending (the
    /// covered items), `covers` alongside (each cover's rectangle within the item's frame, and who).
    let coverNodes: [Int32]
    let covers: [[Cover]]
    /// The spatial index over the top layer's search targets (eligible items, sections, guides).
    let spatial: SpatialIndex

    public var count: Int { ids.count }

    public init(layers: [FocusNode], options: Options = Options()) throws(FocusTreeError) {
        let builder = FocusTreeBuilder(capacity: 64)
        for layer in layers { builder.add(layer) }
        self = try builder.build(options: options)
    }

    init(
        options: Options, ids: [String], frames: [Rect], roles: [FocusNode.Role], parents: [Int32],
        ends: [Int32], flags: [NodeFlags], detailNodes: [Int32], details: [NodeDetails], index: IDIndex,
        layerRoots: [Int]
    ) {
        self.options = options; self.ids = ids; self.frames = frames; self.roles = roles
        self.parents = parents; self.ends = ends
        self.detailNodes = detailNodes; self.details = details
        self.index = index; self.layerRoots = layerRoots
        var flags = flags
        FocusTree.markLineage(&flags, roles: roles, parents: parents)
        let found = FocusTree.computeIssues(
            options: options, frames: frames, roles: roles, parents: parents, ends: ends, flags: &flags,
            layerRoots: layerRoots, ids: ids)
        self.flags = flags
        self.issueNodes = found.issueNodes; self.issueLists = found.issueLists
        self.coverNodes = found.coverNodes; self.covers = found.covers
        self.spatial = SpatialIndex(
            frames: frames, targets: FocusTree.searchTargets(roles: roles, ends: ends, flags: flags, layerRoots: layerRoots))
    }

    /// Sets the lineage bits: what each node's ancestors (and, for some, the node itself) set.
    static func markLineage(_ flags: inout [NodeFlags], roles: [FocusNode.Role], parents: [Int32]) {
        let inheritedBySelf: NodeFlags = [.lineageConsumes, .lineagePublishesValues, .lineagePublishesSceneValues]
        for i in flags.indices {
            var f = flags[i]
            let p = Int(parents[i])
            if p >= 0 {
                let pf = flags[p]
                f.formUnion(pf.intersection(inheritedBySelf.union(.ancestorRemembers).union(.ancestorRedirects)))
                if pf.contains(.remembersLastFocus) { f.insert(.ancestorRemembers) }
                if roles[p] == .container, !pf.isDisjoint(with: .redirectsOnEntry) { f.insert(.ancestorRedirects) }
            }
            if p >= 0, flags[p].intersects(.anyScroll) || flags[p].contains(.ancestorScrolls) { f.insert(.ancestorScrolls) }
            if !f.isDisjoint(with: .anyConsumes) { f.insert(.lineageConsumes) }
            if f.contains(.publishesValues) { f.insert(.lineagePublishesValues) }
            if f.contains(.publishesSceneValues) { f.insert(.lineagePublishesSceneValues) }
            flags[i] = f
        }
    }

    // MARK: Lookup

    public func node(_ id: String) -> Int? { index.find(id, in: ids) }

    /// The node's focus modifiers as one value (built on request: the engine itself reads them field
    /// by field).
    public func attributes(_ node: Int) -> FocusAttributes {
        let f = flags[node]
        var a = FocusAttributes(
            focusable: f.interactions, disabled: f.contains(.disabled), hidden: f.contains(.hidden),
            isFocusSection: f.contains(.focusSection), remembersLastFocus: f.contains(.remembersLastFocus),
            defaultFocusPriority: f.contains(.userInitiatedDefault) ? .userInitiated : .automatic,
            prefersDefaultFocus: f.contains(.prefersDefaultFocus), guideEnabled: !f.contains(.guideDisabled),
            opaque: f.contains(.opaque), scrollAxes: f.scrollAxes, consumesMoves: f.consumedMoves,
            focusEffectDisabled: f.contains(.focusEffectDisabled),
            restoresFocusAfterTransition: !f.contains(.keepsFocusAfterTransition))
        if let k = detailSlot(node) {
            let d = details[k]
            a.defaultFocus = d.defaultFocus; a.focusScope = d.focusScope; a.prefersDefaultFocusIn = d.prefersDefaultFocusIn
            a.preferred = d.preferred; a.focusedValues = d.focusedValues; a.focusedSceneValues = d.focusedSceneValues
        }
        return a
    }

    /// True when `node` sets every modifier in `flag`.
    @inline(__always) func has(_ flag: NodeFlags, _ node: Int) -> Bool { flags[node].contains(flag) }

    /// Where `node`'s rare modifiers are in `details`, if it sets any.
    func detailSlot(_ node: Int) -> Int? {
        guard !flags[node].isDisjoint(with: .anyDetail) else { return nil }
        return FocusTree.position(of: node, in: detailNodes)
    }

    /// `defaultFocus(_:_:priority:)`: the id preferred when focus enters `node`.
    func defaultFocus(_ node: Int) -> String? {
        has(.hasDefaultFocus, node) ? detailSlot(node).flatMap { details[$0].defaultFocus } : nil
    }

    /// `focusScope(_:)`: the scope `node` names.
    func focusScope(_ node: Int) -> String? {
        has(.hasFocusScope, node) ? detailSlot(node).flatMap { details[$0].focusScope } : nil
    }

    /// The scope `prefersDefaultFocus` refers to, when named.
    func prefersDefaultFocusIn(_ node: Int) -> String? {
        has(.hasPrefersDefaultFocusIn, node) ? detailSlot(node).flatMap { details[$0].prefersDefaultFocusIn } : nil
    }

    /// A guide's preferred targets, in order.
    func preferred(_ node: Int) -> [String] {
        has(.hasPreferred, node) ? detailSlot(node).map { details[$0].preferred } ?? [] : []
    }

    /// `focusedValue(_:_:)`: what `node` publishes while it or a descendant is focused.
    func values(_ node: Int) -> [String: String] {
        has(.publishesValues, node) ? detailSlot(node).map { details[$0].focusedValues } ?? [:] : [:]
    }

    /// `focusedSceneValue(_:_:)`: what `node` publishes to the scene while focused.
    func sceneValues(_ node: Int) -> [String: String] {
        has(.publishesSceneValues, node) ? detailSlot(node).map { details[$0].focusedSceneValues } ?? [:] : [:]
    }

    /// The binary search of a sorted list of node indices.
    static func position(of node: Int, in sorted: [Int32]) -> Int? {
        var lo = 0, hi = sorted.count
        let key = Int32(truncatingIfNeeded: node)
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] < key { lo = mid + 1 } else { hi = mid }
        }
        return lo < sorted.count && sorted[lo] == key ? lo : nil
    }

    public func parent(_ node: Int) -> Int? { parents[node] < 0 ? nil : Int(parents[node]) }

    /// The descendants of `node`, in tree order.
    public func descendants(_ node: Int) -> Range<Int> { (node + 1) ..< Int(ends[node]) }

    public func children(_ node: Int) -> [Int] {
        var result: [Int] = []
        var child = node + 1
        while child < Int(ends[node]) { result.append(child); child = Int(ends[child]) }
        return result
    }

    public func isAncestor(_ ancestor: Int, of node: Int) -> Bool {
        node > ancestor && node < Int(ends[ancestor])
    }

    /// The chain from `node` up to its layer root, nearest first (the node itself only when asked);
    /// walked in place, without building an array.
    public func ancestors(_ node: Int, includingSelf: Bool = false) -> Ancestors {
        Ancestors(parents: parents, current: includingSelf ? Int32(node) : parents[node])
    }

    /// A walk up the tree: each node's parent in turn, up to the layer root.
    public struct Ancestors: Sequence, IteratorProtocol {
        let parents: [Int32]
        var current: Int32

        public mutating func next() -> Int? {
            guard current >= 0 else { return nil }
            defer { current = parents[Int(current)] }
            return Int(current)
        }
    }

    /// The layer (index into ``layerRoots``) that holds `node`.
    public func layer(of node: Int) -> Int {
        var lo = 0, hi = layerRoots.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if layerRoots[mid] <= node { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The root of the front-most layer: the only one focus may live in.
    public var activeLayerRoot: Int? { layerRoots.last }

    /// True when `node` is an item that can take focus now.
    public func isFocusable(_ node: Int) -> Bool { flags[node].contains(.eligible) }

    public func isFocusable(id: String) -> Bool { node(id).map(isFocusable) ?? false }

    public func isSection(_ node: Int) -> Bool { roles[node] == .container && has(.focusSection, node) }

    /// Focusable items of the active layer in tree order.
    public var focusableItems: [Int] {
        guard let root = activeLayerRoot else { return [] }
        return descendants(root).filter(isFocusable)
    }

    /// Focusable descendants of `node` in tree order.
    public func focusableDescendants(of node: Int) -> [Int] {
        descendants(node).filter(isFocusable)
    }

    /// The nearest ancestor scroll container of `node`, if any.
    public func scrollContainer(of node: Int) -> Int? {
        guard has(.ancestorScrolls, node) else { return nil }
        return ancestors(node).first { flags[$0].intersects(.anyScroll) }
    }

    /// The axes `node` scrolls along (none unless it is a scrolling container).
    public func scrollAxes(_ node: Int) -> ScrollAxes { flags[node].scrollAxes }
}

/// The focus modifiers of one node that fit in bits (``FocusAttributes``' flags, its interactions and
/// the directions it consumes), which of its rare modifiers it sets, and whether it can take focus.
struct NodeFlags: OptionSet, Sendable, Hashable {
    let rawValue: UInt32

    // Bits 0–1: the interactions (0 none, then activate, edit, automatic).
    static let disabled = NodeFlags(rawValue: 1 << 2)
    static let hidden = NodeFlags(rawValue: 1 << 3)
    static let focusSection = NodeFlags(rawValue: 1 << 4)
    static let remembersLastFocus = NodeFlags(rawValue: 1 << 5)
    /// `defaultFocusPriority == .userInitiated`.
    static let userInitiatedDefault = NodeFlags(rawValue: 1 << 6)
    static let prefersDefaultFocus = NodeFlags(rawValue: 1 << 7)
    /// `guideEnabled == false`.
    static let guideDisabled = NodeFlags(rawValue: 1 << 8)
    static let opaque = NodeFlags(rawValue: 1 << 9)
    /// Scrolls left and right (`ScrollAxes.horizontal`); up and down is bit 29.
    static let scrollsHorizontally = NodeFlags(rawValue: 1 << 10)
    static let focusEffectDisabled = NodeFlags(rawValue: 1 << 11)
    /// `restoresFocusAfterTransition == false`.
    static let keepsFocusAfterTransition = NodeFlags(rawValue: 1 << 12)
    // Bits 13–16: `consumesMoves`, one per direction.
    // Which rare modifiers the node sets (they live in `FocusTree.details`).
    static let hasDefaultFocus = NodeFlags(rawValue: 1 << 17)
    static let hasFocusScope = NodeFlags(rawValue: 1 << 18)
    static let hasPrefersDefaultFocusIn = NodeFlags(rawValue: 1 << 19)
    static let hasPreferred = NodeFlags(rawValue: 1 << 20)
    static let publishesValues = NodeFlags(rawValue: 1 << 21)
    static let publishesSceneValues = NodeFlags(rawValue: 1 << 22)
    /// An item that can take focus now (no ``FocusabilityIssue``): worked out once per snapshot.
    static let eligible = NodeFlags(rawValue: 1 << 23)
    // What the node's ancestors set, worked out once per snapshot, so a move looks up the tree only
    // when something there can matter.
    /// The node or an ancestor consumes some direction.
    static let lineageConsumes = NodeFlags(rawValue: 1 << 24)
    /// An ancestor remembers the last focused item.
    static let ancestorRemembers = NodeFlags(rawValue: 1 << 25)
    /// An ancestor is a container that can redirect focus entering it (``redirectsOnEntry``).
    static let ancestorRedirects = NodeFlags(rawValue: 1 << 26)
    /// The node or an ancestor publishes focused values.
    static let lineagePublishesValues = NodeFlags(rawValue: 1 << 27)
    /// The node or an ancestor publishes scene values.
    static let lineagePublishesSceneValues = NodeFlags(rawValue: 1 << 28)
    /// Scrolls up and down (`ScrollAxes.vertical`).
    static let scrollsVertically = NodeFlags(rawValue: 1 << 29)
    /// What shows of this node now is not its whole frame: a scrolling container's bounds or the
    /// screen clip it, or an opaque node drawn above covers part of it. Worked out once per snapshot;
    /// a node without it takes part in every search by its whole frame.
    static let partlyHidden = NodeFlags(rawValue: 1 << 30)
    /// An ancestor is a scrolling container.
    static let ancestorScrolls = NodeFlags(rawValue: 1 << 31)
    static let anyConsumes = NodeFlags(rawValue: 0b1111 << 13)
    static let anyScroll: NodeFlags = [.scrollsHorizontally, .scrollsVertically]

    static let anyDetail: NodeFlags = [.hasDefaultFocus, .hasFocusScope, .hasPrefersDefaultFocusIn, .hasPreferred, .publishesValues, .publishesSceneValues]
    /// What makes a container redirect focus entering it after a user move.
    static let redirectsOnEntry: NodeFlags = [.userInitiatedDefault, .remembersLastFocus]

    init(rawValue: UInt32) { self.rawValue = rawValue }

    static func consumes(_ direction: Direction) -> NodeFlags {
        switch direction {
        case .up: NodeFlags(rawValue: 1 << 13)
        case .down: NodeFlags(rawValue: 1 << 14)
        case .left: NodeFlags(rawValue: 1 << 15)
        case .right: NodeFlags(rawValue: 1 << 16)
        }
    }

    init(_ a: FocusAttributes) {
        var raw: UInt32
        switch a.focusable {
        case nil: raw = 0
        case .activate?: raw = 1
        case .edit?: raw = 2
        case .automatic?: raw = 3
        }
        var f = NodeFlags(rawValue: raw)
        if a.disabled { f.insert(.disabled) }
        if a.hidden { f.insert(.hidden) }
        if a.isFocusSection { f.insert(.focusSection) }
        if a.remembersLastFocus { f.insert(.remembersLastFocus) }
        if a.defaultFocusPriority == .userInitiated { f.insert(.userInitiatedDefault) }
        if a.prefersDefaultFocus { f.insert(.prefersDefaultFocus) }
        if !a.guideEnabled { f.insert(.guideDisabled) }
        if a.opaque { f.insert(.opaque) }
        if a.scrollAxes.contains(.horizontal) { f.insert(.scrollsHorizontally) }
        if a.scrollAxes.contains(.vertical) { f.insert(.scrollsVertically) }
        if a.focusEffectDisabled { f.insert(.focusEffectDisabled) }
        if !a.restoresFocusAfterTransition { f.insert(.keepsFocusAfterTransition) }
        for d in a.consumesMoves { f.insert(.consumes(d)) }
        if a.defaultFocus != nil { f.insert(.hasDefaultFocus) }
        if a.focusScope != nil { f.insert(.hasFocusScope) }
        if a.prefersDefaultFocusIn != nil { f.insert(.hasPrefersDefaultFocusIn) }
        if !a.preferred.isEmpty { f.insert(.hasPreferred) }
        if !a.focusedValues.isEmpty { f.insert(.publishesValues) }
        if !a.focusedSceneValues.isEmpty { f.insert(.publishesSceneValues) }
        self = f
    }

    var interactions: FocusInteractions? {
        switch rawValue & 3 {
        case 1: .activate
        case 2: .edit
        case 3: .automatic
        default: nil
        }
    }

    var consumedMoves: Set<Direction> { Set(Direction.allCases.filter { contains(.consumes($0)) }) }

    var scrollAxes: ScrollAxes {
        var axes: ScrollAxes = []
        if contains(.scrollsHorizontally) { axes.insert(.horizontal) }
        if contains(.scrollsVertically) { axes.insert(.vertical) }
        return axes
    }

    @inline(__always) func intersects(_ other: NodeFlags) -> Bool { !isDisjoint(with: other) }
}

/// Part of an item's frame that an opaque node drawn above it covers.
struct Cover: Sendable, Hashable {
    var rect: Rect
    /// The opaque node.
    var by: Int32
}

/// The focus modifiers few nodes set: stored apart, only for those nodes.
struct NodeDetails: Sendable {
    var defaultFocus: String?
    var focusScope: String?
    var prefersDefaultFocusIn: String?
    var preferred: [String]
    var focusedValues: [String: String]
    var focusedSceneValues: [String: String]

    init(_ a: FocusAttributes) {
        defaultFocus = a.defaultFocus; focusScope = a.focusScope; prefersDefaultFocusIn = a.prefersDefaultFocusIn
        preferred = a.preferred; focusedValues = a.focusedValues; focusedSceneValues = a.focusedSceneValues
    }
}

/// Node indices by id: open addressing (linear probing) over a power-of-two table at most half full
/// that holds only node indices, the ids themselves staying in the tree's `ids`. Eight to sixteen
/// bytes a node, where a `[String: Int32]` took about forty. Nothing iterates it, so the per-process
/// seed of `hashValue` never shows.
struct IDIndex: Sendable {
    private let slots: [Int32]
    private let mask: Int

    /// Fails on the first id, in tree order, that repeats an earlier one.
    init(_ ids: [String]) throws(FocusTreeError) {
        var capacity = 8
        while capacity < 2 * ids.count { capacity *= 2 }
        let mask = capacity - 1
        var slots = [Int32](repeating: -1, count: capacity)
        for (i, id) in ids.enumerated() {
            var s = id.hashValue & mask
            while slots[s] >= 0 {
                if ids[Int(slots[s])] == id { throw .duplicateID(id) }
                s = (s + 1) & mask
            }
            slots[s] = Int32(i)
        }
        self.slots = slots; self.mask = mask
    }

    func find(_ id: String, in ids: [String]) -> Int? {
        var s = id.hashValue & mask
        while slots[s] >= 0 {
            let k = Int(slots[s])
            if ids[k] == id { return k }
            s = (s + 1) & mask
        }
        return nil
    }
}

/// A tree that cannot be built.
public enum FocusTreeError: Error, Equatable, CustomStringConvertible {
    case duplicateID(String)
    case emptyID
    case notALayer(String)
    case nonFiniteFrame(String)

    public var description: String {
        switch self {
        case .duplicateID(let id): "duplicate id \"\(id)\""
        case .emptyID: "a node has an empty id"
        case .notALayer(let id): "\"\(id)\" is at the top of the tree but is not a layer"
        case .nonFiniteFrame(let id): "\"\(id)\" has a frame that is not finite or has a negative size"
        }
    }
}

/// Streams nodes into a ``FocusTree`` without building a nested value tree first.
public final class FocusTreeBuilder {
    private var ids: [String] = []
    private var frames: [Rect] = []
    private var roles: [FocusNode.Role] = []
    private var parents: [Int32] = []
    private var ends: [Int32] = []
    private var flags: [NodeFlags] = []
    private var detailNodes: [Int32] = []
    private var details: [NodeDetails] = []
    private var layerRoots: [Int] = []
    private var stack: [Int32] = []
    private var error: FocusTreeError?

    public init(capacity: Int) {
        ids.reserveCapacity(capacity); frames.reserveCapacity(capacity); roles.reserveCapacity(capacity)
        parents.reserveCapacity(capacity); ends.reserveCapacity(capacity); flags.reserveCapacity(capacity)
    }

    /// Opens a node; children added until the matching ``close()`` belong to it.
    public func open(id: String, role: FocusNode.Role, frame: Rect, attributes: FocusAttributes = .init()) {
        let i = Int32(ids.count)
        if stack.isEmpty {
            if role != .layer, error == nil { error = .notALayer(id) }
            layerRoots.append(Int(i))
        }
        if id.isEmpty, error == nil { error = .emptyID }
        if !(frame.x.isFinite && frame.y.isFinite && frame.width.isFinite && frame.height.isFinite)
            || frame.width < 0 || frame.height < 0, error == nil {
            error = .nonFiniteFrame(id)
        }
        ids.append(id); frames.append(frame); roles.append(role)
        parents.append(stack.last ?? -1); ends.append(i + 1)
        let f = NodeFlags(attributes)
        flags.append(f)
        if !f.isDisjoint(with: .anyDetail) { detailNodes.append(i); details.append(NodeDetails(attributes)) }
        stack.append(i)
    }

    public func close() {
        let i = Int(stack.removeLast())
        ends[i] = Int32(ids.count)
    }

    /// Adds a leaf item in one call.
    public func item(id: String, frame: Rect, attributes: FocusAttributes = .init(focusable: .automatic)) {
        open(id: id, role: .item, frame: frame, attributes: attributes); close()
    }

    /// Adds a value tree.
    public func add(_ node: FocusNode) {
        open(id: node.id, role: node.role, frame: node.frame, attributes: node.attributes)
        for child in node.children { add(child) }
        close()
    }

    public func build(options: FocusTree.Options = .init()) throws(FocusTreeError) -> FocusTree {
        precondition(stack.isEmpty, "FocusTreeBuilder.build with unclosed nodes")
        if let error { throw error }
        return FocusTree(
            options: options, ids: ids, frames: frames, roles: roles, parents: parents, ends: ends,
            flags: flags, detailNodes: detailNodes, details: details, index: try IDIndex(ids),
            layerRoots: layerRoots)
    }
}
