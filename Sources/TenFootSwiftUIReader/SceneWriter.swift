import TenFootCore
import TenFootScene

/// Writes the draft as a scene document (the scene format of docs/scene-format.md), remembering where in the
/// written text each node and expectation object starts, so the decoded scene can be put back at its Swift source.
struct SceneWriter {
    let ids: [Int: String]
    /// Nodes bound to FocusState values, for `defaultFocus` given as a binding.
    let bindings: [Ref: Int]
    /// What the scene decoder refused in an earlier writing, by node handle: keys left out, and nodes written as a
    /// plain stack of their children (`SwiftUIReader.assemble`).
    var omitting: [Int: Set<String>] = [:]
    var unwrapping: Set<Int> = []

    func id(_ handle: Int) -> String? { ids[handle] }

    func resolve(_ ref: Ref) -> String? {
        switch ref {
        case .node(let h): return ids[h]
        case .binding: return bindings[ref].flatMap { ids[$0] }
        }
    }

    func document(_ scene: DraftScene, expect: [JSON], audit: JSON? = nil) -> [(String, Out)] {
        var top: [(String, Out)] = [("name", .string(scene.name))]
        if !scene.state.isEmpty { top.append(("state", .object(scene.state.map { ($0.0, .state($0.1)) }))) }
        top.append(("root", node(scene.root)))
        if !scene.sheets.isEmpty { top.append(("sheets", .array(scene.sheets.map(node)))) }
        if !expect.isEmpty { top.append(("expect", .array(expect.map { .expectation(.json($0)) }))) }
        if let audit { top.append(("audit", .json(audit))) }
        if scene.layoutDirection != .leftToRight {
            top.insert(("layoutDirection", .string(scene.layoutDirection.rawValue)), at: 1)
        }
        return top
    }

