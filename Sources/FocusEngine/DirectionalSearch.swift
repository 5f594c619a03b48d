/// The tvOS directional search: from the focused frame, sweep a beam in the swipe's direction and
/// pick the nearest target in it; sections and guides in the beam route focus to an item.
///
/// The rule (Apple publishes none; see docs/focus-engine.md for the sources it is calibrated on):
/// 1. The search region starts at the focused frame's leading edge and runs to the end of the layer's
///    content, exactly as wide across the direction as the focused frame (a wider item searches a
///    wider path).
/// 2. A target (an eligible item, an enabled guide, or a focus section that does not contain focus)
///    counts when the part of its visible region beyond the leading edge overlaps the search region
///    with positive area (Visibility.swift: what scrolling containers clip and opaque nodes cover is
///    not searched, except what a container the move starts in can scroll into view).
/// 3. Targets are ranked by gap along the direction (leading edge to the near side of their nearest
///    visible rectangle in the path), then by the offset of that rectangle's centre across it, then
///    items before guides before sections, then tree order.
/// 4. The best target that resolves to an item wins: an item is itself; a guide gives its first
///    focusable preferred target; a section gives its nearest focusable descendant in the direction
///    of travel. A target that resolves to nothing is passed over.
public enum FocusPolicy: String, CaseIterable, Sendable, Codable, Hashable {
    /// tvOS: beam search with sections and guides (the default).
    case tvos
    /// Android's FocusFinder: beam preference, then 13·major² + minor².
    case android
    /// The W3C CSS spatial navigation distance, as the WICG polyfill computes it.
    case web
}

/// What kind of search target a node is.
public enum TargetKind: String, Sendable, Codable, Hashable, Comparable {
    case item, guide, section

    /// At equal distance an item in the path wins over a guide, and a guide over a section.
    var rank: Int {
        switch self {
        case .item: 0
        case .guide: 1
        case .section: 2
        }
    }

    public static func < (a: TargetKind, b: TargetKind) -> Bool { a.rank < b.rank }
}

/// One target's place in the ranking: smaller is better, compared field by field.
struct SearchKey: Comparable {
    var gap: Double
    var offset: Double
    var kind: TargetKind
    var order: Int

    static func < (a: SearchKey, b: SearchKey) -> Bool {
        if a.gap != b.gap { return a.gap < b.gap }
        if a.offset != b.offset { return a.offset < b.offset }
        if a.kind != b.kind { return a.kind < b.kind }
        return a.order < b.order
    }
}

/// A search's winner: the target in the path and the item it leads to. How it leads there follows
/// from the target's role (an item is direct, a guide or a section routes), so the result holds only
/// numbers and costs nothing to copy.
struct SearchResult {
    var item: Int
    var target: Int
    var key: SearchKey
}

extension FocusTree {
    func kind(of node: Int) -> TargetKind {
        switch roles[node] {
        case .guide: .guide
        case .container: .section
        default: .item
        }
    }

    /// The search region for a move: the leading edge onwards, as wide as the focused frame.
    public func searchRegion(from source: Rect, _ direction: Direction) -> Rect {
        let far = 1e9  // "to the end of the layer's content": further than any layout reaches
        switch direction {
        case .right: return Rect(source.maxX, source.minY, far, source.height)
        case .left: return Rect(source.minX - far, source.minY, far, source.height)
        case .down: return Rect(source.minX, source.maxY, source.width, far)
        case .up: return Rect(source.minX, source.minY - far, source.width, far)
        }
    }

    /// True when `frame`'s part beyond the leading edge overlaps the search region with positive area.
    func isInPath(_ frame: Rect, from source: Rect, _ direction: Direction) -> Bool {
        frame.extentBeyond(source.leadingEdge(direction), direction) > 0 && frame.crossOverlap(source, direction) > 0
    }

    /// The item a target in the path leads to, or why it cannot be the destination of this move.
    /// (How it leads there follows from its role: an item directly, a guide or a section by routing.)
    func resolveTarget(_ node: Int, focused: Int, source: Rect, _ direction: Direction) -> (
        item: Int?, rejection: Rejection?
    ) {
        var examined = 0
        return resolveTarget(node, focused: focused, source: source, direction, examined: &examined)
    }

