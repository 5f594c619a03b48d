import Foundation
import FocusEngine
import TenFootCore
import TenFootScene
import TenFootSim
import TenFootSDL
import TenFootRecorder

/// `tenfoot path`: the focused id after each move, one per line.
enum PathCommand: Command {
    static let declaration = CommandDeclaration(
        name: "path",
        summary: "print the focused id after each move",
        arguments: [CommonOptions.scene,
                    ArgumentDeclaration(placeholder: "MOVE", kind: .steps, count: .any,
                                        help: "steps in the input-script grammar: right*3, hold right 1s, swipe left fast, type \"text\", wait 1s")],
        options: [CommonOptions.from, CommonOptions.policy,
                  CommonOptions.json.help("add, per move, how focus got there (direct, section, guide, remembered, default, programmatic, restored) or why it did not move")]
            + CommonOptions.swiftUI,
        groups: [CommonOptions.swiftUIGroup],
        discussion: """
            Prints the focused id after each move, one per line (the same id again when focus does not move). \
            Without --from, starts at the scene's initial focus; with no MOVE, prints that starting focus.
            """)

    static func run(_ p: ParsedArguments) throws -> Int32 {
        let file = p.positional[0]
        // MOVEs use the input-script grammar (right*3, hold right 1s, swipe left fast, type "text"…),
        // one line printed per remote event, spaced by the default gap.
        let script: InputScript
        do { script = try InputScriptParser.parse(p.positional.dropFirst().joined(separator: " "), file: "MOVE") } catch {
            throw CLIError.usage("\(error.message) (in the moves: \(p.positional.dropFirst().joined(separator: " ")))")
        }
        let scene = try CLI.loadScene(file, p)
        let sim = try CLI.makeSimulator(scene, policy: p.policy, from: p.value(CommonOptions.from))
        let json = p.flag(CommonOptions.json)
        var rows: [String] = []
        if script.entries.isEmpty {
            rows.append(json ? "{\"focus\": \(JSON.quote(sim.focused ?? ""))}" : (sim.focused ?? "(nothing)"))
        }
        var player = ScriptPlayer(simulator: sim, script: script)
        for step in player.playToEnd() {
            rows.append(json ? try JSONLine.encode(step) : step.focus ?? "(nothing)")
        }
        CLI.printText(rows.joined(separator: "\n"))
        return 0
    }
}
