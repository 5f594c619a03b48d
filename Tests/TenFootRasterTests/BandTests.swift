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

/// A large frame is drawn in bands of rows, one renderer per core (`Rasteriser+Bands`): the bands together are the
/// bytes of the frame drawn whole, whatever the count and wherever the edges fall.
extension RasterTests {
    /// Frames of a scene drawn whole and in two and three bands, side by side while focus moves and the finger
    /// turns the focused item: every frame the same bytes, and no band meets a copy it cannot draw as the whole does.
    /// The bands' edges move after every frame (``BandLayout``), so they cross whatever the frames put there.
    @Test(arguments: [
        ("home", 1920, 1080), ("streaming-home", 1920, 1080), ("parallax-gallery", 1920, 1080),
        ("settings", 1001, 777), ("any-script", 1001, 777), ("parallax-gallery", 1001, 777),
    ])
    func bandsDrawTheWholeFramesBytes(_ name: String, _ width: Int32, _ height: Int32) throws {
        let canvases = try drawSideBySide(name, frames: 36) { assets in
            try [1, 2, 3].map {
                try OffscreenCanvas(width: width, height: height, fonts: try FontCache(), assets: assets, bands: $0)
            }
        } compare: { frame, canvases in
            let whole = Array(canvases[0].bytes())
            for c in canvases.dropFirst() {
                let differ = firstDifference(Array(c.bytes()), whole)
                #expect(
                    differ == nil,
                    "\(name) \(width)x\(height), frame \(frame), \(c.bandCount) bands: byte \(differ ?? 0)")
            }
        }
        #expect(canvases.map(\.bandCount) == [1, 2, 3])
        #expect(canvases.map(\.bandMisses) == [0, 0, 0])
    }

    /// The bands share the budgets of kept artwork and text: together they keep no more than one rasteriser would.
    @Test func bandsShareTheBudgets() throws {
        var sim = try Simulator(scene: BuiltInScenes.home())
        sim.step(ticks: 600)
        let list = SceneRenderer().displayList(sim)
        let budget = 400_000
        var kept: [Int] = []
        for bands in [1, 2, 3] {
            let canvas = try OffscreenCanvas(width: 1920, height: 1080, fonts: try FontCache(), bands: bands)
            canvas.rasteriser.artworkPixelBudget = budget
            canvas.draw(list)
            let artwork = canvas.rasterisers.map(\.artworkPixels)
            #expect(artwork.reduce(0, +) <= budget && artwork.allSatisfy { $0 > 0 }, "\(bands) bands: \(artwork)")
            kept.append(artwork.reduce(0, +))
        }
        // One rasteriser keeps the most it may; bands keep as much between them, less what does not divide.
        #expect(kept[0] > budget / 2)
    }

    /// Shadows, rounded rectangles, gradients and artwork under a clip whose edges and places round differently with
    /// `shift`, and a shadow wider than the frame.
    func stretchedCopies(_ shift: Double) -> DisplayList {
        let clip = Rect(101.3 + shift * 7, 60.7 + shift * 13, 1600.2, 800.9 - shift * 21)
        var commands: [DrawCommand] = [.clear(Color(20, 24, 30)), .clip(clip)]
        for k in 0..<12 {
            let x = -40 + Double(k) * 171.3 + shift
            let y = 380 + Double(k % 4) * 97.7 - shift * 3
            let r = Rect(x, y, 150 + Double(k) * 3.3, 260 + Double(k % 3) * 41.9)
            commands.append(.shadow(r, radius: 12, blur: 30 + Double(k), offsetY: 18, opacity: 0.6, contents: nil))
            commands.append(.rect(r, radius: 20, color: Color(200, 120, 60, 220)))
            commands.append(.gradient(r, color: Color(0, 0, 0), top: 0, bottom: 0.8, smooth: k % 2 == 0))
            commands.append(.artwork(r.insetBy(dx: 10, dy: 10), radius: 8, seed: "s\(k)", title: "T\(k)", tint: nil))
        }
        commands.append(.clip(nil))
        commands.append(
            .shadow(Rect(-300, 200, 2600, 700), radius: 40, blur: 60, offsetY: 0, opacity: 0.5, contents: nil))
        return DisplayList(commands: commands)
    }

    /// Stretched copies cut by a clip, crossing the frame's edge, and nine-sliced shadows, on either side of a band's
    /// edge and across it, at clips and places that round differently: the same bytes in 1 to 5 bands (edges at a
    /// half, thirds, quarters, fifths of the frame in the first frame drawn).
    @Test(arguments: [0.0, 0.37, 0.5, 0.73])
    func stretchedCopiesAcrossBandEdges(_ shift: Double) throws {
        let list = stretchedCopies(shift)
        var frames: [[UInt8]] = []
        for bands in 1...5 {
            let canvas = try OffscreenCanvas(width: 1920, height: 1080, fonts: try FontCache(), bands: bands)
            canvas.draw(list)
            frames.append(Array(canvas.bytes()))
            #expect(canvas.bandMisses == 0)
        }
        for (k, f) in frames.enumerated().dropFirst() {
            let differ = firstDifference(f, frames[0])
            #expect(differ == nil, "\(k + 1) bands, shift \(shift): byte \(differ ?? 0)")
        }
    }

    /// The same copies drawn again over only some columns of rows (a window draws only the columns that changed), in 1
    /// and 2 bands, with cuts through the shadows, the stretched pictures and the clip's edges: the columns drawn hold
    /// the bytes of the frame drawn whole, and the others are left as they were.
    @Test(arguments: [0.0, 0.37])
    func stretchedCopiesAcrossColumnCuts(_ shift: Double) throws {
        let list = stretchedCopies(shift)
        let whole = try OffscreenCanvas(width: 1920, height: 1080, fonts: try FontCache())
        whole.draw(list)
        let expected = Array(whole.bytes())
        let cuts: [Range<Int32>] = [
            0..<1, 1..<1919, 57..<58, 100..<104, 131..<977, 640..<1281, 1000..<1920, 333..<1500,
        ]
        for bands in 1...2 {
            let canvas = try OffscreenCanvas(width: 1920, height: 1080, fonts: try FontCache(), bands: bands)
            canvas.draw(list)
            for columns in cuts {
                // Another colour over the columns and rows to be drawn again.
                let pixels = canvas.ownPixels.assumingMemoryBound(to: UInt32.self)
                for y in 150..<950 { for x in columns { pixels[y * 1920 + Int(x)] = 0xFF12_3456 } }
                _ = canvas.render(list, rows: [150..<950], columns: columns)
                let differ = firstDifference(Array(canvas.bytes()), expected)
                #expect(differ == nil, "\(bands) bands, columns \(columns): byte \(differ ?? 0)")
            }
            #expect(canvas.bandMisses == 0)
        }
    }

    /// The cut of a stretched copy that SDL makes under a clip, made first (``Rasteriser/clippedStretch``): copied
    /// unclipped, the same bytes as SDL's own clipped copy, over rectangles that round every way.
    @Test func clippedStretchIsSDLs() throws {
        let canvas = try OffscreenCanvas(width: 640, height: 360, fonts: try FontCache())
        let r = canvas.rasteriser
        let texture = try #require(
            r.makeTexture(width: 37, height: 23) { x, y in
                UInt32(128 + (x * 7 + y * 3) % 128) << 24 | UInt32(x * 6) << 16 | UInt32(y * 11) << 8 | 0x40
            })
        defer { SDL_DestroyTexture(texture) }
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        var random = SplitMix(seed: 32)
        var cut = 0
        for _ in 0..<300 {
            let source = SDL_Rect(
                x: Int32.random(in: 0...10, using: &random), y: Int32.random(in: 0...6, using: &random),
                w: Int32.random(in: 3...27, using: &random), h: Int32.random(in: 3...17, using: &random))
            let d = SDL_Rect(
                x: Int32.random(in: 0...300, using: &random), y: Int32.random(in: 0...150, using: &random),
                w: Int32.random(in: 5...330, using: &random), h: Int32.random(in: 5...200, using: &random))
            let clip = SDL_Rect(
                x: Int32.random(in: 0...320, using: &random), y: Int32.random(in: 0...180, using: &random),
                w: Int32.random(in: 1...320, using: &random), h: Int32.random(in: 1...180, using: &random))
            /// The frame with `source` copied into `destination` under the clip (nothing copied: nil rectangles).
            func copied(_ source: SDL_Rect?, _ destination: SDL_Rect?) -> [UInt8] {
                canvas.draw(DisplayList(commands: [.clear(Color(9, 9, 9))]))
                if var s = source, var t = destination {
                    var c = clip
                    SDL_RenderSetClipRect(canvas.renderer, &c)
                    SDL_RenderCopy(canvas.renderer, texture, &s, &t)
                    SDL_RenderSetClipRect(canvas.renderer, nil)
                }
                SDL_RenderFlush(canvas.renderer)
                return Array(canvas.bytes())
            }
            let sdl = copied(source, d)
            // Our cut, copied under the same clip, which cuts nothing of it now.
            let cutCopy = Rasteriser.clippedStretch(source, texture: (37, 23), into: d, clip: clip)
            if cutCopy != nil { cut += 1 }
            let ours = copied(cutCopy?.0, cutCopy?.1)
            let differ = firstDifference(ours, sdl)
            #expect(differ == nil, "source \(source), destination \(d), clip \(clip): byte \(differ ?? 0)")
        }
        #expect(cut > 100)
    }
}

