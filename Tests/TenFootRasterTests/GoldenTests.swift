@preconcurrency import CSDL2
import CSDL2Image
import FocusEngine
import Foundation
import TenFootPresentation
import TenFootScene
import TenFootSim
import TestSupport
import Testing

@testable import TenFootRaster

/// A few pixel goldens (offscreen software renderer, 480×270) for what text snapshots cannot show: the
/// focus effect, the debug overlay and the error banner. Compared with a tolerance after a PNG round
/// trip; re-record on purpose with TENFOOT_RECORD_GOLDENS=1 (never on CI), look at the images, and run
/// again without it (a recording run fails).
extension RasterTests {
    static let goldenDir = TestPaths.packageRoot + "/Tests/TenFootRasterTests/Goldens"

    func checkGolden(_ name: String, _ list: DisplayList, width: Int32 = 480, height: Int32 = 270) throws {
        let canvas = try OffscreenCanvas(
            width: width, height: height, fonts: try FontCache(), assets: Self.galleryAssets())
        canvas.draw(list)
        try assertSnapshot(of: canvas, as: .image, named: name, in: Self.goldenDir)
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

    /// The search with its row of suggestions: "no" typed, focus on the second suggestion (a white capsule), the
    /// others bare text between the keyboard's line and the results.
    @Test func goldenSearchSuggestions() throws {
        var sim = try Simulator(scene: try SceneDecoder.load(path: TestPaths.scenes + "/search-suggestions.json"))
        sim.send(.text("no"))
        sim.send(.swipe(.down))
        sim.send(.swipe(.down))
        sim.send(.swipe(.right))
        sim.step(ticks: 1200)
        #expect(sim.focused == "keyboard.suggestion.1")
        try checkGolden("search-suggestions", SceneRenderer().displayList(sim))
    }

    @Test func goldenErrorBanner() throws {
        var sim = try Simulator(scene: BuiltInScenes.home())
        sim.step(ticks: 1200)
        var list = SceneRenderer().displayList(sim)
        list.commands += ErrorBanner.commands(
            "scenes/home.json:14:9: \"focusSection\" expects true or false, got \"yes\" (at root.focusSection)",
            measurer: TrueTypeMeasurer(fonts: try FontCache()))
        try checkGolden("error-banner", list)
    }
}

extension Snapshotting where Value == OffscreenCanvas {
    /// Pixels compared after a PNG round trip (``GoldenImage``).
    static var image: Snapshotting<OffscreenCanvas> {
        Snapshotting(
            pathExtension: "png", recordVariable: "TENFOOT_RECORD_GOLDENS",
            write: { canvas, path in try Data(canvas.pngData()).write(to: URL(fileURLWithPath: path)) },
            compare: { canvas, path in try GoldenImage.difference(canvas, path) })
    }
}

/// How a render is compared with a golden picture.
enum GoldenImage {
    /// A pixel matches when every channel is within this many levels…
    static let channelTolerance: Int32 = 12
    /// …and the picture when at least this share of its pixels match.
    static let matchShare = 0.995

    static func close(_ a: UInt32, _ b: UInt32) -> Bool {
        for shift: UInt32 in [0, 8, 16] {
            let ca = Int32((a >> shift) & 0xFF)
            let cb = Int32((b >> shift) & 0xFF)
            if abs(ca - cb) > channelTolerance { return false }
        }
        return true
    }

    static func difference(_ canvas: OffscreenCanvas, _ path: String) throws -> String? {
        guard let loaded = IMG_Load(path) else { return "cannot read the golden \(path)" }
        defer { SDL_FreeSurface(loaded) }
        guard let golden = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            return "cannot convert the golden \(path)"
        }
        defer { SDL_FreeSurface(golden) }
        let (w, h) = (Int(canvas.width), Int(canvas.height))
        guard Int(golden.pointee.w) == w, Int(golden.pointee.h) == h else {
            return "the golden is \(golden.pointee.w)×\(golden.pointee.h), the render \(w)×\(h)"
        }
        let pitch = Int(golden.pointee.pitch) / 4
        let pixels = golden.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        var matching = 0
        for y in 0..<h {
            for x in 0..<w where close(canvas.pixel(x: x, y: y), pixels[y * pitch + x]) { matching += 1 }
        }
        let share = Double(matching) / Double(w * h)
        guard share < matchShare else { return nil }
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let actual = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-actual.png").path
        try? Data(canvas.pngData()).write(to: URL(fileURLWithPath: actual))
        return "only \(String(format: "%.2f", share * 100))% of pixels match the golden; this render is at \(actual)"
    }
}

extension RasterTests {
    /// The layered gallery's Summit poster (five layers) focused at fixed tilts: the perspective, the layers
    /// separating and the sheen (issue 20). Flat, turned right and up, turned left and down.
    @Test(arguments: [("parallax-flat", 0.0, 0.0), ("parallax-right-up", 1.0, -0.8), ("parallax-left-down", -1.0, 0.8)])
    func goldenParallax(_ name: String, _ x: Double, _ y: Double) throws {
        // Measured as the window measures, so the badges' text fits their backgrounds.
        var sim = try Simulator(
            scene: try SceneDecoder.load(path: TestPaths.scenes + "/parallax-gallery.json"),
            measurer: TrueTypeMeasurer(fonts: try FontCache()))
        sim.step(ticks: 1200)
        if x != 0 || y != 0 { sim.send(.touch(x, y)) }
        try checkGolden(name, SceneRenderer().displayList(sim), width: 960, height: 540)
    }
}
