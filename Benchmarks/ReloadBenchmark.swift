import Foundation
import TestSupport

/// Live reload as a user sees it (issue 14): the real window (`tenfoot run`, the release build beside this
/// benchmark) on an Xvfb screen, the scene file saved as editors save (written beside it, renamed over it),
/// and the time until the screen shows the new version, read from Xvfb's framebuffer file.
enum ReloadBenchmark {
    /// `tenfoot-bench reload [ROUNDS [home|catalogue]]`: for the home scene and the 10,000-poster catalogue, saves that
    /// flip
    /// the whole screen (`layoutDirection` right to left and back), one at a time once the last one is on
    /// screen; the latency table (median, p90, p99, worst) and the goals.
    static func run(rounds: Int) {
        let (xvfb, app) = XvfbWindow.requirements("reload", keys: false)
        print(
            "reload: save (write beside, rename over) → the new picture in Xvfb's framebuffer; \(rounds) saves a scene, each flipping the whole screen; ms"
        )
        print(
            "baseline in the same run: the same window polling the file every 100 ms (TENFOOT_WATCH=poll), as before inotify"
        )
        var rows = [["scene", "watch", "saves", "median", "p90", "p99", "worst", "goal"]]
        var verdicts: [String] = []
        let only = CommandLine.arguments.dropFirst(3).first
        for (name, file, goal) in [
            ("home", "scenes/home.json", 35.0), ("catalogue 10k", "scenes/catalogue-10k.json", 60.0),
        ] where only.map(file.contains) ?? true {
            let text = try! String(
                contentsOfFile: SceneBenchmark.root.appendingPathComponent(file).path, encoding: .utf8)
            var medians: [Double] = []
            for watch in ["inotify", "poll"] {
                let times: [Double]
                do { times = try measure(text, rounds: rounds, xvfb: xvfb, app: app, poll: watch == "poll") } catch {
                    FileHandle.standardError.write(Data("tenfoot-bench reload: \(error)\n".utf8))
                    times = []
                }
                guard !times.isEmpty else {
                    rows.append([name, watch, "0", "-", "-", "-", "-", "window did not start"])
                    continue
                }
                let sorted = times.sorted()
                func pct(_ p: Double) -> Double {
                    sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
                }
                let median = EngineBenchmark.median(times)
                medians.append(median)
                rows.append([
                    name, watch, "\(times.count)", ms(median), ms(pct(0.9)), ms(pct(0.99)), ms(sorted.last!),
                    watch == "poll"
                        ? "(baseline)"
                        : String(format: "≤ %.0f ms: %@", goal, EngineBenchmark.verdict(median * 1000 <= goal)),
                ])
            }
            if medians.count == 2 {
                verdicts.append(
                    String(
                        format: "%@ %.1f ms (polling %.1f ms, %.2f×)", name, medians[0] * 1000, medians[1] * 1000,
                        medians[1] / medians[0]))
            }
        }
        EngineBenchmark.table(rows)
        print("medians: " + verdicts.joined(separator: "; "))
    }

    static func ms(_ s: Double) -> String { String(format: "%.1f", s * 1000) }

    /// The latencies of `rounds` saves of `text` and its mirrored twin, alternating.
    static func measure(_ text: String, rounds: Int, xvfb: String, app: String, poll: Bool) throws -> [Double] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tenfoot-reload-\(getpid())-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let brace = text.firstIndex(of: "{")!
        let versions = [
            text,
            String(text[...brace]) + "\"layoutDirection\": \"rightToLeft\","
                + String(text[text.index(after: brace)...]),
        ]
        let scene = dir.appendingPathComponent("scene.json").path
        func save(_ k: Int) {
            let tmp = scene + ".tmp"
            try! versions[k].write(toFile: tmp, atomically: false, encoding: .utf8)
            rename(tmp, scene)
        }
        save(0)

