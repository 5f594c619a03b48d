/// Why an item cannot take focus: the tvOS rules, each checked on its own so the debugger can list
/// every one that fails (UIFocusDebugger `checkFocusability(for:)`).
public enum FocusabilityIssue: Hashable, Sendable, CustomStringConvertible {
    /// The node is not an item (a container, guide or layer) or has no `focusable`.
    case notFocusable
    /// `focusable(interactions: .activate)` on a keyboard platform with full keyboard access off.
    case activateNeedsFullKeyboardAccess
    /// `disabled` on the item or on an ancestor (named).
    case disabled(by: String)
    /// `hidden` on the item or on an ancestor (named).
    case hidden(by: String)
    /// Zero width or height.
    case zeroSized
    /// Outside the screen and not inside a scrolling container that is itself visible.
    case offscreen
    /// Completely covered by an opaque node drawn above it.
    case covered(by: String)
    /// In a layer below the front-most one (a sheet is presented above).
    case notInActiveLayer(String)

    public var description: String {
        switch self {
        case .notFocusable: "it is not focusable (no \"focusable\", or not an item)"
        case .activateNeedsFullKeyboardAccess:
            "its interactions are \"activate\" only and full keyboard access is off"
        case .disabled(let by): by.isEmpty ? "it is disabled" : "it is disabled (by \"\(by)\")"
        case .hidden(let by): by.isEmpty ? "it is hidden" : "it is hidden (by \"\(by)\")"
        case .zeroSized: "it has zero width or height"
        case .offscreen: "it is outside the screen and not in a scrolling container"
        case .covered(let by): "it is completely covered by \"\(by)\", an opaque node drawn above it"
        case .notInActiveLayer(let layer): "it is not in the front-most layer (\"\(layer)\" is above it)"
        }
    }

    /// A short stable code for JSON output and tests.
    public var code: String {
        switch self {
        case .notFocusable: "not-focusable"
        case .activateNeedsFullKeyboardAccess: "activate-needs-full-keyboard-access"
        case .disabled: "disabled"
        case .hidden: "hidden"
        case .zeroSized: "zero-sized"
        case .offscreen: "offscreen"
        case .covered: "covered"
        case .notInActiveLayer: "not-in-active-layer"
        }
    }
}

extension FocusTree {
    /// The UIFocusDebugger-style answer for one id: every issue that stops it taking focus, or none.
    public func checkFocusability(_ id: String) -> [FocusabilityIssue]? {
        guard let n = node(id) else { return nil }
        return issues(of: n)
    }

    /// Every issue that stops `node` taking focus, or none.
    func issues(of node: Int) -> [FocusabilityIssue] {
        if roles[node] != .item { return [.notFocusable] }
        if isFocusable(node) { return [] }
        return FocusTree.position(of: node, in: issueNodes).map { issueLists[$0] } ?? []
    }

    /// The debugger's text for one id, worded after UIFocusDebugger.
    public func focusabilityReport(_ id: String, focused: String? = nil) -> String {
        guard let found = checkFocusability(id) else { return "There is no node with id \"\(id)\"." }
        if id == focused { return "\"\(id)\" is currently focused." }
        if found.isEmpty {
            return """
                "\(id)" should be focusable.
                Focus may still not reach it when: a move handler or veto refuses the update; a focus guide \
                or section redirects moves away from it; no move leads to it geometrically (see `tenfoot audit`).
                """
        }
        var lines = ["The following issues were found that would prevent \"\(id)\" from being focusable:"]
        for issue in found { lines.append("ISSUE: \(issue)") }
        return lines.joined(separator: "\n")
    }

    /// The front-most item whose frame holds the point (the last in depth-first order: drawn last,
    /// so on top), focusable or not; nil over empty space.
    public func item(atX x: Double, y: Double) -> Int? {
        (0 ..< count).last { roles[$0] == .item && frames[$0].contains(x: x, y: y) }
    }

    /// The debugger's answer for whatever item lies under a point (Ctrl-click in the F2 overlay).
    public func focusabilityReport(atX x: Double, y: Double, focused: String? = nil) -> String {
        guard let n = item(atX: x, y: y) else { return "nothing at \(fmt(x)), \(fmt(y))" }
        return focusabilityReport(ids[n], focused: focused)
    }

