import FocusEngine
import TenFootScene

extension Simulator {
    /// Every screen this one leads to without input, one page each (what `map --all` draws): the screen as it
    /// starts, every other tab of each tab bar selected (focus entering its content, as Select on the tab does),
    /// and every sheet presented over the screen. `name` is empty for the first, else `tab-ID` or `sheet-ID`.
    public func pages() throws(FocusTreeError) -> [(name: String, sim: Simulator)] {
        let sim = self
        var out: [(String, Simulator)] = [("", sim)]
        for (bar, tabs) in sim.index.tabBars {
            for tab in tabs where tab != sim.navigation.selectedTabs[bar] {
                var s = sim
                _ = try s.runActionList([.selectTab(tab)])
                _ = s.enterTabContent((bar, tab))
                out.append(("tab-" + tab, s))
            }
        }
        for sheet in sim.scene.sheets {
            var s = sim
            _ = try s.present(sheet.id)
            if s.presentation.presented.last == sheet.id { out.append(("sheet-" + sheet.id, s)) }
        }
        return out
    }
}
