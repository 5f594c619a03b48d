#if canImport(SwiftParser)
    import Foundation
    import TenFootCore
    internal import SwiftSyntax

    /// The first syntax error of a file, as `file:line:column: error: …`: a missing token or unexpected code.
    /// (SwiftParserDiagnostics words these better, at the price of start-up time on every run.)
    enum ParseErrors {
        static func first(in file: SourceFile) -> Diagnostic? {
            // A comment never closed hides the rest of the file without an error in the tree: only the end of the file
            // can hold one (it runs to the end), so only its trivia is looked at.
            if let start = unclosedComment(file.tree) {
                return Diagnostic(
                    file: file.path, at: file.location(at: start),
                    "this /* comment is never closed: the rest of the file is inside it (close it with */)")
            }
            // A second #else parses, and swiftc refuses it: looked for only in a file that spells #else twice.
            if file.spellsElseTwice {
                let elses = ElseFinder()
                elses.walk(file.tree)
                if let extra = elses.found {
                    return Diagnostic(
                        file: file.path, at: file.location(extra),
                        "this #else follows another #else of its #if: the code after it is never compiled (swiftc refuses it)"
                    )
                }
            }
            guard file.tree.hasError else { return nil }
            // A conditional-compilation block left open or closed twice throws off all that follows it: said
            // first, as what it is (a missing #endif read as "unexpected code '} }'").
            let directives = DirectiveFinder()
            directives.walk(file.tree)
            let finder = ErrorFinder()
            if directives.found == nil { finder.walk(file.tree) }
            guard let (node, message) = directives.found ?? finder.found else { return nil }
            return Diagnostic(file: file.path, at: file.location(node), message)
        }

        /// Where a block comment that is never closed starts: in the trivia before the end of the file, or after the
        /// last token on its line.
        static func unclosedComment(_ tree: SourceFileSyntax) -> AbsolutePosition? {
            let end = tree.endOfFileToken
            var places: [(AbsolutePosition, Trivia)] = [(end.position, end.leadingTrivia)]
            if let last = end.previousToken(viewMode: .sourceAccurate) {
                places.insert((last.endPositionBeforeTrailingTrivia, last.trailingTrivia), at: 0)
            }
            for (start, trivia) in places {
                var at = start
                for piece in trivia {
                    switch piece {
                    case .blockComment(let text), .docBlockComment(let text):
                        if !isClosed(text) { return at }
                    default: break
                    }
                    at = at.advanced(by: piece.sourceLength.utf8Length)
                }
            }
            return nil
        }

        /// Whether a block comment's text closes every `/*` it opens (Swift's block comments nest).
        static func isClosed(_ text: String) -> Bool {
            var depth = 0
            var previous: UInt8 = 0
            for byte in text.utf8 {
                if previous == UInt8(ascii: "/"), byte == UInt8(ascii: "*") {
                    depth += 1
                    previous = 0
                    continue
                }
                if previous == UInt8(ascii: "*"), byte == UInt8(ascii: "/") {
                    depth -= 1
                    previous = 0
                    if depth == 0 { return true }
                    continue
                }
                previous = byte
            }
            return depth == 0
        }

        /// The first #if clause that comes after its #if's #else.
        private final class ElseFinder: SyntaxVisitor {
            var found: TokenSyntax?

            init() { super.init(viewMode: .sourceAccurate) }

            override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
                guard found == nil else { return .skipChildren }
                if let k = node.clauses.firstIndex(where: { $0.condition == nil }),
                    let extra = node.clauses[node.clauses.index(after: k)...].first
                {
                    found = extra.poundKeyword
                }
                return found == nil ? .visitChildren : .skipChildren
            }
        }

        private final class DirectiveFinder: SyntaxVisitor {
            var found: (Syntax, String)?

            init() { super.init(viewMode: .all) }

            override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
                if found == nil, node.poundEndif.presence == .missing, let first = node.clauses.first {
                    // An #endif the parser took for code: on a line with the directive or the code it holds.
                    let stray = node.tokens(viewMode: .all).first {
                        $0.tokenKind == .poundEndif && $0.presence == .present
                    }
                    found =
                        stray.map {
                            (Syntax($0), "this #endif does not close its #if: a directive goes on a line of its own")
                        } ?? (Syntax(first.poundKeyword), "this \(first.poundKeyword.text) has no #endif")
                }
                return found == nil ? .visitChildren : .skipChildren
            }

            override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
                // A directive the parser could not place in any block: left among the unexpected code.
                if found == nil, token.presence == .present, token.parent?.is(UnexpectedNodesSyntax.self) == true {
                    switch token.tokenKind {
                    case .poundEndif: found = (Syntax(token), "this #endif closes no #if")
                    case .poundElse, .poundElseif: found = (Syntax(token), "this \(token.text) belongs to no #if")
                    default: break
                    }
                }
                return found == nil ? .visitChildren : .skipChildren
            }
        }

        private final class ErrorFinder: SyntaxVisitor {
            var found: (Syntax, String)?

            init() { super.init(viewMode: .all) }

            override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
                if found == nil, token.presence == .missing {
                    let what = token.text.isEmpty ? describe(token.tokenKind) : "'\(token.text)'"
                    found = (Syntax(token), "expected \(what)\(context(token.parent))")
                }
                return found == nil ? .visitChildren : .skipChildren
            }

            override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
                if found == nil {
                    let text = node.trimmedDescription
                    let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
                    found = (
                        Syntax(node),
                        "unexpected code '\(shown.replacingOccurrences(of: "\n", with: " "))'\(context(node.parent))"
                    )
                }
                return .skipChildren
            }

            func describe(_ kind: TokenKind) -> String {
                switch kind {
                case .identifier: "a name"
                case .integerLiteral, .floatLiteral: "a number"
                case .stringSegment: "text"
                default: "'\(kind)'"
                }
            }

            /// ` in function call`, from the kind of the enclosing node.
            func context(_ parent: Syntax?) -> String {
                // Code an #if branch holds directly (a `}` closing a brace opened before the #if): said as swiftc says
                // it ("unexpected code '}' in unexpected code" said nothing).
                var up = parent
                while let node = up,
                    node.is(UnexpectedNodesSyntax.self) || node.is(UnexpectedCodeDeclSyntax.self)
                        || node.is(CodeBlockItemListSyntax.self)
                        || node.is(CodeBlockItemSyntax.self) || node.is(MemberBlockItemListSyntax.self)
                {
                    up = node.parent
                }
                if up?.is(IfConfigClauseSyntax.self) == true {
                    return
                        " in a conditional compilation block (an #if branch holds whole statements: a brace opened before the #if closes after its #endif)"
                }
                guard var kind = parent.map({ "\($0.kind)" }) else { return "" }
                for suffix in ["Syntax", "Expr", "Decl", "Stmt", "Clause", "List"] where kind.hasSuffix(suffix) {
                    kind.removeLast(suffix.count)
                }
                var words: [String] = []
                var current = ""
                for ch in kind {
                    if ch.isUppercase, !current.isEmpty {
                        words.append(current)
                        current = ""
                    }
                    current.append(Character(ch.lowercased()))
                }
                if !current.isEmpty { words.append(current) }
                let phrase = words.joined(separator: " ")
                return phrase.isEmpty || ["source file", "code block item", "unexpected code"].contains(phrase)
                    ? "" : " in \(phrase)"
            }
        }
    }
#endif
