#if canImport(SwiftParser)
    import Foundation
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
        /// App modifiers being applied, by name, with how many times each is open (``enterAppModifier``).
        var appModifiersOpen: [String: Int] = [:]
        static let maxAppModifierRecursion = 2
        /// Pushes built inside pushes, at most (each level builds every link's destination).
        static let maxPushes = 3
        /// Nesting of expression and view evaluation (`enter`).
        var nesting = 0
        static let maxNesting = 200
        /// Steps of evaluation (`enter`) taken while reading this screen, every pass and trial build counted: a view
        /// that fans out or a `ForEach` inside a `ForEach` over large ranges stops at `workBudget`.
        private(set) var work = 0
        /// Nodes made while reading this screen, counted as `work` is: past `nodeBudget` (far below the scene limit:
        /// translating, writing and laying out 12,000 views takes seconds in a debug build), evaluation stops.
        private(set) var nodesMade = 0
        let workBudget: Int
        let nodeBudget: Int
        /// Where evaluation stopped for the budget, and which budget: reported once the screen is built.
        private(set) var budgetCut: (at: SourcePoint, message: String)?
        /// While actions run: what they emit (innermost list last).
        var emitted: [[DraftAction]] = []
        /// How many rows deep the current action's append is (rows appended by appended rows…).
        var appendDepth = 0
        static let maxAppendDepth = 3
        /// Set while onAppear runs: state writes change the opening state instead of emitting actions.
        var appearing = false
        /// Set while a CGFloat argument's literal arithmetic is evaluated: its integer literals are floating.
        var floatingLiterals = false
        /// Set while a view reads `@Environment(\.isFocused)`, so styling that follows it is reported.
        var readsIsFocused = false
        /// Slots read while evaluating a condition (to report views that follow state).
        var readLog: [String]? = nil
        /// The value of the last expression statement run (a closure's implicit result).
        var lastExpressionValue: Value?
        /// Folders already listed for images (`assetPath`).
        var assetFolders: [String: AssetFolder] = [:]
        /// Asset catalogues already searched for named colours (`assetColor`): catalogue → colour set name → its
        /// `Contents.json`.
        var colorSetPaths: [String: [String: String]] = [:]
        /// Named colours already read (`assetColor`), by their `Contents.json`.
        var colorSets: [String: TenFootScene.Color?] = [:]
        /// Pictures' pixel sizes already read (`pictureSize`).
        var pictureSizes: [String: (Int, Int)?] = [:]
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
        /// Whether an App's first window has been shown (a TV shows one).
        var windowShown = false
        /// Objects put in the environment around the view being built (`.environmentObject(x)`), by type name.
        var environmentObjects: [String: Value] = [:]
        /// `.onChange(of:)` watchers: the value watched, where it is read, the action and its place.
        var changeWatchers: [(value: ExprSyntax, frame: Frame, action: ClosureExprSyntax, at: SourcePoint)] = []
        /// Counts the choices `warnFalseCondition` makes instead of warning, while a title or a symbol is read
        /// (which says so in its own words).
        var falseChoices: Int?
        /// Set by a ZStack for its content: the statements about to be built are layers, each over those before.
        var buildingLayers = false
        /// Whether the view about to be built is a ZStack's layer over layers that have something to focus.
        var overFocusableLayers = false
        /// What the app read as on a first launch (`session.isAuthenticated`, a `UserDefaults` key), with the value it
        /// read, said once per screen.
        var firstLaunch: [String: String] = [:]
        /// `NavigationLink(value:)` links and the `navigationDestination(for:)` builders that push their values.
        var links = Links()
        /// The sample rows ForEach made for data only the running app has (`items[0]`) and their identities
        /// (`items[0].id`, the id key path's member): what a state that is nil as the screen opens is compared with
        /// (`expandedID == item.id`) names no row.
        var sampleRowIdentities: Set<String> = []
        /// Sizes a flag only the running app knows chooses (`kind == .poster ? 480 : 315`), by the choice's text: the
        /// one for a false condition, which a frame takes rather than losing its size.
        var sizeChoices: [String: Value] = [:]
        /// Texts whose choices gave different sizes, and the bytes of `sizeChoices`' texts.
        var ambiguousSizes: Set<String> = []
        var sizeChoiceBytes = 0
        /// The sizes of the `GeometryReader`s whose content is being read, innermost last (``geometryLength(_:_:)``).
        var geometrySizes: [(width: Double, height: Double)] = []

        struct Links {
            /// Links built before a destination took their value's type (`.navigationDestination` is usually
            /// applied to a container of its links, after them).
            var pending: [(handle: Int, value: Value, title: String, call: Call)] = []
            /// Destinations registered so far: the value's type (nil: unknown) and the builder.
            var destinations: [(type: String?, closure: ClosureExprSyntax, frame: Frame)] = []
            /// How many pushes are being built, one inside another: at most `maxPushes` deep
            /// (a detail screen whose "more like this" links push detail screens would otherwise never end).
            var pushing = 0
            /// Set once a link's destination was not built for the budgets (``mayBuildPushes``), so it is said once.
            var stoppedPushing = false
        }

        /// The environment values views read (`dynamicTypeSize`, `colorScheme`), from the options.
        let environmentValues: [String: Value]
        /// Whether a view of the screen takes `@Environment(\.dynamicTypeSize)`: only then may the screen read at
        /// another text size be other than this one laid out at it.
        var readsTextSize = false
        /// The folder nothing outside of is read (`SwiftUIOptions.confinedTo`): images are not looked for above it.
        let confinedTo: String?

        /// The app's string tables: the text of the keys its titles and labels give.
        let strings: StringTables
        /// How many of `strings.problems` have been said.
        var reportedTableProblems = 0

        init(
            index: SourceIndex, sidecar: Sidecar?, options: SwiftUIOptions = SwiftUIOptions(),
            strings: StringTables = StringTables(around: [])
        ) {
            self.index = index
            self.strings = strings
            environmentValues = [
                "dynamicTypeSize": .enumCase(EnumValue(type: "DynamicTypeSize", name: options.dynamicTypeSize)),
                "colorScheme": .enumCase(EnumValue(type: "ColorScheme", name: options.colorScheme)),
            ]
            var d: [String: JSON] = [:]
            for (k, v) in sidecar?.data ?? [] where d[k] == nil { d[k] = v }
            data = d
            var s: [String: JSON] = [:]
            for (k, v) in sidecar?.state ?? [] where s[k] == nil { s[k] = v }
            sidecarState = s
            sidecarFile = sidecar?.file
            confinedTo = options.confinedTo.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            workBudget = options.workBudget
            nodeBudget = options.nodeBudget
        }

        // MARK: Diagnostics and coverage

        /// A warning once per place and kind (`image` for missing images: one line however many rows miss theirs).
        func warn(_ at: SourcePoint, once kind: String, _ message: String) {
            guard !pastTheCut else { return }
            let key = "\(at) #\(kind)"
            guard warned.insert(key).inserted else { return }
            warnings.append(Diagnostic(.warning, file: at.file, at: at.location, Self.brief(message)))
        }

        func warn(_ at: SourcePoint, _ message: String) {
            guard !pastTheCut else { return }
            let message = Self.brief(message)
            let key = "\(at) \(message)"
            guard warned.insert(key).inserted else { return }
            warnings.append(Diagnostic(.warning, file: at.file, at: at.location, message))
        }

        /// `message` with each word longer than 80 characters cut to its first 79 and "…": a warning names what the
        /// source wrote (a modifier, a view, a symbol), and a name of 100,000 characters was echoed whole.
        static func brief(_ message: String) -> String {
            guard message.count > 80 else { return message }
            var out = ""
            var word = ""
            func flush() {
                out += word.count > 80 ? String(word.prefix(79)) + "…" : word
                word = ""
            }
            for c in message {
                if c == " " || c == "\n" {
                    flush()
                    out.append(c)
                } else {
                    word.append(c)
                }
            }
            flush()
            return out
        }

        /// Whether evaluation goes on past a spent budget (``budgetCut``): what it meets then is not read, so it warns of
        /// nothing (an unknown modifier was said both shown and ignored, a sheet's binding read as `item:`). The cut's
        /// own warning, and what reading the files found, are said once the screen is built (``screenBuilt``).
        private var pastTheCut: Bool { budgetCut != nil && !screenBuilt }
        /// Set once the screen is built: warnings from here on are the reader's own.
        var screenBuilt = false

        /// Warnings that say part of the screen was not read (a budget, a limit): `audit` reports them, since what it
        /// looks at is then only the part read. Kept whatever a trial build puts back: only those still among the
        /// warnings at the end count.
        private(set) var cuts: Set<Diagnostic> = []

        /// A warning that part of the screen is not read from here on (see ``cuts``).
        func warnCut(_ at: SourcePoint, once kind: String? = nil, _ message: String) {
            if let kind { warn(at, once: kind, message) } else { warn(at, message) }
            cuts.insert(Diagnostic(.warning, file: at.file, at: at.location, message))
        }

        /// Records an approximation (a warning at its source). `counts`: the view or modifier being translated
        /// counts as approximated in the coverage.
        func approximate(_ a: Approximation, at: SourcePoint, _ detail: String? = nil, counts: Bool = true) {
            if counts { approximatedHere = true }
            warn(at, "approximated: \(a.concept) → \(a.today)" + (detail.map { " (\($0))" } ?? ""))
        }

        func resetWarned() { warned = [] }

        /// An SF Symbol name as a scene `icon`: the name when TenFoot's symbol table (or Phosphor) has it; a name
        /// written as SF Symbols are is kept too (the item keeps its name; drawn as a generic glyph, with a warning);
        /// anything else is dropped with a warning.
        func symbol(_ name: String?, at: SourcePoint) -> String? {
            guard let name else { return nil }
            if Icons.resolve(name) != nil { return name }
            // Any SF-shaped name: SF Symbols has thousands TenFoot does not draw (`arrow.counterclockwise` is no
            // misspelling of `arrow.clockwise`), and the code compiled with it.
            if Icons.isSymbolName(name) {
                warn(
                    at,
                    "the symbol \"\(name)\" is not in TenFoot's SF Symbols table (docs/scene-format.md, Icons): drawn as a generic glyph"
                )
                return name
            }
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
            nodesMade += 1
            return nextHandle
        }

        func node(_ type: NodeType, _ call: Call, label: String? = nil) -> DraftNode {
            var n = DraftNode(handle: handle(), type: type, source: call.at, origin: call.name)
            n.label = label
            return n
        }

        /// Whether a link's destination may still be built: pushed screens may spend half of each budget, so that
        /// the screen itself is read whole however its links fan out.
        var mayBuildPushes: Bool { work <= workBudget / 2 && nodesMade <= nodeBudget / 2 }

        /// Counts one step of evaluation at `node`; false once a budget is spent (the first place it ran out is
        /// kept for the warning).
        func spend(at node: some SyntaxProtocol) -> Bool {
            work += 1
            if work <= workBudget, nodesMade <= nodeBudget { return true }
            if budgetCut == nil {
                budgetCut = (
                    point(node),
                    work > workBudget
                        ? "TenFoot stopped reading the screen here: it took more than \(workBudget) steps of evaluation (a view that builds itself several times over, or ForEach inside ForEach over large data?); what follows is not shown"
                        : "TenFoot stopped reading the screen here: it made more than \(nodeBudget) views (the limit of a screen read from SwiftUI); what follows is not shown"
                )
            }
            return false
        }

        // MARK: Trial builds

        /// Everything a build changes in the interpreter: taken before trying a branch and put back after, so
        /// that only the branch kept leaves its state, warnings and counts.
        struct Snapshot {
            var slots: [Slot], slotIndex: [String: Int], state: [String: Value]
            var warnings: [Diagnostic], warned: Set<String>
            var viewOutcomes: [SourcePoint: ViewOutcome], modifierOutcomes: [SourcePoint: ModifierOutcome]
            var nextHandle: Int, sheets: [DraftNode], sheetHooks: [String: Int]
            var tabHooks: [String: [(StateValue, Int)]], sites: [ForEachSite]
            var thunks: [ActionThunk], appearThunks: [ActionThunk], instanceCounts: [String: Int]
            var referenced: Set<Int>, statics: [String: Value], uuidCount: Int
            var focusBindings: [Int: (String, Value)], rootPending: Bool, readsIsFocused: Bool
            var layoutDirection: LayoutDirection, windowShown: Bool, links: Links
            var changeWatchers: [(value: ExprSyntax, frame: Frame, action: ClosureExprSyntax, at: SourcePoint)]
        }

        var snapshot: Snapshot {
            get {
                Snapshot(
                    slots: slots, slotIndex: slotIndex, state: state, warnings: warnings, warned: warned,
                    viewOutcomes: viewOutcomes, modifierOutcomes: modifierOutcomes, nextHandle: nextHandle,
                    sheets: sheets, sheetHooks: sheetHooks, tabHooks: tabHooks, sites: sites, thunks: thunks,
                    appearThunks: appearThunks, instanceCounts: instanceCounts, referenced: referenced,
                    statics: statics, uuidCount: uuidCount, focusBindings: focusBindings, rootPending: rootPending,
                    readsIsFocused: readsIsFocused, layoutDirection: layoutDirection, windowShown: windowShown,
                    links: links, changeWatchers: changeWatchers)
            }
            set {
                slots = newValue.slots
                slotIndex = newValue.slotIndex
                state = newValue.state
                warnings = newValue.warnings
                warned = newValue.warned
                viewOutcomes = newValue.viewOutcomes
                modifierOutcomes = newValue.modifierOutcomes
                nextHandle = newValue.nextHandle
                sheets = newValue.sheets
                sheetHooks = newValue.sheetHooks
                tabHooks = newValue.tabHooks
                sites = newValue.sites
                thunks = newValue.thunks
                appearThunks = newValue.appearThunks
                instanceCounts = newValue.instanceCounts
                referenced = newValue.referenced
                statics = newValue.statics
                uuidCount = newValue.uuidCount
                focusBindings = newValue.focusBindings
                rootPending = newValue.rootPending
                readsIsFocused = newValue.readsIsFocused
                layoutDirection = newValue.layoutDirection
                windowShown = newValue.windowShown
                links = newValue.links
                changeWatchers = newValue.changeWatchers
            }
        }

        /// Of branches only the running app can choose between (a view model's loading, failed and loaded
        /// states), the one with the most to focus, the first on a tie, a failure's (`case .failed`, `if let
        /// error`) only when no other has anything to focus: each is built once from the same state, and the
        /// state the chosen one left is kept. Returns its nodes and its position.
        func mostFocusable(_ branches: [() -> [DraftNode]], failures: [Bool] = []) -> (nodes: [DraftNode], index: Int) {
            let before = snapshot
            var best: (nodes: [DraftNode], index: Int, rank: Int, after: Snapshot)?
            for (k, build) in branches.enumerated() {
                snapshot = before
                let nodes = build()
                let count = nodes.reduce(0) { $0 + $1.focusableCount }
                let failure = k < failures.count && failures[k]
                let rank = failure ? min(count, 1) : (count > 0 ? count + 1 : 0)
                if rank > best?.rank ?? -1 { best = (nodes, k, rank, snapshot) }
            }
            guard let best else { return ([], 0) }
            snapshot = best.after
            return (best.nodes, best.index)
        }

        /// Whether a condition or case names a failure (`.failed(let error)`, `if let error = model.error`).
        func namesFailure(_ syntax: some SyntaxProtocol) -> Bool {
            let text = syntax.trimmedDescription.lowercased()
            return text.contains("error") || text.contains("fail")
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

        func updated(_ base: Value, _ path: ArraySlice<PathStep>, _ value: Value) -> Value {
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