    /// `examined` counts the items a section's hand-off looks at (twice: any in the path, then the nearest).
    func resolveTarget(_ node: Int, focused: Int, source: Rect, _ direction: Direction, examined: inout Int) -> (
        item: Int?, rejection: Rejection?
    ) {
        switch roles[node] {
        case .item:
            if node == focused { return (nil, .isFocused) }
            return (node, nil)
        case .guide:
            if frames[node].overlaps(frames[focused]) { return (nil, .guideOverlapsFocus) }
            guard let target = guideDestination(node, looked: &examined) else { return (nil, .guideLeadsNowhere) }
            if target == focused { return (nil, .guideLeadsToFocus) }
            return (target, nil)
        case .container:
            if isAncestor(node, of: focused) { return (nil, .sectionContainsFocus) }
            let inside = descendants(node).lazy.filter(isFocusable)
            examined += 2 * descendants(node).count
            if inside.contains(where: { pathKey($0, from: focused, source: source, direction) != nil }) {
                return (nil, .sectionHasItemInPath)
            }
            guard let target = nearestInDirection(inside, from: focused, source: source, direction) else {
                return (nil, .sectionHasNothingAhead)
            }
            return (target, nil)
        case .layer:
            return (nil, .notATarget)
        }
    }

    /// A section's hand-off: among `items`, those whose visible region reaches beyond the leading
    /// edge, nearest along the direction first, then nearest across it, then tree order.
    func nearestInDirection(_ items: some Sequence<Int>, from focused: Int, source: Rect, _ direction: Direction)
        -> Int?
    {
        let edge = source.leadingEdge(direction)
        var best: (SearchKey, Int)?
        for i in items {
            for r in region(i, from: focused, direction) where r.extentBeyond(edge, direction) > 0 {
                let key = SearchKey(
                    gap: r.gap(from: edge, direction), offset: r.crossOffset(source, direction), kind: .item, order: i)
                if best == nil || key < best!.0 { best = (key, i) }
            }
        }
        return best?.1
    }

    /// The most one swipe's search looks at before it passes over the guides and sections still in its way (what
    /// they lead to is not resolved): far past any real screen, where a swipe looks at tens of nodes.
    public static let maxSearchLooks = 200_000

    /// The visible rectangles of covered nodes a search reads for one look (``indexedSearch(from:_:examined:limit:cutShort:)``).
    static let rectsPerLook = 16

    /// The tvOS search through the spatial index. Agrees with ``linearSearch`` on every query.
    func indexedSearch(from focused: Int, _ direction: Direction) -> SearchResult? {
        var examined = 0
        var cut = false
        return indexedSearch(from: focused, direction, examined: &examined, limit: .max, cutShort: &cut)
    }

