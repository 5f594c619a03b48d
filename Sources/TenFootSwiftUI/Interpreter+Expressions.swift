#if canImport(SwiftParser)
import Foundation
import TenFootScene
internal import SwiftSyntax

/// Expressions: literals, names, members, calls, operators (folded here: the parser leaves `a + b * c` flat),
/// string interpolation, enums with associated values, records, arrays and ranges.
extension Interpreter {
    func eval(_ e: ExprSyntax, _ f: Frame) -> Value {
        if let i = e.as(IntegerLiteralExprSyntax.self) {
            return Int(i.literal.text.replacingOccurrences(of: "_", with: "")).map(Value.int) ?? .opaque(i.literal.text)
        }
        if let d = e.as(FloatLiteralExprSyntax.self) {
            return Double(d.literal.text.replacingOccurrences(of: "_", with: "")).map(Value.double) ?? .opaque(d.literal.text)
        }
        if let s = e.as(StringLiteralExprSyntax.self) { return string(s, f) }
        if let b = e.as(BooleanLiteralExprSyntax.self) { return .bool(b.literal.tokenKind == .keyword(.true)) }
        if e.is(NilLiteralExprSyntax.self) { return .null }
        if let a = e.as(ArrayExprSyntax.self) { return .array(a.elements.map { eval($0.expression, f) }) }
        if let d = e.as(DictionaryExprSyntax.self) {
            var r = Record(type: "Dictionary", fields: [])
            if case .elements(let list) = d.content { for el in list { r.set(eval(el.key, f).display, eval(el.value, f)) } }
            return .record(r)
        }
        if let t = e.as(TupleExprSyntax.self) {
            if t.elements.count == 1, let only = t.elements.first, only.label == nil { return eval(only.expression, f) }
            return .record(Record(type: "tuple", fields: t.elements.enumerated().map { ($0.element.label?.text ?? String($0.offset), eval($0.element.expression, f)) }))
        }
        if let r = e.as(DeclReferenceExprSyntax.self) { return name(r.baseName.text, f, e) }
        if let m = e.as(MemberAccessExprSyntax.self) {
            let name = m.declName.baseName.text
            guard let base = m.base else { return .enumCase(EnumValue(type: nil, name: name)) }
            if base.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" { return self.name(name, f, e) }
            return member(eval(base, f), name, text: e.trimmedDescription, f)
        }
        if let c = e.as(FunctionCallExprSyntax.self) { return call(c, f) }
        if let s = e.as(SequenceExprSyntax.self) { return evalFolded(fold(Array(s.elements)), f, text: e.trimmedDescription) }
        if let p = e.as(PrefixOperatorExprSyntax.self) {
            let v = eval(p.expression, f)
            switch (p.operator.text, v) {
            case ("!", .bool(let b)): return .bool(!b)
            case ("-", .int(let i)): return .int(-i)
            case ("-", .double(let d)): return .double(-d)
            default: return .opaque(e.trimmedDescription)
            }
        }
        if let t = e.as(TernaryExprSyntax.self) {
            switch eval(t.condition, f) {
            case .bool(true): return eval(t.thenExpression, f)
            case .bool(false): return eval(t.elseExpression, f)
            default: return .opaque(e.trimmedDescription)
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
            case (.binding(var b), .int(let i)): b.path.append(.index(i)); return .binding(b)
            case (.record(let r), _): return r.field(key.display) ?? .null
            case (.opaque(let t), _): return runtimeData("\(t)[\(key.display)]", at: point(e))
            default: return .opaque(e.trimmedDescription)
            }
        }
        if let k = e.as(KeyPathExprSyntax.self) {
            return .keyPath(k.components.compactMap { c in
                if let p = c.component.as(KeyPathPropertyComponentSyntax.self) { return p.declName.baseName.text }
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
            return .opaque(e.trimmedDescription)
        }
        if let t = e.as(TypeExprSyntax.self) { return .type(t.type.trimmedDescription) }
        if let g = e.as(GenericSpecializationExprSyntax.self) { return eval(g.expression, f) }
        if e.is(InOutExprSyntax.self), let inner = e.as(InOutExprSyntax.self)?.expression { return eval(inner, f) }
        return .opaque(e.trimmedDescription)
    }

    func point(_ node: some SyntaxProtocol) -> SourcePoint {
        // Every tree belongs to one of the index's files; find it by root identity.
        let root = node.root
        for file in index.files where Syntax(file.tree) == root { return file.point(node) }
        return SourcePoint(file: index.files.first?.path ?? "", line: 1, column: 1)
    }

    private func string(_ s: StringLiteralExprSyntax, _ f: Frame) -> Value {
        var out = ""
        for seg in s.segments {
            if let text = seg.as(StringSegmentSyntax.self) { out += unescape(text.content.text) }
            else if let x = seg.as(ExpressionSegmentSyntax.self), let first = x.expressions.first { out += eval(first.expression, f).display }
        }
        return .string(out)
    }

    private func unescape(_ s: String) -> String {
        guard s.contains("\\") else { return s }
        return s.replacingOccurrences(of: "\\n", with: " ").replacingOccurrences(of: "\\\"", with: "\"")
            .replacingOccurrences(of: "\\t", with: " ").replacingOccurrences(of: "\\\\", with: "\\")
    }

    // MARK: Names

    /// A name in scope: a local, a property of `self`, a member of the record `self` is, a global, or a type.
    func name(_ name: String, _ f: Frame, _ e: ExprSyntax) -> Value {
        if name.hasPrefix("$") {
            if let v = f.local(name) { return v }
            if let p = place(named: String(name.dropFirst()), f) { return .binding(p) }
            return .opaque(name)
        }
        if let v = f.local(name) { return v }
        if name == "self" { return f.selfValue ?? .opaque("self") }
        if let inst = f.instance, let field = inst.fields[name] { return fieldValue(field, f) }
        if let place = f.selfPlace, let t = recordType(read(place)) {
            if let p = t.property(name) {
                if let getter = p.getter { return lastValue(getter, f) }
                var member = place; member.path.append(.member(name)); return read(member)
            }
        }
        if let sv = f.selfValue {
            if case .record(let r) = sv, let v = r.field(name) { return v }
            if let t = recordType(sv), let p = t.property(name), let getter = p.getter { return lastValue(getter, f) }
        }
        if let t = f.staticType, let p = t.properties.first(where: { $0.isStatic && $0.name == name }) { return staticValue(p, of: t) }
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
            if case .environment(let key) = v, key == "isFocused" { readsIsFocused = true; return .bool(false) }
            return v
        case .state(let slot): return read(BindingRef(slot: slot))
        case .binding(let b): return read(b)
        case .computed(let p):
            guard let getter = p.getter, let inst = f.instance else { return .opaque(p.name) }
            return lastValue(getter, Frame(parent: nil, instance: inst))
        }
    }

    /// Where a name lives in the state (`x` for `@State var x`, the target of `@Binding var x`, `$item` in a
    /// ForEach over bindings).
    func place(named name: String, _ f: Frame) -> BindingRef? {
        if case .binding(let b)? = f.local("$" + name) { return b }
        if case .binding(let b)? = f.local(name), name.hasPrefix("$") { return b }
        if f.local(name) != nil { return nil }
        if let inst = f.instance, let field = inst.fields[name] {
            switch field {
            case .state(let slot): return BindingRef(slot: slot)
            case .binding(let b): return b
            default: return nil
            }
        }
        if var p = f.selfPlace, let t = recordType(read(p)), t.property(name) != nil { p.path.append(.member(name)); return p }
        return nil
    }

    /// The state place an expression names (`options`, `self.list.items`, `$options[i]`), if any.
    func place(_ e: ExprSyntax, _ f: Frame) -> BindingRef? {
        if let r = e.as(DeclReferenceExprSyntax.self) {
            let n = r.baseName.text
            return place(named: n.hasPrefix("$") ? String(n.dropFirst()) : n, f)
        }
        if let m = e.as(MemberAccessExprSyntax.self), let base = m.base {
            if base.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" { return place(named: m.declName.baseName.text, f) }
            guard var p = place(base, f) else { return nil }
            p.path.append(.member(m.declName.baseName.text)); return p
        }
        if let s = e.as(SubscriptCallExprSyntax.self), var p = place(s.calledExpression, f),
           let i = s.arguments.first.map({ eval($0.expression, f) })?.asInt {
            p.path.append(.index(i)); return p
        }
        if let o = e.as(OptionalChainingExprSyntax.self) { return place(o.expression, f) }
        if let u = e.as(ForceUnwrapExprSyntax.self) { return place(u.expression, f) }
        return nil
    }

    func recordType(_ v: Value) -> TypeDecl? {
        switch v {
        case .record(let r): index.type(r.type)
        case .enumCase(let e): e.type.flatMap { index.type($0) }
        default: nil
        }
    }

    // MARK: Members

    func member(_ base: Value, _ name: String, text: @autoclosure () -> String, _ f: Frame) -> Value {
        switch base {
        case .type(let t):
            if let decl = index.type(t) {
                if let c = decl.enumCase(name) { return .enumCase(enumValue(decl, c, args: [])) }
                if name == "allCases", decl.kind == .enumType {
                    return .array(decl.cases.filter { $0.parameterLabels.isEmpty }.map { .enumCase(enumValue(decl, $0, args: [])) })
                }
                if let p = decl.properties.first(where: { $0.isStatic && $0.name == name }) {
                    if let data = data[text()] { return value(data) }
                    return staticValue(p, of: decl)
                }
                return runtimeData(text(), at: SourcePoint(file: decl.file.path, line: decl.at.line, column: decl.at.column))
            }
            if let d = data[text()] { return value(d) }
            // SwiftUI's own types (Color.red, Font.title, Edge.Set.horizontal, Double.infinity): a case the
            // tables read by name.
            return .enumCase(EnumValue(type: t, name: name))
        case .record(let r):
            if let v = r.field(name) { return v }
            if let t = index.type(r.type), let p = t.property(name), let getter = p.getter {
                let frame = Frame(parent: nil, instance: nil); frame.selfValue = base
                return lastValue(getter, frame)
            }
            if name == "id" { return base }
            return .null
        case .array(let a):
            switch name {
            case "count": return .int(a.count)
            case "isEmpty": return .bool(a.isEmpty)
            case "first": return a.first ?? .null
            case "last": return a.last ?? .null
            case "indices": return .range(0, a.count)
            case "startIndex": return .int(0)
            case "endIndex": return .int(a.count)
            default: return .opaque(text())
            }
        case .range(let lo, let hi):
            switch name {
            case "count": return .int(max(0, hi - lo))
            case "lowerBound": return .int(lo)
            case "upperBound": return .int(hi)
            case "indices": return .range(0, max(0, hi - lo))
            case "first": return hi > lo ? .int(lo) : .null
            case "last": return hi > lo ? .int(hi - 1) : .null
            default: return .opaque(text())
            }
        case .string(let s):
            switch name {
            case "count": return .int(s.count)
            case "isEmpty": return .bool(s.isEmpty)
            case "capitalized": return .string(s.capitalized)
            default: return .opaque(text())
            }
        case .enumCase(let e):
            if name == "rawValue" { return e.rawValue ?? .string(e.name) }
            if name == "id" || name == "self" { return base }
            if let t = e.type.flatMap({ index.type($0) }), let p = t.property(name), let getter = p.getter {
                let frame = Frame(parent: nil, instance: nil); frame.selfValue = base
                return lastValue(getter, frame)
            }
            if name == "description" { return .string(e.key) }
            return .opaque(text())
        case .binding(var b):
            b.path.append(.member(name)); return .binding(b)
        case .opaque(let t):
            return runtimeData(t + "." + name, at: SourcePoint(file: "", line: 1, column: 1))
        case .null:
            return .null
        case .int(let i):
            if name == "description" { return .string(String(i)) }
            return .opaque(text())
        default:
            return .opaque(text())
        }
    }

    func enumValue(_ decl: TypeDecl, _ c: EnumCaseDecl, args: [Value]) -> EnumValue {
        var raw: Value?
        if let r = c.rawValue { raw = eval(r, Frame(parent: nil, instance: nil)) }
        else if decl.rawType == "String" { raw = .string(c.name) }
        else if decl.rawType == "Int" { raw = .int(decl.cases.firstIndex { $0.name == c.name } ?? 0) }
        return EnumValue(type: decl.name, name: c.name, args: args, rawValue: raw)
    }

    // MARK: Calls

    func call(_ c: FunctionCallExprSyntax, _ f: Frame) -> Value {
        let args = c.arguments.map { Call.Argument(label: $0.label?.text, expr: $0.expression) }
        func values() -> [Value] { args.map { eval($0.expr, f) } }
        if let m = c.calledExpression.as(MemberAccessExprSyntax.self) {
            let name = m.declName.baseName.text
            guard let baseExpr = m.base else { return .enumCase(EnumValue(type: nil, name: name, args: values())) }
            if baseExpr.as(DeclReferenceExprSyntax.self)?.baseName.text == "self", let inst = f.instance, let fn = inst.type.function(name) {
                return callFunction(fn, args, f, context: Frame(parent: nil, instance: inst), trailing: c.trailingClosure)
            }
            // A method of a record kept in the state runs on that place (its mutations stick).
            if let p = place(baseExpr, f), let t = recordType(read(p)), let fn = t.function(name) {
                let ctx = Frame(parent: nil, instance: nil); ctx.selfPlace = p
                return callFunction(fn, args, f, context: ctx, trailing: c.trailingClosure)
            }
            let base = eval(baseExpr, f)
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
                return callFunction(fn, args, f, context: Frame(parent: nil, instance: inst), trailing: c.trailingClosure)
            }
            if let inst = f.instance, let field = inst.fields[name] { return invoke(fieldValue(field, f), args, f, trailing: c.trailingClosure) }
            if let sv = f.selfValue, let t = recordType(sv), let fn = t.function(name) {
                let ctx = Frame(parent: nil, instance: nil); ctx.selfValue = sv
                return callFunction(fn, args, f, context: ctx, trailing: c.trailingClosure)
            }
            if let p = f.selfPlace, let t = recordType(read(p)), let fn = t.function(name) {
                let ctx = Frame(parent: nil, instance: nil); ctx.selfPlace = p
                return callFunction(fn, args, f, context: ctx, trailing: c.trailingClosure)
            }
            if let t = f.staticType, let fn = t.functions.first(where: { $0.isStatic && $0.name == name }) {
                return callFunction(fn, args, f, context: Frame.statics(of: t), trailing: c.trailingClosure)
            }
            if let fn = index.globalFunctions[name] { return callFunction(fn, args, f, context: Frame(parent: nil, instance: nil), trailing: c.trailingClosure) }
            if let v = builtin(name, values: values, args: args, f) { return v }
            if let decl = index.type(name) { return construct(decl, args, f) }
            // A type TenFoot does not know (GridItem, EdgeInsets, UUID-like helpers): a record of its arguments.
            if name.first?.isUppercase == true {
                return .record(Record(type: name, fields: args.enumerated().map { ($0.element.label ?? "_\($0.offset)", eval($0.element.expr, f)) }))
            }
            return .opaque(c.trimmedDescription)
        }
        return .opaque(c.trimmedDescription)
    }

