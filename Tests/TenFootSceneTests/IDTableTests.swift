import Testing
@testable import TenFootScene
import TenFootCore
import TestSupport

/// The decoder's table of explicit ids against a plain dictionary doing the same registrations: the
/// same duplicates found with the same first locations, the same membership, the ids kept in order;
/// from a table sized for them and from one that grows from nothing.
@Suite struct IDTableTests {
    @Test func agreesWithADictionary() {
        var rng = SplitMix(seed: 7)
        for capacity in [0, 5_000] {
            var table = IDTable(capacity: capacity)
            var plain: [String: TenFootCore.SourceLocation] = [:]
            var order: [String] = []
            for k in 0 ..< 20_000 {
                // Ids from a small pool, so about a third repeat an earlier one.
                let id = "n\(rng.next() % 13_000)"
                let at = TenFootCore.SourceLocation(line: k + 1, column: 1)
                let first = table.insert(id, at: at)
                #expect(first == plain[id], "\(id)")
                if plain[id] == nil { plain[id] = at; order.append(id) }
            }
            #expect(table.count == plain.count && table.names == order)
            #expect(order.allSatisfy(table.contains) && order.allSatisfy { table[$0] == plain[$0] })
            #expect(!table.contains("n13000") && !table.contains("") && !table.contains("N1"))
        }
    }
}
