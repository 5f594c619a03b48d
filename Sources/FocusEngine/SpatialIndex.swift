/// A uniform grid over the search targets' frames, built once per tree snapshot, so a directional
/// search walks only the cells along the beam instead of every node.
///
/// Cells are stored compressed (one offsets array, one flat array of target indices) to keep memory
/// at a few bytes per target. A target is listed in every cell its frame overlaps.
struct SpatialIndex: Sendable {
    let targets: [Int32]
    let bounds: Rect
    let columns: Int
    let rows: Int
    let cellWidth: Double
    let cellHeight: Double
    let cellStart: [Int32]
    let cellItems: [Int32]

    /// Aim for about this many targets per cell: small enough to scan quickly, big enough that an
    /// empty stretch of screen does not cost thousands of empty cells.
    static let targetsPerCell = 2.0
    /// Never more cells per axis than this, whatever the count (bounds the memory of sparse layouts).
    static let maxCellsPerAxis = 4096
    /// At most this many cell entries a target on average (frames that overlap would otherwise fill every cell).
    static let maxEntriesPerTarget = 16

    init(frames: [Rect], targets: [Int32]) {
        self.targets = targets
        var bounds: Rect?
        for t in targets {
            let f = frames[Int(t)]
            guard !f.isEmpty || f.width >= 0 else { continue }
            bounds = bounds.map { $0.union(f) } ?? f
        }
        let b = bounds ?? .zero
        self.bounds = b
        let count = max(1, targets.count)
        let cells = Double(count) / SpatialIndex.targetsPerCell
        let aspect = b.height > 0 && b.width > 0 ? b.width / b.height : 1
        // Converted to whole cells in Double first: a frame 1e-300 high makes the aspect 1e300, past any Int.
        var cols = SpatialIndex.count((cells * aspect).squareRoot().rounded(.up))
        var rws = SpatialIndex.count((cells / aspect).squareRoot().rounded(.up))
        func span(_ f: Rect, _ cols: Int, _ rws: Int) -> (Int, Int, Int, Int) {
            let c0 = SpatialIndex.cell((f.minX - b.minX) / (b.width > 0 ? b.width / Double(cols) : 1), cols)
            let c1 = SpatialIndex.cell((f.maxX - b.minX) / (b.width > 0 ? b.width / Double(cols) : 1), cols)
            let r0 = SpatialIndex.cell((f.minY - b.minY) / (b.height > 0 ? b.height / Double(rws) : 1), rws)
            let r1 = SpatialIndex.cell((f.maxY - b.minY) / (b.height > 0 ? b.height / Double(rws) : 1), rws)
            return (c0, c1, r0, r1)
        }
        // Frames that overlap one another (a zstack of 90,000 buttons) list every target in every cell: N × N/2
        // entries, past Int32 at 65,536 targets and gigabytes below. The grid is made coarser until it lists at most
        // `maxEntriesPerTarget` a target (a single cell lists each once).
        while cols > 1 || rws > 1 {
            var entries = 0
            for t in targets {
                let (c0, c1, r0, r1) = span(frames[Int(t)], cols, rws)
                entries += (c1 - c0 + 1) * (r1 - r0 + 1)
            }
            if entries <= SpatialIndex.maxEntriesPerTarget * count { break }
            cols = max(1, cols / 2)
            rws = max(1, rws / 2)
        }
        columns = cols
        rows = rws
        cellWidth = b.width > 0 ? b.width / Double(cols) : 1
        cellHeight = b.height > 0 ? b.height / Double(rws) : 1
        let (finalCols, finalRows) = (cols, rws)
        func span(_ f: Rect) -> (Int, Int, Int, Int) { span(f, finalCols, finalRows) }

        // Count, then fill (compressed sparse rows).
        var counts = [Int32](repeating: 0, count: cols * rws + 1)
        for t in targets {
            let (c0, c1, r0, r1) = span(frames[Int(t)])
            for r in r0...r1 { for c in c0...c1 { counts[r * cols + c + 1] += 1 } }
        }
        for k in 1..<counts.count { counts[k] += counts[k - 1] }
        var fill = counts
        var items = [Int32](repeating: 0, count: Int(counts.last ?? 0))
        for (k, t) in targets.enumerated() {
            let (c0, c1, r0, r1) = span(frames[Int(t)])
            for r in r0...r1 {
                for c in c0...c1 {
                    let cell = r * cols + c
                    items[Int(fill[cell])] = Int32(k)
                    fill[cell] += 1
                }
            }
        }
        cellStart = counts
        cellItems = items
    }

