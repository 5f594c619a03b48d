import TenFootCore

/// Every key a node object can take, of any type (``SceneDecoder/allowedKeys(_:)`` lists which a type takes,
/// in the order "did you mean" searches them). A key the format gains needs a case here too: the decoder
/// refuses to start without one (`NodeKey.named`).
enum NodeKey: UInt8, CaseIterable {
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
    case keyboardType, searchFocused, emptyTitle, emptyMessage

    /// The key as the file spells it (the case's name).
    var name: String { NodeKey.names[Int(rawValue)] }
    static let names: [String] = allCases.map { String(describing: $0) }
    /// Keys by their spelling, for the checks below (the decoder's pass uses ``lookup(_:)``).
    static let named: [String: NodeKey] = {
        precondition(allCases.count <= 80, "NodeFields holds 80 keys")
        return Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })
    }()

    /// The key a member's name spells, if any: the names with the same length and last letter (one to four
    /// of them) compared in turn. Cheaper than hashing the name, which was a tenth of decoding a catalogue.
    @inline(__always) static func lookup(_ name: String) -> NodeKey? {
        let utf8 = name.utf8
        guard let last = utf8.last else { return nil }
        let range = bucketRanges[bucket(count: utf8.count, last: last)]
        for k in range.lowerBound ..< range.upperBound where names[Int(byBucket[k].rawValue)] == name { return byBucket[k] }
        return nil
    }

    @inline(__always) static func bucket(count: Int, last: UInt8) -> Int { (count & 31) << 3 | Int(last & 7) }
    /// Every key, grouped by bucket; `bucketRanges[b]` is where bucket `b`'s keys are in it.
    static let (byBucket, bucketRanges): ([NodeKey], [Range<Int>]) = {
        let keyed = allCases.map { (bucket(count: $0.name.utf8.count, last: $0.name.utf8.last!), $0) }.sorted { ($0.0, $0.1.rawValue) < ($1.0, $1.1.rawValue) }
        var ranges = Array(repeating: 0 ..< 0, count: 256)
        for b in 0 ..< 256 {
            let lo = keyed.firstIndex { $0.0 == b } ?? 0
            let hi = keyed.lastIndex { $0.0 == b }.map { $0 + 1 } ?? 0
            ranges[b] = lo ..< max(lo, hi)
        }
        return (keyed.map(\.1), ranges)
    }()

    var bit: UInt128 { 1 << rawValue }

    /// The keys each node type takes, as a set of bits.
    static let allowedByType: [NodeType: UInt128] = Dictionary(uniqueKeysWithValues: NodeType.allCases.map { type in
        (type, SceneDecoder.allowedKeys(type).reduce(UInt128(0)) { set, key in
            guard let k = NodeKey.named[key] else { preconditionFailure("node key \"\(key)\" has no NodeKey case") }
            return set | k.bit
        })
    })

    /// The triggers with their keys, in `Trigger.allCases` order.
    static let triggers: [(Trigger, NodeKey)] = Trigger.allCases.map { ($0, NodeKey.named[$0.rawValue]!) }
}

/// A node object's members, read in one pass: where each key the format knows first appears (JSON allows
/// repeats; the decoder reads the first and reports the rest). Anything else — a key no node takes, a key
/// twice — marks the object irregular, and only then are its members checked key by key, with messages
/// and suggestions (``SceneDecoder/checkKeys(_:allowed:path:what:)``).
struct NodeFields {
    let members: [JSON.Member]
    /// The keys present (and, once ``restrict(to:)`` has run, allowed for the node's type).
    private(set) var present: UInt128 = 0
    /// Whether some member has a key no node takes or repeats an earlier one.
    private(set) var irregular = false
    /// Each present key's member index; `UInt8.max` for a member past the 254th (found by searching then).
    private var slots = InlineArray<80, UInt8>(repeating: .max)

    init(_ members: [JSON.Member]) {
        self.members = members
        for k in members.indices {
            guard let key = NodeKey.lookup(members[k].key), present & key.bit == 0 else { irregular = true; continue }
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

    /// Whether every key is known, once, and in `allowed`.
    func isRegular(allowed: UInt128) -> Bool { !irregular && present & ~allowed == 0 }

    /// Forgets the keys a type does not take (reported as unknown, so their values are not read as well).
    mutating func restrict(to allowed: UInt128) { present &= allowed }
}
