/// A `shouldUpdateFocus(in:)` hook: return false to cancel the update (UIKit asks every environment
/// containing the previous and next items; here, one closure sees the proposed update).
public typealias FocusVeto = @Sendable (_ proposed: FocusUpdate, _ tree: FocusTree) -> String?

/// The focus engine's entry point: a tree snapshot plus focus state in, focus updates out.
///
/// A value type with no I/O and no clock: every operation is a pure function of the tree, the state
/// and its arguments, so the same calls always give the same updates.
public struct FocusSystem: Sendable {
    public internal(set) var tree: FocusTree {
        didSet { focusedCache = nil }
    }
    public var state: FocusState
    public var policy: FocusPolicy
    /// Vetoes asked before any update is applied; the first that returns a reason cancels it.
    public var vetoes: [FocusVeto] = []
    /// The id the engine last focused and its node in `tree`, so the next move need not look the id
    /// up. Trusted only while `state.focused` still equals that id (the state is public and may be
    /// written from outside) and the tree is the same.
    private var focusedCache: (id: String, node: Int32)?
    /// The nodes the swipes so far looked at: a swipe's work, which grows with the items in its way (overlapping
    /// frames, a section's hand-off), for the simulator's work budget.
    public private(set) var examined = 0
    /// The most nodes one swipe's search visits; past it the search takes the best target it has found. Unbounded
    /// but in a focus graph's swipes (``graphLookLimit(items:)``), where items piled on one another would make
    /// every swipe look at most of the screen.
    public var lookLimit = Int.max
    /// The swipes so far whose search stopped at ``lookLimit``.
    public private(set) var searchesCutShort = 0

    public init(tree: FocusTree, state: FocusState = FocusState(), policy: FocusPolicy = .tvos) {
        self.tree = tree
        self.state = state
        self.policy = policy
    }

    public var focused: String? { state.focused }

    /// The node of `state.focused` in the tree (any role: the state may have been written from outside).
    var focusedNode: Int? {
        guard let id = state.focused else { return nil }
        if let cached = focusedCache, cached.id == id { return Int(cached.node) }
        return tree.node(id)
    }

    // MARK: Initial and default focus

    /// Focus for a layer that has none: its preferred focus chain.
    @discardableResult
    public mutating func focusInitial() -> FocusUpdate {
        let previous = state.focused
        guard let root = tree.activeLayerRoot, let item = tree.preferredFocus(of: root) else {
            state.focused = nil
            return FocusUpdate(
                previous: previous, next: nil, heading: .initial, outcome: .blocked(.nothingFocusable))
        }
        let update = FocusUpdate(
            previous: previous, next: tree.ids[item], heading: .initial, via: .default)
        apply(update, from: focusedNode, to: item)
        return update
    }

    /// `resetFocus(in:)`: re-evaluate the scope's default focus and move there.
    @discardableResult
    public mutating func resetFocus(in scope: String) -> FocusUpdate {
        let previous = state.focused
        guard let container = tree.scopeContainer(scope) else {
            return FocusUpdate(
                previous: previous, next: previous, heading: .reset,
                outcome: .blocked(.noScope(scope)))
        }
        guard let item = tree.preferredFocus(of: container) else {
            return FocusUpdate(
                previous: previous, next: previous, heading: .reset,
                outcome: .blocked(.emptyScope(scope)))
        }
        var update = FocusUpdate(
            previous: previous, next: tree.ids[item], heading: .reset, via: .default,
            routedBy: tree.ids[container])
        propose(&update, from: focusedNode, to: item)
        return update
    }

    // MARK: Programmatic focus

    /// A FocusState write: focus `id` (an item, or a container's preferred item), or say why not.
    @discardableResult
    public mutating func requestFocus(_ id: String) -> FocusUpdate {
        let previous = state.focused
        func refuse(_ why: BlockReason) -> FocusUpdate {
            FocusUpdate(previous: previous, next: previous, heading: .programmatic, outcome: .blocked(why))
        }
        guard let n = tree.node(id) else { return refuse(.noNode(id)) }
        if tree.roles[n] == .item {
            guard let issues = tree.checkFocusability(id), issues.isEmpty else {
                return refuse(.cannotTakeFocus(id, tree.checkFocusability(id) ?? []))
            }
            var update = FocusUpdate(
                previous: previous, next: id, heading: .programmatic, via: .programmatic)
            propose(&update, from: focusedNode, to: n)
            return update
        }
        guard tree.layer(of: n) == tree.layerRoots.count - 1 else {
            return refuse(.notInFrontLayer(id))
        }
        guard let item = tree.preferredFocus(of: n) else { return refuse(.nothingFocusableIn(id)) }
        var update = FocusUpdate(
            previous: previous, next: tree.ids[item], heading: .programmatic, via: .programmatic,
            routedBy: id)
        propose(&update, from: focusedNode, to: item)
        return update
    }

