import Foundation
import TenFootCore
import TenFootRecorder
import TenFootScene
import TenFootSim
import TenFootTools

/// `tenfoot stress`: seeded random remote events and data actions with invariants after every step;
/// a violation is shrunk to a minimal input script (docs/focus-engine.md, "Data changes").
enum StressCommand: Command {
    static let maxEvents = 10_000_000
    static let events = OptionDeclaration.option(
        "--events", "N", .integer,
        help:
            "steps to take (default 10000; on a screen of more than 500 nodes, 5 million ÷ its nodes, at least 100); at most \(maxWork / 1_000_000) million ÷ its nodes (each step's checks walk the screen); a run stops early once its steps have made half the work a script may (StressRun.defaultWorkBudget), and says so",
        check: { s in
            if let v = Int(s), v >= 1, v <= maxEvents { return nil }
            return "--events expects a whole number from 1 to \(maxEvents), got \(quoted(s, quote: "", limit: 60))"
        })
    static let seed = OptionDeclaration.option(
        "--seed", "S", .integer, help: "the seed of the random steps (default 1); the same seed gives the same run",
        check: { s in
            UInt64(s) == nil
                ? "--seed expects a whole number from 0 to \(UInt64.max), got \(quoted(s, quote: "", limit: 60))" : nil
        })
    static let out = OptionDeclaration.option(
        "--out", "FILE", .file(extensions: ["txt"]),
        help: "where a violation's minimal script goes (default stress-SEED.txt in the current folder)")

    static let declaration = CommandDeclaration(
        name: "stress",
        summary: "random remote events and data changes, checking focus invariants",
        arguments: [CommonOptions.scene],
        options: [
            events, seed, out, CommonOptions.policy, CommonOptions.textSize,
            CommonOptions.json.help("print the summary as one JSON object"),
        ] + CommonOptions.swiftUI,
        groups: [CommonOptions.swiftUIGroup],
        discussion: """
            Plays seeded random swipes, selects and page presses interleaved with data actions aimed at \
            focus (removing the focused item, disabling or hiding its containers, reloading, inserting \
            before it, moving it), and after every step checks: focus is on an eligible item of the \
            front-most layer; focus is on nothing only when that layer has nothing focusable; the \
            focused item lies inside its scrolling containers; restore targets and remembered focus \
            name live items; an action that does not take the focused item away leaves focus where it \
            is. On a violation it shrinks the steps to a minimal input script, writes it (replay it with \
            tenfoot path SCENE "$(cat FILE)" or tenfoot record SCENE --script FILE) and exits 1; \
            otherwise exits 0. A summary line either way.
            """)

    /// The most steps × nodes an explicit `--events` may ask for: twenty default runs (on the 10,000-item catalogue,
    /// 10,000 steps).
    static let maxWork = 100_000_000

    /// Steps when `--events` is not given: each step's checks walk the screen, so a default run on a catalogue of
    /// 10,000 items took 140 s (15 ms a step, release build); the default keeps steps × nodes within 5 million.
    static func defaultEvents(nodes: Int) -> Int { min(10_000, max(100, 5_000_000 / max(1, nodes))) }

    static func run(_ p: ParsedArguments) throws -> Int32 {
        let file = p.positional[0]
        let s = p.value(seed).flatMap { UInt64($0) } ?? 1
        let scene = try CLI.loadScene(file, p)
        let sim = try CLI.makeSimulator(scene, source: file, policy: p.policy, from: nil)
        let nodes = scene.allNodes.count
        let count = p.value(events).flatMap { Int($0) } ?? defaultEvents(nodes: nodes)
        // Each step's checks walk the screen: steps × nodes at most 20 times the default run's.
        guard count <= max(100, maxWork / max(1, nodes)) else {
            throw CLIError.usage(
                "--events \(count) on a screen of \(nodes) nodes: each step's checks walk the screen; at most \(max(100, maxWork / max(1, nodes))) steps here (\(maxWork) ÷ its nodes, StressCommand.maxWork)"
            )
        }
        // Ctrl-C, SIGTERM or SIGHUP: the run stops at its next step, says how far it got and exits 130; a
        // violation already found is written (shrunk as far as it got), whole, through the one writer.
        let cancellation = Cancellation()
        Interrupts.install(cancellation) {}
        var run = StressRun(simulator: sim, seed: s)
        run.shouldStop = { cancellation.isCancelled }
        let bar = ProgressBar.onTerminal(label: "stress")
        if let bar { run.progress = { done in bar.update(done: done, total: count, unit: "steps") } }
        let outcome = run.run(events: count)
        bar?.finish()
        var scriptPath: String?
        if let v = outcome.violation {
            let path = p.value(out) ?? "stress-\(s).txt"
            let text = StressRun.scriptText(
                outcome.minimal,
                header: [
                    "tenfoot stress \(file) --seed \(s): \(v)",
                    "found after \(outcome.steps) steps; shrunk to \(outcome.minimal.count)",
                    "replay: tenfoot path \(file) \"$(cat \(path))\"",
                ])
            do throws(RecordingError) { try OutputFiles.write(Array(text.utf8), to: path) } catch {
                throw error.cliError(for: "--out")
            }
            scriptPath = path
        }
        if p.flag(CommonOptions.json) {
            var fields: [String] = [
                "\"scene\": \(JSON.quote(file))", "\"seed\": \(s)", "\"steps\": \(outcome.steps)",
                "\"remote\": \(outcome.remoteEvents)", "\"data\": \(outcome.dataActions)",
                "\"refused\": \(outcome.refused)",
                "\"focusLost\": \(outcome.focusLost)", "\"trace\": \"\(String(outcome.traceHash, radix: 16))\"",
                "\"interrupted\": \(outcome.interrupted)", "\"work\": \(outcome.work)",
                "\"budgetReached\": \(outcome.budgetReached)",
            ]
            if let v = outcome.violation {
                fields.append(
                    "\"violation\": {\"invariant\": \(JSON.quote(v.invariant)), \"message\": \(JSON.quote(v.message)), \"step\": \(outcome.failingStep ?? 0), \"script\": \(JSON.quote(scriptPath ?? "")), \"minimal\": [\(outcome.minimal.map { JSON.quote($0.description) }.joined(separator: ", "))]}"
                )
            } else {
                fields.append("\"violation\": null")
            }
            CLI.printText("{" + fields.joined(separator: ", ") + "}")
        } else if let v = outcome.violation {
            CLI.printText(
                "stress: violation after \(outcome.steps) steps (seed \(s)): \(v); minimal script (\(outcome.minimal.count) steps\(outcome.interrupted ? ", shrinking interrupted" : "")) in \(scriptPath ?? "")"
            )
        } else {
            let stopped = outcome.interrupted ? "interrupted after " : ""
            CLI.printText(
                "stress: \(stopped)\(outcome.steps) steps (\(outcome.remoteEvents) remote, \(outcome.dataActions) data, \(outcome.refused) refused) on \(file), seed \(s): no violation (trace \(String(outcome.traceHash, radix: 16)))"
                    + (outcome.budgetReached
                        ? "; stopped there, of \(count): no step starts once the steps have made \(run.workBudget) units of work (StressRun.defaultWorkBudget), and these made \(outcome.work), the last step included"
                        : "")
            )
        }
        if outcome.interrupted {
            Interrupts.sayInterrupted()
            return ExitCode.interrupted
        }
        return outcome.violation == nil ? 0 : ExitCode.checkFailed
    }
}
