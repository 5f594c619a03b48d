import FocusEngine
import TenFootCore
import TenFootScene

/// What `tenfoot audit` reports about a scene: the focus graph's problems (`FocusAudit`, from the
/// scene's initial focus) and the scene lint's findings, as text or as one JSON document
/// (`{"graph": …, "lint": [diagnostics]}`).
public struct SceneAudit: Sendable, Encodable {
    public var graph: FocusAudit
    /// Lint warnings, sorted, each at the node it concerns.
    public var lint: [Diagnostic]
    /// The scene file the audit is about (not encoded: the diagnostics name it).
    private let subject: String

    private enum CodingKeys: String, CodingKey { case graph, lint }

    /// Audits the simulator's screen (from its current focus) and lints its scene.
    public init(_ sim: Simulator, subject: String, measurer: any TextMeasurer) {
        graph = sim.system.audit(initial: sim.focused)
        lint = SceneLint.run(sim.scene, measurer: measurer)
        self.subject = subject
    }

    /// True when neither the graph nor the lint found anything (`--strict` exits 1 otherwise).
    public var isClean: Bool { graph.isClean && lint.isEmpty }

    /// The graph's text, then the lint findings in their `file:line:column: warning: …` form.
    public var text: String {
        var lines = [graph.text(subject: subject)]
        if !lint.isEmpty {
            lines.append("lint (\(lint.count)):")
            lines += lint.map { "  \($0)" }
        }
        return lines.joined(separator: "\n")
    }
}
