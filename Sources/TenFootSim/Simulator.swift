import Foundation
import FocusEngine
import TenFootCore
import TenFootScene

/// Simulator time: integer ticks at 1,200 per second (divides 24, 25, 30, 50, 60 and 120 fps).
public typealias Tick = Int

public enum Clock {
    public static let ticksPerSecond = 1200
    public static func ticks(seconds: Double) -> Tick { Int((seconds * Double(ticksPerSecond)).rounded()) }
    public static func seconds(_ t: Tick) -> Double { Double(t) / Double(ticksPerSecond) }
}

/// Durations of the focus animations. Apple publishes none; focusing runs faster than unfocusing
/// (the "trail" HIG describes) and both speed up when focus moves quickly (tvos-focus.md §A3, §C5).
public enum Motion {
    public static let focusTicks: Tick = Clock.ticks(seconds: 0.15)
    public static let unfocusTicks: Tick = Clock.ticks(seconds: 0.30)
    public static let scrollTicks: Tick = Clock.ticks(seconds: 0.35)
    public static let bumpTicks: Tick = Clock.ticks(seconds: 0.25)
    /// Moves closer together than this count as "fast": animations run at `fastFactor` of their length.
    public static let fastMoveTicks: Tick = Clock.ticks(seconds: 0.2)
    public static let fastFactor = 0.5
    /// How far a blocked move nudges the focused item, in points.
    public static let bumpDistance = 14.0
    /// Extra room kept between a scrolled-to item and the viewport edge, beyond its lifted size.
    public static let scrollMargin = 10.0
}

/// One entry of the event trace: what happened at which tick, and what focus did.
public struct TraceEntry: Sendable, Hashable {
    public var tick: Tick
    public var event: String
    public var update: FocusUpdate?
    public var note: String?
}

/// The headless simulator: scene, layers, focus, scroll and animation state, advanced on a fixed
/// clock. No SDL and no wall clock: the same events at the same ticks always give the same states.
public struct Simulator: Sendable {
    public private(set) var tick: Tick = 0
    public private(set) var scene: Scene { didSet { index = SceneIndex(scene) } }
    var index: SceneIndex
    public private(set) var system: FocusSystem
    public private(set) var state: [String: StateValue]
    public private(set) var presented: [String] = []
    /// Target scroll offsets (what focus decisions use) by container id.
    public private(set) var scroll: [String: Double] = [:]
    public private(set) var trace: [TraceEntry] = []
    /// How many trace entries are kept (the oldest are dropped), so a long session's memory stays flat.
    /// Recordings that need every entry raise it.
    public var traceLimit = 10_000
    /// Entries dropped from the front of the trace so far.
    public private(set) var droppedTraceEntries = 0
    /// Set when Home is pressed, or Menu at the top level: the app exits.
    public private(set) var exited = false
    public private(set) var lastUpdate: FocusUpdate?
    /// When set (the debug overlay is on), each swipe also records the engine's explanation of it.
    public var recordsExplanations = false
    /// The explanation of the last swipe, taken before the move (same geometry the move saw).
    public private(set) var lastExplanation: Explanation?
    public var measurer: any TextMeasurer
    public private(set) var screen: PlacedNode
    public private(set) var sheets: [PlacedNode] = []

    // Animation records: each a pure function of time once stored.
    struct FocusChange: Sendable { var tick: Tick; var to: Bool; var from: Double; var duration: Tick }
    struct ScrollAnimation: Sendable { var tick: Tick; var from: Double; var to: Double; var horizontal: Bool = false }
    struct Bump: Sendable { var tick: Tick; var direction: Direction }
    var focusChanges: [String: FocusChange] = [:]
    var scrollAnimations: [String: ScrollAnimation] = [:]
    var bump: Bump?
    /// When the tab bar last started to show or hide (it slides away while focus is in content).
    public private(set) var tabBarChange: (tick: Tick, visible: Bool) = (-1_000_000, true)
    var lastMoveTick: Tick = -1_000_000
    public private(set) var touch: (x: Double, y: Double)?
    /// The text field being edited (select on a focused field starts editing; tvOS behaviour).
    public private(set) var editing: String?
    /// Current text of each text field and value of each picker, by id (initialised from the scene).
    public private(set) var fieldValues: [String: String] = [:]
    /// The selected tab of each tab bar, by tab bar id.
    public private(set) var selectedTabs: [String: String] = [:]
    /// The value each focused scene value had before its last change, and when it changed (hero cross-fades).
    public private(set) var sceneValueChanges: [String: (old: String?, tick: Tick)] = [:]
    /// Loads the scene file an `open` action names (a path relative to the current scene's folder). The
    /// host injects it — the simulator itself does no I/O; without one, `open` is recorded and ignored.
    public var sceneLoader: SceneLoader?
    /// Screens left by `open`, newest last: Menu returns to them.
    var backStack: [SavedScreen] = []
    /// The id of the node the last `append` action added (`"$last"` in a `focus` action).
    public private(set) var lastAppended: String?

