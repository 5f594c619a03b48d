import FocusEngine
import TenFootCore
import TenFootPresentation
import TenFootScene
import TenFootSim

/// One thing `tenfoot audit` found: its rule's code and severity, where in the scene file it is, and
/// whether the scene accepts it (`"audit": {"accept": [...]}`) or system-made structure causes it.
public struct AuditFinding: Sendable, Hashable, Encodable {
    public var code: String
    public var severity: AuditSeverity
    /// One line in plain words (without the code).
    public var message: String
    /// The id the finding is about (the first item of a trap; empty for an unused acceptance).
    public var item: String
    /// Every item of a trap.
    public var items: [String]?
    /// A one-way move's direction and where it lands.
    public var direction: Direction?
    public var to: String?
    public var file: String
    public var location: SourceLocation
    /// The structure that makes this finding, when the system made it and not the scene (`tab bar`):
    /// always information, never accepted or failed.
    public var system: String?
    /// The scene's acceptance: its reason and where it is written.
    public var accepted: Accepted?

    public struct Accepted: Sendable, Hashable, Encodable {
        public var reason: String
        public var file: String
        public var location: SourceLocation

        enum CodingKeys: String, CodingKey { case reason, line, column }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(reason, forKey: .reason)
            try c.encode(location.line, forKey: .line)
            try c.encode(location.column, forKey: .column)
        }
    }

    /// Errors and warnings the scene has not accepted: what `--strict` fails on.
    public var fails: Bool { accepted == nil && severity != .info }

    enum CodingKeys: String, CodingKey {
        case code, severity, message, item, items, direction, to, file, line, column, system, accepted
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(code, forKey: .code)
        try c.encode(severity, forKey: .severity)
        try c.encode(message, forKey: .message)
        if !item.isEmpty { try c.encode(item, forKey: .item) }
        try c.encodeIfPresent(items, forKey: .items)
        try c.encodeIfPresent(direction, forKey: .direction)
        try c.encodeIfPresent(to, forKey: .to)
        try c.encode(file, forKey: .file)
        try c.encode(location.line, forKey: .line)
        try c.encode(location.column, forKey: .column)
        try c.encodeIfPresent(system, forKey: .system)
        try c.encodeIfPresent(accepted, forKey: .accepted)
    }

    /// `file:line:column: severity: message [code]`, the compilers' form CI annotators read; an accepted
    /// finding says `accepted warning:` (so annotators pass it by) and ends with its reason; a
    /// system-made one names the structure.
    public var text: String {
        let head = "\(file):\(location.line):\(location.column): "
        if let accepted { return head + "accepted \(severity.rawValue): \(message) [\(code)]: \(accepted.reason)" }
        return head + "\(severity.rawValue): \(message) [\(code)]"
            + (system.map { " (made by the \($0), not the scene)" } ?? "")
    }

    /// `findings` in the order they are listed in: unaccepted errors, warnings, information, then accepted ones;
    /// each by place, code and message; equal ones as they came. Their places are sorted, not the findings
    /// themselves (a pile of 100,000 items has hundreds of thousands to move).
    static func inListedOrder(_ findings: [AuditFinding]) -> [AuditFinding] {
        listedOrder(findings).map { findings[$0] }
    }

    /// The places of `findings` in ``inListedOrder(_:)``'s order.
    static func listedOrder(_ findings: [AuditFinding]) -> [Int] {
        let ranks = findings.map(\.rank)
        return findings.indices.sorted { i, j in
            ranks[i] != ranks[j] ? ranks[i] < ranks[j] : placedBefore(findings[i], findings[j])
        }
    }

    private var rank: Int {
        guard accepted == nil else { return 3 }
        switch severity {
        case .error: return 0
        case .warning: return 1
        case .info: return 2
        }
    }

    private static func placedBefore(_ a: AuditFinding, _ b: AuditFinding) -> Bool {
        if a.file != b.file { return a.file < b.file }
        if a.location != b.location { return a.location < b.location }
        if a.code != b.code { return a.code < b.code }
        return a.message < b.message
    }
}

