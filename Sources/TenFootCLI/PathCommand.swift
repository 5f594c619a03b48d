import FocusEngine
import Foundation
import TenFootCore
import TenFootRaster
import TenFootRecorder
import TenFootScene
import TenFootSim

/// `tenfoot path`: the focused id after each move, one per line.
enum PathCommand: Command {
    static let explain = OptionDeclaration.flag(
        "--explain",
        help:
            "after each swipe, the table `tenfoot explain` prints for it: every node the search considered (with --json, an \"explain\" object per line)"
    )

    static let declaration = CommandDeclaration(
        name: "path",
        summary: "print the focused id after each move",
        arguments: [
            CommonOptions.scene,
            ArgumentDeclaration(
                placeholder: "MOVE", kind: .steps, count: .any,
                help:
                    "steps in the input-script grammar: right*3, hold right 1s, swipe left fast, type \"text\", wait 1s"
            ),
        ],
        options: [
            CommonOptions.from, CommonOptions.policy, CommonOptions.textSize,
            CommonOptions.json.help(
                "add, per move, how focus got there (direct, section, guide, remembered, default, programmatic, restored) or why it did not move"
            ),
            explain,
        ]
            + CommonOptions.swiftUI,
        groups: [CommonOptions.swiftUIGroup],
        discussion: """
            Prints the focused id after each move, one per line (the same id again when focus does not move). \
            Without --from, starts at the scene's initial focus; with no MOVE, prints that starting focus.
            """)

    /// The most nodes the explanations of one `path --explain` list together (a line of text each, about 60
    /// bytes; about 11 µs each in a release build): 1,000 swipes over a 10,000-button grid ran for minutes and wrote
    /// hundreds of megabytes.
    static let maxExplainedNodes = 250_000

