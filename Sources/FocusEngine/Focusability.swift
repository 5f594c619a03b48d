import Synchronization

/// Why an item cannot take focus: the tvOS rules, each checked on its own so the debugger can list
/// every one that fails (UIFocusDebugger `checkFocusability(for:)`).
public enum FocusabilityIssue: Hashable, Sendable, CustomStringConvertible {
    /// The node is not an item (a container, guide or layer) or has no `focusable`.
    case notFocusable
    /// `focusable(interactions: .activate)` on a keyboard platform with full keyboard access off.
    case activateNeedsFullKeyboardAccess
    /// `disabled` on the item or on an ancestor (named).
    case disabled(by: String)
    /// `hidden` on the item or on an ancestor (named).
    case hidden(by: String)
    /// Zero width or height.
    case zeroSized
    /// Nothing of it can show: outside the screen along an axis no scrolling container around it
    /// scrolls, or inside a scrolling container that shows nothing itself.
    case offscreen
    /// What could show of it is covered by opaque nodes drawn above it (the first one named).
    case covered(by: String)
    /// In a layer below the front-most one (a sheet is presented above).
    case notInActiveLayer(String)

    public var description: String {
        switch self {
        case .notFocusable: "it is not focusable (no \"focusable\", or not an item)"
        case .activateNeedsFullKeyboardAccess:
            "its interactions are \"activate\" only and full keyboard access is off"
        case .disabled(let by): by.isEmpty ? "it is disabled" : "it is disabled (by \"\(by)\")"
        case .hidden(let by): by.isEmpty ? "it is hidden" : "it is hidden (by \"\(by)\")"
        case .zeroSized: "it has zero width or height"
        case .offscreen: "it is outside the screen and no scrolling container can bring it into view"
        case .covered(let by): "it is completely covered by \"\(by)\", an opaque node drawn above it"
        case .notInActiveLayer(let layer): "it is not in the front-most layer (\"\(layer)\" is above it)"
        }
    }

    /// A short stable code for JSON output and tests.
    public var code: String {
        switch self {
        case .notFocusable: "not-focusable"
        case .activateNeedsFullKeyboardAccess: "activate-needs-full-keyboard-access"
        case .disabled: "disabled"
        case .hidden: "hidden"
        case .zeroSized: "zero-sized"
        case .offscreen: "offscreen"
        case .covered: "covered"
        case .notInActiveLayer: "not-in-active-layer"
        }
    }
}

extension FocusTree {
    /// The UIFocusDebugger-style answer for one id: every issue that stops it taking focus, or none.
    public func checkFocusability(_ id: String) -> [FocusabilityIssue]? {
        guard let n = node(id) else { return nil }
        return issues(of: n)
    }

    /// Every issue that stops `node` taking focus, or none.
    func issues(of node: Int) -> [FocusabilityIssue] {
        if roles[node] != .item { return [.notFocusable] }
        if isFocusable(node) { return [] }
        return FocusTree.position(of: node, in: issueNodes).map { issueLists[$0] } ?? []
    }

    /// The debugger's text for one id, worded after UIFocusDebugger.
    public func focusabilityReport(_ id: String, focused: String? = nil) -> String {
        guard let found = checkFocusability(id) else { return "There is no node with id \"\(id)\"." }
        // What a search sees of it: the visible region, and who hides the rest.
        let seen = node(id).flatMap { roles[$0] == .item ? visibility(id) : nil }
        let region = seen.map { v in
            v.summary
                + (v.isWhole || v.scrollsWithin.isEmpty
                    ? ""
                    : "; moves inside \"\(v.scrollsWithin[0])\" along its axis see the rest (it scrolls it into view)")
        }
        if id == focused { return "\"\(id)\" is currently focused." + (region.map { "\n" + $0 } ?? "") }
        if found.isEmpty {
            return """
                "\(id)" should be focusable.
                Focus may still not reach it when: a move handler or veto refuses the update; a focus guide \
                or section redirects moves away from it; no move leads to it geometrically (see `tenfoot audit`).
                """ + (region.map { "\n" + $0 } ?? "")
        }
        var lines = ["The following issues were found that would prevent \"\(id)\" from being focusable:"]
        for issue in found { lines.append("ISSUE: \(issue)") }
        if let region { lines.append(region) }
        return lines.joined(separator: "\n")
    }

    /// The front-most item whose frame holds the point (the last in depth-first order: drawn last,
    /// so on top), focusable or not; nil over empty space.
    public func item(atX x: Double, y: Double) -> Int? {
        (0..<count).last { roles[$0] == .item && frames[$0].contains(x: x, y: y) }
    }