        let window = try XvfbWindow(
            dir: dir, xvfb: xvfb, app: app, arguments: [scene], environment: poll ? ["TENFOOT_WATCH": "poll"] : [:])
        defer { window.stop() }
        func samples() -> [UInt32] { window.samples() }
        func settled(timeout: Double = 5) -> [UInt32]? { window.settled(timeout: timeout) }
        // The two pictures, learnt once each.
        guard let a = settled(timeout: 20) else {
            FileHandle.standardError.write(Data("tenfoot-bench reload: nothing on the screen\n".utf8))
            return []
        }
        save(1)
        guard let b = settled() else {
            FileHandle.standardError.write(
                Data(
                    "tenfoot-bench reload: nothing on the screen after the first save (window running: \(window.isRunning))\n"
                        .utf8))
            return []
        }
        let differing = zip(a, b).filter { $0 != $1 }.count
        guard differing > 100 else {
            FileHandle.standardError.write(
                Data("tenfoot-bench reload: the two versions differ in \(differing) of \(a.count) samples only\n".utf8))
            return []
        }
        var times: [Double] = []
        var showing = 1
        for _ in 0..<2 * rounds {
            let next = 1 - showing
            // A random pause first, so saves fall at every phase of the window's frames and polls (after
            // a settle they would fall at much the same phase each time).
            usleep(UInt32.random(in: 0..<250_000))
            // Presented when the screen has left the picture it showed by at least half of what the two
            // versions differ by (the first frame of the new version, whatever animation follows it).
            let seen = window.secondsUntilChanged(from: samples(), differing: differing) { save(next) }
            showing = next
            guard let seen else {
                FileHandle.standardError.write(
                    Data("tenfoot-bench reload: a save was not seen on screen within 5 s\n".utf8))
                _ = settled()
                continue
            }
            times.append(seen)
            // Let the window finish its animations before the next save.
            _ = settled()
        }
        return times
    }
}

/// `tenfoot-bench startup [RUNS]`: `tenfoot path` on the 10,000-poster catalogue end to end against the
/// process start-up (`tenfoot --help`), the release `tenfoot` beside this benchmark, run in alternation.
enum StartupBenchmark {
    static func run(runs: Int) {
        let app = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "tenfoot"
        ).path
        guard FileManager.default.isExecutableFile(atPath: app) else {
            FileHandle.standardError.write(
                Data("tenfoot-bench startup: build tenfoot beside the benchmark first (swift build -c release)\n".utf8))
            exit(2)
        }
        let scene = SceneBenchmark.root.appendingPathComponent("scenes/catalogue-10k.json").path
        func time(_ arguments: [String]) -> Double { SpawnTimer.time(app, arguments) }
        var help: [Double] = []
        var path: [Double] = []
        for _ in 0..<runs {
            help.append(time(["--help"]))
            path.append(time(["path", scene, "right"]))
        }
        let h = EngineBenchmark.median(help)
        let p = EngineBenchmark.median(path)
        print(
            String(
                format:
                    "startup: %d runs each in alternation, medians: tenfoot --help %.1f ms, tenfoot path catalogue-10k right %.1f ms, %.2f× (goal ≤ 2.5×: %@)",
                runs, h * 1000, p * 1000, p / h, EngineBenchmark.verdict(p / h <= 2.5)))
    }
}

/// A program's whole run, timed: started with posix_spawn and waited for with waitpid, its output to /dev/null.
/// Not Foundation's Process, whose launch and wait add tens of milliseconds to both sides of a ratio and flatter it.
enum SpawnTimer {
    nonisolated(unsafe) private static var actions: posix_spawn_file_actions_t = {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        return actions
    }()

    /// Seconds from `executable arguments`' start to its exit.
    static func time(_ executable: String, _ arguments: [String]) -> Double {
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let t0 = EngineBenchmark.now()
        guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else {
            fatalError("cannot start \(executable)")
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return EngineBenchmark.now() - t0
    }
}
