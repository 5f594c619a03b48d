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

        public init(screen: Rect = Rect(0, 0, 1920, 1080), fullKeyboardAccess: Bool? = nil) {
            self.screen = screen; self.fullKeyboardAccess = fullKeyboardAccess
        }
    }

    public let options: Options
    public let ids: [String]
    public let frames: [Rect]
    public let roles: [FocusNode.Role]
    let parents: [Int32]
    let ends: [Int32]
    let interactions: [FocusInteractions?]
    let attributeSlot: [Int32]
    let attributeTable: [FocusAttributes]
    let index: [String: Int32]
    /// Indices of the layer roots, bottom (the screen) to top (the front-most sheet).
    public let layerRoots: [Int]
    /// Why each node cannot take focus; empty for eligible items.
    let issues: [[FocusabilityIssue]]
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
        ends: [Int32], interactions: [FocusInteractions?], attributeSlot: [Int32],
        attributeTable: [FocusAttributes], index: [String: Int32], layerRoots: [Int]
    ) {
        self.options = options; self.ids = ids; self.frames = frames; self.roles = roles
        self.parents = parents; self.ends = ends; self.interactions = interactions
        self.attributeSlot = attributeSlot; self.attributeTable = attributeTable
        self.index = index; self.layerRoots = layerRoots
        let issues = FocusTree.computeIssues(
            options: options, frames: frames, roles: roles, parents: parents, ends: ends,
            interactions: interactions, attributeSlot: attributeSlot, attributeTable: attributeTable,
            layerRoots: layerRoots, ids: ids)
        self.issues = issues
        self.spatial = SpatialIndex(
            frames: frames, targets: FocusTree.searchTargets(
                roles: roles, ends: ends, issues: issues, attributeSlot: attributeSlot,
                attributeTable: attributeTable, interactions: interactions, layerRoots: layerRoots))
    }

    // MARK: Lookup

    public func node(_ id: String) -> Int? { index[id].map(Int.init) }

    public func attributes(_ node: Int) -> FocusAttributes {
        let slot = attributeSlot[node]
        if slot >= 0 { return attributeTable[Int(slot)] }
        return FocusAttributes(focusable: interactions[node])
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

    /// The chain from `node` up to its layer root, nearest first (the node itself excluded).
    public func ancestors(_ node: Int) -> [Int] {
        var result: [Int] = []
        var p = parents[node]
        while p >= 0 { result.append(Int(p)); p = parents[Int(p)] }
        return result
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
    public func isFocusable(_ node: Int) -> Bool { roles[node] == .item && issues[node].isEmpty }

    public func isFocusable(id: String) -> Bool { node(id).map(isFocusable) ?? false }

    public func isSection(_ node: Int) -> Bool {
        roles[node] == .container && attributeSlot[node] >= 0 && attributeTable[Int(attributeSlot[node])].isFocusSection
    }

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
        var p = parents[node]
        while p >= 0 {
            if attributeSlot[Int(p)] >= 0, attributeTable[Int(attributeSlot[Int(p)])].scrolls { return Int(p) }
            p = parents[Int(p)]
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
    private var interactions: [FocusInteractions?] = []
    private var attributeSlot: [Int32] = []
    private var attributeTable: [FocusAttributes] = []
    private var layerRoots: [Int] = []
    private var stack: [Int32] = []
    private var error: FocusTreeError?

    public init(capacity: Int) {
        ids.reserveCapacity(capacity); frames.reserveCapacity(capacity); roles.reserveCapacity(capacity)
        parents.reserveCapacity(capacity); ends.reserveCapacity(capacity)
        interactions.reserveCapacity(capacity); attributeSlot.reserveCapacity(capacity)
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
        interactions.append(attributes.focusable)
        if attributes.isPlain {
            attributeSlot.append(-1)
        } else {
            attributeSlot.append(Int32(attributeTable.count)); attributeTable.append(attributes)
        }
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
        var index: [String: Int32] = [:]
        index.reserveCapacity(ids.count)
        for (i, id) in ids.enumerated() {
            if index.updateValue(Int32(i), forKey: id) != nil { throw .duplicateID(id) }
        }
        return FocusTree(
            options: options, ids: ids, frames: frames, roles: roles, parents: parents, ends: ends,
            interactions: interactions, attributeSlot: attributeSlot, attributeTable: attributeTable,
            index: index, layerRoots: layerRoots)
    }
}
