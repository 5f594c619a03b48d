#if canImport(SwiftParser)
    import Foundation
    import TenFootScene
    import TenFootCore
    import TenFootSwiftUI
    internal import SwiftSyntax

    /// Expressions: literals, names, members, calls, operators (folded here: the parser leaves `a + b * c` flat),
    /// string interpolation, enums with associated values, records, arrays and ranges.
    extension Interpreter {
        func eval(_ e: ExprSyntax, _ f: Frame) -> Value {
            guard enter(e) else { return .opaque(short(e.trimmedDescription)) }
            defer { nesting -= 1 }
            return evaluate(e, f)
        }

        /// Counts how deep evaluation is; past `maxNesting` (a property or view that refers to itself) it stops
        /// with one warning instead of exhausting the stack.
        func enter(_ node: some SyntaxProtocol) -> Bool {
            guard spend(at: node) else { return false }
            guard nesting < Interpreter.maxNesting else {
                warnCut(
                    point(node), once: "nesting",
                    "evaluation nested too deeply here (a property, function or view that refers to itself?); TenFoot stops at this point"
                )
                return false
            }
            nesting += 1
            return true
        }

        private func evaluate(_ e: ExprSyntax, _ f: Frame) -> Value {
            if let i = e.as(IntegerLiteralExprSyntax.self) {
                guard let v = Self.integer(i.literal.text) else { return .opaque(i.literal.text) }
                return floatingLiterals ? .double(Double(v)) : .int(v)
            }
            if let d = e.as(FloatLiteralExprSyntax.self) {
                return Double(d.literal.text.replacingOccurrences(of: "_", with: "")).map(Value.double)
                    ?? .opaque(d.literal.text)
            }
            if let s = e.as(StringLiteralExprSyntax.self) { return string(s, f) }
            if let b = e.as(BooleanLiteralExprSyntax.self) { return .bool(b.literal.tokenKind == .keyword(.true)) }
            if e.is(NilLiteralExprSyntax.self) { return .null }
            if let a = e.as(ArrayExprSyntax.self) { return .array(a.elements.map { eval($0.expression, f) }) }
            if let d = e.as(DictionaryExprSyntax.self) {
                var r = Record(type: "Dictionary", fields: [])
                if case .elements(let list) = d.content {
                    for el in list { r.set(eval(el.key, f).display, eval(el.value, f)) }
                }
                return .record(r)
            }
            if let t = e.as(TupleExprSyntax.self) {
                if t.elements.count == 1, let only = t.elements.first, only.label == nil {
                    return eval(only.expression, f)
                }
                return .record(
                    Record(
                        type: "tuple",
                        fields: t.elements.enumerated().map {
                            ($0.element.label?.text ?? String($0.offset), eval($0.element.expression, f))
                        }))
            }
            if let r = e.as(DeclReferenceExprSyntax.self) { return name(r.baseName.text, f, e) }
            if let m = e.as(MemberAccessExprSyntax.self) {
                let name = m.declName.baseName.text
                guard let base = m.base else { return .enumCase(EnumValue(type: nil, name: name)) }
                // `self.channels` is the property even where a local of the same name shadows it.
                if base.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
                    return self.name(name, f, e, member: true)
                }
                return member(eval(base, f), name, text: e.trimmedDescription, f)
            }
            if let c = e.as(FunctionCallExprSyntax.self) { return call(c, f) }
            if let s = e.as(SequenceExprSyntax.self) {
                return evalFolded(fold(Array(s.elements)), f, text: e.trimmedDescription)
            }
            if let p = e.as(PrefixOperatorExprSyntax.self) {
                let v = eval(p.expression, f)
                switch (p.operator.text, v) {
                case ("!", .bool(let b)): return .bool(!b)
                case ("-", .int(let i)) where i != Int.min: return .int(-i)
                case ("-", .double(let d)): return .double(-d)
                default: return .opaque(e.trimmedDescription)
                }
            }
            if let t = e.as(TernaryExprSyntax.self) {
                switch eval(t.condition, f) {
                case .bool(true): return eval(t.thenExpression, f)
                case .bool(false): return eval(t.elseExpression, f)
                default:
                    return unknownChoice(
                        then: t.thenExpression, other: .leaf(t.elseExpression), f, OnceText { e.trimmedDescription },
                        whole: true)
                }
            }
            if let o = e.as(OptionalChainingExprSyntax.self) { return eval(o.expression, f) }
            if let u = e.as(ForceUnwrapExprSyntax.self) { return eval(u.expression, f) }
            if let s = e.as(SubscriptCallExprSyntax.self) {
                let base = eval(s.calledExpression, f)
                guard let first = s.arguments.first?.expression else { return .opaque(e.trimmedDescription) }
                let key = eval(first, f)
                switch (base, key) {
                case (.array(let a), .int(let i)): return a.indices.contains(i) ? a[i] : .null
                case (.binding(var b), .int(let i)):
                    b.path.append(.index(i))
                    return .binding(b)
                case (.record(let r), _): return r.field(key.display) ?? .null
                case (.opaque(let t), .opaque(let k)): return runtimeData("\(t)[\(k)]", at: point(e))
                case (.opaque(let t), _): return runtimeData("\(t)[\(key.display)]", at: point(e))
                default: return .opaque(e.trimmedDescription)
                }
            }
            if let k = e.as(KeyPathExprSyntax.self) {
                return .keyPath(
                    k.components.compactMap { c in
                        if let p = c.component.as(KeyPathPropertyComponentSyntax.self) {
                            return p.declName.baseName.text
                        }
                        if c.component.is(KeyPathOptionalComponentSyntax.self) { return nil }
                        return c.component.trimmedDescription
                    })
            }
            if let c = e.as(ClosureExprSyntax.self) { return .closure(ClosureValue(syntax: c, frame: f)) }
            if let t = e.as(TryExprSyntax.self) { return eval(t.expression, f) }
            if let a = e.as(AwaitExprSyntax.self) { return eval(a.expression, f) }
            if let a = e.as(AsExprSyntax.self) { return eval(a.expression, f) }
            if let i = e.as(IfExprSyntax.self) { return ifValue(i, f) }
            if let s = e.as(SwitchExprSyntax.self) {
                if let items = switchBranch(s, f) { return lastValue(items, f) }
                // A value chosen by data only the running app has: the first case it could be, as a view's `if` on
                // such data shows its first branch (the switch's source as a text was a dozen lines of code).
                if let first = switchBranches(s, f).first {
                    warnFirstCase(of: s, first.statements)
                    return lastValue(first.statements, first.frame)
                }
                return .opaque(e.trimmedDescription)
            }
            if let t = e.as(TypeExprSyntax.self) { return .type(t.type.trimmedDescription) }
            if let g = e.as(GenericSpecializationExprSyntax.self) { return eval(g.expression, f) }
            if e.is(InOutExprSyntax.self), let inner = e.as(InOutExprSyntax.self)?.expression { return eval(inner, f) }
            return .opaque(e.trimmedDescription)
        }

        /// An integer literal's value: decimal, `0x` hexadecimal, `0o` octal or `0b` binary, with `_` between digits;
        /// nil past Int's range.
        static func integer(_ literal: String) -> Int? {
            let digits = literal.replacingOccurrences(of: "_", with: "")
            for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where digits.hasPrefix(prefix) {
                return Int(digits.dropFirst(2), radix: radix)
            }
            return Int(digits)
        }

        /// Says that a switch on data only the running app has takes `first`, the first case it could be.
        func warnFirstCase(of s: SwitchExprSyntax, _ first: CodeBlockItemListSyntax) {
            warn(
                point(s),
                "this switch depends on data only the running app has; TenFoot takes the case at line \(point(first).location.line), the first it could be"
            )
        }

        /// Whether an expression is a value that runs nothing to work out: a literal (a number, a truth value, a
        /// string), a name or a chain of members of one.
        static func isPlainValue(_ e: ExprSyntax) -> Bool {
            runsNothing(e) || e.is(IntegerLiteralExprSyntax.self) || e.is(FloatLiteralExprSyntax.self)
                || e.is(BooleanLiteralExprSyntax.self)
        }

        /// Whether an expression is a literal, a name or a chain of members of one.
        static func runsNothing(_ e: ExprSyntax) -> Bool {
            var base: ExprSyntax? = e
            while let b = base {
                if let m = b.as(MemberAccessExprSyntax.self) {
                    base = m.base
                } else {
                    return b.is(DeclReferenceExprSyntax.self) || b.is(StringLiteralExprSyntax.self)
                }
            }
            return true
        }

        /// A text (or no text: `nil`) chosen by a flag only the running app knows (`canResume ? Strings.restart :
        /// Strings.play`) is the one for a false condition, as a title chosen so is: such a flag is mostly a state the
        /// screen opens without. A number or a colour so chosen stays the app's: `.opacity(showsControls ? 1 : 0)`
        /// shows the controls.
        func warnFalseCondition(at: SourcePoint) {
            if let counted = falseChoices {
                falseChoices = counted + 1
                return
            }
            warn(at, "this value depends on data only the running app has; TenFoot takes the one for a false condition")
        }

        func point(_ node: some SyntaxProtocol) -> SourcePoint {
            // Every tree belongs to one of the index's files; find it by root identity.
            let root = node.root
            for file in index.files where Syntax(file.tree) == root { return file.point(node) }
            return SourcePoint(file: index.files.first?.path ?? "", line: 1, column: 1)
        }

        private func string(_ s: StringLiteralExprSyntax, _ f: Frame) -> Value {
            var out = ""
            // A raw string (`#"…"#`) has no escapes: its backslashes are its text (JSON in mock data keeps `\"`).
            let raw = s.openingPounds != nil
            for seg in s.segments {
                if let text = seg.as(StringSegmentSyntax.self) {
                    out += raw ? text.content.text : Self.unescape(text.content.text)
                } else if let x = seg.as(ExpressionSegmentSyntax.self), let first = x.expressions.first {
                    out += eval(first.expression, f).display
                }
                if out.utf8.count > Value.maxStringBytes {
                    // Cut, and said so: as no value it was shown as "nil".
                    warn(
                        point(s), once: "long string",
                        "a string of more than \(Value.maxStringBytes) bytes: cut there (the longest a value holds; a text shows at most \(SceneLimits.maxTextLength) characters)"
                    )
                    return .string(Value.prefix(out, bytes: Value.maxStringBytes))
                }
            }
            return .string(out)
        }

        /// A string literal segment's escapes in one pass, as Swift reads them: `\\`, `\"`, `\'`, `\u{E9}` and the
        /// others; a line feed, tab or carriage return becomes a space (a label is one line), and `\0` is dropped (no
        /// text holds it). An escape Swift would refuse is kept as it is written.
        static func unescape(_ s: String) -> String {
            guard s.utf8.contains(UInt8(ascii: "\\")) else { return s }
            var out = String.UnicodeScalarView()
            var rest = s.unicodeScalars[...]
            while let c = rest.popFirst() {
                guard c == "\\", let e = rest.first else {
                    out.append(c)
                    continue
                }
                switch e {
                case "n", "t", "r":
                    rest.removeFirst()
                    out.append(" ")
                case "\\", "\"", "'":
                    rest.removeFirst()
                    out.append(e)
                case "0": rest.removeFirst()
                case "u":
                    // \u{1…8 hex digits}
                    let body = rest.dropFirst()
                    if body.first == "{", let close = body.firstIndex(of: "}") {
                        let hex = String(String.UnicodeScalarView(body[body.index(after: body.startIndex)..<close]))
                        if (1...8).contains(hex.count), let v = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(v) {
                            out.append(scalar)
                            rest = rest[rest.index(after: close)...]
                            continue
                        }
                    }
                    out.append(c)
                default: out.append(c)
                }
            }
            return String(out)
        }

        // MARK: Names

        /// A name in scope: a local, a property of `self`, a member of the record `self` is, a global, or a type.
        func name(_ name: String, _ f: Frame, _ e: ExprSyntax, member ofSelf: Bool = false) -> Value {
            if name.hasPrefix("$") {
                if let v = f.local(name) { return v }
                if let p = place(named: String(name.dropFirst()), f) { return .binding(p) }
                return .opaque(name)
            }
            if !ofSelf, let v = f.local(name) { return v }
            if name == "self" { return f.selfValue ?? .opaque("self") }
            // `Self.intervals`: the type whose code this is.
            if name == "Self",
                let t = f.instance?.type ?? f.staticType ?? f.selfValue.flatMap({ recordType($0) })
            {
                return .type(t.name)
            }
            if let inst = f.instance, let field = inst.fields[name] { return fieldValue(field, f) }
            if let place = f.selfPlace, let t = recordType(read(place)) {
                if let p = t.property(name) {
                    if let getter = p.getter { return lastValue(getter, f) }
                    var member = place
                    member.path.append(.member(name))
                    return read(member)
                }
            }
            if let sv = f.selfValue {
                if case .record(let r) = sv, let v = r.field(name) { return v }
                if let t = recordType(sv), let p = t.property(name), let getter = p.getter {
                    return lastValue(getter, f)
                }
                // An enum case's own members, named without `self.` inside its type's code.
                if case .enumCase = sv, ["rawValue", "id", "description"].contains(name) {
                    return member(sv, name, text: name, f)
                }
                if let t = recordType(sv), let p = t.properties.first(where: { $0.isStatic && $0.name == name }) {
                    return staticValue(p, of: t)
                }
            }
            if let t = f.staticType, let p = t.properties.first(where: { $0.isStatic && $0.name == name }) {
                return staticValue(p, of: t)
            }
            if let g = index.globals[name] {
                if let getter = g.getter { return lastValue(getter, Frame(parent: nil, instance: nil)) }
                if let i = g.initializer { return eval(i, Frame(parent: nil, instance: nil)) }
            }
            if name.first?.isUppercase == true || index.type(name) != nil { return .type(name) }
            if let inst = f.instance, inst.type.function(name) != nil, let fn = inst.type.function(name) {
                return .method(MethodRef(function: fn, frame: Frame(parent: nil, instance: inst)))
            }
            return runtimeData(name, at: point(e))
        }

        /// A static property's value (evaluated once per screen: statics are constants here).
        func staticValue(_ p: PropertyDecl, of t: TypeDecl) -> Value {
            let key = "\(t.name).\(p.name)"
            if let v = statics[key] { return v }
            let frame = Frame.statics(of: t)
            let v = p.getter.map { lastValue($0, frame) } ?? p.initializer.map { eval($0, frame) } ?? .null
            statics[key] = v
            return v
        }

        func fieldValue(_ field: Field, _ f: Frame) -> Value {
            switch field {
            case .value(let v):
                if case .environment(let key) = v, key == "isFocused" {
                    readsIsFocused = true
                    return .bool(false)
                }
                return v
            case .state(let slot): return read(BindingRef(slot: slot))
            case .binding(let b): return read(b)
            case .computed(let p):
                guard let getter = p.getter, let inst = f.instance else { return .opaque(p.name) }
                let v = lastValue(getter, Frame(parent: nil, instance: inst))
                // Data a getter of several lines computes from the running app's is named after the property
                // (warnings and sample rows quote `videoAttachments`, not the getter's code).
                if case .opaque(let text) = v, text.contains("\n") { return runtimeData(p.name, at: p.at) }
                return v
            }
        }

        /// Where a name lives in the state (`x` for `@State var x`, the target of `@Binding var x`, `$item` in a
        /// ForEach over bindings).
        func place(named name: String, _ f: Frame, member: Bool = false) -> BindingRef? {
            if !member {
                if case .binding(let b)? = f.local("$" + name) { return b }
                if case .binding(let b)? = f.local(name), name.hasPrefix("$") { return b }
                if f.local(name) != nil { return nil }
            }
            if let inst = f.instance, let field = inst.fields[name] {
                switch field {
                case .state(let slot): return BindingRef(slot: slot)
                case .binding(let b): return b
                default: return nil
                }
            }
            if var p = f.selfPlace, let t = recordType(read(p)), t.property(name) != nil {
                p.path.append(.member(name))
                return p
            }
            return nil
        }

        /// The state place an expression names (`options`, `self.list.items`, `$options[i]`), if any.
        func place(_ e: ExprSyntax, _ f: Frame) -> BindingRef? {
            if let r = e.as(DeclReferenceExprSyntax.self) {
                let n = r.baseName.text
                return place(named: n.hasPrefix("$") ? String(n.dropFirst()) : n, f)
            }
            if let m = e.as(MemberAccessExprSyntax.self), let base = m.base {
                if base.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
                    return place(named: m.declName.baseName.text, f, member: true)
                }
                guard var p = place(base, f) else { return nil }
                p.path.append(.member(m.declName.baseName.text))
                return p
            }
            if let s = e.as(SubscriptCallExprSyntax.self), var p = place(s.calledExpression, f),
                let i = s.arguments.first.map({ eval($0.expression, f) })?.asInt
            {
                p.path.append(.index(i))
                return p
            }
            if let o = e.as(OptionalChainingExprSyntax.self) { return place(o.expression, f) }
            if let u = e.as(ForceUnwrapExprSyntax.self) { return place(u.expression, f) }
            return nil
        }

        func recordType(_ v: Value) -> TypeDecl? {
            switch v {
            // A type declared only by the app's extensions (`extension ContentPostV3Response { var first… }`)
            // has those members.
            case .record(let r): index.type(r.type) ?? (r.type == "data" ? nil : index.extensionMembers(of: r.type))
            case .enumCase(let e): e.type.flatMap { index.type($0) }
            default: nil
            }
        }

        // MARK: Members

        func member(_ base: Value, _ name: String, text: @autoclosure () -> String, _ f: Frame) -> Value {
            let v = memberValue(base, name, text: text(), f)
            // An app's first-launch flags (`session.isAuthenticated`, `settings.hasSeenDisclaimer`) that only the
            // running app knows read as they are on a first launch, which is what opening the app shows.
            guard v.isOpaque, let first = Self.firstLaunchValue(of: name) else { return v }
            if case .opaque(let t) = base {
                firstLaunch[t + "." + name] = String(first)
            } else {
                firstLaunch[text()] = String(first)
            }
            return .bool(first)
        }

        private func memberValue(_ base: Value, _ name: String, text: @autoclosure () -> String, _ f: Frame) -> Value {
            switch base {
            case .type(let t):
                if let decl = index.type(t) {
                    if let c = decl.enumCase(name) { return .enumCase(enumValue(decl, c, args: [])) }
                    if name == "allCases", decl.kind == .enumType {
                        return .array(
                            decl.cases.filter { $0.parameterLabels.isEmpty }.map {
                                .enumCase(enumValue(decl, $0, args: []))
                            })
                    }
                    // `Self.$isOn` in a preview: a static @State's binding, read as its value.
                    let stateName = name.hasPrefix("$") ? String(name.dropFirst()) : name
                    if let p = decl.properties.first(where: { $0.isStatic && $0.name == stateName }) {
                        if let data = data[text()] { return value(data) }
                        return staticValue(p, of: decl)
                    }
                    // A type declared inside this one (`Model.Kind.allCases`).
                    if name.first?.isUppercase == true, index.type(t + "." + name) != nil {
                        return .type(t + "." + name)
                    }
                    return runtimeData(
                        text(), at: SourcePoint(file: decl.file.path, line: decl.at.line, column: decl.at.column))
                }
                if let d = data[text()] { return value(d) }
                // SwiftUI's own types (Color.red, Font.title, Edge.Set.horizontal, Double.infinity): a case the
                // tables read by name.
                return .enumCase(EnumValue(type: t, name: name))
            case .record(let r):
                if let v = r.field(name) { return v }
                if let t = recordType(base), let p = t.property(name), let getter = p.getter {
                    let frame = Frame(parent: nil, instance: nil)
                    frame.selfValue = base
                    return lastValue(getter, frame)
                }
                if name == "id" { return base }
                // A type the sources do not declare (a package's): its members are the running app's.
                if r.type != "data", recordType(base) == nil { return .opaque(text()) }
                return .null
            case .array(let a):
                switch name {
                case "count": return .int(a.count)
                case "isEmpty": return .bool(a.isEmpty)
                case "first": return a.first ?? .null
                case "lazy": return base
                case "last": return a.last ?? .null
                case "indices": return .range(0, a.count)
                case "startIndex": return .int(0)
                case "endIndex": return .int(a.count)
                default: return .opaque(text())
                }
            case .range(let lo, let hi):
                switch name {
                case "count": return .int(max(0, hi.subtractingReportingOverflow(lo).overflow ? Int.max : hi - lo))
                case "lowerBound": return .int(lo)
                case "upperBound": return .int(hi)
                case "indices":
                    return .range(0, max(0, hi.subtractingReportingOverflow(lo).overflow ? Int.max : hi - lo))
                case "first": return hi > lo ? .int(lo) : .null
                case "last": return hi > lo ? .int(hi - 1) : .null
                default: return .opaque(text())
                }
            case .string(let s):
                switch name {
                case "count": return .int(s.count)
                case "isEmpty": return .bool(s.isEmpty)
                case "capitalized": return .string(s.capitalized)
                default: return extensionProperty(of: ["String"], base, name) ?? .opaque(text())
                }
            case .enumCase(let e):
                if name == "rawValue" { return e.rawValue ?? .string(e.name) }
                if name == "id" || name == "self" { return base }
                if let t = e.type.flatMap({ index.type($0) }), let p = t.property(name), let getter = p.getter {
                    let frame = Frame(parent: nil, instance: nil)
                    frame.selfValue = base
                    return lastValue(getter, frame)
                }
                if name == "description" { return .string(e.key) }
                if name == "isAccessibilitySize", SwiftUIOptions.dynamicTypeSizes.contains(e.name) {
                    return .bool(e.name.hasPrefix("accessibility"))
                }
                return .opaque(text())
            case .binding(var b):
                b.path.append(.member(name))
                return .binding(b)
            case .opaque(let t):
                return runtimeData(t + "." + name, at: SourcePoint(file: "", line: 1, column: 1))
            case .null:
                return .null
            case .int(let i):
                if name == "description" { return .string(String(i)) }
                return extensionProperty(of: ["Int"], base, name) ?? .opaque(text())
            case .bool:
                if name == "description" { return .string(base.display) }
                return extensionProperty(of: ["Bool"], base, name) ?? .opaque(text())
            case .double:
                if name == "description" { return .string(base.display) }
                return extensionProperty(of: ["Double", "CGFloat"], base, name) ?? .opaque(text())
            default:
                return .opaque(text())
            }
        }

        /// A computed property the app's extensions add to a standard type (`extension Int { var durationText: String
        /// { … } }`), evaluated with `self` the value: the first of `types` whose extensions declare `name`; nil when
        /// none does.
        func extensionProperty(of types: [String], _ base: Value, _ name: String) -> Value? {
            for t in types {
                guard let decl = index.extensionMembers(of: t),
                    let p = decl.properties.first(where: { !$0.isStatic && $0.name == name }), let getter = p.getter
                else { continue }
                let frame = Frame(parent: nil, instance: nil)
                frame.selfValue = base
                return lastValue(getter, frame)
            }
            return nil
        }

        func enumValue(_ decl: TypeDecl, _ c: EnumCaseDecl, args: [Value]) -> EnumValue {
            var raw: Value?
            if let r = c.rawValue {
                raw = eval(r, Frame(parent: nil, instance: nil))
            } else if decl.rawType == "String" {
                raw = .string(c.name)
            } else if decl.rawType == "Int" {
                raw = .int(decl.cases.firstIndex { $0.name == c.name } ?? 0)
            }
            return EnumValue(type: decl.name, name: c.name, args: args, rawValue: raw)
        }
    }

    extension ClosureExprSyntax {
        /// `{ a, b in … }` or `{ (a: Int) in … }`: the parameter names.
        var parameterNames: [String] {
            switch signature?.parameterClause {
            case .simpleInput(let list)?: return list.map { $0.name.text }
            case .parameterClause(let clause)?: return clause.parameters.map { ($0.secondName ?? $0.firstName).text }
            case nil: return []
            case .some(_): return []
            }
        }
    }
#endif
