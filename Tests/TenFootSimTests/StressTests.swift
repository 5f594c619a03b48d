import FocusEngine
import Foundation
import TenFootScene
import TenFootTools
import TestSupport
import Testing

@testable import TenFootSim

/// `tenfoot stress` in process: every gallery scene holds the invariants for a bounded run, runs are
/// functions of the seed, and a violation shrinks to a script that replays it.
@Suite struct StressTests {
    /// Every gallery scene, a few hundred steps each (the 10,000-poster catalogue fewer: each data
    /// action lays it out again).
    @Test(arguments: TestPaths.sceneFiles) func galleryHoldsTheInvariants(_ file: String) throws {
        let scene = try SceneDecoder.load(path: file)
        let sim = try Simulator(scene: scene)
        let events = file.contains("catalogue-10k") ? 25 : 400
        for seed: UInt64 in [1, 2] {
            let outcome = StressRun(simulator: sim, seed: seed).run(events: events)
            #expect(
                outcome.violation == nil,
                "\(file) seed \(seed): \(outcome.violation.map(\.description) ?? "") — minimal: \(outcome.minimal.map(\.description))"
            )
            #expect(outcome.steps == events)
            if !file.contains("catalogue-10k") {
                #expect(outcome.dataActions > events / 16, "data actions are part of the mix")
            }
        }
    }

    /// A run stops before the step that starts past its work budget, and says so; the same budget stops it at the
    /// same step every time. The default budget takes the home screen's 1,500 steps whole.
    @Test func aRunStopsAtItsWorkBudget() throws {
        let sim = try Simulator(scene: BuiltInScenes.home())
        let whole = StressRun(simulator: sim, seed: 3).run(events: 1500)
        #expect(whole.steps == 1500 && !whole.budgetReached && whole.work > 50_000)
        var small = StressRun(simulator: sim, seed: 3)
        small.workBudget = 50_000
        let cut = small.run(events: 1500)
        #expect(cut.budgetReached && cut.steps < 1500 && cut.work >= 50_000)
        let again = small.run(events: 1500)
        #expect(again.steps == cut.steps && again.traceHash == cut.traceHash && again.work == cut.work)
    }

    /// The same seed gives the same steps and trace; another seed another.
    @Test func runsAreFunctionsOfTheSeed() throws {
        let sim = try Simulator(scene: BuiltInScenes.home())
        let a = StressRun(simulator: sim, seed: 9).run(events: 1500)
        let b = StressRun(simulator: sim, seed: 9).run(events: 1500)
        let c = StressRun(simulator: sim, seed: 10).run(events: 1500)
        #expect(a.traceHash == b.traceHash && a.dataActions == b.dataActions)
        #expect(a.traceHash != c.traceHash)
        #expect(StressRun.replaySteps(start: sim, seed: 9, count: 50).count == 50)
    }

    /// A violation stops the run, shrinks to a handful of steps that still break the same invariant,
    /// and the script written for it replays to the same failure through the script player.
    @Test func violationsShrinkToAReplayableScript() throws {
        let sim = try Simulator(scene: DataActionTests.scene())
        var run = StressRun(simulator: sim, seed: 3)
        // A chosen failure: the shelf loses two of its four posters (however that happens).
        run.extra = { s in (s.index.nodes["shelf"]?.children.count ?? 0) <= 2 ? "the shelf lost two posters" : nil }
        let outcome = run.run(events: 5000)
        let v = try #require(outcome.violation)
        #expect(v.invariant == "extra")
        #expect(outcome.minimal.count <= 6 && outcome.minimal.count < outcome.steps, "\(outcome.minimal)")
        #expect(run.replay(outcome.minimal)?.invariant == "extra")
        // Fewer steps no longer fail (1-minimal within the budget).
        for k in outcome.minimal.indices {
            var fewer = outcome.minimal
            fewer.remove(at: k)
            #expect(run.replay(fewer)?.invariant != "extra")
        }
        let text = StressRun.scriptText(outcome.minimal, header: ["why"])
        var replay = sim
        replay.play(try InputScriptParser.parse(text))
        #expect((replay.index.nodes["shelf"]?.children.count ?? 0) <= 2)
    }

    /// The invariants catch what they are for (each checked on a state built to break it).
    @Test func invariantsCatchBrokenStates() throws {
        var sim = try Simulator(scene: DataActionTests.scene(shelf: #""remembersLastFocus": true,"#))
        try sim.start(from: "p1")
        sim.send(.swipe(.up))
        #expect(sim.checkInvariants() == nil)
        #expect(sim.system.state.remembered["shelf"]?.id == "p1")
        sim.system.state.remembered["shelf"]?.id = "gone"
        #expect(sim.checkInvariants()?.invariant == "remembered")
        sim.system.state.remembered = [:]
        sim.system.state.focused = nil
        #expect(sim.checkInvariants()?.invariant == "lost")
        sim.system.state.focused = "nothing"
        #expect(sim.checkInvariants()?.invariant == "eligible")
        sim.system.state.focused = "play"
        sim.system.state.restoreOnDismiss["s"] = "gone"
        #expect(sim.checkInvariants()?.invariant == "restore")
        sim.system.state.restoreOnDismiss = [:]
        // Scrolled away without scrolling back: outside its shelf.
        try sim.start(from: "p0")
        sim.scroll["shelf"] = 2000
        sim.invalidate(.placement)
        try sim.syncFocusTree()
        #expect(sim.checkInvariants()?.invariant == "visible")
    }
}
