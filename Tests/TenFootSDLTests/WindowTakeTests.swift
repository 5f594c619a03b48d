import Foundation
import TestSupport
import Testing

/// F9 in a real window: the first press starts a take, the second saves its script and renders it to
/// a timestamped MP4 with the offline recorder. The take starts after a move: its script starts there
/// (its `from` line), under the header a saved session has.
extension SDLTests {
    @Test(
        VirtualDisplay.needed,
        .enabled(if: Tools.hasFFmpeg, "needs ffmpeg and ffprobe (scripts/setup.sh installs them)"))
    func f9RecordsATakeInTheWindow() throws {
        let screen = try VirtualDisplay()
        defer { screen.close() }
        let app = try screen.launch([])
        defer { if app.isRunning { app.terminate() } }
        let window = try #require(try screen.window(named: "TenFoot"), "the tenfoot window did not appear")
        usleep(500_000)
        for key in ["Right", "F9", "Right", "Right", "F9"] {
            try screen.xdotool("key", "--window", window, key)
            usleep(400_000)
        }
        let fm = FileManager.default
        var movie: String?
        for _ in 0..<300 where movie == nil {
            let names = (try? fm.contentsOfDirectory(atPath: screen.folder.path)) ?? []
            movie = names.first { $0.hasPrefix("tenfoot-take-") && $0.hasSuffix(".mp4") }
            if movie == nil { usleep(100_000) }
        }
        let name = try #require(movie, "F9 did not render a take")
        let script = try #require(
            (try? fm.contentsOfDirectory(atPath: screen.folder.path))?.first {
                $0.hasPrefix("tenfoot-take-") && $0.hasSuffix(".txt")
            })
        let text = try String(contentsOf: screen.folder.appendingPathComponent(script), encoding: .utf8)
        #expect(text.contains(" right\n"))
        let start = try runProcess(TestPaths.tenfoot, ["path", "home", "right"]).stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
        #expect(text.hasPrefix("# TenFoot live take\n# scene: the built-in home scene (home)"), "\(text)")
        #expect(
            text.contains("# focus at start: \(start) (the from line below)\n")
                && text.contains("\nfrom \"\(start)\"\n"), "\(text)")
        #expect(
            text.contains("# replay: ") && text.contains(" record home --script \(script) --out \(name)\n"), "\(text)")
        let probe = try runProcess(
            try #require(Tools.ffprobe),
            [
                "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                "stream=codec_name,nb_read_frames", "-of", "csv=p=0",
                screen.folder.appendingPathComponent(name).path,
            ])
        #expect(probe.stdout.hasPrefix("h264,"), "\(probe.stdout)\(probe.stderr)")
        #expect(
            (Int(probe.stdout.split(separator: ",").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0)
                > 10)
        #expect(app.isRunning, "the window survives rendering a take")
    }
}