/// What `tenfoot audit` reports about a scene: the focus graph (`FocusAudit`, from the scene's initial
/// focus) and the scene lint, as findings with severities (docs/scene-format.md, "Audit"), each at its
/// place in the scene file; as text, one JSON document, or SARIF 2.1.0 (`SceneAudit+SARIF`).
public struct SceneAudit: Sendable, Encodable {
    public var graph: FocusAudit
    /// Every finding, in ``AuditFinding/inListedOrder(_:)`` order.
    public private(set) var findings: [AuditFinding]
    /// The scene file the audit is about.
    public let subject: String
    /// The findings past ``listedPerRule`` of one rule, counted and not listed, by rule in listed order.
    public private(set) var unlisted: [Unlisted] = []
    /// What the unlisted findings add to the counts.
    private var unlistedCounts = Counts(moves: 0, errors: 0, warnings: 0, info: 0, accepted: 0)

    /// How many findings of one rule a report lists; the rest are counted. A screen of 99,999 items in a staircase
    /// has 361,664 one-way moves: listed, they made 460,000 lines (6 s) and a SARIF log of 340 MB that code hosts
    /// refuse (GitHub takes at most 25,000 results a run and shows 5,000), and none of them said more than the
    /// first hundred. At 500 for each of its rules (fewer than 50) a log stays under 25,000.
    public static let listedPerRule = 500

    /// A rule's findings that are counted and not listed.
    public struct Unlisted: Sendable, Hashable, Encodable {
        public var code: String
        public var count: Int
        /// `N more one-way findings are not listed …`.
        public var message: String {
            "\(count) more \(code) finding\(count == 1 ? " is" : "s are") not listed: a report lists the first \(SceneAudit.listedPerRule) of each rule, and its counts include the rest"
        }
    }

    private enum CodingKeys: String, CodingKey { case scene, summary, findings, graph }
    private enum SummaryKeys: String, CodingKey {
        case items, moves, initialFocus, errors, warnings, info, accepted, unlisted
    }

    /// What the summary counts.
    private struct Counts {
        var moves, errors, warnings, info, accepted: Int
    }

    private var counts: Counts {
        Counts(moves: graph.edges.count, errors: errors, warnings: warnings, info: info, accepted: accepted)
    }

    /// The summary's counts of what ``withoutLists`` took out.
    private var countsOfRemovedLists: Counts?

    /// The audit with its findings and the graph's moves and one-way moves taken out, and those lists under their
    /// keys: its JSON with those arrays empty and the same summary, to write them into one element at a time
    /// (99,999 piled items: 500,000 findings and 750,000 moves, whose document Foundation's encoder held whole in
    /// over a gigabyte).
    public var withoutLists: (audit: SceneAudit, lists: [(key: String, elements: [any Encodable])]) {
        var emptied = self
        emptied.countsOfRemovedLists = counts
        emptied.findings = []
        emptied.graph.edges = []
        emptied.graph.oneWay = []
        return (emptied, [("findings", findings), ("edges", graph.edges), ("oneWay", graph.oneWay)])
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(subject, forKey: .scene)
        var s = c.nestedContainer(keyedBy: SummaryKeys.self, forKey: .summary)
        try s.encode(graph.items.count, forKey: .items)
        let counts = countsOfRemovedLists ?? counts
        try s.encode(counts.moves, forKey: .moves)
        try s.encodeIfPresent(graph.initial, forKey: .initialFocus)
        try s.encode(counts.errors, forKey: .errors)
        try s.encode(counts.warnings, forKey: .warnings)
        try s.encode(counts.info, forKey: .info)
        try s.encode(counts.accepted, forKey: .accepted)
        if !unlisted.isEmpty { try s.encode(unlisted, forKey: .unlisted) }
        try c.encode(findings, forKey: .findings)
        try c.encode(graph, forKey: .graph)
    }

