#if canImport(SwiftParser)
    import Foundation
    import TenFootCore
    import TenFootScene
    import TenFootSwiftUI
    internal import SwiftSyntax

    /// The imperative core: statements of action closures and helper functions. State writes become `set`
    /// actions (and `present`/`dismiss`/`selectTab` for the state that drives sheets and tabs); appends to a
    /// ForEach's data become `append` actions of a new row; `dismiss()`, `resetFocus(in:)` and delayed blocks
    /// are understood; anything else is reported and skipped.
    extension Interpreter {
        enum Flow {
            case normal(Value?)
            case returned(Value)
        }

        @discardableResult
        func run(_ items: CodeBlockItemListSyntax, _ f: Frame) -> Flow {
            var last: Value?
            for item in items {
                switch item.item {
                case .decl(let d):
                    if let v = d.as(VariableDeclSyntax.self) {
                        for b in v.bindings {
                            let value = b.initializer.map { eval($0.value, f) } ?? .null
                            if let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                                f.locals[name] = value
                            } else if let tuple = b.pattern.as(TuplePatternSyntax.self), case .record(let r) = value {
                                for (el, field) in zip(tuple.elements, r.fields) {
                                    if let n = el.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                                        f.locals[n] = field.1
                                    }
                                }
                            }
                        }
                    } else if let ic = d.as(IfConfigDeclSyntax.self), let clause = IfConfig.activeClause(ic),
                        case .statements(let inner)? = clause.elements
                    {
                        if case .returned(let v) = run(inner, f) { return .returned(v) }
                    }
                case .stmt(let s):
                    if let r = s.as(ReturnStmtSyntax.self) {
                        return .returned(r.expression.map { eval($0, f) } ?? .null)
                    }
                    if let es = s.as(ExpressionStmtSyntax.self) {
                        if case .returned(let v) = statement(es.expression, f) { return .returned(v) }
                        continue
                    }
                    // `do { … } catch { … }`: the body, as it runs when nothing throws.
                    if let d = s.as(DoStmtSyntax.self) {
                        if case .returned(let v) = run(d.body.statements, f.child()) { return .returned(v) }
                        continue
                    }
                    if let g = s.as(GuardStmtSyntax.self) {
                        switch conditionsHold(g.conditions, f) {
                        case false?:
                            if case .returned(let v) = run(g.body.statements, f.child()) { return .returned(v) }
                            return .normal(nil)
                        case true?: continue
                        case nil:
                            warn(
                                point(g),
                                "this guard depends on data only the running app has; TenFoot carries on past it")
                        }
                        continue
                    }
                    if let loop = s.as(ForStmtSyntax.self) {
                        guard let items = eval(loop.sequence, f).elements else {
                            warn(point(loop), "this loop runs over data only the running app has; skipped")
                            continue
                        }
                        for element in items.prefix(1000) {
                            // Loops inside loops end with the budget: each turn counts as a step.
                            guard spend(at: loop) else { break }
                            let frame = f.child()
                            _ = matches(loop.pattern, element, frame)
                            if let w = loop.whereClause, eval(w.condition, frame).asBool != true { continue }
                            if case .returned(let v) = run(loop.body.statements, frame) { return .returned(v) }
                        }
                    }
                case .expr(let e):
                    if case .returned(let v) = statement(e, f) { return .returned(v) }
                    last = lastExpressionValue
                @unknown default: break
                }
            }
            return .normal(last)
        }

        /// Whether every case of a switch is one statement giving a value that runs nothing to work out
        /// (`return 0.86`, `return .landscape`, `"Movies"`).
        static func onlyGivesValues(_ s: SwitchExprSyntax) -> Bool {
            s.cases.allSatisfy { element in
                guard let sc = element.as(SwitchCaseSyntax.self), sc.statements.count == 1,
                    let item = sc.statements.first
                else { return false }
                var e: ExprSyntax?
                if let r = item.item.as(ReturnStmtSyntax.self) { e = r.expression }
                if let x = item.item.as(ExprSyntax.self) { e = x }
                if let x = item.item.as(ExpressionStmtSyntax.self) { e = x.expression }
                guard let e else { return false }
                return isPlainValue(e)
            }
        }

        /// One expression statement: a branch, an assignment, a call (an action, a helper, a closure), or a value.
        private func statement(_ e: ExprSyntax, _ f: Frame) -> Flow {
            lastExpressionValue = nil
            // `try await load()`: the call itself.
            if let a = e.as(AwaitExprSyntax.self) { return statement(a.expression, f) }
            if let t = e.as(TryExprSyntax.self) { return statement(t.expression, f) }
            if let i = e.as(IfExprSyntax.self) { return ifStatement(i, f) }
            if let s = e.as(SwitchExprSyntax.self) {
                if let items = switchBranch(s, f) { return run(items, f.child()) }
                // A getter's switch whose every case gives a value (`case "small": return 0.86`) gives the first it
                // could be, as a switch expression does; one that acts runs no case.
                if Self.onlyGivesValues(s), let first = switchBranches(s, f).first {
                    warnFirstCase(of: s, first.statements)
                    return run(first.statements, first.frame)
                }
                warn(point(s), "this switch depends on data only the running app has; no case runs")
                return .normal(nil)
            }
            if let c = e.as(FunctionCallExprSyntax.self) {
                if let handled = actionCall(c, f) {
                    lastExpressionValue = handled
                    return .normal(handled)
                }
                let v = eval(e, f)
                if case .opaque = v, emitted.count > 0 || appearing {
                    warn(point(c), "not interpreted: \(short(c.trimmedDescription)) (TenFoot skips it)")
                }
                lastExpressionValue = v
                return .normal(v)
            }
            let v = eval(e, f)
            lastExpressionValue = v
            return .normal(v)
        }

        private func ifStatement(_ i: IfExprSyntax, _ f: Frame) -> Flow {
            let frame = f.child()
            switch conditionsHold(i.conditions, frame) {
            case true?: return run(i.body.statements, frame)
            case false?:
                switch i.elseBody {
                case .codeBlock(let b)?: return run(b.statements, f.child())
                case .ifExpr(let next)?: return ifStatement(next, f)
                case nil: return .normal(nil)
                @unknown default: return .normal(nil)
                }
            case nil:
                warn(
                    point(i), "this condition depends on data only the running app has; TenFoot takes the first branch")
                let flow = run(i.body.statements, frame)
                // A state worked out from such data (`if isLoading { return .loading }`) could be any of its cases:
                // the view that switches on it chooses among them.
                if case .returned(.enumCase) = flow {
                    return .returned(.opaque(short(i.conditions.trimmedDescription)))
                }
                return flow
            }
        }

        func short(_ s: String) -> String {
            let one = s.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(
                separator: " ")
            return one.count > 60 ? String(one.prefix(60)) + "…" : one
        }

        /// Calls that are actions rather than values; nil when the call is not one of them.
        private func actionCall(_ c: FunctionCallExprSyntax, _ f: Frame) -> Value? {
            let at = point(c)
            let trailing = c.trailingClosure
            if let m = c.calledExpression.as(MemberAccessExprSyntax.self), let baseExpr = m.base {
                let name = m.declName.baseName.text
                let baseText = baseExpr.trimmedDescription
                // DispatchQueue.main.async { } / asyncAfter(deadline:) { }
                if baseText.hasSuffix("DispatchQueue.main") || baseText == "DispatchQueue.global()"
                    || baseText == "RunLoop.main"
                {
                    let block =
                        trailing
                        ?? c.arguments.first(where: { $0.label?.text == "execute" })?.expression.as(
                            ClosureExprSyntax.self)
                    if name == "asyncAfter" {
                        let delay = c.arguments.first.map { $0.expression.trimmedDescription } ?? ""
                        approximate(.delayedAction, at: at, delay.isEmpty ? nil : "deadline \(delay)")
                    }
                    if let block { run(block.statements, f.child()) }
                    return .null
                }
                // `await MainActor.run { … }`: its block, now.
                if baseText == "MainActor", name == "run",
                    let block = trailing ?? c.arguments.last?.expression.as(ClosureExprSyntax.self)
                {
                    run(block.statements, f.child())
                    return .null
                }
                // `buttons.append(…)` on a local array (a list built in steps in a computed property).
                if let local = baseExpr.as(DeclReferenceExprSyntax.self)?.baseName.text,
                    case .array(let items)? = f.local(local), let changed = changed(items, by: name, c, f)
                {
                    _ = f.assignLocal(local, .array(changed))
                    return .null
                }
                if let place = place(baseExpr, f) {
                    if let v = mutate(place, name, c, f, at: at) { return v }
                    // A mutating method of a record kept in the state: `list.addItem()`.
                    if let t = recordType(read(place)), let fn = t.function(name) {
                        let ctx = Frame(parent: nil, instance: nil)
                        ctx.selfPlace = place
                        return callFunction(
                            fn, c.arguments.map { Call.Argument(label: $0.label?.text, expr: $0.expression) }, f,
                            context: ctx, trailing: trailing)
                    }
                }
                if name == "toggle" || name == "append" || name == "remove" || name == "removeAll" {
                    warn(at, "not interpreted: \(short(c.trimmedDescription)) changes something that is not @State")
                    return .null
                }
                return nil
            }
            guard let r = c.calledExpression.as(DeclReferenceExprSyntax.self) else { return nil }
            let name = r.baseName.text
            switch name {
            case "withAnimation", "withTransaction", "Task":
                if let block = trailing ?? c.arguments.last?.expression.as(ClosureExprSyntax.self) {
                    run(block.statements, f.child())
                }
                return .null
            case "print", "debugPrint", "assert", "precondition", "NSLog":
                return .null
            default: break
            }
            let callee = f.local(name) ?? f.instance?.fields[name].map { fieldValue($0, f) }
            if case .environment(let key)? = callee {
                switch key {
                case "dismiss", "presentationMode":
                    emit(.dismiss)
                    return .null
                case "resetFocus":
                    if let ns = c.arguments.first(where: { $0.label?.text == "in" }).map({ eval($0.expression, f) }),
                        case .namespace(let scope) = ns
                    {
                        emit(.resetFocus(scope))
                    } else {
                        emit(.resetFocus(""))
                    }
                    return .null
                default:
                    warn(at, "not interpreted: the environment action \(key)")
                    return .null
                }
            }
            if case .closure(let cv)? = callee {
                let frame = cv.frame.child()
                for (n, a) in zip(cv.syntax.parameterNames, c.arguments) { frame.locals[n] = eval(a.expression, f) }
                run(cv.syntax.statements, frame)
                return .null
            }
            return nil
        }

        /// `x = v`: a place in the state, a local variable, or (reported) something TenFoot does not keep.
        func assign(_ target: ExprSyntax, _ v: Value, _ f: Frame) {
            if let place = place(target, f) {
                var v = v
                // A state a load fills with what only the running app has (`books = try await
                // client.books(genre: id)`, read down to the client's `JSONDecoder().decode(…)`) holds data named
                // after the state, as its author thinks of it: its sample rows and the sidecar's key say `books`.
                if appearing, place.path.isEmpty, case .opaque(let t) = v, t.contains("("),
                    slot(place.slot)?.isFocusState == false
                {
                    v = runtimeData(
                        place.slot.split(separator: ".").last.map(String.init) ?? place.slot, at: point(target))
                }
                write(place, v, at: point(target))
                return
            }
            if let r = target.as(DeclReferenceExprSyntax.self), f.assignLocal(r.baseName.text, v) { return }
            // `l.shows = […]` on a local record (an object built in steps): the local's copy changes.
            if let m = target.as(MemberAccessExprSyntax.self) {
                var path: [PathStep] = [.member(m.declName.baseName.text)]
                var base = m.base
                while let b = base?.as(MemberAccessExprSyntax.self) {
                    path.insert(.member(b.declName.baseName.text), at: 0)
                    base = b.base
                }
                if let root = base?.as(DeclReferenceExprSyntax.self)?.baseName.text, let current = f.local(root),
                    case .record = current, f.assignLocal(root, updated(current, path[...], v))
                {
                    return
                }
            }
            if target.is(DiscardAssignmentExprSyntax.self) { return }
            if emitted.count > 0 || appearing {
                warn(
                    point(target), "not interpreted: assigning \(short(target.trimmedDescription)), which is not @State"
                )
            }
        }

        /// A local array after `append`, `append(contentsOf:)`, `insert(_:at:)`, `remove(at:)`, `removeFirst()`,
        /// `removeLast()` or `removeAll()`; nil for any other call (or one whose arguments only the app knows).
        private func changed(_ items: [Value], by name: String, _ c: FunctionCallExprSyntax, _ f: Frame) -> [Value]? {
            let args = Array(c.arguments)
            var items = items
            switch name {
            case "append" where args.count == 1:
                if args[0].label?.text == "contentsOf" {
                    guard let more = eval(args[0].expression, f).elements else { return nil }
                    items += more.prefix(max(0, Value.maxElements - items.count))
                } else if items.count < Value.maxElements {
                    items.append(eval(args[0].expression, f))
                }
            case "insert" where args.count == 2 && args[1].label?.text == "at" && args[0].label == nil:
                guard let i = eval(args[1].expression, f).asInt, items.count < Value.maxElements else { return nil }
                items.insert(eval(args[0].expression, f), at: min(max(0, i), items.count))
            case "remove" where args.count == 1 && args[0].label?.text == "at":
                guard let i = eval(args[0].expression, f).asInt else { return nil }
                if items.indices.contains(i) { items.remove(at: i) }
            case "removeFirst" where args.isEmpty: if !items.isEmpty { items.removeFirst() }
            case "removeLast" where args.isEmpty: _ = items.popLast()
            case "removeAll" where args.isEmpty && c.trailingClosure == nil: items = []
            default: return nil
            }
            return items
        }

        /// `x.toggle()`, `items.append(v)`, `items.remove(at:)`… on a place in the state.
        private func mutate(
            _ place: BindingRef, _ name: String, _ c: FunctionCallExprSyntax, _ f: Frame, at: SourcePoint
        ) -> Value? {
            let current = read(place)
            let args = c.arguments.map { eval($0.expression, f) }
            switch (name, current) {
            case ("toggle", .bool(let b)):
                if !(place.path.isEmpty && sheetHooks[place.slot] != nil) && !appearing {
                    approximate(.toggleAction, at: at, "\(place.slot).toggle()")
                }
                write(place, .bool(!b), at: at)
                return .null
            case ("append", .array(var items)):
                guard let v = args.first, items.count < Value.maxElements else { return .null }
                let index = items.count
                items.append(v)
                write(place, .array(items), at: at)
                grow(place, element: v, index: index, at: at)
                return .null
            case ("append", .opaque):
                warn(at, "not interpreted: \(short(c.trimmedDescription)) appends to data only the running app has")
                return .null
            case ("insert", .array(var items)):
                guard let v = args.first else { return .null }
                let index = items.count
                items.append(v)
                write(place, .array(items), at: at)
                warn(at, "approximated: insert adds the new row at the end (the scene format appends)")
                grow(place, element: v, index: index, at: at)
                return .null
            case ("remove", .array(var items)), ("removeLast", .array(var items)), ("removeFirst", .array(var items)),
                ("removeAll", .array(var items)):
                approximate(.removeAction, at: at, short(c.trimmedDescription))
                if name == "removeAll" {
                    items = []
                } else if name == "removeLast" {
                    _ = items.popLast()
                } else if name == "removeFirst" {
                    if !items.isEmpty { items.removeFirst() }
                } else if let i = args.first?.asInt, items.indices.contains(i) {
                    items.remove(at: i)
                }
                write(place, .array(items), at: at)
                return .null
            default:
                return nil
            }
        }

        /// A new element in data a ForEach shows: a new row appended to the ForEach's container.
        private func grow(_ place: BindingRef, element: Value, index: Int, at: SourcePoint) {
            for site in sites where site.place.slot == place.slot && site.place.path == place.path {
                guard let container = site.container else { continue }
                guard appendDepth < Interpreter.maxAppendDepth else {
                    approximate(.appendUnrolled, at: site.at)
                    continue
                }
                appendDepth += 1
                let rows = buildRow(site, element: site.overIndices ? .int(index) : element, index: index)
                appendDepth -= 1
                guard var row = rows.first else { continue }
                if rows.count > 1 {
                    var wrapper = DraftNode(handle: handle(), type: .vstack, source: row.source, origin: "ForEach")
                    wrapper.children = rows
                    row = wrapper
                }
                referenced.insert(container)
                emit(.append(row, to: container))
            }
        }

        // MARK: Running the actions

        /// Runs every action closure of the screen (those of appended rows join the queue as they are built).
        func resolveActions() -> [Int: [(ActionThunk.Key, [DraftAction])]] {
            var results: [Int: [(ActionThunk.Key, [DraftAction])]] = [:]
            var k = 0
            while k < thunks.count {
                let t = thunks[k]
                k += 1
                results[t.handle, default: []].append((t.key, runThunk(t)))
            }
            return results
        }

        func runThunk(_ t: ActionThunk) -> [DraftAction] {
            let savedState = state
            let savedDepth = appendDepth
            // onAppear blocks run one after another on the opening state, each seeing what the previous left.
            if !appearing { state = t.state }
            for (k, v) in t.overrides { state[k] = v }
            appendDepth = t.appendDepth
            emitted.append([])
            runBody(t.body, locals: t.locals)
            let out = emitted.removeLast()
            if !appearing { state = savedState }
            appendDepth = savedDepth
            return out
        }

        func runBody(_ body: ActionThunk.Body, locals: [String: Value]) {
            switch body {
            case .closure(let c):
                let frame = c.frame.child()
                for (n, v) in locals { frame.locals[n] = v }
                if let first = c.syntax.parameterNames.first, let arg = locals["$arg0"] { frame.locals[first] = arg }
                run(c.syntax.statements, frame)
            case .method(let m):
                _ = callFunction(m.function, [], m.frame, context: m.frame, trailing: nil)
            case .statements(let items, let frame):
                run(items, frame)
            }
        }

        /// Registers an action for a node: an action closure, a method (`Button(action: save)`), or a closure value.
        func addAction(
            _ key: ActionThunk.Key, to node: DraftNode, _ value: Value, at: SourcePoint,
            overrides: [String: Value] = [:], locals: [String: Value] = [:]
        ) {
            let body: ActionThunk.Body
            switch value {
            case .closure(let c): body = .closure(c)
            case .method(let m): body = .method(m)
            default: return
            }
            var t = ActionThunk(
                handle: node.handle, key: key, body: body, state: state, appendDepth: appendDepth, at: at)
            t.overrides = overrides
            t.locals = locals
            thunks.append(t)
        }

        /// Puts the actions that ran into the nodes they belong to (appended rows included).
        func attach(_ n: inout DraftNode, _ results: [Int: [(ActionThunk.Key, [DraftAction])]]) {
            for (key, list) in results[n.handle] ?? [] {
                switch key {
                case .trigger(let t):
                    if let k = n.actions.firstIndex(where: { $0.0 == t }) {
                        n.actions[k].1 += list
                    } else {
                        n.actions.append((t, list))
                    }
                case .move(let d):
                    // A direction whose handler does nothing is not taken from the focus engine.
                    guard !list.isEmpty else { continue }
                    if let k = n.onMove.firstIndex(where: { $0.0 == d }) {
                        n.onMove[k].1 += list
                    } else {
                        n.onMove.append((d, list))
                    }
                }
            }
            func fix(_ list: inout [DraftAction]) {
                for k in list.indices {
                    if case .append(var node, let to) = list[k] {
                        attach(&node, results)
                        list[k] = .append(node, to: to)
                    }
                }
            }
            for k in n.actions.indices { fix(&n.actions[k].1) }
            for k in n.onMove.indices { fix(&n.onMove[k].1) }
            for k in n.children.indices { attach(&n.children[k], results) }
            for k in n.tabs.indices { attach(&n.tabs[k].content, results) }
        }
    }
#endif
