/// How `--shard K/N` splits work across a CI matrix (`test --shard`, `record --batch --shard`): the
/// items sorted by a key that names each one (a path), then dealt round-robin — the item at index *i*
/// (from 0) goes to shard *i* mod N + 1. The split depends only on the set of keys, never on the
/// machine, the order of the arguments or the run; the N shards together take every item exactly once.
struct Shard: Equatable {
    /// K, from 1.
    var index: Int
    /// N.
    var count: Int

    init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// `K/N` as the parser accepted it (`ValueKind.shard`).
    init?(_ text: String) {
        guard let (k, n) = ValueKind.shard(text) else { return nil }
        self.init(index: k, count: n)
    }

    /// `2/4`.
    var name: String { "\(index)/\(count)" }

    /// This shard's items, in key order. Items with equal keys count once (the first of them).
    func deal<Item>(_ items: [Item], key: (Item) -> String) -> [Item] {
        var seen = Set<String>()
        let unique = items.filter { seen.insert(key($0)).inserted }
        let sorted = unique.sorted { key($0) < key($1) }
        return sorted.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }

    /// How many distinct items are dealt among the shards.
    static func total<Item>(_ items: [Item], key: (Item) -> String) -> Int { Set(items.map(key)).count }
}
