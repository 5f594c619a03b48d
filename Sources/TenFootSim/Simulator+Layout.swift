import FocusEngine
import TenFootScene

/// Layout and scrolling: one commit per event.
///
/// Actions never lay the scene out themselves: what they change marks the layout stale (the scene,
/// presented sheets and selected tabs need a new placement; state only a new focus tree), and the end
/// of `send` commits once — it places the screen if it is stale, works out the scroll targets of the
/// focused item from that placement, and places again only if an offset changed. An action that must
/// read the focus tree mid-event (presenting a sheet, focusing an item just appended) brings it up to
/// date first; the commit then finds nothing stale.
extension Simulator {
    /// What must be brought up to date before focus or drawing can use the layout again.
    struct Invalidation: OptionSet, Sendable {
        let rawValue: Int
        /// The scene, the presented sheets or the selected tabs changed: place the screen again.
        static let placement = Invalidation(rawValue: 1)
        /// The state changed (conditions such as `prefersDefaultFocus`): build the focus tree again.
        static let focusTree = Invalidation(rawValue: 2)
        /// Placed again because containers scrolled, and nothing else the focus tree was built from
        /// changed: the tree keeps its nodes and modifiers and takes the new placement's frames
        /// (`SceneFocusTree.moving`), which is most of a build saved.
        static let frames = Invalidation(rawValue: 4)
    }

    mutating func invalidate(_ what: Invalidation) { stale.formUnion(what) }

    /// The commit at the end of an event: one placement if anything it depends on changed, scroll
    /// targets from that placement, and a second placement only if a scroll offset changed (the focus
    /// tree then moves to the scrolled frames: it is built once).
    mutating func commitLayout() throws(FocusTreeError) {
        try syncFocusTree()
        guard scrollToFocus() else { return }
        place(scrolled: true)
        try syncFocusTree()
    }

    /// Brings the focus tree up to date (placing first if the placement is stale), keeping focus on
    /// the same item when it can still take focus, else moving it to the nearest survivor.
    mutating func syncFocusTree() throws(FocusTreeError) {
        guard let tree = try freshTree() else { return }
        let u = system.replaceTree(tree)
        if u.previous != u.next { noteFocusChange(u) }
    }

    /// The focus tree of the current state when anything changed since the last one was built (the
    /// caller applies it: presenting and dismissing sheets apply it their own way), else nil.
    mutating func freshTree() throws(FocusTreeError) -> FocusTree? {
        if stale.contains(.placement) { place() }
        if let fault = treeBuildFault, session.focusTreeBuilds >= fault.after,
            !stale.isDisjoint(with: [.focusTree, .frames])
        {
            throw fault.error
        }
        if stale == .frames,
            let moved = try SceneFocusTree.moving(system.tree, to: screen, sheets: sheets, hiddenTabBars: hiddenTabBars)
        {
            stale = []
            session.work += index.weight * WorkCost.moving
            return moved
        }
        guard !stale.isDisjoint(with: [.focusTree, .frames]) else { return nil }
        let tree = try SceneFocusTree.build(
            screen: screen, sheets: sheets, state: data.state, hiddenTabBars: hiddenTabBars,
            pickerValues: textEntry.fieldValues,
            options: scene.focusOptions)
        session.focusTreeBuilds += 1
        session.work += index.weight * WorkCost.build
        stale.subtract([.focusTree, .frames])
        treeLacksPickerValues = false
        return tree
    }

    /// One layout pass: the screen and the presented sheets, at the target scroll offsets. `scrolled`:
    /// placed again because scroll offsets changed; when nothing else is stale, before or after the
    /// keyboards are brought up to date (what they change marks the placement stale), and the tree in
    /// use was built from the current inputs, the focus tree only needs the new frames.
    mutating func place(scrolled: Bool = false) {
        let onlyScrolled = scrolled && stale.isEmpty && !treeLacksPickerValues
        refreshKeyboards()
        let movesTree = onlyScrolled && stale.isEmpty
        session.layoutPasses += 1
        session.work += index.weight * WorkCost.place
        let layout = LayoutEngine(
            measurer: measurer, scroll: scroll, selectedTabs: navigation.selectedTabs, direction: scene.layoutDirection,
            textSize: scene.textSize)
        // Only scrolled, the keyboards too: the scene is the last pass's, so what it measured holds.
        let memo = movesTree ? layoutMemo.map(LayoutMemo.init(carrying:)) ?? LayoutMemo() : LayoutMemo()
        screen = layout.place(root: scene.root, memo: memo)
        sheets = presentation.presented.compactMap { id in
            scene.sheets.first { $0.id == id }.map { layout.place(root: $0, memo: memo) }
        }
        layoutMemo = memo
        stale.remove(.placement)
        stale.insert(movesTree ? .frames : .focusTree)
    }