    static func clamp(_ v: Int, _ n: Int) -> Int { min(max(v, 0), n - 1) }

    /// The cell a position `v` cells along falls in, 0 ..< n: clamped before it becomes an Int (a tiny cell makes
    /// `v` huge; nothing makes it NaN, but NaN is cell 0).
    static func cell(_ v: Double, _ n: Int) -> Int {
        guard v > 0 else { return 0 }
        return v >= Double(n - 1) ? n - 1 : Int(v.rounded(.down))
    }

    /// A number of cells along an axis, 1 ... `maxCellsPerAxis`.
    static func count(_ v: Double) -> Int {
        guard v > 1 else { return 1 }
        return v >= Double(maxCellsPerAxis) ? maxCellsPerAxis : Int(v)
    }

    func column(_ x: Double) -> Int { SpatialIndex.cell((x - bounds.minX) / cellWidth, columns) }
    func row(_ y: Double) -> Int { SpatialIndex.cell((y - bounds.minY) / cellHeight, rows) }

    /// Visits the targets in the cells swept from `source`'s leading edge in `direction`, one slice of
    /// cells at a time, nearest slice first. `visit` gets a target's node index and returns whether the walk ends
    /// there (a search that has looked at all it may);
    /// `stop` gets the distance from the leading edge to the next slice's near side and says whether
    /// the walk can end (because the best target found is already nearer). Targets spanning several
    /// cells are visited once per cell; callers must tolerate repeats.
    func walk(from source: Rect, _ direction: Direction, visit: (Int) -> Bool, stop: (Double) -> Bool) {
        guard !targets.isEmpty else { return }
        let edge = source.leadingEdge(direction)
        let horizontal = direction.isHorizontal
        // The band of cells across the direction that the beam covers.
        let lo: Int
        let hi: Int
        if horizontal {
            guard source.maxY > bounds.minY, source.minY < bounds.maxY else { return }
            lo = row(source.minY)
            hi = row(source.maxY)
        } else {
            guard source.maxX > bounds.minX, source.minX < bounds.maxX else { return }
            lo = column(source.minX)
            hi = column(source.maxX)
        }
        let slices: StrideThrough<Int>
        switch direction {
        case .right:
            guard edge < bounds.maxX else { return }
            slices = stride(from: column(edge), through: columns - 1, by: 1)
        case .left:
            guard edge > bounds.minX else { return }
            slices = stride(from: column(edge), through: 0, by: -1)
        case .down:
            guard edge < bounds.maxY else { return }
            slices = stride(from: row(edge), through: rows - 1, by: 1)
        case .up:
            guard edge > bounds.minY else { return }
            slices = stride(from: row(edge), through: 0, by: -1)
        }
        for s in slices {
            // Distance from the leading edge to this slice's near side (0 for the slice holding the edge).
            let near: Double
            switch direction {
            case .right: near = max(0, bounds.minX + Double(s) * cellWidth - edge)
            case .left: near = max(0, edge - (bounds.minX + Double(s + 1) * cellWidth))
            case .down: near = max(0, bounds.minY + Double(s) * cellHeight - edge)
            case .up: near = max(0, edge - (bounds.minY + Double(s + 1) * cellHeight))
            }
            if stop(near) { return }
            for k in lo...hi {
                let cell = horizontal ? k * columns + s : s * columns + k
                for j in Int(cellStart[cell])..<Int(cellStart[cell + 1]) where visit(Int(targets[Int(cellItems[j])])) {
                    return
                }
            }
        }
    }
}
