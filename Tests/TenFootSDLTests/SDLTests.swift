import FocusEngine
import Foundation
import TenFootInput
import TenFootPresentation
import TenFootScene
import TenFootSim
import TestSupport
import Testing

@testable import TenFootSDL

/// Everything that touches SDL runs in this one serialized suite (SDL keeps process-wide state).
@Suite(.serialized) struct SDLTests {
    static let background: UInt32 = 0xFF10_1218

    /// Offscreen software rendering of the default scene: the focused poster is drawn where the
    /// layout puts it, and larger than its neighbours.
    @Test func headlessRenderShowsLiftedFocusedPoster() throws {
        var sim = try Simulator(scene: BuiltInScenes.home())
        sim.step(ticks: Clock.ticks(seconds: 1))
        #expect(sim.focused == "p1")
        let list = SceneRenderer().displayList(sim)
        func artwork(_ id: String) -> Rect? {
            for c in list.commands {
                if case .artwork(let r, _, let seed, _, _) = c, seed.hasPrefix(id + "|") { return r }
                if case .parallax(let i) = c, case .artwork(let seed, _, _) = i.content, seed.hasPrefix(id + "|") {
                    return i.frame
                }
            }
            return nil
        }
        let p1 = try #require(artwork("p1"))
        let p2 = try #require(artwork("p2"))
        // tvOS adds about 70 points to the longest side: 390 → 460 for a 260×390 poster.
        #expect(p1.width > p2.width * 1.15 && p1.height > p2.height * 1.15)

        let fonts = try FontCache()
        let canvas = try OffscreenCanvas(width: 1920, height: 1080, fonts: fonts)
        canvas.draw(list)
        let (screen, _) = sim.displayLayout()
        let f1 = try #require(screen.frame(of: "p1"))
        let f2 = try #require(screen.frame(of: "p2"))
        // Inside both layout frames: artwork, not background.
        #expect(canvas.pixel(x: Int(f1.midX), y: Int(f1.midY)) != Self.background)
        #expect(canvas.pixel(x: Int(f2.midX), y: Int(f2.midY)) != Self.background)
        // Just above each layout frame: the lifted p1 covers it, p2 does not.
        #expect(canvas.pixel(x: Int(f1.midX), y: Int(f1.minY) - 10) != Self.background)
        #expect(canvas.pixel(x: Int(f2.midX), y: Int(f2.minY) - 10) == Self.background)
    }

    /// The same state renders to the same bytes twice (recordings rely on it).
    @Test func renderingIsDeterministic() throws {
        var sim = try Simulator(scene: BuiltInScenes.home())
        sim.send(.swipe(.right))
        sim.step(ticks: 60)
        let fonts = try FontCache()
        var hashes: [Int] = []
        for _ in 0..<2 {
            let canvas = try OffscreenCanvas(width: 640, height: 360, fonts: fonts)
            canvas.draw(SceneRenderer().displayList(sim))
            hashes.append(Data(canvas.bytes()).hashValue)
        }
        #expect(hashes[0] == hashes[1])
    }

    /// The real window under Xvfb: `tenfoot` opens, an injected Right key moves the lifted poster,
    /// and Escape (Menu at the top level) quits with status 0.
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

        // Menu in a tab's content returns focus to the tab bar; Menu at the top level quits.
        try screen.xdotool("key", "--window", window, "Escape")
        usleep(300_000)
        #expect(app.isRunning, "the first Escape should return to the tab bar, not quit")
        try screen.xdotool("key", "--window", window, "Escape")
        for _ in 0..<100 where app.isRunning { usleep(50_000) }
        #expect(!app.isRunning, "Escape (Menu at the top level) did not quit")
        if !app.isRunning { #expect(app.terminationStatus == 0) }
    }
}

/// The layering contract: only the platform edge (TenFootSDL) sees SDL; the app, the recorder and
/// everything below work through it.
extension SDLTests {
    /// So do fribidi and HarfBuzz (the C libraries of text shaping).
    @Test func onlyThePlatformImportsSDL() throws {
        let fm = FileManager.default
        let sources = TestPaths.packageRoot + "/Sources"
        var offenders: [String] = []
        for target in try fm.contentsOfDirectory(atPath: sources).sorted()
        where !target.hasPrefix("CSDL2") && target != "TenFootSDL" {
            guard let files = fm.enumerator(atPath: sources + "/" + target) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: sources + "/" + target + "/" + file, encoding: .utf8)
                if text.split(separator: "\n").contains(where: {
                    $0.contains("import CSDL2") || $0.contains("import CFriBidi") || $0.contains("import CHarfBuzz")
                }) {
                    offenders.append(target + "/" + file)
                }
            }
        }
        #expect(offenders.isEmpty, "SDL imported outside TenFootSDL: \(offenders)")
    }
}