    /// Audits the simulator's screen (from its current focus) and lints its scene; applies the scene's
    /// acceptances.
    /// `extra`: findings of other rules (the accessibility audit's), listed and accepted like the rest.
    /// `everyAccessibilityRule`: whether `extra` holds every accessibility rule's findings (`--accessibility`);
    /// without it, an acceptance of a rule that did not run is not reported as matching nothing.
    /// `graph`: the screen's focus graph when the caller has it already (``graph(_:)`` of the same simulator).
    /// `rest`: more findings of other rules and the scene's lint (``SceneLint/findings(_:measurer:)`` of its scene
    /// with `measurer`), when the caller makes them, asked for once the graph's findings are made (so that they can
    /// be made on another thread meanwhile).
    public init(
        _ sim: Simulator, subject: String, measurer: any TextMeasurer, extra: [AuditFinding] = [],
        everyAccessibilityRule: Bool = true, graph known: FocusAudit? = nil,
        rest: (() -> (extra: [AuditFinding], lint: [SceneLint.Finding]))? = nil
    ) {
        graph = known ?? SceneAudit.graph(sim)
        self.subject = subject
        let scene = sim.scene
        var places: [String: SourceLocation] = [:]
        var tabs = Set<String>()
        var tabContents: [String: String] = [:]
        scene.forEachNodeAndTab(
            node: { n in
                if places[n.id] == nil { places[n.id] = n.location }
                // A segmented picker's segments are items of their own, written where the picker is.
                for segment in n.segments where places[segment.id] == nil { places[segment.id] = n.location }
            },
            tab: { bar, tab in
                if places[tab.id] == nil { places[tab.id] = tab.location }
                tabs.insert(tab.id)
                tabContents[TabBarMetrics.contentID(bar, tab: tab.id)] = bar
            })
        // The item of the last finding and its place: an item's findings come together (its one-way moves).
        var last: (item: String, location: SourceLocation)?
        func finding(_ code: String, _ item: String, _ message: String) -> AuditFinding {
            if last?.item != item { last = (item, places[item] ?? .start) }
            return AuditFinding(
                code: code, severity: AuditRules.rule(code)!.severity, message: message, item: item,
                file: scene.file, location: last!.location)
        }
        var out: [AuditFinding] = []
        // Half a million findings on a pile of items: grown by doubling, the array copied them again and again.
        out.reserveCapacity(
            graph.unreachable.count + graph.traps.count + graph.oneWay.count + graph.deadEnds.count
                + graph.guidesThatNeverFire.count + graph.sectionsThatNeverCatch.count + 1 + extra.count
                + scene.auditAcceptances.count + 64)
        let initial = graph.initial.map { "the initial focus \(quoted($0))" } ?? "the initial focus (there is none)"
        for id in graph.unreachable {
            out.append(
                finding("unreachable", id, "\(quoted(id)) is not reached from \(initial) by any sequence of swipes"))
        }
        for trap in graph.traps {
            // The first ten named (a trap of 6,000 made a line of 53,000 characters); `items` holds them all (JSON).
            let named =
                trap.prefix(10).map { quoted($0) }.joined(separator: ", ")
                + (trap.count > 10 ? " and \(trap.count - 10) more" : "")
            var f = finding("trap", trap[0], "swipes can enter \(named) but never leave")
            f.items = trap
            out.append(f)
        }
        for e in graph.oneWay {
            var f = finding(
                "one-way", e.from,
                "\(quoted(e.from)) \(e.direction.rawValue) → \(quoted(e.to)), but \(e.direction.opposite.rawValue) does not return"
            )
            f.direction = e.direction
            f.to = e.to
            // The tab bar's own rule: up from the content goes to the selected tab, down from a tab to
            // the content's preferred item.
            if tabs.contains(e.from) != tabs.contains(e.to) {
                f.system = "tab bar"
                f.severity = .info
            }
            // The on-screen keyboard's own moves (row, line, remembered key) and its edges with the results.
            if KeyboardIDs.isSystem(e.from) || KeyboardIDs.isSystem(e.to) {
                f.system = "keyboard"
                f.severity = .info
            }
            out.append(f)
        }
        for id in graph.deadEnds { out.append(finding("dead-end", id, "no swipe moves focus from \(quoted(id))")) }
        for id in graph.guidesThatNeverFire {
            out.append(
                finding("guide-never-fires", id, "focus guide \(quoted(id)) never fires: no swipe goes through it"))
        }
        for id in graph.sectionsThatNeverCatch {
            var f = finding("section-never-catches", id, "focus section \(quoted(id)) never catches a swipe")
            // A tab's content is made a section by the tab bar (down from a tab), not by the scene.
            if let bar = tabContents[id] {
                f.system = "tab bar"
                f.severity = .info
                f.location = places[bar] ?? .start
            }
            if KeyboardIDs.isSystem(id) {
                f.system = "keyboard"
                f.severity = .info
            }
            out.append(f)
        }
        if let first = graph.cutShort.first {
            out.append(
                finding(
                    "swipes-cut-short", first,
                    "swipes from \(graph.cutShort.count) of the \(graph.items.count) items (the first \(quoted(first))) stopped after \(FocusSystem.graphLookLimit(items: graph.items.count)) looks (a node each, or 16 rectangles of what shows of a covered one), their share of the focus graph's \(FocusSystem.graphLooks): the items pile on one another or opaque nodes cut them into pieces, so where those swipes lead, and what this audit says of reach, may not be what tvOS does"
                ))
        }
        let (more, linted) = rest?() ?? ([], SceneLint.findings(scene, measurer: measurer))
        for l in linted {
            var f = AuditFinding(
                code: l.code, severity: AuditRules.rule(l.code)!.severity, message: l.message, item: l.diagnostic.path,
                file: l.diagnostic.file, location: l.diagnostic.location)
            if KeyboardIDs.isSystem(l.diagnostic.path) {
                f.system = "keyboard"
                f.severity = .info
            }
            out.append(f)
        }
        out += extra
        out += more
        // Acceptances: each applies to every finding it matches (never to system-made ones).
        var used = Set<Int>()
        for k in out.indices where out[k].system == nil {
            if let (i, a) = scene.auditAcceptances.enumerated().first(where: { $0.element.matches(out[k]) }) {
                out[k].accepted = AuditFinding.Accepted(
                    reason: a.reason, file: a.file ?? scene.file, location: a.location)
                used.insert(i)
            }
        }
        let ran = { (code: String) in
            everyAccessibilityRule || !AuditRules.accessibility.contains { $0.code == code }
                || AuditRules.alwaysAudited.contains(code)
        }
        for (i, a) in scene.auditAcceptances.enumerated() where !used.contains(i) && ran(a.finding) {
            out.append(
                AuditFinding(
                    code: AuditRules.unusedAcceptance.code, severity: .info,
                    message:
                        "this acceptance matches no finding: no \(a.finding) finding\(a.item.map { " about \(quoted($0))" } ?? "")"
                        + (a.direction.map { " going \($0.rawValue)" } ?? "")
                        + (a.to.map { " to \(quoted($0))" } ?? ""),
                    item: "", file: a.file ?? scene.file, location: a.location))
        }
        findings = []
        listFirstOfEachRule(out, in: AuditFinding.listedOrder(out))
    }

