#if canImport(SwiftParser)
    internal import SwiftSyntax

    extension SourceIndex {
        /// `t` built as at its best call site, as a preview would build it.
        func callSitePreview(of t: TypeDecl) -> PreviewDecl? {
            guard let site = callSite(of: t) else { return nil }
            return PreviewDecl(
                name: nil, body: CodeBlockItemListSyntax([]), file: site.file, at: site.file.point(site.call),
                owner: site.provider.flatMap { type($0) }, call: ExprSyntax(site.call), opens: t)
        }

        /// Where the app builds view `t` with arguments (`EmptyStateView(title: "…", actionTitle: "Add Channel")`),
        /// outside `t`'s own code: a preview's (written to show it, its `Self.x` statics read) before the app's,
        /// then the site giving the most values written out (literals, closures), the nearest on a tie — in the
        /// files read, then in the neighbours whose text names it. A view opened alone with no preview that shows
        /// only it takes its arguments from there.
        func callSite(of t: TypeDecl) -> (call: FunctionCallExprSyntax, file: SourceFile, provider: String?)? {
            var best: (site: CallFinder.Site, file: SourceFile, rank: (Int, Int))?
            func search(_ file: SourceFile) {
                let finder = CallFinder(name: t.name)
                finder.walk(file.tree)
                for site in finder.found {
                    let c = site.call
                    let given =
                        c.arguments.count { Self.isWrittenOut($0.expression) } + (c.trailingClosure == nil ? 0 : 1)
                    let rank = (site.inPreview ? 1 : 0, given)
                    if best == nil || rank > best!.rank { best = (site, file, rank) }
                }
            }
            // The opened files, then the neighbours nearest first, read or not: the nearest site wins a tie whatever
            // was read before.
            for file in files where !hasRead(file.path) { search(file) }
            for path in siblingPaths {
                if !hasRead(path) {
                    guard let text = siblingText(path), text.contains(t.name + "(") else { continue }
                    readNeighbour(path)
                }
                if let file = file(at: path) { search(file) }
            }
            return best.map { ($0.site.call, $0.file, $0.site.provider) }
        }

        /// A literal (string without interpolation of names, number, bool, nil), a closure, or `.member`.
        static func isWrittenOut(_ e: ExprSyntax) -> Bool {
            if e.is(StringLiteralExprSyntax.self) || e.is(IntegerLiteralExprSyntax.self)
                || e.is(FloatLiteralExprSyntax.self) || e.is(BooleanLiteralExprSyntax.self)
                || e.is(ClosureExprSyntax.self) || e.is(NilLiteralExprSyntax.self)
            {
                return true
            }
            if let m = e.as(MemberAccessExprSyntax.self), m.base == nil { return true }
            return false
        }
    }

    /// Finds the calls `Name(…)` with an argument or a closure, outside the declaration of `Name` itself, noting
    /// those in previews (and the PreviewProvider they are in).
    private final class CallFinder: SyntaxVisitor {
        struct Site {
            var call: FunctionCallExprSyntax
            var inPreview: Bool
            var provider: String?
        }
        let name: String
        var found: [Site] = []
        private var provider: String?
        private var previewDepth = 0

        init(name: String) {
            self.name = name
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            if node.name.text == name { return .skipChildren }
            if node.inheritanceClause?.trimmedDescription.contains("PreviewProvider") == true {
                provider = node.name.text
                previewDepth += 1
            }
            return .visitChildren
        }

        override func visitPost(_ node: StructDeclSyntax) {
            if node.inheritanceClause?.trimmedDescription.contains("PreviewProvider") == true, node.name.text != name {
                provider = nil
                previewDepth -= 1
            }
        }

        override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
            if node.macroName.text == "Preview" { previewDepth += 1 }
            return .visitChildren
        }

        override func visitPost(_ node: MacroExpansionDeclSyntax) {
            if node.macroName.text == "Preview" { previewDepth -= 1 }
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if node.calledExpression.trimmedDescription == name, !node.arguments.isEmpty || node.trailingClosure != nil,
                found.count < 50
            {
                found.append(Site(call: node, inPreview: previewDepth > 0, provider: provider))
            }
            return .visitChildren
        }
    }
#endif
