import FocusEngine
import Foundation
import TenFootScene

/// The action interpreter: what a scene's `onSelect`, `onMove`… lists do, in order.
///
/// Each action changes the state it owns (`perform`) and returns its effect on focus, which `apply` commits:
/// the focus tree brought up to date with what the action changed, then the focus engine asked. An action
/// that moves focus by itself (presenting a sheet, opening a screen, a data change) returns the update it made.
extension Simulator {
    /// What an action does to focus.
    enum FocusEffect {
        /// Nothing: the update so far stands.
        case none
        /// The action's own update (nil included), which replaces the update so far.
        case update(FocusUpdate?)
        /// The focus tree follows what the action changed; focus stays where it can.
        case sync
        /// Programmatic focus on an item (a tab brings the tab bar back first).
        case focus(String)
        /// A state value was written: the item bound to it takes focus (FocusState), and a search's
        /// `searchFocused` moves focus to or from its keyboard.
        case wrote(state: String)
    }

    mutating func runActions(_ trigger: Trigger) throws(FocusTreeError) -> FocusUpdate? {
        guard let n = focusedNode, let list = n.actions[trigger] else { return nil }
        return try runActionList(list)
    }

    mutating func runActionList(_ list: [Action]) throws(FocusTreeError) -> FocusUpdate? {
        var last: FocusUpdate?
        let start = session.work
        for (k, action) in list.enumerated() {
            // One event's actions stop at a script's whole budget: it is weighed between events, and one select of
            // 3,000 `set` and `focus` pairs ran 48 s before the next event was refused.
            if session.work - start > eventWorkLimit {
                refuse(
                    "the actions stop before action \(k + 1) of \(list.count): they made more than \(eventWorkLimit) units of work in one event"
                )
                break
            }
            // State written by several `set`s in a row is taken in at once, after the last of them, as SwiftUI takes
            // an action's state writes in one transaction (a select running 300 `set`s built the tree 300 times).
            var setFollows = false
            if case .set = action, k + 1 < list.count, case .set = list[k + 1] { setFollows = true }
            let effect = try perform(action)
            // An append that is refused says why and ends the list: what follows it (a `focus $last`) was written for
            // the node it did not add, and reported its own failure in the refusal's place.
            if case .append = action, case .update(let refusal?) = effect {
                last = refusal
                break
            }
            last = try apply(effect, after: last, setFollows: setFollows)
        }
        return last
    }

    /// Carries out one action's change, and says what it does to focus.
    mutating func perform(_ action: Action) throws(FocusTreeError) -> FocusEffect {
        // Every action counts, and one that asks the engine where focus goes walks the screen: 400,000 `resetFocus`
        // in one select took 51 s, uncounted.
        session.work += 1
        switch action {
        case .focus, .resetFocus, .page: countWalk()
        default: break
        }
        switch action {
        case .present(let id): return .update(try present(id))
        case .dismiss:
            guard let top = presentation.presented.last else { return .none }
            return .update(try dismiss(top))
        case .focus(let id): return .focus(id == "$last" ? (data.lastAppended ?? id) : id)
        case .page(let up): return .update(pageMove(up: up))
        case .resetFocus(let scope): return .update(system.resetFocus(in: scope))
        case .set(let name, let value):
            data.state[name] = value
            return .wrote(state: name)
        case .selectTab(let id):
            guard let tab = tabOwning(id) else { return .none }
            navigation.selectedTabs[tab.bar] = tab.tab
            return .sync
        case .append(let node, let container):
            return try append(node, to: container).map { .update($0) } ?? .none
        case .open(let file): return .update(open(file))
        case .choose(let picker, let value): return .update(choose(picker: picker, value: value))
        case .data(let change): return try applyData(change).map { .update($0) } ?? .none
        case .insert(let node, let container, let at):
            return try insertTemplate(node, into: container, at: at).map { .update($0) } ?? .none
        }
    }

