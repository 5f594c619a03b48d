import Foundation
import TenFootScene
import TenFootSim
import TestSupport
import Testing

/// The live preview under Xvfb: a broken save keeps the window and the last good scene with the error
/// banner; fixing the file reloads it and the banner goes.
extension SDLTests {
    @Test(VirtualDisplay.needed) func hotReloadBannerUnderXvfb() throws {
        let screen = try VirtualDisplay()
        defer { screen.close() }
        let scene = screen.folder.appendingPathComponent("scene.json").path
        let good =
            #"{"root": {"type": "hstack", "children": [{"type": "button", "id": "a", "title": "A"}, {"type": "button", "id": "b", "title": "B"}]}}"#
        try good.write(toFile: scene, atomically: true, encoding: .utf8)
        let app = try screen.launch(["run", scene])
        defer { if app.isRunning { app.terminate() } }

        /// The banner is a red band across the bottom of the 16:9 canvas (the window is 1280×720).
        func bannerShown() throws -> Bool {
            let px = try screen.screen().pixel(x: 640, y: 712)
            let r = (px >> 16) & 0xFF
            let g = (px >> 8) & 0xFF
            return r > 120 && g < 60
        }
        func waitFor(_ want: Bool) throws -> Bool {
            for _ in 0..<60 {
                if try bannerShown() == want { return true }
                usleep(100_000)
            }
            return false
        }
        usleep(800_000)
        #expect(try waitFor(false), "a good scene shows no banner")
        try
            #"{"root": {"type": "hstack", "children": [{"type": "button", "id": "a", "title": "A", "focusSection": "yes"}]}}"#
            .write(toFile: scene, atomically: true, encoding: .utf8)
        #expect(try waitFor(true), "a broken save shows the error banner")
        #expect(app.isRunning, "the window survives a broken save")
        try good.replacingOccurrences(of: "\"B\"", with: "\"Fixed\"").write(
            toFile: scene, atomically: true, encoding: .utf8)
        #expect(try waitFor(false), "fixing the file reloads it and removes the banner")
        #expect(app.isRunning)
    }
}

/// The live preview of a SwiftUI view: saving the `.swift` file reloads it; a save that does not parse keeps
/// the last good screen with the parser's message in the banner; fixing it reloads and the banner goes.
extension SDLTests {
    @Test(VirtualDisplay.needed) func hotReloadOfSwiftSourceUnderXvfb() throws {
        let screen = try VirtualDisplay()
        defer { screen.close() }
        let source = screen.folder.appendingPathComponent("Rows.swift").path
        let good = """
            import SwiftUI
            struct Rows: View {
                var body: some View {
                    HStack { Button("A") {}; Button("B") {} }
                }
            }
            """
        try good.write(toFile: source, atomically: true, encoding: .utf8)
        let log = screen.folder.appendingPathComponent("stderr.txt")
        let app = try screen.launch(["run", source], stderr: log)
        defer { if app.isRunning { app.terminate() } }

        func bannerShown() throws -> Bool {
            let px = try screen.screen().pixel(x: 640, y: 712)
            let r = (px >> 16) & 0xFF
            let g = (px >> 8) & 0xFF
            return r > 120 && g < 60
        }
        func waitFor(_ want: Bool) throws -> Bool {
            for _ in 0..<60 {
                if try bannerShown() == want { return true }
                usleep(100_000)
            }
            return false
        }
        /// The screen above the banner (the 1280×720 window; the banner is a band across the bottom), sampled.
        func content() throws -> [UInt32] {
            let image = try screen.screen()
            return stride(from: 40, to: 560, by: 16).flatMap { y in
                stride(from: 8, to: 1280, by: 16).map { x in image.pixel(x: x, y: y) }
            }
        }
        usleep(800_000)
        #expect(try waitFor(false), "a good source shows no banner")
        usleep(600_000)
        let goodScreen = try content()
        try good.replacingOccurrences(of: "Button(\"B\") {}", with: "Button(\"B\" {}").write(
            toFile: source, atomically: true, encoding: .utf8)
        #expect(try waitFor(true), "a save that does not parse shows the error banner")
        #expect(app.isRunning, "the window survives a broken save")
        // The last good screen stays under the banner, and the message is the parser's, at file:line:column.
        #expect(try content() == goodScreen, "the last good screen stays")
        let said = try String(contentsOf: log, encoding: .utf8)
        #expect(said.contains("\(source):4:"), "\(said)")
        #expect(said.range(of: #"Rows\.swift:4:\d+: error: expected"#, options: .regularExpression) != nil, "\(said)")
        try good.replacingOccurrences(of: "\"B\"", with: "\"Fixed\"").write(
            toFile: source, atomically: true, encoding: .utf8)
        #expect(try waitFor(false), "fixing the source reloads it and removes the banner")
        usleep(600_000)
        #expect(try content() != goodScreen, "the fixed source is on screen (B became Fixed)")
        #expect(app.isRunning)
    }
}
