import Foundation
import TenFootScene
import TenFootSim
import TenFootTools

/// `tenfoot stress` speed and memory: events per second on the 10,000-poster catalogue, and a million
/// events on the home scene with no violation and resident memory before and after.
enum StressBenchmark {
    static func run(events: Int) {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        if let catalogue = try? SceneDecoder.load(path: root.appendingPathComponent("scenes/catalogue-10k.json").path),
            let sim = try? Simulator(scene: catalogue)
        {
            let count = 2_000
            let t0 = EngineBenchmark.now()
            let outcome = StressRun(simulator: sim, seed: 1).run(events: count)
            let seconds = EngineBenchmark.now() - t0
            print(
                String(
                    format:
                        "stress: catalogue of 10,000 posters: %d events (%d data actions) in %.2f s = %.0f events/s; %@",
                    outcome.steps, outcome.dataActions, seconds, Double(outcome.steps) / seconds,
                    outcome.violation.map { "VIOLATION \($0)" } ?? "no violation"))
        }
        guard let home = try? Simulator(scene: BuiltInScenes.home()) else { return }
        // Warm up (caches, the trace's ring) before the baseline.
        _ = StressRun(simulator: home, seed: 2).run(events: 20_000)
        let before = EngineBenchmark.residentBytes()
        let t0 = EngineBenchmark.now()
        let outcome = StressRun(simulator: home, seed: 1).run(events: events)
        let seconds = EngineBenchmark.now() - t0
        let after = EngineBenchmark.residentBytes()
        print(
            String(
                format:
                    "stress: %d events on the home scene (%d remote, %d data, %d refused): %.0f events/s, %@; resident memory %.1f MB before, %.1f MB after (growth %.2f MB)",
                outcome.steps, outcome.remoteEvents, outcome.dataActions, outcome.refused,
                Double(outcome.steps) / seconds,
                outcome.violation.map { "VIOLATION \($0)" } ?? "no violation",
                Double(before) / 1_048_576, Double(after) / 1_048_576, Double(after - before) / 1_048_576))
    }
}
