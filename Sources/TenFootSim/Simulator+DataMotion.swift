import FocusEngine
import TenFootScene

/// Data changes on screen (issue 18): inserted items fade in, removed ones fade out where they were,
/// and their neighbours slide from their old places to their new ones. Each is a record stored when
/// the change happens and read as a function of the clock, like every other animation (`+Animation`).
extension Motion {
    /// How long an item takes to fade in or out, and its neighbours to slide, after a data change.
    public static let dataChangeTicks: Tick = Clock.ticks(seconds: 0.3)
}

extension Simulator {
    struct Slide: Sendable {
        var tick: Tick
        var dx: Double
        var dy: Double
    }
    struct Vanishing: Sendable {
        var node: PlacedNode
        var tick: Tick
    }

    /// Progress 0…1 of an animation that started at `start`, nil when over.
    func dataProgress(_ start: Tick) -> Double? {
        let p = Double(tick - start) / Double(Motion.dataChangeTicks)
        return p < 1 ? max(0, p) : nil
    }

    /// How far the node is drawn from its placed frame while it slides after a data change.
    public func dataSlide(_ id: String) -> (Double, Double)? {
        guard !motion.slides.isEmpty, let s = motion.slides[id], let p = dataProgress(s.tick) else { return nil }
        let remaining = (1 - p) * (1 - p) * (1 - p)  // ease-out cubic
        return (s.dx * remaining, s.dy * remaining)
    }

    /// The opacity of an item fading in after an insert (or out, for a removed item's ghost).
    public func dataFade(_ id: String) -> Double {
        if !motion.appears.isEmpty, let t = motion.appears[id], let p = dataProgress(t) { return p }
        for v in motion.vanishing where v.node.id == id { if let p = dataProgress(v.tick) { return 1 - p } }
        return 1
    }

    /// True while a data change is still shown moving or fading.
    var isAnimatingData: Bool {
        motion.slides.values.contains { dataProgress($0.tick) != nil }
            || motion.appears.values.contains { dataProgress($0) != nil }
            || motion.vanishing.contains { dataProgress($0.tick) != nil }
    }

    /// Removed items still fading out, as they were placed when they went.
    public func vanishingItems() -> [PlacedNode] {
        motion.vanishing.filter { dataProgress($0.tick) != nil }.map(\.node)
    }

    /// The placed node with this id in the screen or a presented sheet.
    func placed(_ id: String) -> PlacedNode? {
        func find(_ p: PlacedNode) -> PlacedNode? {
            if p.id == id { return p }
            for k in p.children.indices { if let f = find(p.children[k]) { return f } }
            return nil
        }
        return find(screen) ?? sheets.lazy.compactMap(find).first
    }

    /// Before a change to `container`'s children: their frames and placed nodes.
    func childPlacements(_ container: String?) -> [(id: String, node: PlacedNode)] {
        guard let container, let p = placed(container) else { return [] }
        return p.children.map { ($0.id, $0) }
    }

    /// After the change (the screen placed again): slides for children that moved, fades for children
    /// that are new or gone. Records that have run their course are dropped.
    mutating func noteDataMotion(before: [(id: String, node: PlacedNode)], container: String?) {
        motion.slides = motion.slides.filter { dataProgress($0.value.tick) != nil }
        motion.appears = motion.appears.filter { dataProgress($0.value) != nil }
        motion.vanishing = motion.vanishing.filter { dataProgress($0.tick) != nil }
        guard let container, let now = placed(container) else { return }
        var old: [String: Rect] = [:]
        for b in before where old[b.id] == nil { old[b.id] = b.node.frame }
        var present = Set<String>()
        for c in now.children {
            present.insert(c.id)
            if let f = old[c.id] {
                let dx = f.minX - c.frame.minX
                let dy = f.minY - c.frame.minY
                if dx != 0 || dy != 0 {
                    // Continue from where it is drawn now if it was already sliding.
                    let (sx, sy) = dataSlide(c.id) ?? (0, 0)
                    motion.slides[c.id] = Slide(tick: tick, dx: dx + sx, dy: dy + sy)
                }
            } else {
                motion.appears[c.id] = tick
            }
        }
        for b in before where !present.contains(b.id) { motion.vanishing.append(Vanishing(node: b.node, tick: tick)) }
    }
}
