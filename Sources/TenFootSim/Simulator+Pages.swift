import FocusEngine
import TenFootScene

extension Simulator {
    /// Every screen this one leads to without input, one page each (what `map --all` draws): the screen as it
    /// starts, every other tab of each tab bar selected (focus entering its content, as Select on the tab does),
    /// and every sheet presented over the screen. `name` is empty for the first, else `tab-ID` or `sheet-ID`.
    /// Each page is a whole simulator, laid out: they are made one at a time and given to `body` in that order,
    /// so that only one is alive at once (a hundred pages of a 60,000-button screen, kept together, took 3.3 GB).
    /// At most `limit` are made; returns the names of the rest. Throws what `body` throws, or a
    /// `FocusTreeError` when a page's focus tree cannot be built.
    public func forEachPage(limit: Int = .max, _ body: (String, Simulator) throws -> Void) throws -> [String] {
        let sim = self
        var made = 0
        var omitted: [String] = []
        func give(_ name: String, _ page: Simulator) throws {
            made += 1
            try body(name, page)
        }
        try give("", sim)
        for (bar, tabs) in sim.index.tabBars {
            for tab in tabs where tab != sim.navigation.selectedTabs[bar] {
                guard made < limit else {
                    omitted.append("tab-" + tab)
                    continue
                }
                var s = sim
                _ = try s.runActionList([.selectTab(tab)])
                _ = s.enterTabContent((bar, tab))
                try give("tab-" + tab, s)
            }
        }
        for sheet in sim.scene.sheets {
            guard made < limit else {
                omitted.append("sheet-" + sheet.id)
                continue
            }
            var s = sim
            _ = try s.present(sheet.id)
            if s.presentation.presented.last == sheet.id { try give("sheet-" + sheet.id, s) }
        }
        return omitted
    }
}
