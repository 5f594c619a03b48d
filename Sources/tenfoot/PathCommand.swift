import Foundation
import FocusEngine
import TenFootCore
import TenFootScene
import TenFootSim
import TenFootSDL
import TenFootRecorder

/// `tenfoot path`: the focused id after each move, one per line.
enum PathCommand {
    static let help = """
        Usage: tenfoot path SCENE [--from ID] [--policy tvos|android|web] [--json] MOVE...
        Prints the focused id after each move, one per line (the same id again when focus does not move).
        MOVEs follow the input-script grammar: right*3, hold right 1s, swipe left fast, type "text", wait 1s.
        Without --from, starts at the scene's initial focus; with no MOVE, prints that starting focus.
        --json adds, per move, how focus got there (direct, section, guide, remembered, default,
        programmatic, restored) or why it did not move.
        """

    static func run(_ args: [String]) throws -> Int32 {
        let p = try ArgumentParser(args, flags: ["--help", "--json"], options: ["--from", "--policy"])
        if p.flag("--help") { print(help); return 0 }
        guard let file = p.positional.first else { throw CLIError.usage("path needs a SCENE file (see tenfoot path --help)") }
        // MOVEs use the input-script grammar (right*3, hold right 1s, swipe left fast, type "text"…),
        // one line printed per remote event, spaced by the default gap.
        let script: InputScript
        do { script = try InputScriptParser.parse(p.positional.dropFirst().joined(separator: " "), file: "MOVE") } catch {
            throw CLIError.usage("\(error.message) (in the moves: \(p.positional.dropFirst().joined(separator: " ")))")
        }
        let scene = try CLI.loadScene(file)
        let sim = try CLI.makeSimulator(scene, policy: try p.policy(), from: p.option("--from"))
        let json = p.flag("--json")
        var rows: [String] = []
        if script.entries.isEmpty {
            rows.append(json ? "{\"focus\": \(JSON.quote(sim.focused ?? ""))}" : (sim.focused ?? "(nothing)"))
        }
        var player = ScriptPlayer(simulator: sim, script: script)
        for step in player.playToEnd() {
            rows.append(json ? try JSONLine.encode(step) : step.focus ?? "(nothing)")
        }
        print(rows.joined(separator: "\n"))
        return 0
    }
}
