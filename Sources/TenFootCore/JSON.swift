/// A JSON reader that remembers where every value and key came from, so readers built on it (scenes,
/// input mapping files) can name `file:line:column` in their diagnostics. (Foundation's decoder reports
/// no positions.) Strict RFC 8259, plus a clear message for the usual hand-editing slips: trailing
/// commas, comments, single quotes.
///
/// A parsed JSON value with its location; objects keep their members in file order.
public struct JSON: Sendable, Hashable {
    public indirect enum Value: Sendable, Hashable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSON])
        case object([Member])
    }

    public struct Member: Sendable, Hashable {
        public var key: String
        public var keyLocation: SourceLocation
        public var value: JSON
    }

    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation = SourceLocation(line: 1, column: 1)) {
        self.value = value; self.location = location
    }

    public subscript(key: String) -> JSON? {
        if case .object(let members) = value { return members.first { $0.key == key }?.value }
        return nil
    }

    public var members: [Member]? { if case .object(let m) = value { m } else { nil } }
    public var array: [JSON]? { if case .array(let a) = value { a } else { nil } }
    public var string: String? { if case .string(let s) = value { s } else { nil } }
    public var number: Double? { if case .number(let n) = value { n } else { nil } }
    public var bool: Bool? { if case .bool(let b) = value { b } else { nil } }
    public var isNull: Bool { value == .null }

    /// A short name of the value's type for messages: `got "yes"`, `got a number`.
    public var shortDescription: String {
        switch value {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(let n): JSON.format(n)
        case .string(let s): s.count > 40 ? "\"\(s.prefix(40))…\"" : "\"\(s)\""
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Serialises compactly with keys in file order (stable output for snapshots).
    public var text: String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return JSON.format(n)
        case .string(let s): return JSON.quote(s)
        case .array(let a): return "[" + a.map(\.text).joined(separator: ", ") + "]"
        case .object(let m): return "{" + m.map { JSON.quote($0.key) + ": " + $0.value.text }.joined(separator: ", ") + "}"
        }
    }

    public static func quote(_ s: String) -> String {
        var out = "\""
        for ch in s.unicodeScalars {
            switch ch {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if ch.value < 0x20 {
                    let hex = String(ch.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else { out.unicodeScalars.append(ch) }
            }
        }
        return out + "\""
    }

    /// A number as messages and ``text`` show it: whole numbers without ".0", others rounded to two
    /// decimals, so text stays short and stable. (The same rule as FocusEngine's `fmt`, which this
    /// leaf module cannot import.)
    public static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }
}

/// Parses JSON text into ``JSON`` values with line and column for every value and key.
public struct JSONParser {
    /// Nesting deeper than this is refused (a scene is never this deep; a runaway file must not crash us).
    public static let maxDepth = 200

    private let bytes: [UInt8]
    private let file: String
    private var i = 0
    private var line = 1
    private var lineStart = 0

    /// The value of `text`, or its first syntax error (a syntax error stops the reading); `file`
    /// names the text in that diagnostic.
    public static func parse(_ text: String, file: String = "") throws(Diagnostic) -> JSON {
        var p = JSONParser(bytes: Array(text.utf8), file: file)
        p.skipBOM()
        p.skipSpace()
        let value = try p.parseValue(depth: 0)
        try p.skipSpaceAndComments()
        if p.i < p.bytes.count { throw p.error("expected end of file after the top-level value, got \(p.describeHere())") }
        return value
    }

    private init(bytes: [UInt8], file: String) { self.bytes = bytes; self.file = file }

    private var location: SourceLocation {
        // Columns count characters, not bytes: count UTF-8 lead bytes since the line start.
        var col = 1
        var k = lineStart
        while k < i { if bytes[k] & 0xC0 != 0x80 { col += 1 }; k += 1 }
        return SourceLocation(line: line, column: col)
    }

    private func error(_ message: String) -> Diagnostic { Diagnostic(file: file, at: location, message) }

    private func describeHere() -> String {
        guard i < bytes.count else { return "end of file" }
        let b = bytes[i]
        if b == UInt8(ascii: "\n") { return "end of line" }
        var end = i + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let s = String(decoding: bytes[i ..< end], as: UTF8.self)
        return "'\(s)'"
    }