    public init(scene: Scene, policy: FocusPolicy = .tvos, measurer: any TextMeasurer = FixedAdvanceMeasurer()) throws(FocusTreeError) {
        self.scene = scene
        self.index = SceneIndex(scene)
        self.state = scene.state
        self.measurer = measurer
        let layout = LayoutEngine(measurer: measurer, selectedTabs: selectedTabs)
        screen = layout.place(root: scene.root)
        let tree = try SceneFocusTree.build(screen: screen, sheets: [], state: scene.state)
        system = FocusSystem(tree: tree, policy: policy)
        for n in scene.allNodes {
            if n.type == .textField || n.type == .picker { fieldValues[n.id] = n.value ?? (n.type == .picker ? n.options.first ?? "" : "") }
            if n.type == .tabBar, let first = n.tabs.first { selectedTabs[n.id] = first.id }
        }
        var update = system.focusInitial()
        // A FocusState binding whose state already names an item wins (`.defaultFocus($state, value)`).
        if let bound = boundItem() { update = system.requestFocus(bound); update.heading = .initial; update.via = .default }
        record("start", update)
        noteFocusChange(update)
        writeFocusBindings()
        try relayout()
    }

    public var focused: String? { system.focused }
    public var policy: FocusPolicy { system.policy }

    // MARK: Time

    /// Advances the clock; animations are functions of time, so nothing else changes here.
    public mutating func step(ticks: Tick = 1) {
        precondition(ticks >= 0)
        tick += ticks
    }

    // MARK: Events

    /// Applies one remote event at the current tick and returns the focus update it caused, if any.
    @discardableResult
    public mutating func send(_ event: RemoteEvent) -> FocusUpdate? {
        guard !exited else { return nil }
        let valuesBefore = system.state.sceneValues
        let layoutInputs = (state, presented, selectedTabs)
        let lastAppendedBefore = lastAppended
        defer {
            for (k, v) in system.state.sceneValues where valuesBefore[k] != v { sceneValueChanges[k] = (valuesBefore[k], tick) }
        }
        var update: FocusUpdate?
        if let field = editing {
            // While editing, typed text goes into the field; select submits; Menu stops editing.
            switch event {
            case .text(let t):
                fieldValues[field, default: ""] += t
                record(event.description, nil, note: "edit \(field)")
                return nil
            case .select:
                editing = nil
                update = runActions(.onSubmit)
                if let u = update { noteFocusChange(u) }
                record("submit", update, note: "submit \(field)")
                writeFocusBindings()
                do { try relayout() } catch { record("relayout", nil, note: "\(error)") }
                return update
            case .menu:
                editing = nil
                record(event.description, nil, note: "stop editing \(field)")
                return nil
            default:
                editing = nil
            }
        }
        switch event {
        case .swipe(let d):
            if let n = focusedNode, n.type == .picker, d.isHorizontal, n.onMove[d] == nil {
                stepPicker(n, by: d == .right ? 1 : -1)
                update = FocusUpdate(previous: system.focused, next: system.focused, heading: .move(d), outcome: .consumed(by: n.id))
                break
            }
            if recordsExplanations, let from = system.focused { lastExplanation = system.explain(from: from, d) }
            update = system.move(d)
            if let u = update, case .blocked = u.outcome { bump = Bump(tick: tick, direction: d) }
        case .next: update = system.moveSequential(forward: true)
        case .previous: update = system.moveSequential(forward: false)
        case .home:
            exited = true
            record(event.description, nil, note: "exit to Home")
            return nil
        case .menu:
            update = menu()
        case .select:
            if let n = focusedNode, n.type == .textField, !n.disabled {
                editing = n.id
                update = runActions(.onSelect)
            } else if let n = focusedNode, let tab = tabOwning(n.id) {
                selectedTabs[tab.bar] = tab.tab
                update = runActions(.onSelect)
            } else {
                update = runActions(.onSelect)
            }
        case .longSelect:
            update = runActions(.onLongSelect)
        case .playPause:
            update = runActions(.onPlayPause)
        case .touch(let x, let y):
            touch = (max(-1, min(1, x)), max(-1, min(1, y)))
        case .release:
            touch = nil
        case .crown(let detents):
            if let n = focusedNode, n.type == .picker { stepPicker(n, by: detents) }
        case .pageUp, .pageDown:
            update = pageMove(up: event == .pageUp)
        case .text:
            break
        }
        // onMoveCommand: run the handler of whichever node consumed the move (the item or a container).
        if case .swipe(let d) = event, let u = update, case .consumed(let by) = u.outcome,
           let handler = index.nodes[by], let actions = handler.onMove[d] {
            update = runActionList(actions) ?? u
        }
        if let u = update { noteFocusChange(u) }
        followTabFocus()
        writeFocusBindings()
        if exited { record(event.description, update, note: "exit to Home") } else { record(event.description, update) }
        let same = layoutInputs.0 == state && layoutInputs.1 == presented && layoutInputs.2 == selectedTabs && lastAppendedBefore == lastAppended
        do { try relayout(reuseLayout: same) } catch { record("relayout", nil, note: "\(error)") }
        return update
    }

