import Synchronization

/// What of a node is visible, and so what a directional search sees of it.
///
/// The focus engine "highlights all the visible regions of all focusable views … if a focusable view is
/// completely underneath another view, it will be ignored, and for any views that are partially hidden
/// it will only consider the visible regions" (App Programming Guide for tvOS, "Deciding Where to Move
/// Focus"; tvos-focus.md §A2, §A13). And "if the next focused view is in a scroll view and is offscreen,
/// the scroll view scrolls the content so that the next focused view moves onscreen" ("Anatomy of a
/// Focus Update"). TenFoot's rule, where those two meet:
///
/// 1. **Clipping.** A scrolling container shows its content only inside its frame along the axes it
///    scrolls (a shelf clips left and right, a page up and down; across its axis its frame leaves room
///    for the lift, as tvOS collection views are laid out). The screen clips along an axis only what no
///    scrolling container around it scrolls along that axis: a container's bounds are its viewport.
///    Content of a scrolling container that is itself not visible is not visible.
/// 2. **Covering.** An opaque node drawn above an item (later in the same layer's tree, neither its
///    ancestor nor its descendant, not hidden) hides the part of it the opaque node shows.
/// 3. **Scrolling in.** For a move that starts *inside* a scrolling container, along an axis it
///    scrolls, that container's bounds (and everything outside it, along that axis) do not clip: the
///    container scrolls what it holds past the focused item. Across the move, a container that holds
///    the focused item clips as scrolled to show it (it always is in the simulator; the debugger and
///    the audit also move from items where the layout put them). A move that starts outside a
///    container sees only what the container shows.
///
/// A node's region for a move is therefore its frame cut by the clips that apply (one rectangle),
/// minus the covers (so several rectangles: an L-shape is two or three). A target takes part in the
/// search only by that region; an item reachable only through its hidden part is not reachable from
/// that direction. The region never exceeds the frame, so the spatial index, built over frames, stays
/// exact: it only filters. A node wholly visible now keeps its frame for every move from a focused
/// item wholly visible (the simulator's case): only then is the region's work skipped.
extension FocusTree {
    /// `node`'s frame cut by the clips that apply to a move along `axis` starting at `source` (rule 1
    /// and 3); every clip applies when `source` is nil, none of the scrolling ones when `liftAll`.
    func clippedFrame(_ node: Int, along axis: ScrollAxes? = nil, from source: Int? = nil, liftAll: Bool = false)
        -> Rect
    {
        var r = frames[node]
        var scrolled: ScrollAxes = []
        if has(.ancestorScrolls, node) {
            for c in ancestors(node) where flags[c].intersects(.anyScroll) {
                let axes = flags[c].scrollAxes
                scrolled.formUnion(axes)
                if liftAll { continue }
                for a in [ScrollAxes.horizontal, .vertical] where axes.contains(a) {
                    var bounds = frames[c]
                    if let source, isAncestor(c, of: source) {
                        if a == axis { continue }
                        bounds = FocusTree.scrolled(bounds, toShow: frames[source], along: a)
                    }
                    r = r.clipped(to: bounds, along: a)
                }
            }
        }
        let screenAxes = ScrollAxes.both.subtracting(scrolled)
        return screenAxes.isEmpty ? r : r.clipped(to: options.screen, along: screenAxes)
    }

    /// A container's bounds moved along `axis` as it would scroll to show `focused` (unchanged when it
    /// already shows it; aligned to its leading edge when it is larger).
    static func scrolled(_ bounds: Rect, toShow focused: Rect, along axis: ScrollAxes) -> Rect {
        if axis == .horizontal {
            if focused.minX < bounds.minX || focused.width > bounds.width {
                return bounds.offsetBy(dx: focused.minX - bounds.minX, dy: 0)
            }
            if focused.maxX > bounds.maxX { return bounds.offsetBy(dx: focused.maxX - bounds.maxX, dy: 0) }
        } else {
            if focused.minY < bounds.minY || focused.height > bounds.height {
                return bounds.offsetBy(dx: 0, dy: focused.minY - bounds.minY)
            }
            if focused.maxY > bounds.maxY { return bounds.offsetBy(dx: 0, dy: focused.maxY - bounds.maxY) }
        }
        return bounds
    }

    /// The covers of `node` (rule 2), in tree order of the opaque nodes.
    func coversOf(_ node: Int) -> [Cover] {
        guard has(.partlyHidden, node), roles[node] == .item else { return [] }
        return FocusTree.position(of: node, in: coverTable.items).map { coverTable.covers(at: $0, over: frames[node]) }
            ?? []
    }

