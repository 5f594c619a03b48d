import Foundation
import FocusEngine
import TenFootCore
import TenFootScene

/// The headless simulator: scene, layers, focus, scroll and animation state, advanced on a fixed
/// clock. No SDL and no wall clock: the same events at the same ticks always give the same states.
public struct Simulator: Sendable {
    public internal(set) var tick: Tick = 0
    public internal(set) var scene: Scene { didSet { index = SceneIndex(scene) } }
    var index: SceneIndex
    public internal(set) var system: FocusSystem
    public internal(set) var state: [String: StateValue]
    public internal(set) var presented: [String] = []
    /// Target scroll offsets (what focus decisions use) by container id.
    public internal(set) var scroll: [String: Double] = [:]
    public internal(set) var trace: [TraceEntry] = []
    /// How many trace entries are kept (the oldest are dropped), so a long session's memory stays flat.
    /// Recordings that need every entry raise it.
    public var traceLimit = 10_000
    /// Entries dropped from the front of the trace so far.
    public internal(set) var droppedTraceEntries = 0
    /// Set when Home is pressed, or Menu at the top level: the app exits.
    public internal(set) var exited = false
    public internal(set) var lastUpdate: FocusUpdate?
    /// When set (the debug overlay is on), each swipe also records the engine's explanation of it.
    public var recordsExplanations = false
    /// The explanation of the last swipe, taken before the move (same geometry the move saw).
    public internal(set) var lastExplanation: Explanation?
    public var measurer: any TextMeasurer
    public internal(set) var screen: PlacedNode
    public internal(set) var sheets: [PlacedNode] = []

    // Animation records: each a pure function of time once stored.
    struct FocusChange: Sendable { var tick: Tick; var to: Bool; var from: Double; var duration: Tick }
    struct ScrollAnimation: Sendable { var tick: Tick; var from: Double; var to: Double; var horizontal: Bool = false }
    struct Bump: Sendable { var tick: Tick; var direction: Direction }
    var focusChanges: [String: FocusChange] = [:]
    var scrollAnimations: [String: ScrollAnimation] = [:]
    var bump: Bump?
    /// When the tab bar last started to show or hide (it slides away while focus is in content).
    public internal(set) var tabBarChange: (tick: Tick, visible: Bool) = (-1_000_000, true)
    var lastMoveTick: Tick = -1_000_000
    public internal(set) var touch: (x: Double, y: Double)?
    /// The text field being edited (select on a focused field starts editing; tvOS behaviour).
    public internal(set) var editing: String?
    /// Current text of each text field and value of each picker, by id (initialised from the scene).
    public internal(set) var fieldValues: [String: String] = [:]
    /// The selected tab of each tab bar, by tab bar id.
    public internal(set) var selectedTabs: [String: String] = [:]
    /// The value each focused scene value had before its last change, and when it changed (hero cross-fades).
    public internal(set) var sceneValueChanges: [String: (old: String?, tick: Tick)] = [:]
    /// Loads the scene file an `open` action names (a path relative to the current scene's folder). The
    /// host injects it — the simulator itself does no I/O; without one, `open` is recorded and ignored.
    public var sceneLoader: SceneLoader?
    /// Screens left by `open`, newest last: Menu returns to them.
    var backStack: [SavedScreen] = []
    /// The id of the node the last `append` action added (`"$last"` in a `focus` action).
    public internal(set) var lastAppended: String?

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