    /// Works out, once per snapshot, every reason each item cannot take focus: marks the items that
    /// can take focus `eligible` in `flags`, and returns the others with their issues, in tree order.
    static func computeIssues(
        options: Options, frames: [Rect], roles: [FocusNode.Role], parents: [Int32], ends: [Int32],
        flags: inout [NodeFlags], layerRoots: [Int], ids: [String]
    ) -> (nodes: [Int32], lists: [[FocusabilityIssue]]) {
        let n = ids.count
        var nodes: [Int32] = [], lists: [[FocusabilityIssue]] = []
        // Inherited state, carried down in tree order: who disables or hides this subtree.
        var disabledBy = [Int32](repeating: -1, count: n)
        var hiddenBy = [Int32](repeating: -1, count: n)
        // Visibility: a node is visible when on screen, or inside a visible scrolling container.
        var visibleScroller = [Int32](repeating: -1, count: n)  // nearest scrolling ancestor
        var scrollerVisible = [Bool](repeating: true, count: n)

        // Opaque nodes per layer, for the covered check (rare, so a short list).
        var opaque: [Int] = []
        for i in 0 ..< n where flags[i].contains(.opaque) { opaque.append(i) }
        let topLayer = layerRoots.last ?? 0

        for i in 0 ..< n {
            let p = Int(parents[i])
            let f = flags[i]
            if p >= 0 {
                disabledBy[i] = disabledBy[p]; hiddenBy[i] = hiddenBy[p]
                visibleScroller[i] = flags[p].contains(.scrolls) ? Int32(p) : visibleScroller[p]
            }
            if f.contains(.disabled), disabledBy[i] < 0 { disabledBy[i] = Int32(i) }
            if f.contains(.hidden), hiddenBy[i] < 0 { hiddenBy[i] = Int32(i) }
            // A scrolling container is visible when its own frame passes the same test.
            if f.contains(.scrolls) {
                let s = Int(visibleScroller[i])
                scrollerVisible[i] = s >= 0 ? scrollerVisible[s] : frames[i].overlaps(options.screen)
            }
            guard roles[i] == .item else { continue }
            var found: [FocusabilityIssue] = []
            switch f.interactions {
            case nil: found.append(.notFocusable)
            case .activate? where options.fullKeyboardAccess == false: found.append(.activateNeedsFullKeyboardAccess)
            default: break
            }
            if disabledBy[i] >= 0 { found.append(.disabled(by: disabledBy[i] == i ? "" : ids[Int(disabledBy[i])])) }
            if hiddenBy[i] >= 0 { found.append(.hidden(by: hiddenBy[i] == i ? "" : ids[Int(hiddenBy[i])])) }
            let frame = frames[i]
            if frame.isEmpty {
                found.append(.zeroSized)
            } else {
                let s = Int(visibleScroller[i])
                let visible = s >= 0 ? scrollerVisible[s] : frame.overlaps(options.screen)
                if !visible { found.append(.offscreen) }
                for o in opaque where o > i && !(o < Int(ends[i])) && !(i > o && i < Int(ends[o])) {
                    // Drawn above: later in tree order, not a descendant, same layer.
                    if frames[o].contains(frame), layerOf(o, layerRoots) == layerOf(i, layerRoots) {
                        found.append(.covered(by: ids[o])); break
                    }
                }
            }
            let layer = layerOf(i, layerRoots)
            if layerRoots[layer] != topLayer { found.append(.notInActiveLayer(ids[topLayer])) }
            if found.isEmpty {
                flags[i].insert(.eligible)
            } else {
                nodes.append(Int32(i)); lists.append(found)
            }
        }
        return (nodes, lists)
    }

    /// The targets of a directional search in the front-most layer: eligible items, enabled guides
    /// with preferred targets, and focus sections with at least one eligible descendant.
    static func searchTargets(roles: [FocusNode.Role], ends: [Int32], flags: [NodeFlags], layerRoots: [Int]) -> [Int32] {
        guard let top = layerRoots.last else { return [] }
        var targets: [Int32] = []
        for i in top ..< Int(ends[top]) {
            switch roles[i] {
            case .item:
                if flags[i].contains(.eligible) { targets.append(Int32(i)) }
            case .guide:
                if !flags[i].contains(.guideDisabled), flags[i].contains(.hasPreferred) { targets.append(Int32(i)) }
            case .container:
                if flags[i].contains(.focusSection),
                   ((i + 1) ..< Int(ends[i])).contains(where: { flags[$0].contains(.eligible) }) {
                    targets.append(Int32(i))
                }
            case .layer:
                break
            }
        }
        return targets
    }
}

func layerOf(_ node: Int, _ layerRoots: [Int]) -> Int {
    var result = 0
    for (k, root) in layerRoots.enumerated() where root <= node { result = k }
    return result
}
