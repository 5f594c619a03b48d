import FocusEngine
import TenFootCore
import TenFootScene

/// The headless simulator: scene, layers, focus, scroll and animation state, advanced on a fixed
/// clock. No SDL and no wall clock: the same events at the same ticks always give the same states.
///
/// One event is one `send`: the remote event is dispatched (`Simulator+Remote`), the actions it
/// triggers run (`+Actions`) and mark what they changed, and one commit at the end brings layout,
/// scrolling and the focus tree up to date (`+Layout`). Animations are records read as functions of
/// the clock (`+Animation`); `open` and Menu swap screens carrying the session (`+Navigation`).
public struct Simulator: Sendable {
    // MARK: The screen

    public internal(set) var scene: Scene {
        didSet {
            index = SceneIndex(scene)
            session.work += index.weight * WorkCost.index
            invalidate(.placement)
        }
    }
    package var index: SceneIndex
    public internal(set) var system: FocusSystem

    // MARK: The parts of the state (`SimulatorState.swift`), each marking what its changes make stale

    public internal(set) var navigation = NavigationState() {
        didSet { if navigation.selectedTabs != oldValue.selectedTabs { invalidate(.placement) } }
    }
    public internal(set) var presentation = PresentationState() {
        didSet { if presentation.presented != oldValue.presented { invalidate(.placement) } }
    }
    public internal(set) var textEntry = TextEntryState() {
        didSet {
            if textEntry.entry != oldValue.entry || textEntry.searchKeyboard != oldValue.searchKeyboard {
                invalidate(.placement)
            }
        }
    }
    public internal(set) var motion = MotionState()
    public internal(set) var data = DataState() {
        didSet { if data.state != oldValue.state { invalidate(.focusTree) } }
    }

    // MARK: Layout (`+Layout`: one commit per event)

    /// Target scroll offsets (what focus decisions use) by container id.
    public internal(set) var scroll: [String: Double] = [:]
    /// How layout measures text: changing it lays the scene out again at the next event.
    public var measurer: any TextMeasurer {
        didSet { invalidate(.placement) }
    }
    /// The placement at the target scroll offsets (what focus sees; drawing shifts it while scrolling).
    public internal(set) var screen: PlacedNode
    public internal(set) var sheets: [PlacedNode] = []
    /// What the last layout pass measured, for a pass that only scrolls (`place(scrolled:)`).
    var layoutMemo: LayoutMemo?
    /// A copy of what the last layout pass measured, for another pass over this very scene with this measurer, its
    /// direction and text size (`SceneLint.findings`).
    public var measured: LayoutMemo? {
        stale.contains(.placement) ? nil : layoutMemo.map(LayoutMemo.init(carrying:))
    }
    /// What changed since the layout and focus tree were last brought up to date.
    var stale: Invalidation = []
    /// The tree in use is the start's, built before the pickers' values were read (each segmented
    /// picker prefers its first segment) while one starts on a later segment: the next build brings it
    /// up to date. Until then it is not moved to scrolled frames but built again, and the tab bar
    /// sliding away rebuilds it even in a scene without one — both as before trees were moved.
    var treeLacksPickerValues = false
    /// What an action said about itself for the trace (a value chosen), written by the event's `finish`.
    var pendingNote: TraceEntry.Note?
    /// Why the focus tree could not be built for the state the last event led to (the event stopped there;
    /// the trace has it as `layoutFailed`), nil when it could. Hosts report it: the commands as an error, the
    /// window in its banner.
    public internal(set) var failure: FocusTreeError?
    /// Makes every focus-tree build fail with `error` once `after` trees have been built (tests only: no
    /// scene makes a build fail on purpose, and the error must still reach the user).
    package var treeBuildFault: (after: Int, error: FocusTreeError)?

    // MARK: The session (outlives screens)

    var session = Session()

    public var tick: Tick { session.tick }
    /// The work the events so far made, in ``WorkCost`` units (a node indexed, laid out, walked or moved; a focus
    /// tree's node built; a node read from a file): the measure of the work a script made, which
    /// ``ScriptPlayer/workBudget`` bounds.
    public var work: Int { session.work }

