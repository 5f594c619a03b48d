#if canImport(SwiftParser)
    import TenFootCore
    import TenFootScene
    import TenFootSwiftUI
    internal import SwiftSyntax

    /// What apps build on top of SwiftUI's modifiers: their own modifiers (functions of `extension View`), their
    /// `ViewModifier`s (`.modifier(CardStyle())`), and builder methods of their own views
    /// (`SplitView().sidebar { … }` returning a changed copy of the view).
    extension Interpreter {
        /// `.card()` declared in `extension View`, or `.modifier(CardStyle())`: the function's views, with `self`
        /// (or the modifier's `content`) standing for the views it is applied to. Nil when neither is declared.
        func appModifier(_ c: Call, _ nodes: [DraftNode]) -> [DraftNode]? {
            guard depth < Interpreter.maxDepth else { return nil }
            if c.name == "modifier", let e = c.unlabelled(), let made = e.as(FunctionCallExprSyntax.self) {
                let name = calleeName(made.calledExpression)
                guard let type = index.type(name), let body = type.function("body"), let items = body.body else {
                    return nil
                }
                guard let leave = enterAppModifier(name, at: c) else { return nodes }
                defer { leave() }
                let inst = instantiate(type, makeCall(name, made, c.frame), isRoot: false)
                let frame = Frame(parent: nil, instance: inst)
                frame.locals[body.parameters.first?.name ?? "content"] = .built(nodes)
                depth += 1
                defer { depth -= 1 }
                return views(items, frame)
            }
            guard let fn = index.modifier(c.name), let items = fn.body else { return nil }
            guard let leave = enterAppModifier(c.name, at: c) else { return nodes }
            defer { leave() }
            let frame = Frame(parent: nil, instance: nil)
            frame.locals["self"] = .built(nodes)
            frame.selfValue = .built(nodes)
            bind(fn.parameters, c.args, c.frame, into: frame, trailing: c.trailing)
            for (label, closure) in c.extraTrailing {
                if let p = fn.parameters.first(where: { $0.label == label }) {
                    frame.locals[p.name] = .closure(ClosureValue(syntax: closure, frame: c.frame))
                }
            }
            depth += 1
            defer { depth -= 1 }
            return views(items, frame)
        }

        /// Enters an app modifier's body; nil (with a warning) when the modifier is already applied twice around this
        /// place: a modifier that applies itself, once or twice over (`content.modifier(Z()).modifier(Z())`), made
        /// 2^24 applications, each carrying the views it wraps (12 s and 550 MB within the step budget). SwiftUI would
        /// recurse without end; the reader applies it twice and says so.
        func enterAppModifier(_ name: String, at c: Call) -> (() -> Void)? {
            let open = appModifiersOpen[name, default: 0]
            guard open < Interpreter.maxAppModifierRecursion else {
                warn(
                    c.at, once: "modifier-recursion",
                    "\(name) applies itself (SwiftUI would never finish): applied \(Interpreter.maxAppModifierRecursion) times here, no more"
                )
                return nil
            }
            appModifiersOpen[name] = open + 1
            return { [self] in appModifiersOpen[name] = open }
        }

        /// The innermost modifiers of a chain that are methods of the custom view they are applied to: builder
        /// methods, which return a changed copy of the view (`copy(modifying: \.content, with: content)`,
        /// `var copy = self; copy.x = x; return copy`) rather than a new view around it.
        func builderMethods(of type: TypeDecl, in chain: [Call]) -> [Call] {
            var out: [Call] = []
            for c in chain.reversed() {
                guard type.function(c.name) != nil else { break }
                out.append(c)
            }
            return out
        }

        /// Runs a builder method on `inst`: its assignments to the copy become the instance's properties.
        func applyBuilder(_ c: Call, to inst: Instance) {
            guard let fn = inst.type.function(c.name), let body = fn.body else { return }
            let frame = Frame(parent: nil, instance: inst)
            bind(fn.parameters, c.args, c.frame, into: frame, trailing: c.trailing)
            for (label, closure) in c.extraTrailing {
                if let p = fn.parameters.first(where: { $0.label == label }) {
                    frame.locals[p.name] = .closure(ClosureValue(syntax: closure, frame: c.frame))
                }
            }
            runBuilder(body, frame, inst, copies: ["self"], steps: 0)
        }

        private func runBuilder(
            _ items: CodeBlockItemListSyntax, _ frame: Frame, _ inst: Instance, copies: Set<String>, steps: Int
        ) {
            guard steps < 8 else { return }
            var copies = copies
            for (k, item) in items.enumerated() {
                let expression: ExprSyntax?
                switch item.item {
                case .decl(let d):
                    guard let v = d.as(VariableDeclSyntax.self) else { continue }
                    for b in v.bindings {
                        guard let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                            let value = b.initializer?.value
                        else { continue }
                        if let r = value.as(DeclReferenceExprSyntax.self), copies.contains(r.baseName.text) {
                            copies.insert(name)
                        } else {
                            frame.locals[name] = eval(value, frame)
                        }
                    }
                    continue
                case .stmt(let s):
                    if let r = s.as(ReturnStmtSyntax.self) {
                        if let e = r.expression { result(e, frame, inst, copies, steps) }
                        return
                    }
                    expression = s.as(ExpressionStmtSyntax.self)?.expression
                case .expr(let e): expression = e
                @unknown default: expression = nil
                }
                guard let e = expression else { continue }
                if let seq = e.as(SequenceExprSyntax.self), assign(seq, frame, inst, copies) { continue }
                // The last expression of a body is its value (an implicit return).
                if k == items.count - 1 { result(e, frame, inst, copies, steps) }
            }
        }

        /// `copy.x = v`, `self.x = v`, `copy[keyPath: \.x] = v`.
        private func assign(_ seq: SequenceExprSyntax, _ frame: Frame, _ inst: Instance, _ copies: Set<String>)
            -> Bool
        {
            let els = Array(seq.elements)
            guard els.count == 3, els[1].is(AssignmentExprSyntax.self) else { return false }
            var property: String?
            if let m = els[0].as(MemberAccessExprSyntax.self), let base = m.base?.as(DeclReferenceExprSyntax.self),
                copies.contains(base.baseName.text)
            {
                property = m.declName.baseName.text
            } else if let s = els[0].as(SubscriptCallExprSyntax.self),
                let base = s.calledExpression.as(DeclReferenceExprSyntax.self), copies.contains(base.baseName.text),
                let arg = s.arguments.first, arg.label?.text == "keyPath",
                case .keyPath(let path) = eval(arg.expression, frame), path.count == 1
            {
                property = path[0]
            }
            guard let property else { return false }
            setProperty(inst, property, eval(els[2], frame))
            return true
        }

        /// What a builder method returns: the copy itself, a rebuilt `Self(…)`, another builder method's result, or
        /// a helper that sets one key path (`copy(modifying: \.x, with: v)`, declared in the sources or not).
        private func result(
            _ e: ExprSyntax, _ frame: Frame, _ inst: Instance, _ copies: Set<String>, _ steps: Int
        ) {
            guard let c = e.as(FunctionCallExprSyntax.self) else { return }
            let name = calleeName(c.calledExpression)
            if ["Self", "init", inst.type.name].contains(name) {
                for a in c.arguments {
                    if let label = a.label?.text { setProperty(inst, label, eval(a.expression, frame)) }
                }
                return
            }
            let call = makeCall(name, c, frame)
            if let fn = inst.type.function(name) ?? index.modifier(name), let body = fn.body {
                let inner = Frame(parent: nil, instance: inst)
                bind(fn.parameters, call.args, frame, into: inner, trailing: call.trailing)
                runBuilder(body, inner, inst, copies: ["self"], steps: steps + 1)
                return
            }
            let values = call.args.map { eval($0.expr, frame) }
            let paths = values.compactMap { v -> String? in
                if case .keyPath(let p) = v, p.count == 1 { return p[0] }
                return nil
            }
            let others = values.filter {
                if case .keyPath = $0 { return false }
                return true
            }
            if paths.count == 1, others.count == 1 { setProperty(inst, paths[0], others[0]) }
        }

        func setProperty(_ inst: Instance, _ name: String, _ v: Value) {
            switch inst.fields[name] {
            case .state(let slot)?: state[slot] = v
            case .computed?: break
            default:
                if case .binding(let b) = v { inst.fields[name] = .binding(b) } else { inst.fields[name] = .value(v) }
            }
        }
    }
#endif