    /// The scene node that has focus.
    var focusedNode: SceneNode? {
        guard let id = system.focused else { return nil }
        return index.nodes[id]
    }

    /// Menu: dismiss the top sheet (restoring focus), else exit to Home. (Tab bars return focus first, see TabBar.)
    mutating func menu() -> FocusUpdate? {
        if let n = focusedNode, let actions = n.actions[.onMenu], !actions.isEmpty { return runActionList(actions) }
        if let top = presented.last { return dismiss(top) }
        // tvOS: Menu in a tab's content returns focus to the tab bar first.
        if let bar = index.tabBars.first, let id = system.focused, tabOwning(id) == nil,
           let selected = selectedTabs[bar.bar] {
            return system.requestFocus(selected)
        }
        // A screen opened with `open` goes back to the one that opened it, focus restored.
        if !backStack.isEmpty { return goBack() }
        exited = true
        return nil
    }

    mutating func runActions(_ trigger: Trigger) -> FocusUpdate? {
        guard let n = focusedNode, let list = n.actions[trigger] else { return nil }
        return runActionList(list)
    }

    mutating func runActionList(_ list: [Action]) -> FocusUpdate? {
        var last: FocusUpdate?
        for action in list {
            switch action {
            case .present(let id): last = present(id)
            case .dismiss: if let top = presented.last { last = dismiss(top) }
            case .focus(let id):
                try? relayout()
                last = system.requestFocus(id == "$last" ? (lastAppended ?? id) : id)
            case .resetFocus(let scope): last = system.resetFocus(in: scope)
            case .set(let name, let value):
                state[name] = value
                try? rebuildTree()
                // Writing a FocusState value moves focus to the item bound to it.
                if let bound = boundItem(name: name), bound != system.focused { last = system.requestFocus(bound) }
            case .selectTab(let id):
                if let tab = tabOwning(id) { selectedTabs[tab.bar] = tab.tab; try? rebuildTree() }
            case .append(let node, let container):
                append(node, to: container)
            case .open(let file):
                last = open(file)
            }
        }
        return last
    }

    mutating func present(_ sheetID: String) -> FocusUpdate? {
        guard !presented.contains(sheetID), scene.sheets.contains(where: { $0.id == sheetID }) else { return nil }
        presented.append(sheetID)
        guard let tree = try? makeTree() else { presented.removeLast(); return nil }
        return system.present(in: tree)
    }

