import FocusEngine
import TenFootScene

/// What each remote button does to the screen, before the actions it triggers (`+Actions`).
extension Simulator {
    /// A swipe: the focus engine moves (explained first when the debug overlay asks); a blocked move
    /// bumps; a consumed move runs the consumer's `onMove`.
    mutating func swipe(_ d: Direction) throws(FocusTreeError) -> FocusUpdate? {
        if recordsExplanations, let from = system.focused { navigation.lastExplanation = system.explain(from: from, d) }
        let examined = system.examined
        let update = system.move(d)
        // What the search looked at: one item or two on most screens; every overlapping frame, or a whole section
        // handing focus on, else (20,000 swipes into a section of 90,000 buttons took 27 s).
        session.work += max(0, system.examined - examined) / Simulator.WorkCost.examinedPerUnit
        switch update.outcome {
        case .blocked:
            // Up from the top of a tab's content brings the tab bar back (UITabBarController).
            if d == .up, let above = tabBarAbove() {
                return try revealTabBar(focusing: above.selected, heading: .move(.up))
            }
            motion.bump = Bump(tick: tick, direction: d)
        case .consumed(let by):
            guard let consumer = index.nodes[by] else { break }
            // onMoveCommand: run the handler of whichever node consumed the move (the item or a container).
            if let actions = consumer.onMove[d] { return try runActionList(actions) ?? update }
        default:
            break
        }
        return update
    }

    /// Select: a text field opens its full-screen keyboard (`+Keyboard`); on a tab, focus enters the tab's content;
    /// then the item's
    /// `onSelect` actions run.
    mutating func select() throws(FocusTreeError) -> FocusUpdate? {
        notePress()
        if let n = focusedNode, !n.disabled {
            switch n.type {
            case .toggle:
                pendingNote = flip(n)
            case .picker where !(n.pickerStyle ?? .automatic).isSegmented && !n.options.isEmpty:
                let acted = try runActions(.onSelect)
                return try openPickerList(n) ?? acted
            default:
                break
            }
        }
        if let n = focusedNode, n.type == .textField, !n.disabled {
            // The field's own onSelect first (focus is still on it), then its keyboard opens.
            let acted = try runActions(.onSelect)
            guard system.focused == n.id else { return acted }
            return try openEntry(n) ?? acted
        } else if let id = system.focused, let tab = tabOwning(id) {
            // The tab's own actions, not those of the item its content focuses.
            let own = focusedNode?.actions[.onSelect] ?? []
            navigation.selectedTabs[tab.bar] = tab.tab
            try syncFocusTree()
            let entered = enterTabContent(tab)
            return try runActionList(own) ?? entered
        }
        return try runActions(.onSelect)
    }

    /// Menu: the item's `onMenu` actions, else dismiss the top sheet (restoring focus), else back to
    /// the tab bar from a tab's content, else back to the screen that opened this one, else exit to Home.
    mutating func menu() throws(FocusTreeError) -> FocusUpdate? {
        if let n = focusedNode, let actions = n.actions[.onMenu], !actions.isEmpty { return try runActionList(actions) }
        if let top = presentation.presented.last { return try dismiss(top) }
        // tvOS: Menu in a tab's content shows the tab bar and focuses the selected tab.
        if let above = tabBarAbove() { return try revealTabBar(focusing: above.selected, heading: .programmatic) }
        // A screen opened with `open` goes back to the one that opened it, focus restored.
        if !session.backStack.isEmpty { return goBack() }
        if session.confirmsMenuExit {
            // The window asks first: the second press within the window leaves.
            if let asked = session.menuExitAsked, tick - asked <= Simulator.menuExitWindow {
                navigation.exited = true
            } else {
                session.menuExitAsked = tick
            }
            return nil
        }
        navigation.exited = true
        return nil
    }

    /// Page up/down: tvOS leaves them to the app ("Add gesture recognizers for UIPress.PressType.pageDown
    /// and UIPress.PressType.pageUp to navigate content in your app"; tvos-focus.md §A13). They run the
    /// nearest `onPageUp`/`onPageDown` of the focused item or its containers (presses travel up the
    /// responder chain, §B4); with none, nothing happens.
    mutating func pagePress(up: Bool) throws(FocusTreeError) -> FocusUpdate? {
        guard let id = system.focused, let from = system.tree.node(id) else { return nil }
        let trigger: Trigger = up ? .onPageUp : .onPageDown
        for n in system.tree.ancestors(from, includingSelf: true) {
            if let node = index.nodes[system.tree.ids[n]], let actions = node.actions[trigger] {
                return try runActionList(actions)
            }
        }
        return nil
    }

    /// The `page` action: a long move, to the farthest item reachable by repeated swipes within one screen.
    mutating func pageMove(up: Bool) -> FocusUpdate? {
        let start = system.focused
        var last: FocusUpdate?
        let startY = start.flatMap { system.tree.node($0) }.map { system.tree.frames[$0].midY } ?? 0
        for _ in 0..<50 {
            var probe = system
            let u = probe.move(up ? .up : .down)
            guard u.moved, let n = u.next.flatMap({ probe.tree.node($0) }),
                abs(probe.tree.frames[n].midY - startY) <= Metrics.screen.height
            else { break }
            system = probe
            last = u
        }
        if let last {
            return FocusUpdate(
                previous: start, next: system.focused, heading: last.heading, via: last.via ?? .direct,
                routedBy: last.routedBy)
        }
        return FocusUpdate(
            previous: start, next: start, heading: .move(up ? .up : .down),
            outcome: .blocked(.nothingInPath))
    }
}