    /// Calls a closure or method value.
    func invoke(_ v: Value, _ args: [Call.Argument], _ f: Frame, trailing: ClosureExprSyntax? = nil) -> Value {
        switch v {
        case .closure(let c):
            let frame = c.syntax.parameterNames.isEmpty ? c.frame.child() : c.frame.child()
            for (name, a) in zip(c.syntax.parameterNames, args) { frame.locals[name] = eval(a.expr, f) }
            return lastValue(c.syntax.statements, frame)
        case .method(let m):
            return callFunction(m.function, args, f, context: m.frame, trailing: trailing)
        default:
            return .opaque("call")
        }
    }

    /// A user function: parameters bound by label (defaults filled), then the body run to its `return`.
    func callFunction(_ fn: FunctionDecl, _ args: [Call.Argument], _ callerFrame: Frame, context: Frame, trailing: ClosureExprSyntax?) -> Value {
        guard depth < Interpreter.maxDepth, let body = fn.body else { return .opaque(fn.name) }
        let frame = context.child()
        bind(fn.parameters, args, callerFrame, into: frame, trailing: trailing)
        depth += 1; defer { depth -= 1 }
        return lastValue(body, frame)
    }

    func bind(_ params: [ParameterDecl], _ args: [Call.Argument], _ callerFrame: Frame, into frame: Frame, trailing: ClosureExprSyntax?) {
        var unlabelled = args.filter { $0.label == nil }.makeIterator()
        for p in params {
            if let label = p.label, let a = args.first(where: { $0.label == label }) { frame.locals[p.name] = eval(a.expr, callerFrame) }
            else if p.label == nil, let a = unlabelled.next() { frame.locals[p.name] = eval(a.expr, callerFrame) }
            else if p.isClosure, let t = trailing { frame.locals[p.name] = .closure(ClosureValue(syntax: t, frame: callerFrame)) }
            else if let d = p.defaultValue { frame.locals[p.name] = eval(d, frame) }
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
            if let a = args.first(where: { $0.label == p.name }) { r.set(p.name, eval(a.expr, f)) }
            else if args.isEmpty == false, args.allSatisfy({ $0.label == nil }), let a = unlabelled.next() { r.set(p.name, eval(a.expr, f)) }
            else if let i = p.initializer { r.set(p.name, eval(i, Frame(parent: nil, instance: nil))) }
            else { r.set(p.name, .null) }
        }
        return .record(r)
    }

