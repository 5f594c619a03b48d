@preconcurrency import CSDL2
import CSDL2Image
import Foundation
import TenFootPresentation
import TenFootScene
import TenFootSim

/// Draws display lists into memory with SDL's software renderer (no display, no window): the path
/// every file output and pixel test uses, so the same inputs give the same bytes.
public final class OffscreenCanvas {
    public let width: Int32
    public let height: Int32
    /// Its pixels are the canvas's own (`own`) or, while `draw(_:into:)` draws, the caller's.
    let surface: UnsafeMutablePointer<SDL_Surface>
    /// Made when first drawn into or read: a recorder draws every frame into its own buffers and never needs
    /// them (133 MB at 7680x4320). Zeroed, as SDL makes a surface's pixels.
    private var own: UnsafeMutableRawPointer?
    let renderer: OpaquePointer
    public let rasteriser: Rasteriser
    /// The renderers of the bands after the first, when the canvas draws in bands (``bandCount``); the first band is
    /// the canvas's own renderer, its surface cut to the band's rows while it draws.
    private var partners: [SoftwareTarget] = []
    /// How many bands of rows a frame is drawn in, each by a renderer of its own on a thread of its own (1: whole). The
    /// bytes are the same whatever the count (`Rasteriser+Bands`).
    public let bandCount: Int
    /// Where the bands are cut, moved after every frame drawn in bands.
    private var layout: BandLayout
    /// Where one range of changed rows drawn in bands is cut, as fractions of it (band k ends at `changeCuts[k]`),
    /// moved after each such frame toward the cuts that would have given the bands equal times: a frame's costly rows
    /// (a lifted poster and its shadow) lie unevenly in what changed. Where the cuts lie changes no pixel.
    private var changeCuts: [Double] = []
    /// The frame ``drawChanges(_:into:)`` drew last, the pictures it drew it with, the rasteriser's frame number after it
    /// (a frame drawn by another call since breaks the chain), and whether it left commands out.
    var lastChanges: (list: DisplayList, assets: AssetTable, frame: Int, leftOut: Bool)?
    /// The memory ``drawChanges(_:into:)`` drew into, the most recent last, each with what changed on the screen since
    /// the frame it holds.
    var held: [(pixels: UnsafeMutableRawPointer, damage: Damage)] = []
    /// Where the last ``drawChanges(_:into:)`` may have changed pixels, top to bottom: what a window shows again.
    public internal(set) var changedAreas: [OutputArea] = []
    /// Bands drawn so far that met a copy they could not draw as the whole output does (none is expected; the tests
    /// read it).
    public var bandMisses: Int { rasterisers.reduce(0) { $0 + $1.bandMisses } }
    /// The canvas's rasteriser and its bands' (the tests read them).
    var rasterisers: [Rasteriser] { [rasteriser] + partners.map(\.rasteriser) }

    /// Streams of frames of fewer pixels are drawn whole (``streamBands(width:height:)``).
    public static let bandPixels = 1920 * 1080 * 2

    /// `bands`: how many bands of rows each frame is drawn in (1: whole; `TENFOOT_BANDS` overrides it, for checks that
    /// every count draws the same bytes). Bands pay off for a stream of large frames with cores to spare
    /// (``streamBands(width:height:)``), not for one frame: each band's renderer makes every texture the frame uses
    /// (a 4K screenshot took as long in two bands, with 37 MB more).
    /// `largest`: the largest size it may have (a window's canvas draws into the window's memory, and is as large as
    /// the window).
    public init(
        width: Int32, height: Int32, fonts: FontCache, assets: AssetTable = AssetTable(), bands: Int? = nil,
        largest: (width: Int32, height: Int32) = (7680, 4320)
    ) throws(SDLError) {
        guard width > 0, height > 0, width <= largest.width, height <= largest.height else {
            throw SDLError("size \(width)x\(height) is out of range (1x1 to \(largest.width)x\(largest.height))")
        }
        self.width = width
        self.height = height
        try SDLLibraries.load()
        guard
            let s = SDL_CreateRGBSurfaceWithFormatFrom(
                nil, width, height, 32, width * 4, SDL_PIXELFORMAT_ARGB8888.rawValue)
        else {
            throw SDLError("cannot create a \(width)x\(height) surface: \(SDLError.last)")
        }
        guard let r = SDL_CreateSoftwareRenderer(s) else {
            SDL_FreeSurface(s)
            throw SDLError("cannot create the software renderer: \(SDLError.last)")
        }
        surface = s
        renderer = r
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear")
        rasteriser = Rasteriser(renderer: r, fonts: fonts, assets: assets)
        rasteriser.directTarget = s
        let asked = ProcessInfo.processInfo.environment["TENFOOT_BANDS"].flatMap(Int.init) ?? bands ?? 1
        bandCount = max(1, min(asked, 8, Int(height) / 64))
        layout = BandLayout(height: height, bands: bandCount)
        // Each band's surface lies over rows of the canvas while it draws; its fonts are its own (a cache's faces are
        // used on one thread at a time).
        for _ in 1..<bandCount {
            let fonts = try FontCache()
            guard
                let band = SDL_CreateRGBSurfaceWithFormatFrom(
                    nil, width, height, 32, width * 4, SDL_PIXELFORMAT_ARGB8888.rawValue)
            else { throw SDLError("cannot create a \(width)x\(height) surface: \(SDLError.last)") }
            partners.append(try SoftwareTarget(surface: band, fonts: fonts, assets: assets))
        }
    }

