import Foundation
import Testing
@preconcurrency import CSDL2
import CSDL2Image
@testable import TenFootSDL
import TenFootSim
import TenFootScene
import FocusEngine
import TestSupport

/// A few pixel goldens (offscreen software renderer, 480×270) for what text snapshots cannot show: the
/// focus effect, the debug overlay and the error banner. Compared with a tolerance after a PNG round
/// trip; re-record on purpose with TENFOOT_RECORD_GOLDENS=1 (never on CI) and look at the images.
extension SDLTests {
    static let goldenDir = TestPaths.packageRoot + "/Tests/TenFootSDLTests/Goldens"
    /// A pixel matches when every channel is within this many levels…
    static let channelTolerance: Int32 = 12
    /// …and the image matches when at least this share of pixels match.
    static let matchShare = 0.995

    static func close(_ a: UInt32, _ b: UInt32) -> Bool {
        for shift: UInt32 in [0, 8, 16] {
            let ca = Int32((a >> shift) & 0xFF), cb = Int32((b >> shift) & 0xFF)
            if abs(ca - cb) > channelTolerance { return false }
        }
        return true
    }

    func checkGolden(_ name: String, _ list: DisplayList) throws {
        let fonts = try FontCache()
        let canvas = try OffscreenCanvas(width: 480, height: 270, fonts: fonts, imageBase: TestPaths.scenes)
        canvas.draw(list)
        let path = Self.goldenDir + "/\(name).png"
        let env = ProcessInfo.processInfo.environment
        if env["TENFOOT_RECORD_GOLDENS"] != nil, env["CI"] == nil { try canvas.savePNG(path) }
        guard let loaded = IMG_Load(path) else { Issue.record("missing golden \(path): record it with TENFOOT_RECORD_GOLDENS=1"); return }
        defer { SDL_FreeSurface(loaded) }
        guard let golden = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { Issue.record("cannot convert golden"); return }
        defer { SDL_FreeSurface(golden) }
        #expect(golden.pointee.w == 480 && golden.pointee.h == 270)
        let pitch = Int(golden.pointee.pitch) / 4
        let gp = golden.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        var matching = 0
        for y in 0 ..< 270 {
            for x in 0 ..< 480 {
                let a = canvas.pixel(x: x, y: y), b = gp[y * pitch + x]
                if Self.close(a, b) { matching += 1 }
            }
        }
        let share = Double(matching) / Double(480 * 270)
        if share < Self.matchShare {
            let actual = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-actual.png").path
            try? canvas.savePNG(actual)
            Issue.record("\(name): only \(String(format: "%.2f", share * 100))% of pixels match the golden; this render is at \(actual)")
        }
    }

    @Test func goldenFocusEffect() throws {
        var sim = try Simulator(scene: BuiltInScenes.home())
        sim.send(.swipe(.right))
        sim.step(ticks: 1200)
        try checkGolden("focus-effect", SceneRenderer().displayList(sim))
    }

    @Test func goldenDebugOverlay() throws {
        var sim = try Simulator(scene: try SceneDecoder.load(path: TestPaths.scenes + "/focus-guide-dashboard.json"))
        sim.recordsExplanations = true
        sim.send(.swipe(.right))
        sim.step(ticks: 1200)
        var list = SceneRenderer().displayList(sim)
        list.commands += DebugOverlay.commands(sim)
        try checkGolden("debug-overlay", list)
    }

    @Test func goldenErrorBanner() throws {
        var sim = try Simulator(scene: BuiltInScenes.home())
        sim.step(ticks: 1200)
        var list = SceneRenderer().displayList(sim)
        list.commands += ErrorBanner.commands("scenes/home.json:14:9: \"focusSection\" expects true or false, got \"yes\" (at root.focusSection)")
        try checkGolden("error-banner", list)
    }
}