    /// Keeps the first ``listedPerRule`` findings of each rule of `all` taken in `order` (listed order: unaccepted
    /// errors before the rest), and counts the others in ``unlisted``. A rule that fails `--strict` through an
    /// unlisted finding fails through a listed one too: they come first. Only the kept findings are copied (a pile
    /// of 99,999 items has 460,000, of which a few thousand are listed).
    private mutating func listFirstOfEachRule(_ all: [AuditFinding], in order: [Int]) {
        // Each rule's code and how many of its findings are seen so far, in the order rules first appear; the rules
        // in the order their first unlisted finding comes. A screen has findings of a few dozen rules at most.
        var rules: [(code: String, seen: Int)] = []
        var cutRules: [Int] = []
        var kept: [AuditFinding] = []
        kept.reserveCapacity(min(all.count, 16 * Self.listedPerRule))
        var rule = 0
        for k in order {
            let code = all[k].code
            if rule >= rules.count || rules[rule].code != code {
                if let r = rules.firstIndex(where: { $0.code == code }) {
                    rule = r
                } else {
                    rules.append((code, 0))
                    rule = rules.count - 1
                }
            }
            rules[rule].seen += 1
            if rules[rule].seen <= Self.listedPerRule {
                kept.append(all[k])
                continue
            }
            if rules[rule].seen == Self.listedPerRule + 1 { cutRules.append(rule) }
            if all[k].accepted != nil {
                unlistedCounts.accepted += 1
            } else {
                switch all[k].severity {
                case .error: unlistedCounts.errors += 1
                case .warning: unlistedCounts.warnings += 1
                case .info: unlistedCounts.info += 1
                }
            }
        }
        findings = kept
        unlisted = cutRules.map { Unlisted(code: rules[$0].code, count: rules[$0].seen - Self.listedPerRule) }
    }

