import FocusEngine
import TenFootScene

extension Simulator {
    /// Every screen this one leads to without input, one page each (what `map --all` draws): the screen as it
    /// starts, every other tab of each tab bar selected (focus entering its content, as Select on the tab does),
    /// and every sheet presented over the screen. `name` is empty for the first, else `tab-ID` or `sheet-ID`.
    /// At most `limit` pages are made (each is a whole simulator, laid out); `omitted` names the rest.
    public func pages(limit: Int = .max) throws(FocusTreeError) -> (
        pages: [(name: String, sim: Simulator)], omitted: [String]
    ) {
        let sim = self
        var out: [(String, Simulator)] = [("", sim)]
        var omitted: [String] = []
        for (bar, tabs) in sim.index.tabBars {
            for tab in tabs where tab != sim.navigation.selectedTabs[bar] {
                guard out.count < limit else {
                    omitted.append("tab-" + tab)
                    continue
                }
                var s = sim
                _ = try s.runActionList([.selectTab(tab)])
                _ = s.enterTabContent((bar, tab))
                out.append(("tab-" + tab, s))
            }
        }
        for sheet in sim.scene.sheets {
            guard out.count < limit else {
                omitted.append("sheet-" + sheet.id)
                continue
            }
            var s = sim
            _ = try s.present(sheet.id)
            if s.presentation.presented.last == sheet.id { out.append(("sheet-" + sheet.id, s)) }
        }
        return (out, omitted)
    }
}