/// Frames of scene `name` (`home`: the built-in one) drawn by each of the canvases `make` makes over its pictures, while
/// focus moves and the finger circles the touch surface; `compare` gets each frame once every canvas has drawn it.
func drawSideBySide(
    _ name: String, frames: Int, canvases make: (AssetTable) throws -> [OffscreenCanvas],
    compare: (Int, [OffscreenCanvas]) -> Void
) throws -> [OffscreenCanvas] {
    let scene = name == "home" ? BuiltInScenes.home() : try SceneDecoder.load(path: TestPaths.scenes + "/\(name).json")
    let assets = AssetTable(scenes: [scene], base: TestPaths.scenes, decoder: SDLImageDecoder())
    var sim = try Simulator(scene: scene, measurer: TrueTypeMeasurer(fonts: try FontCache()))
    let canvases = try make(assets)
    let renderer = SceneRenderer()
    for frame in 0..<frames {
        if frame % 6 == 0 { sim.send(.swipe(frame % 12 == 0 ? .right : .down)) }
        let a = Double(frame) * 0.7
        sim.send(.touch((cos(a) * 1000).rounded() / 1000, (sin(a) * 1000).rounded() / 1000))
        sim.step(ticks: 40)
        let list = renderer.displayList(sim)
        for c in canvases { c.draw(list) }
        compare(frame, canvases)
    }
    return canvases
}