    /// The bands for a stream of `width` × `height` frames that has the machine's cores to itself: one per core up
    /// to four, from ``bandPixels`` (a band's renderer runs every command of the frame and only the pixels are shared
    /// out, so smaller frames gain less than the other thread costs). At most 8 bands, of 64 rows or more.
    public static func streamBands(width: Int32, height: Int32) -> Int {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return Int(width) * Int(height) >= bandPixels ? max(1, min(cores, 4)) : 1
    }

    deinit {
        // The textures first: they belong to the renderer.
        rasteriser.destroyTextures()
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
        free(own)
    }

    /// Whether the canvas has made pixels of its own yet.
    var hasOwnPixels: Bool { own != nil }

    /// The canvas's own pixels, made the first time they are needed.
    var ownPixels: UnsafeMutableRawPointer {
        if let own { return own }
        let pixels = calloc(Int(height), pitch)!
        own = pixels
        surface.pointee.pixels = pixels
        return pixels
    }

    public func draw(_ list: DisplayList) {
        _ = ownPixels
        render(list)
    }

    /// Draws into whatever memory the surface holds now: whole, or in bands (``bandCount``), each on a thread of its
    /// own. A frame that reads back what it has drawn (a blur) or draws a slanted line is drawn whole by the first
    /// band's renderer; the others still run its commands over no rows, so that every renderer's caches have seen
    /// every frame (what a rasteriser draws may depend on the frames before: artwork animating its size).
    func render(_ list: DisplayList) {
        guard bandCount > 1 else {
            rasteriser.draw(list)
            SDL_RenderFlush(renderer)
            return
        }
        let whole = rasteriser.profile != nil || Rasteriser.needsWholeOutput(list)
        let times = draw(
            list, parts: (0..<bandCount).map { whole ? ($0 == 0 ? 0..<height : height..<height) : layout.rows($0) })
        if !whole { layout.rebalance(times: times, stretched: rasterisers.flatMap(\.stretchedRows)) }
    }

    /// Draws `list` over only `rows` of the surface's memory (output pixels, top to bottom, apart): the other rows keep
    /// what they hold, and those rows get the bytes of the whole frame drawn (`Rasteriser+Bands`). Each renderer runs
    /// the frame once, as for a frame drawn whole (what a rasteriser draws depends on the frames before it: run twice,
    /// the second run would take the first for the frame before), so the ranges are merged, across their narrowest
    /// gaps first, down to one a band; one range of many rows is split among the bands. Of those rows, only `columns`
    /// are drawn (nil: all); with no rows, each renderer still runs the frame, over none. Returns the rows drawn, merged.
    func render(_ list: DisplayList, rows: [Range<Int32>], columns: Range<Int32>? = nil) -> [Range<Int32>] {
        var ranges = rows.filter { !$0.isEmpty }
        while ranges.count > bandCount {
            let k =
                (1..<ranges.count).min {
                    ranges[$0].lowerBound - ranges[$0 - 1].upperBound
                        < ranges[$1].lowerBound - ranges[$1 - 1].upperBound
                } ?? 1
            ranges[k - 1] = ranges[k - 1].lowerBound..<ranges[k].upperBound
            ranges.remove(at: k)
        }
        let drawn = ranges
        let split =
            ranges.count == 1 && bandCount > 1 && Int(ranges[0].count) * Int(width) >= OffscreenCanvas.bandPixels / 4
        if split {
            let range = ranges[0]
            if changeCuts.count != bandCount - 1 { changeCuts = (1..<bandCount).map { Double($0) / Double(bandCount) } }
            let edges =
                [range.lowerBound]
                + changeCuts.map { range.lowerBound + Int32((Double(range.count) * $0).rounded()) } + [range.upperBound]
            ranges = zip(edges, edges.dropFirst()).map { $0..<$1 }
        }
        let times = draw(
            list, parts: (0..<bandCount).map { $0 < ranges.count ? ranges[$0] : height..<height }, columns: columns)
        if split { changeCuts = OffscreenCanvas.balancedCuts(changeCuts, times: times) }
        // The first renderer draws the whole output again next time, unless it is told otherwise.
        rasteriser.band = nil
        var view = SDL_Rect(x: 0, y: 0, w: width, h: height)
        SDL_RenderSetViewport(renderer, &view)
        return drawn
    }