    /// The debugger's answer for whatever item lies under a point (Ctrl-click in the F2 overlay).
    public func focusabilityReport(atX x: Double, y: Double, focused: String? = nil) -> String {
        guard let n = item(atX: x, y: y) else { return "nothing at \(fmt(x)), \(fmt(y))" }
        return focusabilityReport(ids[n], focused: focused)
    }

    /// What the snapshot works out once about what can take focus and what shows.
    struct Findings {
        var issueNodes: [Int32] = [], issueLists: [[FocusabilityIssue]] = []
        var covers = CoverTable()
        /// The regions of the tree whose covers these are, when they were taken from it (``CoverMemo``).
        var regions: RegionCache?
    }

    /// Works out, once per snapshot, every reason each item cannot take focus, and what opaque nodes
    /// cover of each item (Visibility.swift): marks the items that can take focus `eligible` and the
    /// nodes not wholly visible `partlyHidden` in `flags`, and returns the items that cannot take focus
    /// with their issues, and the covered items with their covers, in tree order.
    static func computeIssues(
        options: Options, frames: [Rect], roles: [FocusNode.Role], parents: [Int32], ends: [Int32],
        flags: inout [NodeFlags], layerRoots: [Int], ids: [String]
    ) -> Findings {
        let inputs = IssuesMemo.Inputs(
            options: options, ids: ids, frames: frames, roles: roles, parents: parents, ends: ends, flags: flags,
            layerRoots: layerRoots)
        if let (marked, found) = IssuesMemo.last(for: inputs) {
            flags = marked
            return found
        }
        let found = workOutIssues(
            options: options, frames: frames, roles: roles, parents: parents, ends: ends, flags: &flags,
            layerRoots: layerRoots, ids: ids)
        IssuesMemo.keep(inputs, flags, found)
        return found
    }

