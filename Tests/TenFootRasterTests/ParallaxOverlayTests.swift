@preconcurrency import CSDL2
import CSDL2Image
import CSDL2TTF
import FocusEngine
import Foundation
import TenFootPresentation
import TenFootScene
import TenFootSim
import TestSupport
import Testing

@testable import TenFootRaster

/// A tilted item's overlays (badges, progress bars) turn with it: drawn into a layer of the item and projected
/// with its artwork, in pixels as in the display list.
extension RasterTests {
    /// A poster-sized item turned by `tilt`, white all over (an overlay covering the frame) with a black badge
    /// (`badge`, frame coordinates) over it, on black: rendered at one pixel a point.
    func renderBadge(tilt: Point2, badge: Rect) throws -> (canvas: OffscreenCanvas, item: ParallaxItem) {
        let frame = Rect(795, 292, 330, 495)
        let a = ParallaxMetrics.maxRotation(longestSide: 390)
        let pose = ParallaxPose(centre: Point2(frame.midX, frame.midY), rotationX: a * tilt.y, rotationY: -a * tilt.x)
        let item = ParallaxItem(
            frame: frame, radius: 0, pose: pose, content: .artwork(seed: "s", title: "", tint: nil), maxDepth: 60,
            tilt: tilt, sheen: 0,
            overlays: [
                .rect(Rect(0, 0, frame.width, frame.height), radius: 0, color: Color(255, 255, 255)),
                .rect(badge, radius: 0, color: Color(0, 0, 0)),
            ])
        let canvas = try OffscreenCanvas(width: 1920, height: 1080, fonts: try FontCache())
        canvas.draw(DisplayList(commands: [.clear(Color(0, 0, 0)), .parallax(item)]))
        return (canvas, item)
    }

