import FocusEngine

/// Turns placed scene nodes into the engine's focus tree: one layer for the screen and one per
/// presented sheet, with every focus modifier mapped to its engine attribute and conditions evaluated
/// against the current state.
public enum SceneFocusTree {
    public static func build(screen: PlacedNode, sheets: [PlacedNode], state: [String: StateValue],
                             options: FocusTree.Options = .init()) throws(FocusTreeError) -> FocusTree {
        let builder = FocusTreeBuilder(capacity: 256)
        var frames: [String: Rect] = [:]
        func collect(_ p: PlacedNode) { frames[p.id] = p.frame; p.children.forEach(collect) }
        collect(screen); sheets.forEach(collect)
        addLayer(screen, id: "screen", builder: builder, frames: frames, state: state)
        for s in sheets { addLayer(s, id: s.id, builder: builder, frames: frames, state: state) }
        return try builder.build(options: options)
    }

    static func addLayer(_ p: PlacedNode, id: String, builder: FocusTreeBuilder, frames: [String: Rect], state: [String: StateValue]) {
        var a = FocusAttributes()
        a.restoresFocusAfterTransition = p.node.restoresFocusAfterTransition
        if p.node.type == .sheet {
            // A sheet is a layer: its own root, with its container modifiers on the layer itself.
            a.defaultFocus = p.node.defaultFocus
            a.focusScope = p.node.focusScope
            a.opaque = true
            builder.open(id: id, role: .layer, frame: Metrics.screen, attributes: a)
            for c in p.children { add(c, builder: builder, frames: frames, state: state) }
            builder.close()
        } else {
            builder.open(id: id, role: .layer, frame: Metrics.screen, attributes: a)
            add(p, builder: builder, frames: frames, state: state)
            builder.close()
        }
    }

    static func add(_ p: PlacedNode, builder: FocusTreeBuilder, frames: [String: Rect], state: [String: StateValue]) {
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
        a.consumesMoves = Set(n.onMove.keys)
        // A picker consumes left and right (they change its value, see Simulator.swipe), as a rating
        // picker's onMoveCommand does. The one place this rule lives.
        if n.type == .picker { a.consumesMoves.formUnion([.left, .right]) }
        let role: FocusNode.Role
        var frame = p.frame
        switch n.type {
        case .focusGuide:
            role = .guide
            a.preferred = n.preferred
            a.guideEnabled = n.enabled
            if let b = n.between, let fa = frames[b[0]], let fb = frames[b[1]] { frame = gap(fa, fb) }
        case _ where n.type.isContainer || n.type == .tabBar:
            role = .container
            a.isFocusSection = n.focusSection
            a.defaultFocus = n.defaultFocus
            a.defaultFocusPriority = n.defaultFocusPriority
            a.focusScope = n.focusScope
            a.remembersLastFocus = n.remembersLastFocus
            a.scrolls = n.type == .shelf || n.type == .scroll
            if n.isFocusable { a.focusable = n.focusable ?? .automatic }
            switch n.tabBarPart {
            case .strip(let selected)?:
                // The tab bar is a focus section; entering it (swiping up from the content) lands on
                // the selected tab, as on tvOS.
                a.isFocusSection = true
                a.defaultFocus = selected
                a.defaultFocusPriority = .userInitiated
            case .content?:
                // The area below the bar catches swipes down from any tab like a focus section (on
                // tvOS, Down from the tab bar always enters the content), and returns to where focus
                // was, else to the content's preferred item.
                a.isFocusSection = true
                a.remembersLastFocus = true
                a.defaultFocusPriority = .userInitiated
            case nil:
                break
            }
        default:
            role = .item
            if n.isFocusable { a.focusable = n.focusable ?? .automatic }
        }
        if role == .container, n.isFocusable, n.focusableSet {
            // A focusable container (the seeds' focusable grid) is itself an item; its children are content.
            builder.open(id: n.id, role: .item, frame: frame, attributes: a)
            builder.close()
            return
        }
        builder.open(id: n.id, role: role, frame: frame, attributes: a)
        for c in p.children { add(c, builder: builder, frames: frames, state: state) }
        builder.close()
    }

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