    mutating func dismiss(_ sheetID: String) -> FocusUpdate? {
        guard let k = presented.lastIndex(of: sheetID) else { return nil }
        let restores = scene.sheets.first { $0.id == sheetID }?.restoresFocusAfterTransition ?? true
        presented.remove(at: k)
        guard let tree = try? makeTree() else { return nil }
        return system.dismiss(sheetID, restores: restores, in: tree)
    }

    mutating func record(_ event: String, _ update: FocusUpdate?, note: String? = nil) {
        trace.append(TraceEntry(tick: tick, event: event, update: update, note: note))
        if trace.count > traceLimit + traceLimit / 4 {
            // Drop in batches, so trimming costs O(1) per entry on average.
            let drop = trace.count - traceLimit
            trace.removeFirst(drop)
            droppedTraceEntries += drop
        }
        if let update { lastUpdate = update }
    }

    /// Starts the focus/unfocus animations of a focus change; fast successive moves run them faster.
    mutating func noteFocusChange(_ u: FocusUpdate) {
        guard u.previous != u.next else { return }
        let tabVisible = u.next.map { tabOwning($0) != nil } ?? true
        if tabVisible != tabBarChange.visible { tabBarChange = (tick, tabVisible) }
        let fast = tick - lastMoveTick < Motion.fastMoveTicks
        lastMoveTick = tick
        let factor = fast ? Motion.fastFactor : 1
        // Start from where each item looks now (focus has already moved, so no record means rest/lifted).
        if let p = u.previous {
            let from = focusChanges[p] == nil ? 1 : focusProgress(p)
            focusChanges[p] = FocusChange(tick: tick, to: false, from: from, duration: Tick(Double(Motion.unfocusTicks) * factor))
        }
        if let n = u.next {
            let from = focusChanges[n] == nil ? 0 : focusProgress(n)
            focusChanges[n] = FocusChange(tick: tick, to: true, from: from, duration: Tick(Double(Motion.focusTicks) * factor))
        }
    }

    // MARK: Layout and scrolling

    func makeTree() throws(FocusTreeError) -> FocusTree {
        let layout = LayoutEngine(measurer: measurer, scroll: scroll, selectedTabs: selectedTabs)
        let screen = layout.place(root: scene.root)
        let sheets = presented.compactMap { id in scene.sheets.first { $0.id == id }.map { layout.place(root: $0) } }
        return try SceneFocusTree.build(screen: screen, sheets: sheets, state: state)
    }

