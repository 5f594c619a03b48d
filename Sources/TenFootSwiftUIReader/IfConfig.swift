#if canImport(SwiftParser)
    import TenFootCore
    internal import SwiftSyntax

    /// `#if` evaluated as the Apple TV would: `os(tvOS)` holds, other platforms' branches drop out. A hand-written
    /// evaluator of the condition grammar (SwiftIfConfig would add start-up time to every run of tenfoot).
    enum IfConfig {
        /// Modules an Apple TV app can import.
        static let tvOSModules: Set<String> = [
            "SwiftUI", "UIKit", "TVUIKit", "Foundation", "Combine", "Observation",
            "AVKit", "AVFoundation", "TVServices", "GameController", "StoreKit",
            "MediaPlayer", "CoreGraphics", "CoreImage", "os", "Dispatch", "Swift",
        ]
        /// Compilation conditions set in a preview build.
        static let flags: Set<String> = ["DEBUG"]

        static func activeClause(_ decl: IfConfigDeclSyntax) -> IfConfigClauseSyntax? {
            for clause in decl.clauses {
                guard let condition = clause.condition else { return clause }  // #else
                if holds(condition) { return clause }
            }
            return nil
        }

        static func holds(_ e: ExprSyntax) -> Bool {
            if let seq = e.as(SequenceExprSyntax.self) {
                // Unfolded: a || b && c. Split at || first (lowest precedence), then &&.
                var orGroups: [[ExprSyntax]] = [[]]
                for el in seq.elements {
                    if let op = el.as(BinaryOperatorExprSyntax.self) {
                        if op.operator.text == "||" { orGroups.append([]) }
                        continue
                    }
                    orGroups[orGroups.count - 1].append(el)
                }
                return orGroups.contains { group in group.allSatisfy(holds) }
            }
            if let p = e.as(PrefixOperatorExprSyntax.self), p.operator.text == "!" { return !holds(p.expression) }
            if let t = e.as(TupleExprSyntax.self), t.elements.count == 1, let inner = t.elements.first?.expression {
                return holds(inner)
            }
            if let b = e.as(BooleanLiteralExprSyntax.self) { return b.literal.tokenKind == .keyword(.true) }
            if let r = e.as(DeclReferenceExprSyntax.self) { return flags.contains(r.baseName.text) }
            if let call = e.as(FunctionCallExprSyntax.self),
                let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            {
                let arg = call.arguments.first?.expression.trimmedDescription ?? ""
                switch name {
                case "os": return arg == "tvOS"
                case "canImport": return tvOSModules.contains(arg)
                case "arch": return arg == "arm64"
                case "targetEnvironment": return false
                case "swift", "compiler": return true
                case "_endian": return arg == "little"
                case "_pointerBitWidth": return arg == "_64"
                default: return false
                }
            }
            return false
        }
    }
#endif
