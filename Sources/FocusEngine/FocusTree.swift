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

        public init(screen: Rect = Rect(0, 0, 1920, 1080), fullKeyboardAccess: Bool? = nil, isRightToLeft: Bool = false)
        {
            self.screen = screen
            self.fullKeyboardAccess = fullKeyboardAccess
            self.isRightToLeft = isRightToLeft
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
    /// What opaque nodes drawn above cover of the items they overlap.
    let coverTable: CoverTable
    /// The spatial index over the top layer's search targets (eligible items, sections, guides).
    let spatial: SpatialIndex
    /// The covered nodes' regions worked out so far (Visibility.swift).
    let regions: RegionCache

    public var count: Int { ids.count }

    /// Whether `other` holds the same nodes with the same frames and focus modifiers, so every search, and so
    /// every focus graph, in it is the same as here (the rest of a tree follows from these).
    public func isSameModel(as other: FocusTree) -> Bool {
        options == other.options && ids == other.ids && frames == other.frames && roles == other.roles
            && parents == other.parents && ends == other.ends && flags == other.flags
            && detailNodes == other.detailNodes && details == other.details && layerRoots == other.layerRoots
    }

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
        var flags = flags
        FocusTree.markLineage(&flags, roles: roles, parents: parents)
        self.init(
            options: options, ids: ids, frames: frames, roles: roles, parents: parents, ends: ends,
            markedFlags: flags, detailNodes: detailNodes, details: details, index: index, layerRoots: layerRoots)
    }

    /// The rest of building, once the lineage bits are set: what each node's frame lets show of it, the
    /// covers, who can take focus, the spatial index (everything that depends on the frames).
    private init(
        options: Options, ids: [String], frames: [Rect], roles: [FocusNode.Role], parents: [Int32],
        ends: [Int32], markedFlags flags: [NodeFlags], detailNodes: [Int32], details: [NodeDetails],
        index: IDIndex, layerRoots: [Int]
    ) {
        self.options = options
        self.ids = ids
        self.frames = frames
        self.roles = roles
        self.parents = parents
        self.ends = ends
        self.detailNodes = detailNodes
        self.details = details
        self.index = index
        self.layerRoots = layerRoots
        var flags = flags
        let found = FocusTree.computeIssues(
            options: options, frames: frames, roles: roles, parents: parents, ends: ends, flags: &flags,
            layerRoots: layerRoots, ids: ids)
        self.flags = flags
        self.issueNodes = found.issueNodes
        self.issueLists = found.issueLists
        self.coverTable = found.covers
        self.regions = found.regions ?? RegionCache()
        self.spatial = SpatialIndex(
            frames: frames,
            targets: FocusTree.searchTargets(roles: roles, ends: ends, flags: flags, layerRoots: layerRoots))
    }

    /// The same nodes with the same modifiers at other frames (`frames`: one per node, in tree order):
    /// the tree building them again at those frames would give, for a placement that only moved (a
    /// page or a shelf scrolled). What depends on the frames — what shows of each node, the covers,
    /// who can take focus, the spatial index — is worked out again; the ids, their index, the roles
    /// and the modifiers are kept, which is most of the work of a build. Throws as building does when
    /// a frame is not finite or has a negative size (the first such node in tree order).
    public func withFrames(_ frames: [Rect]) throws(FocusTreeError) -> FocusTree {
        precondition(frames.count == count, "FocusTree.withFrames: \(frames.count) frames for \(count) nodes")
        if let bad = frames.firstIndex(where: { !$0.isUsableFrame }) { throw .nonFiniteFrame(ids[bad]) }
        // The bits worked out from frames are worked out again; the lineage bits depend on the modifiers only.
        let frameBits: NodeFlags = [.eligible, .partlyHidden]
        return FocusTree(
            options: options, ids: ids, frames: frames, roles: roles, parents: parents, ends: ends,
            markedFlags: flags.map { $0.subtracting(frameBits) }, detailNodes: detailNodes, details: details,
            index: index, layerRoots: layerRoots)
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
            if p >= 0, flags[p].intersects(.anyScroll) || flags[p].contains(.ancestorScrolls) {
                f.insert(.ancestorScrolls)
            }
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
            a.defaultFocus = d.defaultFocus
            a.focusScope = d.focusScope
            a.prefersDefaultFocusIn = d.prefersDefaultFocusIn
            a.preferred = d.preferred
            a.focusedValues = d.focusedValues
            a.focusedSceneValues = d.focusedSceneValues
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
        var lo = 0
        var hi = sorted.count
        let key = Int32(truncatingIfNeeded: node)
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] < key { lo = mid + 1 } else { hi = mid }
        }
        return lo < sorted.count && sorted[lo] == key ? lo : nil
    }

    public func parent(_ node: Int) -> Int? { parents[node] < 0 ? nil : Int(parents[node]) }

    /// The descendants of `node`, in tree order.
    public func descendants(_ node: Int) -> Range<Int> { (node + 1)..<Int(ends[node]) }

    public func children(_ node: Int) -> [Int] {
        var result: [Int] = []
        var child = node + 1
        while child < Int(ends[node]) {
            result.append(child)
            child = Int(ends[child])
        }
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
        var lo = 0
        var hi = layerRoots.count - 1
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
