import FocusEngine

/// Turns placed scene nodes into the engine's focus tree: one layer for the screen and one per
/// presented sheet, with every focus modifier mapped to its engine attribute and conditions evaluated
/// against the current state.
///
/// `hiddenTabBars` names the tab bars that have slid away (focus is in their content). A shown bar is
/// an opaque band over the top of the screen, after the content in tree order (drawn above it), so
/// the content under it cannot take focus; a hidden bar's tabs cannot take focus (Menu, or a swipe up
/// that finds nothing in the content, brings the bar back: the simulator's `+TabBar`).
public enum SceneFocusTree {
    public static func build(
        screen: PlacedNode, sheets: [PlacedNode], state: [String: StateValue],
        hiddenTabBars: Set<String> = [], pickerValues: [String: String] = [:],
        options: FocusTree.Options = .init()
    ) throws(FocusTreeError) -> FocusTree {
        var sink = Building(builder: FocusTreeBuilder(capacity: 256))
        var context = Context(state: state, hiddenTabBars: hiddenTabBars, pickerValues: pickerValues)
        addLayer(screen, id: "screen", &sink, &context)
        for s in sheets { addLayer(s, id: s.id, &sink, &context) }
        placeGuides(context.guides, &sink, screen: screen, sheets: sheets)
        return try sink.builder.build(options: options)
    }

    /// `tree` at a placement of the same nodes that only moved (containers scrolled): the tree `build`
    /// would give for `screen` and `sheets` with the inputs `tree` was built from, its frames read from
    /// the placement and nothing else worked out again but what depends on them (``FocusTree/withFrames(_:)``).
    /// The caller vouches that nothing `build` reads but the frames changed (the state, the pickers' values,
    /// the slid-away tab bars, each node's modifiers); nil when the placement's nodes are not the tree's
    /// (another count, or another id anywhere in tree order).
    public static func moving(
        _ tree: FocusTree, to screen: PlacedNode, sheets: [PlacedNode],
        hiddenTabBars: Set<String> = []
    ) throws(FocusTreeError) -> FocusTree? {
        var sink = Framing(ids: tree.ids)
        var context = Context(state: [:], hiddenTabBars: hiddenTabBars, pickerValues: [:])
        addLayer(screen, id: "screen", &sink, &context)
        for s in sheets { addLayer(s, id: s.id, &sink, &context) }
        guard sink.matches, sink.frames.count == tree.count else { return nil }
        placeGuides(context.guides, &sink, screen: screen, sheets: sheets)
        return try tree.withFrames(sink.frames)
    }

    /// Where the walk of the placed nodes goes, node by node in tree order: a tree builder (`Building`),
    /// or only the frames (`Framing`, which takes no modifiers: they are not worked out for it).
    protocol Sink {
        static var takesAttributes: Bool { get }
        /// The nodes opened so far: the next one's place in tree order.
        var count: Int { get }
        mutating func open(id: String, role: FocusNode.Role, frame: Rect, attributes: FocusAttributes)
        mutating func close()
        /// Sets the frame of the node at `index` (in tree order), opened before.
        mutating func setFrame(_ frame: Rect, at index: Int)
    }

    struct Building: Sink {
        static var takesAttributes: Bool { true }
        let builder: FocusTreeBuilder
        var count: Int { builder.count }
        func open(id: String, role: FocusNode.Role, frame: Rect, attributes: FocusAttributes) {
            builder.open(id: id, role: role, frame: frame, attributes: attributes)
        }
        func close() { builder.close() }
        func setFrame(_ frame: Rect, at index: Int) { builder.setFrame(frame, at: index) }
    }

    /// The frames in tree order, and whether the nodes are those of a tree built before (its ids, in order).
    struct Framing: Sink {
        static var takesAttributes: Bool { false }
        let ids: [String]
        var frames: [Rect] = []
        var matches = true
        init(ids: [String]) {
            self.ids = ids
            frames.reserveCapacity(ids.count)
        }
        var count: Int { frames.count }
        mutating func open(id: String, role: FocusNode.Role, frame: Rect, attributes: FocusAttributes) {
            if frames.count >= ids.count || ids[frames.count] != id { matches = false }
            frames.append(frame)
        }
        func close() {}
        mutating func setFrame(_ frame: Rect, at index: Int) { frames[index] = frame }
    }

    /// A guide `between` two nodes, met in the walk: its place in tree order and the two ids. Its frame
    /// is set after the walk, once every node has been placed, so that no walk over the whole placement is
    /// needed before it: a second pass would read every node's storage again, which at 100,000 nodes no
    /// cache holds. (When either id names no placed node, the guide keeps its own frame.)
    struct BetweenGuide {
        var index: Int
        var between: [String]
    }