    /// The findings moved to where they come from (SwiftUI sources: the view in the Swift file), by
    /// `relocate` applied to each as a diagnostic about its item.
    public mutating func relocate(_ relocate: (Diagnostic) -> Diagnostic) {
        findings = AuditFinding.inListedOrder(
            findings.map { f in
                var f = f
                let d = relocate(Diagnostic(.warning, file: f.file, at: f.location, path: f.item, f.message))
                f.file = d.file
                f.location = d.location
                return f
            })
    }

    /// Every finding's file (and its acceptance's) renamed by `rename`: a bundle's scene said as
    /// `bug.tenfoot:files/scene.json`.
    public mutating func renameFiles(_ rename: (String) -> String) {
        findings = AuditFinding.inListedOrder(
            findings.map { f in
                var f = f
                f.file = rename(f.file)
                if let a = f.accepted { f.accepted?.file = rename(a.file) }
                return f
            })
    }

    /// The focus graph of the screen as the simulator drives it. With a tab bar (`Simulator+TabBar`)
    /// that is two states of one screen: swipes in the content see the bar slid away, swipes on the bar
    /// see it shown (covering what lies under it); a swipe up that finds nothing in the content goes to
    /// the selected tab; down is followed from the selected tab only (another tab's content is another
    /// screen).
    public static func graph(_ sim: Simulator) -> FocusAudit {
        guard sim.presentation.presented.isEmpty, let bar = sim.index.tabBars.first,
            let selected = sim.navigation.selectedTabs[bar.bar],
            let content = try? SceneFocusTree.build(
                screen: sim.screen, sheets: [], state: sim.data.state, hiddenTabBars: [bar.bar],
                options: sim.scene.focusOptions),
            let shown = try? SceneFocusTree.build(
                screen: sim.screen, sheets: [], state: sim.data.state, hiddenTabBars: [],
                options: sim.scene.focusOptions)
        else { return sim.system.auditOnEveryCore(initial: sim.focused) }
        let inContent = FocusSystem(tree: content, policy: sim.policy)
        let onBar = FocusSystem(tree: shown, policy: sim.policy)
        let contentItems = content.focusableItems.map { content.ids[$0] }
        let tabs = bar.tabs.filter { shown.isFocusable(id: $0) }
        var (edges, fired, caught, cutShort) = inContent.swipesOnEveryCore(from: contentItems)
        let leavesUp = Set(edges.lazy.filter { $0.direction == .up }.map(\.from))
        for id in contentItems where !leavesUp.contains(id) {
            var probe = inContent
            probe.state = FocusState(focused: id)
            probe.lookLimit = FocusSystem.graphLookLimit(items: content.focusableItems.count)
            if case .blocked = probe.move(.up).outcome {
                edges.append(FocusAudit.Edge(from: id, direction: .up, to: selected, via: .programmatic))
            }
        }
        let barSwipes = onBar.swipesOnEveryCore(from: tabs)
        edges += barSwipes.edges.filter { $0.direction != .down || $0.from == selected }
        fired.formUnion(barSwipes.fired)
        caught.formUnion(barSwipes.caught)
        cutShort += barSwipes.cutShort
        let root = shown.activeLayerRoot ?? 0
        var audit = FocusAudit(
            items: contentItems + tabs, edges: edges, initial: sim.focused,
            guides: shown.descendants(root).filter { shown.roles[$0] == .guide }.map { shown.ids[$0] },
            sections: shown.descendants(root).filter(shown.isSection).map { shown.ids[$0] },
            fired: fired, caught: caught)
        audit.cutShort = cutShort
        return audit
    }

