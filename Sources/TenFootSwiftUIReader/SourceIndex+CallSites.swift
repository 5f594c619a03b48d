#if canImport(SwiftParser)
    internal import SwiftSyntax

    extension SourceIndex {
        /// `t` built as at its first call site, as a preview would build it.
        func callSitePreview(of t: TypeDecl) -> PreviewDecl? {
            guard let site = callSite(of: t) else { return nil }
            let item = CodeBlockItemSyntax(item: .expr(ExprSyntax(site.call)))
            return PreviewDecl(
                name: nil, body: CodeBlockItemListSyntax([item]), file: site.file, at: site.file.point(site.call))
        }

        /// Where the app builds view `t` with arguments (`EmptyStateView(title: "…", actionTitle: "Add Channel")`),
        /// outside `t`'s own code and the previews: of the sites in the files read and in the neighbours whose text
        /// names it, the one giving the most values written out (literals, closures), the nearest on a tie. A view
        /// opened alone with no preview takes its arguments from there.
        func callSite(of t: TypeDecl) -> (call: FunctionCallExprSyntax, file: SourceFile)? {
            var best: (call: FunctionCallExprSyntax, file: SourceFile, given: Int)?
            func search(_ file: SourceFile) {
                let finder = CallFinder(name: t.name)
                finder.walk(file.tree)
                for c in finder.found {
                    let given =
                        c.arguments.count { Self.isWrittenOut($0.expression) } + (c.trailingClosure == nil ? 0 : 1)
                    if best == nil || given > best!.given { best = (c, file, given) }
                }
            }
            for file in files { search(file) }
            for path in siblingPaths where !files.contains(where: { $0.path == path }) {
                guard let text = parsableSiblingText(path), text.contains(t.name + "(") else { continue }
                add(path: path, text: text, opened: false)
                if let file = files.last, file.path == path { search(file) }
            }
            return best.map { ($0.call, $0.file) }
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

    /// Finds the calls `Name(…)` with an argument or a closure, outside the declaration of `Name` itself and
    /// outside previews.
    private final class CallFinder: SyntaxVisitor {
        let name: String
        var found: [FunctionCallExprSyntax] = []

        init(name: String) {
            self.name = name
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            node.name.text == name || node.inheritanceClause?.trimmedDescription.contains("PreviewProvider") == true
                ? .skipChildren : .visitChildren
        }

        override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
            node.macroName.text == "Preview" ? .skipChildren : .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if node.calledExpression.trimmedDescription == name, !node.arguments.isEmpty || node.trailingClosure != nil,
                found.count < 50
            {
                found.append(node)
            }
            return .visitChildren
        }
    }
#endif
