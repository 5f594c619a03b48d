import FocusEngine
import Foundation
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

/// A pass that only scrolls starts from what the last pass measured: its placement is what a fresh layout at
/// the same offsets gives, and swiping down a picker's list of 2,000 options measures next to nothing again.
@Suite struct CarriedMeasuresTests {
    final class Counting: TextMeasurer, @unchecked Sendable {
        var measured = 0
        func width(of text: String, size: Double, bold: Bool) -> Double {
            measured += 1
            return Double(text.count) * size * 0.55
        }
    }

    static func flat(_ p: PlacedNode) -> [String] {
        ["\(p.id) \(p.frame) \(p.box)"] + p.children.flatMap(flat)
    }

    @Test func scrollingPassesGiveAFreshLayoutsPlacement() throws {
        let options = (0..<2_000).map { "\"Option \($0)\"" }.joined(separator: ", ")
        let scene = try SceneDecoder.decode(
            #"{"root": {"type": "vstack", "children": [{"type": "picker", "id": "p", "title": "Pick", "options": ["#
                + options + "]}]}}",
            file: "t.json")
        let counting = Counting()
        var sim = try Simulator(scene: scene, measurer: counting)
        sim.send(.select)
        #expect(sim.focused == "p/0")
        let opened = counting.measured
        for k in 0..<40 {
            sim.send(.swipe(.down))
            sim.step(ticks: 30)
            let fresh = Self.flat(
                LayoutEngine(
                    measurer: Counting(), scroll: sim.scroll, selectedTabs: sim.navigation.selectedTabs,
                    direction: sim.scene.layoutDirection, textSize: sim.scene.textSize
                ).place(root: sim.scene.root))
            let placed = Self.flat(sim.screen)
            let first = zip(placed, fresh).first { $0 != $1 }
            #expect(placed.count == fresh.count && first == nil, "after \(k + 1) swipes: \(String(describing: first))")
        }
        #expect(sim.focused == "p/40" && (sim.scroll.values.max() ?? 0) > 0)
        // Forty swipes, most of them scrolling, measured less than a tenth of what opening the list did.
        #expect(counting.measured - opened < opened / 10, "\(counting.measured - opened) after \(opened)")
    }
}

/// The lint's placing starts from what the simulator's layout measured (`Simulator.measured`): the findings are the
/// ones a lint measuring everything again makes, over every gallery screen and the fixtures.
@Suite struct MeasuredLintTests {
    @Test func lintFromTheSimulatorsMeasuresFindsTheSame() throws {
        let fm = FileManager.default
        let folders = [
            TestPaths.scenes, TestPaths.scenes + "/details", TestPaths.packageRoot + "/Tests/CLITests/Fixtures",
        ]
        var compared = 0
        for folder in folders {
            for name in ((try? fm.contentsOfDirectory(atPath: folder)) ?? []).sorted() where name.hasSuffix(".json") {
                // The catalogues of thousands are left to the release build's gallery audits.
                guard let scene = try? SceneDecoder.load(path: folder + "/" + name), scene.allNodes.count < 2_000,
                    let sim = try? Simulator(scene: scene)
                else { continue }
                let again = SceneLint.findings(sim.scene, measurer: sim.measurer).map(\.diagnostic.description)
                let carried = SceneLint.findings(sim.scene, measurer: sim.measurer, measured: sim.measured)
                    .map(\.diagnostic.description)
                #expect(carried == again, "\(name)")
                compared += 1
            }
        }
        #expect(compared > 35)
    }
}
