import TenFootSim
import TenFootSwiftUI

/// `tenfoot audit`: the focus graph's problems and the scene lint.
enum AuditCommand: Command {
    static let strict = OptionDeclaration.flag("--strict", help: "exit 1 when anything is found")

    static let declaration = CommandDeclaration(
        name: "audit",
        summary: "unreachable items, dead ends, one-way moves, traps",
        arguments: [CommonOptions.scene],
        options: [CommonOptions.json, strict, CommonOptions.policy] + CommonOptions.swiftUI,
        groups: [CommonOptions.swiftUIGroup],
        discussion: """
            Items no swipe reaches from the initial focus, dead ends, one-way moves, traps, guides that never \
            fire and sections that never catch; then the scene lint's findings with their file:line:column.
            """)

    static func run(_ p: ParsedArguments) throws -> Int32 {
        let file = p.positional[0]
        let loaded = try CLI.load(file, p)
        let sim = try CLI.makeSimulator(loaded.scene, policy: p.policy, from: nil)
        var audit = SceneAudit(sim, subject: file, measurer: CLI.textMeasurer)
        // For SwiftUI, a finding about a node points at the view in the Swift source.
        if let t = loaded.translation { audit.lint = audit.lint.map(t.relocated).sorted() }
        if p.flag(CommonOptions.json) { try CLI.printJSON(audit) } else { CLI.printText(audit.text) }
        return p.flag(strict) && !audit.isClean ? ExitCode.checkFailed : 0
    }
}
