import Foundation
import TenFootCore
import TenFootScene
import TenFootSim

/// Loading a scene as a user waits for it (issue 14): parse, validate, lay out, build the focus tree,
/// against Foundation's `JSONSerialization` parsing the same bytes alone, in the same run.
enum LoadBenchmark {
    /// `tenfoot-bench load`: the shipped 10,000-poster catalogue and a generated one at the node limit,
    /// each formatted (one node a line) and minified (one line). Every phase of every file is timed once
    /// per round, in alternation, medians of the rounds; the loads are timed as a live reload meets them,
    /// after a load of the same file (first loads, in processes of their own: `loadscaling`). Then
    /// resident memory per node once loaded, each file in a fresh process (`loadmemory`).
    static func run() {
        let shipped = try! String(
            contentsOfFile: SceneBenchmark.root.appendingPathComponent("scenes/catalogue-10k.json").path,
            encoding: .utf8)
        let big = ParseBenchmark.catalogue(100_000 - 3)
        let files: [(String, String)] = [
            ("catalogue 10k, formatted", shipped), ("catalogue 10k, minified", ParseBenchmark.minify(shipped)),
            ("generated 100k, formatted", big), ("generated 100k, minified", ParseBenchmark.minify(big)),
        ]
        let rounds = 9
        print(
            "load: each phase of each file once a round, \(rounds) rounds in alternation, medians (ms); load = decode + layout + focus tree"
        )
        print(
            "(each timed load follows an untimed one of the same file, as a live reload follows the last load: JSONSerialization, timed before, frees over a hundred megabytes at 100k, which the allocator hands back, and a load timed right after it paid for taking them again; first loads: `loadscaling`)"
        )
        var t = Array(repeating: Phases(), count: files.count)
        for _ in 0..<rounds {
            for (k, (_, text)) in files.enumerated() {
                t[k].addBaselines(baselines(text))
                _ = measure(text)
                t[k].add(measure(text))
            }
        }
        var rows = [
            [
                "file", "bytes", "JSONSerialization", "JSON reader", "decode", "decode ÷ JSONSer.", "layout",
                "focus tree", "load", "page faults (load)", "Simulator.init", "Simulator.reload", "tree moved",
            ]
        ]
        for (k, (name, text)) in files.enumerated() {
            let m = t[k].medians
            rows.append([
                name, EngineBenchmark.grouped(text.utf8.count), ms(m.foundation), ms(m.reader), ms(m.decode),
                String(format: "%.2f×", m.decode / m.foundation), ms(m.layout), ms(m.tree), ms(m.load),
                EngineBenchmark.grouped(Int(m.faults)), ms(m.simulator), ms(m.reload), ms(m.moved),
            ])
        }
        EngineBenchmark.table(rows)
        let small = t[0].medians
        let large = t[2].medians
        print(
            String(
                format:
                    "goals: 10k load %.1f ms (≤ 25 ms: %@); decode ÷ JSONSerialization %.2f× (< 1: %@); 100k ÷ 10k load %.1f× (≤ 11×: %@); minified ÷ formatted %.2f× (10k), %.2f× (100k)",
                small.load * 1000, EngineBenchmark.verdict(small.load <= 0.025), small.decode / small.foundation,
                EngineBenchmark.verdict(small.decode < small.foundation), large.load / small.load,
                EngineBenchmark.verdict(large.load / small.load <= 11), t[1].medians.load / small.load,
                t[3].medians.load / large.load))
        // Memory: each file in a fresh process, so nothing the timing rounds left behind counts.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-load-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, text) in [("catalogue 10k", shipped), ("generated 100k", big)] {
            let path = dir.appendingPathComponent("scene.json").path
            try! text.write(toFile: path, atomically: true, encoding: .utf8)
            let p = Process()
            p.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            p.arguments = ["loadmemory", path]
            let out = Pipe()
            p.standardOutput = out
            try! p.run()
            p.waitUntilExit()
            let line = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            print("memory, \(name): \(line)")
        }
    }

    struct Phases {
        var foundation: [Double] = [], reader: [Double] = [], decode: [Double] = [], layout: [Double] = []
        var tree: [Double] = [], simulator: [Double] = [], reload: [Double] = [], moved: [Double] = [],
            faults: [Double] = []
        mutating func addBaselines(_ p: (foundation: Double, reader: Double)) {
            foundation.append(p.foundation)
            reader.append(p.reader)
        }
        mutating func add(_ p: (Double, Double, Double, Double, Double, Double, Double)) {
            decode.append(p.0)
            layout.append(p.1)
            tree.append(p.2)
            simulator.append(p.3)
            reload.append(p.4)
            moved.append(p.5)
            faults.append(p.6)
        }
        var medians:
            (
                foundation: Double, reader: Double, decode: Double, layout: Double, tree: Double, load: Double,
                simulator: Double, reload: Double, moved: Double, faults: Double
            )
        {
            let m = EngineBenchmark.median
            // The load is timed as its phases' sum round by round, so its median is of whole loads.
            let load = m(zip(zip(decode, layout), tree).map { $0.0 + $0.1 + $1 })
            return (
                m(foundation), m(reader), m(decode), m(layout), m(tree), load, m(simulator), m(reload), m(moved),
                m(faults)
            )
        }
    }

    /// The baselines of one round of one file: `JSONSerialization` parsing its bytes, and the JSON reader alone.
    static func baselines(_ text: String) -> (foundation: Double, reader: Double) {
        let data = Data(text.utf8)
        let t0 = EngineBenchmark.now()
        _ = try! JSONSerialization.jsonObject(with: data)
        let t1 = EngineBenchmark.now()
        _ = try! JSONParser.parse(text)
        let t2 = EngineBenchmark.now()
        return (t1 - t0, t2 - t1)
    }

    /// One round of one file: the decoder (reader + every rule), layout, the focus tree, a whole
    /// `Simulator.init` on the decoded scene, and a hot reload of it on that simulator (what the window
    /// does after decoding a save). Last, the focus tree moved to a placement of the page scrolled by a
    /// screen (`SceneFocusTree.moving`: what a scroll costs the simulator's tree instead of a build; the
    /// placement itself is not timed); and the minor page faults of the load (decode, layout and tree:
    /// first touches of memory the kernel hands out, where the heap has none free to reuse).
    static func measure(_ text: String) -> (Double, Double, Double, Double, Double, Double, Double) {
        let t2 = EngineBenchmark.now()
        let f2 = minorFaults()
        let scene = try! SceneDecoder.decode(text, file: "bench.json")
        let t3 = EngineBenchmark.now()
        let placed = LayoutEngine(direction: scene.layoutDirection).place(root: scene.root)
        let t4 = EngineBenchmark.now()
        let tree = try! SceneFocusTree.build(
            screen: placed, sheets: [], state: scene.state, options: scene.focusOptions)
        let t5 = EngineBenchmark.now()
        let f5 = minorFaults()
        var sim = try! Simulator(scene: scene)
        let t6 = EngineBenchmark.now()
        try! sim.reload(scene)
        let t7 = EngineBenchmark.now()
        let scrolled = LayoutEngine(scroll: [scene.root.id: 1080], direction: scene.layoutDirection).place(
            root: scene.root)
        let t8 = EngineBenchmark.now()
        guard (try? SceneFocusTree.moving(tree, to: scrolled, sheets: [])) != nil else {
            fatalError("the scrolled placement's nodes are not the tree's")
        }
        let t9 = EngineBenchmark.now()
        return (t3 - t2, t4 - t3, t5 - t4, t6 - t5, t7 - t6, t9 - t8, Double(f5 - f2))
    }

    /// Minor page faults of this process so far.
    static func minorFaults() -> Int {
        var u = rusage()
        getrusage(RUSAGE_SELF.rawValue, &u)
        return u.ru_minflt
    }

    static func ms(_ s: Double) -> String { String(format: "%.1f", s * 1000) }

    /// `tenfoot-bench loadmemory FILE`: resident memory per node of a loaded scene (its file read, decoded
    /// and handed to a simulator, as `tenfoot path` does), as the growth from before reading the file: what
    /// the process holds after the load and after a live reload of the same file (the goal's figure: the
    /// free heap the heap policy keeps counts), and what the scene itself holds once glibc's `malloc_trim`
    /// has handed back the free heap. The home scene is loaded first, so code and runtime state any load
    /// touches are not counted.
    static func memory(_ path: String) {
        typealias Trim = @convention(c) (Int) -> Int32
        let trim = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim").map { unsafeBitCast($0, to: Trim.self) }
        _ = try? Simulator(scene: BuiltInScenes.home())
        _ = trim?(0)
        let before = EngineBenchmark.residentBytes()
        var sim = try! Simulator(scene: SceneDecoder.load(path: path))
        // What the process holds as it runs (the scene, and the free heap `tenfoot`'s heap policy keeps),
        // after the load and after a live reload of the same file; then what the scene itself holds.
        let held = EngineBenchmark.residentBytes() - before
        try! sim.reload(SceneDecoder.load(path: path))
        let heldAfterReload = EngineBenchmark.residentBytes() - before
        _ = trim?(0)
        let grown = EngineBenchmark.residentBytes() - before
        let nodes = sim.scene.allNodes.count
        let most = max(held, heldAfterReload)
        print(
            String(
                format:
                    "%d nodes: the process holds %.1f MB after loading and %.1f MB after a reload, %.0f bytes a node at most (goal ≤ 1,024: %@); the scene itself %.1f MB, %.0f bytes a node",
                nodes, Double(held) / 1_048_576, Double(heldAfterReload) / 1_048_576, Double(most) / Double(nodes),
                EngineBenchmark.verdict(most <= nodes * 1024), Double(grown) / 1_048_576, Double(grown) / Double(nodes))
        )
        withExtendedLifetime(sim) {}
    }

    /// `tenfoot-bench loadscaling`: the linearity goal (100k load within 11× of the 10k) as users meet it,
    /// each file in processes of its own, so that nothing else's memory shapes the heap a load runs on
    /// (in `load`'s rounds, `JSONSerialization` frees a hundred megabytes just before each 100k decode and
    /// glibc hands them back to the kernel, so that decode faults its memory in afresh while the 10k one
    /// reuses the heap). `first`: the first load of the file in a fresh process, after a small scene has
    /// warmed the code (what `tenfoot path`, `test` and `run` do); `again`: the loads after it in the same
    /// process (what the window's live reload does). Processes of the two files alternate; medians.
    static func scaling(processes: Int = 9, loads: Int = 6) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-loadscaling-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let shipped = try! String(
            contentsOfFile: SceneBenchmark.root.appendingPathComponent("scenes/catalogue-10k.json").path,
            encoding: .utf8)
        let files = [("catalogue 10k", shipped), ("generated 100k", ParseBenchmark.catalogue(100_000 - 3))].map {
            name, text in
            let path = dir.appendingPathComponent(name.replacingOccurrences(of: " ", with: "-") + ".json").path
            try! text.write(toFile: path, atomically: true, encoding: .utf8)
            return (name, path)
        }
        print(
            "loadscaling: \(processes) processes a file, alternating, each loading it \(loads) times (decode + layout + focus tree); medians (ms)"
        )
        var first = [[Double]](repeating: [], count: files.count)
        var again = first
        var firstFaults = first
        var againFaults = first
        for _ in 0..<processes {
            for (k, (_, path)) in files.enumerated() {
                let p = Process()
                p.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
                p.arguments = ["loadseries", path, String(loads)]
                let out = Pipe()
                p.standardOutput = out
                try! p.run()
                let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                p.waitUntilExit()
                // One line a load: seconds, then minor faults.
                let series = text.split(separator: "\n").map { $0.split(separator: " ").map { Double($0)! } }
                first[k].append(series[0][0])
                firstFaults[k].append(series[0][1])
                again[k].append(EngineBenchmark.median(series.dropFirst().map { $0[0] }))
                againFaults[k].append(EngineBenchmark.median(series.dropFirst().map { $0[1] }))
            }
        }
        let m = EngineBenchmark.median
        var rows = [["file", "first load", "page faults", "loads after", "page faults"]]
        for (k, (name, _)) in files.enumerated() {
            rows.append([
                name, ms(m(first[k])), EngineBenchmark.grouped(Int(m(firstFaults[k]))), ms(m(again[k])),
                EngineBenchmark.grouped(Int(m(againFaults[k]))),
            ])
        }
        EngineBenchmark.table(rows)
        let r1 = m(first[1]) / m(first[0])
        let r2 = m(again[1]) / m(again[0])
        print(
            String(
                format: "goal, 100k ÷ 10k load (≤ 11×): first load %.1f× (%@), loads after %.1f× (%@)",
                r1, EngineBenchmark.verdict(r1 <= 11), r2, EngineBenchmark.verdict(r2 <= 11)))
    }

    /// `tenfoot-bench loadseries FILE N`: warms the code on the home scene, reads FILE, then loads it N times,
    /// printing each load's seconds and minor page faults (for ``scaling``).
    static func series(_ path: String, loads: Int) {
        _ = try? Simulator(scene: BuiltInScenes.home())
        let text = try! String(contentsOfFile: path, encoding: .utf8)
        for _ in 0..<loads {
            let f0 = minorFaults()
            let t0 = EngineBenchmark.now()
            let scene = try! SceneDecoder.decode(text, file: path)
            let placed = LayoutEngine(direction: scene.layoutDirection).place(root: scene.root)
            let tree = try! SceneFocusTree.build(
                screen: placed, sheets: [], state: scene.state, options: scene.focusOptions)
            let t1 = EngineBenchmark.now()
            let f1 = minorFaults()
            withExtendedLifetime(tree) {}
            print(t1 - t0, f1 - f0)
        }
    }

    /// `tenfoot-bench loadonce FILE`: reads, decodes and starts a simulator on FILE once, for profilers
    /// (`valgrind --tool=callgrind`).
    static func once(_ path: String) {
        let sim = try! Simulator(scene: SceneDecoder.load(path: path))
        print(
            "\(sim.scene.allNodes.count) nodes, focus on \(sim.focused ?? "(nothing)") (a SceneNode value is \(MemoryLayout<SceneNode>.size) bytes, its storage \(SceneNode.storageBytes.fields) and rare keys \(SceneNode.storageBytes.rare); a PlacedNode \(MemoryLayout<PlacedNode>.size))"
        )
    }
}
