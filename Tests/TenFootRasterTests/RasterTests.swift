import FocusEngine
import Foundation
import SDLTestLock
import TenFootInput
import TenFootPresentation
import TenFootScene
import TenFootSim
import TestSupport
import Testing

@testable import TenFootRaster

/// Drawing without a window: one serialized suite, which with every other suite that calls SDL takes the
/// process's SDL gate (`SDLExclusive`).
@Suite(.serialized, .sdlExclusive) struct RasterTests {
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

    /// A canvas frees its rasteriser's textures before its renderer, which frees them too: afterwards SDL read
    /// freed memory destroying them again (a crash, now and then, when a test's canvases went).
    @Test func aCanvasFreesItsTexturesBeforeItsRenderer() throws {
        var sim = try Simulator(scene: BuiltInScenes.home())
        sim.send(.swipe(.right))
        sim.step(ticks: 60)
        var canvas: OffscreenCanvas? = try OffscreenCanvas(width: 640, height: 360, fonts: try FontCache())
        canvas?.draw(SceneRenderer().displayList(sim))
        let rasteriser = try #require(canvas?.rasteriser)
        #expect(!rasteriser.textCache.isEmpty)
        #expect(!rasteriser.artworkCache.isEmpty)
        canvas = nil
        #expect(rasteriser.textCache.isEmpty)
        #expect(rasteriser.artworkCache.isEmpty)
        #expect(rasteriser.maskTextures.isEmpty)
    }

    /// A colour's opacity is drawn: a text in `#ffffff80` is half as bright as one in `#ffffff` over the same
    /// background, and generated artwork tinted `#ff000000` (SwiftUI's `Color.clear`) leaves the background as it was,
    /// where tinted `#ff0000` it does not.
    @Test func translucentColoursAreDrawnTranslucent() throws {
        let scene = try SceneDecoder.decode(
            """
            {"root": {"type": "vstack", "spacing": 40, "children": [
              {"type": "text", "id": "solid", "text": "████", "style": "title1", "color": "#ffffff"},
              {"type": "text", "id": "half", "text": "████", "style": "title1", "color": "#ffffff80"},
              {"type": "image", "id": "clear", "color": "#ff000000", "width": 200, "height": 100},
              {"type": "image", "id": "red", "color": "#ff0000", "width": 200, "height": 100},
              {"type": "button", "id": "b", "title": "B"}
            ]}}
            """, file: "t.json")
        var sim = try Simulator(scene: scene)
        sim.step(ticks: Clock.ticks(seconds: 1))
        let canvas = try OffscreenCanvas(width: 1920, height: 1080, fonts: try FontCache())
        canvas.draw(SceneRenderer().displayList(sim))
        let (screen, _) = sim.displayLayout()
        /// The brightest green channel in a node's frame, and the pixel at its middle.
        func brightest(_ id: String) throws -> Int {
            let f = try #require(screen.frame(of: id))
            var most = 0
            for y in Int(f.minY)..<Int(f.maxY) {
                for x in Int(f.minX)..<Int(f.maxX) { most = max(most, Int(canvas.pixel(x: x, y: y) >> 8 & 0xFF)) }
            }
            return most
        }
        let background = Int(Self.background >> 8 & 0xFF)
        let solid = try brightest("solid")
        let half = try brightest("half")
        #expect(solid == 255)
        #expect(abs((half - background) * 2 - (solid - background)) <= 2, "\(half) against \(solid)")
        let clear = try #require(screen.frame(of: "clear"))
        let red = try #require(screen.frame(of: "red"))
        #expect(canvas.pixel(x: Int(clear.midX), y: Int(clear.midY)) == Self.background)
        #expect(canvas.pixel(x: Int(red.midX), y: Int(red.midY)) != Self.background)
    }
}

extension RasterTests {
    /// Every picture of the gallery's art folder, decoded as a scene under `scenes/` would have them.
    static func galleryAssets(base: String = TestPaths.scenes) -> AssetTable {
        let art = ((try? FileManager.default.contentsOfDirectory(atPath: TestPaths.scenes + "/art")) ?? []).sorted()
        return AssetTable(paths: art.map { "art/" + $0 }, base: base, decoder: SDLImageDecoder())
    }
}