    /// What the passes an event may make over the whole screen cost, in units of work per node of the screen (its
    /// ``SceneIndex/weight``: a node with text counts twice, and as much again for each stack around it; a walk
    /// counts nodes). A unit is about half a microsecond
    /// to 0.7 µs in a release build on a two-core machine: on 90,000 plain posters a data action (index, layout, focus
    /// tree) took 0.23 s, a state change (a focus tree) 0.18 s, a swipe that scrolls (a layout, the tree moved to the
    /// new frames) 0.09 s, reading the scene file 0.9 s; on 3,000 buttons a data action 24 ms.
    package enum WorkCost {
        /// Indexing the scene after it changed (every data action).
        package static let index = 1
        /// A layout pass (a data action, a swipe that scrolls, a sheet or tab shown).
        package static let place = 1
        /// Building the focus tree again (a data action, a state change).
        package static let build = 4
        /// Moving the focus tree to the frames of a scrolled placement.
        package static let moving = 2
        /// A walk over the scene or the placed screen (a data action finding its template, an announcement).
        package static let walk = 1
        /// The nodes a swipe's search looks at that count one unit (a look is a few comparisons, a node of a pass a
        /// layout's worth).
        package static let examinedPerUnit = 16
        /// Making a screen's scene in place of reading it (a picker's list of options: a row per option).
        package static let make = 1
        /// The bytes of titles and query a search's matching reads that count one unit.
        package static let matchedBytesPerUnit = 16
        /// A pushed screen left for good (Menu back from it): its scene, placement and focus tree freed.
        package static let dismantle = 2
        /// Reading and decoding a scene file, per node it holds (an `open`).
        package static let load = 20
        /// An `open` whose scene cannot be loaded: what reading a file at the size limit to an error at its end takes.
        package static let failedOpen = SceneLimits.maxNodes * 12
        /// A screen starting: indexed, laid out and its focus tree built.
        package static let start = index + place + build
        /// A swipe that scrolls: laid out again, the tree moved.
        package static let scroll = place + moving
        /// The most one event's actions may make before the rest of them are refused (a script's whole budget).
        package static let eventLimit = ScriptPlayer.workBudget
    }

    /// The most one event's actions may make (``WorkCost/eventLimit``; tests lower it).
    package var eventWorkLimit = WorkCost.eventLimit

    /// Counts a walk over the scene's nodes as work.
    mutating func countWalk() { session.work += max(1, index.nodes.count * WorkCost.walk) }
    public var trace: Trace { session.trace }
    /// How many trace entries are kept (the oldest are dropped), so a long session's memory stays flat.
    /// Recordings that need every entry raise it.
    public var traceLimit: Int {
        get { session.trace.limit }
        set { session.trace.limit = newValue }
    }
    /// Entries dropped from the front of the trace so far.
    public var droppedTraceEntries: Int { session.trace.dropped }
    /// When set (the debug overlay is on), each swipe also records the engine's explanation of it.
    public var recordsExplanations: Bool {
        get { session.recordsExplanations }
        set { session.recordsExplanations = newValue }
    }
    /// Loads the scene file an `open` action names (a path relative to the current scene's folder). The
    /// host injects it — the simulator itself does no I/O; without one, `open` is recorded and ignored.
    public var sceneLoader: SceneLoader? {
        get { session.sceneLoader }
        set { session.sceneLoader = newValue }
    }
    /// False when `sceneLoader` reads no file (a bundle's replay serves `open` from the bundle): what looks for the
    /// scenes `open` leads to then looks at no file either.
    public var sceneLoaderReadsFiles: Bool {
        get { session.sceneLoaderReadsFiles }
        set { session.sceneLoaderReadsFiles = newValue }
    }
    /// The window's safety catch: Menu at the top level asks first (``menuExitAsked``) and leaves the app
    /// only when pressed again within ``Simulator/menuExitWindow``. Off for scripts, `path` and `test`, where
    /// Menu at the top level leaves at once, as on tvOS.
    public var confirmsMenuExit: Bool {
        get { session.confirmsMenuExit }
        set { session.confirmsMenuExit = newValue }
    }
    /// When Menu at the top level last asked to leave (with ``confirmsMenuExit``), nil when it has not.
    public var menuExitAsked: Tick? { session.menuExitAsked }
    /// How long the second press has to leave: two seconds.
    public static let menuExitWindow: Tick = Clock.ticks(seconds: 2)
    /// Idle dimming (nil: off, the default): out-of-focus content dims after a while without input.
    public var idleDimming: IdleDimming? {
        get { session.idleDimming }
        set { session.idleDimming = newValue }
    }
    /// The finger on the touch surface, each axis -1…1 (drives the parallax tilt).
    public var touch: (x: Double, y: Double)? { session.touch }
    /// How many times the screen has been laid out (one per event at most, two when something scrolls).
    package var layoutPasses: Int { session.layoutPasses }
    /// How many focus trees have been built from a placement: one at the start, one per event at most
    /// (after a scroll the tree moves to the new frames instead).
    package var focusTreeBuilds: Int { session.focusTreeBuilds }

