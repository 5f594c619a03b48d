#if canImport(SwiftParser)
    import Foundation
    import FocusEngine
    import TenFootScene
    import TenFootSwiftUI
    internal import SwiftSyntax

    /// Operators (folded here with Swift's precedence: the parser leaves `a + b * c` flat), conditions the scene
    /// format can follow, the values of blocks, and `if`/`switch` patterns.
    extension Interpreter {
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
            case "<<", ">>", "&<<", "&>>": (160, false)
            case "*", "/", "%", "&*", "&": (150, false)
            case "+", "-", "&+", "&-", "|", "^": (140, false)
            case "..<", "...": (135, false)
            case "as", "is": (132, false)
            case "??": (131, true)
            case "==", "!=", "<", ">", "<=", ">=", "===", "!==", "~=": (130, false)
            case "&&": (120, false)
            case "||": (110, false)
            case "?:": (100, true)
            default: (90, true)  // = += -= …
            }
        }

        func fold(_ elements: [ExprSyntax]) -> Folded {
            var operands: [Folded] = []
            var operators: [(String, ExprSyntax)] = []
            var k = 0
            while k < elements.count {
                let el = elements[k]
                if k % 2 == 0 {
                    operands.append(.leaf(el))
                } else {
                    if let b = el.as(BinaryOperatorExprSyntax.self) {
                        operators.append((b.operator.text, el))
                    } else if el.is(AssignmentExprSyntax.self) {
                        operators.append(("=", el))
                    } else if el.is(UnresolvedTernaryExprSyntax.self) {
                        operators.append(("?:", el))
                    } else if el.is(UnresolvedAsExprSyntax.self) {
                        operators.append(("as", el))
                    } else if el.is(UnresolvedIsExprSyntax.self) {
                        operators.append(("is", el))
                    } else {
                        operators.append((el.trimmedDescription, el))
                    }
                }
                k += 1
            }
            var pos = 0
            var opPos = 0
            func parse(_ minPrec: Int) -> Folded {
                var lhs = operands[pos]
                pos += 1
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

        func evalFolded(_ x: Folded, _ f: Frame, text: @escaping @autoclosure () -> String) -> Value {
            evalFolded(x, f, OnceText(text), whole: true)
        }

        /// The whole expression's text, made the first time a part of it cannot be worked out and kept: made again
        /// at every level, a chain of 100,000 comparisons took minutes (the text is the whole chain each time).
        final class OnceText {
            private let make: () -> String
            private(set) lazy var value = make()
            init(_ make: @escaping () -> String) { self.make = make }
        }

        /// A choice (`flag ? a : b`) whose flag only the running app knows, its false branch worked out once. A text
        /// (or nil beside a text) so chosen is the false branch's, and so is data the false branch names (`compact ?
        /// Array(items.prefix(1)) : items` is `items`), each with a warning; a choice that would run code, a number
        /// and a colour stay the app's. `whole`: the choice is the whole expression named `text`, whose false
        /// branch's size (above zero) a frame may take (`sizeChoices`).
        func unknownChoice(then: ExprSyntax, other: Folded, _ f: Frame, _ text: OnceText, whole: Bool) -> Value {
            let at = point(then.parent ?? Syntax(then))
            guard case .leaf(let e) = other else {
                if whole { recordSize(falseNumber(other, f, text), for: text.value) }
                return .opaque(text.value)
            }
            if e.is(NilLiteralExprSyntax.self) {
                guard Self.runsNothing(then), case .string = eval(then, f) else { return .opaque(text.value) }
                warnFalseCondition(at: at)
                return .null
            }
            guard Self.runsNothing(e) else {
                if whole { recordSize(falseNumber(other, f, text), for: text.value) }
                return .opaque(text.value)
            }
            let v = eval(e, f)
            switch v {
            case .string, .opaque:
                warnFalseCondition(at: at)
                return v
            default:
                if whole { recordSize(v.asDouble == nil ? nil : v, for: text.value) }
                return .opaque(text.value)
            }
        }

        /// Keeps the size a choice's false branch gives, under the choice's text; a text whose choices gave
        /// different sizes, or a size and none (the same code in two views), keeps none from then on, and a size
        /// of zero or less is not kept (a section a flag collapses, `showsHero ? 600 : 0`, is not hidden). At most
        /// `maxSizeChoiceBytes` of texts.
        func recordSize(_ size: Value?, for key: String) {
            guard !ambiguousSizes.contains(key) else { return }
            let d = size?.asDouble
            if let kept = sizeChoices[key] {
                if kept.asDouble != d {
                    sizeChoices[key] = nil
                    ambiguousSizes.insert(key)
                }
                return
            }
            guard let size, let d, d > 0 else { return }
            guard sizeChoiceBytes + key.utf8.count <= Self.maxSizeChoiceBytes else { return }
            sizeChoiceBytes += key.utf8.count
            sizeChoices[key] = size
        }

        static let maxSizeChoiceBytes = 4_000_000

        /// The number a choice's false branch gives, when working it out runs nothing (a literal, a name, a member
        /// of one, or another such choice).
        func falseNumber(_ x: Folded, _ f: Frame, _ text: OnceText) -> Value? {
            switch x {
            case .leaf(let e):
                if let t = e.as(TupleExprSyntax.self), t.elements.count == 1, let inner = t.elements.first,
                    inner.label == nil
                {
                    return falseNumber(.leaf(inner.expression), f, text)
                }
                // A choice within the choice, one that calls and assigns nothing (`isExpanded ? 700 : size.width`).
                if let s = e.as(SequenceExprSyntax.self) {
                    guard
                        !s.tokens(viewMode: .sourceAccurate).contains(where: {
                            [.leftParen, .equal].contains($0.tokenKind)
                        })
                    else { return nil }
                    return falseNumber(fold(Array(s.elements)), f, text)
                }
                guard Self.isPlainValue(e) else { return nil }
                let v = eval(e, f)
                return v.asDouble == nil ? nil : v
            // Worked out here rather than by `evalFolded`, which would keep every level's choice under the whole
            // chain's text (hashing it once a level).
            case .ternary(let c, let then, let other):
                switch evalFolded(c, f, text) {
                case .bool(true): return falseNumber(.leaf(then), f, text)
                default: return falseNumber(other, f, text)
                }
            case .cast(let inner): return falseNumber(inner, f, text)
            default: return nil
            }
        }

        /// `whole`: whether `x`'s value is the whole expression's (the expression itself, or a branch a choice at
        /// its top takes), so that a size chosen in it is the size `text` names.
        func evalFolded(_ x: Folded, _ f: Frame, _ text: OnceText, whole: Bool = false) -> Value {
            switch x {
            case .leaf(let e): return eval(e, f)
            case .cast(let inner): return evalFolded(inner, f, text, whole: whole)
            case .ternary(let c, let then, let other):
                switch evalFolded(c, f, text) {
                case .bool(true): return eval(then, f)
                case .bool(false): return evalFolded(other, f, text, whole: whole)
                default: return unknownChoice(then: then, other: other, f, text, whole: whole)
                }
            case .assign(let op, let target, let value):
                guard case .leaf(let t) = target else { return .null }
                var v = evalFolded(value, f, text)
                if op != "=" { v = arithmetic(String(op.dropLast()), eval(t, f), v) ?? .opaque(text.value) }
                assign(t, v, f)
                return .null
            case .binary(let op, let l, let r):
                if op == "&&" {
                    let a = evalFolded(l, f, text)
                    if a.asBool == false { return .bool(false) }
                    let b = evalFolded(r, f, text)
                    if b.asBool == false { return .bool(false) }
                    guard let x = a.asBool, let y = b.asBool else { return .opaque(text.value) }
                    return .bool(x && y)
                }
                if op == "||" {
                    let a = evalFolded(l, f, text)
                    if a.asBool == true { return .bool(true) }
                    let b = evalFolded(r, f, text)
                    if b.asBool == true { return .bool(true) }
                    guard let x = a.asBool, let y = b.asBool else { return .opaque(text.value) }
                    return .bool(x || y)
                }
                var a = evalFolded(l, f, text)
                var b = evalFolded(r, f, text)
                if op == "??" {
                    if case .null = a { return b }
                    return a
                }
                if op == "==" || op == "!=",
                    (namesNoRow(a, b) && !Self.chainsOptionals(r)) || (namesNoRow(b, a) && !Self.chainsOptionals(l))
                {
                    return .bool(op == "!=")
                }
                if ["+", "-", "*", "/"].contains(op), a.asDouble != nil || b.asDouble != nil {
                    a = geometryLength(a, l) ?? a
                    b = geometryLength(b, r) ?? b
                }
                if a.isOpaque || b.isOpaque { return .opaque(text.value) }
                switch op {
                case "==": return Value.equal(a, b).map(Value.bool) ?? .opaque(text.value)
                case "!=": return Value.equal(a, b).map { .bool(!$0) } ?? .opaque(text.value)
                case "<", ">", "<=", ">=":
                    // Text sizes compare in SwiftUI's order (`dynamicTypeSize >= .accessibility1`).
                    if case .enumCase(let p) = a, case .enumCase(let q) = b,
                        [p.type, q.type].allSatisfy({ $0 == nil || $0 == "DynamicTypeSize" }),
                        let x = SwiftUIOptions.dynamicTypeSizes.firstIndex(of: p.name),
                        let y = SwiftUIOptions.dynamicTypeSizes.firstIndex(of: q.name)
                    {
                        return .bool(op == "<" ? x < y : op == ">" ? x > y : op == "<=" ? x <= y : x >= y)
                    }
                    if let x = a.asDouble, let y = b.asDouble {
                        return .bool(op == "<" ? x < y : op == ">" ? x > y : op == "<=" ? x <= y : x >= y)
                    }
                    if case .string(let x) = a, case .string(let y) = b {
                        return .bool(op == "<" ? x < y : op == ">" ? x > y : op == "<=" ? x <= y : x >= y)
                    }
                    return .opaque(text.value)
                case "..<":
                    if let x = a.asInt, let y = b.asInt { return .range(x, max(x, y)) }
                    return .opaque(text.value)
                case "...":
                    if let x = a.asInt, let y = b.asInt { return .range(x, max(x, y < Int.max ? y + 1 : y)) }
                    return .opaque(text.value)
                default: return arithmetic(op, a, b) ?? .opaque(text.value)
                }
            }
        }

        /// A `GeometryReader`'s width or height in arithmetic (`geometry.size.width / 2 - 50`): the innermost
        /// reader's size as ``GeometryProxy/size(of:_:)`` takes it, or the safe area's where the proxy's
        /// length was handed to another view (`screenHeight: geometry.size.height`), with a warning.
        func geometryLength(_ v: Value, _ x: Folded) -> Value? {
            guard case .opaque(let t) = v, t == GeometryProxy.width || t == GeometryProxy.height,
                let e = Self.firstLeaf(x)
            else { return nil }
            let size = geometrySizes.last ?? (Metrics.safeAreaRect.width, Metrics.safeAreaRect.height)
            warn(
                point(e), once: "geometry",
                "a GeometryReader's size comes from the layout; TenFoot takes its frame, or else the safe area (\(Int(size.width)) × \(Int(size.height)) here)"
            )
            return .double(t == GeometryProxy.width ? size.width : size.height)
        }

        /// The leftmost operand's expression (without recursion: a chain may be 100,000 operators deep).
        static func firstLeaf(_ x: Folded) -> ExprSyntax? {
            var x = x
            while true {
                switch x {
                case .leaf(let e): return e
                case .binary(_, let l, _), .assign(_, let l, _): x = l
                case .ternary(let c, _, _): x = c
                case .cast(let inner): x = inner
                }
            }
        }

        /// Whether `a` is nil and `b` a sample row of data only the running app has, or an identity of such data
        /// (`item.id`; the caller leaves out `selected?.id`): a selection or an expansion that is nil as the screen
        /// opens (`expandedID == item.id`) is no row's, and an `Identifiable`'s id is never nil.
        func namesNoRow(_ a: Value, _ b: Value) -> Bool {
            guard case .null = a, case .opaque(let t) = b else { return false }
            return sampleRowIdentities.contains(t) || t.hasSuffix(".id")
        }

        /// Whether an operand reads through an optional (`selected?.id`), which may be nil.
        static func chainsOptionals(_ x: Folded) -> Bool {
            guard case .leaf(let e) = x else { return true }
            return e.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .postfixQuestionMark }
        }

        func arithmetic(_ op: String, _ a: Value, _ b: Value) -> Value? {
            if case .int(let x) = a, case .int(let y) = b {
                switch op {
                case "+": return .int(x &+ y)
                case "-": return .int(x &- y)
                case "*": return .int(x &* y)
                // Past Int's range (Int.min / -1) the app traps; here it is no value.
                case "/":
                    let r = x.dividedReportingOverflow(by: y)
                    return y == 0 || r.overflow ? nil : .int(r.partialValue)
                case "%":
                    let r = x.remainderReportingOverflow(dividingBy: y)
                    return y == 0 || r.overflow ? nil : .int(r.partialValue)
                // Swift's shifts: past the width a shift left gives 0, right the sign; `&` ones take the amount
                // modulo the width.
                case "<<": return .int(x << y)
                case ">>": return .int(x >> y)
                case "&<<": return .int(x &<< y)
                case "&>>": return .int(x &>> y)
                case "&": return .int(x & y)
                case "|": return .int(x | y)
                case "^": return .int(x ^ y)
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
            // Values stay small: a string doubled in a loop reached gigabytes. Past the bounds the value is one only
            // the running app has (nil), as data TenFoot cannot list is.
            if op == "+", case .string(let x) = a, case .string(let y) = b {
                return x.utf8.count + y.utf8.count <= Value.maxStringBytes ? .string(x + y) : nil
            }
            if op == "+", case .array(let x) = a, case .array(let y) = b {
                return x.count + y.count <= Value.maxElements ? .array(x + y) : nil
            }
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
            if let place = place(e, f), place.path.isEmpty, case .bool = read(place) {
                return .state(place.slot, .bool(true))
            }
            if let seq = e.as(SequenceExprSyntax.self), seq.elements.count == 3 {
                let els = Array(seq.elements)
                if let op = els[1].as(BinaryOperatorExprSyntax.self)?.operator.text, op == "==" || op == "!=" {
                    for (lhs, rhs) in [(els[0], els[2]), (els[2], els[0])] {
                        guard let place = place(lhs, f), place.path.isEmpty, let v = eval(rhs, f).stateValue else {
                            continue
                        }
                        if op == "==" { return .state(place.slot, v) }
                        if case .bool(let b) = v { return .state(place.slot, .bool(!b)) }
                    }
                }
            }
            return .always(eval(e, f).asBool ?? false)
        }

        // MARK: Statement values

        /// The value of a block used as an expression: its `return`, or its last expression.
        func lastValue(_ items: CodeBlockItemListSyntax, _ f: Frame, unreturned: Value? = nil) -> Value {
            if items.count == 1, let only = items.first {
                // A body of one expression is its value; `switch`/`if` parse as statements there.
                if case .expr(let e) = only.item { return eval(e, f) }
                if case .stmt(let s) = only.item, let es = s.as(ExpressionStmtSyntax.self) {
                    return eval(es.expression, f)
                }
            }
            switch run(items, f) {
            case .returned(let v): return v
            case .normal(let last): return unreturned ?? last ?? .null
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
            case nil:
                // As a view's `if` on data only the running app has: the first branch.
                warn(
                    point(i), "this condition depends on data only the running app has; TenFoot takes the first branch")
                return lastValue(i.body.statements, frame)
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
                    let v =
                        b.initializer.map { eval($0.value, frame) }
                        ?? eval(ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier(name))), frame)
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

        /// The `switch` cases the view could show: the one that matches; when which matches depends on data only
        /// the running app has, every case that could (up to one that surely does), its `let` names bound to
        /// that data.
        func switchBranches(_ s: SwitchExprSyntax, _ f: Frame)
            -> [(statements: CodeBlockItemListSyntax, frame: Frame, failure: Bool)]
        {
            let subject = eval(s.subject, f)
            var out: [(statements: CodeBlockItemListSyntax, frame: Frame, failure: Bool)] = []
            for element in s.cases {
                guard let sc = element.as(SwitchCaseSyntax.self) else { continue }
                switch sc.label {
                case .default:
                    out.append((sc.statements, f.child(), false))
                    return out
                case .case(let label):
                    for item in label.caseItems {
                        let frame = f.child()
                        switch matches(item.pattern, subject, frame) {
                        case true?:
                            out.append((sc.statements, frame, false))
                            return out
                        case nil:
                            for name in PatternNames.of(item.pattern) where frame.locals[name] == nil {
                                frame.locals[name] = .opaque(name)
                            }
                            out.append((sc.statements, frame, namesFailure(item.pattern)))
                        case false?: continue
                        }
                        break
                    }
                @unknown default: continue
                }
            }
            return out
        }

        /// Whether a value matches a `case` pattern (`.email`, `.option(let i)`, `nil`, `1...3`); nil if unknown.
        func matches(_ pattern: PatternSyntax, _ v: Value, _ f: Frame) -> Bool? {
            if let vb = pattern.as(ValueBindingPatternSyntax.self) { return matches(vb.pattern, v, f) }
            if let ip = pattern.as(IdentifierPatternSyntax.self) {
                f.locals[ip.identifier.text] = v
                return true
            }
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
                    } else if Value.equal(eval(arg.expression, f), value) == false {
                        return false
                    }
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

    /// The names a pattern binds (`.loaded(let response)`, `let .pair(a, b)`).
    final class PatternNames: SyntaxVisitor {
        var names: [String] = []

        static func of(_ pattern: PatternSyntax) -> [String] {
            let v = PatternNames(viewMode: .sourceAccurate)
            v.walk(pattern)
            return v.names
        }

        override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
            names.append(node.identifier.text)
            return .skipChildren
        }
    }
#endif
