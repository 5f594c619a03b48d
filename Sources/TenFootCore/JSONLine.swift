/// Encodes a value as one line of JSON in the form every line-per-event output prints (`path --json`,
/// recording traces): keys in the order they are encoded, `": "` after a key and `", "` between
/// members, whole numbers without a decimal point. A value that encodes itself with its container's
/// encoder (`try route.encode(to: encoder)`) adds its keys to the same object, so lines embed a
/// `Route` flat. Foundation's `JSONEncoder` can give neither this spacing nor a guaranteed key order.
public enum JSONLine {
    public static func encode<T: Encodable>(_ value: T) throws -> String {
        let root = Slot()
        try value.encode(to: LineEncoder(slot: root, codingPath: []))
        return root.text
    }

    /// A number as a JSON line writes it: whole numbers as integers, others in the shortest form
    /// that reads back as the same `Double`.
    public static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }
}

/// One value being encoded; containers write into it.
private final class Slot {
    enum Value {
        case empty
        case literal(String)
        case object([(key: String, slot: Slot)])
        case array([Slot])
    }
    var value: Value = .empty

    var text: String {
        switch value {
        case .empty: "null"
        case .literal(let s): s
        case .object(let members):
            "{" + members.map { JSON.quote($0.key) + ": " + $0.slot.text }.joined(separator: ", ") + "}"
        case .array(let items): "[" + items.map(\.text).joined(separator: ", ") + "]"
        }
    }

    /// The member `key` of this object (made an object if it is not one yet), replaced if present.
    func member(_ key: String) -> Slot {
        var members: [(key: String, slot: Slot)] = []
        if case .object(let m) = value { members = m }
        let slot = Slot()
        if let k = members.firstIndex(where: { $0.key == key }) {
            members[k].slot = slot
        } else {
            members.append((key, slot))
        }
        value = .object(members)
        return slot
    }

    func appendItem() -> Slot {
        var items: [Slot] = []
        if case .array(let a) = value { items = a }
        let slot = Slot()
        items.append(slot)
        value = .array(items)
        return slot
    }

    func set<T: Encodable>(_ v: T, codingPath: [any CodingKey]) throws {
        switch v {
        case let s as String: value = .literal(JSON.quote(s))
        case let b as Bool: value = .literal(b ? "true" : "false")
        case let d as Double:
            guard d.isFinite else {
                throw EncodingError.invalidValue(d, .init(codingPath: codingPath, debugDescription: "JSON has no \(d)"))
            }
            value = .literal(JSONLine.number(d))
        case let f as Float: try set(Double(f), codingPath: codingPath)
        case let i as any BinaryInteger: value = .literal(String(i))
        default: try v.encode(to: LineEncoder(slot: self, codingPath: codingPath))
        }
    }
}

private struct LineEncoder: Encoder {
    let slot: Slot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = slot.value {} else { slot.value = .object([]) }
        return KeyedEncodingContainer(KeyedLine<Key>(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = slot.value {} else { slot.value = .array([]) }
        return UnkeyedLine(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleLine(slot: slot, codingPath: codingPath) }
}

private struct KeyedLine<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: Slot
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { slot.member(key.stringValue).value = .literal("null") }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try slot.member(key.stringValue).set(value, codingPath: codingPath + [key])
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        LineEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        LineEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { LineEncoder(slot: slot, codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        LineEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedLine: UnkeyedEncodingContainer {
    let slot: Slot
    let codingPath: [any CodingKey]
    var count: Int { if case .array(let a) = slot.value { a.count } else { 0 } }

    mutating func encodeNil() throws { slot.appendItem().value = .literal("null") }
    mutating func encode<T: Encodable>(_ value: T) throws { try slot.appendItem().set(value, codingPath: codingPath) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        LineEncoder(slot: slot.appendItem(), codingPath: codingPath).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        LineEncoder(slot: slot.appendItem(), codingPath: codingPath).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { LineEncoder(slot: slot.appendItem(), codingPath: codingPath) }
}

private struct SingleLine: SingleValueEncodingContainer {
    let slot: Slot
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { slot.value = .literal("null") }
    mutating func encode<T: Encodable>(_ value: T) throws { try slot.set(value, codingPath: codingPath) }
}
