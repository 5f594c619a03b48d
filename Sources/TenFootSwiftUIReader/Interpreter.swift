#if canImport(SwiftParser)
    import TenFootCore
    import TenFootScene
    import TenFootSwiftUI
    internal import SwiftSyntax

    /// The interpreter of SwiftUI's declarative subset (and the small imperative core actions use): it evaluates a
    /// view's `body` with the state as the screen opens and builds scene nodes through the view and modifier tables
    /// (`ViewTable`, `ModifierTable`). Actions are evaluated after the whole screen is built, each with the state
    /// the node was built with, into scene actions.
    final class Interpreter {
        let index: SourceIndex
        /// Sidecar `data`: values for runtime expressions, by their source text.
        let data: [String: JSON]
        let sidecarState: [String: JSON]
        let sidecarFile: String?

        // State
        struct Slot {
            var name: String
            var isFocusState: Bool
            var declared: SourcePoint
        }
        private(set) var slots: [Slot] = []
        private var slotIndex: [String: Int] = [:]
        /// The state the screen is being built with (the opening state; inside an action, that action's state).
        var state: [String: Value] = [:]

        // Results of one pass
        var warnings: [Diagnostic] = []
        private var warned: Set<String> = []
        /// How each view and modifier of the source was understood, by source place: a `ForEach` row counts once,
        /// however many rows it makes (the worst outcome of its instances).
        var viewOutcomes: [SourcePoint: ViewOutcome] = [:]
        var modifierOutcomes: [SourcePoint: ModifierOutcome] = [:]
        var nextHandle = 0
        var sheets: [DraftNode] = []
        /// `@State` slots bound to `.sheet(isPresented:)`: writing true presents the sheet, false dismisses it.
        var sheetHooks: [String: Int] = [:]
        /// `TabView(selection:)` slots: writing a tag selects its tab.
        var tabHooks: [String: [(StateValue, Int)]] = [:]
        var sites: [ForEachSite] = []
        var thunks: [ActionThunk] = []
        var appearThunks: [ActionThunk] = []
        var instanceCounts: [String: Int] = [:]
        var referenced: Set<Int> = []
        /// Nesting of custom views (a guard against views that contain themselves).
        var depth = 0
        static let maxDepth = 24
        /// Nesting of expression and view evaluation (`enter`).
        var nesting = 0
        static let maxNesting = 200
        /// While actions run: what they emit (innermost list last).
        var emitted: [[DraftAction]] = []
        /// How many rows deep the current action's append is (rows appended by appended rows…).
        var appendDepth = 0
        static let maxAppendDepth = 3
        /// Set while onAppear runs: state writes change the opening state instead of emitting actions.
        var appearing = false
        /// Set while a view reads `@Environment(\.isFocused)`, so styling that follows it is reported.
        var readsIsFocused = false
        /// Slots read while evaluating a condition (to report views that follow state).
        var readLog: [String]? = nil
        /// The value of the last expression statement run (a closure's implicit result).
        var lastExpressionValue: Value?
        /// Folders already listed for images (`assetPath`).
        var assetFolders: [String: AssetFolder] = [:]
        /// Static properties already evaluated (`Type.name` → value).
        var statics: [String: Value] = [:]
        /// `UUID()` gives `uuid-1`, `uuid-2`… (deterministic, unique within a screen).
        var uuidCount = 0
        /// Nodes bound with `.focused($slot, equals: value)`: the value, for actions that run while it holds.
        var focusBindings: [Int: (String, Value)] = [:]
        /// Inside a Button's label (a Label or a symbol there is the button's title and icon, nothing approximated).
        var buildingButtonLabel = 0
        /// Set by `.environment(\.layoutDirection, …)`.
        var layoutDirection: LayoutDirection = .leftToRight
        /// Whether the view or modifier being translated was approximated (see `approximate`).
        var approximatedHere = false
        /// The first view instantiated is the opened one: its state keeps its plain names.
        var rootPending = true

        init(index: SourceIndex, sidecar: Sidecar?) {
            self.index = index
            var d: [String: JSON] = [:]
            for (k, v) in sidecar?.data ?? [] where d[k] == nil { d[k] = v }
            data = d
            var s: [String: JSON] = [:]
            for (k, v) in sidecar?.state ?? [] where s[k] == nil { s[k] = v }
            sidecarState = s
            sidecarFile = sidecar?.file
        }

        // MARK: Diagnostics and coverage

        /// A warning once per place and kind (`image` for missing images: one line however many rows miss theirs).
        func warn(_ at: SourcePoint, once kind: String, _ message: String) {
            let key = "\(at) #\(kind)"
            guard warned.insert(key).inserted else { return }
            warnings.append(Diagnostic(.warning, file: at.file, at: at.location, message))
        }

        func warn(_ at: SourcePoint, _ message: String) {
            let key = "\(at) \(message)"
            guard warned.insert(key).inserted else { return }
            warnings.append(Diagnostic(.warning, file: at.file, at: at.location, message))
        }

        /// Records an approximation (a warning at its source). `counts`: the view or modifier being translated
        /// counts as approximated in the coverage.
        func approximate(_ a: Approximation, at: SourcePoint, _ detail: String? = nil, counts: Bool = true) {
            if counts { approximatedHere = true }
            warn(at, "approximated: \(a.concept) → \(a.today)" + (detail.map { " (\($0))" } ?? ""))
        }

        func resetWarned() { warned = [] }

        /// An SF Symbol name as a scene `icon`: the name when TenFoot's symbol table (or Phosphor) has it, else nil
        /// with a warning (the scene format refuses names it cannot draw).
        func symbol(_ name: String?, at: SourcePoint) -> String? {
            guard let name else { return nil }
            if Icons.resolve(name) != nil { return name }
            warn(
                at,
                "the symbol \"\(name)\" is not in TenFoot's SF Symbols table (docs/scene-format.md, Icons): drawn without it"
            )
            return nil
        }

        enum ViewOutcome: Int { case interpreted, approximated, placeholder }
        enum ModifierOutcome: Int { case applied, cosmetic, approximated, ignored }

        func count(view at: SourcePoint, _ outcome: ViewOutcome) {
            viewOutcomes[at] = ViewOutcome(rawValue: max(viewOutcomes[at]?.rawValue ?? 0, outcome.rawValue)) ?? outcome
        }

        func count(modifier at: SourcePoint, _ outcome: ModifierOutcome) {
            modifierOutcomes[at] =
                ModifierOutcome(rawValue: max(modifierOutcomes[at]?.rawValue ?? 0, outcome.rawValue)) ?? outcome
        }

        var coverage: Coverage {
            var c = Coverage()
            for outcome in viewOutcomes.values {
                switch outcome {
                case .interpreted: c.views += 1
                case .approximated: c.viewsApproximated += 1
                case .placeholder: c.placeholders += 1
                }
            }
            for outcome in modifierOutcomes.values {
                switch outcome {
                case .applied: c.modifiers += 1
                case .cosmetic: c.modifiersCosmetic += 1
                case .approximated: c.modifiersApproximated += 1
                case .ignored: c.modifiersIgnored += 1
                }
            }
            return c
        }

        func handle() -> Int {
            nextHandle += 1
            return nextHandle
        }

        func node(_ type: NodeType, _ call: Call, label: String? = nil) -> DraftNode {
            var n = DraftNode(handle: handle(), type: type, source: call.at, origin: call.name)
            n.label = label
            return n
        }

        // MARK: State

        /// Declares a state slot; its opening value is kept when the slot already exists (a second pass after
        /// onAppear builds the screen again with the state onAppear left).
        func declareSlot(_ name: String, initial: Value, isFocusState: Bool, at: SourcePoint) {
            if slotIndex[name] == nil {
                slotIndex[name] = slots.count
                slots.append(Slot(name: name, isFocusState: isFocusState, declared: at))
            }
            if state[name] == nil { state[name] = initial }
        }

        func slot(_ name: String) -> Slot? { slotIndex[name].map { slots[$0] } }

        /// Runs `body`, returning the state slots it read. The reads also join the enclosing record, if one is
        /// being kept: an `if` inside `.searchSuggestions { … }` must not hide the closure's reads from it.
        func recordingReads<T>(_ body: () -> T) -> (T, reads: [String]) {
            let outer = readLog
            readLog = []
            let result = body()
            let reads = readLog ?? []
            readLog = outer.map { $0 + reads }
            return (result, reads)
        }

        func read(_ place: BindingRef) -> Value {
            readLog?.append(place.slot)
            var v = state[place.slot] ?? .null
            for step in place.path { v = member(of: v, step) }
            return v
        }

        private func member(of v: Value, _ step: PathStep) -> Value {
            switch (v, step) {
            case (.record(let r), .member(let m)): return r.field(m) ?? .null
            case (.array(let a), .index(let i)): return a.indices.contains(i) ? a[i] : .null
            case (.opaque(let t), .member(let m)): return .opaque(t + "." + m)
            case (.opaque(let t), .index(let i)): return .opaque("\(t)[\(i)]")
            default: return .null
            }
        }

        /// Writes a place in the state; for a whole slot inside an action, emits the scene action that does it.
        func write(_ place: BindingRef, _ value: Value, at: SourcePoint) {
            if place.path.isEmpty {
                state[place.slot] = value
            } else {
                state[place.slot] = updated(state[place.slot] ?? .null, place.path[...], value)
            }
            guard !emitted.isEmpty, !appearing, place.path.isEmpty else { return }
            if let sv = value.stateValue {
                emit(.set(place.slot, sv))
                if let sheet = sheetHooks[place.slot], case .bool(let show) = sv {
                    emit(show ? .present(sheet: sheet) : .dismiss)
                }
                if let tabs = tabHooks[place.slot], let tab = tabs.first(where: { $0.0 == sv }) {
                    emit(.selectTab(tab.1))
                }
            }
        }

        private func updated(_ base: Value, _ path: ArraySlice<PathStep>, _ value: Value) -> Value {
            guard let step = path.first else { return value }
            switch (base, step) {
            case (.record(var r), .member(let m)):
                r.set(m, updated(r.field(m) ?? .null, path.dropFirst(), value))
                return .record(r)
            case (.array(var a), .index(let i)) where a.indices.contains(i):
                a[i] = updated(a[i], path.dropFirst(), value)
                return .array(a)
            default: return base
            }
        }

        func emit(_ a: DraftAction) {
            guard !emitted.isEmpty else { return }
            emitted[emitted.count - 1].append(a)
        }

        // MARK: Instances

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
                    var initial: Value = args[p.name] ?? p.initializer.map { eval($0, frame) } ?? .null
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
                        // A binding nobody passed (a preview of a child view): a slot of its own.
                        let initial: Value = args[p.name] ?? .null
                        declareSlot(slotName, initial: initial, isFocusState: false, at: p.at)
                        inst.fields[p.name] = .state(slotName)
                    }
                } else if let env = p.attribute("Environment") {
                    let key = env.arguments?.first?.expression.as(KeyPathExprSyntax.self)?.components.last?
                        .component.as(KeyPathPropertyComponentSyntax.self)?.declName.baseName.text
                    inst.fields[p.name] = .value(key.map(Value.environment) ?? runtimeData(p.name, at: p.at))
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

        /// `init` bodies: `self.x = x`, `_x = State(initialValue: …)`, `_x = FocusState()`.
        private func runInit(_ body: CodeBlockItemListSyntax, _ frame: Frame, _ inst: Instance) {
            for item in body {
                guard case .expr(let e) = item.item, let seq = e.as(SequenceExprSyntax.self) else { continue }
                let els = Array(seq.elements)
                guard els.count == 3, els[1].is(AssignmentExprSyntax.self) else { continue }
                var target = els[0].trimmedDescription
                if target.hasPrefix("self.") { target.removeFirst(5) }
                var rhs = els[2]
                if target.hasPrefix("_") {
                    target.removeFirst()
                    if let call = rhs.as(FunctionCallExprSyntax.self), let first = call.arguments.first?.expression {
                        rhs = first
                    }
                }
                let v = eval(rhs, frame)
                switch inst.fields[target] {
                case .state(let slot)?: state[slot] = v
                case .computed?: break
                default:
                    if case .binding(let b) = v {
                        inst.fields[target] = .binding(b)
                    } else {
                        inst.fields[target] = .value(v)
                    }
                }
            }
        }

        /// A value only the running app knows: the sidecar's `data` entry for it, or an opaque placeholder.
        func runtimeData(_ text: String, at: SourcePoint) -> Value {
            if let j = data[text] { return value(j) }
            return .opaque(text)
        }

        /// A sidecar JSON value as an interpreter value (objects become records).
        func value(_ j: JSON) -> Value {
            switch j.value {
            case .null: return .null
            case .bool(let b): return .bool(b)
            case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? .int(Int(n)) : .double(n)
            case .string(let s): return .string(s)
            case .array(let a): return .array(a.map(value))
            case .object(let m): return .record(Record(type: "data", fields: m.map { ($0.key, value($0.value)) }))
            }
        }
    }

    /// A `ForEach` whose data lives in the state: appending to that data appends a row to its container.
    struct ForEachSite {
        let id: Int
        var container: Int?
        let place: BindingRef
        let overIndices: Bool
        let row: ClosureValue
        let idKey: [String]?
        let at: SourcePoint
    }

    /// An action closure waiting for the whole screen to be built.
    struct ActionThunk {
        enum Key: Equatable {
            case trigger(Trigger)
            case move(String)
        }
        enum Body {
            case closure(ClosureValue)
            case method(MethodRef)
            case statements(CodeBlockItemListSyntax, Frame)
        }
        let handle: Int
        let key: Key
        let body: Body
        /// The state the node was built with, and values that hold while this action runs (a field's FocusState
        /// binding while its onSubmit runs; the direction of a move).
        let state: [String: Value]
        var overrides: [String: Value] = [:]
        var locals: [String: Value] = [:]
        let appendDepth: Int
        let at: SourcePoint
    }

    /// A view expression's call: its name, arguments and closures, evaluated lazily by the tables.
    struct Call {
        struct Argument {
            let label: String?
            let expr: ExprSyntax
        }
        let name: String
        let args: [Argument]
        let trailing: ClosureExprSyntax?
        let extraTrailing: [(String, ClosureExprSyntax)]
        let frame: Frame
        let at: SourcePoint
        /// The base of a member call (`items.first` in a modifier is never needed; kept for `Color.red`).
        let base: ExprSyntax?

        func arg(_ label: String) -> ExprSyntax? { args.first { $0.label == label }?.expr }

        /// The `position`-th unlabelled argument.
        func unlabelled(_ position: Int = 0) -> ExprSyntax? {
            let list = args.filter { $0.label == nil }
            return list.indices.contains(position) ? list[position].expr : nil
        }

        /// A closure given as a trailing closure with this label (nil: the first trailing closure) or as an argument.
        func closure(_ label: String?) -> ClosureExprSyntax? {
            if let label {
                if let c = extraTrailing.first(where: { $0.0 == label })?.1 { return c }
                return arg(label)?.as(ClosureExprSyntax.self)
            }
            return trailing
        }
    }
#endif
