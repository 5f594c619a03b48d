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
    public static func build(screen: PlacedNode, sheets: [PlacedNode], state: [String: StateValue],
                             hiddenTabBars: Set<String> = [], pickerValues: [String: String] = [:],
                             options: FocusTree.Options = .init()) throws(FocusTreeError) -> FocusTree {
        let builder = FocusTreeBuilder(capacity: 256)
        // Frames by id, of the nodes guides are `between` only (hashing every id cost a fifth of the build).
        // In the same walk, each segmented picker's options (its segments' order).
        var wanted: Set<String> = []
        var pickerOptions: [String: [String]] = [:]
        gatherGuides(screen, &wanted, &pickerOptions)
        for s in sheets { gatherGuides(s, &wanted, &pickerOptions) }
        var frames: [String: Rect] = [:]
        if !wanted.isEmpty { collectFrames(screen, wanted, &frames); for s in sheets { collectFrames(s, wanted, &frames) } }
        let context = Context(frames: frames, state: state, hiddenTabBars: hiddenTabBars, pickerValues: pickerValues, pickerOptions: pickerOptions)
        addLayer(screen, id: "screen", builder: builder, context)
        for s in sheets { addLayer(s, id: s.id, builder: builder, context) }
        return try builder.build(options: options)
    }

    /// The ids guides are `between` and each segmented picker's options. The walks here borrow each
    /// child from the array's buffer: iterating the array would copy every placed node (its node, children
    /// and labels retained and released), which was most of a catalogue's build.
    static func gatherGuides(_ p: PlacedNode, _ wanted: inout Set<String>, _ pickerOptions: inout [String: [String]]) {
        if p.type == .focusGuide, let b = p.node.between { wanted.formUnion(b) }
        if p.type == .picker, (p.node.pickerStyle ?? .automatic).isSegmented { pickerOptions[p.id] = p.node.options }
        p.children.withUnsafeBufferPointer { cs in for k in cs.indices { gatherGuides(cs[k], &wanted, &pickerOptions) } }
    }

    static func collectFrames(_ p: PlacedNode, _ wanted: Set<String>, _ frames: inout [String: Rect]) {
        if wanted.contains(p.id) { frames[p.id] = p.frame }
        p.children.withUnsafeBufferPointer { cs in for k in cs.indices { collectFrames(cs[k], wanted, &frames) } }
    }

    /// What every node's conversion reads: frames by id (guides `between` two nodes), the state
    /// (conditions), the tab bars that are slid away, the pickers' values.
    struct Context {
        var frames: [String: Rect]
        var state: [String: StateValue]
        var hiddenTabBars: Set<String>
        /// The value each picker shows now (a segmented picker is entered at its chosen segment).
        var pickerValues: [String: String]
        /// Each segmented picker's options (its segments' order).
        var pickerOptions: [String: [String]]
    }

    static func addLayer(_ p: PlacedNode, id: String, builder: FocusTreeBuilder, _ context: Context) {
        var a = FocusAttributes()
        a.restoresFocusAfterTransition = p.node.restoresFocusAfterTransition
        if p.node.type.isPresentation {
            // A sheet (or an alert) is a layer: its own root, with its container modifiers on the layer itself.
            a.defaultFocus = p.node.defaultFocus
            a.focusScope = p.node.focusScope
            a.opaque = true
            builder.open(id: id, role: .layer, frame: Metrics.screen, attributes: a)
            for c in p.children { add(c, builder: builder, context) }
            builder.close()
        } else {
            builder.open(id: id, role: .layer, frame: Metrics.screen, attributes: a)
            add(p, builder: builder, context)
            builder.close()
        }
    }

    static func add(_ p: PlacedNode, builder: FocusTreeBuilder, _ context: Context, tabBar: String? = nil) {
        let state = context.state
        let n = p.node
        if n.type == .spacer { return }
        var a = FocusAttributes()
        a.disabled = n.disabled
        a.hidden = n.hidden
        a.focusEffectDisabled = n.focusEffectDisabled
        a.focusedValues = n.focusedValue
        a.focusedSceneValues = n.focusedSceneValue
        a.opaque = n.opaque
        if let pref = n.prefersDefaultFocus {
            a.prefersDefaultFocus = pref.condition.map { evaluate($0, state) } ?? true
            a.prefersDefaultFocusIn = pref.scope
        }
        // Only a move handler takes a direction from the engine: a picker does not (tvOS pickers are
        // operated with Select, or focus moves along a segmented one's segments).
        if !n.onMove.isEmpty { a.consumesMoves = Set(n.onMove.keys) }
        let segmented = n.type == .picker && (n.pickerStyle ?? .automatic).isSegmented
        let role: FocusNode.Role
        var frame = p.frame
        switch n.type {
        case .focusGuide:
            role = .guide
            a.preferred = n.preferred
            a.guideEnabled = n.enabled
            if let b = n.between, let fa = context.frames[b[0]], let fb = context.frames[b[1]] { frame = gap(fa, fb) }
        case .picker where segmented:
            // A segmented picker (UISegmentedControl) is a row of focusable segments; focus entering it
            // goes to the chosen segment ("sticky" selection), however it enters: the picker is a focus
            // scope whose chosen segment prefers default focus, entered through its preferred focus. (Not a
            // `defaultFocus`: the first nested one of those would take the screen's initial focus.)
            role = .container
            a.focusScope = segmentScope(n.id)
            a.defaultFocusPriority = .userInitiated
        case _ where n.type.isContainer || n.type == .tabBar:
            role = .container
            a.isFocusSection = n.focusSection
            a.defaultFocus = n.defaultFocus
            a.defaultFocusPriority = n.defaultFocusPriority
            a.focusScope = n.focusScope
            a.remembersLastFocus = n.remembersLastFocus
            // A scrolling container clips along its axis to its bounds (Visibility.swift), which the
            // engine reads from its frame.
            if n.type == .shelf { a.scrollAxes = .horizontal }
            if n.type == .scroll { a.scrollAxes = .vertical }
            if let bounds = p.clipBounds { frame = bounds }
            if n.isFocusable { a.focusable = n.focusable ?? .automatic }
            switch n.tabBarPart {
            case .strip?:
                // UITabBarController's bar (tvos-focus.md §A13): chrome drawn above the content, not
                // a section. Shown, it covers the top of the screen; slid away, its tabs are hidden.
                if let bar = tabBar, context.hiddenTabBars.contains(bar) {
                    a.hidden = true
                } else {
                    a.opaque = true
                    frame = Metrics.tabBarBand
                }
            case .content?:
                // Down from a tab is a normal geometric move; when nothing focusable lies directly
                // below the tab, the closest item below is focused instead ("If nothing is focusable
                // immediately below the selected tab, the closest focusable view is focused",
                // UITabBarController): a focus section over the content area does exactly that.
                a.isFocusSection = true
            case nil:
                break
            }
        default:
            role = .item
            if n.isFocusable { a.focusable = n.focusable ?? .automatic }
            if let seg = n.segment {
                let chosen = context.pickerValues[seg.picker].flatMap { v in context.pickerOptions[seg.picker]?.firstIndex(of: v) } ?? 0
                if seg.index == chosen { a.prefersDefaultFocus = true; a.prefersDefaultFocusIn = segmentScope(seg.picker) }
            }
        }
        if role == .container, n.isFocusable, n.focusableSet {
            // A focusable container (the seeds' focusable grid) is itself an item; its children are content.
            builder.open(id: n.id, role: .item, frame: frame, attributes: a)
            builder.close()
            return
        }
        builder.open(id: n.id, role: role, frame: frame, attributes: a)
        let bar = n.type == .tabBar ? n.id : tabBar
        p.children.withUnsafeBufferPointer { cs in for k in cs.indices { add(cs[k], builder: builder, context, tabBar: bar) } }
        builder.close()
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
