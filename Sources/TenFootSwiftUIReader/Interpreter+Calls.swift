#if canImport(SwiftParser)
    import Foundation
    import TenFootCore
    import TenFootScene
    internal import SwiftSyntax

    /// Calls: user functions and methods (bound by label, defaults filled), records and enums built from their
    /// declarations, the builtins focus code uses, and the methods of arrays, strings and numbers.
    extension Interpreter {
        // MARK: Calls

        /// The one static function named `name` among the types read so far, when no enum of theirs has a case
        /// of that name (an implicit member call is then that function's, whatever type is expected).
        func staticFactory(_ name: String) -> (TypeDecl, FunctionDecl)? {
            var found: (TypeDecl, FunctionDecl)?
            for t in index.typeOrder {
                if t.enumCase(name) != nil { return nil }
                if let fn = t.functions.first(where: { $0.isStatic && $0.name == name }) {
                    if found != nil { return nil }
                    found = (t, fn)
                }
            }
            return found
        }

        func call(_ c: FunctionCallExprSyntax, _ f: Frame) -> Value {
            let v = callValue(c, f)
            guard v.isOpaque else { return v }
            // What the running app's call returns, as the sidecar's data gives it by the call as written.
            if !data.isEmpty, let given = data[c.trimmedDescription] { return value(given) }
            guard let m = c.calledExpression.as(MemberAccessExprSyntax.self) else { return v }
            // `UserDefaults.standard.string(forKey: "serverURL")`: nothing is stored on a first launch.
            if let unset = unsetDefault(c, m, f) {
                firstLaunch[c.trimmedDescription] = unset.display
                return unset
            }
            // `library.isVideoInUpNext(video)`: a first-launch flag asked as a question reads as on a first launch.
            guard let first = Self.firstLaunchValue(of: m.declName.baseName.text) else { return v }
            firstLaunch[c.trimmedDescription] = String(first)
            return .bool(first)
        }

        /// What `UserDefaults` gives for a key nothing has stored, as on a first launch: nil, false or 0 by the
        /// getter (`string(forKey:)`, `bool(forKey:)`, `integer(forKey:)`). Nil when the call is no such getter.
        func unsetDefault(_ c: FunctionCallExprSyntax, _ m: MemberAccessExprSyntax, _ f: Frame) -> Value? {
            guard c.arguments.count == 1, c.arguments.first?.label?.text == "forKey", let base = m.base,
                let unset = Self.unsetDefault(getter: m.declName.baseName.text)
            else { return nil }
            if base.trimmedDescription.hasPrefix("UserDefaults") { return unset }
            // `let defaults = UserDefaults.standard` kept in a property or a local (a name, or `self.name`: nothing
            // that runs again what the call already ran).
            let named =
                base.is(DeclReferenceExprSyntax.self)
                || base.as(MemberAccessExprSyntax.self)?.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
                    == "self"
            guard named else { return nil }
            switch eval(base, f) {
            case .enumCase(let e) where e.type == "UserDefaults": return unset
            case .opaque(let text) where text.hasPrefix("UserDefaults"): return unset
            default: return nil
            }
        }

        /// Whether `name` is a modifier that a `Text` has (styling it, or laying it out).
        static func isTextStyling(_ name: String) -> Bool {
            switch name {
            case "bold", "italic", "font", "fontWeight", "fontDesign", "fontWidth", "foregroundColor",
                "foregroundStyle",
                "kerning", "tracking", "baselineOffset", "underline", "strikethrough", "monospaced", "monospacedDigit",
                "textScale", "textCase", "lineLimit", "multilineTextAlignment", "minimumScaleFactor":
                true
            default: false
            }
        }

        /// What `UserDefaults`' getter `name` returns for a key with no value; nil for any other name.
        static func unsetDefault(getter name: String) -> Value? {
            switch name {
            case "string", "object", "url", "array", "dictionary", "stringArray", "data", "value": .null
            case "bool": .bool(false)
            case "integer": .int(0)
            case "double", "float": .double(0)
            default: nil
            }
        }

        /// The layouts `AnyLayout` wraps, and the stack each lays out as.
        static let layouts = [
            "HStackLayout": "HStack", "VStackLayout": "VStack", "ZStackLayout": "ZStack", "GridLayout": "Grid",
        ]

        private func callValue(_ c: FunctionCallExprSyntax, _ f: Frame) -> Value {
            // `Binding.constant(v)`, as `.constant(v)` reads.
            if let m = c.calledExpression.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "constant",
                m.base?.trimmedDescription == "Binding", let v = c.arguments.first
            {
                return .enumCase(EnumValue(type: nil, name: "constant", args: [eval(v.expression, f)]))
            }
            // `AnyLayout(VStackLayout(spacing: 20))`: a layout value, laid out as its stack when called with content.
            if let callee = c.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
                if callee == "AnyLayout", let inner = c.arguments.first { return eval(inner.expression, f) }
                if let kind = Self.layouts[callee] {
                    return .record(Record(type: "Layout", fields: [("kind", .string(kind))]))
                }
            }
            let args = c.arguments.map { Call.Argument(label: $0.label?.text, expr: $0.expression) }
            func values() -> [Value] { args.map { eval($0.expr, f) } }
            // `{ … }()`: a closure called where it is written (a static's initial value, built in steps).
            if let closure = c.calledExpression.as(ClosureExprSyntax.self), args.isEmpty {
                return lastValue(closure.statements, f.child())
            }
            if let m = c.calledExpression.as(MemberAccessExprSyntax.self) {
                let name = m.declName.baseName.text
                guard let baseExpr = m.base else {
                    // `.init("Movies")` where a LocalizedStringKey (or another wrapper of one value) is expected:
                    // the value it wraps.
                    if name == "init", args.count == 1, args[0].label == nil { return eval(args[0].expr, f) }
                    // `.init(width: 560, height: 315)` where a CGSize (a point, insets, an app's struct) is expected:
                    // a value whose members are its labelled arguments, as a memberwise initialiser's are.
                    if name == "init", !args.isEmpty, args.allSatisfy({ $0.label != nil }) {
                        let labels = args.map { $0.label ?? "" }
                        let edges: Set<String> = ["top", "leading", "bottom", "trailing"]
                        let type =
                            labels == ["width", "height"]
                            ? "CGSize"
                            : labels == ["x", "y"] ? "CGPoint" : Set(labels).isSubset(of: edges) ? "EdgeInsets" : "init"
                        return .record(Record(type: type, fields: Array(zip(labels, values()))))
                    }
                    // `.resolve(isLoading: …)`: a static factory of the app's own type when no enum read so far
                    // has a case of that name and one type has such a function.
                    if let (decl, fn) = staticFactory(name) {
                        return callFunction(fn, args, f, context: Frame.statics(of: decl), trailing: c.trailingClosure)
                    }
                    return .enumCase(EnumValue(type: nil, name: name, args: values()))
                }
                // `self.init(red:green:blue:)` in an app's colour initialiser: the colour it makes.
                if name == "init", baseExpr.as(DeclReferenceExprSyntax.self)?.baseName.text == "self",
                    let target = f.colorInit
                {
                    target.color = target.color ?? constructColor(args, f, type: target.type)
                    return .null
                }
                if baseExpr.as(DeclReferenceExprSyntax.self)?.baseName.text == "self", let inst = f.instance,
                    let fn = inst.type.function(name)
                {
                    return callFunction(
                        fn, args, f, context: Frame(parent: nil, instance: inst), trailing: c.trailingClosure)
                }
                // `decoder.decode(T.self, from: json)` over JSON written in the sources (preview mock data): its
                // objects as records, whatever decoder it is.
                if name == "decode", let from = args.first(where: { $0.label == "from" }),
                    let decoded = decodedJSON(from.expr, f, as: args.first.map { $0.expr.trimmedDescription })
                {
                    return decoded
                }
                // A method of a record kept in the state runs on that place (its mutations stick).
                if let p = place(baseExpr, f), let t = recordType(read(p)), let fn = t.function(name) {
                    let ctx = Frame(parent: nil, instance: nil)
                    ctx.selfPlace = p
                    return callFunction(fn, args, f, context: ctx, trailing: c.trailingClosure)
                }
                let base = eval(baseExpr, f)
                // A modifier of a view kept as a value (`let title = Text(name).bold()`): the modified view, built
                // where it is shown.
                if case .view = base, name.first?.isLowercase == true { return .view(ExprSyntax(c), f) }
                if case .type(let t) = base, let decl = index.type(t) {
                    if let ec = decl.enumCase(name) { return .enumCase(enumValue(decl, ec, args: values())) }
                    if let fn = decl.functions.first(where: { $0.isStatic && $0.name == name }) {
                        return callFunction(fn, args, f, context: Frame.statics(of: decl), trailing: c.trailingClosure)
                    }
                    if name == "init" { return construct(decl, args, f) }
                }
                return method(base, name, args, c, f)
            }
            if let r = c.calledExpression.as(DeclReferenceExprSyntax.self) {
                let name = r.baseName.text
                if let local = f.local(name) { return invoke(local, args, f, trailing: c.trailingClosure) }
                if let inst = f.instance, let fn = inst.type.function(name) {
                    return callFunction(
                        fn, args, f, context: Frame(parent: nil, instance: inst), trailing: c.trailingClosure)
                }
                if let inst = f.instance, let field = inst.fields[name] {
                    return invoke(fieldValue(field, f), args, f, trailing: c.trailingClosure)
                }
                if let sv = f.selfValue, let t = recordType(sv), let fn = t.function(name) {
                    let ctx = Frame(parent: nil, instance: nil)
                    ctx.selfValue = sv
                    return callFunction(fn, args, f, context: ctx, trailing: c.trailingClosure)
                }
                if let p = f.selfPlace, let t = recordType(read(p)), let fn = t.function(name) {
                    let ctx = Frame(parent: nil, instance: nil)
                    ctx.selfPlace = p
                    return callFunction(fn, args, f, context: ctx, trailing: c.trailingClosure)
                }
                if let t = f.staticType, let fn = t.functions.first(where: { $0.isStatic && $0.name == name }) {
                    return callFunction(fn, args, f, context: Frame.statics(of: t), trailing: c.trailingClosure)
                }
                if let fn = index.globalFunctions[name] {
                    return callFunction(
                        fn, args, f, context: Frame(parent: nil, instance: nil), trailing: c.trailingClosure)
                }
                if let v = builtin(name, values: values, args: args, f) { return v }
                if let decl = index.type(name) { return construct(decl, args, f) }
                if Self.colorTypes.contains(name), let color = constructColor(args, f, type: name) {
                    return .color(color)
                }
                // A SwiftUI view kept as a value (`let row = LabeledContent { … } label: { … }`, an argument
                // `label: Label(…)`): built where it is shown, with the frame it was written in.
                if ViewTable.entries[name] != nil { return .view(ExprSyntax(c), f) }
                // A type TenFoot does not know (GridItem, EdgeInsets, UUID-like helpers): a record of its arguments.
                if name.first?.isUppercase == true {
                    return .record(
                        Record(
                            type: name,
                            fields: args.enumerated().map {
                                ($0.element.label ?? "_\($0.offset)", eval($0.element.expr, f))
                            }))
                }
                return .opaque(c.trimmedDescription)
            }
            return .opaque(c.trimmedDescription)
        }

        /// The value of JSON text an expression holds (`json`, `json.data(using: .utf8)!`, `Data(json.utf8)`,
        /// `ByteBuffer(string: json)`), when it is a string the sources write out and it parses (the source file's
        /// limits bound it; the parser's own limits hold too).
        func decodedJSON(_ e: ExprSyntax, _ f: Frame, as written: String? = nil) -> Value? {
            var e = e
            while true {
                if let u = e.as(ForceUnwrapExprSyntax.self) {
                    e = u.expression
                } else if let t = e.as(TryExprSyntax.self) {
                    e = t.expression
                } else if let c = e.as(FunctionCallExprSyntax.self),
                    let m = c.calledExpression.as(MemberAccessExprSyntax.self),
                    m.declName.baseName.text == "data", let base = m.base
                {
                    e = base
                } else if let c = e.as(FunctionCallExprSyntax.self),
                    ["Data", "ByteBuffer"].contains(c.calledExpression.trimmedDescription),
                    let first = c.arguments.first
                {
                    e = first.expression
                } else if let m = e.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "utf8",
                    let base = m.base
                {
                    e = base
                } else {
                    break
                }
            }
            guard case .string(let text) = eval(e, f), let first = text.first(where: { !$0.isWhitespace }),
                first == "{" || first == "["
            else { return nil }
            guard let json = try? JSONParser.parse(text) else { return nil }
            // `[Post].self` or `Post.self`: the objects are Posts (the app's extensions of Post apply to them).
            var type = written ?? ""
            if type.hasSuffix(".self") { type.removeLast(5) }
            type = type.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            return value(json, type: Interpreter.typeName(type))
        }

        /// Calls a closure or method value.
        /// The `CharacterSet` an argument names: one of Foundation's (`.whitespaces`, `CharacterSet.decimalDigits`, …)
        /// or `CharacterSet(charactersIn: "…")` of text it can tell; nil for one it cannot.
        func characterSet(_ e: ExprSyntax, _ f: Frame) -> CharacterSet? {
            if let call = e.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
                let argument = call.arguments.first, argument.label?.text == "charactersIn",
                ["CharacterSet", ".init"].contains(call.calledExpression.trimmedDescription),
                case .string(let text) = eval(argument.expression, f)
            {
                return CharacterSet(charactersIn: text)
            }
            guard let member = e.as(MemberAccessExprSyntax.self),
                member.base.map({ $0.trimmedDescription == "CharacterSet" }) ?? true
            else { return nil }
            switch member.declName.baseName.text {
            case "whitespaces": return .whitespaces
            case "whitespacesAndNewlines": return .whitespacesAndNewlines
            case "newlines": return .newlines
            case "punctuationCharacters": return .punctuationCharacters
            case "decimalDigits": return .decimalDigits
            case "letters": return .letters
            case "alphanumerics": return .alphanumerics
            case "symbols": return .symbols
            case "uppercaseLetters": return .uppercaseLetters
            case "lowercaseLetters": return .lowercaseLetters
            case "controlCharacters": return .controlCharacters
            default: return nil
            }
        }

        func invoke(_ v: Value, _ args: [Call.Argument], _ f: Frame, trailing: ClosureExprSyntax? = nil) -> Value {
            switch v {
            case .closure(let c):
                let frame = c.frame.child()
                for (name, a) in zip(c.syntax.parameterNames, args) { frame.locals[name] = eval(a.expr, f) }
                // A view builder called to keep what it builds (`self.content = content()` in an init): its views,
                // built where the value is shown.
                if buildsViews(c.syntax, frame) { return .closure(ClosureValue(syntax: c.syntax, frame: frame)) }
                return lastValue(c.syntax.statements, frame)
            case .method(let m):
                return callFunction(m.function, args, f, context: m.frame, trailing: trailing)
            default:
                return .opaque("call")
            }
        }

        /// A user function: parameters bound by label (defaults filled), then the body run to its `return`.
        func callFunction(
            _ fn: FunctionDecl, _ args: [Call.Argument], _ callerFrame: Frame, context: Frame,
            trailing: ClosureExprSyntax?
        ) -> Value {
            guard depth < Interpreter.maxDepth, let body = fn.body else { return .opaque(fn.name) }
            let frame = context.child()
            bind(fn.parameters, args, callerFrame, into: frame, trailing: trailing)
            depth += 1
            defer { depth -= 1 }
            // A body that ends without reaching its `return` (a branch only the running app decides) has a value
            // only the running app knows, named after the function, not its last statement's.
            return lastValue(body, frame, unreturned: fn.returnsValue ? .opaque(fn.name + "()") : nil)
        }

        func bind(
            _ params: [ParameterDecl], _ args: [Call.Argument], _ callerFrame: Frame, into frame: Frame,
            trailing: ClosureExprSyntax?
        ) {
            var unlabelled = args.filter { $0.label == nil }.makeIterator()
            for p in params {
                if let label = p.label, let a = args.first(where: { $0.label == label }) {
                    frame.locals[p.name] = eval(a.expr, callerFrame)
                } else if p.label == nil, let a = unlabelled.next() {
                    frame.locals[p.name] = eval(a.expr, callerFrame)
                } else if p.isClosure, let t = trailing {
                    frame.locals[p.name] = .closure(ClosureValue(syntax: t, frame: callerFrame))
                } else if let d = p.defaultValue {
                    frame.locals[p.name] = eval(d, frame)
                }
            }
        }

        /// `Recipe(name: "Tarte", id: 2)`: a record with the struct's stored properties (defaults filled);
        /// `Rating(rawValue: 2)`: the enum case.
        func construct(_ decl: TypeDecl, _ args: [Call.Argument], _ f: Frame) -> Value {
            if decl.kind == .enumType {
                if let raw = args.first(where: { $0.label == "rawValue" }).map({ eval($0.expr, f) }) {
                    for c in decl.cases {
                        let ev = enumValue(decl, c, args: [])
                        if let rv = ev.rawValue, Value.equal(rv, raw) == true { return .enumCase(ev) }
                    }
                    return .null
                }
                return .opaque(decl.name)
            }
            var r = Record(type: decl.name, fields: [])
            let stored = decl.properties.filter { !$0.isStatic && $0.isStored }
            if let initDecl = decl.initializers.first {
                let frame = Frame(parent: nil, instance: nil)
                bind(initDecl.parameters, args, f, into: frame, trailing: nil)
                for p in stored { r.set(p.name, p.initializer.map { eval($0, frame) } ?? .null) }
                frame.selfValue = .record(r)
                if let body = initDecl.body {
                    for item in body {
                        guard case .expr(let e) = item.item, let seq = e.as(SequenceExprSyntax.self) else { continue }
                        let els = Array(seq.elements)
                        guard els.count == 3, els[1].is(AssignmentExprSyntax.self) else { continue }
                        var target = els[0].trimmedDescription
                        if target.hasPrefix("self.") { target.removeFirst(5) }
                        r.set(target, eval(els[2], frame))
                    }
                }
                return .record(r)
            }
            var unlabelled = args.filter { $0.label == nil }.makeIterator()
            for p in stored {
                if let a = args.first(where: { $0.label == p.name }) {
                    r.set(p.name, eval(a.expr, f))
                } else if args.isEmpty == false, args.allSatisfy({ $0.label == nil }), let a = unlabelled.next() {
                    r.set(p.name, eval(a.expr, f))
                } else if let i = p.initializer {
                    r.set(p.name, eval(i, Frame(parent: nil, instance: nil)))
                } else {
                    r.set(p.name, .null)
                }
            }
            return .record(r)
        }

        private func builtin(_ name: String, values: () -> [Value], args: [Call.Argument], _ f: Frame) -> Value? {
            switch name {
            case "String" where args.first?.label == "format":
                // String(format:_:…) and String(format:locale:arguments:): the format filled in order.
                let all = values()
                var rest: [Value] = []
                for (a, v) in zip(args.dropFirst(), all.dropFirst()) where a.label != "locale" {
                    rest += a.label == "arguments" ? (v.elements ?? [v]) : [v]
                }
                return .text(Self.formatted(all[0].display, rest))
            case "String" where args.first?.label == "localized":
                // The table's text for the key (`table:` names another table), else the key. Its argument is always
                // a key (a `String.LocalizationValue`), a literal or a value passed along (`L10n.text(key)`).
                let table = tableArgument(args, "table", f)
                if let text = localizedLiteral(args.first?.expr, table: table, f) { return .text(text) }
                let key = values().first
                if case .string(let k)? = key, let text = localized(k, table: table) { return .text(text) }
                return key.map { .text($0.display) }
            case "String" where args.first?.label == "repeating":
                // `String(repeating: "•", count: n)`: within the string limit, else data the app has.
                let v = values()
                guard v.count == 2, let n = v[1].asInt else { return nil }
                let piece = v[0].display
                guard n >= 0, piece.utf8.count * n <= Value.maxStringBytes else {
                    return .opaque("String(repeating: \(short(piece)), count: \(n))")
                }
                return .string(String(repeating: piece, count: n))
            case "String": return values().first.map { .text($0.display) }
            case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64":
                return values().first.map { v in
                    // Data only the running app has stays so (it showed as "nil").
                    if case .opaque = v { return v }
                    // Int(_:) of a Double past Int's range traps in the app; here it is no value.
                    return v.asDouble.map { Int(exactly: $0.rounded(.towardZero)).map(Value.int) ?? .null }
                        ?? (Int(v.display).map(Value.int) ?? .null)
                }
            case "Double", "CGFloat", "Float":
                return values().first.map { v in
                    if case .opaque = v { return v }
                    return v.asDouble.map(Value.double) ?? (Double(v.display).map(Value.double) ?? .null)
                }
            case "Array": return values().first.map { v in v.elements.map(Value.array) ?? v }
            case "min", "max":
                // A bound on a length only the running app has (`max(screenHeight, 1)`) is that length's, not the
                // bound's: the frame stays the app's. A GeometryReader's size is the size TenFoot takes for it.
                var v: [Double] = []
                for (a, x) in zip(args, values()) {
                    guard let d = (geometryLength(x, .leaf(a.expr)) ?? x).asDouble else { return nil }
                    v.append(d)
                }
                return (name == "min" ? v.min() : v.max()).map(number)
            case "abs": return values().first?.asDouble.map { number(abs($0)) }
            case "UUID":
                uuidCount += 1
                return .string("uuid-\(uuidCount)")
            case "NSLocalizedString":
                // The development language's text: the table's (`tableName:` names another), else `value:` when
                // given, else the key. The first argument is always a key, written there or passed along.
                let v = values()
                if case .string(let key)? = v.first,
                    let text = localized(key, table: tableArgument(args, "tableName", f))
                {
                    return .text(text)
                }
                if let i = args.firstIndex(where: { $0.label == "value" }), case .string(let s) = v[i], !s.isEmpty {
                    return .string(s)
                }
                return v.first.map { .string($0.display) }
            case "Text", "LocalizedStringKey", "LocalizedStringResource":
                // A literal is a key of the table (`Text("k", tableName:)`); `Text(verbatim:)` and a String are not.
                if args.first?.label == nil,
                    let text = localizedLiteral(
                        args.first?.expr, table: tableArgument(args, name == "Text" ? "tableName" : "table", f), f)
                {
                    return .text(text)
                }
                return values().first.map { .string($0.display) }
            default: return nil
            }
        }

        /// A printf-style format filled with values: `%@`, `%d`/`%i`/`%u` (with `l`/`ll`), `%f` (with a precision),
        /// `%s`, positional `%1$@`, and `%%`.
        static func formatted(_ format: String, _ values: [Value]) -> String {
            var out = ""
            var next = 0
            var chars = Array(format)[...]
            // Past the longest string a value holds, the rest is not filled in (`.text` makes it no value).
            while out.utf8.count <= Value.maxStringBytes, let c = chars.popFirst() {
                guard c == "%" else {
                    out.append(c)
                    continue
                }
                if chars.first == "%" {
                    chars.removeFirst()
                    out.append("%")
                    continue
                }
                var spec = ""
                while let d = chars.first, d.isNumber || d == "$" || d == "." || d == "l" || d == "h" || d == "-" {
                    spec.append(d)
                    chars.removeFirst()
                }
                guard let conversion = chars.popFirst() else { break }
                var index = next
                if let dollar = spec.firstIndex(of: "$"), let n = Int(spec[..<dollar]), n >= 1 {
                    index = n - 1
                    spec = String(spec[spec.index(after: dollar)...])
                } else {
                    next += 1
                }
                let v = index < values.count ? values[index] : .null
                switch conversion {
                case "d", "i", "u":
                    out += v.asDouble.flatMap { Int(exactly: $0.rounded(.towardZero)).map(String.init) } ?? v.display
                case "f":
                    let digits = spec.split(separator: ".").last.flatMap { Int($0) } ?? 6
                    if let d = v.asDouble {
                        out += String(format: "%.\(min(digits, 20))f", d)
                    } else {
                        out += v.display
                    }
                default: out += v.display
                }
            }
            return out
        }

        func number(_ d: Double) -> Value { d == d.rounded() && abs(d) < 1e15 ? .int(Int(d)) : .double(d) }

        /// Methods of values: arrays, strings, numbers, and the methods declared on records and enums.
        private func method(
            _ base: Value, _ name: String, _ args: [Call.Argument], _ c: FunctionCallExprSyntax, _ f: Frame
        ) -> Value {
            if let colored = colorMethod(base, name, args, f) { return colored }
            let values = { args.map { self.eval($0.expr, f) } }
            let closure: ClosureValue? =
                c.trailingClosure.map { ClosureValue(syntax: $0, frame: f) }
                ?? args.first.flatMap { if case .closure(let cv) = eval($0.expr, f) { cv } else { nil } }
            func apply(_ cv: ClosureValue, _ items: [Value]) -> Value {
                let frame = cv.frame.child()
                let names = cv.syntax.parameterNames
                if names.isEmpty {
                    frame.locals["$0"] = items.first ?? .null
                    if items.count > 1 { frame.locals["$1"] = items[1] }
                }
                for (n, v) in zip(names, items) { frame.locals[n] = v }
                return lastValue(cv.syntax.statements, frame)
            }
            if let items = base.elements {
                switch name {
                case "map", "compactMap":
                    // `map(\.id)`: a key path reads each element's member; compactMap leaves out the nils.
                    var mapped: [Value]
                    if closure == nil, case .keyPath(let path)? = values().first {
                        mapped = items.map { item in path.reduce(item) { member($0, $1, text: "", f) } }
                    } else if let cv = closure {
                        mapped = items.map { apply(cv, [$0]) }
                    } else {
                        return .opaque(c.trimmedDescription)
                    }
                    if name == "compactMap" { mapped = mapped.filter { if case .null = $0 { false } else { true } } }
                    return .array(mapped)
                case "filter":
                    return closure.map { cv in .array(items.filter { apply(cv, [$0]).asBool == true }) }
                        ?? .opaque(c.trimmedDescription)
                case "enumerated":
                    return .array(
                        items.enumerated().map {
                            .record(
                                Record(type: "tuple", fields: [("offset", .int($0.offset)), ("element", $0.element)]))
                        })
                case "reversed": return .array(items.reversed())
                case "sorted": return .array(items.sorted { $0.display < $1.display })
                // A negative count traps in the app; here it counts as none.
                case "prefix": return .array(Array(items.prefix(max(0, values().first?.asInt ?? 0))))
                case "suffix": return .array(Array(items.suffix(max(0, values().first?.asInt ?? 0))))
                case "dropFirst": return .array(Array(items.dropFirst(max(0, values().first?.asInt ?? 1))))
                case "dropLast": return .array(Array(items.dropLast(max(0, values().first?.asInt ?? 1))))
                case "contains":
                    if let cv = closure { return .bool(items.contains { apply(cv, [$0]).asBool == true }) }
                    guard let x = values().first else { return .bool(false) }
                    return .bool(items.contains { Value.equal($0, x) == true })
                case "firstIndex":
                    guard let x = values().first else { return .null }
                    return items.firstIndex { Value.equal($0, x) == true }.map(Value.int) ?? .null
                case "first":
                    guard let cv = closure else { return items.first ?? .null }
                    return items.first { apply(cv, [$0]).asBool == true } ?? .null
                case "joined":
                    return Value.joined(items.lazy.map(\.display), separator: values().first?.display ?? "").map(
                        Value.string)
                        ?? .null
                default: break
                }
            }
            switch (base, name) {
            // `split(separator:)` leaves out empty pieces, `components(separatedBy:)` keeps them; an empty
            // separator (which traps in the app) splits nothing.
            case (.string(let s), "split"), (.string(let s), "components"):
                guard let separator = values().first?.display, !separator.isEmpty else { return .array([.string(s)]) }
                let pieces = s.components(separatedBy: separator)
                return .array((name == "split" ? pieces.filter { !$0.isEmpty } : pieces).map(Value.string))
            case (.string(let s), "replacingOccurrences"):
                let v = values()
                guard v.count >= 2, case let target = v[0].display, !target.isEmpty else { return .string(s) }
                let replacement = v[1].display
                // The size is known before the text is made: a long replacement of many pieces is refused.
                let pieces = s.components(separatedBy: target).count - 1
                guard s.utf8.count + pieces * max(0, replacement.utf8.count - target.utf8.count) <= Value.maxStringBytes
                else { return runtimeData("\(short(s)).replacingOccurrences()", at: point(c)) }
                return .string(s.replacingOccurrences(of: target, with: replacement))
            case (.string(let s), "trimmingCharacters"):
                guard let set = args.first.flatMap({ characterSet($0.expr, f) }) else { return .string(s) }
                return .string(s.trimmingCharacters(in: set))
            // A `Text` kept as a value and styled (`Text("Price: ").bold() + Text(price)`): its text (the styling is
            // not kept), so it still adds to other texts and shows as a text.
            case (.string, _) where Self.isTextStyling(name): return base
            case (.string(let s), "uppercased"): return .string(s.uppercased())
            case (.string(let s), "lowercased"): return .string(s.lowercased())
            case (.string(let s), "hasPrefix"): return .bool(s.hasPrefix(values().first?.display ?? ""))
            case (.string(let s), "hasSuffix"): return .bool(s.hasSuffix(values().first?.display ?? ""))
            case (.string(let s), "contains"): return .bool(s.contains(values().first?.display ?? ""))
            // Foundation's: an empty string is in no string; the standard one ignores case and diacritics too (the
            // search's own folding stands for the locale's, so every machine agrees).
            case (.string(let s), "localizedCaseInsensitiveContains"):
                let x = values().first?.display ?? ""
                return .bool(!x.isEmpty && s.lowercased().contains(x.lowercased()))
            case (.string(let s), "localizedStandardContains"):
                let x = values().first?.display ?? ""
                return .bool(!x.isEmpty && SearchMatch.fold(s).contains(SearchMatch.fold(x)))
            case (_, "formatted"): return .string(base.display)
            // `bundle.localizedString(forKey:value:table:)` (what generated string tables call): the development
            // language's text, the table's, else `value:` when given, else the key.
            case (_, "localizedString"):
                let v = values()
                if let i = args.firstIndex(where: { $0.label == "forKey" }), case .string(let key) = v[i],
                    let text = localized(key, table: tableArgument(args, "table", f))
                {
                    return .text(text)
                }
                if let i = args.firstIndex(where: { $0.label == "value" }), case .string(let s) = v[i], !s.isEmpty {
                    return .string(s)
                }
                if let i = args.firstIndex(where: { $0.label == "forKey" }) { return .string(v[i].display) }
            default: break
            }
            if let t = recordType(base), let fn = t.function(name) {
                let ctx = Frame(parent: nil, instance: nil)
                ctx.selfValue = base
                return callFunction(fn, args, f, context: ctx, trailing: c.trailingClosure)
            }
            if case .opaque(let t) = base {
                // Some of data only the running app has, in an order (`books.filter { … }`, `items.sorted(by:)`):
                // rows of that data, named as the data is (the sample rows and the sidecar's key say `books`, not
                // `books.filter()`), unless the sidecar gives the call's own. Not `prefix` and the like, which a
                // string's initial is made with as often as a list's first rows.
                let text = "\(t).\(name)()"
                if Self.keepsElements.contains(name), data[text] == nil { return base }
                return runtimeData(text, at: point(c))
            }
            return .opaque(c.trimmedDescription)
        }

        /// Methods whose result is some of a collection's elements.
        static let keepsElements: Set<String> = ["filter", "sorted", "reversed", "shuffled"]
    }
#endif
