import FocusEngine
import TenFootScene

extension Simulator {
    // MARK: Layout and scrolling

    func makeTree() throws(FocusTreeError) -> FocusTree {
        let layout = LayoutEngine(measurer: measurer, scroll: scroll, selectedTabs: selectedTabs)
        let screen = layout.place(root: scene.root)
        let sheets = presented.compactMap { id in scene.sheets.first { $0.id == id }.map { layout.place(root: $0) } }
        return try SceneFocusTree.build(screen: screen, sheets: sheets, state: state)
    }

    /// Swaps the view tree (after `append`) and rebuilds layout and focus, keeping focus where it is.
    mutating func replaceScene(root: SceneNode, sheets: [SceneNode]) {
        scene.root = root
        scene.sheets = sheets
        try? relayout()
    }

    mutating func rebuildTree() throws(FocusTreeError) {
        let u = system.replaceTree(try makeTree())
        if u.previous != u.next { noteFocusChange(u) }
    }

    /// Re-places the scene for the target scroll offsets, scrolling containers so the focused item is
    /// fully visible at its lifted size; starts scroll animations for offsets that changed.
    /// `reuseLayout`: nothing but focus changed since the last layout, so the current placement holds
    /// unless a container must scroll (most moves on a large scene then cost no layout at all).
    mutating func relayout(reuseLayout: Bool = false) throws(FocusTreeError) {
        let layout = LayoutEngine(measurer: measurer, scroll: scroll, selectedTabs: selectedTabs)
        var placed = reuseLayout ? screen : layout.place(root: scene.root)
        var changed = !reuseLayout
        if let id = system.focused, presented.isEmpty {
            for (container, axisHorizontal, viewport, frame, content) in scrollChain(of: id, in: placed) {
                let lift = LiftMetrics.growth(for: frame) / 2 + Motion.scrollMargin
                let current = scroll[container] ?? 0
                var target = current
                let lo = axisHorizontal ? frame.minX - lift : frame.minY - lift
                let hi = axisHorizontal ? frame.maxX + lift : frame.maxY + lift
                let vMin = axisHorizontal ? viewport.minX : viewport.minY
                let vMax = axisHorizontal ? viewport.maxX : viewport.maxY
                if hi > vMax { target = current + (hi - vMax) }
                if lo < vMin { target = current - (vMin - lo) }
                target = max(0, min(target, max(0, content - (vMax - vMin))))
                if target != current {
                    scrollAnimations[container] = ScrollAnimation(tick: tick, from: animatedScroll(container), to: target, horizontal: axisHorizontal)
                    scroll[container] = target
                    changed = true
                }
            }
            if changed { placed = LayoutEngine(measurer: measurer, scroll: scroll, selectedTabs: selectedTabs).place(root: scene.root) }
        }
        guard changed else { return }
        screen = placed
        sheets = presented.compactMap { id in scene.sheets.first { $0.id == id }.map { LayoutEngine(measurer: measurer, scroll: scroll, selectedTabs: selectedTabs).place(root: $0) } }
        let tree = try SceneFocusTree.build(screen: screen, sheets: sheets, state: state)
        _ = system.replaceTree(tree)
    }

    /// Scrolling containers around `id`: (container, horizontal?, viewport, item frame, content length).
    func scrollChain(of id: String, in root: PlacedNode) -> [(String, Bool, Rect, Rect, Double)] {
        var path: [PlacedNode] = []
        func find(_ p: PlacedNode) -> Bool {
            if p.id == id { path.append(p); return true }
            for c in p.children where find(c) { path.append(p); return true }
            return false
        }
        guard find(root), let item = path.first else { return [] }
        var out: [(String, Bool, Rect, Rect, Double)] = []
        for p in path.dropFirst() {
            switch p.node.type {
            case .shelf:
                // Shelves scroll edge to edge: the viewport is the safe-area width of the screen.
                let vp = Rect(Metrics.safeArea.leading, p.frame.minY, Metrics.screen.width - Metrics.safeArea.leading - Metrics.safeArea.trailing, p.frame.height)
                out.append((p.id, true, vp, item.frame, p.contentSize))
            case .scroll:
                out.append((p.id, false, p.frame, item.frame, p.contentSize))
            default: break
            }
        }
        return out
    }


    /// How far each scrolling container's content is drawn from its target position while its scroll
    /// animates: (dx, dy) per container id. Content placed at target offset t is shown at animated
    /// offset a by shifting it t − a along the container's axis.
    public func scrollShifts() -> [String: (Double, Double)] {
        var out: [String: (Double, Double)] = [:]
        for (id, a) in scrollAnimations where tick - a.tick < Motion.scrollTicks {
            let d = (scroll[id] ?? 0) - animatedScroll(id)
            guard d != 0 else { continue }
            out[id] = a.horizontal ? (d, 0) : (0, d)
        }
        return out
    }

    /// Where everything is drawn now: the placement at the target offsets, with scrolling content
    /// shifted by `scrollShifts()` while it animates — the same rule `SceneRenderer` applies inline,
    /// without laying the scene out again.
    public func displayLayout() -> (PlacedNode, [PlacedNode]) {
        let shifts = scrollShifts()
        guard !shifts.isEmpty else { return (screen, sheets) }
        func shifted(_ p: PlacedNode, _ d: (Double, Double)) -> PlacedNode {
            var q = p
            q.frame = p.frame.offsetBy(dx: d.0, dy: d.1)
            q.box = p.box.offsetBy(dx: d.0, dy: d.1)
            var inner = d
            if let s = shifts[p.id] { inner = (inner.0 + s.0, inner.1 + s.1) }
            q.children = p.children.map { shifted($0, inner) }
            return q
        }
        return (shifted(screen, (0, 0)), sheets.map { shifted($0, (0, 0)) })
    }
}