    // MARK: Directional and sequential moves

    /// A swipe: the focus update the policy chooses, with remembered and user-initiated default focus applied.
    @discardableResult
    public mutating func move(_ direction: Direction) -> FocusUpdate {
        let previous = state.focused
        guard let from = focusedNode else {
            // Nothing focused: a swipe focuses the layer's preferred item (as the first touch does on tvOS).
            return focusInitial()
        }
        // onMoveCommand: the focused item or an ancestor consumes this direction.
        let consumes = NodeFlags.consumes(direction)
        if tree.has(.lineageConsumes, from),
            let n = tree.ancestors(from, includingSelf: true).first(where: { tree.has(consumes, $0) })
        {
            return FocusUpdate(
                previous: previous, next: previous, heading: .move(direction), outcome: .consumed(by: tree.ids[n]))
        }
        var looked = 0
        var cut = false
        let result = search(from: from, direction, examined: &looked, cutShort: &cut)
        examined += looked
        if cut { searchesCutShort += 1 }
        guard let found = result else {
            return FocusUpdate(
                previous: previous, next: previous, heading: .move(direction),
                outcome: .blocked(.nothingInPath))
        }
        // How the target leads to its item, then where entering containers takes focus instead.
        var next = found.item
        var via = Via.direct
        var routedBy: String?
        switch tree.roles[found.target] {
        case .guide:
            via = .guide
            routedBy = tree.ids[found.target]
        case .container:
            via = .section
            routedBy = tree.ids[found.target]
        case .item, .layer: break
        }
        if let entry = redirectOnEntry(to: next, from: from, userInitiated: true) {
            next = entry.item
            via = entry.via
            routedBy = entry.routedBy
        }
        // Built once every decision is made, then only read (asked, applied, returned).
        let update = FocusUpdate(
            previous: previous, next: tree.ids[next], heading: .move(direction), via: via,
            routedBy: routedBy)
        if next != from {
            if let refused = vetoed(update) { return refused }
            apply(update, from: from, to: next)
        }
        return update
    }

    /// The policy's choice for a swipe from `from`, without applying it.
    func search(from: Int, _ direction: Direction) -> SearchResult? {
        var examined = 0
        var cut = false
        return search(from: from, direction, examined: &examined, cutShort: &cut)
    }

    /// `examined` counts the nodes the search looked at (the peers' rules look at every item); `cutShort` is set
    /// when the search stopped at ``lookLimit``.
    func search(from: Int, _ direction: Direction, examined: inout Int, cutShort: inout Bool) -> SearchResult? {
        switch policy {
        case .tvos:
            return tree.indexedSearch(from: from, direction, examined: &examined, limit: lookLimit, cutShort: &cutShort)
        case .android:
            examined += tree.spatial.targets.count
            return tree.androidSearch(from: from, direction)
        case .web:
            examined += tree.spatial.targets.count
            return tree.webSearch(from: from, direction)
        }
    }

    /// Tab / Shift-Tab: the next or previous item in sequential order; sections keep their items together.
    @discardableResult
    public mutating func moveSequential(forward: Bool) -> FocusUpdate {
        let previous = state.focused
        let heading: Heading = forward ? .next : .previous
        guard let from = focusedNode else { return focusInitial() }
        let order = tree.sequentialOrder()
        guard let k = order.firstIndex(of: from) else {
            return FocusUpdate(
                previous: previous, next: previous, heading: heading,
                outcome: .blocked(.notInSequentialOrder))
        }
        let j = forward ? k + 1 : k - 1
        guard order.indices.contains(j) else {
            return FocusUpdate(
                previous: previous, next: previous, heading: heading,
                outcome: .blocked(.endOfSequentialOrder(forward: forward)))
        }
        var update = FocusUpdate(
            previous: previous, next: tree.ids[order[j]], heading: heading, via: .sequential)
        propose(&update, from: from, to: order[j])
        return update
    }

