import Foundation
import TestSupport
import Testing

/// Every screen of the SwiftUI gallery (`scenes/swiftui/`) opens in the window: `tenfoot run Screen.swift`
/// keeps running, draws the screen, and says nothing on standard error but the warnings line.
extension SDLTests {
    @Test(VirtualDisplay.needed) func theSwiftUIGalleryOpensInTheWindow() throws {
        let folder = TestPaths.scenes + "/swiftui"
        let screens = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }
            .sorted()
        #expect(screens.count >= 8)
        let screen = try VirtualDisplay()
        defer { screen.close() }
        for name in screens {
            let log = screen.folder.appendingPathComponent("\(name).stderr")
            let app = try screen.launch(["run", folder + "/" + name], stderr: log)
            defer {
                if app.isRunning {
                    app.terminate()
                    app.waitUntilExit()
                }
            }
            var colours = Set<UInt32>()
            for _ in 0..<50 {
                usleep(100_000)
                guard app.isRunning, let image = try? screen.screen() else { continue }
                colours = Set(
                    stride(from: 20, to: 700, by: 20).flatMap { y in
                        stride(from: 20, to: 1280, by: 20).map { x in image.pixel(x: x, y: y) }
                    })
                if colours.count > 8 { break }
            }
            #expect(app.isRunning, "\(name): the window closed")
            #expect(colours.count > 8, "\(name): the screen looks empty (\(colours.count) colours)")
            let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            let lines = said.split(separator: "\n").filter { !$0.contains("warning") }
            #expect(lines.isEmpty, "\(name): \(said)")
        }
    }
}