    public init(scene: Scene, policy: FocusPolicy = .tvos, measurer: any TextMeasurer = FixedAdvanceMeasurer())
        throws(FocusTreeError)
    {
        // A search shows its keyboard and results from the start.
        let (scene, search) = Simulator.showingSearch(scene)
        self.scene = scene
        self.index = SceneIndex(scene)
        if let search {
            textEntry.searchCatalogue = search.catalogue
            textEntry.searchKeyboard = search.keyboard
            textEntry.searchShown = SearchInputs(
                query: textEntry.fieldValues[search.keyboard.target] ?? scene.allNodes.first { $0.type == .search }?
                    .value ?? "",
                keyboard: search.keyboard)
        }
        data.state = scene.state
        self.measurer = measurer
        // Whether a segmented picker starts on another segment than its first (`treeLacksPickerValues`).
        var startsOnLaterSegment = false
        for n in scene.allNodes {
            if n.type == .search { textEntry.fieldValues[n.id] = n.value ?? "" }
            if n.type == .textField || n.type == .picker {
                textEntry.fieldValues[n.id] = n.value ?? (n.type == .picker ? n.options.first ?? "" : "")
            }
            if n.type == .picker, (n.pickerStyle ?? .automatic).isSegmented, let value = textEntry.fieldValues[n.id],
                let k = n.options.firstIndex(of: value), k != 0
            {
                startsOnLaterSegment = true
            }
            if n.type == .toggle, case .constant(let on)? = n.isOn { data.toggles[n.id] = on }
            // A bar opens on its first tab, or on the tab its defaultFocus names (`TabView(selection:)`).
            if n.type == .tabBar, let first = n.tabs.first {
                navigation.selectedTabs[n.id] = n.tabs.first { $0.id == n.defaultFocus }?.id ?? first.id
            }
        }
        let memo = LayoutMemo()
        screen = LayoutEngine(
            measurer: measurer, selectedTabs: navigation.selectedTabs, direction: scene.layoutDirection,
            textSize: scene.textSize
        ).place(root: scene.root, memo: memo)
        layoutMemo = memo
        session.layoutPasses = 1
        session.work = index.weight * WorkCost.start
        // The tree with the tab bar shown (as it is before focus goes anywhere).
        system = FocusSystem(
            tree: try SceneFocusTree.build(screen: screen, sheets: [], state: scene.state, options: scene.focusOptions),
            policy: policy)
        session.focusTreeBuilds = 1
        treeLacksPickerValues = startsOnLaterSegment
        var update = system.focusInitial()
        // A FocusState binding whose state already names an item wins (`.defaultFocus($state, value)`).
        if let bound = boundItem() {
            update = system.requestFocus(bound)
            update.heading = .initial
            update.via = .default
        }
        record(.start, update)
        noteFocusChange(update)
        writeFocusBindings()
        writeSearchFocused()
        try commitLayout()
    }

    public var focused: String? { system.focused }
    public var policy: FocusPolicy { system.policy }

    /// The scene node that has focus.
    var focusedNode: SceneNode? {
        guard let id = system.focused else { return nil }
        return index.nodes[id]
    }

    // MARK: Time

    /// Advances the clock; animations are functions of time, so nothing else changes here. Never
    /// backwards, and saturating at `Tick.max` (input scripts stop at an hour; no caller can trap it).
    public mutating func step(ticks: Tick = 1) {
        let (sum, overflow) = session.tick.addingReportingOverflow(max(0, ticks))
        session.tick = overflow ? .max : sum
    }

    // MARK: Events

    /// Applies one remote event at the current tick and returns the focus update it caused, if any. When the
    /// focus tree cannot be built for the state the event leads to, the event stops there: the trace says
    /// why (`layoutFailed`) and `failure` keeps it for the host to report.
    @discardableResult
    public mutating func send(_ event: RemoteEvent) -> FocusUpdate? {
        guard !navigation.exited else { return nil }
        failure = nil
        session.lastInput = tick
        let valuesBefore = system.state.sceneValues
        defer {
            for (k, v) in system.state.sceneValues where valuesBefore[k] != v {
                motion.sceneValueChanges[k] = (valuesBefore[k], tick)
            }
        }
        if event == .home {
            navigation.exited = true
            record(.remote(event), nil, note: .exitedHome)
            return nil
        }
        let handled: Handled
        do { handled = try handle(event) } catch {
            pendingNote = nil
            failure = error
            record(.remote(event), nil, note: .layoutFailed(error.description))
            return nil
        }
        return finish(event, handled)
    }

