import FocusEngine
import TenFootCore

/// Lint: the seeds' "common mistakes" and "review checklist" as small named rules over a scene that
/// loaded, each finding a warning at the node it concerns. (seeds/focus-engine-skill.md)
public enum SceneLint {
    public struct Rule: Sendable {
        public var code: String
        public var summary: String
        /// How much `tenfoot audit` makes of a finding (a guide that leads nowhere is an error).
        public var severity: AuditSeverity = .warning
    }

    public static let rules: [Rule] = [
        Rule(code: "competing-default-focus", summary: "several items prefer default focus in one scope"),
        Rule(code: "focusable-decorative", summary: "focusable on a decorative node that does nothing when selected"),
        Rule(code: "ambiguous-focus-binding", summary: "the same FocusState value bound to two items"),
        Rule(code: "ineffective-section", summary: "a focus section no larger than its content catches nothing"),
        Rule(
            code: "guide-unfocusable-targets",
            summary: "a focus guide that leads nowhere: its preferred targets cannot take focus", severity: .error),
        Rule(code: "sheet-no-restore", summary: "a sheet that does not restore focus when dismissed", severity: .info),
        Rule(
            code: "outside-safe-area", summary: "an item outside the tvOS safe area (80 pt sides, 60 pt top and bottom)"
        ),
        Rule(
            code: "below-screen",
            summary: "items below the bottom of the screen in content that cannot scroll (a grid as a tab's content)"),
        Rule(code: "implicit-id", summary: "a focusable node without an explicit id", severity: .info),
        Rule(
            code: "not-tvos-api", summary: "a key the scene format maps from an API tvOS does not have (searchFocused)",
            severity: .info),
        Rule(
            code: "suggestion-without-completion",
            summary: "a search suggestion without a completion: shown, but choosing it does nothing"),
        Rule(
            code: "undrawn-symbol", summary: "an SF Symbol TenFoot has no drawing for: drawn as a generic glyph",
            severity: .info),
        Rule(
            code: "misspelt-symbol",
            summary: "a symbol name two edits from one TenFoot draws (play.fil): drawn as a generic glyph"),
        Rule(
            code: "fixed-text-size",
            summary:
                "text with a fixed size (.font(.system(size:))): it does not grow with the Large Text setting",
            severity: .info),
    ]

    /// One finding: the rule's code and the warning (at the node concerned, `path` its id, the
    /// message ending with ` [code]`).
    public struct Finding: Sendable {
        public var code: String
        public var diagnostic: Diagnostic
        /// The message without its ` [code]` suffix.
        public var message: String
    }

    /// Runs every rule; findings (warnings at the node concerned, `path` its id) sorted by location,
    /// then message.
    public static func run(_ scene: Scene, measurer: any TextMeasurer = FixedAdvanceMeasurer()) -> [Diagnostic] {
        findings(scene, measurer: measurer).map(\.diagnostic)
    }