    /// `rect` minus the covers: the rectangles that stay visible.
    static func uncovered(_ rect: Rect, by covers: [Cover]) -> [Rect] {
        var parts = rect.isEmpty ? [] : [rect]
        // Two buffers, taking turns: an array for every piece and cover was most of the time an audit took.
        var next: [Rect] = []
        for c in covers where !parts.isEmpty {
            next.removeAll(keepingCapacity: true)
            for p in parts { p.subtract(c.rect, into: &next) }
            swap(&parts, &next)
        }
        return parts
    }

    /// What a move in `direction` from `source` sees of `node`: its frame when nothing of it is hidden,
    /// else the visible rectangles of its region (possibly none).
    func region(_ node: Int, from source: Int, _ direction: Direction) -> [Rect] {
        guard has(.partlyHidden, node) || has(.partlyHidden, source) else { return [frames[node]] }
        let clipped = clippedFrame(node, along: direction.axis, from: source)
        guard has(.partlyHidden, node), roles[node] == .item,
            let k = FocusTree.position(of: node, in: coverTable.items)
        else { return clipped.isEmpty ? [] : [clipped] }
        // Worked out once a node and clip: an audit asks for a covered node's region on every move toward it (200
        // buttons under 64 covers each took 52 s).
        return regions.region(RegionKey(node: Int32(node), clipped: clipped)) {
            FocusTree.uncovered(clipped, by: coverTable.covers(at: k, over: frames[node]))
        }
    }

    /// Where `node` meets the search from `source`: its ranking key by the nearest of its visible
    /// rectangles in the path, or nil when none is in the path. With `bound`, nil also when the node cannot come
    /// before it (what it returns otherwise may still come after it).
    @inline(__always)
    func pathKey(_ node: Int, from focused: Int, source: Rect, _ direction: Direction, beating bound: SearchKey? = nil)
        -> SearchKey?
    {
        var read = 0
        return pathKey(node, from: focused, source: source, direction, beating: bound, rectsRead: &read)
    }

    /// ``pathKey(_:from:source:_:beating:)``, adding to `rectsRead` the visible rectangles it looked at.
    @inline(__always)
    func pathKey(
        _ node: Int, from focused: Int, source: Rect, _ direction: Direction, beating bound: SearchKey?,
        rectsRead: inout Int
    ) -> SearchKey? {
        let edge = source.leadingEdge(direction)
        // The region lies within the frame: a frame out of the path rules the node out unread, and none of its
        // rectangles is nearer than the frame.
        let f = frames[node]
        guard f.extentBeyond(edge, direction) > 0, f.crossOverlap(source, direction) > 0 else { return nil }
        // With a slack: a piece's far edge, cut from the frame's, can round an ulp nearer than the frame's own (a left
        // or up move ranked a covered item behind one it ties with).
        if let bound, f.gap(from: edge, direction) > bound.gap + 1e-9 * max(1, abs(bound.gap), abs(edge)) {
            return nil
        }
        // Wholly visible, from a focused item wholly visible (so no container is taken as scrolled).
        guard has(.partlyHidden, node) || has(.partlyHidden, focused) else {
            return SearchKey(
                gap: f.gap(from: edge, direction), offset: f.crossOffset(source, direction), kind: kind(of: node),
                order: node)
        }
        return hiddenPathKey(node, from: focused, source: source, direction, beating: bound, rectsRead: &rectsRead)
    }

    /// `pathKey` for a node not wholly visible: the nearest of its visible rectangles in the path. A region cut by
    /// many covers has hundreds of rectangles, and an audit asks for it on every move: those farther than `bound`
    /// are passed over, and the first one straight ahead at no distance ends the look (50,000 buttons under as many
    /// opaque images: 12 s for `audit`).
    @inline(never)
    func hiddenPathKey(
        _ node: Int, from focused: Int, source: Rect, _ direction: Direction, beating bound: SearchKey?,
        rectsRead: inout Int
    ) -> SearchKey? {
        let edge = source.leadingEdge(direction)
        let farthest = bound?.gap ?? .infinity
        var best: SearchKey?
        let rects = region(node, from: focused, direction)
        rectsRead += rects.count
        for r in rects where r.extentBeyond(edge, direction) > 0 && r.crossOverlap(source, direction) > 0 {
            let gap = r.gap(from: edge, direction)
            guard gap <= farthest else { continue }
            let key = SearchKey(gap: gap, offset: r.crossOffset(source, direction), kind: kind(of: node), order: node)
            if best == nil || key < best! {
                best = key
                if gap == 0, key.offset == 0 { break }
            }
        }
        return best
    }

