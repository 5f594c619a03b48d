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
        graph = SceneAudit.graph(sim)
        lint = SceneLint.run(sim.scene, measurer: measurer)
        self.subject = subject
    }

    /// The focus graph of the screen as the simulator drives it. With a tab bar (`Simulator+TabBar`)
    /// that is two states of one screen: swipes in the content see the bar slid away, swipes on the bar
    /// see it shown (covering what lies under it); a swipe up that finds nothing in the content goes to
    /// the selected tab; down is followed from the selected tab only (another tab's content is another
    /// screen).
    static func graph(_ sim: Simulator) -> FocusAudit {
        guard sim.presented.isEmpty, let bar = sim.index.tabBars.first, let selected = sim.selectedTabs[bar.bar],
              let content = try? SceneFocusTree.build(screen: sim.screen, sheets: [], state: sim.state, hiddenTabBars: [bar.bar], options: sim.scene.focusOptions),
              let shown = try? SceneFocusTree.build(screen: sim.screen, sheets: [], state: sim.state, hiddenTabBars: [], options: sim.scene.focusOptions)
        else { return sim.system.audit(initial: sim.focused) }
        let inContent = FocusSystem(tree: content, policy: sim.policy)
        let onBar = FocusSystem(tree: shown, policy: sim.policy)
        let contentItems = content.focusableItems.map { content.ids[$0] }
        let tabs = bar.tabs.filter { shown.isFocusable(id: $0) }
        var (edges, fired, caught) = inContent.swipes(from: contentItems)
        for id in contentItems where !edges.contains(where: { $0.from == id && $0.direction == .up }) {
            var probe = inContent
            probe.state = FocusState(focused: id)
            if case .blocked = probe.move(.up).outcome {
                edges.append(FocusAudit.Edge(from: id, direction: .up, to: selected, via: .programmatic))
            }
        }
        let barSwipes = onBar.swipes(from: tabs)
        edges += barSwipes.edges.filter { $0.direction != .down || $0.from == selected }
        fired.formUnion(barSwipes.fired); caught.formUnion(barSwipes.caught)
        let root = shown.activeLayerRoot ?? 0
        return FocusAudit(
            items: contentItems + tabs, edges: edges, initial: sim.focused,
            guides: shown.descendants(root).filter { shown.roles[$0] == .guide }.map { shown.ids[$0] },
            sections: shown.descendants(root).filter(shown.isSection).map { shown.ids[$0] },
            fired: fired, caught: caught)
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