    /// Hot reload: swaps in a new version of the scene, keeping focus on the same id when it still
    /// exists (else the nearest survivor), the scroll offsets, the state values and field text that
    /// still apply, and the presented sheets that still exist. Returns what changed.
    @discardableResult
    public mutating func reload(_ newScene: Scene) throws(FocusTreeError) -> ReloadReport {
        let oldIDs = Set(scene.allNodes.map(\.id))
        let newIDs = Set(newScene.allNodes.map(\.id))
        let before = system.focused
        var newState = newScene.state
        for (k, v) in state where newState[k] != nil { newState[k] = v }
        scene = newScene
        state = newState
        presented = presented.filter { id in newScene.sheets.contains { $0.id == id } }
        for n in newScene.allNodes where n.type == .textField || n.type == .picker {
            if fieldValues[n.id] == nil { fieldValues[n.id] = n.value ?? (n.type == .picker ? n.options.first ?? "" : "") }
        }
        for n in newScene.allNodes where n.type == .tabBar {
            if let sel = selectedTabs[n.id], n.tabs.contains(where: { $0.id == sel }) { continue }
            selectedTabs[n.id] = n.tabs.first?.id
        }
        scroll = scroll.filter { newIDs.contains($0.key) }
        scrollAnimations = scrollAnimations.filter { newIDs.contains($0.key) }
        let update = system.replaceTree(try makeTree())
        if update.previous != update.next { noteFocusChange(update) }
        try relayout()
        record("reload", update, note: "reloaded \(newScene.file)")
        return ReloadReport(added: newIDs.subtracting(oldIDs).sorted(), removed: oldIDs.subtracting(newIDs).sorted(),
                            focusBefore: before, focusAfter: system.focused)
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

    // MARK: Animation state (pure functions of time)

    /// How focused `id` looks now, 0 (rest) … 1 (fully lifted).
    public func focusProgress(_ id: String) -> Double {
        guard let c = focusChanges[id] else { return system.focused == id ? 1 : 0 }
        let p = c.duration <= 0 ? 1 : min(1, Double(tick - c.tick) / Double(c.duration))
        let eased = 1 - (1 - p) * (1 - p) * (1 - p)  // ease-out cubic
        return c.from + ((c.to ? 1 : 0) - c.from) * eased
    }

    /// The scroll offset shown now for `container` (animating toward the target).
    public func animatedScroll(_ container: String) -> Double {
        guard let a = scrollAnimations[container] else { return scroll[container] ?? 0 }
        let p = min(1, Double(tick - a.tick) / Double(Motion.scrollTicks))
        let eased = p < 0.5 ? 4 * p * p * p : 1 - pow3(-2 * p + 2) / 2  // ease-in-out cubic
        return a.from + (a.to - a.from) * eased
    }

    /// The bump offset (x, y) of the focused item after a blocked move: out and back.
    public func bumpOffset() -> (Double, Double) {
        guard let b = bump, tick - b.tick < Motion.bumpTicks else { return (0, 0) }
        let p = Double(tick - b.tick) / Double(Motion.bumpTicks)
        let d = Motion.bumpDistance * sinPi(p)
        switch b.direction {
        case .left: return (-d, 0)
        case .right: return (d, 0)
        case .up: return (0, -d)
        case .down: return (0, d)
        }
    }

    /// How far the tab bar is shown, 1 (in place) … 0 (slid away above the screen).
    public func tabBarShown() -> Double {
        let p = min(1, Double(tick - tabBarChange.tick) / Double(Motion.scrollTicks))
        let eased = 1 - (1 - p) * (1 - p)
        return tabBarChange.visible ? eased : 1 - eased
    }

    /// True while anything is still moving (the renderer may skip frames that cannot change).
    public var isAnimating: Bool {
        focusChanges.values.contains { tick - $0.tick < $0.duration }
            || scrollAnimations.values.contains { tick - $0.tick < Motion.scrollTicks }
            || (bump.map { tick - $0.tick < Motion.bumpTicks } ?? false)
            || tick - tabBarChange.tick < Motion.scrollTicks
            || sceneValueChanges.values.contains { tick - $0.tick < SceneRenderer.heroFadeTicks }
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


extension Simulator {
    /// The item whose FocusState binding matches the current state (`name` limits to one state value).
    func boundItem(name: String? = nil) -> String? {
        for (id, c) in index.bound where name == nil || c.state == name {
            if let v = state[c.state], v == c.equals, system.tree.isFocusable(id: id) { return id }
        }
        return nil
    }

    /// Focus writes its bindings: the focused item's value, `null` for bindings focus left.
    mutating func writeFocusBindings() {
        guard !index.bound.isEmpty else { return }
        let focusedID = system.focused
        var written = Set<String>()
        for (id, c) in index.bound where id == focusedID { state[c.state] = c.equals; written.insert(c.state) }
        for (_, c) in index.bound where !written.contains(c.state) && state[c.state] == c.equals { state[c.state] = .null }
    }

    /// The tab bar and tab an id belongs to, when it is a tab.
    func tabOwning(_ id: String) -> (bar: String, tab: String)? {
        for (bar, tabs) in index.tabBars where tabs.contains(id) { return (bar, id) }
        return nil
    }

    /// On tvOS, moving focus across the tab bar switches the content.
    mutating func followTabFocus() {
        guard let id = system.focused, let tab = tabOwning(id), selectedTabs[tab.bar] != tab.tab else { return }
        selectedTabs[tab.bar] = tab.tab
        try? rebuildTree()
    }

    mutating func stepPicker(_ n: SceneNode, by steps: Int) {
        guard !n.options.isEmpty else { return }
        let current = n.options.firstIndex(of: fieldValues[n.id] ?? "") ?? 0
        let next = max(0, min(n.options.count - 1, current + steps))
        fieldValues[n.id] = n.options[next]
    }

    /// Page up/down: a long move, to the farthest item reachable by repeated swipes within one screen.
    mutating func pageMove(up: Bool) -> FocusUpdate? {
        let start = system.focused
        var last: FocusUpdate?
        let startY = start.flatMap { system.tree.node($0) }.map { system.tree.frames[$0].midY } ?? 0
        for _ in 0 ..< 50 {
            var probe = system
            let u = probe.move(up ? .up : .down)
            guard u.moved, let n = u.next.flatMap({ probe.tree.node($0) }), abs(probe.tree.frames[n].midY - startY) <= Metrics.screen.height else { break }
            system = probe
            last = u
        }
        if let last { return FocusUpdate(previous: start, next: system.focused, heading: last.heading, outcome: .moved, via: last.via, routedBy: last.routedBy) }
        return FocusUpdate(previous: start, next: start, heading: .move(up ? .up : .down), outcome: .blocked("nothing focusable in the path"))
    }

    /// `append`: adds a node at the end of a container's children ("{n}" in its ids becomes the new index).
    mutating func append(_ node: SceneNode, to container: String) {
        var added: String?
        func insert(_ n: inout SceneNode) -> Bool {
            if n.id == container {
                let position = n.children.count
                var child = node
                func rename(_ c: inout SceneNode) {
                    c.id = c.id.replacingOccurrences(of: "{n}", with: String(position))
                    if c.focused != nil, case .string(let s) = c.focused!.equals { c.focused!.equals = .string(s.replacingOccurrences(of: "{n}", with: String(position))) }
                    for k in c.children.indices { rename(&c.children[k]) }
                }
                rename(&child)
                let existing = Set(self.index.nodes.keys)
                var id = child.id, k = 2
                while existing.contains(id) { id = "\(child.id)-\(k)"; k += 1 }
                child.id = id
                added = id
                n.children.append(child)
                return true
            }
            for k in n.children.indices where insert(&n.children[k]) { return true }
            return false
        }
        var root = scene.root
        var sheets = scene.sheets
        func insertAnywhere(_ n: inout SceneNode) -> Bool {
            if insert(&n) { return true }
            for k in n.tabs.indices where insertAnywhere(&n.tabs[k].content) { return true }
            for k in n.children.indices where !n.children[k].tabs.isEmpty && insertAnywhere(&n.children[k]) { return true }
            return false
        }
        var found = insertAnywhere(&root)
        if !found { for k in sheets.indices where insertAnywhere(&sheets[k]) { found = true; break } }
        if found {
            replaceScene(root: root, sheets: sheets)
            if let added {
                lastAppended = added
                if let node = index.nodes[added], node.type == .textField { fieldValues[added] = node.value ?? "" }
            }
        }
    }
}

/// A screen left by `open`, kept whole so Menu can return to it exactly as it was.
final class SavedScreen: Sendable {
    let simulator: Simulator
    init(_ simulator: Simulator) { self.simulator = simulator }
}

extension Simulator {
    /// `open`: push the other scene as a new screen (tvOS navigation); Menu comes back.
    mutating func open(_ file: String) -> FocusUpdate? {
        let base = scene.file.contains("/") ? String(scene.file[..<scene.file.lastIndex(of: "/")!]) : "."
        let path = file.hasPrefix("/") ? file : base + "/" + file
        let here = system.focused
        guard let loader = sceneLoader else {
            return FocusUpdate(previous: here, next: here, heading: .presented, outcome: .blocked("cannot open \(path): no scene loader here"))
        }
        switch loader(path) {
        case .failure(let error):
            // Visible where the press is reported (`path --json`, `test`, traces, the window's notice).
            let why = error.diagnostics.first?.description ?? "cannot load"
            return FocusUpdate(previous: here, next: here, heading: .presented, outcome: .blocked("cannot open \(path): \(why)"))
        case .success(let next):
            guard var fresh = try? Simulator(scene: next, policy: policy, measurer: measurer) else {
                return FocusUpdate(previous: here, next: here, heading: .presented, outcome: .blocked("cannot open \(path): its focus tree does not build"))
            }
            let previous = here
            fresh.tick = tick
            fresh.trace = trace
            fresh.traceLimit = traceLimit
            fresh.sceneLoader = sceneLoader
            fresh.recordsExplanations = recordsExplanations
            fresh.backStack = backStack + [SavedScreen(self)]
            fresh.lastMoveTick = tick
            fresh.focusChanges = [:]
            self = fresh
            let u = FocusUpdate(previous: previous, next: system.focused, heading: .presented, outcome: .moved, via: .default, routedBy: scene.file)
            noteFocusChange(u)
            return u
        }
    }

    /// Menu on an opened screen: back to the screen that opened it, as it was.
    mutating func goBack() -> FocusUpdate? {
        guard let saved = backStack.last?.simulator else { return nil }
        let previous = system.focused
        var back = saved
        back.tick = tick
        back.trace = trace
        back.sceneLoader = sceneLoader
        back.recordsExplanations = recordsExplanations
        back.backStack = Array(backStack.dropLast())
        back.focusChanges = [:]
        back.lastMoveTick = tick
        self = back
        let u = FocusUpdate(previous: previous, next: system.focused, heading: .dismissed, outcome: .moved, via: .restored)
        noteFocusChange(u)
        return u
    }
}

/// Lookups the simulator needs on every event, built once per scene version (walking the whole view
/// tree per event would cost milliseconds on a large catalogue).
struct SceneIndex: Sendable {
    var nodes: [String: SceneNode] = [:]
    /// Items with a FocusState binding, in tree order.
    var bound: [(id: String, binding: Condition)] = []
    /// Tab bars: (bar id, tab ids) in tree order.
    var tabBars: [(bar: String, tabs: [String])] = []
    /// The tab whose content holds each node (only nodes inside tab contents).
    var tabOfNode: [String: (bar: String, tab: String)] = [:]

    init(_ scene: Scene) {
        for n in scene.allNodes {
            if nodes[n.id] == nil { nodes[n.id] = n }
            if let c = n.focused { bound.append((n.id, c)) }
            if n.type == .tabBar {
                tabBars.append((n.id, n.tabs.map(\.id)))
                for tab in n.tabs {
                    var stack = [tab.content]
                    while let x = stack.popLast() { tabOfNode[x.id] = (n.id, tab.id); stack += x.children }
                }
            }
        }
    }
}

/// The tvOS focus growth rule: the longest side grows by 70 points (HIG layered images), so small
/// posters scale more than large ones; buttons grow by a fixed 10 %.
public enum LiftMetrics {
    public static let posterGrowth = 70.0
    public static func growth(for frame: Rect) -> Double { posterGrowth }
    public static func scale(for frame: Rect) -> Double {
        let longest = max(frame.width, frame.height)
        return longest > 0 ? (longest + posterGrowth) / longest : 1
    }
}

func pow3(_ x: Double) -> Double { x * x * x }

/// An out-and-back pulse over 0…1 (a parabola close to sin πx), identical on every platform.
func sinPi(_ x: Double) -> Double {
    let t = x - x.rounded(.down)
    return 4 * t * (1 - t)
}

extension Simulator {
    /// Makes `id` the focused item before any event (the `--from` of the command line), with no
    /// animation: a starting point, not a move.
    public mutating func start(from id: String) throws(StartError) {
        // A node in another tab's content: select that tab first.
        if system.tree.node(id) == nil, let owner = index.tabOfNode[id] {
            selectedTabs[owner.bar] = owner.tab
            try? relayout()
        }
        guard let issues = system.tree.checkFocusability(id) else { throw StartError(message: "no node with id \"\(id)\"") }
        guard issues.isEmpty else { throw StartError(message: "\"\(id)\" cannot take focus: " + issues.map(\.description).joined(separator: "; ")) }
        system.state.focused = id
        focusChanges = [:]
        followTabFocus()  // focus on a tab shows its content, as on tvOS
        try? relayout()
        for (k, v) in scroll { scrollAnimations[k] = ScrollAnimation(tick: tick, from: v, to: v) }
    }
}

/// What a hot reload changed.
public struct ReloadReport: Sendable, Hashable, CustomStringConvertible {
    public var added: [String]
    public var removed: [String]
    public var focusBefore: String?
    public var focusAfter: String?

    public var description: String {
        var parts: [String] = []
        if !added.isEmpty { parts.append("added \(added.joined(separator: ", "))") }
        if !removed.isEmpty { parts.append("removed \(removed.joined(separator: ", "))") }
        if focusBefore != focusAfter { parts.append("focus \(focusBefore ?? "nothing") → \(focusAfter ?? "nothing")") } else { parts.append("focus kept on \(focusAfter ?? "nothing")") }
        return parts.joined(separator: "; ")
    }
}

public struct StartError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