    /// What an event did, for the commit at its end: the focus update it caused, and what it says about
    /// itself in the trace.
    struct Handled {
        var update: FocusUpdate?
        var note: TraceEntry.Note?
    }

    /// The event's own work: the keyboard first, then the remote button's (`+Remote`) and the actions it runs.
    mutating func handle(_ event: RemoteEvent) throws(FocusTreeError) -> Handled {
        // The keyboard first: typing, deleting, keys, Menu while editing (`+Keyboard`).
        if let handled = try keyboardEvent(event) { return handled }
        var update: FocusUpdate?
        switch event {
        case .swipe(let d): update = try swipe(d)
        case .next: update = system.moveSequential(forward: true)
        case .previous: update = system.moveSequential(forward: false)
        case .select: update = try select()
        case .longSelect: update = try runActions(.onLongSelect)
        case .playPause: update = try runActions(.onPlayPause)
        case .menu: update = try menu()
        case .pageUp, .pageDown: update = try pagePress(up: event == .pageUp)
        case .touch(let x, let y):
            session.touch = (max(-1, min(1, x)), max(-1, min(1, y)))
            session.lifted = nil
        case .release:
            // The tilt springs back from where it was (the finger, or a spring still on its way back).
            let t = tilt
            session.lifted = (t.x, t.y, tick)
            session.touch = nil
        case .crown(let detents):
            let (u, note) = try turnCrown(detents)
            update = u
            pendingNote = note
        case .home, .text, .delete, .submit: break
        case .data(let action): update = try applyData(action)
        }
        return Handled(update: update, note: navigation.exited ? .exitedHome : nil)
    }

    /// The one commit at the end of every event that reaches the scene: focus animations and tab following
    /// for the update, focus bindings written, the trace entry, and the layout brought up to date.
    mutating func finish(_ event: RemoteEvent, _ handled: Handled) -> FocusUpdate? {
        let update = handled.update
        if let u = update { noteFocusChange(u) }
        do { try checkReachEnd() } catch {
            failure = error
            record(.remote(event), update, note: .layoutFailed(error.description))
            pendingNote = nil
            return update
        }
        followTabFocus()
        let chosen = followSegmentFocus()
        writeFocusBindings()
        writeSearchFocused()
        record(.remote(event), update, note: handled.note ?? pendingNote ?? chosen)
        pendingNote = nil
        do { try commitLayout() } catch {
            failure = error
            record(.relayout, nil, note: .layoutFailed(error.description))
        }
        return update
    }
}

extension Simulator {
    /// Makes `id` the focused item before any event (the `--from` of the command line), with no
    /// animation: a starting point, not a move.
    public mutating func start(from id: String) throws(StartError) {
        // The screen that shows `id`: with the focus tree it needs, or an error naming why it cannot be built.
        func commit(_ sync: (inout Simulator) throws(FocusTreeError) -> Void) throws(StartError) {
            do { try sync(&self) } catch {
                failure = error
                throw StartError(message: "cannot start on \"\(id)\": the focus tree cannot be built: \(error)")
            }
        }
        // A node in another tab's content: select that tab first. A tab: show the bar.
        if system.tree.node(id) == nil, let owner = index.tabOfNode[id] {
            navigation.selectedTabs[owner.bar] = owner.tab
            try commit { s throws(FocusTreeError) in try s.commitLayout() }
        }
        if let tab = tabOwning(id), navigation.selectedTabs[tab.bar] != tab.tab {
            navigation.selectedTabs[tab.bar] = tab.tab
            try commit { s throws(FocusTreeError) in try s.commitLayout() }
        }
        // The tab bar at rest: shown when starting on a tab, slid away when starting in the content.
        if !index.tabBars.isEmpty {
            setTabBarVisible(tabOwning(id) != nil)
            navigation.tabBarChange.tick = -1_000_000
            try commit { s throws(FocusTreeError) in try s.syncFocusTree() }
        }
        guard let issues = system.tree.checkFocusability(id) else {
            throw StartError(message: "no node with id \(quoted(id))")
        }
        guard issues.isEmpty else {
            throw StartError(
                message: "\(quoted(id)) cannot take focus: " + issues.map(\.description).joined(separator: "; "))
        }
        system.state.focused = id
        motion.focusChanges = [:]
        followTabFocus()  // focus on a tab shows its content, as on tvOS
        try commit { s throws(FocusTreeError) in try s.commitLayout() }
        for (k, v) in scroll { motion.scrollAnimations[k] = ScrollAnimation(tick: tick, from: v, to: v) }
    }
}