    /// Sets the frame of each guide `between` two nodes: the gap between their frames. The frames are
    /// looked up in one walk over the placement, taken only when the scene has such a guide; they are
    /// the placed frames of any node, in the tree or not (content of a focusable container included).
    static func placeGuides<S: Sink>(
        _ guides: [BetweenGuide], _ sink: inout S, screen: PlacedNode, sheets: [PlacedNode]
    ) {
        guard !guides.isEmpty else { return }
        var wanted: Set<String> = []
        for g in guides { wanted.formUnion(g.between) }
        var frames: [String: Rect] = [:]
        collectFrames(screen, wanted, &frames)
        for s in sheets { collectFrames(s, wanted, &frames) }
        for g in guides {
            if let fa = frames[g.between[0]], let fb = frames[g.between[1]] { sink.setFrame(gap(fa, fb), at: g.index) }
        }
    }

    static func collectFrames(_ p: PlacedNode, _ wanted: Set<String>, _ frames: inout [String: Rect]) {
        if wanted.contains(p.id) { frames[p.id] = p.frame }
        p.children.withUnsafeBufferPointer { cs in for k in cs.indices { collectFrames(cs[k], wanted, &frames) } }
    }

    /// What every node's conversion reads: the state (conditions), the tab bars that are slid away, the
    /// pickers' values; and what the walk gathers as it goes: each segmented picker's options (met before
    /// its segments, which are its children) and the guides `between` two nodes (placed after the walk).
    struct Context {
        var state: [String: StateValue]
        var hiddenTabBars: Set<String>
        /// The value each picker shows now (a segmented picker is entered at its chosen segment).
        var pickerValues: [String: String]
        /// Each segmented picker's options (its segments' order), by picker id.
        var pickerOptions: [String: [String]] = [:]
        var guides: [BetweenGuide] = []

        init(state: [String: StateValue], hiddenTabBars: Set<String>, pickerValues: [String: String]) {
            self.state = state
            self.hiddenTabBars = hiddenTabBars
            self.pickerValues = pickerValues
        }

        func isHidden(tabBar: String?) -> Bool { tabBar.map(hiddenTabBars.contains) ?? false }
    }

    /// What a placed node is to the engine (a spacer is nothing: it is left out).
    enum Kind {
        case guide, segmentedPicker, container, item

        init?(_ n: SceneNode) {
            switch n.type {
            case .spacer: return nil
            case .focusGuide: self = .guide
            case .picker where (n.pickerStyle ?? .automatic).isSegmented: self = .segmentedPicker
            case _ where n.type.isContainer || n.type == .tabBar: self = .container
            default: self = .item
            }
        }

        var role: FocusNode.Role {
            switch self {
            case .guide: .guide
            case .segmentedPicker, .container: .container
            case .item: .item
            }
        }
    }

    static func addLayer<S: Sink>(_ p: PlacedNode, id: String, _ sink: inout S, _ context: inout Context) {
        if p.node.type.isPresentation {
            // A sheet (or an alert) is a layer: its own root, with its container modifiers on the layer itself.
            sink.open(id: id, role: .layer, frame: Metrics.screen, attributes: layerAttributes(p.node))
            p.children.withUnsafeBufferPointer { cs in for k in cs.indices { add(cs[k], &sink, &context) } }
            sink.close()
        } else {
            sink.open(id: id, role: .layer, frame: Metrics.screen, attributes: layerAttributes(p.node))
            add(p, &sink, &context)
            sink.close()
        }
    }

    static func layerAttributes(_ n: SceneNode) -> FocusAttributes {
        var a = FocusAttributes()
        a.restoresFocusAfterTransition = n.restoresFocusAfterTransition
        if n.type.isPresentation {
            a.defaultFocus = n.defaultFocus
            a.focusScope = n.focusScope
            a.opaque = true
        }
        return a
    }

    static func add<S: Sink>(_ p: PlacedNode, _ sink: inout S, _ context: inout Context, tabBar: String? = nil) {
        let n = p.node
        guard let kind = Kind(n) else { return }
        let frame = frame(p, kind, context, tabBar: tabBar)
        switch kind {
        case .guide:
            if let b = n.between { context.guides.append(BetweenGuide(index: sink.count, between: b)) }
        case .segmentedPicker:
            if S.takesAttributes { context.pickerOptions[n.id] = n.options }
        case .container, .item:
            break
        }
        // Written in place: returned from a function, or through an autoclosure, they cost a copy each.
        var a = FocusAttributes()
        if S.takesAttributes { setAttributes(&a, p, kind, context, tabBar: tabBar) }
        if kind.role == .container, n.isFocusable, n.focusableSet {
            // A focusable container (the seeds' focusable grid) is itself an item; its children are content.
            sink.open(id: n.id, role: .item, frame: frame, attributes: a)
            sink.close()
            return
        }
        sink.open(id: n.id, role: kind.role, frame: frame, attributes: a)
        let bar = n.type == .tabBar ? n.id : tabBar
        p.children.withUnsafeBufferPointer { cs in for k in cs.indices { add(cs[k], &sink, &context, tabBar: bar) } }
        sink.close()
    }

