/// The focus graph of a screen, every focusable item × {up, down, left, right}, and what is wrong
/// with it: items no swipe reaches, dead ends, one-way moves, traps, guides that never fire and
/// sections that never catch.
///
/// Moves are taken from a fresh state each time (no remembered focus), so the graph is the layout's,
/// not one session's.
public struct FocusAudit: Sendable, Hashable, Codable {
    public struct Edge: Sendable, Hashable, Codable {
        public var from: String
        public var direction: Direction
        public var to: String
        public var via: Via

        public init(from: String, direction: Direction, to: String, via: Via) {
            self.from = from
            self.direction = direction
            self.to = to
            self.via = via
        }

        /// The swipe without its route.
        public var move: Move { Move(from: from, direction: direction, to: to) }
        /// The opposite swipe back to where this one started.
        public var returnMove: Move { Move(from: to, direction: direction.opposite, to: from) }
    }

    /// A swipe from one item to another, compared as a whole (one-way checks, the map's colours).
    public struct Move: Sendable, Hashable {
        public var from: String
        public var direction: Direction
        public var to: String
    }

    public var initial: String?
    public var items: [String]
    public var edges: [Edge]
    /// Focusable items that no sequence of swipes reaches from the initial focus.
    public var unreachable: [String]
    /// Items from which no swipe moves focus at all.
    public var deadEnds: [String]
    /// A → B by a swipe, but the opposite swipe from B does not return to A.
    public var oneWay: [Edge]
    /// Sets of items that swipes can enter but never leave (while other items exist).
    public var traps: [[String]]
    public var guidesThatNeverFire: [String]
    public var sectionsThatNeverCatch: [String]
    /// Items a swipe from which stopped at its share of the graph's looks (``FocusSystem/graphLookLimit(items:)``):
    /// where it leads, and so what reaches what, may not be what a full search gives.
    public var cutShort: [String] = []

    public var isClean: Bool {
        unreachable.isEmpty && deadEnds.isEmpty && oneWay.isEmpty && traps.isEmpty && guidesThatNeverFire.isEmpty
            && sectionsThatNeverCatch.isEmpty
    }

    /// The findings of a focus graph: `items` in tree order, the swipes between them, where focus
    /// starts, and the guides and sections there are, with those the swipes went through.
    public init(
        items: [String], edges: [Edge], initial: String?, guides: [String], sections: [String],
        fired: Set<String>, caught: Set<String>
    ) {
        // The graph by numbers (items first, then anything else an edge names): a staircase of 99,999 items has
        // 400,000 edges, and sets and dictionaries of their names took most of a second.
        var ids = items
        var number = [String: Int](minimumCapacity: items.count)
        for (k, id) in items.enumerated() where number[id] == nil { number[id] = k }
        func numbered(_ id: String) -> Int {
            if let k = number[id] { return k }
            number[id] = ids.count
            ids.append(id)
            return ids.count - 1
        }
        let ends = edges.map { (from: numbered($0.from), way: FocusAudit.way($0.direction), to: numbered($0.to)) }
        let start = initial.map(numbered)
        let n = ids.count
        var out = [[Int]](repeating: [], count: n)
        for e in ends { out[e.from].append(e.to) }
        // Reachability from the initial focus.
        var reached = [Bool](repeating: false, count: n)
        var queue = start.map { [$0] } ?? []
        while let k = queue.popLast() {
            guard !reached[k] else { continue }
            reached[k] = true
            queue += out[k]
        }
        let isDeadEnd = (0..<n).map { $0 < items.count && out[$0].isEmpty && items.count > 1 }
        let deadEnds = items.indices.filter { isDeadEnd[$0] }.map { items[$0] }
        // Each move as one number: from, direction, to.
        let moves = Set(ends.map { ($0.from * 4 + $0.way) * n + $0.to })
        self.initial = initial
        self.items = items
        self.edges = edges
        unreachable = items.indices.filter { !reached[$0] }.map { items[$0] }
        self.deadEnds = deadEnds
        oneWay = edges.indices.filter { k in
            let e = ends[k]
            return !moves.contains((e.to * 4 + (e.way ^ 1)) * n + e.from)
        }.map { edges[$0] }
        traps = FocusSystem.sinkComponents(count: items.count, out: out).filter {
            $0.count < items.count && !$0.allSatisfy { isDeadEnd[$0] }
        }.map { $0.map { items[$0] } }
        guidesThatNeverFire = guides.filter { !fired.contains($0) }
        sectionsThatNeverCatch = sections.filter { !caught.contains($0) }
    }

    /// A direction as a number whose last bit flipped is the opposite's.
    static func way(_ d: Direction) -> Int {
        switch d {
        case .up: 0
        case .down: 1
        case .left: 2
        case .right: 3
        }
    }

    public var findingCount: Int {
        unreachable.count + deadEnds.count + oneWay.count + traps.count + guidesThatNeverFire.count
            + sectionsThatNeverCatch.count
    }
}