    private mutating func skipBOM() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3; lineStart = 3 }
    }

    private mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): i += 1
            case UInt8(ascii: "\n"): i += 1; line += 1; lineStart = i
            default: return
            }
        }
    }

    private mutating func skipSpaceAndComments() throws(Diagnostic) {
        skipSpace()
        if i + 1 < bytes.count, bytes[i] == UInt8(ascii: "/"), bytes[i + 1] == UInt8(ascii: "/") || bytes[i + 1] == UInt8(ascii: "*") {
            throw error("comments are not allowed in JSON; remove it (or put notes in a \"note\" key)")
        }
    }

    private mutating func parseValue(depth: Int) throws(Diagnostic) -> JSON {
        try skipSpaceAndComments()
        guard depth < JSONParser.maxDepth else { throw error("nesting deeper than \(JSONParser.maxDepth) levels") }
        guard i < bytes.count else { throw error("expected a value, got end of file") }
        let start = location
        switch bytes[i] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth, start: start)
        case UInt8(ascii: "["): return try parseArray(depth: depth, start: start)
        case UInt8(ascii: "\""): return JSON(.string(try parseString()), at: start)
        case UInt8(ascii: "t"): try literal("true"); return JSON(.bool(true), at: start)
        case UInt8(ascii: "f"): try literal("false"); return JSON(.bool(false), at: start)
        case UInt8(ascii: "n"): try literal("null"); return JSON(.null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"): return JSON(.number(try parseNumber()), at: start)
        case UInt8(ascii: "'"): throw error("strings must use double quotes, got '")
        default: throw error("expected a value (object, array, string, number, true, false or null), got \(describeHere())")
        }
    }

    private mutating func literal(_ word: String) throws(Diagnostic) {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i ..< i + w.count]) == w else {
            throw error("expected a value, got \(describeHere())")
        }
        i += w.count
    }

    private mutating func parseObject(depth: Int, start: SourceLocation) throws(Diagnostic) -> JSON {
        i += 1
        var members: [JSON.Member] = []
        try skipSpaceAndComments()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return JSON(.object(members), at: start) }
        while true {
            try skipSpaceAndComments()
            guard i < bytes.count else { throw error("expected a key in double quotes or '}', got end of file") }
            if bytes[i] == UInt8(ascii: "}") { throw error("trailing comma before '}' is not allowed in JSON") }
            guard bytes[i] == UInt8(ascii: "\"") else { throw error("expected a key in double quotes, got \(describeHere())") }
            let keyLocation = location
            let key = try parseString()
            try skipSpaceAndComments()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':' after key \"\(key)\", got \(describeHere())") }
            i += 1
            let value = try parseValue(depth: depth + 1)
            members.append(JSON.Member(key: key, keyLocation: keyLocation, value: value))
            try skipSpaceAndComments()
            guard i < bytes.count else { throw error("expected ',' or '}' after the value of \"\(key)\", got end of file") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return JSON(.object(members), at: start) }
            throw error("expected ',' or '}' after the value of \"\(key)\", got \(describeHere())")
        }
    }

    private mutating func parseArray(depth: Int, start: SourceLocation) throws(Diagnostic) -> JSON {
        i += 1
        var items: [JSON] = []
        try skipSpaceAndComments()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return JSON(.array(items), at: start) }
        while true {
            try skipSpaceAndComments()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { throw error("trailing comma before ']' is not allowed in JSON") }
            items.append(try parseValue(depth: depth + 1))
            try skipSpaceAndComments()
            guard i < bytes.count else { throw error("expected ',' or ']' in array, got end of file") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return JSON(.array(items), at: start) }
            throw error("expected ',' or ']' in array, got \(describeHere())")
        }
    }

    private mutating func parseString() throws(Diagnostic) -> String {
        i += 1  // opening quote
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw error("unterminated string: expected '\"', got end of file") }
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                i += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                i += 1
                guard i < bytes.count else { throw error("unterminated escape at end of file") }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): out.append(UInt8(ascii: "/"))
                case UInt8(ascii: "b"): out.append(8)
                case UInt8(ascii: "f"): out.append(12)
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800 ..< 0xDC00).contains(scalar) {
                        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired surrogate in \\u escape")
                        }
                        i += 2
                        let low = try hex4()
                        guard (0xDC00 ..< 0xE000).contains(low) else { throw error("invalid low surrogate in \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default:
                    i -= 1
                    throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))' in string")
                }
            case UInt8(ascii: "\n"):
                throw error("unterminated string: expected '\"' before the end of the line")
            default:
                if b < 0x20 { throw error("control character in string; escape it") }
                out.append(b)
                i += 1
            }
        }
    }

    private mutating func hex4() throws(Diagnostic) -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("expected 4 hex digits after \\u") }
        var v: UInt32 = 0
        for _ in 0 ..< 4 {
            let b = bytes[i]
            let d: UInt32
            switch b {
            case UInt8(ascii: "0") ... UInt8(ascii: "9"): d = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a") ... UInt8(ascii: "f"): d = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A") ... UInt8(ascii: "F"): d = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("expected 4 hex digits after \\u, got \(describeHere())")
            }
            v = v * 16 + d
            i += 1
        }
        return v
    }

    private mutating func parseNumber() throws(Diagnostic) -> Double {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        func digits() -> Int { let s = i; while i < bytes.count, (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }; return i - s }
        guard i < bytes.count, (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(bytes[i]) else { throw error("expected a digit in number") }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if i < bytes.count, (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(bytes[i]) { throw error("numbers cannot have leading zeros") }
        } else { _ = digits() }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw error("expected a digit after '.' in number") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw error("expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start ..< i], as: UTF8.self)
        guard let v = Double(text), v.isFinite else { throw error("number \(text) is out of range") }
        return v
    }
}
