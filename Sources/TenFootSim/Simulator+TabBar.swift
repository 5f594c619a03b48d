import FocusEngine
import TenFootScene

extension Simulator {
    /// The tab bar and tab an id belongs to, when it is a tab.
    func tabOwning(_ id: String) -> (bar: String, tab: String)? {
        for (bar, tabs) in index.tabBars where tabs.contains(id) { return (bar, id) }
        return nil
    }

    /// On tvOS, moving focus across the tab bar switches the content.
    mutating func followTabFocus() {
        guard let id = system.focused, let tab = tabOwning(id), selectedTabs[tab.bar] != tab.tab else { return }
        selectedTabs[tab.bar] = tab.tab
    }
}