    func node(_ n: DraftNode) -> Out {
        if unwrapping.contains(n.handle) {
            var m: [(String, Out)] = [("type", .string(NodeType.vstack.rawValue))]
            if let id = ids[n.handle] { m.append(("id", .string(id))) }
            let inner = n.children + n.tabs.map(\.content)
            if !inner.isEmpty { m.append(("children", .array(inner.map(node)))) }
            return .node(n.handle, .object(m))
        }
        var m: [(String, Out)] = [("type", .string(n.type.rawValue))]
        if let id = ids[n.handle] { m.append(("id", .string(id))) }
        func add(_ key: String, _ v: Out?) { if let v { m.append((key, v)) } }
        func length(_ l: Length?) -> Out? {
            switch l {
            case .points(let p)?: .number(p)
            case .fill?: .string("fill")
            case nil: nil
            }
        }
        add("width", length(n.width))
        add("height", length(n.height))
        if let p = n.padding, p != .zero {
            if p.top == p.leading, p.leading == p.bottom, p.bottom == p.trailing {
                add("padding", .number(p.top))
            } else if p.top == p.bottom, p.leading == p.trailing {
                add("padding", .array([.number(p.top), .number(p.leading)]))
            } else {
                add("padding", .array([p.top, p.leading, p.bottom, p.trailing].map(Out.number)))
            }
        }
        add("offset", n.offset.map { .array([.number($0.x), .number($0.y)]) })
        add("spacing", n.spacing.map(Out.number))
        add("alignment", n.alignment.map(Out.string))
        add("columns", n.columns.map { .number(Double($0)) })
        if n.ignoredEdges == .all {
            add("ignoresSafeArea", .bool(true))
        } else if let named = SafeAreaEdges.named.first(where: { $0.edges == n.ignoredEdges }) {
            add("ignoresSafeArea", .string(named.name))
        } else if !n.ignoredEdges.isEmpty {
            let edges = SafeAreaEdges.named.filter { $0.edges.rawValue.nonzeroBitCount == 1 }
            add("ignoresSafeArea", .array(edges.filter { n.ignoredEdges.contains($0.edges) }.map { .string($0.name) }))
        }
        let title = n.title.map(Value.briefPlaceholders)
        if n.type == .text { add("text", .string(title ?? "")) } else { add("title", title.map(Out.string)) }
        add("subtitle", n.subtitle.map(Value.briefPlaceholders).map(Out.string))
        if n.type != .spacer, n.type != .focusGuide {
            add("accessibilityLabel", n.accessibilityLabel.map(Out.string))
            add("accessibilityValue", n.accessibilityValue.map(Out.string))
            add("accessibilityHint", n.accessibilityHint.map(Out.string))
            if !n.accessibilityTraits.isEmpty {
                add("accessibilityTraits", .array(n.accessibilityTraits.map(Out.string)))
            }
            if n.accessibilityHidden { add("accessibilityHidden", .bool(true)) }
            add("accessibilityElement", n.accessibilityElement.map(Out.string))
            add("accessibilitySortPriority", n.accessibilitySortPriority.map(Out.number))
            add("dynamicTypeSize", n.dynamicTypeSize.map { Out.string($0.description) })
        }
        add("image", n.image.map(Out.string))
        add("aspect", n.aspect.map(Out.number))
        add("contentMode", n.contentMode.map(Out.string))
        add("style", n.style.map { .string($0.rawValue) })
        add("size", n.fontSize.map(Out.number))
        add("weight", n.fontBold.map { .string($0 ? "bold" : "regular") })
        add("placeholder", n.placeholder.map(Out.string))
        add("value", n.value.map(Out.string))
        if n.secure { add("secure", .bool(true)) }
        add("keyboardType", n.keyboardType.map(Out.string))
        add("searchFocused", n.searchFocused.map(Out.string))
        if let items = n.searchSuggestions?.items, !items.isEmpty, n.type == .search {
            add(
                "suggestions",
                .array(
                    items.map { s in
                        // A Text whose completion is its own text is written as the string alone.
                        if let c = s.completion, s.title == nil || s.title == c { return .string(c) }
                        return .object(
                            [("title", s.title.map(Out.string)), ("completion", s.completion.map(Out.string))]
                                .compactMap { k, v in v.map { (k, $0) } })
                    }))
            if n.searchText.map({ n.searchSuggestions?.reads.contains($0) == true }) == true {
                add("suggestionsMatch", .string("contains"))
            }
        }
        add("icon", n.icon.map(Out.string))
        // A text of data only the running app has is one line unless the app limits its lines: the expression's
        // length is not the data's, and wrapped it made a row many lines tall.
        let runtimeLine = n.type == .text && Value.showsPlaceholder(n.title ?? "") ? 1 : nil
        add("lineLimit", (n.lineLimit ?? runtimeLine).map { .number(Double($0)) })
        add("textAlignment", n.textAlignment.map(Out.string))
        add("options", n.options.map { .array($0.map(Out.string)) })
        add("color", n.color.map(Out.string))
        if let s = n.isOnState {
            add("isOn", .object([("state", .string(s))]))
        } else {
            add("isOn", n.isOn.map(Out.bool))
        }
        add("header", n.header.map(Out.string))
        add("footer", n.footer.map(Out.string))
        add("pickerStyle", n.pickerStyle.map(Out.string))
        add("shape", n.shape.map(Out.string))
        add("cornerRadius", n.cornerRadius.map(Out.number))
        add("accessoryType", n.accessoryType.map(Out.string))
        add("presentation", n.presentation.map(Out.string))
        add("preferredStyle", n.preferredStyle.map(Out.string))
        add("message", n.message.map(Out.string))
        switch n.focusable {
        case .on?: add("focusable", .bool(true))
        case .off?: add("focusable", .bool(false))
        case .activate?: add("focusable", .string("activate"))
        case .edit?: add("focusable", .string("edit"))
        case nil: break
        }
        if n.disabled { add("disabled", .bool(true)) }
        if n.hidden { add("hidden", .bool(true)) }
        if n.focusSection { add("focusSection", .bool(true)) }
        add("defaultFocus", n.defaultFocus.flatMap(resolve).map(Out.string))
        add("defaultFocusPriority", n.defaultFocusPriority.map(Out.string))
        add("focusScope", n.focusScope.map(Out.string))
        if let p = n.prefersDefaultFocus, p != .always(false) {
            add("prefersDefaultFocus", condition(p))
            add("in", n.prefersDefaultFocusScope.map(Out.string))
        }
        if n.remembersLastFocus { add("remembersLastFocus", .bool(true)) }
        if n.focusEffectDisabled { add("focusEffectDisabled", .bool(true)) }
        add("buttonStyle", n.buttonStyle.map(Out.string))
        if !n.focusedValue.isEmpty { add("focusedValue", .object(n.focusedValue.map { ($0.0, .string($0.1)) })) }
        if !n.focusedSceneValue.isEmpty {
            add("focusedSceneValue", .object(n.focusedSceneValue.map { ($0.0, .string($0.1)) }))
        }
        add("focused", n.focused.map(condition))
        for (trigger, list) in n.actions where !list.isEmpty || trigger == .onMenu {
            add(trigger.rawValue, .array(list.compactMap(action)))
        }
        if !n.onMove.isEmpty { add("onMove", .object(n.onMove.map { ($0.0, .array($0.1.compactMap(action))) })) }
        if n.type == .tabBar {
            add(
                "tabs",
                .array(
                    n.tabs.map { t in
                        .tab(
                            t.handle,
                            .object(
                                [("id", .string(ids[t.handle] ?? "tab")), ("title", .string(t.title))]
                                    + (t.icon.map { [("icon", Out.string($0))] } ?? []) + [("content", node(t.content))]
                            ))
                    }))
        } else if n.type.isContainer {
            add("children", .array(n.children.map(node)))
        }
        let omitted = omitting[n.handle] ?? []
        return .node(n.handle, .object(m.filter { SceneWriter.allows(n.type, $0.0) && !omitted.contains($0.0) }))
    }