    /// At a tilt, the badge's edges lie within a pixel of the lines through its corners as the projection puts
    /// them — the same points of the artwork — row by row (left and right edges) and column by column (top and
    /// bottom): each edge's 50 % crossing, from the coverage summed across it.
    @Test(arguments: [Point2(1, -0.8), Point2(-1, 0.8), Point2(0.5, 1), Point2(-0.3, -1)])
    func badgeCornersFollowTheProjection(_ t: Point2) throws {
        let badge = Rect(12, 12, 120, 60)
        let (canvas, item) = try renderBadge(tilt: t, badge: badge)
        let q = item.overlayQuad(badge)
        // The badge's own corners are the artwork's points (frame coordinates → the item's plane, z = 0).
        let artwork = item.pose.quad(
            Rect(badge.minX - item.frame.width / 2, badge.minY - item.frame.height / 2, badge.width, badge.height), z: 0
        )
        for (p, r) in zip(q, artwork) { #expect(abs(p.x - r.x) < 1e-9 && abs(p.y - r.y) < 1e-9) }
        func white(_ x: Int, _ y: Int) -> Double { Double(canvas.pixel(x: x, y: y) >> 16 & 0xFF) / 255 }
        // Outside the black badge the layer is white.
        let (worst, rows, columns) = edgeDeviation(of: q, outside: white)
        #expect(rows > 40 && columns > 100)
        #expect(worst < 1, "a badge edge is \(worst) px from where the projection puts it at tilt \(t)")
    }

    /// Unturned on the screen plane, the overlays are drawn flat, pixel for pixel as a resting item's are.
    @Test func unturnedOverlaysAreFlat() throws {
        let badge = Rect(12, 12, 120, 60)
        let (canvas, item) = try renderBadge(tilt: Point2(0, 0), badge: badge)
        #expect(!item.projectsOverlays)
        let flat = try OffscreenCanvas(width: 1920, height: 1080, fonts: try FontCache())
        let f = item.frame
        flat.draw(
            DisplayList(commands: [
                .clear(Color(0, 0, 0)),
                .parallax(
                    ParallaxItem(
                        frame: f, radius: 0, pose: item.pose, content: item.content, maxDepth: 60, tilt: item.tilt,
                        sheen: 0)),
                .rect(f, radius: 0, color: Color(255, 255, 255)),
                .rect(badge.offsetBy(dx: f.minX, dy: f.minY), radius: 0, color: Color(0, 0, 0)),
            ]))
        #expect(Array(canvas.bytes()) == Array(flat.bytes()))
    }

    /// A turned item too large to rasterise in perspective (its buffer past 8,192 pixels) still shows its badge and
    /// progress bar: drawn flat where a resting item's are, not dropped with the turned picture.
    @Test func overlaysOfAnItemTooLargeToTurnAreDrawnFlat() throws {
        let frame = Rect(-4000, 400, 9000, 200)
        let pose = ParallaxPose(
            centre: Point2(frame.midX, frame.midY), rotationX: 0,
            rotationY: -ParallaxMetrics.maxRotation(longestSide: 9000))
        let badge = Rect(4100, 20, 120, 60)
        let bar = Rect(4100, 170, 400, 10)
        let item = ParallaxItem(
            frame: frame, radius: 0, pose: pose, content: .artwork(seed: "s", title: "", tint: nil), maxDepth: 60,
            tilt: Point2(1, 0), sheen: 0,
            overlays: [
                .rect(badge, radius: 0, color: Color(255, 0, 0)), .rect(bar, radius: 0, color: Color(0, 255, 0)),
            ])
        #expect(item.projectsOverlays)
        let canvas = try OffscreenCanvas(width: 1920, height: 1080, fonts: try FontCache())
        canvas.draw(DisplayList(commands: [.clear(Color(0, 0, 0)), .parallax(item)]))
        // The badge's middle (frame x 4160, y 50) and the bar's (x 4300, y 175), on the screen plane.
        #expect(
            canvas.pixel(x: 160, y: 450) & 0xFFFFFF == 0xFF0000, "\(String(canvas.pixel(x: 160, y: 450), radix: 16))")
        #expect(
            canvas.pixel(x: 300, y: 575) & 0xFFFFFF == 0x00FF00, "\(String(canvas.pixel(x: 300, y: 575), radix: 16))")
    }

    /// Overlays too large to make a layer of (a frame past 8,192 pixels) over a turned picture that fits (seen
    /// nearly edge-on, from far away) are drawn flat over it, also when the turned picture is reused.
    @Test func overlaysTooLargeForALayerAreDrawnFlatOverTheTurnedPicture() throws {
        let frame = Rect(-3000, 400, 8300, 200)
        let pose = ParallaxPose(centre: Point2(frame.midX, frame.midY), rotationX: 0, rotationY: -1.2, eye: 1e7)
        let badge = Rect(3100, 20, 120, 60)
        let item = ParallaxItem(
            frame: frame, radius: 0, pose: pose, content: .artwork(seed: "s", title: "", tint: nil), maxDepth: 60,
            tilt: Point2(1, 0), sheen: 0,
            overlays: [.rect(badge, radius: 0, color: Color(255, 0, 0))])
        let xs = item.maskQuad.map(\.x)
        #expect(xs.max()! - xs.min()! < 8000, "the turned picture fits a buffer")
        let canvas = try OffscreenCanvas(width: 1920, height: 1080, fonts: try FontCache())
        for pass in 0..<2 {
            canvas.draw(DisplayList(commands: [.clear(Color(0, 0, 0)), .parallax(item)]))
            #expect(
                canvas.pixel(x: 160, y: 450) & 0xFFFFFF == 0xFF0000,
                "pass \(pass): \(String(canvas.pixel(x: 160, y: 450), radix: 16))")
        }
    }

    /// The gallery with a badge and a progress bar on a turned poster — one picture (the overlays on the screen
    /// plane) and a layered image (on its front layer's plane, magnified with it) — beside flat ones.
    @Test(arguments: [("parallax-badges-picture", 3, 1.0, -0.8), ("parallax-badges-layered", 2, -1.0, 0.8)])
    func goldenParallaxBadges(_ name: String, _ moves: Int, _ x: Double, _ y: Double) throws {
        // Measured with the fonts it is drawn with, as the tool does: the badges' platters fit their text.
        var sim = try Simulator(
            scene: try SceneDecoder.load(path: TestPaths.scenes + "/parallax-gallery.json"),
            measurer: TrueTypeMeasurer(fonts: try FontCache()))
        for _ in 0..<moves {
            sim.send(.swipe(.right))
            sim.step(ticks: 600)
        }
        sim.step(ticks: 1200)
        sim.send(.touch(x, y))
        try checkGolden(name, SceneRenderer().displayList(sim), width: 960, height: 540)
    }

    /// A layered image at rest loads whatever folder the scene's pictures are relative to (its layers' files
    /// were once resolved against a relative folder twice, and it was drawn as missing).
    @Test func restingLayeredImageFromARelativeFolder() throws {
        let relative =
            TestPaths.scenes.hasPrefix(FileManager.default.currentDirectoryPath + "/")
            ? String(TestPaths.scenes.dropFirst(FileManager.default.currentDirectoryPath.count + 1)) : TestPaths.scenes
        #expect(!relative.hasPrefix("/"))
        let canvas = try OffscreenCanvas(
            width: 480, height: 270, fonts: try FontCache(), assets: Self.galleryAssets(base: relative))
        canvas.draw(
            DisplayList(commands: [
                .clear(Color(0, 0, 0)),
                .image(Rect(100, 100, 260, 390), radius: 0, picture: Picture(path: "art/orbit.imagestack")),
            ]))
        // The missing picture's platter is #461e1e; Orbit's sky is dark blue.
        let p = canvas.pixel(x: 60, y: 60)
        #expect(
            p & 0xFF > p >> 16 & 0xFF, "orbit.imagestack was drawn as missing from \(relative): \(String(p, radix: 16))"
        )
    }

    /// A picture of more pixels than a screen's worth (at least 16 million) is made at that many and stretched: a
    /// poster 20,000 points wide was made at its whole size, 8.9 GB and 27 s. Smaller ones are made at their size.
    @Test func aHugePictureIsMadeAtMostItsBudget() throws {
        let canvas = try OffscreenCanvas(width: 192, height: 108, fonts: try FontCache(), assets: Self.galleryAssets())
        canvas.draw(
            DisplayList(commands: [
                .clear(Color(0, 0, 0)),
                .image(Rect(-9_040, -14_460, 20_000, 30_000), radius: 40, picture: Picture(path: "art/cast-ana.png")),
            ]))
        let made = canvas.rasteriser.pictureCache.values.flatMap { $0 }
        #expect(made.count == 1 && made.allSatisfy { Int($0.w) * Int($0.h) <= Rasteriser.maxPicturePixels })
        // The picture's middle (a flat skin tone), not the missing picture's platter (#461e1e).
        let shown = (0..<192).flatMap { x in (0..<108).map { y in canvas.pixel(x: x, y: y) & 0xFFFFFF } }
        #expect(shown.allSatisfy { $0 == 0xe8be96 }, "the art's skin tone: \(Set(shown).sorted().prefix(4))")
        canvas.rasteriser.pictureCache = [:]
        canvas.draw(
            DisplayList(commands: [
                .clear(Color(0, 0, 0)),
                .image(Rect(0, 0, 400, 600), radius: 0, picture: Picture(path: "art/cast-ana.png")),
            ]))
        #expect(canvas.rasteriser.pictureCache.values.flatMap { $0 }.map { [$0.w, $0.h] } == [[40, 60]])
    }

    /// Past the least budget, a picture is made at a screen's worth of pixels: at two, a huge poster took up to 1.2 GB
    /// in an 8K screenshot.
    @Test func aHugePictureIsMadeAtAScreensWorth() throws {
        let canvas = try OffscreenCanvas(width: 192, height: 108, fonts: try FontCache(), assets: Self.galleryAssets())
        canvas.rasteriser.pictureBudget = 1_000
        canvas.draw(
            DisplayList(commands: [
                .clear(Color(0, 0, 0)),
                .image(Rect(0, 0, 20_000, 30_000), radius: 40, picture: Picture(path: "art/cast-ana.png")),
            ]))
        let made = canvas.rasteriser.pictureCache.values.flatMap { $0 }.map { Int($0.w) * Int($0.h) }
        #expect(made.count == 1 && made.allSatisfy { $0 <= 192 * 108 && $0 > 192 * 108 * 9 / 10 }, "\(made)")
    }

    /// The scene `json` settled (its first poster focused), tilted under the finger when asked, drawn on a 192 × 108
    /// canvas whose pictures are made within `budget` pixels when given.
    static func drawn(_ json: String, tilted: Bool = false, budget: Int? = nil) throws -> OffscreenCanvas {
        var sim = try Simulator(scene: try SceneDecoder.decode(json, file: "s.json"))
        sim.step(ticks: 1200)
        if tilted {
            sim.send(.touch(0.3, -0.4))
            sim.step(ticks: 120)
        }
        let canvas = try OffscreenCanvas(width: 192, height: 108, fonts: try FontCache())
        if let budget { canvas.rasteriser.pictureBudget = budget }
        canvas.draw(SceneRenderer().displayList(sim))
        return canvas
    }

    /// A tilted poster partly off the top left is drawn from its own corner, not from the target's: cut there, its
    /// pixels moved by a level in a hundred places. Only a buffer larger than the target is cut (one as wide as the
    /// screen took 237 MB at 8K).
    @Test func aTiltedPosterPartlyOffTheScreenIsDrawnFromItsOwnCorner() throws {
        let canvas = try Self.drawn(
            #"{"root": {"type": "canvas", "children": [{"type": "poster", "id": "p", "frame": [-200, -300, 600, 900]}]}}"#,
            tilted: true)
        let rects = canvas.rasteriser.parallaxFrames.map(\.rect)
        #expect(!rects.isEmpty && rects.allSatisfy { $0.x < -10 && $0.y < -20 }, "\(rects)")
        let large = try Self.drawn(
            #"{"root": {"type": "canvas", "children": [{"type": "poster", "id": "p", "frame": [-200, -300, 2400, 1600]}]}}"#,
            tilted: true)
        let cut = large.rasteriser.parallaxFrames.map(\.rect)
        #expect(!cut.isEmpty && cut.allSatisfy { $0.x >= -1 && $0.y >= -1 && $0.w <= 194 && $0.h <= 110 }, "\(cut)")
    }

    /// A focused poster's sheen is made at most a picture's pixels too: once a huge poster's picture could be made,
    /// the sheen of one 100,000 points square asked for 40 GB, and the process ended.
    @Test func aHugeFocusedPostersSheenIsMadeAtMostItsBudget() throws {
        // A small budget stands for the real one, whose pixels a debug build would take long to draw.
        let canvas = try Self.drawn(
            #"{"root": {"type": "vstack", "children": [{"type": "poster", "id": "p", "width": 100000, "aspect": 19.9}]}}"#,
            budget: 20_000)
        let sheens = canvas.rasteriser.flatSheens.values.flatMap { $0 }
        #expect(!sheens.isEmpty && sheens.allSatisfy { $0.w * $0.h <= 2 * 192 * 108 * 4 })
    }

    /// A huge generated poster tilted under the finger takes its artwork at the size it is made (smaller than asked):
    /// its layer was told the size asked, and read past the picture's pixels.
    @Test func aHugeTiltedPostersArtworkIsItsOwnSize() throws {
        let canvas = try Self.drawn(
            #"{"root": {"type": "vstack", "children": [{"type": "poster", "id": "p", "width": 4000, "aspect": 0.667}]}}"#,
            tilted: true, budget: 20_000)
        let sources = Array(canvas.rasteriser.parallaxArtwork.values)
        #expect(!sources.isEmpty)
        for source in sources {
            let layer = try #require(source.layers.first)
            #expect(layer.texture.width * layer.texture.height <= 2 * 192 * 108 * 4 + 20_000)
            #expect(layer.frame == Rect(0, 0, Double(layer.texture.width), Double(layer.texture.height)))
        }
    }

    /// A texture stretched past the target, larger than it, is cut to the target first (SDL stretches such a copy
    /// into a picture of the whole destination: a poster's shadow into all of a 20,000-point poster's pixels, 9.6 GB at
    /// 4K; a poster of three screens at 8K, 433 MB), and lands where the whole would.
    @Test func aStretchFarPastTheTargetIsCutToIt() throws {
        let view = SDL_Rect(x: 0, y: 0, w: 200, h: 100)
        #expect(Rasteriser.cutsStretch(into: SDL_Rect(x: -30, y: -10, w: 260, h: 120), view: view))
        #expect(Rasteriser.cutsStretch(into: SDL_Rect(x: 10, y: 10, w: 400, h: 60), view: view))
        // What fits, or crosses the edge no larger than the target, is SDL's to stretch, as drawn before.
        #expect(!Rasteriser.cutsStretch(into: SDL_Rect(x: 0, y: 0, w: 200, h: 100), view: view))
        #expect(!Rasteriser.cutsStretch(into: SDL_Rect(x: -30, y: -10, w: 180, h: 100), view: view))
        let canvas = try OffscreenCanvas(width: 200, height: 100, fonts: try FontCache())
        let r = canvas.rasteriser
        let stripes = try #require(
            r.makeTexture(width: 64, height: 8) { x, y in (x + y) % 2 == 0 ? 0xFFFF_0000 : 0xFF00_00FF })
        defer { SDL_DestroyTexture(stripes) }
        let far = SDL_Rect(x: -1_937, y: -411, w: 4_000, h: 1_000)
        func drawn(_ draw: () -> Void) -> [UInt32] {
            canvas.draw(DisplayList(commands: [.clear(Color(0, 0, 0))]))
            draw()
            SDL_RenderFlush(r.renderer)
            return (0..<200).flatMap { x in (0..<100).map { y in canvas.pixel(x: x, y: y) } }
        }
        let whole = drawn {
            var d = far
            SDL_RenderCopy(r.renderer, stripes, nil, &d)
        }
        let cut = drawn { r.stretch(stripes, into: far) }
        // The same stripes where the whole would put them, to within half a pixel (the cut starts on a whole texel,
        // placed to the nearest pixel, and the filter's phase follows it).
        func channels(_ p: UInt32) -> [Int] { [Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)] }
        let off = zip(whole, cut).map { a, b in zip(channels(a), channels(b)).map { abs($0 - $1) }.max()! }
        let mean = Double(off.reduce(0, +)) / Double(off.count)
        #expect(off.max()! <= 96 && mean < 6, "worst \(off.max()!), mean \(mean)")
        #expect(Set(cut).count > 2)
        // A part of the texture (a nine-slice's corner: a focused round poster 20,000 points wide was scaled past any
        // screen, 4.5 GB in SDL, then a crash) is cut the same way.
        let part = SDL_Rect(x: 16, y: 2, w: 32, h: 4)
        let wholePart = drawn {
            var (s, d) = (part, far)
            SDL_RenderCopy(r.renderer, stripes, &s, &d)
        }
        let cutPart = drawn { r.stretch(stripes, from: part, into: far) }
        let partOff = zip(wholePart, cutPart).map { a, b in zip(channels(a), channels(b)).map { abs($0 - $1) }.max()! }
        let partMean = Double(partOff.reduce(0, +)) / Double(partOff.count)
        #expect(partOff.max()! <= 96 && partMean < 6, "worst \(partOff.max()!), mean \(partMean)")
        #expect(Set(cutPart).count > 2 && cutPart != cut)
    }

    /// A picture magnified so far that even its crop is far larger than its rect (an image 100,000 points wide and 2
    /// high kept 200 rows of pixels for each file row, 4 GB at 8K) is sampled from the file into the rect, its pixels
    /// made at the rect's size.
    @Test func aPictureMagnifiedPastItsCropIsSampled() throws {
        let canvas = try OffscreenCanvas(width: 192, height: 108, fonts: try FontCache(), assets: Self.galleryAssets())
        func shown(_ rect: Rect) -> [UInt32] {
            canvas.rasteriser.pictureCache = [:]
            canvas.draw(
                DisplayList(commands: [
                    .clear(Color(0, 0, 0)),
                    .image(rect, radius: 0, picture: Picture(path: "art/backdrop-harbour.png")),
                ]))
            return (0..<192).map { x in canvas.pixel(x: x, y: 50) }
        }
        let thin = shown(Rect(-50_000, 500, 100_000, 20))
        let made = canvas.rasteriser.pictureCache.values.flatMap { $0 }
        #expect(made.count == 1 && made.allSatisfy { Int($0.w) * Int($0.h) <= 10_000 * 2 })
        #expect(canvas.rasteriser.largestScaledPicture <= 10_000 * 2, "\(canvas.rasteriser.largestScaledPicture)")
        #expect(thin.allSatisfy { $0 & 0xFF_FFFF != 0 }, "the picture's middle row across the target")
        // The middle row's colours vary along it, as the file's do.
        #expect(Set(thin).count > 4)
    }

    /// The picture at `path` on an item of `frame`, turned a little under the finger.
    static func tilted(_ path: String, _ frame: Rect) -> ParallaxItem {
        ParallaxItem(
            frame: frame, radius: 0,
            pose: ParallaxPose(centre: Point2(frame.midX, frame.midY), rotationX: 0.05, rotationY: 0.05),
            content: .picture(Picture(path: path)), maxDepth: 60, tilt: Point2(0.5, 0.5), sheen: 0, overlays: [])
    }

    /// Tilted frames kept for later are at most three, and with a new one no more than a target and a half's worth of
    /// pixels: three lifted buffers of a poster 20,000 points wide held 294 MB at 8K beside the one being made.
    @Test func tiltedFramesKeptStayWithinATargetAndAHalfsWorth() throws {
        let canvas = try OffscreenCanvas(width: 192, height: 108, fonts: try FontCache(), assets: Self.galleryAssets())
        func frames(_ frame: Rect) -> [Int] {
            for k in 0..<4 {
                var item = Self.tilted("art/cast-ana.png", frame)
                item.pose.rotationY = 0.02 * Double(k + 1)
                canvas.draw(DisplayList(commands: [.clear(Color(0, 0, 0)), .parallax(item)]))
            }
            return canvas.rasteriser.parallaxFrames.map { Int($0.rect.w) * Int($0.rect.h) }
        }
        let small = frames(Rect(100, 100, 200, 300))
        #expect(small.count == 3, "\(small)")
        let large = frames(Rect(0, 0, 1800, 1300))
        #expect(large.count == 1 && large[0] > 192 * 108 / 2, "\(large)")
    }

    /// A poster that springs back makes room among the tilted frames kept for what drawing it flat takes: its flat
    /// sheen, and a copy as large as the target (two lifted buffers of a poster 20,000 points wide were still held at
    /// 8K beside both). The sheen of an item past a screen's worth is made at a quarter of one.
    @Test func aSprungBackPostersSheenMakesRoomAmongTheTiltedFrames() throws {
        let canvas = try OffscreenCanvas(width: 192, height: 108, fonts: try FontCache(), assets: Self.galleryAssets())
        let frame = Rect(0, 0, 1000, 600)
        for k in 0..<2 {
            var item = Self.tilted("art/cast-ana.png", frame)
            item.pose.rotationY = 0.02 * Double(k + 1)
            canvas.draw(DisplayList(commands: [.clear(Color(0, 0, 0)), .parallax(item)]))
        }
        func held() -> (frames: Int, sheens: [Int]) {
            (
                canvas.rasteriser.parallaxFrames.reduce(0) { $0 + Int($1.rect.w) * Int($1.rect.h) },
                canvas.rasteriser.flatSheens.values.flatMap { $0 }.map { $0.w * $0.h }
            )
        }
        #expect(canvas.rasteriser.parallaxFrames.count == 2)
        func flat(_ frame: Rect) -> ParallaxItem {
            ParallaxItem(
                frame: frame, radius: 12,
                pose: ParallaxPose(centre: Point2(frame.midX, frame.midY), rotationX: 0, rotationY: 0),
                content: .artwork(seed: "a", title: "A", tint: nil), maxDepth: 60, tilt: Point2(0, 0), sheen: 0.3,
                overlays: [])
        }
        canvas.draw(DisplayList(commands: [.clear(Color(0, 0, 0)), .parallax(flat(frame))]))
        let sprung = held()
        #expect(sprung.sheens.count == 1 && sprung.frames > 0)
        #expect(sprung.frames + sprung.sheens.reduce(0, +) <= 3 * 192 * 108 / 2, "\(sprung)")
        // Drawn flat, it may be stretched through a copy as large as the target: the frames kept make room for that.
        #expect(sprung.frames <= 192 * 108 / 2, "\(sprung)")
        canvas.rasteriser.destroyTextures()
        // A small budget stands for the real one (a screen's worth, at least 16 million pixels).
        canvas.rasteriser.pictureBudget = 20_000
        canvas.draw(DisplayList(commands: [.clear(Color(0, 0, 0)), .parallax(flat(Rect(0, 0, 20_000, 10_000)))]))
        let huge = held().sheens
        #expect(huge.count == 1 && huge.allSatisfy { $0 <= 192 * 108 / 4 }, "\(huge)")
    }

    /// A canvas that only ever draws into the encoder's buffers never makes pixels of its own (133 MB at 8K), and one
    /// drawn into outside memory first reads as empty, as a new canvas does.
    @Test func aCanvasDrawingOnlyIntoOutsideMemoryHasNoPixelsOfItsOwn() throws {
        let canvas = try OffscreenCanvas(width: 32, height: 18, fonts: try FontCache())
        let outside = UnsafeMutableRawBufferPointer.allocate(byteCount: 32 * 18 * 4, alignment: 64)
        defer { outside.deallocate() }
        canvas.draw(DisplayList(commands: [.clear(Color(10, 20, 30))]), into: outside.baseAddress!)
        #expect(outside.load(as: UInt32.self) & 0xFF_FFFF == 0x0A_141E)
        #expect(!canvas.hasOwnPixels)
        #expect(canvas.bytes().allSatisfy { $0 == 0 })
        #expect(canvas.hasOwnPixels)
    }

    /// A tilted picture's layer has no more texels than a picture is made at (a screen's worth at the output's size,
    /// at least the budget), however large it is shown: at 8K an 8192 × 8192 picture kept a full-size copy beside the
    /// decoded one (268 MB more), and its thin lines broke into dashes. It is made without that copy.
    @Test func aTiltedPicturesLayerIsMadeAtMostAScreensWorth() throws {
        let canvas = try OffscreenCanvas(width: 192, height: 108, fonts: try FontCache(), assets: Self.galleryAssets())
        // A small budget stands for the real one; the screen's worth here is 20,736 pixels, the picture 300 × 300.
        canvas.rasteriser.pictureBudget = 20_000
        canvas.draw(
            DisplayList(commands: [
                .clear(Color(0, 0, 0)), .parallax(Self.tilted("art/cast-ana.png", Rect(0, 0, 1920, 1080))),
            ]))
        let layers = canvas.rasteriser.parallaxSources.values.flatMap(\.layers)
        #expect(layers.count == 1)
        for layer in layers {
            #expect(
                layer.texture.width * layer.texture.height <= 20_736, "\(layer.texture.width)x\(layer.texture.height)")
            #expect(layer.texture.width >= 60, "halved no more than it must be: \(layer.texture.width)")
        }
        #expect(canvas.pixel(x: 96, y: 54) & 0xFF_FFFF != 0, "the picture is drawn")
    }

    /// A layered image whose canvas is far larger than the poster it is on is prepared at about the poster's size:
    /// five layers of 4380 × 4380 pictures on a 4380 canvas kept five full-size copies (1.07 GB). Here two
    /// 2400 × 2400 layers on a 260 × 390 poster are each at most four times the pixels they are drawn at, and drawn:
    /// a halved texture was all transparent (shifts bind tighter than division), so a lifted poster whose layers
    /// were more than twice its size showed only its shadow.
    @Test func layersOfALargeCanvasArePreparedAtTheirShownSize() throws {
        let dir = try Tools.temporaryFolder("large-canvas")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let side: Int32 = 2400
        var pixels = [UInt32](repeating: 0xFF20_60C0, count: Int(side * side))
        let png = try pixels.withUnsafeMutableBytes {
            try PNGFile.encode(UnsafeRawBufferPointer($0), width: side, height: side, pitch: Int(side) * 4)
        }
        for name in ["back", "front"] { try Data(png).write(to: URL(fileURLWithPath: "\(dir)/\(name).png")) }
        try #"{"layers": [{"image": "front.png"}, {"image": "back.png"}]}"#
            .write(toFile: dir + "/big.layers.json", atomically: true, encoding: .utf8)
        let assets = AssetTable(paths: ["big.layers.json"], base: dir, decoder: SDLImageDecoder())
        #expect(assets.problems.isEmpty, "\(assets.problems)")
        let canvas = try OffscreenCanvas(width: 1920, height: 1080, fonts: try FontCache(), assets: assets)
        let frame = Rect(100, 50, 260, 390)
        canvas.draw(DisplayList(commands: [.clear(Color(0, 0, 0)), .parallax(Self.tilted("big.layers.json", frame))]))
        let layers = canvas.rasteriser.parallaxSources.values.flatMap(\.layers)
        #expect(layers.count == 2)
        for layer in layers {
            #expect(layer.texture.height <= 4 * 390 && layer.texture.height < Int(side), "\(layer.texture.height)")
        }
        #expect(canvas.pixel(x: Int(frame.midX), y: Int(frame.midY)) & 0xFF > 0x80, "the picture is drawn")
    }
}
