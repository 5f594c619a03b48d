/// The preferred focus chain (UIKit `preferredFocusEnvironments`, SwiftUI `defaultFocus`,
/// `prefersDefaultFocus(_:in:)` and `focusScope`): which item an environment hands focus to.
///
/// Resolution of an environment, first match wins:
/// 1. an item is itself, when it can take focus;
/// 2. a guide tries its preferred targets in order (each resolved the same way);
/// 3. a container with `defaultFocus` resolves that id;
/// 4. a container that declares `focusScope` gives the first focusable item in its subtree that
///    `prefersDefaultFocus` in that scope (a layer is the scope of preferences that name none);
/// 5. the first nested container with a `defaultFocus` that resolves, in tree order (SwiftUI evaluates
///    default focus when the window first appears);
/// 6. otherwise the top-most, then leading-most focusable descendant (WWDC20-10042, WWDC23-10162) —
///    and when that item lies inside a nested `focusScope`, the scope's preference redirects the
///    search there (outermost scope first). A scope's preference is "limited to" its scope and "will
///    not impact global focus" when focus "was supposed to be somewhere else" (WWDC20-10042), so a
///    scope beside other content does not decide where the screen's focus starts; it decides
///    `resetFocus(in:)` and entry through its own preferred chain (step 4). tvos-focus.md §A13.
/// Chains through guides are followed with cycle detection and always terminate: one search visits each
/// environment once (one that yielded nothing yields nothing again), and follows at most
/// ``maxPreferenceDepth`` links.
extension FocusTree {
    /// The most links one preferred focus chain follows (a guide naming a guide naming a guide…, a `defaultFocus`
    /// naming a container): a chain longer than this yields nothing past it. Each link is a frame on the C stack
    /// (70,000 guides, each preferring the next, overflowed it), and lint resolves every guide (70,000 guides
    /// followed 1,000 links each took minutes). Scenes nest at most 64 deep, so a chain of defaultFocus names down
    /// the tree always fits.
    public static let maxPreferenceDepth = 100
    /// The most one resolution looks at: environments entered and names in `preferred` lists read (a real guide's
    /// looks at a handful). Past it, the chain yields nothing: 1,000 guides each naming all 1,000 read a million names
    /// a resolution (35 ms), a `focus` action repeated 2,000 times in one event ran past a minute, and `audit`, which
    /// resolves every guide, took 23 s on 90,000 guides at 10,000 looks each.
    public static let maxPreferenceLooks = 1_000

    /// One resolution's state: the environments it entered (each once) and how much it looked at.
    struct PreferenceSearch {
        var visited = Set<Int>()
        var looked = 0
        var spent: Bool { looked > FocusTree.maxPreferenceLooks }
    }

    /// The item `node` hands focus to, or nil when it has nothing focusable.
    public func preferredFocus(of node: Int) -> Int? {
        var search = PreferenceSearch()
        return resolvePreferred(node, &search)
    }

    public func preferredFocus(of id: String) -> String? {
        node(id).flatMap { preferredFocus(of: $0) }.map { ids[$0] }
    }

    /// A guide's destination: its first preferred target that yields a focusable item.
    public func guideDestination(_ guide: Int) -> Int? {
        var looked = 0
        return guideDestination(guide, looked: &looked)
    }

    /// `looked` counts what the resolution looked at (``maxPreferenceLooks`` at most).
    func guideDestination(_ guide: Int, looked: inout Int) -> Int? {
        var search = PreferenceSearch()
        defer { looked += search.looked }
        return resolvePreferred(guide, &search)
    }

