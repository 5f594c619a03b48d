#if canImport(SwiftParser)
    import TenFootCore
    import TenFootScene
    import TenFootSwiftUI
    internal import SwiftSyntax

    /// What opens: a View struct, or a preview's body.
    enum RootChoice {
        case view(TypeDecl)
        case preview(PreviewDecl)
    }

    extension Interpreter {
        /// Builds the whole screen. SwiftUI evaluates `body`, then runs `onAppear`, then evaluates `body` again with
        /// the state onAppear left: so does this, when onAppear changed anything.
        func screen(_ choice: RootChoice, name: String) -> DraftScene {
            var pass = 0
            // What running onAppear found, said once the screen is built again with the state it left.
            var appearWarnings: [Diagnostic] = []
            var appearFirstLaunch: [String: String] = [:]
            while true {
                resetPass()
                let nodes: [DraftNode]
                switch choice {
                case .view(let t): nodes = customView(t, nil)
                case .preview(let p):
                    let frame = Frame(parent: nil, instance: nil)
                    frame.staticType = p.owner
                    nodes = p.call.map { view($0, frame) } ?? views(p.body, frame)
                }
                if pass == 0, !appearThunks.isEmpty {
                    let before = state
                    let (warnedBefore, readBefore) = (warnings.count, firstLaunch)
                    firstLaunch = [:]
                    appearing = true
                    emitted.append([])
                    for t in appearThunks { runBody(t.body, locals: t.locals) }
                    runChangedWatchers(since: before)
                    let atStart = emitted.removeLast()
                    appearing = false
                    let readAppearing = firstLaunch
                    firstLaunch.merge(readBefore) { appeared, _ in appeared }
                    for a in atStart {
                        if case .present = a {
                            warn(
                                appearThunks[0].at,
                                "presenting a sheet from onAppear is not simulated; the screen opens without it")
                        }
                    }
                    if !Interpreter.same(before, state) {
                        appearWarnings = Array(warnings[warnedBefore...])
                        appearFirstLaunch = readAppearing
                        pass = 1
                        continue
                    }
                }
                for link in links.pending {
                    warn(
                        link.call.at,
                        "NavigationLink(value:) has no navigationDestination(for:) that takes its value; the link does nothing"
                    )
                }
                firstLaunch.merge(appearFirstLaunch) { now, _ in now }
                if !firstLaunch.isEmpty {
                    let at: SourcePoint
                    switch choice {
                    case .view(let t): at = t.at
                    case .preview(let p): at = p.at
                    }
                    let flags = firstLaunch.sorted { $0.key < $1.key }.map { "\($0.key) is \($0.value)" }
                    warn(
                        at,
                        "the screen is shown as on a first launch: \(flags.joined(separator: ", ")) (only the running app knows; give them in the sidecar's data)"
                    )
                }
                var root = finalizeRoot(nodes, name: name, choice: choice)
                let results = resolveActions()
                attach(&root, results)
                let said = Set(warnings)
                warnings += appearWarnings.filter { !said.contains($0) }
                for k in sheets.indices { attach(&sheets[k], results) }
                return DraftScene(
                    name: name, root: root, sheets: sheets, state: stateList(), layoutDirection: layoutDirection)
            }
        }

        /// The `.onChange(of:)` actions whose value the appearing changed (from the state `before` to now), each
        /// given the old and new values; what they change is kept too.
        private func runChangedWatchers(since before: [String: Value]) {
            let after = state
            var fired: [(ClosureExprSyntax, Frame, Value, Value)] = []
            for w in changeWatchers {
                state = before
                let old = eval(w.value, w.frame)
                state = after
                let new = eval(w.value, w.frame)
                let equal = Value.equal(old, new)
                if equal == false || (equal == nil && old.display != new.display) {
                    fired.append((w.action, w.frame, old, new))
                }
            }
            state = after
            for (action, frame, old, new) in fired {
                let f = frame.child()
                let names = action.parameterNames
                if names.count >= 2 {
                    f.locals[names[0]] = old
                    f.locals[names[1]] = new
                } else if let only = names.first {
                    f.locals[only] = new
                }
                run(action.statements, f)
            }
        }

        static func same(_ a: [String: Value], _ b: [String: Value]) -> Bool {
            guard a.count == b.count else { return false }
            for (k, v) in a { guard let w = b[k], Value.equal(v, w) == true else { return false } }
            return true
        }

        private func resetPass() {
            warnings = []
            resetWarned()
            viewOutcomes = [:]
            modifierOutcomes = [:]
            nextHandle = 0
            sheets = []
            sheetHooks = [:]
            tabHooks = [:]
            sites = []
            thunks = []
            appearThunks = []
            layoutDirection = .leftToRight
            instanceCounts = [:]
            referenced = []
            focusBindings = [:]
            statics = [:]
            rootPending = true
            windowShown = false
            links = Links()
            changeWatchers = []
            firstLaunch = [:]
            uuidCount = 0
            depth = 0
            nesting = 0
            appendDepth = 0
        }

        /// The opened view's nodes as the scene root: a tab bar as it is; a view that fills the screen (a scroll
        /// view, a list) as it is; anything else centred in the safe area, as a window centres its content.
        private func finalizeRoot(_ nodes: [DraftNode], name: String, choice: RootChoice) -> DraftNode {
            var nodes = nodes
            for k in nodes.indices {
                nodes[k].navigationTitle = nil
                nodes[k].tab = nil
            }
            var root: DraftNode
            if nodes.count == 1, nodes[0].type == .tabBar || fills(nodes[0]) {
                root = nodes[0]
            } else {
                let at: SourcePoint
                switch choice {
                case .view(let t): at = t.at
                case .preview(let p): at = p.at
                }
                root = DraftNode(handle: handle(), type: .vstack, source: at, origin: name)
                centre(nodes, in: &root)
            }
            // A TabView wrapped in containers that hold nothing else (a NavigationStack or NavigationView, a stack
            // the screen centres) is the screen's tab bar: tvOS shows it at the top whatever wraps it.
            if root.type != .tabBar, let bar = Self.wrappedTabBar(root) { root = bar }
            // The centring stack is TenFoot's: it keeps the derived id "root" when the view's own node has the name.
            if root.idHint == nil, !nodes.contains(where: { $0.idHint == name.kebab }) { root.idHint = name.kebab }
            // The scene format's tab bar must be the root: a TabView further down shows its first tab in place.
            root.visitMutating { n in
                for k in n.children.indices where n.children[k].type == .tabBar {
                    let bar = n.children[k]
                    approximate(.nestedTabView, at: bar.source, counts: false)
                    if let first = bar.tabs.first { n.children[k] = first.content }
                }
            }
            return root
        }

        /// The tab bar `node` holds alone, through containers with no other child (spacers aside), if any.
        static func wrappedTabBar(_ node: DraftNode) -> DraftNode? {
            var n = node
            for _ in 0..<maxWrappers {
                if n.type == .tabBar { return n }
                let inner = n.children.filter { $0.type != .spacer }
                guard inner.count == 1, n.tabs.isEmpty, n.type.isContainer else { return nil }
                n = inner[0]
            }
            return nil
        }

        /// How many wrapping containers a TabView is looked for through.
        static let maxWrappers = 16

        /// Puts nodes in the middle of a container that fills what it is offered, as a window or a sheet centres
        /// its content: spacers above and below (none when a node fills the height itself).
        func centre(_ nodes: [DraftNode], in container: inout DraftNode) {
            container.width = .fill
            container.height = .fill
            if nodes.count == 1, fills(nodes[0]) {
                container.children = nodes
                adopt(&container)
                return
            }
            let top = DraftNode(handle: handle(), type: .spacer, source: container.source, origin: "Spacer")
            let bottom = DraftNode(handle: handle(), type: .spacer, source: container.source, origin: "Spacer")
            container.children = [top] + nodes + [bottom]
            adopt(&container)
        }

        /// A node that takes all the height offered (so centring it would change nothing, and spacers around it
        /// would take their share of it).
        func fills(_ n: DraftNode) -> Bool { grows(n, horizontal: false) }

        /// Whether a node grows along an axis when offered more: the scene layout's rule (LayoutEngine.isFlexible)
        /// on a node being built.
        func grows(_ n: DraftNode, horizontal: Bool, depth: Int = 0) -> Bool {
            guard depth < Interpreter.maxDepth else { return false }
            if n.type == .spacer { return true }
            switch horizontal ? n.width : n.height {
            case .fill?: return true
            case .some: return false
            case nil: break
            }
            let along = n.type == .zstack || (n.type == .hstack ? horizontal : n.type == .vstack && !horizontal)
            switch n.type {
            case .hstack, .vstack, .zstack, .search:
                return n.children.contains {
                    (along || $0.type != .spacer) && grows($0, horizontal: horizontal, depth: depth + 1)
                }
            case .canvas, .scroll: return true
            case .shelf, .hero, .row, .toggle, .section: return horizontal
            default: return false
            }
        }

        /// The scene's `state`: every slot whose value the format can hold, in declaration order.
        private func stateList() -> [(String, StateValue)] {
            slots.compactMap { slot in
                let v = state[slot.name]
                return (slot.isFocusState ? v?.focusKey : v?.stateValue).map { (slot.name, $0) }
            }
        }
    }
#endif
