import Foundation
import TestSupport
import Testing

/// `tenfoot preview` in a real window (issue 20): the layered poster shown large turns as the mouse moves
/// over the window, with no button down, as Apple's Parallax Previewer does.
extension SDLTests {
    @Test(VirtualDisplay.needed) func previewTiltsUnderTheMouse() throws {
        let screen = try VirtualDisplay()
        defer { screen.close() }
        let app = try screen.launch(["preview", TestPaths.scenes + "/art/summit.imagestack"])
        defer { if app.isRunning { app.terminate() } }
        let window = try #require(try screen.window(named: "TenFoot"), "the preview window did not appear")
        usleep(800_000)
        /// The poster's columns near its left and right edges (the window is 1280×720: the poster is about
        /// 330 px wide, centred), as colours down its middle.
        func edges() throws -> [UInt32] {
            let image = try screen.screen()
            return stride(from: 150, to: 570, by: 10).flatMap { y in
                [image.pixel(x: 470, y: y), image.pixel(x: 810, y: y)]
            }
        }
        _ = try screen.xdotool("mousemove", "--window", window, "640", "360")
        usleep(700_000)
        let centred = try edges()
        _ = try screen.xdotool("mousemove", "--window", window, "1200", "80")
        var turned = centred
        for _ in 0..<40 where turned == centred {
            usleep(100_000)
            turned = try edges()
        }
        #expect(turned != centred, "moving the mouse to a corner did not turn the poster")
        _ = try screen.xdotool("mousemove", "--window", window, "640", "360")
        var back = turned
        for _ in 0..<40 where back != centred {
            usleep(100_000)
            back = try edges()
        }
        #expect(back == centred, "the poster did not come back when the mouse returned to the centre")
        #expect(app.isRunning)
    }
}
