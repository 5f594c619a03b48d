import FocusEngine
import Foundation
import TestSupport

/// Directional moves on grids of 100, 10,000 and 1,000,000 items, every system on the same chain of
/// moves in the same run: the whole `FocusSystem.move`, its indexed tvOS search alone, the linear scan
/// of the same search, and Android's FocusFinder rule (TenFoot's `android` policy, which scans every
/// item). Each figure is a batch of calls timed as a whole (a single call of 0.1 µs is below what the
/// clock can tell apart), the median over several batches, divided by the batch's size.
enum EngineBenchmark {
    /// Wall time; with TENFOOT_BENCH_CPU=1, the thread's CPU time instead (a machine shared with other work
    /// stretches wall times by its load; CPU time is what this code costs).
    static let cpuClock = ProcessInfo.processInfo.environment["TENFOOT_BENCH_CPU"] == "1"
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(cpuClock ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    static func median(_ xs: [Double]) -> Double {
        let s = xs.sorted()
        return s[s.count / 2]
    }

    /// A scrolling page of 260×390-pt posters on a 300×430 pitch, as square as the count allows.
    static func grid(_ n: Int) -> (FocusTree, Double) {
        let side = Int(Double(n).squareRoot().rounded(.up))
        let start = now()
        let b = FocusTreeBuilder(capacity: n + 2)
        b.open(id: "screen", role: .layer, frame: Rect(0, 0, Double(side) * 300, Double(side) * 430))
        b.open(
            id: "page", role: .container, frame: Rect(0, 0, Double(side) * 300, Double(side) * 430),
            attributes: FocusAttributes(scrollAxes: .both))
        for k in 0..<n {
            let r = k / side
            let c = k % side
            b.item(id: "i\(k)", frame: Rect(Double(c) * 300, Double(r) * 430, 260, 390))
        }
        b.close()
        b.close()
        let tree = try! b.build()
        return (tree, now() - start)
    }

    /// Resident-memory growth per item while building the `n`-item grid, measured in a fresh process
    /// (`tenfoot-bench enginememory n`) so that memory this process freed earlier cannot hide it.
    static func bytesPerItem(_ n: Int) -> Double? {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        child.arguments = ["enginememory", "\(n)"]
        let out = Pipe()
        child.standardOutput = out
        guard (try? child.run()) != nil else { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        return Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// `tenfoot-bench enginememory n`: prints the resident-memory growth per item of building the grid,
    /// after a small build has touched the code and runtime state any build needs, and once the
    /// allocator has handed back what the building freed (glibc's `malloc_trim`): what the tree holds.
    static func memoryOnly(_ n: Int) {
        typealias Trim = @convention(c) (Int) -> Int32
        let trim = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim").map { unsafeBitCast($0, to: Trim.self) }
        _ = grid(1000)  // the code and runtime state a first build touches, kept out of the figure
        _ = trim?(0)
        let before = residentBytes()
        let (tree, _) = grid(n)
        _ = trim?(0)
        let grown = residentBytes() - before
        print(Double(grown) / Double(max(1, tree.count - 2)))
    }

    /// Resident memory in bytes (Linux /proc; 0 elsewhere).
    static func residentBytes() -> Int {
        guard let s = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = s.split(separator: " ")
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
    }

    /// Seconds per call: `batch` makes `calls` calls and returns a checksum (so no call can be dropped);
    /// the median of `rounds` batches, after one warm-up batch.
    static func perCall(calls: Int, rounds: Int, _ batch: () -> Int) -> Double {
        perCall(calls: calls, rounds: rounds, prepare: {}, { _ in batch() })
    }

    /// The same with a fresh `prepare()` value for each batch, made before the clock starts.
    static func perCall<T>(calls: Int, rounds: Int, prepare: () -> T, _ batch: (inout T) -> Int) -> Double {
        var sink = 0
        var samples: [Double] = []
        for round in 0...rounds {
            var input = prepare()
            let t0 = now()
            sink &+= batch(&input)
            if round > 0 { samples.append((now() - t0) / Double(calls)) }
        }
        if sink == Int.min { print("") }  // keeps the checksum alive
        return median(samples)
    }

    /// A walk of `count` swipes across the grid from a random item, each one a move that succeeds
    /// (a blocked direction is drawn again), as a user browsing would make. Returns the focus system
    /// at the start, the directions, and the node each swipe starts from.
    static func walk(_ tree: FocusTree, count: Int, seed: UInt64) -> (FocusSystem, [Direction], [Int]) {
        var rng = SplitMix(seed: seed)
        var system = FocusSystem(tree: tree)
        let items = tree.focusableItems
        system.requestFocus(tree.ids[items[rng.int(items.count)]])
        let start = system
        var directions: [Direction] = []
        var from: [Int] = []
        while directions.count < count {
            let d = Direction.allCases[rng.int(4)]
            let node = tree.node(system.focused!)!
            guard tree.benchmarkIndexed(node, d) >= 0 else { continue }
            directions.append(d)
            from.append(node)
            system.move(d)
        }
        return (start, directions, from)
    }

    struct Row {
        var items: Int
        var build: Double, bytesPerItem: Double?
        var move: Double, search: Double, linear: Double, android: Double
        /// The same from random items (caches cold; focus written into the state, so looked up by id).
        var jumpMove: Double, jumpSearch: Double
    }

    static func measure(_ n: Int) -> Row {
        let (tree, build) = grid(n)
        let perItem = n >= 10_000 ? bytesPerItem(n) : nil
        let count = 2000
        let (start, directions, from) = walk(tree, count: count, seed: 42)

        // The systems must agree before their times mean anything: on a plain grid every move is direct.
        var check = start
        for (k, d) in directions.enumerated() {
            let u = check.move(d)
            let found = tree.benchmarkIndexed(from[k], d)
            guard u.moved, u.next == tree.ids[found] else {
                fatalError("engine benchmark: move \(k) (\(u)) disagrees with its search (\(tree.ids[found]))")
            }
        }

        let rounds = n >= 1_000_000 ? 9 : 31
        let move = perCall(calls: count, rounds: rounds) {
            var s = start
            var sum = 0
            for d in directions { sum &+= s.move(d).next == nil ? 0 : 1 }
            return sum
        }
        let search = perCall(calls: count, rounds: rounds) {
            var sum = 0
            for k in 0..<count { sum &+= tree.benchmarkIndexed(from[k], directions[k]) }
            return sum
        }
        // The scans cost time in proportion to the items: fewer calls at the larger sizes.
        let scanned = n >= 1_000_000 ? 8 : n >= 10_000 ? 200 : count
        let scanRounds = n >= 1_000_000 ? 3 : n >= 10_000 ? 9 : 31
        let linear = perCall(calls: scanned, rounds: scanRounds) {
            var sum = 0
            for k in 0..<scanned { sum &+= tree.benchmarkLinear(from[k], directions[k]) }
            return sum
        }
        let android = perCall(calls: scanned, rounds: scanRounds) {
            var sum = 0
            for k in 0..<scanned { sum &+= tree.benchmarkAndroid(from[k], directions[k]) }
            return sum
        }
        // Jumps: each swipe from a random item of the whole tree, focused there by the engine (as a
        // programmatic focus change would), so nothing is warm in the caches.
        var rng = SplitMix(seed: 7)
        let jumps = (0..<count).map { _ in (tree.node("i\(rng.int(n))")!, Direction.allCases[rng.int(4)]) }
        let focusedThere: [FocusSystem] = jumps.map { node, _ in
            var s = start
            s.requestFocus(tree.ids[node])
            return s
        }
        let jumpMove = perCall(
            calls: count, rounds: rounds,
            prepare: { () -> [FocusSystem] in
                var systems = focusedThere
                systems[0].policy = .tvos  // copied now, not on the first move
                return systems
            },
            { systems in
                var sum = 0
                for k in 0..<count { sum &+= systems[k].move(jumps[k].1).next == nil ? 0 : 1 }
                return sum
            }
        )
        let jumpSearch = perCall(calls: count, rounds: rounds) {
            var sum = 0
            for k in 0..<count { sum &+= tree.benchmarkIndexed(jumps[k].0, jumps[k].1) }
            return sum
        }
        return Row(
            items: n, build: build, bytesPerItem: perItem, move: move, search: search, linear: linear, android: android,
            jumpMove: jumpMove, jumpSearch: jumpSearch)
    }

    static func verdict(_ met: Bool) -> String { met ? "met" : "NOT met" }

    /// Prints rows of columns, each as wide as its widest cell: columns of figures (every cell below
    /// the header a number or a dash) right-aligned, the others left-aligned.
    static func table(_ rows: [[String]]) {
        let widths = (0..<rows[0].count).map { k in rows.map { $0[k].count }.max() ?? 0 }
        let figures = (0..<rows[0].count).map { k in
            rows.dropFirst().allSatisfy { $0[k].first?.isNumber == true || $0[k] == "—" }
        }
        for r in rows {
            let cells = r.enumerated().map { k, v in
                let pad = String(repeating: " ", count: widths[k] - v.count)
                return figures[k] ? pad + v : v + pad
            }
            var line = cells.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            print(line)
        }
    }

    /// 10000 → "10,000".
    static func grouped(_ n: Int) -> String {
        let digits = Array(String(n))
        return String(digits.enumerated().flatMap { k, d in (k > 0 && (digits.count - k) % 3 == 0 ? [","] : []) + [d] })
    }

    static func run() {
        print("engine: one directional move on grids of posters in a scrolling page; the same chain of 2,000")
        print("successful moves for every system, in one run (batches timed whole; median of the batches)")
        let rows = [100, 10_000, 1_000_000].map(measure)
        print("")
        var moves = [
            ["items", "move µs", "search µs", "move ÷ search", "goal", "android µs", "android ÷ move", "goal"]
        ]
        for r in rows {
            let ratio = r.move / r.search
            let speedup = r.android / r.move
            let speedGoal: Double? = r.items == 100 ? 3 : r.items == 10_000 ? 100 : nil
            moves.append([
                grouped(r.items), String(format: "%.3f", r.move * 1e6), String(format: "%.3f", r.search * 1e6),
                String(format: "%.2f×", ratio), "≤ 3×: " + verdict(ratio <= 3),
                String(format: "%.2f", r.android * 1e6), String(format: "%.0f×", speedup),
                speedGoal.map { String(format: "≥ %.0f×: ", $0) + verdict(speedup >= $0) } ?? "none",
            ])
        }
        table(moves)
        print("")
        var index = [["items", "build ms", "goal", "bytes/item", "goal", "linear µs", "linear ÷ search", "goal"]]
        for r in rows {
            let speedup = r.linear / r.search
            let linearGoal: Double? = r.items == 10_000 ? 20 : r.items == 1_000_000 ? 1000 : nil
            index.append([
                grouped(r.items), String(format: "%.2f", r.build * 1000),
                r.items == 10_000 ? "≤ 20: " + verdict(r.build * 1000 <= 20) : "none",
                r.bytesPerItem.map { String(format: "%.0f", $0) } ?? "—",
                r.bytesPerItem.map { "≤ 300: " + verdict($0 <= 300) } ?? "(too few items to tell)",
                String(format: "%.2f", r.linear * 1e6), String(format: "%.0f×", speedup),
                linearGoal.map { String(format: "≥ %.0f×: ", $0) + verdict(speedup >= $0) } ?? "none",
            ])
        }
        table(index)
        print("")
        print("from random items instead (each system focused there by requestFocus; caches cold):")
        table(
            [["items", "move µs", "search µs", "move ÷ search"]]
                + rows.map { r in
                    [
                        grouped(r.items), String(format: "%.3f", r.jumpMove * 1e6),
                        String(format: "%.3f", r.jumpSearch * 1e6),
                        String(format: "%.2f×", r.jumpMove / r.jumpSearch),
                    ]
                })
    }
}

extension EngineBenchmark {
    /// `tenfoot-bench enginemoves [rounds] [jumps]`: only the moves of the 10,000-item walk (or, with
    /// `jumps`, moves from random items with focus written into the state first), many times over, for
    /// profilers such as callgrind (`valgrind --tool=callgrind tenfoot-bench enginemoves`).
    static func movesOnly(rounds: Int, jumps: Bool) {
        let (tree, _) = grid(10_000)
        let (start, directions, _) = walk(tree, count: 2000, seed: 42)
        var rng = SplitMix(seed: 7)
        let ids = directions.map { _ in tree.ids[1 + rng.int(10_000)] }
        var sum = 0
        for _ in 0..<rounds {
            var s = start
            for (k, d) in directions.enumerated() {
                if jumps { s.state.focused = ids[k] }
                sum &+= s.move(d).next == nil ? 0 : 1
            }
        }
        print("moves: \(rounds * directions.count), moved: \(sum)")
    }
}
