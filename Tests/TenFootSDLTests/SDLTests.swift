import FocusEngine
import Foundation
import SDLTestLock
import TenFootInput
import TenFootPresentation
import TenFootScene
import TenFootSim
import TestSupport
import Testing

@testable import TenFootSDL

/// The window and its input, in-process and under Xvfb: one serialized suite, which with every other suite that calls
/// SDL takes the process's SDL gate (`SDLExclusive`).
@Suite(.serialized, .sdlExclusive) struct SDLTests {
    static let background: UInt32 = 0xFF10_1218

    /// The real window under Xvfb: `tenfoot` opens, an injected Right key moves the lifted poster,
    /// and Escape (Menu at the top level) pressed twice quits with status 0.
    @Test(VirtualDisplay.needed) func realWindowUnderXvfb() throws {
        let screen = try VirtualDisplay()
        defer { screen.close() }
        let app = try screen.launch([])
        defer { if app.isRunning { app.terminate() } }
        let window = try #require(try screen.window(named: "TenFoot"), "the tenfoot window did not appear")
        let fm = FileManager.default
        let dir = screen.folder

        let sim = try Simulator(scene: BuiltInScenes.home())
        let f1 = try #require(sim.screen.frame(of: "p1"))
        let f2 = try #require(sim.screen.frame(of: "p2"))
        // 1920×1080 points shown in a 1280×720 window: two thirds.
        func probe(_ f: Rect) -> (Int, Int) { (Int(f.midX * 2 / 3), Int((f.minY - 12) * 2 / 3)) }
        func lifted(_ f: Rect) throws -> Bool {
            let shot = try screen.screen()
            let (x, y) = probe(f)
            return shot.pixel(x: x, y: y) & 0x00FF_FFFF != Self.background & 0x00FF_FFFF
        }
        var ok = false
        for _ in 0..<50 {
            if try lifted(f1), try !lifted(f2) {
                ok = true
                break
            }
            usleep(100_000)
        }
        #expect(ok, "the first poster is not drawn lifted in the window")

        try screen.xdotool("key", "--window", window, "Right")
        ok = false
        for _ in 0..<50 {
            if try lifted(f2), try !lifted(f1) {
                ok = true
                break
            }
            usleep(100_000)
        }
        #expect(ok, "Right did not move the lifted poster to the second one")

        // F12 writes a screenshot into the current folder.
        try screen.xdotool("key", "--window", window, "F12")
        let shot = dir.appendingPathComponent("tenfoot-screenshot-1.png").path
        for _ in 0..<100 where !fm.fileExists(atPath: shot) { usleep(50_000) }
        #expect(fm.fileExists(atPath: shot), "F12 did not write a screenshot")

        // Menu in a tab's content returns focus to the tab bar; Menu at the top level asks first, and a second
        // press within two seconds quits.
        try screen.xdotool("key", "--window", window, "Escape")
        usleep(300_000)
        #expect(app.isRunning, "the first Escape should return to the tab bar, not quit")
        try screen.xdotool("key", "--window", window, "Escape")
        usleep(300_000)
        #expect(app.isRunning, "the first Escape at the top level should ask, not quit")
        try screen.xdotool("key", "--window", window, "Escape")
        for _ in 0..<100 where app.isRunning { usleep(50_000) }
        #expect(!app.isRunning, "Escape pressed again at the top level did not quit")
        if !app.isRunning { #expect(app.terminationStatus == 0) }
    }
}
