import FocusEngine
import Foundation
import TenFootScene
import TenFootSim
import TestSupport
import Testing

/// F11 on an X server with no window manager (Xvfb): nobody carries out a fullscreen request, so the window
/// covers the display by hand, draws the whole screen at the display's size, and F11 again puts it back where
/// and as big as it was — never a 1920×1080 picture cropped by a 1280×720 window.
extension SDLTests {
    @Test(VirtualDisplay.needed) func fullscreenWithoutAWindowManager() throws {
        let screen = try VirtualDisplay(width: 1920, height: 1080)
        defer { screen.close() }
        let app = try screen.launch([])
        defer { if app.isRunning { app.terminate() } }
        let window = try #require(try screen.window(named: "TenFoot"), "the tenfoot window did not appear")

        func geometry() throws -> String {
            let text = try screen.xdotool("getwindowgeometry", window)
            let position = text.firstMatch(of: #/Position: (\d+),(\d+)/#).map { "\($0.1),\($0.2)" } ?? "?"
            let size = text.firstMatch(of: #/Geometry: (\d+x\d+)/#).map { String($0.1) } ?? "?"
            return "\(position) \(size)"
        }
        /// The last poster of the first shelf's visible row, which a cropped picture loses: drawn (not the
        /// background) where the whole screen, scaled by `scale` from `origin`, puts its middle.
        let sim = try Simulator(scene: BuiltInScenes.home())
        let far = try #require(sim.screen.frame(of: "p7"))
        func drawn(scale: Double, origin: (Double, Double)) throws -> Bool {
            let px = try screen.screen().pixel(x: Int(origin.0 + far.midX * scale), y: Int(origin.1 + far.midY * scale))
            return px & 0x00FF_FFFF != Self.background & 0x00FF_FFFF
        }
        func waitFor(_ want: String) throws -> String {
            var now = try geometry()
            for _ in 0..<50 where now != want {
                usleep(100_000)
                now = try geometry()
            }
            return now
        }

        #expect(try waitFor("320,180 1280x720") == "320,180 1280x720")
        try screen.xdotool("key", "--window", window, "F11")
        #expect(try waitFor("0,0 1920x1080") == "0,0 1920x1080", "F11 did not make the window cover the display")
        var ok = false
        for _ in 0..<30 {
            if try drawn(scale: 1, origin: (0, 0)) {
                ok = true
                break
            }
            usleep(100_000)
        }
        #expect(ok, "in fullscreen the picture is not drawn at the display's size")

        try screen.xdotool("key", "--window", window, "F11")
        #expect(try waitFor("320,180 1280x720") == "320,180 1280x720", "F11 again did not restore the window")
        ok = false
        for _ in 0..<30 {
            if try drawn(scale: 2.0 / 3, origin: (320, 180)) {
                ok = true
                break
            }
            usleep(100_000)
        }
        #expect(ok, "after F11 again the picture does not fit the 1280×720 window")
        #expect(app.isRunning)
    }
}

/// F5 on the built-in home scene (the screen `make run` opens): there is no file to read again, so it resets
/// focus to the start and says, on screen and on stderr, how to edit the scene live.
extension SDLTests {
    @Test(VirtualDisplay.needed) func f5ResetsTheBuiltInScene() throws {
        let screen = try VirtualDisplay()
        defer { screen.close() }
        let log = screen.folder.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let app = Process()
        app.executableURL = URL(fileURLWithPath: TestPaths.tenfoot)
        app.environment = screen.environment
        app.currentDirectoryURL = screen.folder
        app.standardError = try FileHandle(forWritingTo: log)
        try app.run()
        defer { if app.isRunning { app.terminate() } }
        let window = try #require(try screen.window(named: "TenFoot"), "the tenfoot window did not appear")

        let sim = try Simulator(scene: BuiltInScenes.home())
        let f1 = try #require(sim.screen.frame(of: "p1"))
        let f2 = try #require(sim.screen.frame(of: "p2"))
        func lifted(_ f: Rect) throws -> Bool {
            let px = try screen.screen().pixel(x: Int(f.midX * 2 / 3), y: Int((f.minY - 12) * 2 / 3))
            return px & 0x00FF_FFFF != Self.background & 0x00FF_FFFF
        }
        func waitFor(_ f: Rect, not g: Rect) throws -> Bool {
            for _ in 0..<50 {
                if try lifted(f), try !lifted(g) { return true }
                usleep(100_000)
            }
            return false
        }
        #expect(try waitFor(f1, not: f2))
        try screen.xdotool("key", "--window", window, "Right")
        #expect(try waitFor(f2, not: f1), "Right did not move focus")
        try screen.xdotool("key", "--window", window, "F5")
        #expect(try waitFor(f1, not: f2), "F5 did not reset focus to the first poster")
        var said = ""
        for _ in 0..<30 where !said.contains("reset to the start") {
            usleep(100_000)
            said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        }
        #expect(
            said.contains("tenfoot: reset to the start. The built-in home scene is compiled in; to edit it live: "),
            "\(said)")
        #expect(said.contains(" run scenes/home.json"))
        #expect(app.isRunning)
    }
}

/// Ctrl+Q quits at once: on the key's press, with status 0, the window gone well within a second (the whole
/// path from the key to the process's end: the frame loop, SDL's shutdown, the exit).
extension SDLTests {
    @Test(VirtualDisplay.needed) func ctrlQQuitsPromptly() throws {
        let screen = try VirtualDisplay()
        defer { screen.close() }
        let app = try screen.launch([])
        defer { if app.isRunning { app.terminate() } }
        let window = try #require(try screen.window(named: "TenFoot"), "the tenfoot window did not appear")
        usleep(800_000)
        try screen.xdotool("keydown", "--window", window, "ctrl")
        let pressed = Date()
        try screen.xdotool("keydown", "--window", window, "q")
        while app.isRunning, Date().timeIntervalSince(pressed) < 10 { usleep(10_000) }
        let took = Date().timeIntervalSince(pressed)
        _ = try? screen.xdotool("keyup", "q", "ctrl")
        #expect(!app.isRunning, "Ctrl+Q did not quit")
        #expect(took < 1.5, "Ctrl+Q took \(took) s to quit")
        if !app.isRunning { #expect(app.terminationStatus == 0) }
    }
}