    static func workOutIssues(
        options: Options, frames: [Rect], roles: [FocusNode.Role], parents: [Int32], ends: [Int32],
        flags: inout [NodeFlags], layerRoots: [Int], ids: [String]
    ) -> Findings {
        let n = ids.count
        var found = Findings()
        // Inherited state, carried down in tree order: who disables or hides this subtree, what the
        // scrolling containers around a node cut (along their axes) and which axes they scroll, and
        // whether each of those containers is itself visible.
        var disabledBy = [Int32](repeating: -1, count: n)
        var hiddenBy = [Int32](repeating: -1, count: n)
        var clip = [Rect](repeating: FocusTree.unclipped, count: n)
        var scrolled = [ScrollAxes](repeating: [], count: n)
        var inHiddenScroller = [Bool](repeating: false, count: n)

        func visibleNow(_ i: Int) -> Rect {  // rule 1 with every clip: what shows of the frame now
            let r = frames[i].clipped(to: clip[i], along: .both)
            let screenAxes = ScrollAxes.both.subtracting(scrolled[i])
            return screenAxes.isEmpty ? r : r.clipped(to: options.screen, along: screenAxes)
        }
        func visibleWhenScrolled(_ i: Int) -> Rect {  // every scrolling container scrolled to show it
            let screenAxes = ScrollAxes.both.subtracting(scrolled[i])
            return screenAxes.isEmpty ? frames[i] : frames[i].clipped(to: options.screen, along: screenAxes)
        }

        // The opaque nodes that can cover (drawn, so not hidden), each with what shows of it.
        var opaque: [(node: Int, shows: Rect, layer: Int)] = []
        for i in 0..<n {
            let p = Int(parents[i])
            if p >= 0 {
                disabledBy[i] = disabledBy[p]
                hiddenBy[i] = hiddenBy[p]
                clip[i] = clip[p]
                scrolled[i] = scrolled[p]
                inHiddenScroller[i] = inHiddenScroller[p]
                let axes = flags[p].scrollAxes
                if !axes.isEmpty {
                    // Children of a scrolling container: cut to its frame along its axes. A container
                    // that shows nothing even scrolled to itself hides what it holds.
                    if visibleWhenScrolled(p).isEmpty { inHiddenScroller[i] = true }
                    clip[i] = clip[i].clipped(to: frames[p], along: axes)
                    scrolled[i].formUnion(axes)
                }
            }
            if flags[i].contains(.disabled), disabledBy[i] < 0 { disabledBy[i] = Int32(i) }
            if flags[i].contains(.hidden), hiddenBy[i] < 0 { hiddenBy[i] = Int32(i) }
            if roles[i] != .layer, visibleNow(i) != frames[i] { flags[i].insert(.partlyHidden) }
            if flags[i].contains(.opaque), hiddenBy[i] < 0 {
                let shows = visibleNow(i)
                if !shows.isEmpty { opaque.append((i, shows, layerOf(i, layerRoots))) }
            }
        }

        // Covers (rule 2): an opaque node covers the items before it in its layer that it overlaps,
        // except its ancestors and descendants; an item takes the first `maxCovers` (those drawn lowest).
        if !opaque.isEmpty {
            let inputs = CoverMemo.Inputs(
                opaqueNodes: opaque.map { Int32($0.node) }, opaqueShows: opaque.map(\.shows), frames: frames,
                roles: roles, ends: ends, layerRoots: layerRoots)
            if let (table, regions) = CoverMemo.last(for: inputs) {
                found.covers = table
                found.regions = regions
            } else {
                found.covers = FocusTree.covers(
                    opaque: opaque, frames: frames, roles: roles, ends: ends, layerRoots: layerRoots, count: n)
                found.regions = RegionCache()
                CoverMemo.keep(inputs, found.covers, found.regions!)
            }
        }
        var coverOf = [Int32](repeating: -1, count: n)  // item → its position in the cover table
        for (k, item) in found.covers.items.enumerated() {
            coverOf[Int(item)] = Int32(k)
            flags[Int(item)].insert(.partlyHidden)
        }

        let topLayer = layerRoots.last ?? 0
        for i in 0..<n where roles[i] == .item {
            let f = flags[i]
            var issues: [FocusabilityIssue] = []
            switch f.interactions {
            case nil: issues.append(.notFocusable)
            case .activate? where options.fullKeyboardAccess == false: issues.append(.activateNeedsFullKeyboardAccess)
            default: break
            }
            if disabledBy[i] >= 0 { issues.append(.disabled(by: disabledBy[i] == i ? "" : ids[Int(disabledBy[i])])) }
            if hiddenBy[i] >= 0 { issues.append(.hidden(by: hiddenBy[i] == i ? "" : ids[Int(hiddenBy[i])])) }
            if frames[i].isEmpty {
                issues.append(.zeroSized)
            } else {
                // Visible when its containers scroll to it: on screen along the axes nothing scrolls,
                // in a container that is itself visible, and not wholly covered there.
                let reachable = visibleWhenScrolled(i)
                if reachable.isEmpty || inHiddenScroller[i] {
                    issues.append(.offscreen)
                } else if coverOf[i] >= 0,
                    case let covers = found.covers.covers(at: Int(coverOf[i]), over: frames[i]),
                    FocusTree.isWhollyCovered(reachable, by: covers)
                {
                    issues.append(.covered(by: ids[Int(covers[0].by)]))
                }
            }
            let layer = layerOf(i, layerRoots)
            if layerRoots[layer] != topLayer { issues.append(.notInActiveLayer(ids[topLayer])) }
            if issues.isEmpty {
                flags[i].insert(.eligible)
            } else {
                found.issueNodes.append(Int32(i))
                found.issueLists.append(issues)
            }
        }
        return found
    }

    /// The most opaque nodes an item takes as covering it: those drawn lowest. Past a few, covers cut an item's region
    /// into ever more rectangles: 1,000 small opaque images over 50 buttons made a `path` of two moves take 21 s.
    static let maxCovers = 64
    /// How many times items past `maxCovers` are looked at again, for a cover over the whole of one: 64 one-pixel
    /// images drawn under a full cover kept it from hiding the item. Past this, they leave the grid (items piled on
    /// one another under as many opaque nodes would be looked at items × nodes times).
    static let maxCoverChecksPastTheCap = 20_000_000

