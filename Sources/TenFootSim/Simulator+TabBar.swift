import FocusEngine
import TenFootScene

/// The tab bar as tvOS's UITabBarController does it (tvos-focus.md §A5, §A13; HIG Tab bars): system
/// chrome drawn above the content, not a layer that traps focus.
///
/// - The bar is shown while focus is on a tab and slides away when focus goes into the content.
///   Shown, it covers the top of the screen (the content under it cannot take focus); slid away, its
///   tabs cannot take focus (SceneFocusTree reads `hiddenTabBars`).
/// - Menu in the content brings the bar back and focuses the selected tab, whatever the scroll
///   ("focus always returns to the tab bar at the top of the page when people press Menu").
/// - A swipe up that finds nothing in the content brings it back too ("swipe up … brings it back").
/// - On the bar, left and right move along the tabs (and select them); up finds nothing (a bump);
///   down is a geometric move from the selected tab; Select enters the content's preferred focus.
extension Simulator {
    /// The tab bar and tab an id belongs to, when it is a tab.
    func tabOwning(_ id: String) -> (bar: String, tab: String)? {
        for (bar, tabs) in index.tabBars where tabs.contains(id) { return (bar, id) }
        return nil
    }

    /// On tvOS, moving focus across the tab bar switches the content.
    mutating func followTabFocus() {
        guard let id = system.focused, let tab = tabOwning(id), navigation.selectedTabs[tab.bar] != tab.tab else {
            return
        }
        navigation.selectedTabs[tab.bar] = tab.tab
    }

    /// The tab bars slid away now (what the focus tree hides).
    var hiddenTabBars: Set<String> {
        navigation.tabBarChange.visible ? [] : Set(index.tabBars.map(\.bar))
    }

    /// Shows or hides the bar (animated from now); the focus tree changes with it. In a scene without a
    /// tab bar (where focus leaving the start "hides" it) the tree stays as it is: building it again there
    /// was most of the second build of a large scene's start.
    mutating func setTabBarVisible(_ visible: Bool) {
        guard visible != navigation.tabBarChange.visible else { return }
        navigation.tabBarChange = (tick, visible)
        if !index.tabBars.isEmpty || treeLacksPickerValues { invalidate(.focusTree) }
    }

    /// Focus in a tab's content (not on a tab, no sheet above): where Menu and a swipe up that finds
    /// nothing bring the bar back. The bar and its selected tab, if so.
    func tabBarAbove() -> (bar: String, selected: String)? {
        guard presentation.presented.isEmpty, let bar = index.tabBars.first, let id = system.focused,
            tabOwning(id) == nil,
            let selected = navigation.selectedTabs[bar.bar]
        else { return nil }
        return (bar.bar, selected)
    }

    /// Brings the bar back and focuses `tab` (a programmatic update through the bar), for `heading`.
    mutating func revealTabBar(focusing tab: String, heading: Heading) throws(FocusTreeError) -> FocusUpdate {
        setTabBarVisible(true)
        // The tree with the bar shown, applied as it is: focus goes to the tab next.
        if let tree = try freshTree() { system.replaceTree(tree) }
        var update = system.requestFocus(tab)
        update.heading = heading
        if let bar = tabOwning(tab)?.bar { update.routedBy = TabBarMetrics.stripID(bar) }
        return update
    }

    /// Select on a focused tab: focus enters the content through its preferred focus chain (its
    /// `defaultFocus`, then the top-most, leading-most item), as UITabBarController does.
    mutating func enterTabContent(_ tab: (bar: String, tab: String)) -> FocusUpdate {
        system.requestFocus(TabBarMetrics.contentID(tab.bar, tab: tab.tab))
    }
}