    /// Commits an action's effect on focus: the focus tree brought up to date first (what the action
    /// changed, or an `append` just before, may add or hide the item), then the focus engine asked.
    /// Returns the event's update so far.
    mutating func apply(_ effect: FocusEffect, after last: FocusUpdate?, setFollows: Bool = false)
        throws(FocusTreeError) -> FocusUpdate?
    {
        switch effect {
        case .none:
            return last
        case .update(let update):
            return update
        case .sync:
            try syncFocusTree()
            return last
        case .focus(let target):
            try syncFocusTree()
            if let tab = tabOwning(target) { return try revealTabBar(focusing: tab.tab, heading: .programmatic) }
            return system.requestFocus(target)
        case .wrote(let name):
            var update = last
            // Writing a FocusState value moves focus to the item bound to it, on the tree the write made.
            if !setFollows || index.bound.contains(where: { $0.binding.state == name }) {
                try syncFocusTree()
                if let bound = boundItem(name: name), bound != system.focused { update = system.requestFocus(bound) }
            }
            if let u = try followSearchFocused(name) { update = u }
            return update
        }
    }

    mutating func present(_ sheetID: String) throws(FocusTreeError) -> FocusUpdate? {
        guard !presentation.presented.contains(sheetID), scene.sheets.contains(where: { $0.id == sheetID }) else {
            return nil
        }
        presentation.presented.append(sheetID)
        let fresh: FocusTree?
        do { fresh = try freshTree() } catch {
            presentation.presented.removeLast()
            throw error
        }
        guard let tree = fresh else {
            presentation.presented.removeLast()
            return nil
        }
        presentation.transitions = presentation.transitions.filter { $0.id != sheetID && $0.motion.isRunning(at: tick) }
        presentation.transitions.append(
            PresentationTransition(
                id: sheetID, appearing: true,
                motion: Animation(start: tick, duration: transitionTicks(sheetID), curve: .easeOut)))
        return system.present(in: tree)
    }

    /// How long a layer takes to come in or go: an alert grows, a sheet slides up, a pushed destination slides
    /// in as a navigation push does.
    func transitionTicks(_ sheetID: String) -> Tick {
        let node = scene.sheets.first { $0.id == sheetID }
        if node?.type == .alert { return Motion.alertTicks }
        return node?.presentation == .push ? Motion.navigationTicks : Motion.sheetTicks
    }

    mutating func dismiss(_ sheetID: String) throws(FocusTreeError) -> FocusUpdate? {
        guard let k = presentation.presented.lastIndex(of: sheetID) else { return nil }
        let restores = scene.sheets.first { $0.id == sheetID }?.restoresFocusAfterTransition ?? true
        let placed = sheets.first { $0.id == sheetID }
        presentation.presented.remove(at: k)
        presentation.transitions = presentation.transitions.filter { $0.id != sheetID && $0.motion.isRunning(at: tick) }
        presentation.transitions.append(
            PresentationTransition(
                id: sheetID, appearing: false,
                motion: Animation(start: tick, duration: transitionTicks(sheetID), curve: .easeOut), placed: placed))
        guard let tree = try freshTree() else { return nil }
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
    mutating func append(_ node: SceneNode, to container: String) throws(FocusTreeError) -> FocusUpdate? {
        func count(_ n: SceneNode) -> Int {
            1 + n.children.reduce(0) { $0 + count($1) } + n.tabs.reduce(0) { $0 + count($1.content) }
        }
        let here = system.focused
        func blocked(_ why: String) -> FocusUpdate {
            FocusUpdate(previous: here, next: here, heading: .programmatic, outcome: .blocked(.described(why)))
        }
        let total = index.nodes.count + count(node)
        guard total <= SceneLimits.maxNodes else {
            return blocked(
                "cannot append to \(container): the scene would have \(total) nodes, more than the limit of \(SceneLimits.maxNodes)"
            )
        }
        guard let cpath = path(of: container), let c = self.node(at: cpath) else { return nil }
        if let deep = depthRefusal(adding: node, into: container) {
            return blocked("cannot append to \(container): \(deep)")
        }
        switch copies(of: [node], at: c.children.count, titles: false) {
        case .failure(let refusal):
            return blocked("cannot append to \(container): \(refusal)")
        case .success(let page):
            put(page, into: cpath, at: c.children.count)
            try syncFocusTree()
        }
        return nil
    }
}
