import Testing

@testable import FocusEngine

/// The spatial index on hostile sizes — a row 1e-300 high (an aspect of 1e300), a column 1e-300 wide, frames of
/// the least Double, frames a million times the screen: each index is built and walked without a Double reaching
/// an Int out of range, and where frames have a height the walk visits every frame right of the first.
@Suite struct SpatialIndexTests {
    static func walk(_ index: SpatialIndex, from source: Rect, _ direction: Direction) -> Set<Int> {
        var seen = Set<Int>()
        index.walk(
            from: source, direction,
            visit: {
                seen.insert($0)
                return false
            }, stop: { _ in false })
        return seen
    }

    @Test(arguments: [
        (1e-300, 100.0), (100.0, 1e-300), (Double.leastNonzeroMagnitude, Double.leastNonzeroMagnitude), (1e300, 1e-300),
        (1e-300, 1e300), (1e15, 1e15),
    ])
    func extremeFramesIndexAndWalk(_ width: Double, _ height: Double) {
        let frames = (0..<200).map { k in Rect(Double(k) * 120, 100 + Double(k % 3) * 1e-300, width, height) }
        let index = SpatialIndex(frames: frames, targets: frames.indices.map(Int32.init))
        #expect(index.columns >= 1 && index.columns <= SpatialIndex.maxCellsPerAxis)
        #expect(index.rows >= 1 && index.rows <= SpatialIndex.maxCellsPerAxis)
        // The walk ends; right of the first frame it visits every other frame that has a height to overlap with
        // (a band 1e-300 high overlaps nothing, as the engine's geometry says).
        let seen = Self.walk(index, from: frames[0], .right)
        if height > 1e-200 { #expect(seen.isSuperset(of: Set(1..<200)), "\(seen.count) of 199") }
        #expect(
            SpatialIndex.cell(.nan, 8) == 0 && SpatialIndex.cell(.infinity, 8) == 7 && SpatialIndex.cell(-1e300, 8) == 0
        )
        #expect(SpatialIndex.count(1e300) == SpatialIndex.maxCellsPerAxis && SpatialIndex.count(.nan) == 1)
    }

    /// Frames that all overlap (a zstack of 90,000 buttons) listed every target in every cell: N × N/2 entries, which
    /// passed Int32 at 65,536 targets (a trap) and took gigabytes and seconds below it. The grid is made coarser: at
    /// most `maxEntriesPerTarget` entries a target, and a walk still visits every target beside the source.
    @Test func overlappingFramesListEachTargetAFewTimes() {
        let frames = (0..<70_000).map { k in Rect(100 + Double(k % 5), 100, 200, 100) }
        let index = SpatialIndex(frames: frames, targets: frames.indices.map(Int32.init))
        #expect(index.cellItems.count <= SpatialIndex.maxEntriesPerTarget * frames.count)
        let source = Rect(-400, 100, 100, 100)
        #expect(Self.walk(index, from: source, .right).count == frames.count)
        // A grid of separate frames keeps its cells.
        let grid = (0..<1_000).map { k in Rect(Double(k % 40) * 50, Double(k / 40) * 50, 40, 40) }
        let sparse = SpatialIndex(frames: grid, targets: grid.indices.map(Int32.init))
        #expect(sparse.columns * sparse.rows > 100 && sparse.cellItems.count <= 4 * grid.count)
    }
}

/// A focus graph's swipes each visit at most their share of the graph's looks: on items piled along both axes
/// (every swipe would visit most of them) a search stops at its limit, takes the best it has found, and says
/// so; below the limit it is the full search.
@Suite struct GraphLookLimitTests {
    /// `count` buttons, each a hundredth of a point right of and below the one before.
    static func staircase(_ count: Int) throws -> FocusTree {
        let nodes = (0..<count).map { k in FocusNode.item("b\(k)", Rect(Double(k) * 0.01, Double(k) * 0.01, 200, 100)) }
        return try FocusTree(layers: [.layer("screen", Rect(0, 0, 1920, 1080), .init(), nodes)])
    }

    @Test func aSearchStopsAtItsLimitAndSaysSo() throws {
        let tree = try Self.staircase(400)
        var cutAny = false
        for from in tree.focusableItems {
            for d in Direction.allCases {
                var examined = 0
                var cut = false
                let full = tree.indexedSearch(from: from, d, examined: &examined, limit: .max, cutShort: &cut)
                #expect(!cut)
                #expect(full?.item == tree.linearSearch(from: from, d)?.item)
                let visits = examined
                var limited = false
                var looked = 0
                let part = tree.indexedSearch(from: from, d, examined: &looked, limit: 50, cutShort: &limited)
                #expect(limited == (visits > 50), "\(tree.ids[from]) \(d): \(visits) visits")
                #expect(looked <= 50)
                if !limited { #expect(part?.item == full?.item) }
                cutAny = cutAny || limited
            }
        }
        #expect(cutAny)
    }

    @Test func theGraphListsTheItemsWhoseSwipesWereCutShort() throws {
        var system = FocusSystem(tree: try Self.staircase(300))
        let exact = system.audit()
        #expect(exact.cutShort.isEmpty)
        system.lookLimit = 40
        let cut = system.audit()
        #expect(!cut.cutShort.isEmpty && cut.cutShort.count <= 300)
        // In item order, each once.
        let order = Dictionary(uniqueKeysWithValues: cut.items.enumerated().map { ($1, $0) })
        let places = cut.cutShort.map { order[$0]! }
        #expect(places == places.sorted() && Set(places).count == places.count)
        // A real screen's swipes are never cut: the share never falls below 128 looks.
        #expect(FocusSystem.graphLookLimit(items: 1) == FocusSystem.graphLooks / 4)
        #expect(FocusSystem.graphLookLimit(items: 100_000) == 128)
        #expect(FocusSystem.graphLookLimit(items: 10_000) == 600)
    }
}
