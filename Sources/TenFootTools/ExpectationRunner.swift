import FocusEngine
import TenFootCore
import TenFootPresentation
import TenFootScene
import TenFootSim

/// Runs a scene's `expect` blocks: each is a fresh simulator playing its presses as a script spaced by
/// the default gap, and the focus (and route) each press must give.
public struct ExpectationResult: Sendable {
    public var scene: String
    public var index: Int
    public var name: String
    public var location: SourceLocation
    /// nil when it passed; otherwise what went wrong, in one line.
    public var failure: String?
    /// The focus after each press, as actually taken.
    public var path: [String]

    public var passed: Bool { failure == nil }
}

public enum ExpectationRunner {
    /// The default gap between presses (DESIGN.md: `--moves` steps are 0.4 s apart).
    public static let gap: Tick = Clock.ticks(seconds: 0.4)

    /// `loader` resolves `open` actions (pass `SceneDecoder.fileLoader` to follow them).
    /// `measurer`: how layout measures text (the CLI passes the bundled fonts' measurer).
    /// `at`: the screen at another text size, for an expectation that names one (SwiftUI sources are
    /// translated again, since a view may read the size); nil lays the same scene out at that size.
    /// `budget`: the work (``Simulator/work``) all the scene's expectations may make together; those past it fail
    /// as not run.
    public static func run(
        _ scene: Scene, loader: SceneLoader? = nil,
        measurer: any TextMeasurer = FixedAdvanceMeasurer(), at: ((TextSize) throws -> Scene)? = nil,
        budget: Int = ScriptPlayer.workBudget
    ) -> [ExpectationResult] {
        // One work budget for all of a scene's expectations (each opens the screen again and plays its presses):
        // thousands of them on a screen of 90,000 nodes would otherwise run for hours.
        var spent = 0
        return scene.expectations.enumerated().map { k, e in
            var result = ExpectationResult(
                scene: scene.file, index: k, name: e.name ?? "expect[\(k)]", location: e.location, failure: nil,
                path: [])
            guard spent <= budget else {
                result.failure =
                    "not run: the expectations before it made \(spent) units of work, more than the \(budget) a scene's expectations may (ScriptPlayer.workBudget); split them over scenes"
                return result
            }
            var screen = scene
            if let size = e.textSize, size != scene.textSize {
                do { screen = try at?(size) ?? scene } catch {
                    result.failure = "cannot open the screen at text size \(size.rawValue): \(error)"
                    return result
                }
                screen.textSize = size
            }
            return run(
                screen, e, into: result, loader: loader, measurer: measurer, budget: budget - spent, spent: &spent)
        }
    }

    /// One expectation, within `budget` (work, ``Simulator/work``); adds the work it did to `spent`.
    static func run(
        _ scene: Scene, _ e: Expectation, into result: ExpectationResult, loader: SceneLoader?,
        measurer: any TextMeasurer, budget: Int, spent: inout Int
    ) -> ExpectationResult {
        var result = result
        var work = 0
        defer { spent += work }
        var sim: Simulator
        do { sim = try Simulator(scene: scene, policy: e.policy, measurer: measurer) } catch {
            // It indexed the screen and laid it out before the focus tree failed.
            work =
                SceneIndex.weight(of: scene)
                * (Simulator.WorkCost.index + Simulator.WorkCost.place)
            result.failure = "cannot start: \(error)"
            return result
        }
        sim.sceneLoader = loader
        if let from = e.from {
            do { try sim.start(from: from) } catch {
                work = sim.work
                result.failure = "from: \(error.message)"
                return result
            }
        }
        result.path.append(sim.focused ?? "(nothing)")
        var failures: [String] = []
        var player = ScriptPlayer(simulator: sim, script: InputScript(presses: e.press, gap: gap))
        // The player counts the screen's start itself.
        player.workBudget = budget
        let steps = player.playToEnd()
        work = player.sim.work
        if player.stopped != nil {
            failures.append(
                "press \(steps.count + 1) (\(e.press[steps.count])): not played: the expectations so far made \(spent + work) units of work, more than the \(spent + budget) a scene's expectations may (ScriptPlayer.workBudget); split them over scenes"
            )
        }
        for (k, step) in steps.enumerated() {
            let press = step.entry.event
            if let why = step.failure {
                failures.append("press \(k + 1) (\(press)): the focus tree cannot be built: \(why)")
            }
            let now = step.exited ? "(home)" : (step.focus ?? "(nothing)")
            result.path.append(now)
            if !e.finalOnly, k < e.focus.count, e.focus[k] != now {
                failures.append("press \(k + 1) (\(press)): expected \(e.focus[k]), got \(now)")
            }
            if let via = e.via, k < via.count, via[k] != step.route.kind {
                failures.append("press \(k + 1) (\(press)): expected via \(via[k]), got \(step.route.kind)")
            }
        }
        if e.finalOnly, let want = e.focus.last, result.path.last != want {
            failures.append("expected final focus \(want), got \(result.path.last ?? "(nothing)")")
        }
        // The texts, the search's results and its suggestions after the last press.
        let end = player.sim
        for (field, want) in e.text {
            let got = end.textEntry.fieldValues[field]
            if got != want {
                failures.append(
                    "expected text of \(field) \(JSON.quote(want)), got \(got.map(JSON.quote) ?? "(no such field)")")
            }
        }
        if let want = e.results, end.searchResults != want {
            failures.append(
                "expected results [\(want.joined(separator: ", "))], got [\(end.searchResults.joined(separator: ", "))]"
            )
        }
        if let want = e.suggestions, end.searchSuggestions != want {
            failures.append(
                "expected suggestions [\(want.map(JSON.quote).joined(separator: ", "))], got [\(end.searchSuggestions.map(JSON.quote).joined(separator: ", "))]"
            )
        }
        if !failures.isEmpty { result.failure = failures.joined(separator: "; ") }
        return result
    }
}
