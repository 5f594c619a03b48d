import FocusEngine
import TenFootCore
import TenFootScene
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

    static let accessibility = OptionDeclaration.flag(
        "--accessibility",
        help:
            "also audit accessibility: items VoiceOver cannot name, contrast measured on the drawn pixels (each item focused too), text below 23 pt, lifts that cover a neighbour, focus effects off with no other sign, and at every text size truncated text, overlapping items, content off the screen and items swipes no longer reach (docs/accessibility.md)"
    )
    static let textSizes = OptionDeclaration.option(
        "--text-sizes", "all|SIZE,…", .textSize(allowsAll: true),
        help: "with --accessibility: the text sizes to lay the screen out at (default all nine)")

    static let declaration = CommandDeclaration(
        name: "audit",
        summary: "unreachable items, traps, one-way moves and lint",
        arguments: [CommonOptions.scene],
        options: [
            CommonOptions.json, sarif, strict, CommonOptions.policy, CommonOptions.textSize, accessibility, textSizes,
        ]
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
            under the bundle's policy unless --policy is given. Items VoiceOver cannot name and text below WCAG AA \
            contrast (measured on the drawn pixels) are errors in every audit; --accessibility adds the rest of the \
            accessibility rules, each text size's among them.
            """)

    static func run(_ p: ParsedArguments) throws -> Int32 {
        if p.value(textSizes) != nil, !p.flag(accessibility) {
            throw CLIError.usage(
                "--text-sizes chooses the sizes --accessibility looks at; give --accessibility with it")
        }
        let file = p.positional[0]
        let loaded = try CLI.load(file, p)
        let bundle = ReproBundle.isBundle(file) ? try OpenedBundle.open(file) : nil
        // A bundle is audited under the policy it was made with, unless --policy says another.
        let policy =
            p.value(CommonOptions.policy) == nil
            ? bundle.flatMap { FocusPolicy(rawValue: $0.manifest.policy) } ?? p.policy : p.policy
        let sim = try CLI.makeSimulator(loaded.scene, source: file, policy: policy, from: nil)
        if policy != .tvos { try DiffCommand.checkPeerComparisons(sim, file: file, command: "audit") }
        // Every picture the screen (and the screens it opens) names, read once: what cannot be shown is a finding.
        let assets = CLI.assetTable(sim, file: file)
        let (graph, found) = try accessibilityFindings(
            sim, file: file, policy: policy, assets: assets,
            rereading: loaded.translation.flatMap { $0.readsTextSize ? $0.evaluationSteps : nil }, p)
        var audit = SceneAudit(
            sim, subject: file, measurer: CLI.textMeasurer, everyAccessibilityRule: p.flag(accessibility), graph: graph
        ) {
            let (accessible, lint) = found()
            let missing = assets.problems.map {
                var d = $0
                d.message = OpenedBundle.naming(d.message)
                return AuditFinding.missingImage(d)
            }
            // A SwiftUI screen read in part is audited in part: said, so that --strict cannot pass half a screen.
            let cut = loaded.translation?.cutShort.map(AuditFinding.sourceCutShort) ?? []
            return (accessible + missing + cut, lint)
        }
        // For SwiftUI, a finding about a node points at the view in the Swift source.
        if let t = loaded.translation { audit.relocate(t.relocated) }
        // A bundle's findings are at their member: `bug.tenfoot:files/scene.json:12:3`.
        if let bundle { audit.renameFiles(bundle.location(of:)) }
        if p.flag(CommonOptions.json) {
            let (emptied, lists) = audit.withoutLists
            try CLI.writeJSON(emptied, arrays: lists) { print($0, terminator: "") }
        } else if p.flag(sarif) {
            let (log, results) = audit.sarif(container: bundle?.path).withoutResults
            try CLI.writeJSON(log, key: "results", elements: results) { print($0, terminator: "") }
        } else {
            CLI.printTextLines(audit.textLines)
        }
        return p.flag(strict) && audit.failsStrict ? ExitCode.checkFailed : 0
    }

    /// The focus graph of the screen as it is, which the rest of the audit reads too (made once: on a screen of
    /// overlapping items it is most of the audit's time); and, when asked for, the accessibility findings and the
    /// scene's lint. The findings: the names and the unfocused contrast always; with `--accessibility` every rule,
    /// at each text size `--text-sizes` names (each problem at the smallest size it appears at).
    static func accessibilityFindings(
        _ sim: Simulator, file: String, policy: FocusPolicy, assets: AssetTable, rereading: Int?,
        _ p: ParsedArguments
    ) throws -> (graph: FocusAudit, findings: () -> (findings: [AuditFinding], lint: [SceneLint.Finding])) {
        let full = p.flag(accessibility)
        // The unfocused screen's contrast and the lint need no focus graph: each is found on a thread of its own
        // while this one finds the graph and the audit's findings in it (99,999 piled buttons: 2.8 s to draw twice
        // and 0.7 s to lint; 2 s of graph, 1 s of findings).
        let appearance = p.appearance
        let pixels = Concurrently { () -> PixelProbe? in
            let probe = PixelProbe(assets: assets, appearance: appearance)
            probe?.unfocused(sim)
            return probe
        }
        // The lint places the screen again, from what the simulator's layout measured.
        let (measurer, measured) = (sim.measurer, sim.measured)
        let lint = Concurrently { SceneLint.findings(sim.scene, measurer: measurer, measured: measured) }
        let base = AccessibilityAudit.Screen(size: sim.scene.textSize, sim: sim)
        // The focused looks are drawn on a thread of their own while the screen's own rules and the sizes are looked
        // at (99,999 piled buttons: 1 s of drawing beside 2 s of sizes; 50,000 buttons under opaque images: 0.75 s of
        // the screen's rules with the other core idle); their findings go after the screen's own, as they did.
        let graph = base.graph
        let focused =
            full
            ? Concurrently { () -> [AuditFinding] in
                guard let probe = pixels.value else { return [] }
                probe.focusedStates(sim, graph: graph)
                return probe.findings
            } : nil
        var out = AccessibilityAudit.findings(base, namesOnly: !full)
        guard full else {
            return (
                base.graph,
                { (out + (pixels.value?.findings ?? []), lint.value) }
            )
        }
        var sized: [AuditFinding] = []
        // The screen at another size: SwiftUI sources translated again when a view reads the size (18,781 buttons
        // read at every size took 30 s).
        func screen(_ size: TextSize) throws -> AccessibilityAudit.Screen {
            if size == base.size { return base }
            if rereading != nil, SceneSource.isSwiftUI(file), !ReproBundle.isBundle(file) {
                var options = p.swiftUI
                options.dynamicTypeSize = size.rawValue
                var scene: Scene
                do { scene = try SceneSource.load(file, options: options).scene } catch {
                    throw CLIError(
                        message: "cannot translate \(file) at \(size.rawValue): \(error)", code: ExitCode.usage)
                }
                scene.textSize = size
                return AccessibilityAudit.Screen(
                    size: size, sim: try CLI.makeSimulator(scene, source: file, policy: policy, from: nil), like: base)
            }
            // The same screen laid out again (its scene already holds what the simulator added: the keyboard).
            var resized = sim
            do { try resized.setTextSize(size) } catch {
                throw CLIError(message: "\(file) at \(size.rawValue): \(error)", code: ExitCode.checkFailed)
            }
            return AccessibilityAudit.Screen(size: size, sim: resized, like: base)
        }
        let large = AccessibilityAudit.Baseline(try screen(.large))
        var seen = Set<String>()
        let requested = requestedSizes(p)
        let nodes = AccessibilityAudit.placedCount(large.screen.sim)
        var sizes = AccessibilityAudit.sizesLookedAt(
            requested, placing: AccessibilityAudit.sizeWeight(large.screen.sim))
        // Read again at each size, the screen's reading costs too: one read to its evaluation budget took 1.5 s a
        // size (13 s for nine). The fewer sizes of the two rules are looked at, and the warning says which rule.
        let read =
            rereading.flatMap { steps in
                SceneSource.isSwiftUI(file) && !ReproBundle.isBundle(file)
                    ? AccessibilityAudit.sizesLookedAt(requested, reading: steps) : nil
            } ?? requested
        if read.count < sizes.count, let steps = rereading {
            sizes = read
            sized.append(
                AccessibilityAudit.sizesCutShort(
                    requested: requested, lookedAt: sizes, reading: steps, scene: sim.scene))
        } else if sizes != requested {
            sized.append(
                AccessibilityAudit.sizesCutShort(
                    requested: requested, lookedAt: sizes, placing: nodes,
                    characters: large.screen.sim.scene.textCharacters, scene: sim.scene))
        }
        for size in sizes {
            for f in AccessibilityAudit.findings(size == .large ? large.screen : try screen(size), comparedWith: large)
            where seen.insert("\(f.code)|\(f.item)").inserted {
                sized.append(f)
            }
        }
        out += (focused?.value ?? []) + sized
        let linted = lint.value
        return (base.graph, { (out, linted) })
    }

    /// `--text-sizes`: `all` (the default) or a comma-separated list, smallest first.
    static func requestedSizes(_ p: ParsedArguments) -> [TextSize] {
        guard let text = p.value(textSizes), text != "all" else { return TextSize.allCases }
        return Set(text.split(separator: ",").compactMap { TextSize(name: String($0)) }).sorted()
    }
}
