/// Parses JSON with comments into ``JSON`` values with the line and column of every value and key.
///
/// The syntax is RFC 8259 plus what editors' settings files accept ("JSON with comments"): `// line`
/// and `/* block */` comments wherever white space may go, and one trailing comma before `]` or `}`.
/// Everything else is strict — double quotes only, no leading zeros, no `NaN` — with a message for
/// each usual hand-editing slip.
///
/// Positions cost nothing extra: the parser counts lines as it passes their ends, and columns with a
/// cursor that only moves forward along the current line, so finding every position in a file is
/// linear in its size whether it has one line or a million (a minified file once took quadratic time,
/// rescanning its one line for every value).
public struct JSONParser {
    /// What a reader accepts before it gives up: bounds that keep a hostile or runaway file from
    /// exhausting the stack, memory or time.
    public struct Limits: Sendable, Hashable {
        /// The longest text, in bytes (UTF-8).
        public var maxBytes: Int
        /// The deepest nesting of arrays and objects (the parser recurses once per level).
        public var maxDepth: Int
        /// The most values (numbers, strings, arrays, objects…) in one text: each takes about 70 bytes parsed, so a
        /// 31 MB file of 15.5 million zeros peaked at 1.07 GB. Two million is twenty times the largest scene the node
        /// limit allows, written with ten values a node.
        public var maxValues: Int

        public init(maxBytes: Int, maxDepth: Int, maxValues: Int = 2_000_000) {
            self.maxBytes = maxBytes
            self.maxDepth = maxDepth
            self.maxValues = maxValues
        }

        /// 32 MiB, 200 levels and two million values: far beyond any hand-written file, well within memory and the
        /// stack.
        public static let standard = Limits(maxBytes: 32 << 20, maxDepth: 200)
    }

    /// The text's UTF-8, read in place (a copy was megabytes of memory touched for nothing).
    private let bytes: UnsafeBufferPointer<UInt8>
    private let file: String
    private let limits: Limits
    private var i = 0
    private var line = 1
    private var lineStart = 0
    /// The column cursor: `column` is the column of byte `columnOffset`, on the current line.
    private var columnOffset = 0
    private var column = 1
    /// The members and items of the objects and arrays being read, innermost last: each is gathered
    /// here and copied once, at its close, into an array of exactly its size (growing an array per
    /// object by doubling was several allocations each, freed at once).
    private var memberStack: [JSON.Member] = []
    /// Values read so far (`Limits.maxValues`).
    private var values = 0
    private var itemStack: [JSON] = []

    /// The value of `text`, or its first syntax error (a syntax error stops the reading); `file`
    /// names the text in that diagnostic.
    public static func parse(_ text: String, file: String = "", limits: Limits = .standard) throws(Diagnostic) -> JSON {
        let count = text.utf8.count
        guard count <= limits.maxBytes else {
            throw Diagnostic(
                file: file, at: .start,
                "the file is \(byteCount(count)), more than the limit of \(byteCount(limits.maxBytes))")
        }
        var text = text  // `withUTF8` makes a bridged string native first
        let result = text.withUTF8 { bytes -> Result<JSON, Diagnostic> in
            var p = JSONParser(bytes: bytes, file: file, limits: limits)
            do throws(Diagnostic) {
                p.skipBOM()
                let value = try p.parseValue(depth: 0)
                try p.skipSpaceAndComments()
                if p.i < p.bytes.count {
                    throw p.error("expected end of file after the top-level value, got \(p.describeHere())")
                }
                return .success(value)
            } catch { return .failure(error) }
        }
        return try result.get()
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, file: String, limits: Limits) {
        self.bytes = bytes
        self.file = file
        self.limits = limits
    }

    /// Where the parser is. Amortised O(1): the column cursor moves forward from where it last was.
    private mutating func location() -> SourceLocation {
        if columnOffset > i {
            columnOffset = lineStart
            column = 1
        }  // only after stepping back for a message
        // Columns count characters, not bytes: UTF-8 lead bytes.
        while columnOffset < i {
            if bytes[columnOffset] & 0xC0 != 0x80 { column += 1 }
            columnOffset += 1
        }
        return SourceLocation(line: line, column: column)
    }

    /// Passes a line feed at `i`.
    private mutating func newLine() {
        i += 1
        line += 1
        lineStart = i
        columnOffset = i
        column = 1
    }