    // Counted, not filtered: a filter copied every finding it kept (half a million for 99,999 piled items).
    // (Listed and unlisted.)
    public var errors: Int {
        unlistedCounts.errors + findings.reduce(0) { $0 + ($1.accepted == nil && $1.severity == .error ? 1 : 0) }
    }
    public var warnings: Int {
        unlistedCounts.warnings + findings.reduce(0) { $0 + ($1.accepted == nil && $1.severity == .warning ? 1 : 0) }
    }
    public var info: Int {
        unlistedCounts.info + findings.reduce(0) { $0 + ($1.accepted == nil && $1.severity == .info ? 1 : 0) }
    }
    public var accepted: Int { unlistedCounts.accepted + findings.reduce(0) { $0 + ($1.accepted != nil ? 1 : 0) } }

    /// True when an error or warning is not accepted (`--strict` exits 1).
    public var failsStrict: Bool { findings.contains(where: \.fails) }

    /// A summary line about the graph, each finding in its compiler form, then the counts.
    public var text: String {
        var lines: [String] = []
        textLines { lines.append($0) }
        return lines.joined(separator: "\n")
    }

    /// The lines of ``text``, one at a time: an audit of half a million findings is written as it is read, never
    /// held whole as one string.
    public func textLines(_ emit: (String) -> Void) {
        emit(
            "audit \(subject): \(graph.items.count) focusable items, \(graph.edges.count) moves, initial focus \(graph.initial ?? "none")"
        )
        for f in findings { emit(f.text) }
        for u in unlisted { emit("\(subject): note: \(u.message) [\(u.code)]") }
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 || word == "info" ? "" : "s")" }
        emit(
            [count(errors, "error"), count(warnings, "warning"), count(info, "info"), "\(accepted) accepted"].joined(
                separator: ", "))
    }
}

extension AuditAcceptance {
    /// Whether this acceptance covers `f`: the same code, and the item, direction and landing it names.
    func matches(_ f: AuditFinding) -> Bool {
        guard finding == f.code else { return false }
        if let item, item != f.item, !(f.items ?? []).contains(item) { return false }
        if let direction, direction != f.direction { return false }
        if let to, to != f.to { return false }
        return true
    }
}

extension Scene {
    /// Calls `node` with every node of the screen and sheets and `tab` with every tab (its bar's id
    /// and the tab), depth first.
    func forEachNodeAndTab(node: (SceneNode) -> Void, tab: (String, Tab) -> Void) {
        func walk(_ n: SceneNode) {
            node(n)
            n.children.forEach(walk)
            for t in n.tabs {
                tab(n.id, t)
                walk(t.content)
            }
        }
        walk(root)
        sheets.forEach(walk)
    }
}

extension AuditFinding {
    /// A picture the scene names that cannot be shown (the asset table's problem, where the scene names it).
    public static func missingImage(_ problem: Diagnostic) -> AuditFinding {
        AuditFinding(
            code: "missing-image", severity: AuditRules.rule("missing-image")!.severity, message: problem.message,
            item: "", file: problem.file, location: problem.location)
    }

    /// A SwiftUI screen read only in part: the translation's warning, at its place in the source.
    public static func sourceCutShort(_ warning: Diagnostic) -> AuditFinding {
        AuditFinding(
            code: "source-cut-short", severity: AuditRules.rule("source-cut-short")!.severity,
            message: warning.message, item: "", file: warning.file, location: warning.location)
    }
}
