/// Where a frame drawn in bands is cut (``OffscreenCanvas``): the bands' edges, moved after each frame so that the
/// bands take about as long as each other (a tilting poster's projection lies in one of them) and no edge crosses a
/// stretched copy (each band a copy crosses stretches all of it first; SDL's software renderer stretches a copy that
/// crosses its target's edge into a picture of the whole destination). Where the edges lie changes no pixel: only
/// how long each band takes.
struct BandLayout: Equatable {
    let height: Int32
    /// The bands' top rows and, last, the output's height: band k is rows `edges[k]..<edges[k + 1]`.
    private(set) var edges: [Int32]

    /// Edges move in steps of this many rows, by half the way to where they would balance the last frame.
    static let step: Int32 = 8
    /// The fewest rows a band keeps.
    static let minimumRows: Int32 = 64

    init(height: Int32, bands: Int) {
        self.height = height
        edges = (0...bands).map { Int32(Int(height) * $0 / bands) }
    }

    var count: Int { edges.count - 1 }

    func rows(_ k: Int) -> Range<Int32> { edges[k]..<edges[k + 1] }

    /// Moves the edges after a frame whose bands took `times` (one per band) and stretched copies over `stretched`
    /// rows.
    mutating func rebalance(times: [Double], stretched: [Range<Int32>]) {
        precondition(times.count == count)
        let total = times.reduce(0, +)
        let spans = BandLayout.merged(stretched)
        for k in 1..<count {
            var edge = edges[k]
            if total > 0 {
                let target = balancedEdge(k, times: times, total: total)
                if abs(target - edge) > max(BandLayout.step, height / 50) {
                    edge += (target - edge) / 2
                    edge -= edge % BandLayout.step
                }
            }
            let low = edges[k - 1] + BandLayout.minimumRows
            let high = height - Int32(count - k) * BandLayout.minimumRows
            guard low <= high else { continue }
            // Out of a stretched copy only nearby (a thirty-second of the height): a tall one is crossed, and a band
            // takes as long as the other.
            edge = min(max(edge, low), high)
            let reach = height / 32
            edge = BandLayout.clear(edge, of: spans, low: max(low, edge - reach), high: min(high, edge + reach))
            edges[k] = edge
        }
    }

    /// The row where the frame's time up to it is k / count of its whole, the time spread evenly over each band's rows.
    func balancedEdge(_ k: Int, times: [Double], total: Double) -> Int32 {
        let want = total * Double(k) / Double(count)
        var before = 0.0
        for j in 0..<count {
            let t = times[j]
            if before + t >= want, t > 0 {
                let rows = Double(edges[j + 1] - edges[j])
                return edges[j] + Int32((rows * (want - before) / t).rounded())
            }
            before += t
        }
        return edges[k]
    }

    /// Overlapping or touching row ranges joined, in order.
    static func merged(_ ranges: [Range<Int32>]) -> [Range<Int32>] {
        var out: [Range<Int32>] = []
        for r in ranges.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = out.last, r.lowerBound <= last.upperBound {
                out[out.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
            } else {
                out.append(r)
            }
        }
        return out
    }

    /// `edge`, or the nearer end of the span (of `spans`, merged) it lies strictly inside, if that end is within
    /// `low...high`.
    static func clear(_ edge: Int32, of spans: [Range<Int32>], low: Int32, high: Int32) -> Int32 {
        guard let span = spans.first(where: { $0.lowerBound < edge && edge < $0.upperBound }) else { return edge }
        let ends = [span.lowerBound, span.upperBound].filter { (low...high).contains($0) }
        return ends.min(by: { abs($0 - edge) < abs($1 - edge) }) ?? edge
    }
}
