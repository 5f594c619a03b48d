import TenFootCore

/// Every key a node object can take, of any type (``SceneDecoder/allowedKeys(_:)`` lists which a type takes,
/// in the order "did you mean" searches them). A key the format gains needs a case here too: the decoder
/// refuses to start without one (`NodeKey.named`).
enum NodeKey: UInt8, CaseIterable, Sendable {
    case type, id, width, height, frame, padding, ignoresSafeArea, note
    case focusable, disabled, hidden, focusEffectDisabled, focusedValue, focusedSceneValue
    case focused, prefersDefaultFocus, `in`, opaque
    case onSelect, onLongSelect, onSubmit, onMenu, onPlayPause, onMove, onPageUp, onPageDown
    case restoresFocusAfterTransition
    case children, spacing, alignment, focusSection, defaultFocus, defaultFocusPriority
    case focusScope, remembersLastFocus, focusRecovery, onReachEnd
    case columns, title, subtitle, image, aspect, color, icon, text, style, lineLimit, textAlignment
    case placeholder, value, secure, options, tabs, between, preferred, enabled
    case shape, cornerRadius, contentMode, header, footer, badges, progress, imageValue, pickerStyle
    case accessory, presentation, initials, accessoryType, isOn, message, preferredStyle
    case keyboardType, searchFocused, emptyTitle, emptyMessage, suggestions, suggestionsMatch, accessibilityLabel
    case size, weight, largeText
    case accessibilityValue, accessibilityHint, accessibilityTraits, accessibilityHidden, accessibilityElement
    case accessibilitySortPriority, dynamicTypeSize, numbered, offset, buttonStyle

    /// The key as the file spells it (the case's name).
    var name: String { NodeKey.names[Int(rawValue)] }
    static let names: [String] = allCases.map { String(describing: $0) }
    /// Keys by their spelling, for the checks below (the decoder's pass uses ``lookup(_:)``).
    static let named: [String: NodeKey] = {
        precondition(allCases.count <= 96, "NodeFields holds 96 keys")
        return Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })
    }()

    /// The key a member's name spells, if any (``NameTable``: cheaper than hashing the name, which was a tenth
    /// of decoding a catalogue).
    @inline(__always) static func lookup(_ name: String) -> NodeKey? { table.lookup(name) }
    static let table = NameTable(allCases.map { ($0.name, $0) })

    var bit: UInt128 { 1 << rawValue }

    /// The keys each node type takes, as a set of bits.
    static let allowedByType: [NodeType: UInt128] = Dictionary(
        uniqueKeysWithValues: NodeType.allCases.map { ($0, allowed($0)) })

    static func allowed(_ type: NodeType) -> UInt128 {
        SceneDecoder.allowedKeys(type).reduce(UInt128(0)) { set, key in
            guard let k = NodeKey.named[key] else { preconditionFailure("node key \"\(key)\" has no NodeKey case") }
            return set | k.bit
        }
    }

    /// The keys ``SceneDecoder/decodeComponents(_:at:into:path:depth:)`` reads.
    static let componentKeys: UInt128 = [
        NodeKey.aspect, .shape, .cornerRadius, .contentMode, .header, .footer, .badges, .progress,
        .initials, .accessoryType, .isOn, .pickerStyle, .presentation, .preferredStyle, .message, .imageValue,
        .accessory, .numbered,
    ].reduce(0) { $0 | $1.bit }
    /// The keys whose values ``SceneDecoder/validateReferences(_:)`` collects from the scene's nodes.
    static let referenceKeys: UInt128 = [NodeKey.preferred, .between, .defaultFocus, .onReachEnd].reduce(0) {
        $0 | $1.bit
    }

    /// Node types by name, each with the keys it takes: what the decoder reads from a node's `"type"`.
    static let types = NameTable(NodeType.allCases.map { ($0.rawValue, (type: $0, allowed: allowed($0))) })

    /// The triggers with their keys, in `Trigger.allCases` order.
    static let triggers: [(Trigger, NodeKey)] = Trigger.allCases.map { ($0, NodeKey.named[$0.rawValue]!) }
}