    private func builtin(_ name: String, values: () -> [Value], args: [Call.Argument], _ f: Frame) -> Value? {
        switch name {
        case "String": return values().first.map { .string($0.display) }
        case "Int": return values().first.map { v in v.asDouble.map { .int(Int($0)) } ?? (Int(v.display).map(Value.int) ?? .null) }
        case "Double", "CGFloat", "Float": return values().first.map { v in v.asDouble.map(Value.double) ?? (Double(v.display).map(Value.double) ?? .null) }
        case "Array": return values().first.map { v in v.elements.map(Value.array) ?? v }
        case "min": let v = values().compactMap(\.asDouble); return v.min().map(number)
        case "max": let v = values().compactMap(\.asDouble); return v.max().map(number)
        case "abs": return values().first?.asDouble.map { number(abs($0)) }
        case "UUID":
            uuidCount += 1
            return .string("uuid-\(uuidCount)")
        case "Text", "LocalizedStringKey": return values().first.map { .string($0.display) }
        default: return nil
        }
    }

    func number(_ d: Double) -> Value { d == d.rounded() && abs(d) < 1e15 ? .int(Int(d)) : .double(d) }

    /// Methods of values: arrays, strings, numbers, and the methods declared on records and enums.
    private func method(_ base: Value, _ name: String, _ args: [Call.Argument], _ c: FunctionCallExprSyntax, _ f: Frame) -> Value {
        let values = { args.map { self.eval($0.expr, f) } }
        let closure: ClosureValue? = c.trailingClosure.map { ClosureValue(syntax: $0, frame: f) }
            ?? args.first.flatMap { if case .closure(let cv) = eval($0.expr, f) { cv } else { nil } }
        func apply(_ cv: ClosureValue, _ items: [Value]) -> Value {
            let frame = cv.frame.child()
            let names = cv.syntax.parameterNames
            if names.isEmpty { frame.locals["$0"] = items.first ?? .null; if items.count > 1 { frame.locals["$1"] = items[1] } }
            for (n, v) in zip(names, items) { frame.locals[n] = v }
            return lastValue(cv.syntax.statements, frame)
        }
        if let items = base.elements {
            switch name {
            case "map": return closure.map { cv in .array(items.map { apply(cv, [$0]) }) } ?? .opaque(c.trimmedDescription)
            case "filter": return closure.map { cv in .array(items.filter { apply(cv, [$0]).asBool == true }) } ?? .opaque(c.trimmedDescription)
            case "enumerated": return .array(items.enumerated().map { .record(Record(type: "tuple", fields: [("offset", .int($0.offset)), ("element", $0.element)])) })
            case "reversed": return .array(items.reversed())
            case "sorted": return .array(items.sorted { $0.display < $1.display })
            case "prefix": return .array(Array(items.prefix(values().first?.asInt ?? 0)))
            case "suffix": return .array(Array(items.suffix(values().first?.asInt ?? 0)))
            case "dropFirst": return .array(Array(items.dropFirst(values().first?.asInt ?? 1)))
            case "dropLast": return .array(Array(items.dropLast(values().first?.asInt ?? 1)))
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
            case "joined": return .string(items.map(\.display).joined(separator: values().first?.display ?? ""))
            default: break
            }
        }
        switch (base, name) {
        case (.string(let s), "uppercased"): return .string(s.uppercased())
        case (.string(let s), "lowercased"): return .string(s.lowercased())
        case (.string(let s), "hasPrefix"): return .bool(s.hasPrefix(values().first?.display ?? ""))
        case (.string(let s), "hasSuffix"): return .bool(s.hasSuffix(values().first?.display ?? ""))
        case (.string(let s), "contains"): return .bool(s.contains(values().first?.display ?? ""))
        case (_, "formatted"): return .string(base.display)
        default: break
        }
        if let t = recordType(base), let fn = t.function(name) {
            let ctx = Frame(parent: nil, instance: nil); ctx.selfValue = base
            return callFunction(fn, args, f, context: ctx, trailing: c.trailingClosure)
        }
        if case .opaque(let t) = base { return runtimeData("\(t).\(name)()", at: point(c)) }
        return .opaque(c.trimmedDescription)
    }

