import FocusEngine
import Foundation
import TenFootScene

/// The action interpreter: what a scene's `onSelect`, `onMove`… lists do, in order.
extension Simulator {
    mutating func runActions(_ trigger: Trigger) -> FocusUpdate? {
        guard let n = focusedNode, let list = n.actions[trigger] else { return nil }
        return runActionList(list)
    }

    mutating func runActionList(_ list: [Action]) -> FocusUpdate? {
        var last: FocusUpdate?
        for action in list {
            switch action {
            case .present(let id): last = present(id)
            case .dismiss: if let top = presentation.presented.last { last = dismiss(top) }
            case .focus(let id):
                try? syncFocusTree()  // an `append` just before may have added the item
                let target = id == "$last" ? (data.lastAppended ?? id) : id
                if let tab = tabOwning(target) {
                    last = revealTabBar(focusing: tab.tab, heading: .programmatic)
                } else {
                    last = system.requestFocus(target)
                }
            case .page(let up): last = pageMove(up: up)
            case .resetFocus(let scope): last = system.resetFocus(in: scope)
            case .set(let name, let value):
                data.state[name] = value
                try? syncFocusTree()
                // Writing a FocusState value moves focus to the item bound to it.
                if let bound = boundItem(name: name), bound != system.focused { last = system.requestFocus(bound) }
                if let u = followSearchFocused(name) { last = u }
            case .selectTab(let id):
                if let tab = tabOwning(id) {
                    navigation.selectedTabs[tab.bar] = tab.tab
                    try? syncFocusTree()
                }
            case .append(let node, let container):
                if let refused = append(node, to: container) { last = refused }
            case .open(let file):
                last = open(file)
            case .choose(let picker, let value):
                last = choose(picker: picker, value: value)
            case .data(let change):
                if let u = applyData(change) { last = u }
            case .insert(let node, let container, let at):
                if let u = insertTemplate(node, into: container, at: at) { last = u }
            }
        }
        return last
    }

    mutating func present(_ sheetID: String) -> FocusUpdate? {
        guard !presentation.presented.contains(sheetID), scene.sheets.contains(where: { $0.id == sheetID }) else {
            return nil
        }
        presentation.presented.append(sheetID)
        guard let tree = try? freshTree() else {
            presentation.presented.removeLast()
            return nil
        }
        presentation.transitions = presentation.transitions.filter { $0.id != sheetID && $0.motion.isRunning(at: tick) }
        let isAlert = scene.sheets.first { $0.id == sheetID }?.type == .alert
        presentation.transitions.append(
            PresentationTransition(
                id: sheetID, appearing: true,
                motion: Animation(
                    start: tick, duration: isAlert ? Motion.alertTicks : Motion.sheetTicks, curve: .easeOut)))
        return system.present(in: tree)
    }

    mutating func dismiss(_ sheetID: String) -> FocusUpdate? {
        guard let k = presentation.presented.lastIndex(of: sheetID) else { return nil }
        let restores = scene.sheets.first { $0.id == sheetID }?.restoresFocusAfterTransition ?? true
        let isAlert = scene.sheets.first { $0.id == sheetID }?.type == .alert
        let placed = sheets.first { $0.id == sheetID }
        presentation.presented.remove(at: k)
        presentation.transitions = presentation.transitions.filter { $0.id != sheetID && $0.motion.isRunning(at: tick) }
        presentation.transitions.append(
            PresentationTransition(
                id: sheetID, appearing: false,
                motion: Animation(
                    start: tick, duration: isAlert ? Motion.alertTicks : Motion.sheetTicks, curve: .easeOut),
                placed: placed))
        guard let tree = try? freshTree() else { return nil }
        return system.dismiss(sheetID, restores: restores, in: tree)
    }

    /// The item whose FocusState binding matches the current state (`name` limits to one state value).
    func boundItem(name: String? = nil) -> String? {
        for (id, c) in index.bound where name == nil || c.state == name {
            if let v = data.state[c.state], v == c.equals, system.tree.isFocusable(id: id) { return id }
        }
        return nil
    }

    /// Focus writes its bindings: the focused item's value, `null` for bindings focus left.
    mutating func writeFocusBindings() {
        guard !index.bound.isEmpty else { return }
        let focusedID = system.focused
        var written = Set<String>()
        for (id, c) in index.bound where id == focusedID {
            data.state[c.state] = c.equals
            written.insert(c.state)
        }
        for (_, c) in index.bound where !written.contains(c.state) && data.state[c.state] == c.equals {
            data.state[c.state] = .null
        }
    }

    /// `append`: adds a node at the end of a container's children ("{n}" in its ids becomes the new index).
    /// Refused, with a blocked update that says why, when the scene would pass the decoder's node limit:
    /// a press repeated long enough must not grow a scene no file could hold.
    mutating func append(_ node: SceneNode, to container: String) -> FocusUpdate? {
        func count(_ n: SceneNode) -> Int {
            1 + n.children.reduce(0) { $0 + count($1) } + n.tabs.reduce(0) { $0 + count($1.content) }
        }
        let total = index.nodes.count + count(node)
        guard total <= SceneLimits.maxNodes else {
            let here = system.focused
            return FocusUpdate(
                previous: here, next: here, heading: .programmatic,
                outcome: .blocked(
                    "cannot append to \(container): the scene would have \(total) nodes, more than the limit of \(SceneLimits.maxNodes)"
                ))
        }
        var added: String?
        func insert(_ n: inout SceneNode) -> Bool {
            if n.id == container {
                let position = n.children.count
                var child = node
                func rename(_ c: inout SceneNode) {
                    c.id = c.id.replacingOccurrences(of: "{n}", with: String(position))
                    if c.focused != nil, case .string(let s) = c.focused!.equals {
                        c.focused!.equals = .string(s.replacingOccurrences(of: "{n}", with: String(position)))
                    }
                    for k in c.children.indices { rename(&c.children[k]) }
                }
                rename(&child)
                let existing = Set(self.index.nodes.keys)
                var id = child.id
                var k = 2
                while existing.contains(id) {
                    id = "\(child.id)-\(k)"
                    k += 1
                }
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
            for k in n.children.indices where !n.children[k].tabs.isEmpty && insertAnywhere(&n.children[k]) {
                return true
            }
            return false
        }
        var found = insertAnywhere(&root)
        if !found {
            for k in sheets.indices where insertAnywhere(&sheets[k]) {
                found = true
                break
            }
        }
        if found {
            var grown = scene
            grown.root = root
            grown.sheets = sheets
            scene = grown
            try? syncFocusTree()
            if let added {
                data.lastAppended = added
                if let node = index.nodes[added], node.type == .textField {
                    textEntry.fieldValues[added] = node.value ?? ""
                }
            }
        }
        return nil
    }
}
