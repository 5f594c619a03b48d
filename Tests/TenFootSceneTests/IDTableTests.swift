import TenFootCore
import TestSupport
import Testing

@testable import TenFootScene

/// The decoder's table of explicit ids against a plain dictionary doing the same registrations: the
/// same duplicates found with the same first locations, the same membership, the ids kept in order;
/// from a table sized for them and from one that grows from nothing; with Swift's seeded hash and with
/// hashes that collide on purpose (the same slot and the same tag, the same slot at the table's end so
/// that probes wrap around, the same slot with other tags).
@Suite struct IDTableTests {
    /// Every id on the last slot of any table, with one tag.
    enum SameSlotSameTag: IDHash { static func hash(_ id: String) -> Int { Int(bitPattern: 0xABCD_0123_0000_FFFF) } }
    /// Every id on one slot, each length of id with its own tag.
    enum SameSlotOtherTags: IDHash { static func hash(_ id: String) -> Int { (id.utf8.count << 32) | 5 } }
    /// Tags from the id, slots from two values: ids share slots and, often, tags.
    enum FewSlots: IDHash { static func hash(_ id: String) -> Int { (id.utf8.count % 3) << 32 | (id.utf8.count % 2) } }

    static func agree<H: IDHash>(_ hash: H.Type, ids: Int, pool: UInt64, capacity: Int) {
        var rng = SplitMix(seed: 7)
        var table = IDTable<H>(capacity: capacity)
        var plain: [String: TenFootCore.SourceLocation] = [:]
        var order: [String] = []
        for k in 0..<ids {
            // Ids from a pool, so that many repeat an earlier one.
            let id = "n\(rng.next() % pool)"
            let at = TenFootCore.SourceLocation(line: k + 1, column: 1)
            #expect(table.insert(id, at: at) == plain[id], "\(H.self): \(id)")
            if plain[id] == nil {
                plain[id] = at
                order.append(id)
            }
        }
        #expect(table.count == plain.count && table.names == order, "\(H.self)")
        #expect(order.allSatisfy { table.contains($0) && table[$0] == plain[$0] }, "\(H.self)")
        #expect(
            !table.contains("n\(pool)") && !table.contains("") && !table.contains("N1") && table["n\(pool)"] == nil,
            "\(H.self)")
    }

    @Test func agreesWithADictionary() {
        for capacity in [0, 5_000] { Self.agree(SeededIDHash.self, ids: 20_000, pool: 13_000, capacity: capacity) }
    }

    @Test func collidingHashesFindEveryIDByItsName() {
        for capacity in [0, 300] {
            Self.agree(SameSlotSameTag.self, ids: 600, pool: 400, capacity: capacity)
            Self.agree(SameSlotOtherTags.self, ids: 600, pool: 400, capacity: capacity)
            Self.agree(FewSlots.self, ids: 600, pool: 400, capacity: capacity)
        }
    }
}