    // MARK: The debugger's view

    /// What shows of `id` now (no move in progress), and why the rest does not; nil for an unknown id.
    public func visibility(_ id: String) -> Visibility? {
        guard let n = node(id) else { return nil }
        let frame = frames[n]
        let clipped = clippedFrame(n)
        var clippedBy: [String] = []
        var scrollers: [String] = []
        var scrolled: ScrollAxes = []
        for c in ancestors(n) where flags[c].intersects(.anyScroll) {
            let axes = flags[c].scrollAxes
            scrolled.formUnion(axes)
            scrollers.append(ids[c])
            if frame.clipped(to: frames[c], along: axes) != frame { clippedBy.append(ids[c]) }
        }
        let screenAxes = ScrollAxes.both.subtracting(scrolled)
        if !screenAxes.isEmpty, frame.clipped(to: options.screen, along: screenAxes) != frame {
            clippedBy.append("screen")
        }
        let covers = coversOf(n)
        var coveredBy: [String] = []
        for c in covers where !coveredBy.contains(ids[Int(c.by)]) { coveredBy.append(ids[Int(c.by)]) }
        return Visibility(
            frame: frame, visible: FocusTree.uncovered(clipped, by: covers), clippedBy: clippedBy,
            coveredBy: coveredBy, scrollsWithin: scrollers)
    }
}

/// What shows of a node now: `UIFocusDebugger`'s "visible regions", with who hides the rest.
public struct Visibility: Sendable, Hashable, Codable {
    public var frame: Rect
    /// The visible rectangles now (several when an opaque node covers a part in the middle or a corner).
    public var visible: [Rect]
    /// Scrolling containers (and `screen`) whose bounds cut the frame now.
    public var clippedBy: [String]
    /// Opaque nodes drawn above it that cover part of it.
    public var coveredBy: [String]
    /// The scrolling containers around it, nearest first: for a move that starts inside one, along its
    /// axis, its hidden part counts (the container scrolls it into view).
    public var scrollsWithin: [String]

    /// True when the whole frame shows.
    public var isWhole: Bool { visible == [frame] }

    /// One line for the debugger: `visible region: [x, y, w, h] + [...] (clipped by "shelf", covered by "badge")`.
    public var summary: String {
        var text = "visible region: " + (visible.isEmpty ? "none" : visible.map(\.description).joined(separator: " + "))
        var why: [String] = []
        if !clippedBy.isEmpty { why.append("clipped by " + clippedBy.map { "\"\($0)\"" }.joined(separator: ", ")) }
        if !coveredBy.isEmpty { why.append("covered by " + coveredBy.map { "\"\($0)\"" }.joined(separator: ", ")) }
        if isWhole { why.append("the whole frame") }
        if !why.isEmpty { text += " (" + why.joined(separator: "; ") + ")" }
        return text
    }
}

/// A covered node's region by its clipped frame: the node's frame, clipped, decides the region in one tree.
struct RegionKey: Hashable {
    var node: Int32
    var clipped: Rect
}

/// The regions a tree has worked out (``FocusTree/region(_:from:_:)``), shared by the tree's copies: a tree's
/// frames and covers never change, and a tree at other frames is a new tree with its own. Kept up to a million
/// rectangles (32 MB), then started again. The audit's threads ask for regions on every move: the store is cut in
/// shards by node, each with its own lock, so they seldom wait for one another (one lock was a tenth of the time).
final class RegionCache: Sendable {
    private final class Shard: Sendable {
        let store = Mutex<(regions: [RegionKey: [Rect]], rects: Int)>(([:], 0))
    }
    private let shards = (0..<RegionCache.shardCount).map { _ in Shard() }
    static let shardCount = 16
    static let maxRects = 1 << 20

    func region(_ key: RegionKey, _ make: () -> [Rect]) -> [Rect] {
        let shard = shards[Int(key.node) & (RegionCache.shardCount - 1)]
        if let hit = shard.store.withLock({ $0.regions[key] }) { return hit }
        let made = make()
        shard.store.withLock { s in
            if s.rects + made.count > RegionCache.maxRects / RegionCache.shardCount { s = ([:], 0) }
            s.regions[key] = made
            s.rects += made.count + 1
        }
        return made
    }
}