    /// The keys each node type takes (docs/scene-format.md, the decoder's own lists): a draft may carry more
    /// (a button's artwork before `.buttonStyle(.card)` decides), and only these are written.
    static func allows(_ type: NodeType, _ key: String) -> Bool { SceneDecoder.allowedKeys(type).contains(key) }

    func condition(_ c: DraftCondition) -> Out {
        switch c {
        case .always(let b): .bool(b)
        case .state(let s, let v): .object([("state", .string(s)), ("equals", .state(v))])
        }
    }

    func action(_ a: DraftAction) -> Out? {
        switch a {
        case .present(let sheet): return ids[sheet].map { .object([("present", .string($0))]) }
        case .dismiss: return .object([("dismiss", .bool(true))])
        case .focus(let ref): return resolve(ref).map { .object([("focus", .string($0))]) }
        case .resetFocus(let scope): return .object([("resetFocus", .string(scope))])
        case .set(let name, let v): return .object([("set", .string(name)), ("to", .state(v))])
        case .selectTab(let tab): return ids[tab].map { .object([("selectTab", .string($0))]) }
        case .append(let node, let to):
            return ids[to].map { .object([("append", self.node(node)), ("to", .string($0))]) }
        }
    }
}

/// What the writer prints: JSON with markers for the objects whose position in the text matters.
indirect enum Out {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([Out])
    case object([(String, Out)])
    /// A node object (its start is recorded under its handle).
    case node(Int, Out)
    /// A tab object of a tab bar.
    case tab(Int, Out)
    /// An expectation copied from the sidecar (its start is recorded in order).
    case expectation(Out)
    case json(JSON)

    static func state(_ v: StateValue) -> Out {
        switch v {
        case .bool(let b): .bool(b)
        case .number(let n): .number(n)
        case .string(let s): .string(s)
        case .null: .null
        }
    }
}

/// Pretty JSON (two-space indent, short arrays of scalars on one line) with the line and column where each
/// marked object starts.
struct PrettyPrinter {
    private(set) var text = ""
    private var line = 1
    private var column = 1
    private(set) var nodeStarts: [SourceLocation: Int] = [:]
    private(set) var tabStarts: [SourceLocation: Int] = [:]
    private(set) var expectationStarts: [SourceLocation] = []
    /// Values and keys copied from the sidecar: where each was in the sidecar.
    private(set) var jsonOrigins: [SourceLocation: SourceLocation] = [:]