    // MARK: Operators

    /// `a + b * c` arrives flat; fold it with Swift's precedence groups.
    indirect enum Folded {
        case leaf(ExprSyntax)
        case binary(String, Folded, Folded)
        case ternary(Folded, ExprSyntax, Folded)
        case assign(String, Folded, Folded)
        case cast(Folded)
    }

    static func precedence(_ op: String) -> (Int, Bool) {
        switch op {
        case "*", "/", "%", "&*": (150, false)
        case "+", "-", "&+", "&-": (140, false)
        case "..<", "...": (135, false)
        case "as", "is": (132, false)
        case "??": (131, true)
        case "==", "!=", "<", ">", "<=", ">=", "===", "!==", "~=": (130, false)
        case "&&": (120, false)
        case "||": (110, false)
        case "?:": (100, true)
        default: (90, true)   // = += -= …
        }
    }

    func fold(_ elements: [ExprSyntax]) -> Folded {
        var operands: [Folded] = []
        var operators: [(String, ExprSyntax)] = []
        var k = 0
        while k < elements.count {
            let el = elements[k]
            if k % 2 == 0 { operands.append(.leaf(el)) } else {
                if let b = el.as(BinaryOperatorExprSyntax.self) { operators.append((b.operator.text, el)) }
                else if el.is(AssignmentExprSyntax.self) { operators.append(("=", el)) }
                else if el.is(UnresolvedTernaryExprSyntax.self) { operators.append(("?:", el)) }
                else if el.is(UnresolvedAsExprSyntax.self) { operators.append(("as", el)) }
                else if el.is(UnresolvedIsExprSyntax.self) { operators.append(("is", el)) }
                else { operators.append((el.trimmedDescription, el)) }
            }
            k += 1
        }
        var pos = 0
        var opPos = 0
        func parse(_ minPrec: Int) -> Folded {
            var lhs = operands[pos]; pos += 1
            while opPos < operators.count {
                let (op, syntax) = operators[opPos]
                let (prec, right) = Interpreter.precedence(op)
                guard prec >= minPrec else { break }
                opPos += 1
                let rhs = parse(right ? prec : prec + 1)
                switch op {
                case "?:": lhs = .ternary(lhs, syntax.as(UnresolvedTernaryExprSyntax.self)!.thenExpression, rhs)
                case "as", "is": lhs = .cast(lhs)
                case "=", "+=", "-=", "*=", "/=": lhs = .assign(op, lhs, rhs)
                default: lhs = .binary(op, lhs, rhs)
                }
            }
            return lhs
        }
        guard !operands.isEmpty, operands.count == operators.count + 1 else { return .leaf(elements.first!) }
        return parse(0)
    }

