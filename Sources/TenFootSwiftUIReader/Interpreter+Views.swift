#if canImport(SwiftParser)
    import Foundation
    import TenFootCore
    import TenFootScene
    import TenFootSwiftUI
    internal import SwiftSyntax

    /// View builders: statements to views (`if`, `switch`, `let`, `#if`), a view expression to its base view and
    /// its modifier chain (a postfix `#if` included), custom views, and placeholders for what is not understood.
    extension Interpreter {
        /// The views of a view-builder block.
        func views(_ items: CodeBlockItemListSyntax, _ f: Frame) -> [DraftNode] {
            var out: [DraftNode] = []
            let layers = buildingLayers
            buildingLayers = false
            var focusableBelow = false
            var looked = 0
            for item in items {
                // Only what the last item added is looked at: a ZStack of many layers is read in one pass.
                if layers, !focusableBelow {
                    focusableBelow = out[looked...].contains { $0.focusableCount > 0 }
                    looked = out.count
                }
                overFocusableLayers = focusableBelow
                defer { overFocusableLayers = false }
                switch item.item {
                case .expr(let e): out += view(e, f)
                case .stmt(let s):
                    if let es = s.as(ExpressionStmtSyntax.self) {
                        out += view(es.expression, f)
                    } else if let r = s.as(ReturnStmtSyntax.self), let e = r.expression {
                        out += view(e, f)
                    }
                case .decl(let d):
                    if let v = d.as(VariableDeclSyntax.self) {
                        for b in v.bindings {
                            guard let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                                let i = b.initializer?.value
                            else { continue }
                            f.locals[name] = looksLikeView(i, f) ? .view(i, f) : eval(i, f)
                        }
                    } else if let ic = d.as(IfConfigDeclSyntax.self), let clause = IfConfig.activeClause(ic),
                        case .statements(let inner)? = clause.elements
                    {
                        out += views(inner, f)
                    }
                @unknown default: break
                }
            }
            return out
        }

        /// Whether an expression builds a view (so `let header = Text("x")` is kept to be built where it is used).
        func looksLikeView(_ e: ExprSyntax, _ f: Frame) -> Bool {
            var base = e
            while let c = base.as(FunctionCallExprSyntax.self),
                let m = c.calledExpression.as(MemberAccessExprSyntax.self), let b = m.base,
                m.declName.baseName.text.first?.isLowercase == true
            { base = b }
            guard let c = base.as(FunctionCallExprSyntax.self) else { return false }
            let name = calleeName(c.calledExpression)
            return ViewTable.entries[name] != nil || index.type(name)?.isView == true
        }

        func calleeName(_ e: ExprSyntax) -> String {
            if let r = e.as(DeclReferenceExprSyntax.self) { return r.baseName.text }
            if let m = e.as(MemberAccessExprSyntax.self) { return m.declName.baseName.text }
            if let g = e.as(GenericSpecializationExprSyntax.self) { return calleeName(g.expression) }
            return e.trimmedDescription
        }

        /// One view expression (with its modifiers) → its nodes (several for `Group`, `ForEach`, a custom view
        /// whose body lists several views).
        func view(_ e: ExprSyntax, _ f: Frame) -> [DraftNode] {
            guard enter(e) else { return [] }
            defer { nesting -= 1 }
            if let i = e.as(IfExprSyntax.self) { return viewIf(i, f) }
            if let s = e.as(SwitchExprSyntax.self) {
                let (branches, reads) = recordingReads { switchBranches(s, f) }
                reportStateDriven(point(s), reads, what: "switch")
                guard branches.count > 1 else { return branches.first.map { views($0.statements, $0.frame) } ?? [] }
                let chosen = mostFocusable(
                    branches.map { b in { self.views(b.statements, b.frame) } }, failures: branches.map(\.failure))
                warn(
                    point(s),
                    "this switch depends on data only the running app has; TenFoot shows the case at line \(point(branches[chosen.index].statements).location.line) (of those it could be, the one with the most to focus)"
                )
                return chosen.nodes
            }
            // Peel the modifier chain, outermost first: `A().m1().m2()` is m2(m1(A())).
            var chain: [Call] = []
            var base = e
            while true {
                if let c = base.as(FunctionCallExprSyntax.self),
                    let m = c.calledExpression.as(MemberAccessExprSyntax.self), let b = m.base,
                    m.declName.baseName.text.first?.isLowercase == true
                {
                    chain.append(makeCall(m.declName.baseName.text, c, f, base: b))
                    base = b
                    continue
                }
                if let p = base.as(PostfixIfConfigExprSyntax.self), let b = p.base {
                    if let clause = IfConfig.activeClause(p.config), case .postfixExpression(let pe)? = clause.elements
                    {
                        chain += postfixChain(pe, f)
                    }
                    base = b
                    continue
                }
                break
            }
            // `SplitView().sidebar { … }.padding()`: builder methods of the app's own view change the view itself.
            var builders: [Call] = []
            if let c = base.as(FunctionCallExprSyntax.self), ViewTable.entries[calleeName(c.calledExpression)] == nil,
                let type = index.type(calleeName(c.calledExpression)), type.isView
            {
                builders = builderMethods(of: type, in: chain)
                if !builders.isEmpty { chain.removeLast(builders.count) }
            }
            // `.environmentObject(library)`, `.environment(library)`: what the views inside read by type.
            let saved = environmentObjects
            defer { environmentObjects = saved }
            for m in chain where m.name == "environmentObject" || (m.name == "environment" && m.args.count == 1) {
                guard let arg = m.args.first, !arg.expr.is(KeyPathExprSyntax.self) else { continue }
                let v = eval(arg.expr, m.frame)
                if case .record(let r) = v, r.type != "data" { environmentObjects[r.type] = v }
            }
            var nodes = builders.isEmpty ? baseView(base, f) : builtView(base, builders, f)
            for m in chain.reversed() { applyModifier(m, &nodes) }
            return nodes
        }

        /// The modifiers of an active `#if` clause in a chain: `.focusSection().padding()` with no base.
        private func postfixChain(_ e: ExprSyntax, _ f: Frame) -> [Call] {
            var out: [Call] = []
            var current: ExprSyntax? = e
            while let x = current {
                if let c = x.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self)
                {
                    out.append(makeCall(m.declName.baseName.text, c, f, base: m.base))
                    current = m.base
                } else if let p = x.as(PostfixIfConfigExprSyntax.self) {
                    if let clause = IfConfig.activeClause(p.config), case .postfixExpression(let pe)? = clause.elements
                    {
                        out += postfixChain(pe, f)
                    }
                    current = p.base
                } else {
                    break
                }
            }
            return out
        }

        func makeCall(_ name: String, _ c: FunctionCallExprSyntax, _ f: Frame, base: ExprSyntax? = nil) -> Call {
            let at: SourcePoint
            if let m = c.calledExpression.as(MemberAccessExprSyntax.self), m.base != nil {
                at = point(m.declName)
            } else {
                at = point(c)
            }
            // `VStack(spacing: 10, content: { … })`, the form Xcode completes: for SwiftUI's own containers the
            // content closure is the trailing one (and no longer an argument); an app's view binds it by label.
            let content =
                c.trailingClosure == nil && ViewTable.entries[name] != nil
                ? c.arguments.last(where: { $0.label?.text == "content" })?.expression.as(ClosureExprSyntax.self) : nil
            // Through an array: a syntax collection's own `filter` builds a new tree up to the root, each time copying
            // every list on the way (15,000 buttons in one VStack took minutes).
            let args = Array(c.arguments).filter { content == nil || $0.label?.text != "content" }
            return Call(
                name: name, args: args.map { Call.Argument(label: $0.label?.text, expr: $0.expression) },
                trailing: c.trailingClosure ?? content,
                extraTrailing: c.additionalTrailingClosures.map { ($0.label.text, $0.closure) },
                frame: f, at: at, base: base)
        }

        private func viewIf(_ i: IfExprSyntax, _ f: Frame) -> [DraftNode] {
            let overlay = overFocusableLayers
            overFocusableLayers = false
            // The clauses in order: those whose condition only the running app knows are candidates, up to the
            // first that holds (or the else).
            var candidates: [() -> [DraftNode]] = []
            var failures: [Bool] = []
            var places: [SourcePoint] = []
            var clause: IfExprSyntax? = i
            var unknown: SourcePoint?
            var showsNothing = false
            while let c = clause {
                clause = nil
                let frame = f.child()
                let (holds, reads) = recordingReads { conditionsHold(c.conditions, frame) }
                reportStateDriven(point(c), reads, what: "if")
                if holds != false {
                    candidates.append { self.views(c.body.statements, frame) }
                    failures.append(namesFailure(c.conditions))
                    places.append(point(c))
                    guard holds == nil else { break }
                    if unknown == nil { unknown = point(c) }
                }
                switch c.elseBody {
                case .codeBlock(let b)?:
                    candidates.append { self.views(b.statements, f.child()) }
                    failures.append(false)
                    places.append(point(b))
                case .ifExpr(let next)?: clause = next
                default:
                    // No else: when the condition may not hold, showing nothing is one of the branches.
                    guard holds == nil else { break }
                    showsNothing = true
                    candidates.append { [] }
                    failures.append(false)
                    places.append(point(c))
                }
            }
            guard let unknown else { return candidates.last?() ?? [] }
            // A layer over a ZStack's focusable content that shows only when the running app says so (a settings
            // panel, a screensaver, an error banner, a mini player): the screen opens with nothing over it.
            if overlay, showsNothing {
                warn(
                    unknown,
                    "this condition depends on data only the running app has; TenFoot leaves out this layer over the content (the screen as it opens, before the app shows it)"
                )
                return []
            }
            // `if let error = model.errorMessage { … }` with no else: the screen opens without an error. (Only a
            // binding: `if !model.hasError { content }` shows the content.)
            let bindsFailure =
                namesFailure(i.conditions)
                && i.conditions.allSatisfy { if case .optionalBinding = $0.condition { true } else { false } }
            if showsNothing, candidates.count == 2, bindsFailure {
                warn(
                    unknown,
                    "this condition depends on data only the running app has; TenFoot leaves out what it shows on a failure (the screen as it opens, without one)"
                )
                return []
            }
            let chosen = mostFocusable(candidates, failures: failures)
            warn(
                unknown,
                "this condition depends on data only the running app has; TenFoot shows the branch at line \(places[chosen.index].location.line) (of those it could be, the one with the most to focus)"
            )
            return chosen.nodes
        }

        /// A view that appears or disappears with @State is shown as it is at the start: say so once.
        private func reportStateDriven(_ at: SourcePoint, _ read: [String], what: String) {
            let names = read.filter { slot($0) != nil }
            guard let first = names.first else { return }
            approximate(.stateDrivenView, at: at, "\(what) on \(first)", counts: false)
        }

        // MARK: Base views

        func baseView(_ e: ExprSyntax, _ f: Frame) -> [DraftNode] {
            if let c = e.as(FunctionCallExprSyntax.self) {
                let name = calleeName(c.calledExpression)
                let call = makeCall(name, c, f)
                // A closure or a method named like a view builder (`content()`, `row(item)`).
                if c.calledExpression.is(DeclReferenceExprSyntax.self) {
                    // `layout { … }` with `let layout = AnyLayout(HStackLayout())`: that stack of the content.
                    if case .record(let r)? = f.local(name) ?? f.instance?.fields[name].map({ fieldValue($0, f) }),
                        r.type == "Layout", case .string(let kind)? = r.field("kind")
                    {
                        return ViewTable.entries[kind]?(self, call) ?? []
                    }
                    if let local = f.local(name) { return buildValue(local, args: call.args, f, at: call.at) }
                    if let inst = f.instance, let field = inst.fields[name], case .value(let v) = field {
                        return buildValue(v, args: call.args, f, at: call.at)
                    }
                    if let inst = f.instance, let fn = inst.type.function(name) {
                        return buildFunction(fn, call, context: Frame(parent: nil, instance: inst))
                    }
                    if let sv = f.selfValue, let t = recordType(sv), let fn = t.function(name) {
                        let ctx = Frame(parent: nil, instance: nil)
                        ctx.selfValue = sv
                        return buildFunction(fn, call, context: ctx)
                    }
                }
                if c.calledExpression.as(MemberAccessExprSyntax.self)?.base?.as(DeclReferenceExprSyntax.self)?.baseName
                    .text == "self",
                    let inst = f.instance, let fn = inst.type.function(name)
                {
                    return buildFunction(fn, call, context: Frame(parent: nil, instance: inst))
                }
                if let entry = ViewTable.entries[name] {
                    let saved = approximatedHere
                    approximatedHere = false
                    let nodes = entry(self, call)
                    count(view: call.at, approximatedHere ? .approximated : .interpreted)
                    approximatedHere = saved
                    return nodes
                }
                if let type = index.type(name), type.isView { return customView(type, call) }
                if let fn = index.globalFunctions[name] {
                    return buildFunction(fn, call, context: Frame(parent: nil, instance: nil))
                }
                // A container TenFoot does not know (`GlassEffectContainer { … }`) shows its content, never one box
                // in its place; a control's trailing closure is its action, and it stays a placeholder.
                let closures =
                    call.args.compactMap { $0.expr.as(ClosureExprSyntax.self) } + [call.trailing].compactMap { $0 }
                    + call.extraTrailing.map(\.1)
                if index.type(name) == nil, name.first?.isUppercase == true, !Self.looksLikeControl(name),
                    !closures.isEmpty
                {
                    // A package's image view with content (`LazyImage(url:) { state in … }`, as `AsyncImage` with
                    // phases): the picture loads at run time, so an image of the size it is given, as the leaf's.
                    if name.hasSuffix("Image") {
                        return placeholder(call, reason: "an image view from a package, loading at run time:")
                    }
                    warn(call.at, "unknown container \(name): its content is shown in a stack")
                    var n = DraftNode(handle: handle(), type: .vstack, source: call.at, origin: name)
                    // A closure with a `return` among other statements, or an assignment, computes something (a
                    // layout, a handler): no view builder holds those.
                    for content in closures where Self.looksLikeViewBuilder(content) {
                        let frame = f.child()
                        for p in content.parameterNames { frame.locals[p] = .opaque(p) }
                        n.children += views(content.statements, frame)
                    }
                    adopt(&n)
                    count(view: call.at, .approximated)
                    return [n]
                }
                // In an app's own modifier, a bare `modifier(Fade())` or `padding()` applies to `self`, the content.
                if name.first?.isLowercase == true, case .built(let content)? = f.local("self") {
                    var nodes = content
                    applyModifier(call, &nodes)
                    return nodes
                }
                return placeholder(call, reason: index.type(name) == nil ? "unknown view" : "\(name) is not a View:")
            }
            if let r = e.as(DeclReferenceExprSyntax.self) { return namedView(r.baseName.text, f, at: point(r)) }
            if let m = e.as(MemberAccessExprSyntax.self) {
                if m.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
                    return namedView(m.declName.baseName.text, f, at: point(m))
                }
                if let viewed = memberView(m, f) { return viewed }
                // Color.red, .red (a colour as a view)
                let call = Call(
                    name: "Color", args: [], trailing: nil, extraTrailing: [], frame: f, at: point(m), base: m.base)
                if m.base == nil || m.base?.trimmedDescription == "Color" {
                    return ViewTable.shape(self, call, named: "Color." + m.declName.baseName.text)
                }
                // A colour another way (`UIColor.systemRed`, a static colour of an extension of Color).
                if case let v = eval(ExprSyntax(m), f), case .color = v {
                    return buildValue(v, args: [], f, at: point(m))
                }
                return placeholder(call, reason: "unknown view \(short(m.trimmedDescription))")
            }
            if let t = e.as(TernaryExprSyntax.self) {
                switch eval(t.condition, f) {
                case .bool(false): return view(t.elseExpression, f)
                default: return view(t.thenExpression, f)
                }
            }
            // `Text("Mail ") + Text(address).foregroundColor(.blue)`: one text, the first's style, the words of all.
            if let s = e.as(SequenceExprSyntax.self), let parts = Self.textSum(s) {
                let built = parts.map { view($0, f) }
                if built.allSatisfy({ $0.count == 1 && $0[0].type == .text }), var first = built.first?.first {
                    let words = built.map { $0[0].title ?? "" }.joined()
                    first.title = words.utf8.count <= Value.maxStringBytes ? words : first.title
                    return [first]
                }
            }
            if let s = e.as(SequenceExprSyntax.self),
                case .ternary(let c, let then, let other) = fold(Array(s.elements))
            {
                if evalFolded(c, f, text: s.trimmedDescription).asBool == false, case .leaf(let o) = other {
                    return view(o, f)
                }
                return view(then, f)
            }
            if let t = e.as(TupleExprSyntax.self), t.elements.count == 1, let inner = t.elements.first?.expression {
                return view(inner, f)
            }
            let call = Call(
                name: short(e.trimmedDescription), args: [], trailing: nil, extraTrailing: [], frame: f, at: point(e),
                base: nil)
            return placeholder(call, reason: "unknown view expression")
        }

        /// The texts of a sum of texts (`Text(a) + Text(b).bold() + Text(c)`), nil for anything else.
        static func textSum(_ s: SequenceExprSyntax) -> [ExprSyntax]? {
            let elements = Array(s.elements)
            guard elements.count >= 3, elements.count % 2 == 1 else { return nil }
            var parts: [ExprSyntax] = []
            for (k, element) in elements.enumerated() {
                if k % 2 == 1 {
                    guard element.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" else { return nil }
                } else {
                    guard textCall(element) != nil else { return nil }
                    parts.append(element)
                }
            }
            return parts
        }

        /// `asset.portraitImage`, `BackgroundViews.gradient`: a view property of a value (a computed property of its
        /// type, with the value as `self`) or of a type (a static one); nil when the member is neither.
        private func memberView(_ m: MemberAccessExprSyntax, _ f: Frame) -> [DraftNode]? {
            guard let baseExpr = m.base else { return nil }
            let name = m.declName.baseName.text
            let base = eval(baseExpr, f)
            if case .type(let t) = base {
                guard let decl = index.type(t), let p = decl.properties.first(where: { $0.isStatic && $0.name == name })
                else { return nil }
                if let getter = p.getter { return views(getter, Frame.statics(of: decl)) }
                return p.initializer.map { view($0, Frame.statics(of: decl)) }
            }
            guard let t = recordType(base), let p = t.property(name), let getter = p.getter else { return nil }
            let ctx = Frame(parent: nil, instance: nil)
            ctx.selfValue = base
            return views(getter, ctx)
        }

        /// `header`, `self.content`: a computed view property, a kept view, or a view-builder closure.
        private func namedView(_ name: String, _ f: Frame, at: SourcePoint) -> [DraftNode] {
            if let local = f.local(name) { return buildValue(local, args: [], f, at: at) }
            if let inst = f.instance, let field = inst.fields[name] {
                switch field {
                case .computed(let p):
                    guard let getter = p.getter else { break }
                    return views(getter, Frame(parent: nil, instance: inst))
                case .value(let v): return buildValue(v, args: [], f, at: at)
                default: break
                }
            }
            if let sv = f.selfValue, let t = recordType(sv), let p = t.property(name), let getter = p.getter {
                let ctx = Frame(parent: nil, instance: nil)
                ctx.selfValue = sv
                return views(getter, ctx)
            }
            let call = Call(name: name, args: [], trailing: nil, extraTrailing: [], frame: f, at: at, base: nil)
            return placeholder(call, reason: "unknown view")
        }

        /// A value used as a view: a view-builder closure, a kept view expression, a method, or a string (`Text`).
        func buildValue(_ v: Value, args: [Call.Argument], _ f: Frame, at: SourcePoint) -> [DraftNode] {
            switch v {
            case .closure(let c):
                let frame = c.frame.child()
                for (n, a) in zip(c.syntax.parameterNames, args) { frame.locals[n] = eval(a.expr, f) }
                return views(c.syntax.statements, frame)
            case .view(let e, let frame): return view(e, frame)
            case .built(let nodes): return nodes
            case .color(let color):
                // A colour kept in a property (`Theme.background`) shown as a view.
                var nodes = ViewTable.shape(
                    self, Call(name: "Color", args: [], trailing: nil, extraTrailing: [], frame: f, at: at, base: nil),
                    named: "Color")
                for k in nodes.indices { nodes[k].color = color.sceneHex }
                return nodes
            case .string(let text):
                // A `Text(…)` kept in a property or passed along (`let title: Text`) is read as its string.
                var n = DraftNode(handle: handle(), type: .text, source: at, origin: "Text")
                n.title = text
                n.label = text
                count(view: at, .interpreted)
                return [n]
            case .method(let m):
                let call = Call(
                    name: m.function.name, args: args, trailing: nil, extraTrailing: [], frame: f, at: at, base: nil)
                return buildFunction(m.function, call, context: m.frame)
            case .opaque(let text) where buildingButtonLabel == 0 && isContentSlot(text, f):
                // The content a container view's callers pass (`content()` of a view opened alone): one focusable
                // sample item stands for it, so the container's focus behaviour can be tried.
                var n = DraftNode(handle: handle(), type: .card, source: at, origin: text)
                n.title = v.display
                n.label = v.display
                n.focusable = .on
                count(view: at, .placeholder)
                warn(at, "\(text) is the content this view's callers pass: one focusable sample item stands for it")
                return [n]
            default:
                let call = Call(
                    name: v.display, args: [], trailing: nil, extraTrailing: [], frame: f, at: at, base: nil)
                return placeholder(call, reason: "not a view")
            }
        }

        /// Whether `name` is a stored property of the view being built that holds content its callers pass
        /// (`let content: () -> Content`, `@ViewBuilder var label: Label`, `let header: AnyView`).
        func isContentSlot(_ name: String, _ f: Frame) -> Bool {
            var frame: Frame? = f
            while let fr = frame, fr.instance == nil { frame = fr.parent }
            guard let type = frame?.instance?.type, let p = type.property(name), p.isStored,
                let written = p.type?.trimmedDescription
            else { return false }
            return written.contains("->") || written.contains("View") || written == "Content" || written == "Label"
                || p.attribute("ViewBuilder") != nil
        }

        /// A `@ViewBuilder` function or a function returning `some View`.
        func buildFunction(_ fn: FunctionDecl, _ call: Call, context: Frame) -> [DraftNode] {
            guard depth < Interpreter.maxDepth, let body = fn.body else {
                return placeholder(call, reason: "nested too deeply:", cuts: true)
            }
            let frame = context.child()
            bind(fn.parameters, call.args, call.frame, into: frame, trailing: call.trailing)
            depth += 1
            defer { depth -= 1 }
            return views(body, frame)
        }

        /// An app's view configured by its builder methods before its body is built.
        private func builtView(_ base: ExprSyntax, _ builders: [Call], _ f: Frame) -> [DraftNode] {
            guard let c = base.as(FunctionCallExprSyntax.self), let type = index.type(calleeName(c.calledExpression))
            else { return baseView(base, f) }
            let call = makeCall(calleeName(c.calledExpression), c, f)
            return customView(type, call) { inst in
                for b in builders { self.applyBuilder(b, to: inst) }
            }
        }

        /// A view struct of the sources: its properties from the arguments (then `configure`), then its `body`.
        func customView(_ type: TypeDecl, _ call: Call?, configure: ((Instance) -> Void)? = nil) -> [DraftNode] {
            let isRoot = rootPending
            rootPending = false
            guard depth < Interpreter.maxDepth else {
                if let call { return placeholder(call, reason: "\(type.name) nests itself too deeply:", cuts: true) }
                return []
            }
            let inst = instantiate(type, call, isRoot: isRoot)
            configure?(inst)
            guard let body = type.property("body")?.getter else {
                let c =
                    call
                    ?? Call(
                        name: type.name, args: [], trailing: nil, extraTrailing: [],
                        frame: Frame(parent: nil, instance: nil), at: type.at, base: nil)
                return placeholder(c, reason: "\(type.name) has no body TenFoot can read:")
            }
            depth += 1
            defer { depth -= 1 }
            var nodes = views(body, Frame(parent: nil, instance: inst))
            count(view: call?.at ?? type.at, .interpreted)
            if nodes.count == 1, nodes[0].type.isContainer, nodes[0].label == nil, nodes[0].idHint == nil {
                nodes[0].idHint = type.name.kebab
                nodes[0].origin = type.name
            }
            return nodes
        }

        /// Whether a closure builds views: a view builder (no assignments, no `return` among several statements)
        /// with a view among its statements (`Text(time).font(.title)`, an app's view). A closure that only makes a
        /// `Text` gives its text (`title() + Text("…")`).
        func buildsViews(_ c: ClosureExprSyntax, _ f: Frame) -> Bool {
            guard Self.looksLikeViewBuilder(c) else { return false }
            if c.statements.count == 1, let only = c.statements.first,
                let e = only.item.as(ExprSyntax.self) ?? only.item.as(ExpressionStmtSyntax.self)?.expression,
                Self.textCall(e) != nil
            {
                return false
            }
            return c.statements.contains { item in
                (item.item.as(ExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression).map {
                    looksLikeView($0, f)
                } ?? false
            }
        }

        /// Whether a closure passed to an unknown container can be view content: no `return` among several
        /// statements and no assignment statement, which result builders refuse.
        static func looksLikeViewBuilder(_ c: ClosureExprSyntax) -> Bool {
            let items = c.statements
            for item in items {
                if items.count > 1, item.item.as(ReturnStmtSyntax.self) != nil { return false }
                if let e = item.item.as(ExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression,
                    let seq = e.as(SequenceExprSyntax.self),
                    seq.elements.contains(where: { $0.is(AssignmentExprSyntax.self) })
                {
                    return false
                }
            }
            return true
        }

        /// A labelled box for a view TenFoot cannot interpret; it takes focus only when the name says it is a control.
        /// Whether an unknown view's name says it is a control (`SignInWithAppleButton`, `RatingPicker`).
        static func looksLikeControl(_ name: String) -> Bool {
            let words = ["Button", "Field", "Picker", "Toggle", "Slider", "Stepper", "Link", "Menu", "Control"]
            // An ASCII name is searched by its bytes, the same answer: `String.contains` compared characters, the
            // tenth of reading a fuzzed view that contains itself 12,000 times.
            guard name.utf8.allSatisfy({ $0 < 0x80 }) else { return words.contains { name.contains($0) } }
            let bytes = Array(name.utf8)
            return words.contains { word in
                let w = Array(word.utf8)
                guard bytes.count >= w.count else { return false }
                return (0...(bytes.count - w.count)).contains { bytes[$0..<$0 + w.count].elementsEqual(w) }
            }
        }

        /// Whether an unknown leaf's name says it is a package's list, grid or shelf of items
        /// (`AcknowListSwiftUIView`), whose rows take focus.
        static func looksLikeItems(_ name: String) -> Bool {
            // The name's last word before a trailing `View` (`AcknowListSwiftUIView`, `PosterGrid`), not any word in
            // it (`ShelfHeader`, `GridBackground` are not).
            var n = Substring(name)
            for tail in ["View", "SwiftUI", "UI"] where n.hasSuffix(tail) { n = n.dropLast(tail.count) }
            return ["List", "Grid", "Collection", "Carousel", "Shelf"].contains { n.hasSuffix($0) }
        }

        /// A box for a view TenFoot cannot build, said at its place; `cuts`: the view is left unread for a limit
        /// (``warnCut(_:once:_:)``), not because TenFoot cannot read it.
        func placeholder(_ call: Call, reason: String, cuts: Bool = false) -> [DraftNode] {
            let control = Self.looksLikeControl(call.name)
            let items = !control && Self.looksLikeItems(call.name)
            // A package's image view (`KFImage`, `WebImage`, `LazyImage`): an image of the size it is given.
            let picture = !control && !items && call.name.hasSuffix("Image")
            var n = DraftNode(handle: handle(), type: picture ? .image : .card, source: call.at, origin: call.name)
            if !picture { n.title = call.name }
            n.label = call.name
            n.focusable = control || items ? .on : .off
            count(view: call.at, .placeholder)
            let message =
                "\(reason) \(call.name) is drawn as a placeholder box"
                + (control ? " (focusable: it looks like a control)" : "")
                + (items ? " (focusable: it looks like a list of items)" : "")
            if cuts { warnCut(call.at, message) } else { warn(call.at, message) }
            return [n]
        }

        // MARK: Helpers for the tables

        /// The views of a view-builder closure (trailing, labelled trailing, or an argument).
        func content(_ call: Call, _ label: String? = nil) -> [DraftNode] {
            if let c = call.closure(label) { return views(c.statements, call.frame.child()) }
            if let label, let e = call.arg(label) {
                return buildValue(eval(e, call.frame), args: [], call.frame, at: call.at)
            }
            return []
        }

        /// A string argument: a literal, interpolation, or any value's text.
        func string(_ call: Call, _ label: String?, position: Int = 0) -> String? {
            guard let e = label.map({ call.arg($0) }) ?? call.unlabelled(position) else { return nil }
            // A text view given as the string (`Text(name).bold()`): its text, the modifiers aside.
            if let text = Self.textCall(e) { return eval(ExprSyntax(text), call.frame).display }
            return eval(e, call.frame).display
        }

        /// A string given where SwiftUI takes a `LocalizedStringKey` (a title, a label, a prompt): a literal is looked
        /// up in the app's string table (`tableName:` names another than `Localizable`), and shows as written when no
        /// table holds it; anything else is its value (a `String` is shown verbatim).
        func title(_ call: Call, _ label: String?, position: Int = 0) -> String? {
            guard let e = label.map({ call.arg($0) }) ?? call.unlabelled(position) else { return nil }
            if let text = localizedLiteral(e, table: tableName(call.arg("tableName"), call.frame), call.frame) {
                return text
            }
            // A text view given as the title (`prompt: Text(hint).foregroundColor(.gray)`): its text, the modifiers
            // aside.
            if let text = Self.textCall(e) { return eval(ExprSyntax(text), call.frame).display }
            // A title runtime data chooses (`isSigningIn ? "Signing In…" : "Sign In"`).
            let table = tableName(call.arg("tableName"), call.frame)
            return falseBranchText(e, call.frame, "title") { x, frame in
                if x != e, let text = localizedLiteral(x, table: table, frame) { return text }
                let v = eval(x, frame)
                if case .opaque = v { return nil }
                return v.display
            }
        }

        /// The text of `e`; when data only the running app has decides it (`flag ? a : b`), that of the branch a false
        /// condition takes, through nested ones and through the view's computed properties of one expression (`var
        /// signInText: String { isLoggedOut ? "Sign In" : "Sign Out" }`), said once at its place: a flag that picks a
        /// title or a symbol is mostly a state the screen opens without (playing, selected, signing in). `text` reads
        /// an expression in its frame, nil when it is such data too.
        func falseBranchText(
            _ e: ExprSyntax, _ f: Frame, _ what: String, _ text: (ExprSyntax, Frame) -> String?
        ) -> String {
            var expr = e
            var frame = f
            var warned = false
            func warnOnce() {
                guard !warned else { return }
                warned = true
                warn(
                    point(e),
                    "this \(what) depends on data only the running app has; TenFoot shows the one for a false condition"
                )
            }
            let counting = falseChoices
            falseChoices = 0
            defer { falseChoices = counting }
            for _ in 0..<16 {
                if let t = text(expr, frame) {
                    if falseChoices ?? 0 > 0 { warnOnce() }
                    return t
                }
                if let other = Self.elseBranch(expr) {
                    warnOnce()
                    expr = other
                } else if let (body, inner) = getterExpression(expr, frame) {
                    expr = body
                    frame = inner
                } else {
                    break
                }
            }
            let shown = eval(expr, frame).display
            if falseChoices ?? 0 > 0 { warnOnce() }
            return shown
        }

        /// The one expression a computed property of the view computes (`signInText`, `self.signInText`), with the
        /// frame it runs in; nil for anything else.
        func getterExpression(_ e: ExprSyntax, _ f: Frame) -> (ExprSyntax, Frame)? {
            let name: String
            if let r = e.as(DeclReferenceExprSyntax.self), r.argumentNames == nil, f.local(r.baseName.text) == nil {
                name = r.baseName.text
            } else if let m = e.as(MemberAccessExprSyntax.self),
                m.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
            {
                name = m.declName.baseName.text
            } else {
                return nil
            }
            guard let inst = f.instance, case .computed(let p)? = inst.fields[name], let getter = p.getter,
                getter.count == 1, let only = getter.first
            else { return nil }
            let frame = Frame(parent: nil, instance: inst)
            switch only.item {
            case .expr(let x): return (x, frame)
            case .stmt(let s):
                if let x = s.as(ExpressionStmtSyntax.self)?.expression { return (x, frame) }
                if let x = s.as(ReturnStmtSyntax.self)?.expression { return (x, frame) }
                return nil
            default: return nil
            }
        }

        /// The `Text(…)` call at the root of a chain of modifiers (`Text(x).bold().foregroundColor(.gray)`), or nil.
        static func textCall(_ e: ExprSyntax) -> FunctionCallExprSyntax? {
            var e = e
            for _ in 0..<64 {
                guard let call = e.as(FunctionCallExprSyntax.self) else { return nil }
                if call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Text" { return call }
                guard let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base else { return nil }
                e = base
            }
            return nil
        }

        /// A symbol's name (`systemImage:`, `systemName:`). One chosen by data only the running app has
        /// (`isPlaying ? "pause.fill" : "play.fill"`) is the one for a false condition (``falseBranchText``): a
        /// symbol is drawn, not the expression.
        func symbolName(_ call: Call, _ label: String) -> String? {
            guard let e = call.arg(label) else { return nil }
            return falseBranchText(e, call.frame, "symbol") { x, frame in
                if case .string(let s) = eval(x, frame) { return s }
                return nil
            }
        }

        /// The branch a conditional expression (`c ? a : b`, folded or not) takes when its condition is false, nil
        /// for anything else.
        static func elseBranch(_ e: ExprSyntax) -> ExprSyntax? {
            if let t = e.as(TernaryExprSyntax.self) { return t.elseExpression }
            if let s = e.as(SequenceExprSyntax.self) {
                let elements = Array(s.elements)
                // `c ? a : b` unfolded: everything after the first `? a :` is the else branch (`?:` groups to the
                // right: `c ? a : d ? b : e` is `c ? a : (d ? b : e)`).
                if let k = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
                    k + 1 < elements.count
                {
                    let rest = elements[(k + 1)...]
                    if rest.count == 1, let only = rest.first { return only }
                    return ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(Array(rest))))
                }
            }
            if let p = e.as(TupleExprSyntax.self), p.elements.count == 1, let only = p.elements.first {
                return elseBranch(only.expression)
            }
            return nil
        }

        /// The table's text for a string literal given as a `LocalizedStringKey`, nil when it is no literal or no
        /// table holds its key. An interpolation is part of the key as SwiftUI writes it (`"\(n) episodes"` is
        /// `"%lld episodes"`: `%lld` for an integer, `%lf` for a number, `%@` for anything else), and the text found
        /// is filled with the values.
        func localizedLiteral(_ e: ExprSyntax?, table: String?, _ f: Frame) -> String? {
            guard let literal = e?.as(StringLiteralExprSyntax.self), literal.openingPounds == nil else { return nil }
            var key = ""
            var values: [Value] = []
            for seg in literal.segments {
                if let text = seg.as(StringSegmentSyntax.self) {
                    // `%` in the written text is `%%` in the key (SwiftUI escapes it so).
                    key += Self.unescape(text.content.text).replacingOccurrences(of: "%", with: "%%")
                } else if let x = seg.as(ExpressionSegmentSyntax.self), x.expressions.count == 1,
                    let first = x.expressions.first, first.label == nil
                {
                    let v = eval(first.expression, f)
                    values.append(v)
                    switch v {
                    case .int: key += "%lld"
                    case .double: key += "%lf"
                    default: key += "%@"
                    }
                } else {
                    return nil
                }
                if key.utf8.count > Value.maxStringBytes { return nil }
            }
            if values.isEmpty { key = key.replacingOccurrences(of: "%%", with: "%") }
            guard let text = localized(key, table: table) else { return nil }
            return values.isEmpty ? text : Self.formatted(text, values)
        }

        /// The table a call's `label:` argument names, nil when it names none.
        func tableArgument(_ args: [Call.Argument], _ label: String, _ f: Frame) -> String? {
            tableName(args.first { $0.label == label }?.expr, f)
        }

        /// The table an argument names: a string, nil for none (`table: nil`) or anything else.
        func tableName(_ e: ExprSyntax?, _ f: Frame) -> String? {
            guard let e, case .string(let s) = eval(e, f), !s.isEmpty else { return nil }
            return s
        }

        /// The text `key` shows from the app's string table `table` (`Localizable` when nil), nil when no table holds
        /// it; a table that cannot be read is said once, at its place.
        func localized(_ key: String, table: String?) -> String? {
            let text = strings.text(key, table: table)
            while reportedTableProblems < strings.problems.count {
                let d = strings.problems[reportedTableProblems]
                reportedTableProblems += 1
                warn(
                    SourcePoint(file: d.file, line: d.location.line, column: d.location.column),
                    "this string table cannot be read (\(d.message)): the keys looked up in it show as written")
            }
            return text
        }

        func value(_ call: Call, _ label: String?, position: Int = 0) -> Value? {
            guard let e = label.map({ call.arg($0) }) ?? call.unlabelled(position) else { return nil }
            // A view's or modifier's number arguments are CGFloats (`.aspectRatio(16 / 9)`, `.frame(width: 100 / 3)`),
            // and so are their literals: 1.78, not Int's 1.
            guard Self.dividesLiterals(e) else { return eval(e, call.frame) }
            floatingLiterals = true
            defer { floatingLiterals = false }
            return eval(e, call.frame)
        }

        func number(_ call: Call, _ label: String?, position: Int = 0) -> Double? {
            value(call, label, position: position)?.asDouble
        }

        /// Whether `e` is arithmetic of number literals alone with a division in it (`16 / 9`, `(1 + 2) / 3.0`).
        static func dividesLiterals(_ e: ExprSyntax) -> Bool {
            var divides = false
            for t in e.tokens(viewMode: .sourceAccurate) {
                switch t.tokenKind {
                case .integerLiteral, .floatLiteral, .leftParen, .rightParen, .prefixOperator("-"): continue
                case .binaryOperator(let op) where ["+", "-", "*", "/"].contains(op): divides = divides || op == "/"
                default: return false
                }
            }
            return divides
        }

        /// The first text a group of nodes shows (a button's label, a link's title).
        func firstText(_ nodes: [DraftNode]) -> String? {
            var found: String?
            // A symbol image is a text with no words: the first words are the title.
            for n in nodes {
                n.visit { m in
                    // A spinner's "Loading…" never names the control it sits in.
                    if found == nil, m.type == .text || m.type == .row, m.origin != "ProgressView", let t = m.title,
                        !t.isEmpty
                    {
                        found = t
                    }
                }
            }
            return found
        }

        /// Wraps loose nodes into one vstack (for keys only containers take).
        func wrap(_ nodes: [DraftNode], _ call: Call, type: NodeType = .vstack) -> DraftNode {
            if nodes.count == 1, nodes[0].type.isContainer, nodes[0].type != .sheet { return nodes[0] }
            var w = DraftNode(handle: handle(), type: type, source: nodes.first?.source ?? call.at, origin: call.name)
            w.children = nodes
            adopt(&w)
            return w
        }

        /// A container takes its children: ForEach sites among them now know where new rows go.
        func adopt(_ container: inout DraftNode) {
            for child in container.children {
                if let site = child.forEachSite, let k = sites.firstIndex(where: { $0.id == site }) {
                    sites[k].container = container.handle
                }
            }
        }

        /// A ForEach row for an element (or index), built with the state as it is now.
        func buildRow(_ site: ForEachSite, element: Value, index: Int) -> [DraftNode] {
            let frame = site.row.frame.child()
            let names = site.row.syntax.parameterNames
            if let first = names.first {
                if first.hasPrefix("$") {
                    var b = site.place
                    b.path.append(.index(index))
                    frame.locals[first] = .binding(b)
                    frame.locals[String(first.dropFirst())] = element
                } else if names.count == 2, case .record(let r) = element, r.type == "tuple" {
                    frame.locals[first] = r.field("offset") ?? .int(index)
                    frame.locals[names[1]] = r.field("element") ?? .null
                } else {
                    frame.locals[first] = element
                }
            } else {
                frame.locals["$0"] = element
            }
            var rows = views(site.row.syntax.statements, frame)
            for k in rows.indices { rows[k].forEachSite = site.id }
            return rows
        }
    }

    extension String {
        /// `LoginView` → `login-view` (ids from type names).
        var kebab: String {
            var out = ""
            var previousLower = false
            for ch in self {
                if ch.isUppercase, previousLower { out.append("-") }
                previousLower = ch.isLowercase || ch.isNumber
                out.append(Character(ch.lowercased()))
            }
            return out
        }
    }
#endif
