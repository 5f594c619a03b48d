/// A parsed JSON value with its location; objects keep their members in file order. ``JSONParser``
/// reads them, remembering where every value and key came from, so readers built on it (scenes,
/// input mapping files) can name `file:line:column` in their diagnostics. (Foundation's decoder
/// reports no positions.)
public struct JSON: Sendable, Hashable {
    /// Not `indirect`: arrays and objects already live in their arrays' buffers, and boxing every
    /// value (numbers and strings too) cost an allocation each.
    public enum Value: Sendable, Hashable {
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
        self.value = value
        self.location = location
    }

    public subscript(key: String) -> JSON? {
        if case .object(let members) = value { return members.first { $0.key == key }?.value }
        return nil
    }

    public var members: [Member]? { if case .object(let m) = value { m } else { nil } }

    /// The members of an object, moved out of the value. Unless a copy of the value lives elsewhere, the
    /// caller holds the array alone, and can swap values out of it to free each once read (the scene
    /// decoder frees a node's JSON as it decodes it, so a large file's tree and its scene are not both
    /// in memory at their full size).
    public consuming func takeMembers() -> [Member]? { if case .object(let m) = value { m } else { nil } }
    /// The value of the first member named `key`, moved out of this object (the member is left null), so
    /// that the caller can free it once read (as ``takeMembers()``).
    public mutating func take(_ key: String) -> JSON? {
        guard case .object(var m) = value else { return nil }
        value = .null  // the members are now `m`'s alone: swapping a value out does not copy them
        defer { value = .object(m) }
        guard let k = m.firstIndex(where: { $0.key == key }) else { return nil }
        var taken = JSON(.null, at: m[k].value.location)
        swap(&taken, &m[k].value)
        return taken
    }
    /// The items of an array, moved out of the value (as ``takeMembers()``).
    public consuming func takeArray() -> [JSON]? { if case .array(let a) = value { a } else { nil } }

    /// The members whose key already appeared earlier in the same object, in file order. Readers use
    /// the first and report these (JSON allows repeats; a hand-edited file with one is a mistake).
    public static func repeatedMembers(_ members: [Member]) -> [Member] {
        // Most objects have a handful of keys: comparing pairs is cheaper than hashing them.
        if members.count <= 8 {
            return members.indices.filter { k in members[..<k].contains { $0.key == members[k].key } }.map {
                members[$0]
            }
        }
        var seen = Set<String>()
        return members.filter { !seen.insert($0.key).inserted }
    }
    /// The first key repeated in any object of this value, in file order: for readers that decode with
    /// Foundation, which keeps one of the two silently. Walks with a stack of its own, not the C stack.
    public func firstRepeatedMember() -> Member? {
        var pending: [JSON] = [self]
        var first: Member?
        while let json = pending.popLast() {
            switch json.value {
            case .object(let members):
                if let m = JSON.repeatedMembers(members).first, first.map({ m.keyLocation < $0.keyLocation }) ?? true {
                    first = m
                }
                pending.append(contentsOf: members.lazy.map(\.value))
            case .array(let items): pending.append(contentsOf: items)
            default: break
            }
        }
        return first
    }
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
        case .number(let n): JSON.exactFormat(n)
        case .string(let s): quoted(s, limit: 40)
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
        case .object(let m):
            return "{" + m.map { JSON.quote($0.key) + ": " + $0.value.text }.joined(separator: ", ") + "}"
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
                } else {
                    out.unicodeScalars.append(ch)
                }
            }
        }
        return out + "\""
    }

    /// A number as messages and ``text`` show it: whole numbers without ".0", others rounded to two
    /// decimals, so text stays short and stable; from 10¹⁵ up, Swift's shortest exponent form
    /// (`1e+308`), never `inf`. (The same rule as FocusEngine's `fmt`, which this leaf module cannot
    /// import.)
    public static func format(_ value: Double) -> String {
        guard abs(value) < 1e15 else { return String(value) }
        if value == value.rounded() { return String(Int(value)) }
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(rounded)
    }

    /// A number as a message quoting input shows it: ``format``'s short form when that is the number
    /// itself, otherwise Swift's shortest form that reads back as the same number — a message must never
    /// say `got 12` of `12.0000000000001`, which is refused for not being 12.
    /// A whole number below 2⁶⁴ is written out in digits, as JSON files write it (`9223372036854775808`, not
    /// `9.223372036854776e+18`).
    public static func exactFormat(_ value: Double) -> String {
        if abs(value) >= 1e15, abs(value) < 0x1p64, value == value.rounded() {
            return (value < 0 ? "-" : "") + String(UInt64(abs(value)))
        }
        let short = format(value)
        return Double(short) == value ? short : String(value)
    }
}