    private mutating func error(_ message: String) -> Diagnostic { Diagnostic(file: file, at: location(), message) }

    private func describeHere() -> String {
        guard i < bytes.count else { return "end of file" }
        if bytes[i] == UInt8(ascii: "\n") { return "end of line" }
        guard let n = UTF8Text.sequenceLength(bytes, at: i) else {
            return "byte \(UTF8Text.hex(bytes[i])), which is not UTF-8"
        }
        return quoted(String(decoding: bytes[i..<i + n], as: UTF8.self), quote: "'")
    }

    private mutating func skipBOM() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            i = 3
            lineStart = 3
            columnOffset = 3
        }
    }

    /// White space and comments: what may come between tokens.
    private mutating func skipSpaceAndComments() throws(Diagnostic) {
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): i += 1
            case UInt8(ascii: "\n"): newLine()
            case UInt8(ascii: "/") where i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "/"):
                while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { i += 1 }
            case UInt8(ascii: "/") where i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "*"):
                let start = location()
                i += 2
                while true {
                    guard i < bytes.count else {
                        throw Diagnostic(file: file, at: start, "unterminated comment: this '/*' has no '*/'")
                    }
                    if bytes[i] == UInt8(ascii: "*"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") {
                        i += 2
                        break
                    }
                    if bytes[i] == UInt8(ascii: "\n") { newLine() } else { i += 1 }
                }
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(Diagnostic) -> JSON {
        try skipSpaceAndComments()
        guard depth < limits.maxDepth else { throw error("nesting deeper than \(limits.maxDepth) levels") }
        values += 1
        guard values <= limits.maxValues else {
            throw error("more than \(limits.maxValues) values in one file; TenFoot reads no more (each takes memory)")
        }
        guard i < bytes.count else { throw error("expected a value, got end of file") }
        let start = location()
        switch bytes[i] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth, start: start)
        case UInt8(ascii: "["): return try parseArray(depth: depth, start: start)
        case UInt8(ascii: "\""): return JSON(.string(try parseString()), at: start)
        case UInt8(ascii: "t"):
            try literal("true")
            return JSON(.bool(true), at: start)
        case UInt8(ascii: "f"):
            try literal("false")
            return JSON(.bool(false), at: start)
        case UInt8(ascii: "n"):
            try literal("null")
            return JSON(.null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSON(.number(try parseNumber()), at: start)
        case UInt8(ascii: "'"): throw error("strings must use double quotes, got '")
        default:
            throw error("expected a value (object, array, string, number, true, false or null), got \(describeHere())")
        }
    }

    private mutating func literal(_ word: StaticString) throws(Diagnostic) {
        let n = word.utf8CodeUnitCount
        let matches = i + n <= bytes.count && word.withUTF8Buffer { w in bytes[i..<i + n].elementsEqual(w) }
        guard matches else { throw error("expected a value, got \(describeHere())") }
        i += n
    }

    private mutating func parseObject(depth: Int, start: SourceLocation) throws(Diagnostic) -> JSON {
        i += 1
        let base = memberStack.count
        func close() -> JSON {
            let members = Array(memberStack[base...])
            memberStack.removeSubrange(base...)
            return JSON(.object(members), at: start)
        }
        while true {
            try skipSpaceAndComments()
            guard i < bytes.count else { throw error("expected a key in double quotes or '}', got end of file") }
            // `{}`, or a trailing comma: `{"a": 1,}`.
            if bytes[i] == UInt8(ascii: "}") {
                i += 1
                return close()
            }
            guard bytes[i] == UInt8(ascii: "\"") else {
                throw error(
                    bytes[i] == UInt8(ascii: ",")
                        ? "expected a key in double quotes, got ','"
                        : "expected a key in double quotes, got \(describeHere())")
            }
            let keyLocation = location()
            let key = try parseString()
            try skipSpaceAndComments()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
                throw error("expected ':' after key \(quoted(key)), got \(describeHere())")
            }
            i += 1
            let value = try parseValue(depth: depth + 1)
            memberStack.append(JSON.Member(key: key, keyLocation: keyLocation, value: value))
            try skipSpaceAndComments()
            guard i < bytes.count else {
                throw error("expected ',' or '}' after the value of \(quoted(key)), got end of file")
            }
            if bytes[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            if bytes[i] == UInt8(ascii: "}") {
                i += 1
                return close()
            }
            throw error("expected ',' or '}' after the value of \(quoted(key)), got \(describeHere())")
        }
    }

    private mutating func parseArray(depth: Int, start: SourceLocation) throws(Diagnostic) -> JSON {
        i += 1
        let base = itemStack.count
        func close() -> JSON {
            let items = Array(itemStack[base...])
            itemStack.removeSubrange(base...)
            return JSON(.array(items), at: start)
        }
        while true {
            try skipSpaceAndComments()
            // `[]`, or a trailing comma: `[1, 2,]`.
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
                i += 1
                return close()
            }
            let item = try parseValue(depth: depth + 1)
            itemStack.append(item)
            try skipSpaceAndComments()
            guard i < bytes.count else { throw error("expected ',' or ']' in array, got end of file") }
            if bytes[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            if bytes[i] == UInt8(ascii: "]") {
                i += 1
                return close()
            }
            throw error("expected ',' or ']' in array, got \(describeHere())")
        }
    }

    private mutating func parseString() throws(Diagnostic) -> String {
        i += 1  // opening quote
        // Runs of plain bytes are copied at once; `out` is only needed once there is an escape.
        var out: [UInt8] = []
        var escaped = false
        var run = i
        while true {
            guard i < bytes.count else { throw error("unterminated string: expected '\"', got end of file") }
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                defer { i += 1 }
                if !escaped { return String(decoding: bytes[run..<i], as: UTF8.self) }
                out.append(contentsOf: bytes[run..<i])
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                out.append(contentsOf: bytes[run..<i])
                escaped = true
                try escape(into: &out)
                run = i
            case UInt8(ascii: "\n"):
                throw error("unterminated string: expected '\"' before the end of the line")
            case 0..<0x20:
                throw error("control character \(UTF8Text.hex(b)) in string; escape it (\\n, \\t, \\u00XX)")
            case 0x80...:
                // The text came in as a Swift String, so it is valid UTF-8: step over the sequence.
                i += UTF8Text.sequenceLength(bytes, at: i) ?? 1
            default:
                i += 1
            }
        }
    }

    /// One escape sequence at `i` (the backslash).
    private mutating func escape(into out: inout [UInt8]) throws(Diagnostic) {
        let backslash = i
        i += 1
        guard i < bytes.count else { throw error("unterminated escape at end of file") }
        let e = bytes[i]
        i += 1
        switch e {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
        case UInt8(ascii: "b"): out.append(8)
        case UInt8(ascii: "f"): out.append(12)
        case UInt8(ascii: "n"): out.append(10)
        case UInt8(ascii: "r"): out.append(13)
        case UInt8(ascii: "t"): out.append(9)
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800..<0xDC00).contains(scalar) {
                guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                    throw error("unpaired surrogate in \\u escape")
                }
                i += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate in \\u escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let u = Unicode.Scalar(scalar) else { throw error("invalid \\u escape (a lone low surrogate)") }
            out.append(contentsOf: String(Character(u)).utf8)
        default:
            i = backslash
            let what =
                UTF8Text.sequenceLength(bytes, at: backslash + 1).map {
                    String(decoding: bytes[backslash + 1..<backslash + 1 + $0], as: UTF8.self)
                } ?? "?"
            throw error("invalid escape '\\\(what)' in string")
        }
    }

    private mutating func hex4() throws(Diagnostic) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard i < bytes.count else { throw error("expected 4 hex digits after \\u, got end of file") }
            let b = bytes[i]
            let d: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("expected 4 hex digits after \\u, got \(describeHere())")
            }
            v = v * 16 + d
            i += 1
        }
        return v
    }

    private mutating func parseNumber() throws(Diagnostic) -> Double {
        let start = i
        let startLocation = location()
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        func isDigit(_ k: Int) -> Bool { k < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[k]) }
        func digits() -> Int {
            let s = i
            while isDigit(i) { i += 1 }
            return i - s
        }
        guard isDigit(i) else { throw error("expected a digit in number") }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if isDigit(i) { throw error("numbers cannot have leading zeros") }
        } else {
            _ = digits()
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw error("expected a digit after '.' in number") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw error("expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let v = Double(text), v.isFinite else {
            throw Diagnostic(
                file: file, at: startLocation, "number \(quoted(text, quote: "")) is out of range (beyond ±1.8e308)")
        }
        return v
    }
}