    /// The covered items' covers (rule 2), in tree order of the items, each list in tree order of the opaque nodes.
    /// Each opaque node looks only at the items in the grid cells it overlaps, from its layer's start to itself (the
    /// cells list items in tree order), and an item with all its covers leaves the cells: comparing each opaque node
    /// with every item before it took 7 s at 100,000 nodes, and an item took a cover from every opaque node over it.
    static func covers(
        opaque: [(node: Int, shows: Rect, layer: Int)], frames: [Rect], roles: [FocusNode.Role], ends: [Int32],
        layerRoots: [Int], count n: Int
    ) -> CoverTable {
        guard !opaque.isEmpty else { return CoverTable() }
        let items = (0..<n).filter { roles[$0] == .item }.map(Int32.init)
        let grid = SpatialIndex(frames: frames, targets: items)
        // Each cell's items, in tree order, one cell after another in one array (`grid.cellStart` says where each
        // starts): an array per cell made every step a check that its array was not shared.
        let cells: [Int32] = grid.cellItems.map { items[Int($0)] }
        var lists = [[Int32]](repeating: [], count: n)  // each item's covers: positions in `opaque`
        // How many covers each list holds, beside the lists: reading a list's count was a cache miss for every item
        // a cover looked at (half the time of this function at 100,000 nodes).
        var counts = [Int32](repeating: 0, count: n)
        var seen = [Int32](repeating: -1, count: n)
        var whollyCovered = [Bool](repeating: false, count: n)  // past the cap, by one cover: it needs no other
        var checksPastTheCap = 0
        func leaves(_ i: Int32) -> Bool {
            whollyCovered[Int(i)] || (counts[Int(i)] >= maxCovers && checksPastTheCap >= maxCoverChecksPastTheCap)
        }
        // Positions in `cells`, pointing on past the items that have left: `next[p] == p` while the item at p has
        // not. `live` finds the first position at or after `p` still in, up to its cell's `end`, shortening the
        // chain it walked.
        var next = [Int32](0..<Int32(cells.count))
        func live(_ p: Int, before end: Int) -> Int {
            var r = p
            while r < end, Int(next[r]) != r { r = Int(next[r]) }
            var q = p
            while q < r {
                let n = Int(next[q])
                next[q] = Int32(r)
                q = n
            }
            return r
        }
        for (k, o) in opaque.enumerated() {
            let layerStart = Int32(layerRoots[o.layer])
            for row in grid.row(o.shows.minY)...grid.row(o.shows.maxY) {
                for column in grid.column(o.shows.minX)...grid.column(o.shows.maxX) {
                    let c = row * grid.columns + column
                    let (start, end) = (Int(grid.cellStart[c]), Int(grid.cellStart[c + 1]))
                    // The first item of the layer: the cell's items are in tree order.
                    var (lo, hi) = (start, end)
                    while lo < hi {
                        let mid = (lo + hi) / 2
                        if cells[mid] < layerStart { lo = mid + 1 } else { hi = mid }
                    }
                    // Items that have left are stepped over through `next` (sweeping the cell each time one left made
                    // 100,000 piled images under as many opaque ones quadratic).
                    var j = live(lo, before: end)
                    while j < end, Int(cells[j]) < o.node {
                        let i = Int(cells[j])
                        if leaves(Int32(i)) {
                            next[j] = Int32(j + 1)
                            j = live(j + 1, before: end)
                            continue
                        }
                        j = live(j + 1, before: end)
                        guard seen[i] != Int32(k) else { continue }
                        seen[i] = Int32(k)
                        guard counts[i] < maxCovers else {
                            checksPastTheCap += 1
                            if !(o.node < Int(ends[i])), o.shows.contains(frames[i]) {
                                lists[i] = [Int32(k)]
                                counts[i] = 1
                                whollyCovered[i] = true
                            }
                            continue
                        }
                        guard !(o.node < Int(ends[i])), frames[i].intersection(o.shows) != nil else { continue }
                        lists[i].append(Int32(k))
                        counts[i] += 1
                    }
                }
            }
        }
        var table = CoverTable()
        table.opaqueNodes = opaque.map { Int32($0.node) }
        table.opaqueShows = opaque.map(\.shows)
        for (i, list) in lists.enumerated() where !list.isEmpty {
            table.items.append(Int32(i))
            table.opaque += list
            table.starts.append(Int32(table.opaque.count))
        }
        return table
    }

    /// The last issues worked out, with everything they were worked out from: a tree built again from the same nodes
    /// at the same frames takes them (a screen no text size changes, built again at other text sizes, and the lint's
    /// own tree of it: about 0.15 s each at 100,000 nodes, past the covers ``CoverMemo`` keeps). Compared bit for bit,
    /// as ``CoverMemo``'s.
    enum IssuesMemo {
        struct Inputs {
            var options: Options, ids: [String], frames: [Rect], roles: [FocusNode.Role], parents: [Int32]
            var ends: [Int32], flags: [NodeFlags], layerRoots: [Int]

            func isSame(as other: Inputs) -> Bool {
                sameBits(frames, other.frames) && sameBits(parents, other.parents) && sameBits(ends, other.ends)
                    && sameBits(flags, other.flags) && roles == other.roles && layerRoots == other.layerRoots
                    && options == other.options && ids == other.ids
            }
        }

        /// The trees kept: a screen's, and the lint's own tree of it built beside it.
        static let kept = 2
        private static let last = Mutex<[(inputs: Inputs, flags: [NodeFlags], found: Findings)]>([])

