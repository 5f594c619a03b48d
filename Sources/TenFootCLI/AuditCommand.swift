import FocusEngine
import TenFootSim
import TenFootSwiftUI
import TenFootTools

/// `tenfoot audit`: the focus graph's problems and the scene lint, with severities and the scene's
/// acceptances.
enum AuditCommand: Command {
    static let strict = OptionDeclaration.flag(
        "--strict", help: "exit 1 when an error or warning is not accepted by the scene")
    static let sarif = OptionDeclaration.flag(
        "--sarif", help: "print SARIF 2.1.0 (for code hosts' annotations) instead of text")

    static let declaration = CommandDeclaration(
        name: "audit",
        summary: "unreachable items, traps, one-way moves and lint",
        arguments: [CommonOptions.scene],
        options: [CommonOptions.json, sarif, strict, CommonOptions.policy, CommonOptions.textSize]
            + CommonOptions.swiftUI,
        groups: [
            CommonOptions.swiftUIGroup, OptionGroup(names: [CommonOptions.json.name, sarif.name], exactlyOne: false),
        ],
        discussion: """
            Errors: items no swipe reaches from the initial focus, traps, guides that lead nowhere. Warnings: \
            one-way moves, dead ends, guides that never fire, sections that never catch, and the lint's rules. \
            Information: what the system makes (the tab bar's one-way moves), and more lint. Each finding is \
            printed as file:line:column: severity: message [code]. A scene accepts a finding with a reason in \
            "audit": {"accept": [{"finding": CODE, "item": ID, "reason": "…"}]} (docs/scene-format.md, Audit): \
            it is listed as accepted and does not fail --strict. For a repro bundle (FILE.tenfoot), findings are at \
            their file inside it, FILE.tenfoot:files/scene.json:line:column (SARIF: the member, nested in the bundle), \
            under the bundle's policy unless --policy is given.
            """)

    static func run(_ p: ParsedArguments) throws -> Int32 {
        let file = p.positional[0]
        let loaded = try CLI.load(file, p)
        let bundle = ReproBundle.isBundle(file) ? try OpenedBundle.open(file) : nil
        // A bundle is audited under the policy it was made with, unless --policy says another.
        let policy =
            p.value(CommonOptions.policy) == nil
            ? bundle.flatMap { FocusPolicy(rawValue: $0.manifest.policy) } ?? p.policy : p.policy
        let sim = try CLI.makeSimulator(loaded.scene, source: file, policy: policy, from: nil)
        var audit = SceneAudit(sim, subject: file, measurer: CLI.textMeasurer)
        // For SwiftUI, a finding about a node points at the view in the Swift source.
        if let t = loaded.translation { audit.relocate(t.relocated) }
        // A bundle's findings are at their member: `bug.tenfoot:files/scene.json:12:3`.
        if let bundle { audit.renameFiles(bundle.location(of:)) }
        if p.flag(CommonOptions.json) {
            try CLI.printJSON(audit)
        } else if p.flag(sarif) {
            try CLI.printJSON(audit.sarif(container: bundle?.path))
        } else {
            CLI.printText(audit.text)
        }
        return p.flag(strict) && audit.failsStrict ? ExitCode.checkFailed : 0
    }
}