/// Where two frames' bytes first differ (nil: nowhere), so that a failure names a place rather than printing frames.
func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int? {
    guard a != b else { return nil }
    guard a.count == b.count else { return min(a.count, b.count) }
    return a.indices.first { a[$0] != b[$0] }
}

/// Where the bands are cut: toward the slower band, out of stretched copies nearby, never thinner than a minimum.
@Suite struct BandLayoutTests {
    @Test func edgesStartEvenAndMoveTowardTheSlowerBand() {
        var layout = BandLayout(height: 2160, bands: 2)
        #expect(layout.edges == [0, 1080, 2160])
        for _ in 0..<20 { layout.rebalance(times: [3, 1], stretched: []) }
        #expect(layout.edges[1] < 1080 && layout.edges[1] >= BandLayout.minimumRows)
        var other = BandLayout(height: 2160, bands: 2)
        other.rebalance(times: [1, 3], stretched: [])
        #expect(other.edges[1] > 1080)
        #expect(other.edges[1] % BandLayout.step == 0)
    }

    /// Balanced bands keep their edges; an edge inside a stretched copy moves to its nearer end when that is near.
    @Test func edgesStayWhenBalancedAndLeaveStretchedCopies() {
        var layout = BandLayout(height: 2160, bands: 2)
        layout.rebalance(times: [1, 1], stretched: [])
        #expect(layout.edges == [0, 1080, 2160])
        layout.rebalance(times: [1, 1], stretched: [1040..<1100, 1090..<1120])
        #expect(layout.edges == [0, 1040, 2160])
        // A copy too tall to leave nearby is crossed.
        layout.rebalance(times: [1, 1], stretched: [200..<2000])
        #expect(layout.edges == [0, 1040, 2160])
    }

    @Test func bandsKeepTheirMinimumAndTheirOrder() {
        var layout = BandLayout(height: 400, bands: 4)
        for _ in 0..<50 { layout.rebalance(times: [10, 0, 0, 0.001], stretched: [0..<400]) }
        let rows = (0..<4).map { layout.rows($0).count }
        #expect(rows.allSatisfy { $0 >= Int(BandLayout.minimumRows) })
        #expect(rows.reduce(0, +) == 400)
    }

    /// A range of changed rows split among bands: the cuts move halfway toward equal times, keep their order, and leave
    /// every band some rows.
    @Test func changedRowsAreCutTowardEqualTimes() {
        let once = OffscreenCanvas.balancedCuts([0.5], times: [3, 1])
        #expect(abs(once[0] - (0.5 + 0.5 * 2 / 3) / 2) < 1e-12)
        var cuts = [0.5]
        for _ in 0..<30 { cuts = OffscreenCanvas.balancedCuts(cuts, times: [cuts[0] * 3, (1 - cuts[0]) * 1]) }
        #expect(abs(cuts[0] - 0.25) < 0.01)
        #expect(OffscreenCanvas.balancedCuts([0.5], times: [0, 0]) == [0.5])
        var three = [1.0 / 3, 2.0 / 3]
        for _ in 0..<30 { three = OffscreenCanvas.balancedCuts(three, times: [100, 0, 0]) }
        #expect(
            three[0] >= 0.25 / 3 - 1e-12 && three[1] - three[0] >= 0.25 / 3 - 1e-12 && three[1] <= 1 - 0.25 / 3 + 1e-12)
    }

    @Test func mergedSpans() {
        #expect(BandLayout.merged([5..<9, 0..<3, 3..<4, 8..<12, 20..<20]) == [0..<4, 5..<12])
    }
}
