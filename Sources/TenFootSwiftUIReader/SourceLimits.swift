import TenFootCore

/// What the reader refuses before the Swift parser sees a file. SwiftParser's lookahead for collection types
/// takes time exponential in how deeply square brackets nest (`[[[[…` with no closing ones: 18 levels take seconds,
/// 30 would take hours), so a file nesting them deeper than `maxSquareNesting` is not parsed: an opened file is an
/// error at the bracket, a neighbour is not read. Real code nests a few levels (an array of arrays).
enum SourceLimits {
    static let maxSquareNesting = 12

    /// Where square brackets first nest deeper than `maxSquareNesting` (outside comments and string literals),
    /// or nil. Columns count characters, as editors do.
    static func tooDeeplyNested(_ text: String) -> SourceLocation? {
        enum Mode { case code, lineComment, blockComment(Int), string(multiline: Bool) }
        var mode = Mode.code
        var depth = 0
        var line = 1
        var column = 0
        let chars = Array(text.unicodeScalars)
        var k = 0
        func at(_ offset: Int, _ s: String) -> Bool {
            let want = Array(s.unicodeScalars)
            guard k + offset + want.count <= chars.count else { return false }
            return Array(chars[(k + offset)..<(k + offset + want.count)]) == want
        }
        while k < chars.count {
            let c = chars[k]
            if c == "\n" {
                line += 1
                column = 0
            } else {
                column += 1
            }
            switch mode {
            case .code:
                if at(0, "//") {
                    mode = .lineComment
                } else if at(0, "/*") {
                    mode = .blockComment(1)
                    k += 1
                    column += 1
                } else if at(0, "\"\"\"") {
                    mode = .string(multiline: true)
                    k += 2
                    column += 2
                } else if c == "\"" {
                    mode = .string(multiline: false)
                } else if c == "[" {
                    depth += 1
                    if depth > maxSquareNesting { return SourceLocation(line: line, column: column) }
                } else if c == "]" {
                    depth = max(0, depth - 1)
                }
            case .lineComment:
                if c == "\n" { mode = .code }
            case .blockComment(let n):
                if at(0, "*/") {
                    mode = n == 1 ? .code : .blockComment(n - 1)
                    k += 1
                    column += 1
                } else if at(0, "/*") {
                    mode = .blockComment(n + 1)
                    k += 1
                    column += 1
                }
            case .string(let multiline):
                if c == "\\" {
                    k += 1  // the escaped character
                    column += 1
                } else if multiline, at(0, "\"\"\"") {
                    mode = .code
                    k += 2
                    column += 2
                } else if !multiline, c == "\"" || c == "\n" {
                    mode = .code
                }
            }
            k += 1
        }
        return nil
    }

    static func message() -> String {
        "square brackets nested more than \(maxSquareNesting) deep; TenFoot does not read such code (the Swift parser's time grows exponentially with the nesting)"
    }
}