    /// `examined` counts the nodes the walk visits and the items sections' hand-offs look at: the search's work.
    /// `limit`: the most nodes the walk visits; past it the search takes the best it has found and sets
    /// `cutShort` (a focus graph's swipes over items piled on one another, ``FocusSystem/lookLimit``).
    func indexedSearch(
        from focused: Int, _ direction: Direction, examined: inout Int, limit: Int, cutShort: inout Bool
    ) -> SearchResult? {
        let source = frames[focused]
        var best: SearchResult?
        var seen = Set<Int>()
        var count = 0
        var visits = 0
        var cut = false
        defer {
            examined += count
            if cut { cutShort = true }
        }
        spatial.walk(
            from: source, direction,
            visit: { node in
                visits += 1
                if visits > limit {
                    cut = true
                    return true
                }
                count += 1
                // Nothing beats an item straight ahead at no distance but one before it in tree order: on a screen of
                // frames piled on one another every target is there, and each was ranked (10,000 buttons 0.01 pt
                // apart: 10 s for `audit`).
                if let b = best, b.key.gap == 0, b.key.offset == 0, b.key.kind == .item, node > b.key.order {
                    return false
                }
                // Guides and sections can span many cells: weigh each once.
                if roles[node] != .item, seen.contains(node) { return false }
                // A covered node's visible rectangles count as looks, sixteen a look: 3,000 large buttons under 20,000
                // specks, each cut into hundreds, took `audit` 36 s within its looks.
                var read = 0
                let key = pathKey(node, from: focused, source: source, direction, beating: best?.key, rectsRead: &read)
                visits += read / FocusTree.rectsPerLook
                guard let key else { return false }
                if let b = best, !(key < b.key) { return false }
                if roles[node] != .item { seen.insert(node) }
                // Guides and sections past the search's limit are passed over: 90,000 guides in the way, each
                // leading down a chain of 100, took one swipe 20 s.
                if roles[node] != .item, count > FocusTree.maxSearchLooks { return false }
                let r = resolveTarget(node, focused: focused, source: source, direction, examined: &count)
                if let item = r.item { best = SearchResult(item: item, target: node, key: key) }
                return false
            },
            stop: { near in
                guard let b = best else { return false }
                return near > b.key.gap + 1e-9 * max(1, abs(b.key.gap))
            })
        return best
    }

    /// The same search, scanning every node: the reference the index is tested against, and what
    /// the debugger uses to explain every decision.
    func linearSearch(from focused: Int, _ direction: Direction) -> SearchResult? {
        let source = frames[focused]
        var best: SearchResult?
        for t in spatial.targets {
            let node = Int(t)
            guard let key = pathKey(node, from: focused, source: source, direction) else { continue }
            if let b = best, !(key < b.key) { continue }
            let r = resolveTarget(node, focused: focused, source: source, direction)
            if let item = r.item { best = SearchResult(item: item, target: node, key: key) }
        }
        return best
    }
}

/// Why a node was not chosen by a directional search (the debugger's vocabulary).
public enum Rejection: String, Sendable, Codable, Hashable, CustomStringConvertible {
    case isFocused = "is-focused"
    case notATarget = "not-a-target"
    case unfocusable = "unfocusable"
    case outsidePath = "outside-path"
    case behindLeadingEdge = "behind-leading-edge"
    case hiddenInPath = "hidden-in-path"
    case fartherThanWinner = "farther-than-winner"
    case guideDisabled = "guide-disabled"
    case guideEmpty = "guide-empty"
    case guideOverlapsFocus = "guide-overlaps-focus"
    case guideLeadsNowhere = "guide-leads-nowhere"
    case guideLeadsToFocus = "guide-leads-to-focus"
    case sectionContainsFocus = "section-contains-focus"
    case sectionHasItemInPath = "section-has-item-in-path"
    case sectionHasNothingAhead = "section-has-nothing-ahead"
    case sectionEmpty = "section-empty"
    case notInActiveLayer = "not-in-active-layer"
    case policyNotCandidate = "not-a-candidate"

    public var description: String {
        switch self {
        case .isFocused: "the focused item itself"
        case .notATarget: "not a search target"
        case .unfocusable: "cannot take focus"
        case .outsidePath: "outside the search path"
        case .behindLeadingEdge: "does not reach beyond the leading edge"
        case .hiddenInPath: "reaches the path only with its hidden part (clipped or covered)"
        case .fartherThanWinner: "in the path, ranked after the winner"
        case .guideDisabled: "guide disabled"
        case .guideEmpty: "guide has no preferred targets"
        case .guideOverlapsFocus: "guide overlaps the focused item"
        case .guideLeadsNowhere: "guide's preferred targets are all unfocusable"
        case .guideLeadsToFocus: "guide leads back to the focused item"
        case .sectionContainsFocus: "section contains focus"
        case .sectionHasItemInPath: "section has an item in the path (reached directly)"
        case .sectionHasNothingAhead: "section has no focusable item ahead"
        case .sectionEmpty: "section has nothing focusable"
        case .notInActiveLayer: "not in the front-most layer"
        case .policyNotCandidate: "not a candidate for this policy"
        }
    }
}