    static func run(_ p: ParsedArguments) throws -> Int32 {
        let file = p.positional[0]
        let script: InputScript
        let sim: Simulator
        let replay = try BundleReplay.read(p, extraArguments: Array(p.positional.dropFirst()))
        if let replay {
            script = replay.script
            sim = replay.simulator
        } else {
            // MOVEs use the input-script grammar (right*3, hold right 1s, swipe left fast, type "text"…),
            // one line printed per remote event, spaced by the default gap.
            script = try CLI.parseMoves(p.positional.dropFirst().joined(separator: " "))
            let scene = try CLI.loadScene(file, p)
            sim = try CLI.makeSimulator(
                scene, source: file, policy: p.policy, from: CLI.start(p, script).id,
                fromPlace: CLI.start(p, script).place)
        }
        let json = p.flag(CommonOptions.json)
        // Each step is printed as it is played, so an explanation is never kept past its own lines (146 MB of
        // explanations, kept to the end, took 1.4 GB).
        var printed = false
        func emit(_ text: String) {
            CLI.printText(text)
            printed = true
        }
        if script.entries.isEmpty {
            let spoken = sim.focused.flatMap { sim.announcement(for: $0)?.text } ?? ""
            emit(
                json
                    ? "{\"focus\": \(JSON.quote(sim.focused ?? "")), \"spoken\": \(JSON.quote(spoken))}"
                    : (sim.focused ?? "(nothing)"))
        }
        var player = ScriptPlayer(simulator: sim, script: script)
        player.speaks = json
        // With --explain, each swipe's explanation from the focus it starts at, in the state just before it.
        var explanations: [Int: Explanation] = [:]
        // The steps are not kept (what each says was 1.6 GB over 100,000 moves past 4,000-character labels): their
        // count, the first that could not build the focus tree, and a replay's comparison with its bundle.
        var stepCount = 0
        var firstFailure: (k: Int, entry: InputScript.Entry, why: String)?
        var comparison = replay.map { ReplayComparison(recorded: $0.opened.bundle.traceLines) }
        var played = 0
        var reached: Tick = 0
        // What the explanations so far listed: past `maxExplainedNodes` the script stops before its next event.
        var explainedNodes = 0
        var stoppedExplaining: Diagnostic?
        for entry in script.entries where !player.isFinished {
            if explainedNodes > maxExplainedNodes {
                stoppedExplaining = Diagnostic(
                    file: script.file, at: SourceLocation(line: entry.line, column: entry.column),
                    "--explain stops before this event: the \(stepCount) events before it explained \(explainedNodes) nodes, more than the \(maxExplainedNodes) one path may (each swipe lists every node its search considered); explain fewer moves, or on a smaller screen"
                )
                break
            }
            reached = max(reached, entry.tick)
            let batch = player.advance(
                to: reached,
                beforeEach: { sim, entry in
                    defer { played += 1 }
                    guard p.flag(explain), case .swipe(let d) = entry.event, let from = sim.focused else { return }
                    let e = sim.system.explain(from: from, d)
                    explainedNodes += e?.considered.count ?? 0
                    explanations[played] = e
                })
            for step in batch {
                let e = explanations.removeValue(forKey: stepCount)
                if json {
                    emit(try JSONLine.encode(ExplainedStep(step: step, explanation: e, explains: p.flag(explain))))
                } else {
                    emit(
                        ([step.focus ?? "(nothing)"]
                            + (e?.text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 } ?? []))
                            .joined(separator: "\n"))
                }
                if firstFailure == nil, let why = step.failure { firstFailure = (stepCount, step.entry, why) }
                try comparison?.add(step)
                stepCount += 1
            }
        }
        if stoppedExplaining == nil { player.playToEnd() }
        if let stoppedExplaining { throw CLIError.usage(stoppedExplaining.description) }
        // A script stopped before its first event prints nothing: an error is no path.
        try CLI.checkPlayed(player)
        if !printed { CLI.printText("") }
        if let (k, entry, why) = firstFailure {
            // At the event's place in the script, as the script's other errors are.
            let at = SourceLocation(line: entry.line, column: entry.column)
            CLI.printError(
                "tenfoot: "
                    + Diagnostic(
                        file: script.file, at: at,
                        "after \(entry.event) (event \(k + 1)): the focus tree cannot be built: \(why)"
                    ).description)
            return ExitCode.usage
        }
        if let replay, let comparison { return check(comparison, against: replay) }
        return 0
    }

    /// A replay's steps compared with the bundle's trace as they are played: the first that differs is kept, no
    /// other.
    struct ReplayComparison {
        let recorded: [String]
        var count = 0
        var differs: (k: Int, replayed: String)?

        mutating func add(_ step: ScriptPlayer.Step) throws {
            defer { count += 1 }
            guard differs == nil else { return }
            let line = try JSONLine.encode(step)
            if count >= recorded.count || line != recorded[count] { differs = (count, line) }
        }
    }

    /// A bundle's replay must print what the bundle recorded: the first step that differs is reported
    /// (exit 1), so a bundle that replays differently on another machine says so.
    static func check(_ comparison: ReplayComparison, against replay: BundleReplay) -> Int32 {
        let recorded = comparison.recorded
        let (k, line): (Int, String?) =
            comparison.differs.map { ($0.k, $0.replayed) }
            ?? (comparison.count < recorded.count ? (comparison.count, nil) : (-1, nil))
        guard k >= 0 else { return 0 }
        // Both lines from a little before where they part: the difference, not the first 400 characters of each.
        let old = k < recorded.count ? Array(recorded[k].unicodeScalars) : nil
        let new = line.map { Array($0.unicodeScalars) }
        var parting = 0
        if let old, let new {
            while parting < min(old.count, new.count), old[parting] == new[parting] { parting += 1 }
        }
        func shown(_ scalars: [Unicode.Scalar]?) -> String {
            guard let scalars else { return "(no event)" }
            let start = max(0, parting - 30)
            let end = min(scalars.count, start + 100)
            var text = String(String.UnicodeScalarView(scalars[start..<end]))
            if start > 0 { text = "…" + text }
            if end < scalars.count { text += "…" }
            return quoted(text, quote: "", limit: 110)
        }
        let place =
            k < recorded.count ? ", line \(replay.opened.bundle.traceLineNumbers[k]) of \(ReproBundle.traceMember)" : ""
        CLI.printError(
            "tenfoot: \(replay.opened.path): the replay differs from the bundle's trace at event \(k + 1) of \(max(comparison.count, recorded.count))\(place):\n"
                + "  recorded: \(shown(old))\n"
                + "  replayed: \(shown(new))"
                + (replay.opened.manifest.tenfoot == TenFootVersion.string
                    ? ""
                    : "\n(the bundle was made by tenfoot \(replay.opened.manifest.tenfoot); this is \(TenFootVersion.string))")
        )
        return ExitCode.checkFailed
    }
}

/// A line of `path --json --explain`: the step's fields and, for a swipe, `"explain"` (what `explain
/// --json` prints; null for an event that is not a swipe).
struct ExplainedStep: Encodable {
    var step: ScriptPlayer.Step
    var explanation: Explanation?
    var explains: Bool

    enum Key: String, CodingKey { case spoken, explain }
    func encode(to encoder: any Encoder) throws {
        try step.encode(to: encoder)
        var c = encoder.container(keyedBy: Key.self)
        // What VoiceOver says after the event, when it says something new.
        if let spoken = step.spoken { try c.encode(spoken, forKey: .spoken) }
        guard explains else { return }
        try c.encode(explanation, forKey: .explain)
    }
}
