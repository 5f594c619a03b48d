import FocusEngine
import TenFootScene
import TenFootSim
import TestSupport
import Testing

/// One layout pass per event: actions only mark what they change, and the end of `send` places the
/// screen once, then a second time only when a container must scroll to show the focused item.
@Suite struct LayoutPassTests {
    /// The layout passes one event took, and whether it scrolled or changed screens on the way.
    /// Moving from one field's keyboard to the next (Next, Previous) counts as changing screens: the entry
    /// screen goes (its field's `onSubmit` runs on the form) and the next field's comes.
    static func passes(_ sim: inout Simulator, _ event: RemoteEvent) -> (passes: Int, scrolled: Bool) {
        let before = sim.layoutPasses
        let scroll = sim.scroll
        let file = sim.scene.file
        let editing = sim.textEntry.editing
        sim.send(event)
        sim.step(ticks: 480)
        let nextField = editing != nil && sim.textEntry.editing != nil && sim.textEntry.editing != editing
        return (sim.layoutPasses - before, sim.scroll != scroll || sim.scene.file != file || nextField)
    }

    /// Right from one tab to the next switches the tab's content: one placement (it was three: the
    /// tab change, then the end-of-event relayout placing twice although nothing scrolled).
    @Test func rightAcrossTheTabsPlacesOnce() throws {
        var sim = try Simulator(scene: BuiltInScenes.home())
        sim.send(.menu)
        #expect(sim.focused == "tabWatchNow")
        let r = Self.passes(&sim, .swipe(.right))
        #expect(sim.focused == "tabMovies")
        #expect(r.passes == 1 && !r.scrolled)
    }

    /// A move that changes only focus reuses the placement; one that scrolls a shelf places once.
    @Test func focusOnlyMovesReuseThePlacement() throws {
        var sim = try Simulator(scene: BuiltInScenes.home())
        let first = Self.passes(&sim, .swipe(.right))
        #expect(sim.focused == "p2" && first.passes == 0 && !first.scrolled)
        var scrolling: (passes: Int, scrolled: Bool) = (0, false)
        while !scrolling.scrolled, sim.focused != "p8" { scrolling = Self.passes(&sim, .swipe(.right)) }
        #expect(scrolling.scrolled && scrolling.passes == 1)
    }

    /// Every event of a long walk through every gallery scene (sheets, tabs, pickers, text fields,
    /// appends, opened screens) places at most once, or twice when something scrolled.
    @Test func everyEventPlacesAtMostOnceOrTwiceWhenScrolling() throws {
        let walk: [RemoteEvent] = [
            .swipe(.right), .swipe(.down), .select, .swipe(.down), .swipe(.right), .select, .text("ab"), .select,
            .swipe(.left), .crown(2), .swipe(.right), .swipe(.up), .pageDown, .pageUp, .next, .previous, .playPause,
            .longSelect, .swipe(.down), .swipe(.down), .swipe(.down), .select, .menu, .swipe(.right), .swipe(.right),
            .swipe(.right), .select, .swipe(.down), .select, .menu, .swipe(.up), .swipe(.up), .swipe(.left), .select,
            .menu,
        ]
        var checked = 0
        for file in TestPaths.sceneFiles where !file.hasSuffix("catalogue-10k.json") {
            var sim = try Simulator(scene: try SceneDecoder.load(path: file))
            sim.sceneLoader = SceneDecoder.fileLoader
            #expect(sim.layoutPasses <= 2, "\(file): starting took \(sim.layoutPasses) passes")
            for (k, event) in walk.enumerated() where !sim.navigation.exited {
                let r = Self.passes(&sim, event)
                #expect(
                    r.passes <= (r.scrolled ? 2 : 1), "\(file): event \(k) (\(event)) took \(r.passes) layout passes")
                checked += 1
            }
        }
        #expect(checked > 200)
    }
}