    /// `cuts` (fractions of a range, rising, one a band but the last) moved halfway toward where the bands would have
    /// taken equal times, each band's time spread evenly over its share; no band keeps less than a quarter of an even
    /// share.
    static func balancedCuts(_ cuts: [Double], times: [Double]) -> [Double] {
        let n = cuts.count + 1
        precondition(times.count == n)
        let total = times.reduce(0, +)
        guard total > 0 else { return cuts }
        let ends = [0] + cuts + [1]
        let least = 0.25 / Double(n)
        var moved: [Double] = []
        for k in 1..<n {
            let want = total * Double(k) / Double(n)
            var before = 0.0
            var target = cuts[k - 1]
            for j in 0..<n {
                if before + times[j] >= want, times[j] > 0 {
                    target = ends[j] + (ends[j + 1] - ends[j]) * (want - before) / times[j]
                    break
                }
                before += times[j]
            }
            let low = (moved.last ?? 0) + least
            let high = 1 - Double(n - k) * least
            moved.append(min(high, max(low, (cuts[k - 1] + target) / 2)))
        }
        return moved
    }

    /// Each renderer (the canvas's, then its bands') draws `list` over its rows of the surface's memory, and of them
    /// `columns` (nil: all), on threads of their own; how long each took.
    private func draw(_ list: DisplayList, parts rows: [Range<Int32>], columns: Range<Int32>? = nil) -> [Double] {
        let pixels = surface.pointee.pixels!
        let pitch = Int(surface.pointee.pitch)
        let parts = [(surface, renderer, rasteriser)] + partners.map { ($0.surface, $0.renderer, $0.rasteriser) }
        let columns = columns.flatMap { $0.isEmpty || $0.count == width ? nil : $0 }
        for (k, part) in parts.enumerated() {
            let rows = rows[k]
            let band = Rasteriser.Band(
                top: rows.lowerBound, rows: Int32(rows.count), outputWidth: width, outputHeight: height,
                columns: columns)
            part.0.pointee.pixels = pixels + Int(min(rows.lowerBound, height - 1)) * pitch + Int(band.left) * 4
            part.0.pointee.h = band.rows
            part.0.pointee.w = band.columns
            var view = SDL_Rect(x: -band.left, y: -rows.lowerBound, w: width, h: height)
            SDL_RenderSetViewport(part.1, &view)
            part.2.band = band
            part.2.budgetShare = parts.count
            if k > 0 { part.2.follow(rasteriser) }
        }
        final class Part: @unchecked Sendable {
            let renderer: OpaquePointer
            let rasteriser: Rasteriser
            var seconds = 0.0
            init(_ renderer: OpaquePointer, _ rasteriser: Rasteriser) {
                self.renderer = renderer
                self.rasteriser = rasteriser
            }
        }
        let running = parts.map { Part($0.1, $0.2) }
        if running.count == 1 {
            running[0].rasteriser.draw(list)
            SDL_RenderFlush(running[0].renderer)
        } else {
            DispatchQueue.concurrentPerform(iterations: running.count) { k in
                let part = running[k]
                let start = DispatchTime.now().uptimeNanoseconds
                part.rasteriser.draw(list)
                SDL_RenderFlush(part.renderer)
                part.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            }
        }
        surface.pointee.pixels = pixels
        surface.pointee.h = height
        surface.pointee.w = width
        return running.map(\.seconds)
    }

    /// The pixel at (x, y) in output pixels, as 0xAARRGGBB.
    public func pixel(x: Int, y: Int) -> UInt32 {
        ownPixels.assumingMemoryBound(to: UInt32.self)[y * pitch / 4 + x]
    }

    /// The frame's bytes, ARGB8888 rows (ffmpeg's `bgra` on little-endian machines).
    public func bytes() -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: ownPixels, count: pitch * Int(height))
    }

    public var pitch: Int { Int(surface.pointee.pitch) }

    /// The current frame as PNG bytes (files are written by the recorder's output writer, which sees
    /// every write error).
    public func pngData() throws(SDLError) -> [UInt8] {
        _ = ownPixels
        return try PNGFile.encode(surface)
    }
}