    /// Every rule's findings with their codes, sorted as ``run(_:measurer:)`` sorts them.
    /// `measured`: what a layout pass over this very scene measured with `measurer`, its direction and text size
    /// (`Simulator.measured`), which the screens' placing here starts from instead of measuring it all again;
    /// ignored when the scene holds a tab bar (a tab bar measures the tab its pass selected).
    public static func findings(
        _ scene: Scene, measurer: any TextMeasurer = FixedAdvanceMeasurer(), measured: LayoutMemo? = nil
    ) -> [Finding] {
        var out: [Finding] = []
        func warn(_ n: SceneNode, _ code: String, _ message: String) {
            out.append(
                Finding(
                    code: code,
                    diagnostic: Diagnostic(
                        .warning, file: scene.file, at: n.location, path: n.id, "\(message) [\(code)]"),
                    message: message))
        }
        let nodes = scene.allNodes

        // competing-default-focus: per scope, unconditional preferences, or conditions on the same value.
        var byScope: [String: [SceneNode]] = [:]
        let scopeOf = enclosingScopes(scene)
        for n in nodes {
            if let p = n.prefersDefaultFocus { byScope[p.scope ?? scopeOf[n.id] ?? "", default: []].append(n) }
        }
        for scope in byScope.keys.sorted() {
            let prefs = byScope[scope]!
            var seen: [String: SceneNode] = [:]
            for n in prefs {
                let key = n.prefersDefaultFocus!.condition.map { "\($0.state)=\($0.equals)" } ?? "always"
                if let first = seen[key] {
                    warn(
                        n, "competing-default-focus",
                        "\"\(n.id)\" and \"\(first.id)\" both prefer default focus in scope \(scope.isEmpty ? "of the screen" : "\"\(scope)\"") under the same condition; the first in tree order wins"
                    )
                } else {
                    seen[key] = n
                }
            }
        }
        for n in nodes where n.type.isContainer || n.type == .tabBar {
            let defaults = n.children.filter { $0.defaultFocus != nil }.count
            if n.defaultFocus != nil, defaults > 0 {
                warn(
                    n, "competing-default-focus",
                    "\"\(n.id)\" sets defaultFocus and so does a child container; the outer one wins")
            }
        }

        // focusable-decorative
        for n in nodes where n.focusableSet && n.focusable != nil && !n.type.isFocusableByDefault && n.type != .tabBar {
            let acts =
                !n.actions.isEmpty || !n.onMove.isEmpty || n.focused != nil || !n.focusedValue.isEmpty
                || !n.focusedSceneValue.isEmpty
            if !acts {
                warn(
                    n, "focusable-decorative",
                    "\"\(n.id)\" (\(n.type.rawValue)) is focusable but does nothing when focused or selected; only interactive views should take focus"
                )
            }
        }

        // fixed-text-size
        for n in nodes {
            guard let size = n.fontSize else { continue }
            let style = n.textStyle ?? .body
            warn(
                n, "fixed-text-size",
                "\"\(n.id)\" has a fixed text size (\(fmt(size)) pt): it stays \(fmt(size)) pt at every text size; a text style (\"style\": \"\(style.rawValue)\", \(fmt(style.size)) pt at Large) grows with Large Text"
            )
        }

        // ambiguous-focus-binding
        var bindings: [String: SceneNode] = [:]
        for n in nodes {
            if let c = n.focused {
                let key = "\(c.state)=\(c.equals)"
                if let first = bindings[key] {
                    warn(
                        n, "ambiguous-focus-binding",
                        "\"\(n.id)\" and \"\(first.id)\" are both bound to \(c.state) == \(c.equals); SwiftUI picks the first"
                    )
                } else {
                    bindings[key] = n
                }
            }
        }

