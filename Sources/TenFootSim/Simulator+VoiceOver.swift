import TenFootScene

/// VoiceOver, simulated: what it says when focus lands on an item, from the item's accessibility keys, its
/// kind and the state it shows (a toggle's On, a field's text, the selected tab) — docs/accessibility.md.
extension Simulator {
    /// What VoiceOver says for the item `id` in the current state; nil when it says nothing (the item, or a
    /// container holding it, is `accessibilityHidden`, or it is not on screen).
    public func announcement(for id: String) -> Announcement? {
        placedChain(to: id).flatMap(announcement(chain:))
    }

    /// What VoiceOver says for each of `ids` (those it says something for), found in one walk over the placed
    /// screen: an audit asks for every unnamed item's, and a walk each was quadratic (12,000 posters: 15 s).
    public func announcements(for ids: Set<String>) -> [String: Announcement] {
        var out: [String: Announcement] = [:]
        for (id, chain) in placedChains(to: ids) { out[id] = announcement(chain: chain) }
        return out
    }

    /// The announcement for the item at the end of `chain` (its placed ancestors from a root, then itself).
    func announcement(chain: [PlacedNode]) -> Announcement? {
        guard let item = chain.last else { return nil }
        if chain.contains(where: { $0.node.accessibilityHidden }) { return nil }
        let n = item.node
        var a = Announcement(label: "")
        // A container that combines its children speaks for the item inside it; an item that combines its
        // own children reads them.
        if let combining = chain.last(where: { $0.node.accessibilityElement == .combine }) {
            a.label = combining.node.accessibilityLabel ?? Simulator.combinedWords(combining)
        } else {
            a.label = n.accessibleName ?? n.icon.map(SceneNode.symbolWords) ?? ""
        }
        a.traits = n.kindTraits
        a.value = n.accessibilityValue ?? shownValue(n)
        if chain.count >= 2, case .strip(let selected)? = chain[chain.count - 2].node.tabBarPart {
            // A tab of the bar: "Selected, Watch Now, tab, 1 of 4".
            let tabs = chain[chain.count - 2].children
            a.traits = [.tab] + (selected == n.id ? [.selected] : [])
            a.position = tabs.firstIndex { $0.id == n.id }.map { ($0 + 1, tabs.count) }
        } else if let s = n.segment {
            let count = index.nodes[s.picker]?.options.count ?? 0
            a.traits = [.button] + (textEntry.fieldValues[s.picker] == s.option ? [.selected] : [])
            a.position = (s.index + 1, count)
        }
        // A list row with a checkmark is the chosen one (a picker's options).
        if n.accessoryType == .checkmark, !a.traits.contains(.selected) { a.traits.append(.selected) }
        for t in n.accessibilityTraits where !a.traits.contains(t) { a.traits.append(t) }
        a.hint = n.accessibilityHint
        a.dimmed = n.disabled
        return a
    }

    /// What the item shows as its value: a toggle's state, a row's value, a picker's choice, a field's text.
    public func shownValue(_ n: SceneNode) -> String? {
        switch n.type {
        case .toggle: return SceneNode.toggleText(isOn(n))
        case .row: return n.value
        case .picker where n.segment == nil: return textEntry.fieldValues[n.id] ?? n.options.first
        case .textField, .search:
            let text = textEntry.fieldValues[n.id] ?? ""
            if n.secure { return text.isEmpty ? nil : "\(text.count) characters" }
            return text.isEmpty ? nil : text
        default: return nil
        }
    }

    /// The words a combining container reads: each element's name inside it, higher sort priority first (tree
    /// order among equals), hidden ones left out.
    static func combinedWords(_ p: PlacedNode) -> String {
        var words: [String] = []
        func walk(_ q: PlacedNode) {
            guard !q.node.accessibilityHidden else { return }
            if let name = q.node.accessibleName, q.node.type != .spacer {
                words.append(name)
                if q.node.accessibilityElement == .ignore { return }
            }
            let ordered = q.children.enumerated().sorted {
                ($0.element.node.accessibilitySortPriority, -$0.offset) > (
                    $1.element.node.accessibilitySortPriority, -$1.offset
                )
            }
            for (_, c) in ordered { walk(c) }
        }
        if p.node.accessibilityElement == .ignore { return p.node.accessibleName ?? "" }
        for c in p.children.enumerated().sorted(by: {
            ($0.element.node.accessibilitySortPriority, -$0.offset) > (
                $1.element.node.accessibilitySortPriority, -$1.offset
            )
        }) {
            walk(c.element)
        }
        return words.joined(separator: ", ")
    }

    /// The placed nodes from a root (the top presented sheet first, then the screen) down to `id`.
    public func placedChain(to id: String) -> [PlacedNode]? {
        var visited = 0
        return placedChain(to: id, visited: &visited)
    }

    /// ``announcement(for:)``, counting the nodes its walk visits as work: a script's announcements (two an event)
    /// walk the placed screen up to the focused item, which on a screen of 90,000 nodes focused at its end took 23 ms.
    package mutating func countedAnnouncement(for id: String) -> Announcement? {
        var visited = 0
        let chain = placedChain(to: id, visited: &visited)
        session.work += visited * WorkCost.walk
        return chain.flatMap(announcement(chain:))
    }

    /// ``placedChain(to:)``, adding the nodes it looked at to `visited`.
    func placedChain(to id: String, visited: inout Int) -> [PlacedNode]? {
        func find(_ p: PlacedNode, _ chain: inout [PlacedNode]) -> Bool {
            visited += 1
            chain.append(p)
            if p.id == id { return true }
            for c in p.children where find(c, &chain) { return true }
            chain.removeLast()
            return false
        }
        for root in sheets.reversed() + [screen] {
            var chain: [PlacedNode] = []
            if find(root, &chain) { return chain }
        }
        return nil
    }

    /// ``placedChain(to:)`` for each of `ids` found, in one walk (the same roots in the same order: the first node
    /// with an id is its).
    func placedChains(to ids: Set<String>) -> [String: [PlacedNode]] {
        var out: [String: [PlacedNode]] = [:]
        var chain: [PlacedNode] = []
        func walk(_ p: PlacedNode) {
            chain.append(p)
            if ids.contains(p.id), out[p.id] == nil { out[p.id] = chain }
            for c in p.children { walk(c) }
            chain.removeLast()
        }
        for root in sheets.reversed() + [screen] where out.count < ids.count { walk(root) }
        return out
    }
}