extension FocusSystem {
    /// Builds the focus graph of the front-most layer and reports its problems. `initial` is where
    /// reachability starts (default: the layer's preferred focus).
    /// `swipes`: how the swipes from a list of items are found (``swipes(from:)``, or the same spread over
    /// threads by a host that has them).
    public func audit(initial start: String? = nil, swipes find: (([String]) -> Swipes)? = nil) -> FocusAudit {
        let items = tree.focusableItems.map { tree.ids[$0] }
        var initial = start
        if initial == nil {
            var probe = self
            probe.state = FocusState()
            initial = probe.focusInitial().next
        }
        let graph = find?(items) ?? swipes(from: items)
        var audit: FocusAudit
        if let root = tree.activeLayerRoot {
            audit = FocusAudit(
                items: items, edges: graph.edges, initial: initial,
                guides: tree.descendants(root).filter { tree.roles[$0] == .guide }.map { tree.ids[$0] },
                sections: tree.descendants(root).filter(tree.isSection).map { tree.ids[$0] },
                fired: graph.fired, caught: graph.caught)
        } else {
            audit = FocusAudit(
                items: items, edges: graph.edges, initial: initial, guides: [], sections: [], fired: [], caught: [])
        }
        audit.cutShort = graph.cutShort
        return audit
    }

    /// The swipes from some items that move focus, in item order then direction order, the guides that fired
    /// and the sections that caught on the way, and the items a swipe from which stopped at its share of the
    /// graph's looks (``graphLookLimit(items:)``), in item order.
    public typealias Swipes = (edges: [FocusAudit.Edge], fired: Set<String>, caught: Set<String>, cutShort: [String])

    /// The nodes a whole focus graph's searches may visit together: each swipe gets an equal share
    /// (``graphLookLimit(items:)``). A real screen's swipe visits tens; 10,000 buttons piled along both axes, every
    /// swipe visiting most of them, took `audit` 8 s, and the scene limit's 100,000 would take many minutes. At 50
    /// million, 50,000 buttons under as many opaque images took `audit --accessibility` 5.5 s, the graph 2.3 s of it;
    /// at 32 million, 4.8–5.2 s.
    public static let graphLooks = 24_000_000

    /// The most one swipe's search visits in the focus graph of a screen of `items` focusable items: its share of
    /// ``graphLooks``, and never fewer than ``leastLooksPerSwipe``.
    public static func graphLookLimit(items: Int) -> Int {
        max(leastLooksPerSwipe, graphLooks / max(1, 4 * items))
    }

    /// The share no swipe of a focus graph goes below, however many items the screen has: a real screen's swipe visits
    /// tens.
    public static let leastLooksPerSwipe = 128

    /// Every swipe from each of `items` (a fresh state each: no remembered focus) that moves focus,
    /// and the guides and sections those swipes went through. Each search visits at most its share of the graph's
    /// looks (``graphLookLimit(items:)`` of the tree's focusable items).
    public func swipes(from items: [String]) -> Swipes {
        var edges: [FocusAudit.Edge] = []
        var fired = Set<String>()
        var caught = Set<String>()
        var cutShort: [String] = []
        let limit = FocusSystem.graphLookLimit(items: tree.focusableItems.count)
        for id in items {
            var cut = false
            for d in Direction.allCases {
                var probe = self
                probe.state = FocusState(focused: id)
                probe.vetoes = []
                probe.lookLimit = min(lookLimit, limit)
                let u = probe.move(d)
                if probe.searchesCutShort > searchesCutShort { cut = true }
                guard u.moved, let to = u.next else { continue }
                edges.append(FocusAudit.Edge(from: id, direction: d, to: to, via: u.via ?? .direct))
                if u.via == .guide, let g = u.routedBy { fired.insert(g) }
                if u.via == .section, let s = u.routedBy { caught.insert(s) }
            }
            if cut { cutShort.append(id) }
        }
        return (edges, fired, caught, cutShort)
    }

    /// Strongly connected components with no edge leaving them (Tarjan's algorithm, iterative so a
    /// ten-thousand-item chain cannot overflow the stack) of the items numbered below `n`, by their edges in `out`:
    /// each component's numbers in order, the components by their first.
    static func sinkComponents(count n: Int, out: [[Int]]) -> [[Int]] {
        // Only the items' own edges count (edges to anything else are not followed).
        let adjacency: [[Int]] = (0..<n).map { out[$0].filter { $0 < n } }
        var index = [Int](repeating: -1, count: n)
        var low = [Int](repeating: 0, count: n)
        var onStack = [Bool](repeating: false, count: n)
        var stack: [Int] = []
        var components: [[Int]] = []
        var counter = 0
        for root in 0..<n where index[root] < 0 {
            var work: [(node: Int, edge: Int)] = [(root, 0)]
            index[root] = counter
            low[root] = counter
            counter += 1
            stack.append(root)
            onStack[root] = true
            while var frame = work.popLast() {
                let v = frame.node
                if frame.edge < adjacency[v].count {
                    let w = adjacency[v][frame.edge]
                    frame.edge += 1
                    work.append(frame)
                    if index[w] < 0 {
                        index[w] = counter
                        low[w] = counter
                        counter += 1
                        stack.append(w)
                        onStack[w] = true
                        work.append((w, 0))
                    } else if onStack[w] {
                        low[v] = min(low[v], index[w])
                    }
                    continue
                }
                if let parent = work.last { low[parent.node] = min(low[parent.node], low[v]) }
                if low[v] == index[v] {
                    var comp: [Int] = []
                    while let w = stack.popLast() {
                        onStack[w] = false
                        comp.append(w)
                        if w == v { break }
                    }
                    components.append(comp)
                }
            }
        }
        // Each item's component, to see which components no edge leaves.
        var component = [Int](repeating: 0, count: n)
        for (c, comp) in components.enumerated() { for v in comp { component[v] = c } }
        return components.enumerated().filter { c, comp in
            comp.allSatisfy { adjacency[$0].allSatisfy { component[$0] == c } }
                && comp.contains { !adjacency[$0].isEmpty }
        }.map { $0.1.sorted() }.sorted { $0[0] < $1[0] }
    }
}