        static func last(for inputs: Inputs) -> ([NodeFlags], Findings)? {
            last.withLock { kept in
                guard let hit = kept.first(where: { $0.inputs.isSame(as: inputs) }) else { return nil }
                return (hit.flags, hit.found)
            }
        }

        static func keep(_ inputs: Inputs, _ flags: [NodeFlags], _ found: Findings) {
            last.withLock { kept in
                kept.append((inputs, flags, found))
                if kept.count > IssuesMemo.kept { kept.removeFirst() }
            }
        }
    }

    /// The last covers worked out, with what they were worked out from and their tree's regions: a tree built again
    /// with the same frames and opaque nodes takes them (a screen no text size changes, laid out at each size, and
    /// the lint's own tree of it: four times 0.6 s of covers at 100,000 nodes). Compared bit for bit, so a `-0` is
    /// not taken for a `0`; the covers and regions are what working them out again would give.
    enum CoverMemo {
        struct Inputs {
            var opaqueNodes: [Int32], opaqueShows: [Rect], frames: [Rect], roles: [FocusNode.Role], ends: [Int32]
            var layerRoots: [Int]

            func isSame(as other: Inputs) -> Bool {
                sameBits(opaqueNodes, other.opaqueNodes) && sameBits(opaqueShows, other.opaqueShows)
                    && sameBits(frames, other.frames) && roles == other.roles && sameBits(ends, other.ends)
                    && layerRoots == other.layerRoots
            }
        }

        private static let last = Mutex<(inputs: Inputs, table: CoverTable, regions: RegionCache)?>(nil)

        static func last(for inputs: Inputs) -> (CoverTable, RegionCache)? {
            last.withLock { kept in
                guard let kept, kept.inputs.isSame(as: inputs) else { return nil }
                return (kept.table, kept.regions)
            }
        }

        static func keep(_ inputs: Inputs, _ table: CoverTable, _ regions: RegionCache) {
            last.withLock { $0 = (inputs, table, regions) }
        }
    }

    /// True when nothing of `rect` shows past `covers`. Covers whose parts over it add up to less than it leave some
    /// of it showing, which settles most items without cutting it into pieces. The parts' sides are differences of
    /// edges, each off by up to an ulp of the coordinates: the sum is let fall short by that much before it counts (an
    /// item 1e-6 pt wide at x = 1000.3, wholly covered, was taken as showing).
    static func isWhollyCovered(_ rect: Rect, by covers: [Cover]) -> Bool {
        let over = covers.reduce(0.0) { $0 + ($1.rect.intersection(rect)?.area ?? 0) }
        let (w, h) = (rect.maxX - rect.minX, rect.maxY - rect.minY)
        let scale = max(1, abs(rect.minX), abs(rect.maxX), abs(rect.minY), abs(rect.maxY))
        let slack = Double(covers.count + 1) * 8 * scale.ulp * (w + h) + w * h * 1e-9
        if over < w * h - slack { return false }
        return uncovered(rect, by: covers).isEmpty
    }

    /// A clip that cuts nothing (finite, so its edges add up).
    static let unclipped = Rect(-1e12, -1e12, 2e12, 2e12)

    /// The targets of a directional search in the front-most layer: eligible items, enabled guides
    /// with preferred targets, and focus sections with at least one eligible descendant.
    static func searchTargets(roles: [FocusNode.Role], ends: [Int32], flags: [NodeFlags], layerRoots: [Int]) -> [Int32]
    {
        guard let top = layerRoots.last else { return [] }
        var targets: [Int32] = []
        for i in top..<Int(ends[top]) {
            switch roles[i] {
            case .item:
                if flags[i].contains(.eligible) { targets.append(Int32(i)) }
            case .guide:
                if !flags[i].contains(.guideDisabled), flags[i].contains(.hasPreferred) { targets.append(Int32(i)) }
            case .container:
                if flags[i].contains(.focusSection),
                    ((i + 1)..<Int(ends[i])).contains(where: { flags[$0].contains(.eligible) })
                {
                    targets.append(Int32(i))
                }
            case .layer:
                break
            }
        }
        return targets
    }
}

func layerOf(_ node: Int, _ layerRoots: [Int]) -> Int {
    var result = 0
    for (k, root) in layerRoots.enumerated() where root <= node { result = k }
    return result
}

/// Whether two arrays hold the same bytes (a `-0` is not a `0`): the memos' comparison of what they were worked out from.
private func sameBits<T: BitwiseCopyable>(_ a: [T], _ b: [T]) -> Bool {
    a.count == b.count && a.withUnsafeBytes { x in b.withUnsafeBytes { y in x.elementsEqual(y) } }
}
