#if canImport(SwiftParser)
    import TenFootCore
    import TenFootScene
    import TenFootSwiftUI
    internal import SwiftSyntax

    /// View instances: a type's properties filled from its call (memberwise or through its `init`), its state
    /// slots declared, and sidecar data turned into values.
    extension Interpreter {

        /// A view instance with its properties: `@State` and friends become slots, arguments fill the rest
        /// (memberwise, or through an explicit `init`).
        func instantiate(_ type: TypeDecl, _ call: Call?, isRoot: Bool) -> Instance {
            let count = (instanceCounts[type.name] ?? 0) + 1
            instanceCounts[type.name] = count
            let prefix = isRoot ? "" : (count == 1 ? "\(type.name)." : "\(type.name)#\(count).")
            let inst = Instance(type: type, statePrefix: prefix)
            let frame = Frame(parent: nil, instance: inst)
            var args = call.map(argumentValues) ?? [:]
            // An explicit init: its parameters by label, then its body's assignments to self.
            if let call,
                let initDecl = type.initializers.first(where: { i in
                    let labels = i.parameters.map(\.label)
                    return call.args.allSatisfy { a in labels.contains(a.label) }
                        && (i.parameters.count >= call.args.count)
                }) ?? (type.initializers.count == 1 ? type.initializers.first : nil)
            {
                let initFrame = Frame(parent: frame, instance: inst)
                var unlabelled = call.args.filter { $0.label == nil }.makeIterator()
                for p in initDecl.parameters {
                    if let a = call.args.first(where: { $0.label != nil && $0.label == p.label }) {
                        initFrame.locals[p.name] = eval(a.expr, call.frame)
                    } else if p.label == nil, let a = unlabelled.next() {
                        initFrame.locals[p.name] = eval(a.expr, call.frame)
                    } else if p.isClosure, let t = call.trailing {
                        initFrame.locals[p.name] = .closure(ClosureValue(syntax: t, frame: call.frame))
                    } else if let d = p.defaultValue {
                        initFrame.locals[p.name] = eval(d, initFrame)
                    }
                }
                args = [:]
                setUpProperties(inst, frame, args: &args, isRoot: isRoot, explicitInit: true)
                if let body = initDecl.body { runInit(body, initFrame, inst) }
            } else {
                setUpProperties(inst, frame, args: &args, isRoot: isRoot, explicitInit: false)
            }
            return inst
        }

        /// Arguments of a memberwise init: by label, and a trailing closure for the last closure-typed property.
        private func argumentValues(_ call: Call) -> [String: Value] {
            var out: [String: Value] = [:]
            for a in call.args {
                guard let label = a.label else { continue }
                out[label] = eval(a.expr, call.frame)
            }
            if let t = call.trailing { out["$trailing"] = .closure(ClosureValue(syntax: t, frame: call.frame)) }
            for (label, c) in call.extraTrailing { out[label] = .closure(ClosureValue(syntax: c, frame: call.frame)) }
            return out
        }

        private func setUpProperties(
            _ inst: Instance, _ frame: Frame, args: inout [String: Value], isRoot: Bool, explicitInit: Bool
        ) {
            let type = inst.type
            let stored = type.properties.filter { !$0.isStatic && $0.isStored }
            // The trailing closure fills the last stored closure-like property without a value (`content`).
            if let t = args.removeValue(forKey: "$trailing") {
                if let target = stored.last(where: { p in
                    p.initializer == nil
                        && (p.type.map {
                            "\($0.trimmedDescription)".contains("->") || "\($0.trimmedDescription)" == "Content"
                        } ?? false)
                }) {
                    args[target.name] = t
                }
            }
            for p in type.properties where !p.isStatic {
                if !p.isStored {
                    inst.fields[p.name] = .computed(p)
                    continue
                }
                let slotName = inst.statePrefix + p.name
                if p.attribute("State") != nil || p.attribute("AppStorage") != nil || p.attribute("SceneStorage") != nil
                {
                    var initial: Value = args[p.name] ?? p.initializer.map { eval($0, frame) } ?? unsetState(p)
                    if isRoot, let override = sidecarState[p.name] { initial = value(override) }
                    declareSlot(slotName, initial: initial, isFocusState: false, at: p.at)
                    inst.fields[p.name] = .state(slotName)
                } else if p.attribute("FocusState") != nil {
                    // `@FocusState var f: Field?` starts nil; a Bool one (also when the type is left out: only
                    // FocusState<Bool> has an init without arguments) starts false.
                    let typeText = p.type?.trimmedDescription
                    let isBool = typeText == nil || typeText == "Bool"
                    declareSlot(slotName, initial: isBool ? .bool(false) : .null, isFocusState: true, at: p.at)
                    inst.fields[p.name] = .state(slotName)
                } else if p.attribute("Binding") != nil {
                    if case .binding(let b)? = args[p.name] {
                        inst.fields[p.name] = .binding(b)
                    } else {
                        // A binding nobody passed (a preview of a child view), or `.constant(v)`: a slot of its own.
                        var initial: Value = args[p.name] ?? .null
                        if case .enumCase(let e) = initial, e.name == "constant", e.args.count == 1 {
                            initial = e.args[0]
                        }
                        declareSlot(slotName, initial: initial, isFocusState: false, at: p.at)
                        inst.fields[p.name] = .state(slotName)
                    }
                } else if let object = environmentObject(for: p) {
                    inst.fields[p.name] = .value(object)
                } else if let env = p.attribute("Environment") {
                    let key = env.arguments?.first?.expression.as(KeyPathExprSyntax.self)?.components.last?
                        .component.as(KeyPathPropertyComponentSyntax.self)?.declName.baseName.text
                    if key == "dynamicTypeSize" { readsTextSize = true }
                    let given = key.flatMap { environmentValues[$0] }
                    inst.fields[p.name] = .value(given ?? key.map(Value.environment) ?? runtimeData(p.name, at: p.at))
                } else if p.attribute("Namespace") != nil {
                    inst.fields[p.name] = .value(.namespace(isRoot ? p.name : inst.statePrefix + p.name))
                } else if [
                    "StateObject", "ObservedObject", "EnvironmentObject", "Bindable", "Query", "FetchRequest",
                    "FocusedValue", "FocusedBinding", "FocusedObject",
                ].contains(where: { p.attribute($0) != nil }) {
                    inst.fields[p.name] = .value(args[p.name] ?? runtimeData(p.name, at: p.at))
                } else if let a = args[p.name] {
                    inst.fields[p.name] = .value(a)
                } else if let i = p.initializer {
                    inst.fields[p.name] = .value(eval(i, frame))
                } else if !explicitInit {
                    inst.fields[p.name] = .value(runtimeData(p.name, at: p.at))
                }
            }
        }

        /// `init` bodies: `self.x = x`, `_x = State(initialValue: …)`, `_x = FocusState()`, and `self.init(x: …)`
        /// handing over to the memberwise init.
        private func runInit(_ body: CodeBlockItemListSyntax, _ frame: Frame, _ inst: Instance) {
            for item in body {
                if case .expr(let e) = item.item, let c = e.as(FunctionCallExprSyntax.self),
                    c.calledExpression.trimmedDescription == "self.init"
                {
                    for a in c.arguments {
                        if let label = a.label?.text { setProperty(inst, label, eval(a.expression, frame)) }
                    }
                    continue
                }
                guard case .expr(let e) = item.item, let seq = e.as(SequenceExprSyntax.self) else { continue }
                let els = Array(seq.elements)
                guard els.count == 3, els[1].is(AssignmentExprSyntax.self) else { continue }
                var target = els[0].trimmedDescription
                if target.hasPrefix("self.") { target.removeFirst(5) }
                var rhs = els[2]
                if target.hasPrefix("_") {
                    target.removeFirst()
                    if let call = rhs.as(FunctionCallExprSyntax.self), let first = call.arguments.first?.expression {
                        // `_model = StateObject(wrappedValue: Model(…))` (or a model built in steps, `{ let m =
                        // Model(…); …; return m }()`): the view model the running app makes, as `@StateObject var
                        // model = Model()` is (runtime data, loaded as the app loads it). One handed in
                        // (`StateObject(wrappedValue: viewModel)`) is the caller's.
                        if call.calledExpression.trimmedDescription == "StateObject",
                            let made = first.as(FunctionCallExprSyntax.self),
                            made.calledExpression.is(ClosureExprSyntax.self)
                                || calleeName(made.calledExpression).first?.isUppercase == true
                        {
                            continue
                        }
                        rhs = first
                    }
                }
                setProperty(inst, target, eval(rhs, frame))
            }
        }

        /// What `@EnvironmentObject var x: T` or `@Environment(T.self) var x` reads: the object of type T put in
        /// the environment around the view (`.environmentObject(…)` where the sources build one), if any.
        private func environmentObject(for p: PropertyDecl) -> Value? {
            let typeName: String?
            if p.attribute("EnvironmentObject") != nil {
                typeName = p.type?.trimmedDescription
            } else if let env = p.attribute("Environment"), let first = env.arguments?.first?.expression,
                first.trimmedDescription.hasSuffix(".self")
            {
                typeName = String(first.trimmedDescription.dropLast(5))
            } else {
                typeName = nil
            }
            guard let typeName else { return nil }
            let simple = typeName.split(separator: ".").last.map(String.init) ?? typeName
            return environmentObjects[simple]
        }

        /// A `@State` that nobody gave a value (a view opened alone, `@State var notice: Notice`): nil when its type
        /// is optional, the first case of an enum the sources declare, else a value only the running app has.
        private func unsetState(_ p: PropertyDecl) -> Value {
            guard let type = p.type else { return .null }
            if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return .null }
            if let t = index.type(type.trimmedDescription), t.kind == .enumType,
                let first = t.cases.first(where: { $0.parameterLabels.isEmpty })
            {
                return .enumCase(enumValue(t, first, args: []))
            }
            return runtimeData(p.name, at: p.at)
        }

        /// A value only the running app knows: the sidecar's `data` entry for it, or an opaque placeholder.
        func runtimeData(_ text: String, at: SourcePoint) -> Value {
            if let j = data[text] { return value(j) }
            return .opaque(text)
        }

        /// A sidecar JSON value as an interpreter value (objects become records; of `type` when the JSON was
        /// decoded as one, their members of the same kind as data).
        func value(_ j: JSON, type: String? = nil) -> Value {
            switch j.value {
            case .null: return .null
            case .bool(let b): return .bool(b)
            case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? .int(Int(n)) : .double(n)
            case .string(let s): return .string(s)
            case .array(let a): return .array(a.map { value($0, type: type) })
            case .object(let m):
                return .record(Record(type: type ?? "data", fields: m.map { ($0.key, value($0.value)) }))
            }
        }
    }
#endif