    /// Scrolls the containers around the focused item so it shows whole at its lifted size inside each
    /// container's own frame (the frames are the current placement's), starting an animation for each
    /// offset that changes.
    /// True when any offset changed. Nothing scrolls under a presented sheet.
    mutating func scrollToFocus() -> Bool {
        guard let id = system.focused, presentation.presented.isEmpty else { return false }
        var changed = false
        for (container, axisHorizontal, viewport, frame, box, content) in scrollChain(of: id, in: screen) {
            let growth = LiftMetrics.growth(for: frame) / 2
            let lift = growth + Motion.scrollMargin
            let current = scroll[container] ?? 0
            var target = current
            // The item shows whole at its lifted size with a margin, and so does the rest of its lockup:
            // the header above and the caption below, which the lift pushes out by as much as it grows
            // the item (TVLockupView's footer moves with it) — to the viewport's edge at least.
            let lo =
                axisHorizontal ? min(frame.minX - lift, box.minX - growth) : min(frame.minY - lift, box.minY - growth)
            let hi =
                axisHorizontal ? max(frame.maxX + lift, box.maxX + growth) : max(frame.maxY + lift, box.maxY + growth)
            let vMin = axisHorizontal ? viewport.minX : viewport.minY
            let vMax = axisHorizontal ? viewport.maxX : viewport.maxY
            if axisHorizontal && scene.layoutDirection.isRightToLeft {
                // A shelf laid out right to left scrolls its content rightwards as its offset grows; its
                // leading (right) edge wins when the item is wider than the shelf.
                if lo < vMin { target = current + (vMin - lo) }
                if hi > vMax { target = current - (hi - vMax) }
            } else {
                if hi > vMax { target = current + (hi - vMax) }
                if lo < vMin { target = current - (vMin - lo) }
            }
            // Never past the content's end, except that a page scrolls on far enough to show the last
            // row's focused lockup whole (its lifted caption reaches below the content, into what tvOS
            // keeps as the scroll view's bottom content inset).
            let end = max(0, content - (vMax - vMin))
            target = max(0, min(target, axisHorizontal ? end : max(end, target)))
            if target != current {
                motion.scrollAnimations[container] = ScrollAnimation(
                    tick: tick, from: animatedScroll(container), to: target, horizontal: axisHorizontal)
                scroll[container] = target
                changed = true
            }
        }
        return changed
    }

    /// Scrolling containers around `id`: (container, horizontal?, viewport, item frame, item box with its
    /// header and caption, content length).
    func scrollChain(of id: String, in root: PlacedNode) -> [(String, Bool, Rect, Rect, Rect, Double)] {
        var path: [PlacedNode] = []
        func find(_ p: PlacedNode) -> Bool {
            if p.id == id {
                path.append(p)
                return true
            }
            for c in p.children where find(c) {
                path.append(p)
                return true
            }
            return false
        }
        guard find(root), let item = path.first else { return [] }
        var out: [(String, Bool, Rect, Rect, Rect, Double)] = []
        for p in path.dropFirst() {
            switch p.node.type {
            case .shelf:
                // A shelf scrolls the focused item inside its own frame: its bounds less the content
                // inset (a full-width shelf's frame is the safe area's width, so its posters peek past
                // the safe area; a narrower one keeps them inside itself). tvos-focus.md §A13.
                // Its header accessory does not scroll with the row.
                if p.node.accessory?.id != item.id {
                    out.append((p.id, true, p.frame, item.frame, item.box, p.contentSize))
                }
            case .scroll:
                out.append((p.id, false, p.frame, item.frame, item.box, p.contentSize))
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
        for (id, a) in motion.scrollAnimations where a.motion.isRunning(at: tick) {
            let d = (scroll[id] ?? 0) - animatedScroll(id)
            guard d != 0 else { continue }
            out[id] = a.horizontal ? (scene.layoutDirection.isRightToLeft ? -d : d, 0) : (0, d)
        }
        return out
    }

    /// Where everything is drawn now: the placement at the target offsets, with scrolling content
    /// shifted by `scrollShifts()` while it animates — the same rule the renderer applies inline,
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
