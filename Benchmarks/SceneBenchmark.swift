import FocusEngine
import Foundation
import TenFootScene
import TenFootSim
import TestSupport

/// Scene benchmarks: laying out the 10,000-poster catalogue, and a soak of random moves on the home
/// scene that checks resident memory stays flat.
enum SceneBenchmark {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    static func layout() {
        guard let scene = try? SceneDecoder.load(path: root.appendingPathComponent("scenes/catalogue-10k.json").path)
        else {
            print("cannot load the catalogue")
            return
        }
        var times: [Double] = []
        var trees: [Double] = []
        for _ in 0..<15 {
            let t0 = EngineBenchmark.now()
            let placed = LayoutEngine().place(root: scene.root)
            let t1 = EngineBenchmark.now()
            _ = try? SceneFocusTree.build(screen: placed, sheets: [], state: [:])
            let t2 = EngineBenchmark.now()
            times.append(t1 - t0)
            trees.append(t2 - t1)
        }
        let t0 = EngineBenchmark.now()
        _ = try? SceneDecoder.load(path: root.appendingPathComponent("scenes/catalogue-10k.json").path)
        let parse = EngineBenchmark.now() - t0
        print(
            String(
                format:
                    "layout: catalogue of 10,000 posters: layout %.1f ms (median of 15; goal ≤ 50 ms), focus tree %.1f ms, parse+validate %.1f ms",
                EngineBenchmark.median(times) * 1000, EngineBenchmark.median(trees) * 1000, parse * 1000))
    }

    static func soak(moves: Int) {
        guard var sim = try? Simulator(scene: BuiltInScenes.home()) else { return }
        var rng = SplitMix(seed: 7)
        let events: [RemoteEvent] = [
            .swipe(.up), .swipe(.down), .swipe(.left), .swipe(.right), .swipe(.right), .swipe(.down), .select, .next,
            .previous,
        ]
        // Warm up so caches and the trace reach their steady size before the baseline.
        for _ in 0..<20_000 {
            sim.send(events[Int(rng.next() % UInt64(events.count))])
            sim.step(ticks: 30)
        }
        let before = EngineBenchmark.residentBytes()
        let t0 = EngineBenchmark.now()
        for k in 0..<moves {
            var e = events[Int(rng.next() % UInt64(events.count))]
            if case .menu = e { e = .select }
            sim.send(e)
            sim.step(ticks: 30)
            if sim.navigation.exited { sim = try! Simulator(scene: BuiltInScenes.home()) }
            if k % 100_000 == 99_999 { FileHandle.standardError.write(Data("  \(k + 1) moves…\n".utf8)) }
        }
        let seconds = EngineBenchmark.now() - t0
        let growth = EngineBenchmark.residentBytes() - before
        print(
            String(
                format:
                    "soak: %d random moves on the home scene: %.0f moves/s, resident memory growth %.2f MB (goal < 1 MB)",
                moves, Double(moves) / seconds, Double(growth) / 1_048_576))
    }
}