/// A node object's members, read in one pass: where each key the format knows first appears (JSON allows
/// repeats; the decoder reads the first and reports the rest). Anything else — a key no node takes, a key
/// twice — marks the object irregular, and only then are its members checked key by key, with messages
/// and suggestions (``SceneDecoder/checkKeys(_:allowed:path:what:)``).
struct NodeFields {
    private(set) var members: [JSON.Member]
    /// The keys present (and, once ``restrict(to:)`` has run, allowed for the node's type).
    private(set) var present: UInt128 = 0
    /// Whether some member has a key no node takes or repeats an earlier one.
    private(set) var irregular = false
    /// Each present key's member index; `UInt8.max` for a member past the 254th (found by searching then).
    private var slots = InlineArray<96, UInt8>(repeating: .max)

    init(_ members: [JSON.Member]) {
        self.members = members
        for k in members.indices {
            guard let key = NodeKey.lookup(members[k].key), present & key.bit == 0 else {
                irregular = true
                continue
            }
            present |= key.bit
            slots[Int(key.rawValue)] = k < Int(UInt8.max) ? UInt8(k) : .max
        }
    }

    /// The value of `key`'s first member, if present.
    @inline(__always) subscript(key: NodeKey) -> JSON? { member(key)?.value }

    @inline(__always) func member(_ key: NodeKey) -> JSON.Member? {
        guard present & key.bit != 0 else { return nil }
        let k = slots[Int(key.rawValue)]
        return k < UInt8.max ? members[Int(k)] : members.first { $0.key == key.name }
    }

    @inline(__always) func has(_ key: NodeKey) -> Bool { present & key.bit != 0 }

    /// The value of `key`'s first member, moved out (the member is left null): held alone by the caller,
    /// it is freed as soon as the caller is done with it (``JSON/takeMembers()``).
    mutating func take(_ key: NodeKey) -> JSON? {
        guard present & key.bit != 0 else { return nil }
        let slot = slots[Int(key.rawValue)]
        guard let k = slot < UInt8.max ? Int(slot) : members.firstIndex(where: { $0.key == key.name }) else {
            return nil
        }
        var value = JSON(.null, at: members[k].value.location)
        swap(&value, &members[k].value)
        return value
    }

    /// Whether every key is known, once, and in `allowed`.
    func isRegular(allowed: UInt128) -> Bool { !irregular && present & ~allowed == 0 }

    /// Forgets the keys a type does not take (reported as unknown, so their values are not read as well).
    mutating func restrict(to allowed: UInt128) { present &= allowed }
}

/// Names looked up without hashing: the names with the same length and last letter as the one asked for
/// (one to four of them among the format's keys or types) compared in turn.
struct NameTable<Value: Sendable>: Sendable {
    private let names: [String]
    private let values: [Value]
    /// Where each bucket's names are in `names`.
    private let ranges: [Range<Int>]

    init(_ pairs: [(String, Value)]) {
        let sorted = pairs.enumerated().sorted {
            (NameTable.bucket($0.element.0), $0.offset) < (NameTable.bucket($1.element.0), $1.offset)
        }.map(\.element)
        names = sorted.map(\.0)
        values = sorted.map(\.1)
        var ranges = Array(repeating: 0..<0, count: 256)
        var k = 0
        for b in 0..<256 {
            let start = k
            while k < names.count, NameTable.bucket(names[k]) == b { k += 1 }
            ranges[b] = start..<k
        }
        self.ranges = ranges
    }

    @inline(__always) static func bucket(_ name: String) -> Int {
        let utf8 = name.utf8
        return (utf8.count & 31) << 3 | Int((utf8.last ?? 0) & 7)
    }

    @inline(__always) func lookup(_ name: String) -> Value? {
        for k in ranges[NameTable.bucket(name)] where names[k] == name { return values[k] }
        return nil
    }
}
