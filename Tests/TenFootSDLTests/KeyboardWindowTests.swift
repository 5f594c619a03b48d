import FocusEngine
import Foundation
import TenFootRaster
import TenFootSDL
import TenFootScene
import TenFootSim
import TestSupport
import Testing

/// Search in the window (Xvfb): typing with the remote — arrows over the keys, a click (the clickpad's
/// select) on a key — filters the results as it goes; then the desktop keyboard types (W A S D are letters
/// there) and Backspace deletes. Set TENFOOT_WINDOW_SHOTS to a folder to keep the screens as PNGs.
extension SDLTests {
    @Test(VirtualDisplay.needed) func typingWithTheRemoteFiltersTheSearchResults() throws {
        let screen = try VirtualDisplay()
        defer { screen.close() }
        let scene = TestPaths.scenes + "/search.json"
        let app = try screen.launch(["run", scene])
        defer { if app.isRunning { app.terminate() } }
        let window = try #require(try screen.window(named: "TenFoot"), "the tenfoot window did not appear")

        // Where the posters are (the window shows the 1920×1080 screen at 2/3, at its origin).
        let sim = try Simulator(scene: try SceneDecoder.load(path: scene))
        let first = try #require(sim.screen.frame(of: "amelie"))
        let sixth = try #require(sim.screen.frame(of: "orsted"))
        func drawn(_ f: Rect) throws -> Bool {
            let px = try screen.screen().pixel(x: Int(f.midX * 2 / 3), y: Int(f.midY * 2 / 3))
            return px & 0x00FF_FFFF != Self.background & 0x00FF_FFFF
        }
        func waitFor(_ f: Rect, drawn want: Bool) throws -> Bool {
            for _ in 0..<60 {
                if try drawn(f) == want { return true }
                usleep(100_000)
            }
            return false
        }
        func shot(_ name: String) throws {
            guard let folder = ProcessInfo.processInfo.environment["TENFOOT_WINDOW_SHOTS"] else { return }
            let image = try screen.screen()
            let bytes = image.data.subdata(in: image.offset..<image.offset + image.bytesPerLine * image.height)
            let png = try bytes.withUnsafeBytes {
                try PNGFile.encode(
                    $0, width: Int32(image.width), height: Int32(image.height), pitch: image.bytesPerLine)
            }
            try Data(png).write(to: URL(fileURLWithPath: folder + "/" + name + ".png"))
        }

        #expect(try waitFor(sixth, drawn: true), "the catalogue shows before typing")
        try shot("search-0-start")
        // Remote typing: right ×13 from a is n; a click is select (types the focused key); right, click: "no".
        for _ in 0..<13 {
            try screen.xdotool("key", "--window", window, "Right")
            usleep(60_000)
        }
        try screen.xdotool("mousemove", "--window", window, "640", "360")
        try screen.xdotool("click", "--window", window, "1")
        usleep(300_000)
        try screen.xdotool("key", "--window", window, "Right")
        usleep(300_000)
        try screen.xdotool("click", "--window", window, "1")
        // "no" matches five titles: the sixth column empties, the first stays.
        #expect(try waitFor(sixth, drawn: false), "typing \"no\" with the remote did not filter the results")
        #expect(try drawn(first))
        try shot("search-1-no")
        // The desktop keyboard types into the search while focus is on its keys: w, a, s, d are letters here.
        try screen.xdotool("type", "--window", window, "wasd")
        #expect(try waitFor(first, drawn: false), "typing on the desktop keyboard did not reach the search")
        try shot("search-2-empty")
        for _ in 0..<4 {
            try screen.xdotool("key", "--window", window, "BackSpace")
            usleep(60_000)
        }
        #expect(try waitFor(first, drawn: true), "Backspace did not delete")
        #expect(try !drawn(sixth))
        #expect(app.isRunning)
    }
}
