import TenFootCore

#if canImport(SwiftParser)
    @_spi(Testing) @_spi(ExperimentalLanguageFeatures) internal import SwiftParser
    @_spi(RawSyntax) internal import SwiftSyntax
#endif

/// What the reader refuses before the Swift parser sees a file. SwiftParser's lookahead for collection types
/// takes time exponential in how deeply square brackets nest (`[[[[…` with no closing ones: 18 levels take seconds,
/// 30 would take hours), so a file nesting them deeper than `maxSquareNesting` is not parsed: an opened file is an
/// error at the bracket, a neighbour is not read. Real code nests a few levels (an array of arrays).
enum SourceLimits {
    /// What one translation may parse, all its files together (the opened ones and the neighbours it reads): in
    /// units of a token (a word, a number or a punctuation character; the parser takes 5–7 µs each in a release
    /// build), and 100 for each file (reading and setting up a file took 0.7 ms). 24 files of 320 KB took 40 s and
    /// 1.7 GB, 19,000 small ones 18 s; the real-app corpus's largest folder counts 120,000.
    static let maxReadCost = 400_000
    static let readCostPerFile = 100

    /// ``maxReadCost``'s measure of one file: its tokens, counted from the bytes (a run of word characters is one;
    /// every other character that is not white space is one), and the cost of a file.
    static func readCost(_ text: String) -> Int {
        var n = readCostPerFile
        var inWord = false
        for c in text.utf8 {
            let word =
                (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
                || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_") || c >= 0x80
            if word {
                if !inWord { n += 1 }
            } else if c != 0x20, c != 0x09, c != 0x0A, c != 0x0D {
                n += 1
            }
            inWord = word
        }
        return n
    }

    static let maxSquareNesting = 12
    /// The lookahead's cost adds up over a file, and over the files of a translation: each nest costs it about 2^depth, counting the parentheses around a
    /// bracket too (200 lines of `[[[[[[[[[[[[Int]]]]]]]]]]]]`, 8 KB, took 7 s; 320 KiB of them hours). Each `[`
    /// counts 2 to the power of the square brackets and parentheses open where it stands (itself included); the
    /// files one translation parses may count this many together (about 1.5 s of parsing). The real-app corpus's most is 548.
    static let maxSquareWork = 400_000
    /// Generic angle brackets on one line (`A<B<C<…`): SwiftParser parses them by recursion deeper than a
    /// thread's stack holds at 100,000 levels. Counted where `<` follows a name (a generic argument list), and
    /// reset at each line end and at a character no type holds, so comparisons written `a<b` do not add up.
    static let maxAngleNesting = 64
    /// Characters no generic argument list holds: after one, every `<` before it was a comparison. A single `&`
    /// may (`A<P & Q>`, a composition), so only `&&` ends one.
    static let endsGenericArguments: Set<UInt8> = Set("|={};+*/%".utf8)
    /// `<` between two characters of `endsGenericArguments`, however they nest and whatever comes before them:
    /// SwiftParser's lookahead is quadratic in them (`let q = a < a > a < a > …`: 50,000 pairs took 24 s, 5,000
    /// 0.3 s; with backtick names, `` `a` < `a` > ``, 26 s).
    static let maxAnglesInRun = 256
    /// `#if` open at once: SwiftParser's time grows with their square (15,000 nested took 21 s). Real code nests
    /// two or three.
    static let maxIfNesting = 64
    /// `\(` open at once, in a string (interpolations) or in code: the parser's time is cubic in them unclosed
    /// (`Text("\(\(\(…`: 300 took 4 s, 1,000 over two minutes). Real code nests two or three.
    static let maxBackslashParens = 16
    /// Brackets of every kind (`{`, `(`, `[`) open at once: SwiftParser stops at 256 nesting levels and reads what
    /// follows as "unexpected code", which told a file's author nothing of why. Real code nests a few dozen.
    static let maxBracketNesting = 200

    /// Where brackets first nest deeper than `maxBracketNesting`, square ones deeper than `maxSquareNesting`, generic
    /// angle brackets deeper than `maxAngleNesting`, a run holds more than `maxAnglesInRun` `<`, more than
    /// `maxIfNesting` `#if` or more than `maxBackslashParens` `\(` are open (outside comments and string literals, but inside their interpolations),
    /// with what to say there; or nil. One pass over the bytes (every character it looks for is ASCII); columns
    /// count characters, as editors do.
    static func tooDeeplyNested(_ text: String) -> (at: TenFootCore.SourceLocation, message: String)? {
        var squareWork = 0
        return tooDeeplyNested(text, squareWork: &squareWork)
    }

    /// `squareWork`: the square brackets' count of the files read before this one in the same translation, which
    /// this file's adds to (`maxSquareWork` is the translation's: twenty files each just under it took 34 s).
    static func tooDeeplyNested(_ text: String, squareWork: inout Int) -> (
        at: TenFootCore.SourceLocation, message: String
    )? {
        let newline = UInt8(ascii: "\n")
        // Swift ends a line at a carriage return too (alone or before a line feed).
        let carriageReturn = UInt8(ascii: "\r")
        let b = Array(text.utf8)
        // What each byte is to the Swift lexer: literal text and comments are not looked at. (A scanner of its own
        // that knew strings and comments but not raw strings, regex literals or names in backticks took `#"\"#`,
        // `/a"/` or `` `a"` `` to open a string, and let the rest of the line through unchecked: 100,000 generics
        // after one overflowed the parser's stack.)
        let kinds = byteKinds(b)
        var depth = 0
        var angles = 0
        var anglesInRun = 0
        /// The parentheses open in code, innermost last: whether each was opened by `\(` (an interpolation).
        var parens: [Bool] = []
        var backslashParens = 0
        var braces = 0
        var bracketNesting: Int { braces + parens.count + depth }
        /// The last byte of code that is not white space: a `<` after a name, however spaced or broken across
        /// lines, may open generic arguments (SwiftParser's lookahead tries them: 100,000 `a < a < …` overflowed it).
        var lastSignificant: UInt8 = 0
        var ifs = 0
        var line = 1
        var lineStart = 0
        var k = 0
        func next(_ offset: Int) -> UInt8? { k + offset < b.count ? b[k + offset] : nil }
        var lastByte: UInt8 { k > 0 ? b[k - 1] : 0 }
        func here() -> TenFootCore.SourceLocation {
            TenFootCore.SourceLocation(
                line: line, column: String(decoding: b[lineStart...k], as: UTF8.self).unicodeScalars.count)
        }
        func isNameByte(_ c: UInt8) -> Bool {
            (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
                || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_") || c >= 0x80
        }
        /// The word after the `#` at `k` when it is a whole word (`#if`, `#endif`; not `#ifx`).
        func directive() -> String? {
            var end = k + 1
            while end < b.count, end - k <= 6, isNameByte(b[end]) { end += 1 }
            guard end - k <= 6, end > k + 1 else { return nil }
            return String(decoding: b[(k + 1)..<end], as: UTF8.self)
        }
        /// The `#`s of the interpolation the backslash at `k` opens (`\(`, a raw string's `\#(`), if it opens one.
        func interpolation() -> Int? {
            var hashes = 0
            while next(hashes + 1) == UInt8(ascii: "#") { hashes += 1 }
            guard next(hashes + 1) == UInt8(ascii: "("), kinds[k + hashes + 1] == .code else { return nil }
            return hashes
        }
        while k < b.count {
            let c = b[k]
            var step = 1
            switch kinds[k] {
            case .name:
                lastSignificant = UInt8(ascii: "a")
            case .code:
                if c == UInt8(ascii: "{") {
                    braces += 1
                    if bracketNesting > maxBracketNesting { return (here(), bracketMessage) }
                } else if c == UInt8(ascii: "}") {
                    braces = max(0, braces - 1)
                } else if c == UInt8(ascii: "[") {
                    depth += 1
                    if depth > maxSquareNesting { return (here(), squareMessage) }
                    if bracketNesting > maxBracketNesting { return (here(), bracketMessage) }
                    squareWork += 1 << min(depth + parens.count, 40)
                    if squareWork > maxSquareWork { return (here(), squareWorkMessage) }
                } else if c == UInt8(ascii: "]") {
                    depth = max(0, depth - 1)
                } else if c == UInt8(ascii: "<") {
                    anglesInRun += 1
                    if anglesInRun > maxAnglesInRun { return (here(), angleRunMessage) }
                    if isNameByte(lastSignificant) {
                        angles += 1
                        if angles > maxAngleNesting { return (here(), angleMessage) }
                        // Generics inside square brackets are looked ahead through as the brackets are: 12 `[`
                        // around 64 `A<` took 4.5 s a line, and 40 lines of them were within the brackets' budget.
                        if depth > 0 {
                            squareWork += 1 << min(depth + parens.count, 40)
                            if squareWork > maxSquareWork { return (here(), squareWorkMessage) }
                        }
                    }
                } else if c == UInt8(ascii: "#"), !isNameByte(lastByte), let word = directive() {
                    if word == "if" {
                        ifs += 1
                        if ifs > maxIfNesting { return (here(), ifMessage) }
                    } else if word == "endif" {
                        ifs = max(0, ifs - 1)
                    }
                } else if c == UInt8(ascii: ">") {
                    angles = max(0, angles - 1)
                } else if Self.endsGenericArguments.contains(c) || (c == UInt8(ascii: "&") && next(1) == c) {
                    angles = 0  // a comparison (`a<b && …`), not a generic argument list
                    anglesInRun = 0
                } else if c == UInt8(ascii: "\\"), let hashes = interpolation() {
                    parens.append(true)
                    backslashParens += 1
                    if backslashParens > maxBackslashParens { return (here(), backslashMessage) }
                    step = hashes + 2
                } else if c == UInt8(ascii: "(") {
                    parens.append(false)
                    if bracketNesting > maxBracketNesting { return (here(), bracketMessage) }
                } else if c == UInt8(ascii: ")"), let interpolation = parens.popLast() {
                    if interpolation { backslashParens -= 1 }
                }
                if c != UInt8(ascii: " "), c != UInt8(ascii: "\t"), c != newline, c != carriageReturn {
                    lastSignificant = c
                }
            case .other:
                break
            }
            if c == newline || (c == carriageReturn && next(1) != newline) {
                line += 1
                lineStart = k + 1
            }
            k += step
        }
        return nil
    }

    /// What a byte of a source is to the Swift lexer.
    enum ByteKind: UInt8 {
        /// White space, comments, and literal text (strings, regex literals and their delimiters).
        case other
        /// A name, keyword or number (names in backticks included, whatever they hold).
        case name
        /// Punctuation, operators and `#` words.
        case code
    }

    /// Each byte's ``ByteKind``, from the tokens SwiftParser's own lexer makes of `b` (so that this guard reads
    /// strings, raw strings, regex literals and comments as the parser will).
    static func byteKinds(_ b: [UInt8]) -> [ByteKind] {
        var kinds = [ByteKind](repeating: .other, count: b.count)
        #if canImport(SwiftParser)
            b.withUnsafeBufferPointer { buffer in
                var tracker = LookaheadTracker()
                withUnsafeMutablePointer(to: &tracker) { lookahead in
                    var offset = 0
                    for lexeme in Lexer.tokenize(buffer, lookaheadTracker: lookahead, experimentalFeatures: []) {
                        let start = offset + lexeme.leadingTriviaText.count
                        let end = min(b.count, start + lexeme.tokenText.count)
                        offset += lexeme.byteLength
                        let kind: ByteKind
                        switch lexeme.rawTokenKind {
                        case .endOfFile: return
                        case .stringSegment, .stringQuote, .multilineStringQuote, .singleQuote,
                            .rawStringPoundDelimiter,
                            .regexLiteralPattern, .regexPoundDelimiter, .regexSlash, .shebang:
                            kind = .other
                        case .identifier, .keyword, .dollarIdentifier, .wildcard, .integerLiteral, .floatLiteral:
                            kind = .name
                        default: kind = .code
                        }
                        if kind != .other, start < end { for i in start..<end { kinds[i] = kind } }
                    }
                }
            }
        #endif
        return kinds
    }

    static let bracketMessage =
        "brackets ({, ( and [) nested more than \(maxBracketNesting) deep; TenFoot does not read such code (the Swift parser stops at 256 levels)"
    static let squareMessage =
        "square brackets nested more than \(maxSquareNesting) deep; TenFoot does not read such code (the Swift parser's time grows exponentially with the nesting)"
    static let squareWorkMessage =
        "square brackets nested this deep this often (each nest costs the Swift parser time exponential in its depth, and they add up); TenFoot reads no more of such code: nest them less, or split the file"
    static let angleRunMessage =
        "more than \(maxAnglesInRun) `<` in one expression; TenFoot does not read such code (the Swift parser's time grows with their square)"
    static let backslashMessage =
        "more than \(maxBackslashParens) `\\(` open at once (string interpolations, or unclosed); TenFoot does not read such code (the Swift parser's time grows with their cube)"
    static let ifMessage =
        "more than \(maxIfNesting) `#if` open at once; TenFoot does not read such code (the Swift parser's time grows with their square)"
    static let angleMessage =
        "generic angle brackets (or comparisons that read as them) nested more than \(maxAngleNesting) deep; TenFoot does not read such code (the Swift parser would run out of stack)"

    /// How deeply a file's syntax may nest. Long chains nest as deeply as brackets do — 100,000 modifiers or
    /// `+` make a tree 100,000 deep, which SwiftSyntax's own recursive walks (source locations, visitors,
    /// descriptions) would overflow the stack on — so the parsed tree's depth is measured, without recursion,
    /// before anything walks it. Real SwiftUI nests a few hundred levels at most (the corpus's deepest file:
    /// see docs/robustness.md); the reader runs on a thread whose stack holds walks of this depth.
    static let maxSyntaxDepth = 2_000

    #if canImport(SwiftParser)
        /// The first node (in source order) nested deeper than `maxSyntaxDepth` in `root`, or nil: a walk with an
        /// explicit stack, never recursion.
        static func tooDeep(_ root: Syntax) -> Syntax? {
            var stack: [(Syntax, Int)] = [(root, 1)]
            while let (node, depth) = stack.popLast() {
                if depth > maxSyntaxDepth { return node }
                // Children pushed last-first so the first child is walked first.
                for child in node.children(viewMode: .sourceAccurate).reversed() { stack.append((child, depth + 1)) }
            }
            return nil
        }

        static func depthError(_ file: SourceFile) -> Diagnostic? {
            file.tooDeep.map {
                Diagnostic(
                    file: file.path, at: file.location($0),
                    "code nested more than \(maxSyntaxDepth) levels deep (a chain of that many modifiers or operators, or brackets, generics or #if inside one another); TenFoot does not read such code"
                )
            }
        }
    #endif
}