    /// The frame the engine sees: a guide's own (one `between` two nodes is moved to the gap between them
    /// after the walk, ``placeGuides(_:_:screen:sheets:)``); a scrolling container clips along its axis
    /// to its bounds (Visibility.swift), which the engine reads from its frame; a shown tab bar's strip
    /// is the opaque band over the top of the screen.
    static func frame(_ p: PlacedNode, _ kind: Kind, _ context: Context, tabBar: String?) -> Rect {
        let n = p.node
        switch kind {
        case .guide:
            return p.frame
        case .container:
            if case .strip? = n.tabBarPart, !context.isHidden(tabBar: tabBar) {
                // Down to the bar's foot, which sits lower when the text size grows the bar.
                return Rect(0, 0, Metrics.tabBarBand.width, max(Metrics.tabBarBand.maxY, p.frame.maxY))
            }
            return p.clipBounds ?? p.frame
        case .segmentedPicker, .item:
            return p.frame
        }
    }

    /// Every focus modifier of the node mapped to its engine attribute, conditions evaluated against the
    /// state (`a` starts as `FocusAttributes()`).
    static func setAttributes(
        _ a: inout FocusAttributes, _ p: PlacedNode, _ kind: Kind, _ context: Context, tabBar: String?
    ) {
        let n = p.node
        a.disabled = n.disabled
        a.hidden = n.hidden
        a.focusEffectDisabled = n.focusEffectDisabled
        a.focusedValues = n.focusedValue
        a.focusedSceneValues = n.focusedSceneValue
        a.opaque = n.opaque
        if let pref = n.prefersDefaultFocus {
            a.prefersDefaultFocus = pref.condition.map { evaluate($0, context.state) } ?? true
            a.prefersDefaultFocusIn = pref.scope
        }
        // Only a move handler takes a direction from the engine: a picker does not (tvOS pickers are
        // operated with Select, or focus moves along a segmented one's segments).
        if !n.onMove.isEmpty { a.consumesMoves = Set(n.onMove.keys) }
        switch kind {
        case .guide:
            a.preferred = n.preferred
            a.guideEnabled = n.enabled
        case .segmentedPicker:
            // A segmented picker (UISegmentedControl) is a row of focusable segments; focus entering it
            // goes to the chosen segment ("sticky" selection), however it enters: the picker is a focus
            // scope whose chosen segment prefers default focus, entered through its preferred focus. (Not a
            // `defaultFocus`: the first nested one of those would take the screen's initial focus.)
            a.focusScope = segmentScope(n.id)
            a.defaultFocusPriority = .userInitiated
        case .container:
            a.isFocusSection = n.focusSection
            a.defaultFocus = n.defaultFocus
            a.defaultFocusPriority = n.defaultFocusPriority
            a.focusScope = n.focusScope
            a.remembersLastFocus = n.remembersLastFocus
            if n.type == .shelf { a.scrollAxes = .horizontal }
            if n.type == .scroll { a.scrollAxes = .vertical }
            if n.isFocusable { a.focusable = n.focusable ?? .automatic }
            switch n.tabBarPart {
            case .strip?:
                // UITabBarController's bar (tvos-focus.md §A13): chrome drawn above the content, not
                // a section. Shown, it covers the top of the screen; slid away, its tabs are hidden.
                if context.isHidden(tabBar: tabBar) { a.hidden = true } else { a.opaque = true }
            case .content?:
                // Down from a tab is a normal geometric move; when nothing focusable lies directly
                // below the tab, the closest item below is focused instead ("If nothing is focusable
                // immediately below the selected tab, the closest focusable view is focused",
                // UITabBarController): a focus section over the content area does exactly that.
                a.isFocusSection = true
            case nil:
                break
            }
        case .item:
            if n.isFocusable { a.focusable = n.focusable ?? .automatic }
            if let seg = n.segment {
                let chosen =
                    context.pickerValues[seg.picker].flatMap { v in context.pickerOptions[seg.picker]?.firstIndex(of: v)
                    } ?? 0
                if seg.index == chosen {
                    a.prefersDefaultFocus = true
                    a.prefersDefaultFocusIn = segmentScope(seg.picker)
                }
            }
        }
    }

    /// The focus scope a segmented picker declares around its segments.
    static func segmentScope(_ picker: String) -> String { picker + "/segments" }

    /// The empty space between two frames, as tall (or wide) as the first: where a guide "between" them lies.
    public static func gap(_ a: Rect, _ b: Rect) -> Rect {
        if b.minX >= a.maxX { return Rect(a.maxX, a.minY, b.minX - a.maxX, a.height) }
        if a.minX >= b.maxX { return Rect(b.maxX, a.minY, a.minX - b.maxX, a.height) }
        if b.minY >= a.maxY { return Rect(a.minX, a.maxY, a.width, b.minY - a.maxY) }
        if a.minY >= b.maxY { return Rect(a.minX, b.maxY, a.width, a.minY - b.maxY) }
        return a.union(b)
    }

    public static func evaluate(_ c: Condition, _ state: [String: StateValue]) -> Bool {
        (state[c.state] ?? .null) == c.equals
    }
}
