// The explicit ids a scene decode has read, for the duplicate check and the reference checks.

import TenFootCore

/// The ids in the order they were read, each with where it was given, and a table of their indices:
/// open addressing (linear probing) over a power-of-two table at most half full, each slot holding the
/// upper half of the id's hash beside its index, so that a probe compares ids only when those 32 bits
/// agree. A `[String: SourceLocation]` put each id and its location at a random place in six megabytes
/// for 100,000 ids, and every insertion missed the caches twice; here the ids and locations are
/// appended in order and an insertion touches one eight-byte slot of two megabytes. The hash is
/// Swift's seeded one (``SeededIDHash``), so no file can make its ids collide on purpose; nothing
/// iterates the slots, so the per-process seed never reaches an output. (Tests give hashes that collide.)
/// The focus tree's id index (FocusEngine's `IDIndex`) is the same idea built once from a finished list
/// inside the engine; the decoder needs ids registered one by one, each with where it was first given,
/// and tag bits to keep probes off the ids, so it has this table of its own.
struct IDTable<Hash: IDHash> {
    /// The ids in the order they were registered.
    private(set) var names: [String] = []
    /// Where each was given.
    private(set) var locations: [SourceLocation] = []
    /// 0: empty; else the hash's upper 32 bits, then the index plus one.
    private var slots: [UInt64]
    private var mask: Int

    /// Room for `capacity` ids before the table grows.
    init(capacity: Int = 0) {
        var size = 16
        while size < 2 * capacity { size *= 2 }
        slots = [UInt64](repeating: 0, count: size)
        mask = size - 1
        names.reserveCapacity(capacity)
        locations.reserveCapacity(capacity)
    }

    var count: Int { names.count }

    /// Registers `id`, given at `location`; when it was registered before, nothing changes and the
    /// result is where it was first given.
    mutating func insert(_ id: String, at location: SourceLocation) -> SourceLocation? {
        let hash = Hash.hash(id)
        if let k = find(id, hash) { return locations[k] }
        if 2 * (names.count + 1) > slots.count { grow() }
        place(hash, index: names.count)
        names.append(id)
        locations.append(location)
        return nil
    }

    func contains(_ id: String) -> Bool { find(id, Hash.hash(id)) != nil }

    /// Where `id` was given, if it was registered.
    subscript(id: String) -> SourceLocation? { find(id, Hash.hash(id)).map { locations[$0] } }

    private static func tag(_ hash: Int) -> UInt64 { UInt64(UInt(bitPattern: hash) >> 32) << 32 }

    private func find(_ id: String, _ hash: Int) -> Int? {
        let tag = Self.tag(hash)
        var s = hash & mask
        while slots[s] != 0 {
            let slot = slots[s]
            if slot & 0xFFFF_FFFF_0000_0000 == tag {
                let k = Int(slot & 0xFFFF_FFFF) - 1
                if names[k] == id { return k }
            }
            s = (s + 1) & mask
        }
        return nil
    }

    private mutating func place(_ hash: Int, index: Int) {
        var s = hash & mask
        while slots[s] != 0 { s = (s + 1) & mask }
        slots[s] = Self.tag(hash) | UInt64(index + 1)
    }

    private mutating func grow() {
        slots = [UInt64](repeating: 0, count: 2 * slots.count)
        mask = slots.count - 1
        for k in names.indices { place(Hash.hash(names[k]), index: k) }
    }
}

/// How ``IDTable`` hashes an id.
protocol IDHash {
    static func hash(_ id: String) -> Int
}

/// Swift's hash, seeded afresh in every process.
enum SeededIDHash: IDHash {
    static func hash(_ id: String) -> Int { id.hashValue }
}