    /// Entering a container from outside, outermost entered container first: an explicit
    /// `defaultFocus` with `userInitiated` priority; then `remembersLastFocus`; then, for a container
    /// with `userInitiated` priority but no `defaultFocus` id, its preferred focus (how a tab's content
    /// is entered from the tab bar). The item focus goes to instead of `target`, how and through which
    /// container; nil when it stays on `target`.
    func redirectOnEntry(to target: Int, from: Int, userInitiated: Bool) -> (item: Int, via: Via, routedBy: String)? {
        // Most moves enter no container that can redirect: one bit of the target says so.
        guard tree.has(.ancestorRedirects, target) else { return nil }
        // The containers entered are the target's ancestors up to the first that contains `from`
        // (every one above it does too); those that can redirect, outermost first.
        var entered: [Int] = []
        for c in tree.ancestors(target) {
            if tree.isAncestor(c, of: from) { break }
            if tree.roles[c] == .container, !tree.flags[c].isDisjoint(with: .redirectsOnEntry) { entered.append(c) }
        }
        for c in entered.reversed() {
            let always = userInitiated && tree.has(.userInitiatedDefault, c)
            let hasDefault = tree.has(.hasDefaultFocus, c)
            if always, hasDefault, let item = tree.preferredFocus(of: c), item != from {
                return (item, .default, tree.ids[c])
            }
            if tree.has(.remembersLastFocus, c), let memory = state.remembered[tree.ids[c]],
                let item = rememberedItem(in: c, memory), item != from
            {
                return (item, .remembered, tree.ids[c])
            }
            if always, !hasDefault, let item = tree.preferredFocus(of: c), item != from {
                // The container's preferred item may be the target itself: then nothing changes.
                return item != target ? (item, .default, tree.ids[c]) : nil
            }
        }
        return nil
    }

    /// The remembered item, or when it is gone, the focusable item of the container nearest to where it was.
    func rememberedItem(in container: Int, _ memory: RememberedFocus) -> Int? {
        if let n = tree.node(memory.id), tree.isAncestor(container, of: n), tree.isFocusable(n) { return n }
        let candidates = tree.focusableDescendants(of: container)
        return candidates.min { a, b in
            let da = distance(tree.frames[a], memory.frame)
            let db = distance(tree.frames[b], memory.frame)
            return da != db ? da < db : a < b
        }
    }

    // MARK: Layers

    /// A layer was presented above (the new tree has it on top): focus its preferred item and remember
    /// what to restore when it goes away.
    @discardableResult
    public mutating func present(in newTree: FocusTree) -> FocusUpdate {
        let previous = state.focused
        tree = newTree
        guard let root = tree.activeLayerRoot else {
            return FocusUpdate(previous: previous, next: nil, heading: .presented, outcome: .blocked(.noLayer))
        }
        if let previous { state.restoreOnDismiss[tree.ids[root]] = previous }
        guard let item = tree.preferredFocus(of: root) else {
            state.focused = nil
            return FocusUpdate(
                previous: previous, next: nil, heading: .presented, via: .default,
                routedBy: tree.ids[root])
        }
        let update = FocusUpdate(
            previous: previous, next: tree.ids[item], heading: .presented, via: .default,
            routedBy: tree.ids[root])
        apply(update, from: focusedNode, to: item)
        return update
    }

    /// The front-most layer `layerID` was dismissed (the new tree no longer has it): restore the item
    /// focused before it appeared, when the layer restores focus and that item survives.
    ///
    /// `restoresFocusAfterTransition` belongs to the presenting view controller in UIKit ("if an item in
    /// the view controller is focused and a second view controller is presented, the original item
    /// becomes focused again when the second view controller is dismissed", tvos-focus.md §A5): the
    /// layer now on top (the presenter) must restore, as must the dismissed layer (`restores`, which
    /// TenFoot's scene format also lets a sheet set for itself).
    @discardableResult
    public mutating func dismiss(_ layerID: String, restores: Bool = true, in newTree: FocusTree) -> FocusUpdate {
        let previous = state.focused
        tree = newTree
        let saved = state.restoreOnDismiss.removeValue(forKey: layerID)
        let presenterRestores = tree.activeLayerRoot.map { !tree.has(.keepsFocusAfterTransition, $0) } ?? true
        if restores, presenterRestores, let saved, let node = tree.node(saved), tree.isFocusable(node) {
            let update = FocusUpdate(
                previous: previous, next: saved, heading: .dismissed, via: .restored)
            apply(update, from: focusedNode, to: node)
            return update
        }
        guard let root = tree.activeLayerRoot, let item = tree.preferredFocus(of: root) else {
            state.focused = nil
            return FocusUpdate(
                previous: previous, next: nil, heading: .dismissed, outcome: .blocked(.nothingFocusable))
        }
        let update = FocusUpdate(
            previous: previous, next: tree.ids[item], heading: .dismissed, via: .default)
        apply(update, from: focusedNode, to: item)
        return update
    }

