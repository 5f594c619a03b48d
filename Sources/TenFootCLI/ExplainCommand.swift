import Foundation
import FocusEngine
import TenFootSim

/// `tenfoot explain`: the debugger table for one swipe.
enum ExplainCommand: Command {
    static let declaration = CommandDeclaration(
        name: "explain",
        summary: "every node a swipe considered, its score or why it was rejected",
        arguments: [CommonOptions.scene,
                    ArgumentDeclaration(placeholder: "DIRECTION", kind: .choice(Direction.allCases.map(\.rawValue)), count: .one,
                                        help: "the swipe: up, down, left or right")],
        options: [CommonOptions.from.help("the focused item the swipe starts from (default: the scene's initial focus)"),
                  CommonOptions.policy, CommonOptions.json] + CommonOptions.swiftUI,
        groups: [CommonOptions.swiftUIGroup],
        discussion: """
            Every node the search considered, with its distance or score, or the reason it was rejected; the \
            route (section or guide) and the result.
            """)

    static func run(_ p: ParsedArguments) throws -> Int32 {
        let d = Direction(rawValue: p.positional[1])!
        let scene = try CLI.loadScene(p.positional[0], p)
        let sim = try CLI.makeSimulator(scene, policy: p.policy, from: p.value(CommonOptions.from))
        guard let from = sim.focused, let e = sim.system.explain(from: from, d) else { throw CLIError.usage("nothing is focused to explain from") }
        if p.flag(CommonOptions.json) { try CLI.printJSON(e) } else { CLI.printText(e.text) }
        return 0
    }
}
