import Foundation
import FocusEngine
import TestSupport

/// Directional moves on grids of 100, 10,000 and 1,000,000 items: the indexed tvOS search against a
/// linear scan of the same tree, in the same run.
enum EngineBenchmark {
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    static func median(_ xs: [Double]) -> Double { let s = xs.sorted(); return s[s.count / 2] }

    static func grid(_ n: Int) -> (FocusTree, Double) {
        let side = Int(Double(n).squareRoot().rounded(.up))
        let start = now()
        let b = FocusTreeBuilder(capacity: n + 2)
        b.open(id: "screen", role: .layer, frame: Rect(0, 0, Double(side) * 300, Double(side) * 430))
        b.open(id: "page", role: .container, frame: Rect(0, 0, Double(side) * 300, Double(side) * 430), attributes: FocusAttributes(scrolls: true))
        for k in 0 ..< n {
            let r = k / side, c = k % side
            b.item(id: "i\(k)", frame: Rect(Double(c) * 300, Double(r) * 430, 260, 390))
        }
        b.close(); b.close()
        let tree = try! b.build()
        return (tree, now() - start)
    }

    /// Resident memory in bytes (Linux /proc; 0 elsewhere).
    static func residentBytes() -> Int {
        guard let s = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = s.split(separator: " ")
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
    }

    static func run() {
        print("engine: directional move, median of many; index vs linear scan in the same run")
        print("items      build(ms)  indexed(µs)  linear(µs)  ratio   bytes/item")
        for n in [100, 10_000, 1_000_000] {
            let before = residentBytes()
            let (tree, build) = grid(n)
            let perItem = Double(residentBytes() - before) / Double(n)
            var rng = SplitMix(seed: 42)
            let queries = (0 ..< 2000).map { _ in (Int(rng.next() % UInt64(n)), Direction.allCases[Int(rng.next() % 4)]) }
            func time(_ f: (Int, Direction) -> Void, reps: Int) -> Double {
                var samples: [Double] = []
                for k in 0 ..< reps {
                    let (i, d) = queries[k % queries.count]
                    let node = tree.node("i\(i)")!
                    let t0 = now(); f(node, d); samples.append(now() - t0)
                }
                return median(samples) * 1e6
            }
            let indexed = time({ tree.benchmarkIndexed($0, $1) }, reps: 2000)
            let linear = time({ tree.benchmarkLinear($0, $1) }, reps: n >= 1_000_000 ? 20 : 300)
            print(String(format: "%-10d %9.2f  %11.2f  %10.2f  %5.0fx  %8.0f", n, build * 1000, indexed, linear, linear / indexed, perItem))
        }
    }
}