        // Geometry-based rules need the layout and the focus tree: the screen once per tab of a root tab bar
        // (with that tab selected, so every tab's content is placed), and each sheet over the first.
        let engine = LayoutEngine(measurer: measurer, direction: scene.layoutDirection, textSize: scene.textSize)
        let carried = nodes.contains { $0.type == .tabBar } ? nil : measured
        func memo() -> LayoutMemo { carried.map(LayoutMemo.init(carrying:)) ?? LayoutMemo() }
        let screens =
            scene.root.type == .tabBar && scene.root.tabs.count > 1
            ? scene.root.tabs.map { tab in
                var selecting = engine
                selecting.selectedTabs = [scene.root.id: tab.id]
                return selecting.place(root: scene.root)
            }
            : [engine.place(root: scene.root, memo: memo())]
        let screen = screens[0]
        let sheets = scene.sheets.map { engine.place(root: $0, memo: memo()) }
        var placed: [String: PlacedNode] = [:]
        var inScroller = Set<String>()
        /// Items and texts whose frame reaches below the screen where nothing scrolls, by the container
        /// holding them (containers in the order first met).
        var belowScreen: [String: [PlacedNode]] = [:]
        var belowOrder: [PlacedNode] = []
        func collect(_ p: PlacedNode, scrolled: Bool, parent: PlacedNode?) {
            // The tab bar and its strip are placed once per tab: met again, only their other children are new.
            let first = placed[p.id] == nil
            if first { placed[p.id] = p }
            if scrolled { inScroller.insert(p.id) }
            if first, !scrolled, let parent, p.node.isFocusable || p.node.type == .text,
                p.frame.maxY > Metrics.screen.height
            {
                if belowScreen[parent.id] == nil { belowOrder.append(parent) }
                belowScreen[parent.id, default: []].append(p)
            }
            let s = scrolled || p.node.type == .shelf || p.node.type == .scroll
            p.children.forEach { collect($0, scrolled: s, parent: p) }
        }
        screens.forEach { collect($0, scrolled: false, parent: nil) }
        sheets.forEach { collect($0, scrolled: false, parent: nil) }
        // One tree per layer, each as if it were the front-most (a sheet's items are not "below" anything),
        // and one per tab. A sheet's tree has the screen's root without its content: nothing below a sheet
        // takes part in its checks, and the whole screen under each sheet made sheets cost the square of
        // their number.
        var bareScreen = screen
        bareScreen.children = []
        let trees =
            (screens.map {
                try? SceneFocusTree.build(screen: $0, sheets: [], state: scene.state, options: scene.focusOptions)
            }
            + sheets.map {
                try? SceneFocusTree.build(
                    screen: bareScreen, sheets: [$0], state: scene.state, options: scene.focusOptions)
            }).compactMap { $0 }
        // Which tree holds each id in its front layer (the first that does), found once: asked per node, a walk
        // of every tree made sheets and tabs cost the square of their number.
        var holding: [String: (tree: Int, node: Int)] = [:]
        for (k, t) in trees.enumerated() {
            guard let front = t.layerRoots.last else { continue }
            for n in [front] + Array(t.descendants(front)) where holding[t.ids[n]] == nil { holding[t.ids[n]] = (k, n) }
        }
        func tree(holding id: String) -> (FocusTree, Int)? {
            holding[id].map { (trees[$0.tree], $0.node) }
        }

        // ineffective-section
        for n in nodes where n.focusSection {
            guard let p = placed[n.id], let (tree, node) = tree(holding: n.id) else { continue }
            let items = tree.focusableDescendants(of: node).map { tree.frames[$0] }
            guard let first = items.first else { continue }
            let content = items.dropFirst().reduce(first) { $0.union($1) }
            if p.frame.width <= content.width + 1, p.frame.height <= content.height + 1 {
                warn(
                    n, "ineffective-section",
                    "focus section \"\(n.id)\" is no larger than its content, so it catches nothing its items would not; make it take more space (spacers, width/height \"fill\")"
                )
            }
        }

        // guide-unfocusable-targets
        do {
            for n in nodes where n.type == .focusGuide && n.enabled && !n.preferred.isEmpty {
                if let (tree, g) = tree(holding: n.id), tree.guideDestination(g) == nil {
                    warn(
                        n, "guide-unfocusable-targets",
                        "focus guide \"\(n.id)\" leads nowhere: none of \(n.preferred.joined(separator: ", ")) can take focus, so the guide is ignored"
                    )
                }
            }
        }

        // sheet-no-restore
        for s in scene.sheets where !s.restoresFocusAfterTransition {
            warn(
                s, "sheet-no-restore",
                "sheet \"\(s.id)\" does not restore focus when dismissed (restoresFocusAfterTransition is false); focus will go to the screen's default item"
            )
        }

        // outside-safe-area: focusable items and text outside the safe area, unless they scroll (shelves
        // and pages scroll content under the edges) or are system chrome (the tab bar).
        let s = Metrics.safeArea
        let safe = Rect(
            s.leading, s.top, Metrics.screen.width - s.leading - s.trailing, Metrics.screen.height - s.top - s.bottom)
        let hidden = Set(belowScreen.values.joined().map(\.id))
        for n in nodes where (n.isFocusable || n.type == .text) && !inScroller.contains(n.id) && !hidden.contains(n.id)
        {
            guard let p = placed[n.id], !p.frame.isEmpty, !safe.contains(p.frame) else { continue }
            warn(n, "outside-safe-area", "\"\(n.id)\" at \(p.frame) reaches outside the safe area \(safe)")
        }