    /// The tree changed (reload, removal, scrolling, state change): keep focus on the same id when it
    /// can still take focus, else move it to the nearest survivor; never to nothing while focusables remain.
    @discardableResult
    public mutating func replaceTree(_ newTree: FocusTree) -> FocusUpdate {
        let old = tree
        tree = newTree
        let previous = state.focused
        if let id = previous, newTree.isFocusable(id: id) {
            return FocusUpdate(previous: previous, next: id, heading: .reloaded, via: .direct)
        }
        let items = newTree.focusableItems
        guard !items.isEmpty else {
            state.focused = nil
            return FocusUpdate(
                previous: previous, next: nil, heading: .reloaded, outcome: .blocked(.nothingFocusable))
        }
        guard let id = previous, let oldNode = old.node(id) else { return focusInitial() }
        let lastFrame = old.frames[oldNode]
        let survivor = items.min { a, b in
            let da = distance(newTree.frames[a], lastFrame)
            let db = distance(newTree.frames[b], lastFrame)
            return da != db ? da < db : a < b
        }!
        let update = FocusUpdate(
            previous: previous, next: newTree.ids[survivor], heading: .reloaded, via: .survivor)
        apply(update, from: focusedNode, to: survivor)
        return update
    }

    // MARK: Applying

    /// Asks the vetoes, then applies; a refused update says so. `from` and `to` are the nodes of the
    /// update's previous and next ids in the tree (nil when not in it).
    mutating func propose(_ update: inout FocusUpdate, from: Int?, to: Int) {
        if to == from { return }
        if let refused = vetoed(update) {
            update = refused
            return
        }
        apply(update, from: from, to: to)
    }

    /// The update as refused by the first veto that refuses it, if any does.
    func vetoed(_ update: FocusUpdate) -> FocusUpdate? {
        for veto in vetoes {
            if let reason = veto(update, tree) {
                var refused = update
                refused.next = update.previous
                refused.outcome = .vetoed(by: reason)
                return refused
            }
        }
        return nil
    }

    /// Commits an update: focus, remembered focus of the containers it leaves, scene values.
    mutating func apply(_ update: FocusUpdate, from prev: Int?, to next: Int) {
        if let prevID = update.previous, let prev, tree.has(.ancestorRemembers, prev) {
            for c in tree.ancestors(prev) where tree.has(.remembersLastFocus, c) && !tree.isAncestor(c, of: next) {
                state.remembered[tree.ids[c]] = RememberedFocus(id: prevID, frame: tree.frames[prev])
            }
        }
        state.focused = update.next
        focusedCache = update.next.map { ($0, Int32(next)) }
        // Scene values, outermost publisher first so the nearest wins (when any in the chain publishes).
        if tree.has(.lineagePublishesSceneValues, next) {
            for n in Array(tree.ancestors(next, includingSelf: true)).reversed()
            where tree.has(.publishesSceneValues, n) {
                for (k, v) in tree.sceneValues(n) { state.sceneValues[k] = v }
            }
        }
    }

    /// The focused values published now: the focused item's and its ancestors' (nearest wins).
    public var focusedValues: [String: String] {
        guard let n = focusedNode, tree.has(.lineagePublishesValues, n) else { return [:] }
        var values: [String: String] = [:]
        for m in tree.ancestors(n, includingSelf: true) where tree.has(.publishesValues, m) {
            for (k, v) in tree.values(m) where values[k] == nil { values[k] = v }
        }
        return values
    }
}

/// Distance between two frames' centres, used to find survivors near a vanished item.
func distance(_ a: Rect, _ b: Rect) -> Double {
    let dx = a.midX - b.midX
    let dy = a.midY - b.midY
    return (dx * dx + dy * dy).squareRoot()
}
