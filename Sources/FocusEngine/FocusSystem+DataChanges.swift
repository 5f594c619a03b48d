/// System-generated focus updates after data changes (issue 18; docs/focus-engine.md, "Data changes").
///
/// When the focused item is removed, hidden or disabled, tvOS drops it and files a focus update on
/// the nearest surviving ancestor environment, resolved through that environment's preferred focus
/// chain, climbing to the window when an ancestor yields nothing (App Programming Guide for tvOS,
/// "System-Generated Focus Updates"; research-data-changes.md R0). Hot reload is different: it keeps
/// focus by id, else the nearest survivor (`replaceTree`).
public struct LostFocus: Sendable, Hashable {
    /// Nodes to try first, in order, each resolved through its preferred focus: for a cell of a
    /// collection, the cell now at its old index, then the one before (S6).
    public var candidates: [String]
    /// The surviving ancestors of what disappeared, nearest first (R0's climb).
    public var ancestors: [String]
    /// Where the lost item was (for the one-step search of `adjacent`).
    public var frame: Rect
    /// The HIG's advice instead of tvOS's behaviour: one directional step from the lost item, in
    /// `directions` order, before the climb.
    public var adjacent: Bool
    public var directions: [Direction]

    public init(candidates: [String], ancestors: [String], frame: Rect, adjacent: Bool, directions: [Direction]) {
        self.candidates = candidates
        self.ancestors = ancestors
        self.frame = frame
        self.adjacent = adjacent
        self.directions = directions
    }
}

extension FocusSystem {
    /// The tree after a data change. Focus stays on its item when that item can still take focus (a
    /// batch insert, move or change elsewhere: nothing left the hierarchy, so nothing updates, S7);
    /// otherwise `lost` says where tvOS looks. Returns the system update, or nil when focus stayed.
    /// `keeps: false`: focus is re-resolved even if its id survives (reloadData discards every cell).
    public mutating func recoverFocus(in newTree: FocusTree, lost: LostFocus?, keeps: Bool = true) -> FocusUpdate? {
        tree = newTree
        let previous = state.focused
        let front = newTree.layerRoots.count - 1
        func eligible(_ n: Int) -> Bool { newTree.isFocusable(n) && newTree.layer(of: n) == front }
        if keeps, let id = previous, let n = newTree.node(id), eligible(n) { return nil }
        func moved(_ item: Int, _ via: Via, _ routedBy: String?) -> FocusUpdate {
            let update = FocusUpdate(
                previous: previous, next: newTree.ids[item], heading: .changed, via: via,
                routedBy: routedBy)
            apply(update, from: nil, to: item)
            return update
        }
        if let lost, previous != nil {
            for id in lost.candidates {
                if let n = newTree.node(id), newTree.layer(of: n) == front, let item = newTree.preferredVisible(of: n),
                    eligible(item)
                {
                    return moved(item, lost.adjacent ? .adjacent : .system, lost.ancestors.first ?? id)
                }
            }
            if lost.adjacent {
                for d in lost.directions {
                    if let item = newTree.oneStep(from: lost.frame, d) { return moved(item, .adjacent, nil) }
                }
            }
            for id in lost.ancestors {
                if let n = newTree.node(id), newTree.layer(of: n) == front, let item = newTree.preferredVisible(of: n),
                    eligible(item)
                {
                    return moved(item, .system, id)
                }
            }
        }
        // The top of the climb (or nothing was focused, S12): the front-most layer's preferred item.
        if let root = newTree.activeLayerRoot, let item = newTree.preferredVisible(of: root), eligible(item) {
            return moved(item, previous == nil ? .default : .system, newTree.ids[root])
        }
        state.focused = nil
        guard previous != nil else { return nil }
        return FocusUpdate(previous: previous, next: nil, heading: .changed, via: .system)
    }
}

extension FocusTree {
    /// An environment's preferred item, where the default "top-most, leading-most" item is taken
    /// among the items on screen when any is (UIKit only has cells for the visible range: "the focus
    /// might jump to the first visible cell", tvos-focus.md §D2).
    public func preferredVisible(of node: Int) -> Int? {
        var search = PreferenceSearch()
        switch roles[node] {
        case .item, .guide: return resolvePreferred(node, &search)
        case .container, .layer:
            if let explicit = explicitPreference(node, &search) { return explicit }
            let items = focusableDescendants(of: node)
            let visible = items.filter { frames[$0].overlaps(options.screen) }
            guard let first = topLeading(visible.isEmpty ? items : visible) else { return nil }
            return arrivalInScope(first, below: node) ?? first
        }
    }

    /// The item one discrete step from `frame` in direction `d` among the front-most layer's
    /// focusable items: the nearest whose centre lies that way and whose extent overlaps the frame's
    /// across the direction (the beam), else the nearest that way at all; ties in tree order.
    func oneStep(from frame: Rect, _ d: Direction) -> Int? {
        var best: (inBeam: Bool, distance: Double, node: Int)?
        for n in focusableItems {
            let f = frames[n]
            let ahead: Bool
            let inBeam: Bool
            let gap: Double
            switch d {
            case .right:
                ahead = f.midX > frame.midX
                inBeam = f.maxY > frame.minY && f.minY < frame.maxY
                gap = f.minX - frame.maxX
            case .left:
                ahead = f.midX < frame.midX
                inBeam = f.maxY > frame.minY && f.minY < frame.maxY
                gap = frame.minX - f.maxX
            case .down:
                ahead = f.midY > frame.midY
                inBeam = f.maxX > frame.minX && f.minX < frame.maxX
                gap = f.minY - frame.maxY
            case .up:
                ahead = f.midY < frame.midY
                inBeam = f.maxX > frame.minX && f.minX < frame.maxX
                gap = frame.minY - f.maxY
            }
            guard ahead else { continue }
            let dx = f.midX - frame.midX
            let dy = f.midY - frame.midY
            let distance = max(0, gap) * 1_000_000 + (dx * dx + dy * dy).squareRoot()
            if let b = best, (b.inBeam && !inBeam) || (b.inBeam == inBeam && b.distance <= distance) { continue }
            best = (inBeam, distance, n)
        }
        return best?.node
    }
}
