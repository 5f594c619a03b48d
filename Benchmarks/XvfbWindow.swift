import Foundation
import TestSupport

/// The real window (`tenfoot run`, the release build beside the benchmark) on an Xvfb screen whose framebuffer
/// is a file: what the latency benchmarks read to know when new pixels are on screen.
final class XvfbWindow {
    let dir: URL
    private let server: XvfbServer
    private let window: Process
    var framebuffer: String { server.framebuffer }
    var isRunning: Bool { window.isRunning }

    /// Starts Xvfb in `dir` and the window with `arguments` (after `run`), `extra` in its environment.
    init(dir: URL, xvfb: String, app: String, arguments: [String], environment extra: [String: String] = [:]) throws {
        self.dir = dir
        server = try XvfbServer(xvfb: xvfb, folder: dir)
        var env = server.environment
        for (k, v) in extra { env[k] = v }
        window = Process()
        window.executableURL = URL(fileURLWithPath: app)
        window.arguments = ["run"] + arguments
        window.environment = env
        window.standardError = FileHandle.nullDevice
        try window.run()
    }

    func stop() {
        window.terminate()
        window.waitUntilExit()
        server.stop()
    }

    /// Every 16th pixel of every 16th row: 3,600 samples.
    func samples() -> [UInt32] {
        guard let image = try? XWDImage(path: framebuffer) else { return [] }
        var out: [UInt32] = []
        out.reserveCapacity(3600)
        for y in stride(from: 8, to: image.height, by: 16) {
            for x in stride(from: 8, to: image.width, by: 16) { out.append(image.pixel(x: x, y: y)) }
        }
        return out
    }

    /// The picture once it has stopped changing (alike for 400 ms; the window draws nothing new while idle);
    /// after `timeout`, the picture as it is.
    func settled(timeout: Double = 5) -> [UInt32]? {
        let start = EngineBenchmark.now()
        var last = samples()
        var since = start
        while EngineBenchmark.now() - start < timeout {
            usleep(20_000)
            let now = samples()
            if now != last {
                last = now
                since = EngineBenchmark.now()
            } else if EngineBenchmark.now() - since >= 0.4, !now.isEmpty {
                return now
            }
        }
        return last.isEmpty ? nil : last
    }

    /// Seconds from `change` until the screen has left `before` by at least half of `differing` samples (the
    /// first frame of the new picture, whatever animation follows); nil after 5 s.
    func secondsUntilChanged(from before: [UInt32], differing: Int, _ change: () -> Void) -> Double? {
        let t0 = EngineBenchmark.now()
        change()
        while EngineBenchmark.now() - t0 < 5 {
            let s = samples()
            if s.count == before.count, zip(s, before).filter({ $0 != $1 }).count * 2 >= differing {
                return EngineBenchmark.now() - t0
            }
            usleep(500)
        }
        return nil
    }

    /// Presses `key` (xdotool's name: `F6`, `shift+F6`, `Right`) in the window; nil finds the window and presses
    /// nothing (what a press costs before the window sees it).
    func press(_ key: String?) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: XvfbWindow.xdotool ?? "/usr/bin/xdotool")
        p.arguments = ["search", "--name", "TenFoot"] + (key.map { ["key", $0] } ?? [])
        p.environment = ["DISPLAY": ":\(server.number)"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try? p.run()
        p.waitUntilExit()
    }

    /// Xvfb (and xdotool when `keys`) and the release `tenfoot` beside this benchmark, or exit 2 saying what is
    /// missing.
    static func requirements(_ benchmark: String, keys: Bool) -> (xvfb: String, app: String) {
        guard let xvfb = Tools.xvfb, !keys || xdotool != nil else {
            FileHandle.standardError.write(
                Data(
                    "tenfoot-bench \(benchmark): needs Xvfb\(keys ? " and xdotool" : "") (scripts/setup.sh installs them)\n"
                        .utf8))
            exit(2)
        }
        let app = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "tenfoot"
        ).path
        guard FileManager.default.isExecutableFile(atPath: app) else {
            FileHandle.standardError.write(
                Data(
                    "tenfoot-bench \(benchmark): build tenfoot beside the benchmark first (swift build -c release)\n"
                        .utf8))
            exit(2)
        }
        return (xvfb, app)
    }

    static let xdotool = ["/usr/bin/xdotool", "/usr/local/bin/xdotool"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
}