        // below-screen: what lies past the bottom edge where nothing scrolls can never be seen, and focus
        // cannot reach it (focus only scrolls a scroll or a shelf). One finding per container.
        for container in belowOrder {
            let items = belowScreen[container.id]!
            let what = items.count == 1 ? "\"\(items[0].id)\" lies" : "\(items.count) items from \"\(items[0].id)\" lie"
            var rows = ""
            if container.node.type == .grid {
                // Rows by their tops, in order: which of them reach past the bottom.
                let tops = Set(container.children.map(\.frame.minY)).sorted()
                let first = tops.firstIndex(of: items.map(\.frame.minY).min()!).map { $0 + 1 } ?? 1
                rows = first == tops.count ? " (row \(first) of \(tops.count))" : " (rows \(first) to \(tops.count))"
            }
            warn(
                container.node, "below-screen",
                "\(container.node.type.rawValue) \"\(container.id)\" runs below the screen: \(what) past its bottom edge\(rows), and nothing scrolls them into view or lets focus reach them; put it in a \"scroll\" (SwiftUI: ScrollView)"
            )
        }

        // implicit-id
        for n in nodes where n.isFocusable && !n.hasExplicitID {
            warn(
                n, "implicit-id",
                "focusable \(n.type.rawValue) has no \"id\" (it is \"\(n.id)\" from its place in the tree); give it one so tests and tools can name it"
            )
        }

        // not-tvos-api: SwiftUI's searchFocused(_:) is iOS 18, iPadOS 18, Mac Catalyst 18, macOS 15 and visionOS 2
        // only; on tvOS the search field is its keyboard, and TenFoot maps the binding to focus on the keys.
        for n in nodes where n.search?.searchFocused != nil {
            warn(
                n, "not-tvos-api",
                "searchFocused is not tvOS API (iOS 18, macOS 15, visionOS 2); TenFoot maps it to focus on the search's keyboard"
            )
        }

        // suggestion-without-completion: "If you omit the search completion modifier for a particular suggestion
        // view, SwiftUI displays the suggestion, but the suggestion view doesn't react to taps or clicks."
        for n in nodes {
            for (k, s) in (n.search?.suggestions ?? []).enumerated() where s.completion == nil {
                warn(
                    n, "suggestion-without-completion",
                    "suggestion \(k) (\(JSON.quote(s.shown))) has no \"completion\": tvOS shows it, but choosing it does nothing (SwiftUI's searchCompletion(_:))"
                )
            }
        }
        // undrawn-symbol: an SF Symbol name the scene keeps but TenFoot has no drawing for.
        for n in nodes {
            for name in [n.icon].compactMap({ $0 }) + n.badges.compactMap(\.icon) where Icons.resolve(name) == nil {
                if let near = Icons.nearSymbol(name) {
                    warn(
                        n, "misspelt-symbol",
                        "the symbol \(JSON.quote(name)) is not one TenFoot draws, did you mean \(JSON.quote(near))? (drawn as a generic glyph)"
                    )
                } else {
                    warn(
                        n, "undrawn-symbol",
                        "the SF Symbol \(JSON.quote(name)) is not in TenFoot's symbol table: drawn as a generic glyph")
                }
            }
        }
        return out.sorted { $0.diagnostic < $1.diagnostic }
    }

    /// The nearest enclosing `focusScope` of every node.
    static func enclosingScopes(_ scene: Scene) -> [String: String] {
        var out: [String: String] = [:]
        func walk(_ n: SceneNode, _ scope: String?) {
            if let scope { out[n.id] = scope }
            let inner = n.focusScope ?? scope
            n.children.forEach { walk($0, inner) }
            n.tabs.forEach { walk($0.content, inner) }
        }
        walk(scene.root, nil)
        scene.sheets.forEach { walk($0, nil) }
        return out
    }
}