    /// `search.visited`: the environments this search has entered. Each is entered once: the search returns at the first
    /// item found, so one entered before yielded nothing, and yields nothing again (on a cycle back to it as on
    /// any other way; guides naming each other many times over were tried exponentially often before).
    func resolvePreferred(_ node: Int, _ search: inout PreferenceSearch, depth: Int = 0) -> Int? {
        search.looked += 1
        guard depth < FocusTree.maxPreferenceDepth, !search.spent, search.visited.insert(node).inserted else {
            return nil
        }
        switch roles[node] {
        case .item:
            return isFocusable(node) ? node : nil
        case .guide:
            guard !has(.guideDisabled, node) else { return nil }
            for id in preferred(node) {
                search.looked += 1
                if search.spent { return nil }
                if let target = self.node(id), let found = resolvePreferred(target, &search, depth: depth + 1) {
                    return found
                }
            }
            return nil
        case .container, .layer:
            if let explicit = explicitPreference(node, &search, depth: depth) { return explicit }
            for d in descendants(node) where roles[d] == .container && has(.hasDefaultFocus, d) {
                if let found = explicitPreference(d, &search, depth: depth) { return found }
            }
            guard let first = topLeading(focusableDescendants(of: node)) else { return nil }
            return arrivalInScope(first, below: node) ?? first
        }
    }

    /// Step 6's redirect: the preferred item of the outermost `focusScope` between `container` and
    /// `item` (exclusive) that has one, when the default search arrives at `item` inside it.
    func arrivalInScope(_ item: Int, below container: Int) -> Int? {
        var scopes: [Int] = []
        for a in ancestors(item) {
            if a == container { break }
            if has(.hasFocusScope, a) { scopes.append(a) }
        }
        for s in scopes.reversed() {
            if let name = focusScope(s), let found = scopePreference(s, name) { return found }
        }
        return nil
    }

    /// Steps 3 and 4 for one container.
    func explicitPreference(_ node: Int, _ search: inout PreferenceSearch, depth: Int = 0) -> Int? {
        if let id = defaultFocus(node), let target = self.node(id),
            let found = resolvePreferred(target, &search, depth: depth + 1)
        {
            return found
        }
        let scope = focusScope(node) ?? (roles[node] == .layer ? "" : nil)
        if let scope, let found = scopePreference(node, scope) { return found }
        return nil
    }

    /// The first focusable item in `node`'s subtree that prefers default focus in `scope`
    /// ("" = the layer's implicit scope, for preferences that name no scope outside any scope).
    func scopePreference(_ node: Int, _ scope: String) -> Int? {
        scopePreferences(node, scope).first(where: isFocusable)
    }

    /// Every item in `node`'s subtree that prefers default focus in `scope`, focusable or not (lint).
    public func scopePreferences(_ node: Int, _ scope: String) -> [Int] {
        descendants(node).filter { i in
            guard roles[i] == .item, has(.prefersDefaultFocus, i) else { return false }
            return (prefersDefaultFocusIn(i) ?? enclosingScope(of: i) ?? "") == scope
        }
    }

    /// The name of the nearest enclosing `focusScope`, if any.
    public func enclosingScope(of node: Int) -> String? {
        for a in ancestors(node) { if let s = focusScope(a) { return s } }
        return nil
    }

    /// The container that declares `scope`, in the active layer (or the layer root for "").
    public func scopeContainer(_ scope: String) -> Int? {
        guard let root = activeLayerRoot else { return nil }
        if scope.isEmpty { return root }
        if focusScope(root) == scope { return root }
        return descendants(root).first { focusScope($0) == scope }
    }

    /// "The top-most control that's closest to the leading edge": smallest top, then nearest the leading
    /// edge (the left, or the right when the layout is right to left), then tree order. Tops within
    /// `rowTolerance` of each other count as one row.
    public func topLeading(_ items: [Int]) -> Int? {
        items.min { a, b in leadsInReadingOrder(frames[a], a, frames[b], b) }
    }

    /// Reading order of two frames: the higher row first, then the leading one, then tree order.
    func leadsInReadingOrder(_ fa: Rect, _ a: Int, _ fb: Rect, _ b: Int) -> Bool {
        if abs(fa.minY - fb.minY) > FocusTree.rowTolerance { return fa.minY < fb.minY }
        if options.isRightToLeft {
            if fa.maxX != fb.maxX { return fa.maxX > fb.maxX }
        } else if fa.minX != fb.minX {
            return fa.minX < fb.minX
        }
        return a < b
    }

    /// Items whose tops differ by less than this many points are in the same row (half-point
    /// rounding from layout must not decide which item is "top-most").
    static let rowTolerance = 0.5
}