    func evalFolded(_ x: Folded, _ f: Frame, text: @autoclosure () -> String) -> Value {
        switch x {
        case .leaf(let e): return eval(e, f)
        case .cast(let inner): return evalFolded(inner, f, text: text())
        case .ternary(let c, let then, let other):
            switch evalFolded(c, f, text: text()) {
            case .bool(true): return eval(then, f)
            case .bool(false): return evalFolded(other, f, text: text())
            default: return .opaque(text())
            }
        case .assign(let op, let target, let value):
            guard case .leaf(let t) = target else { return .null }
            var v = evalFolded(value, f, text: text())
            if op != "=" { v = arithmetic(String(op.dropLast()), eval(t, f), v) ?? .opaque(text()) }
            assign(t, v, f)
            return .null
        case .binary(let op, let l, let r):
            if op == "&&" {
                let a = evalFolded(l, f, text: text())
                if a.asBool == false { return .bool(false) }
                let b = evalFolded(r, f, text: text())
                guard let x = a.asBool, let y = b.asBool else { return .opaque(text()) }
                return .bool(x && y)
            }
            if op == "||" {
                let a = evalFolded(l, f, text: text())
                if a.asBool == true { return .bool(true) }
                let b = evalFolded(r, f, text: text())
                guard let x = a.asBool, let y = b.asBool else { return .opaque(text()) }
                return .bool(x || y)
            }
            let a = evalFolded(l, f, text: text()), b = evalFolded(r, f, text: text())
            if op == "??" { if case .null = a { return b }; return a }
            if a.isOpaque || b.isOpaque { return .opaque(text()) }
            switch op {
            case "==": return Value.equal(a, b).map(Value.bool) ?? .opaque(text())
            case "!=": return Value.equal(a, b).map { .bool(!$0) } ?? .opaque(text())
            case "<", ">", "<=", ">=":
                if let x = a.asDouble, let y = b.asDouble {
                    return .bool(op == "<" ? x < y : op == ">" ? x > y : op == "<=" ? x <= y : x >= y)
                }
                if case .string(let x) = a, case .string(let y) = b {
                    return .bool(op == "<" ? x < y : op == ">" ? x > y : op == "<=" ? x <= y : x >= y)
                }
                return .opaque(text())
            case "..<": if let x = a.asInt, let y = b.asInt { return .range(x, max(x, y)) }; return .opaque(text())
            case "...": if let x = a.asInt, let y = b.asInt { return .range(x, max(x, y + 1)) }; return .opaque(text())
            default: return arithmetic(op, a, b) ?? .opaque(text())
            }
        }
    }

