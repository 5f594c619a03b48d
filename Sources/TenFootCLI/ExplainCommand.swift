import FocusEngine
import Foundation
import TenFootCore
import TenFootSim

/// `tenfoot explain`: the debugger table for one swipe.
enum ExplainCommand: Command {
    static let atTick = OptionDeclaration.option(
        "--at-tick", "TICK", .integer,
        help:
            "stop the moves at this tick (1,200 a second, from the first move; steps of --moves are 0.4 s, 480 ticks, apart unless they say otherwise): the events due by then are sent, the later ones are not",
        check: { text in
            (Int(text).map { $0 >= 0 } ?? false)
                ? nil : "--at-tick expects a tick, a whole number from 0, got \(quoted(text, quote: "", limit: 60))"
        })

    static let declaration = CommandDeclaration(
        name: "explain",
        summary: "every node a swipe considered, its score or why it was rejected",
        arguments: [
            CommonOptions.scene,
            ArgumentDeclaration(
                placeholder: "DIRECTION", kind: .choice(Direction.allCases.map(\.rawValue)), count: .one,
                help: "the swipe: up, down, left or right"),
        ],
        options: [
            CommonOptions.from.help("the focused item the swipe starts from (default: the scene's initial focus)"),
            CommonOptions.moves.help(
                "first play these remote events (input-script grammar: \"down right*3\", \"select wait 1s\"), then explain the swipe from where focus is"
            ),
            atTick, CommonOptions.policy, CommonOptions.textSize, CommonOptions.json,
        ] + CommonOptions.swiftUI,
        groups: [CommonOptions.swiftUIGroup],
        discussion: """
            Every node the search considered, with its distance or score, or the reason it was rejected; the \
            route (section or guide) and the result. With --moves, the swipe is explained in the state the moves \
            leave: after scrolling, with a sheet presented, in another tab, with remembered focus (starting from \
            --from, if given).
            """)

    static func run(_ p: ParsedArguments) throws -> Int32 {
        let d = Direction(rawValue: p.positional[1])!
        let moves = try CLI.parseMoves(p.value(CommonOptions.moves) ?? "")
        let scene = try CLI.loadScene(p.positional[0], p)
        var sim = try CLI.makeSimulator(
            scene, source: p.positional[0], policy: p.policy, from: p.value(CommonOptions.from) ?? moves.from)
        if !moves.entries.isEmpty || p.value(atTick) != nil {
            var player = ScriptPlayer(simulator: sim, script: moves)
            if let tick = p.value(atTick).flatMap(Int.init) { player.advance(to: tick) } else { player.playToEnd() }
            try CLI.checkPlayed(player)
            sim = player.sim
        }
        guard let from = sim.focused, let e = sim.system.explain(from: from, d) else {
            throw CLIError.usage(
                moves.entries.isEmpty
                    ? "nothing is focused to explain from" : "nothing is focused after the moves to explain from")
        }
        if p.flag(CommonOptions.json) { try CLI.printJSON(e) } else { CLI.printText(e.text) }
        return 0
    }
}
