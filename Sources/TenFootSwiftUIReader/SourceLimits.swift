import TenFootCore

/// What the reader refuses before the Swift parser sees a file. SwiftParser's lookahead for collection types
/// takes time exponential in how deeply square brackets nest (`[[[[…` with no closing ones: 18 levels take seconds,
/// 30 would take hours), so a file nesting them deeper than `maxSquareNesting` is not parsed: an opened file is an
/// error at the bracket, a neighbour is not read. Real code nests a few levels (an array of arrays).
enum SourceLimits {
    static let maxSquareNesting = 12

    /// Where square brackets first nest deeper than `maxSquareNesting` (outside comments and string literals),
    /// or nil. One pass over the bytes (every character it looks for is ASCII); columns count characters, as
    /// editors do.
    static func tooDeeplyNested(_ text: String) -> SourceLocation? {
        enum Mode {
            case code
            case lineComment
            case blockComment(Int)
            case string(multiline: Bool)
        }
        let slash = UInt8(ascii: "/")
        let star = UInt8(ascii: "*")
        let quote = UInt8(ascii: "\"")
        let newline = UInt8(ascii: "\n")
        let b = Array(text.utf8)
        var mode = Mode.code
        var depth = 0
        var line = 1
        var lineStart = 0
        var k = 0
        func next(_ offset: Int) -> UInt8? { k + offset < b.count ? b[k + offset] : nil }
        while k < b.count {
            let c = b[k]
            var step = 1
            switch mode {
            case .code:
                if c == slash, next(1) == slash {
                    mode = .lineComment
                } else if c == slash, next(1) == star {
                    mode = .blockComment(1)
                    step = 2
                } else if c == quote, next(1) == quote, next(2) == quote {
                    mode = .string(multiline: true)
                    step = 3
                } else if c == quote {
                    mode = .string(multiline: false)
                } else if c == UInt8(ascii: "[") {
                    depth += 1
                    if depth > maxSquareNesting {
                        let column = String(decoding: b[lineStart...k], as: UTF8.self).unicodeScalars.count
                        return SourceLocation(line: line, column: column)
                    }
                } else if c == UInt8(ascii: "]") {
                    depth = max(0, depth - 1)
                }
            case .lineComment:
                if c == newline { mode = .code }
            case .blockComment(let n):
                if c == star, next(1) == slash {
                    mode = n == 1 ? .code : .blockComment(n - 1)
                    step = 2
                } else if c == slash, next(1) == star {
                    mode = .blockComment(n + 1)
                    step = 2
                }
            case .string(let multiline):
                if c == UInt8(ascii: "\\") {
                    step = 2  // the escaped character
                    if next(1) == newline {
                        line += 1
                        lineStart = k + 2
                    }
                } else if multiline, c == quote, next(1) == quote, next(2) == quote {
                    mode = .code
                    step = 3
                } else if !multiline, c == quote || c == newline {
                    mode = .code
                }
            }
            if c == newline {
                line += 1
                lineStart = k + 1
            }
            k += step
        }
        return nil
    }

    static func message() -> String {
        "square brackets nested more than \(maxSquareNesting) deep; TenFoot does not read such code (the Swift parser's time grows exponentially with the nesting)"
    }
}