    static func print(_ members: [(String, Out)]) -> PrettyPrinter {
        var p = PrettyPrinter()
        p.value(.object(members), indent: 0)
        p.emit("\n")
        return p
    }

    private mutating func emit(_ s: String) {
        text += s
        for ch in s.unicodeScalars {
            if ch == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
    }

    /// `n` spaces, the indentation of a line, from strings made once: a scene nested 60 levels deep is mostly its
    /// indentation, and a fuzzed view that contains itself spent 2 of its 4 s making 12,000 nodes' spaces.
    private mutating func pad(_ n: Int) {
        var left = n
        while left > 0 {
            let k = min(left, Self.pads.count - 1)
            text += Self.pads[k]
            left -= k
        }
        column += n
    }

    /// `pads[k]`: k spaces.
    private static let pads = (0...256).map { String(repeating: " ", count: $0) }

    private var here: SourceLocation { SourceLocation(line: line, column: column) }

    private static func isScalar(_ o: Out) -> Bool {
        switch o {
        case .string, .number, .bool, .null: true
        case .json(let j): j.array == nil && j.members == nil
        default: false
        }
    }

    private mutating func value(_ o: Out, indent: Int) {
        switch o {
        case .string(let s): emit(JSON.quote(s))
        case .number(let n): emit(JSON.format(n))
        case .bool(let b): emit(b ? "true" : "false")
        case .null: emit("null")
        case .node(let h, let inner):
            nodeStarts[here] = h
            value(inner, indent: indent)
        case .tab(let h, let inner):
            tabStarts[here] = h
            value(inner, indent: indent)
        case .expectation(let inner):
            expectationStarts.append(here)
            value(inner, indent: indent)
        case .json(let j): json(j, indent: indent)
        case .array(let items):
            if items.isEmpty {
                emit("[]")
                return
            }
            if items.allSatisfy(Self.isScalar) {
                emit("[")
                for (k, i) in items.enumerated() {
                    if k > 0 { emit(", ") }
                    value(i, indent: indent)
                }
                emit("]")
                return
            }
            emit("[\n")
            for (k, i) in items.enumerated() {
                pad(indent + 2)
                value(i, indent: indent + 2)
                emit(k == items.count - 1 ? "\n" : ",\n")
            }
            pad(indent)
            emit("]")
        case .object(let members):
            if members.isEmpty {
                emit("{}")
                return
            }
            emit("{\n")
            for (k, m) in members.enumerated() {
                pad(indent + 2)
                emit(JSON.quote(m.0) + ": ")
                value(m.1, indent: indent + 2)
                emit(k == members.count - 1 ? "\n" : ",\n")
            }
            pad(indent)
            emit("}")
        }
    }

    /// A value copied from the sidecar, remembering where each value and key came from.
    private mutating func json(_ j: JSON, indent: Int) {
        jsonOrigins[here] = j.location
        switch j.value {
        case .array(let items) where !items.isEmpty && !items.allSatisfy({ $0.array == nil && $0.members == nil }):
            emit("[\n")
            for (k, i) in items.enumerated() {
                pad(indent + 2)
                json(i, indent: indent + 2)
                emit(k == items.count - 1 ? "\n" : ",\n")
            }
            pad(indent)
            emit("]")
        case .array(let items):
            emit("[")
            for (k, i) in items.enumerated() {
                if k > 0 { emit(", ") }
                json(i, indent: indent)
            }
            emit("]")
        case .object(let members) where !members.isEmpty:
            emit("{\n")
            for (k, m) in members.enumerated() {
                pad(indent + 2)
                jsonOrigins[here] = m.keyLocation
                emit(JSON.quote(m.key) + ": ")
                json(m.value, indent: indent + 2)
                emit(k == members.count - 1 ? "\n" : ",\n")
            }
            pad(indent)
            emit("}")
        default:
            value(Self.out(j), indent: indent)
        }
    }

    static func out(_ j: JSON) -> Out {
        switch j.value {
        case .null: .null
        case .bool(let b): .bool(b)
        case .number(let n): .number(n)
        case .string(let s): .string(s)
        case .array(let a): .array(a.map(out))
        case .object(let m): .object(m.map { ($0.key, out($0.value)) })
        }
    }
}
