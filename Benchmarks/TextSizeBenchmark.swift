import Foundation

/// A text-size change in the window as a user sees it (issue 30): the real window on an Xvfb screen, F6 and
/// Shift+F6 pressed in turn (Large ↔ XL: every text and the components around it grow or shrink), and the time
/// from sending the press (xdotool) until the screen shows the new size, read from Xvfb's framebuffer file; less
/// what sending a press costs, measured in the same window, that is the window's own latency. Baseline in the same run, the same
/// window and the same way: a focus move (Right and Left in turn), what any key press costs to show.
enum TextSizeBenchmark {
    /// `tenfoot-bench textsize [ROUNDS]`: the home scene (goal 50 ms) and a 300-line SwiftUI view, translated
    /// again at each size (goal 100 ms).
    static func run(rounds: Int) {
        let (xvfb, app) = XvfbWindow.requirements("textsize", keys: true)
        print(
            "textsize: F6 / Shift+F6 (Large ↔ XL) → the new picture in Xvfb's framebuffer; \(rounds) changes a screen; ms"
        )
        print("baseline in the same run: a focus move (Right / Left) in the same window")
        var rows = [["screen", "press", "presses", "median", "p90", "worst", "xdotool", "window", "goal"]]
        for (name, scene, goal) in [
            ("home", "scenes/home.json", 50.0),
            ("SwiftUI, 300 lines", "Benchmarks/Fixtures/Home300.swift", 100.0),
        ] {
            let path = SceneBenchmark.root.appendingPathComponent(scene).path
            for (what, keys) in [("text size", ["F6", "shift+F6"]), ("focus move", ["Right", "Left"])] {
                let result: (times: [Double], overhead: Double)
                do { result = try measure(path, keys: keys, rounds: rounds, xvfb: xvfb, app: app) } catch {
                    FileHandle.standardError.write(Data("tenfoot-bench textsize: \(error)\n".utf8))
                    result = ([], 0)
                }
                let times = result.times
                guard !times.isEmpty else {
                    rows.append([name, what, "0", "-", "-", "-", "-", "-", "window did not start"])
                    continue
                }
                let sorted = times.sorted()
                let median = EngineBenchmark.median(times)
                // The window's share: the press-to-pixels median less what sending a press costs (xdotool
                // starting and finding the window, measured in the same window without a key).
                let window = max(0, median - result.overhead)
                rows.append([
                    name, what, "\(times.count)", ReloadBenchmark.ms(median),
                    ReloadBenchmark.ms(sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * 0.9))]),
                    ReloadBenchmark.ms(sorted.last!), ReloadBenchmark.ms(result.overhead), ReloadBenchmark.ms(window),
                    what == "focus move"
                        ? "(baseline)"
                        : String(format: "≤ %.0f ms: %@", goal, EngineBenchmark.verdict(window * 1000 <= goal)),
                ])
            }
        }
        EngineBenchmark.table(rows)
    }

    /// How long the window's notice stays up (Window.noticeSeconds) and a little more, in microseconds.
    static let noticeWait: UInt32 = 3_200_000

    /// The latencies of `rounds` presses of `keys[0]` and `keys[1]` in turn, each once the last is on screen.
    static func measure(_ scene: String, keys: [String], rounds: Int, xvfb: String, app: String) throws -> (
        times: [Double], overhead: Double
    ) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tenfoot-textsize-\(getpid())-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let window = try XvfbWindow(dir: dir, xvfb: xvfb, app: app, arguments: [scene])
        defer { window.stop() }
        // The pictures without the window's notice ("Text Size: XL" shows for a few seconds at the top).
        func quiet() -> [UInt32]? {
            _ = window.settled()
            usleep(noticeWait)
            return window.settled()
        }
        guard window.settled(timeout: 30) != nil, let a = quiet() else { return ([], 0) }
        window.press(keys[0])
        guard let b = quiet() else { return ([], 0) }
        let differing = zip(a, b).filter { $0 != $1 }.count
        guard differing > 20 else {
            FileHandle.standardError.write(
                Data("tenfoot-bench textsize: \(keys[0]) changed \(differing) of \(a.count) samples only\n".utf8))
            return ([], 0)
        }
        var times: [Double] = []
        var next = 1
        for _ in 0..<2 * rounds {
            usleep(UInt32.random(in: 0..<250_000))
            let key = keys[next]
            if let t = window.secondsUntilChanged(from: window.samples(), differing: differing, { window.press(key) }) {
                times.append(t)
            }
            next = 1 - next
            _ = quiet()
        }
        let overhead = EngineBenchmark.median(
            (0..<9).map { _ in
                let t0 = EngineBenchmark.now()
                window.press(nil)
                return EngineBenchmark.now() - t0
            })
        return (times, overhead)
    }
}