    func arithmetic(_ op: String, _ a: Value, _ b: Value) -> Value? {
        if case .int(let x) = a, case .int(let y) = b {
            switch op {
            case "+": return .int(x &+ y)
            case "-": return .int(x &- y)
            case "*": return .int(x &* y)
            case "/": return y == 0 ? nil : .int(x / y)
            case "%": return y == 0 ? nil : .int(x % y)
            default: return nil
            }
        }
        if let x = a.asDouble, let y = b.asDouble {
            switch op {
            case "+": return .double(x + y)
            case "-": return .double(x - y)
            case "*": return .double(x * y)
            case "/": return y == 0 ? nil : .double(x / y)
            default: return nil
            }
        }
        if op == "+", case .string(let x) = a, case .string(let y) = b { return .string(x + y) }
        if op == "+", case .array(let x) = a, case .array(let y) = b { return .array(x + y) }
        return nil
    }

    // MARK: Conditions

    /// A condition as the scene format can follow it (`{"state": x, "equals": v}`), or its value now.
    func condition(_ e: ExprSyntax, _ f: Frame) -> DraftCondition {
        if let p = e.as(PrefixOperatorExprSyntax.self), p.operator.text == "!" {
            switch condition(p.expression, f) {
            case .always(let b): return .always(!b)
            case .state(let s, .bool(let b)): return .state(s, .bool(!b))
            case .state: return .always(eval(e, f).asBool ?? false)
            }
        }
        if let place = place(e, f), place.path.isEmpty, case .bool = read(place) { return .state(place.slot, .bool(true)) }
        if let seq = e.as(SequenceExprSyntax.self), seq.elements.count == 3 {
            let els = Array(seq.elements)
            if let op = els[1].as(BinaryOperatorExprSyntax.self)?.operator.text, op == "==" || op == "!=" {
                for (lhs, rhs) in [(els[0], els[2]), (els[2], els[0])] {
                    guard let place = place(lhs, f), place.path.isEmpty, let v = eval(rhs, f).stateValue else { continue }
                    if op == "==" { return .state(place.slot, v) }
                    if case .bool(let b) = v { return .state(place.slot, .bool(!b)) }
                }
            }
        }
        return .always(eval(e, f).asBool ?? false)
    }

