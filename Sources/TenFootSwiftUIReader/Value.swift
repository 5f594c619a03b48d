#if canImport(SwiftParser)
    import Foundation
    import TenFootScene
    internal import SwiftSyntax

    /// A value of the interpreted Swift subset.
    indirect enum Value {
        case bool(Bool)
        case int(Int)
        case double(Double)
        case string(String)
        case null
        case array([Value])
        /// `lower..<upper` (a closed range is stored as `lower..<upper + 1`).
        case range(Int, Int)
        case enumCase(EnumValue)
        case record(Record)
        /// A colour the sources make (`Color(white: 0.45)`, `Color.white.opacity(0.6)`, an app's `Color(hex:)`).
        case color(TenFootScene.Color)
        /// `$x`, `$list.items`, `$options[i]`: a place in the state.
        case binding(BindingRef)
        case closure(ClosureValue)
        /// A method of a view used as a value (`Button(action: addItem)`).
        case method(MethodRef)
        case keyPath([String])
        /// `@Namespace`: the focus scope's name.
        case namespace(String)
        /// A type used as a value (`Recipe` in `Recipe.examples`).
        case type(String)
        /// `@Environment(\.dismiss)`, `@Environment(\.resetFocus)`, `@Environment(\.isFocused)`…
        case environment(String)
        /// A view expression kept to be built where it is used (`let header = Text("Hi")`, `AnyView(x)`).
        case view(ExprSyntax, Frame)
        /// Views already built: what an app's own modifier calls `self`, a ViewModifier's `content`.
        case built([DraftNode])
        /// Something only the running app knows (network data, a view model): the source text, for messages and
        /// for the sidecar's `data` keys.
        case opaque(String)

        static let maxElements = 10_001
        /// The longest string a value holds (far past any text a screen shows; the scene's limit is 4,000
        /// characters).
        static let maxStringBytes = 100_000

        /// A long chain of members shown by its end, where the data it names is: the last links that fit in
        /// ``briefLength`` characters after "…", a call's arguments as "…" (`‹…channels.sorted()[0].guideNumber›` for
        /// `apiClient.fetchLiveChannels().channels.sorted()[0].guideNumber`). The expression's length is not the data's:
        /// shown whole, it pushed a row's other views off the screen. Anything but a chain of members (operators,
        /// spaces between them) is shown whole.
        static func brief(_ text: String) -> String {
            guard text.count > briefLength else { return text }
            var links: [String] = []
            var link = ""
            var depth = 0
            var arguments = ""
            for c in text {
                switch c {
                case "(", "[":
                    if depth == 0 { link.append(c) } else { arguments.append(c) }
                    depth += 1
                    if c == "[" && depth == 1 { arguments = "" }
                case ")", "]":
                    depth -= 1
                    guard depth >= 0 else { return text }
                    if depth == 0 {
                        // A call's arguments become "…"; a subscript stays as written.
                        link += c == ")" ? elided(arguments) + ")" : arguments + "]"
                        arguments = ""
                    } else {
                        arguments.append(c)
                    }
                case "." where depth == 0:
                    links.append(link)
                    link = ""
                default:
                    if depth > 0 {
                        arguments.append(c)
                    } else if c.isLetter || c.isNumber || c == "_" || c == "?" || c == "!" || c == "$" {
                        link.append(c)
                    } else {
                        return text
                    }
                }
            }
            guard depth == 0 else { return text }
            links.append(link)
            var kept: [String] = []
            var length = 1
            for l in links.reversed() {
                guard length + l.count + (kept.isEmpty ? 0 : 1) <= briefLength else { break }
                length += l.count + (kept.isEmpty ? 0 : 1)
                kept.insert(l, at: 0)
            }
            guard !kept.isEmpty else { return text }
            return (kept.count < links.count ? "…" : "") + kept.joined(separator: ".")
        }

        /// A call's arguments as "…", after the first one's label (`from: …`).
        private static func elided(_ arguments: String) -> String {
            guard !arguments.isEmpty else { return "" }
            let label = arguments.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            return !label.isEmpty && arguments.dropFirst(label.count).first == ":" ? "\(label): …" : "…"
        }

        /// The most characters a long expression is shown in (``brief(_:)``).
        static let briefLength = 40

        /// `text` (a title or label made of values) with each placeholder of data only the running app has (`‹…›`)
        /// shortened by ``brief(_:)``. Only what is shown is shortened: a value's ``display`` stays whole, as values
        /// are compared by it.
        static func briefPlaceholders(_ text: String) -> String {
            guard text.contains("‹") else { return text }
            var out = ""
            var rest = Substring(text)
            while let open = rest.firstIndex(of: "‹"), let close = rest[open...].firstIndex(of: "›") {
                out += rest[..<open]
                out += "‹" + brief(String(rest[rest.index(after: open)..<close])) + "›"
                rest = rest[rest.index(after: close)...]
            }
            return out + rest
        }

        /// Whether `text` shows a placeholder of data only the running app has.
        static func showsPlaceholder(_ text: String) -> Bool {
            guard let open = text.firstIndex(of: "‹") else { return false }
            return text[open...].contains("›")
        }

        /// `text` with each run of white space that holds a line break as one space.
        static func oneLine(_ text: String) -> String {
            guard text.contains(where: \.isNewline) else { return text }
            var out = ""
            var pending = false
            var broke = false
            var run = ""
            for c in text {
                if c.isWhitespace {
                    run.append(c)
                    pending = true
                    if c.isNewline { broke = true }
                    continue
                }
                if pending { out += broke ? " " : run }
                (pending, broke, run) = (false, false, "")
                out.append(c)
            }
            return out
        }

        /// A string value, or no value when it is past `maxStringBytes` (as `+` gives): every way of building one
        /// (`"\(a)\(a)"`, `[a, a].joined()`, `String(format:)`, an array's description) is held to it, or doubling a
        /// string 30 times ran for minutes.
        static func text(_ s: String) -> Value { s.utf8.count <= maxStringBytes ? .string(s) : .null }

        /// The longest start of `s` that is whole characters and at most `bytes` bytes long.
        static func prefix(_ s: String, bytes: Int) -> String {
            guard s.utf8.count > bytes else { return s }
            // The byte limit, back to where a scalar starts, then down to where its character starts (String rounds
            // an index inside a character down to it): a walk of the few bytes and scalars there, not of the string.
            var end = s.utf8.index(s.utf8.startIndex, offsetBy: bytes)
            while end > s.startIndex, UTF8.isContinuation(s.utf8[end]) { end = s.utf8.index(before: end) }
            if end > s.startIndex { end = s.index(before: s.index(after: end)) }
            return String(s[..<end])
        }

        /// `parts` joined, stopping once past `maxStringBytes` (nil then): the whole is never built.
        static func joined(_ parts: some Sequence<String>, separator: String = "") -> String? {
            var out = ""
            var first = true
            for part in parts {
                if !first { out += separator }
                first = false
                guard out.utf8.count + part.utf8.count <= maxStringBytes else { return nil }
                out += part
            }
            return out
        }

        var isOpaque: Bool { if case .opaque = self { true } else { false } }

        var asBool: Bool? { if case .bool(let b) = self { b } else { nil } }

        var asInt: Int? {
            switch self {
            case .int(let i): i
            case .double(let d) where d == d.rounded() && abs(d) < 1e15: Int(d)
            default: nil
            }
        }

        var asDouble: Double? {
            switch self {
            case .int(let i): Double(i)
            case .double(let d): d
            default: nil
            }
        }

        /// The elements of a collection value (arrays, ranges).
        var elements: [Value]? {
            switch self {
            case .array(let a): a
            // A range is listed up to `maxElements` (ForEach shows at most 10,000 rows; a loop runs 1,000 times).
            case .range(let lo, let hi): hi > lo ? (lo..<min(hi, lo &+ Value.maxElements)).map(Value.int) : []
            default: nil
            }
        }

        /// The value as a scene state value, when it is one (enum cases become `email` or `option(1)`).
        var stateValue: StateValue? {
            switch self {
            case .bool(let b): .bool(b)
            case .int(let i): .number(Double(i))
            case .double(let d): .number(d)
            case .string(let s): .string(s)
            case .null: .null
            case .enumCase(let e): .string(e.key)
            case .record(let r): r.field("id").flatMap(\.stateValue)
            default: nil
            }
        }

        /// The value as a FocusState value: its state value, or for data only the running app has, its text with
        /// `.first` read as `[0]` and optional marks dropped, so that `shows.first?.id` (written to the FocusState
        /// once shows load) names the first sample row's `shows[0].id`.
        var focusKey: StateValue? {
            if let v = stateValue { return v }
            guard case .opaque(let text) = self else { return nil }
            var t = text.replacingOccurrences(of: "?.", with: ".").replacingOccurrences(of: "!.", with: ".")
            t = t.replacingOccurrences(of: ".first.", with: "[0].")
            if t.hasSuffix(".first") { t = String(t.dropLast(6)) + "[0]" }
            return .string("‹" + t + "›")
        }

        /// How `Text(value)` or string interpolation shows it.
        var display: String {
            switch self {
            case .bool(let b): b ? "true" : "false"
            case .int(let i): String(i)
            case .double(let d): d == d.rounded() && abs(d) < 1e15 ? String(format1: d) : String(d)
            case .string(let s): s
            case .null: "nil"
            case .array(let a): "[" + (Value.joined(a.lazy.map(\.display), separator: ", ") ?? "…") + "]"
            case .range(let lo, let hi): "\(lo)..<\(hi)"
            case .enumCase(let e): e.rawValue.map(\.display) ?? e.key
            case .record(let r): (r.field("title") ?? r.field("name") ?? r.field("label")).map(\.display) ?? r.type
            // As SwiftUI describes a colour it has made: `#RRGGBBAA`.
            case .color(let c): c.description.uppercased()
            case .binding(let b): b.description
            case .closure, .method: "(action)"
            case .keyPath(let p): "\\." + p.joined(separator: ".")
            case .namespace(let n): n
            case .type(let t): t
            case .environment(let e): e
            case .view, .built: "(view)"
            // One line, as a label is: an expression written over several lines has its breaks and indents as spaces.
            case .opaque(let text): "‹\(Value.oneLine(text))›"
            }
        }

        /// Equality of the interpreted values (closures and views are never equal).
        static func equal(_ a: Value, _ b: Value) -> Bool? {
            switch (a, b) {
            case (.opaque, _), (_, .opaque): return nil
            case (.bool(let x), .bool(let y)): return x == y
            case (.string(let x), .string(let y)): return x == y
            case (.null, .null): return true
            case (.null, _), (_, .null): return false
            case (.color(let x), .color(let y)): return x == y
            case (.enumCase(let x), .enumCase(let y)):
                guard x.name == y.name, x.args.count == y.args.count else { return false }
                for (p, q) in zip(x.args, y.args) {
                    guard let e = equal(p, q) else { return nil }
                    if !e { return false }
                }
                return true
            case (.array(let x), .array(let y)):
                guard x.count == y.count else { return false }
                for (p, q) in zip(x, y) {
                    guard let e = equal(p, q) else { return nil }
                    if !e { return false }
                }
                return true
            case (.record(let x), .record(let y)):
                if let i = x.field("id"), let j = y.field("id") { return equal(i, j) }
                guard x.fields.count == y.fields.count else { return false }
                for (p, q) in zip(x.fields, y.fields) {
                    guard p.0 == q.0, let e = equal(p.1, q.1) else { return p.0 == q.0 ? nil : false }
                    if !e { return false }
                }
                return true
            default:
                if let x = a.asDouble, let y = b.asDouble { return x == y }
                return false
            }
        }
    }

    extension String {
        /// `3.0` → `3.0` as Swift prints a whole Double.
        init(format1 d: Double) { self = String(Int(d)) + ".0" }
    }

    struct EnumValue {
        var type: String?
        var name: String
        var args: [Value] = []
        var rawValue: Value?

        /// `email`, or `option(1)` with associated values: the text a FocusState value is stored as.
        var key: String { args.isEmpty ? name : name + "(" + args.map(\.display).joined(separator: ", ") + ")" }
    }

    struct Record {
        var type: String
        var fields: [(String, Value)]

        func field(_ name: String) -> Value? { fields.first { $0.0 == name }?.1 }

        mutating func set(_ name: String, _ v: Value) {
            if let k = fields.firstIndex(where: { $0.0 == name }) { fields[k].1 = v } else { fields.append((name, v)) }
        }
    }

    enum PathStep: Equatable {
        case member(String)
        case index(Int)
    }

    /// A place in the state: a slot, then members and indices.
    struct BindingRef: CustomStringConvertible {
        var slot: String
        var path: [PathStep] = []

        var description: String {
            "$" + slot
                + path.map { step in
                    switch step {
                    case .member(let m): "." + m
                    case .index(let i): "[\(i)]"
                    }
                }.joined()
        }

        /// `list.items`: the slot and member names (how sidecar data and ForEach sites name a collection).
        var dottedPath: String {
            ([slot] + path.compactMap { if case .member(let m) = $0 { m } else { nil } }).joined(separator: ".")
        }
    }

    struct ClosureValue {
        let syntax: ClosureExprSyntax
        let frame: Frame
    }

    struct MethodRef {
        let function: FunctionDecl
        let frame: Frame
    }

    /// A view instance: its declaration and its properties.
    final class Instance {
        let type: TypeDecl
        var fields: [String: Field] = [:]
        /// How this instance's `@State` names are written in the scene: `""` for the opened view, `Type.` or
        /// `Type#2.` for the others.
        let statePrefix: String

        init(type: TypeDecl, statePrefix: String) {
            self.type = type
            self.statePrefix = statePrefix
            Arena.current?.instances.append(self)
        }
    }

    /// The frames and instances made while one source is read. They refer to each other (a closure kept in a
    /// view's property holds the frame that holds the view; a local closure holds its own frame), so when the
    /// read is done the reader empties them all, or every open would leak them (`tenfoot run` reopens on each save).
    final class Arena: @unchecked Sendable {
        @TaskLocal static var current: Arena?
        var frames: [Frame] = []
        var instances: [Instance] = []

        func release() {
            for f in frames {
                f.locals = [:]
                f.selfValue = nil
            }
            for i in instances { i.fields = [:] }
            frames = []
            instances = []
        }
    }

    /// What a property of a view instance holds.
    enum Field {
        case value(Value)
        /// `@State`, `@FocusState`, `@AppStorage`: a slot of the scene state.
        case state(String)
        /// `@Binding`: a place in someone else's state.
        case binding(BindingRef)
        /// A computed property (evaluated where it is read).
        case computed(PropertyDecl)
    }

    /// A lexical scope: local names, then the enclosing scope, then `self`'s properties.
    final class Frame {
        var locals: [String: Value] = [:]
        let parent: Frame?
        let instance: Instance?
        /// Inside a method of a record held in the state (`list.addItem()`): where `self` lives.
        var selfPlace: BindingRef?
        /// Inside a method or computed property of a plain value (`recipe.subtitle`, an enum's `title`).
        var selfValue: Value?
        /// Inside a static member (`static let shelves = [Shelf(movies: upNext)]`): the type whose statics are in
        /// scope.
        var staticType: TypeDecl?
        /// Inside an app's colour initialiser (`extension Color { init(hex:) }`): where its `self.init(…)` puts the
        /// colour.
        var colorInit: ColorInit?

        init(parent: Frame?, instance: Instance?) {
            self.parent = parent
            self.instance = instance ?? parent?.instance
            selfPlace = parent?.selfPlace
            selfValue = parent?.selfValue
            staticType = parent?.staticType
            colorInit = parent?.colorInit
            Arena.current?.frames.append(self)
        }

        /// A scope for a static member of `type`.
        static func statics(of type: TypeDecl) -> Frame {
            let f = Frame(parent: nil, instance: nil)
            f.staticType = type
            return f
        }

        func local(_ name: String) -> Value? {
            var f: Frame? = self
            while let frame = f {
                if let v = frame.locals[name] { return v }
                f = frame.parent
            }
            return nil
        }

        /// Assigns an existing local (in the scope that declares it); false when no scope has it.
        func assignLocal(_ name: String, _ v: Value) -> Bool {
            var f: Frame? = self
            while let frame = f {
                if frame.locals[name] != nil {
                    frame.locals[name] = v
                    return true
                }
                f = frame.parent
            }
            return false
        }

        func child() -> Frame { Frame(parent: self, instance: nil) }
    }
#endif