    // MARK: Statement values

    /// The value of a block used as an expression: its `return`, or its last expression.
    func lastValue(_ items: CodeBlockItemListSyntax, _ f: Frame) -> Value {
        if items.count == 1, let only = items.first, case .expr(let e) = only.item { return eval(e, f) }
        switch run(items, f) {
        case .returned(let v): return v
        case .normal(let last): return last ?? .null
        }
    }

    func ifValue(_ i: IfExprSyntax, _ f: Frame) -> Value {
        let frame = f.child()
        switch conditionsHold(i.conditions, frame) {
        case true?: return lastValue(i.body.statements, frame)
        case false?:
            switch i.elseBody {
            case .codeBlock(let b)?: return lastValue(b.statements, f)
            case .ifExpr(let next)?: return ifValue(next, f)
            case nil: return .null
            @unknown default: return .null
            }
        case nil: return .opaque(i.trimmedDescription)
        }
    }

    /// Whether `if`/`guard` conditions hold (binding `if let` names into `frame`); nil when they depend on
    /// something only the running app knows.
    func conditionsHold(_ conditions: ConditionElementListSyntax, _ frame: Frame) -> Bool? {
        for c in conditions {
            switch c.condition {
            case .expression(let e):
                switch eval(e, frame) {
                case .bool(let b): if !b { return false }
                default: return nil
                }
            case .optionalBinding(let b):
                guard let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return nil }
                let v = b.initializer.map { eval($0.value, frame) } ?? eval(ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier(name))), frame)
                if case .null = v { return false }
                frame.locals[name] = v
                if v.isOpaque { return nil }
            case .matchingPattern(let m):
                let v = eval(m.initializer.value, frame)
                guard let matched = matches(m.pattern, v, frame) else { return nil }
                if !matched { return false }
            default: return nil
            }
        }
        return true
    }

    /// The statements of the `switch` case that matches, binding `case .option(let i)` names.
    func switchBranch(_ s: SwitchExprSyntax, _ f: Frame) -> CodeBlockItemListSyntax? {
        let subject = eval(s.subject, f)
        for element in s.cases {
            guard let sc = element.as(SwitchCaseSyntax.self) else { continue }
            switch sc.label {
            case .default: return sc.statements
            case .case(let label):
                for item in label.caseItems {
                    let frame = f
                    if matches(item.pattern, subject, frame) == true { return sc.statements }
                }
            @unknown default: continue
            }
        }
        return nil
    }

    /// Whether a value matches a `case` pattern (`.email`, `.option(let i)`, `nil`, `1...3`); nil if unknown.
    func matches(_ pattern: PatternSyntax, _ v: Value, _ f: Frame) -> Bool? {
        if let vb = pattern.as(ValueBindingPatternSyntax.self) { return matches(vb.pattern, v, f) }
        if let ip = pattern.as(IdentifierPatternSyntax.self) { f.locals[ip.identifier.text] = v; return true }
        if pattern.is(WildcardPatternSyntax.self) { return true }
        guard let ep = pattern.as(ExpressionPatternSyntax.self) else { return nil }
        let e = ep.expression
        if v.isOpaque { return nil }
        // `.option(let i)`: the case name, then each associated value (binding names).
        if let c = e.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self) {
            guard case .enumCase(let ev) = v, ev.name == m.declName.baseName.text else { return false }
            for (arg, value) in zip(c.arguments, ev.args) {
                if let pe = arg.expression.as(PatternExprSyntax.self) {
                    if matches(pe.pattern, value, f) == false { return false }
                } else if Value.equal(eval(arg.expression, f), value) == false { return false }
            }
            return true
        }
        if let m = e.as(MemberAccessExprSyntax.self), m.base == nil {
            if case .enumCase(let ev) = v { return ev.name == m.declName.baseName.text }
            return false
        }
        if let pe = e.as(PatternExprSyntax.self) { return matches(pe.pattern, v, f) }
        let p = eval(e, f)
        if case .range(let lo, let hi) = p, let i = v.asInt { return i >= lo && i < hi }
        return Value.equal(p, v)
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
