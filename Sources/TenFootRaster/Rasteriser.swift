@preconcurrency import CSDL2
import CSDL2Image
import CSDL2TTF
import FocusEngine
import Foundation
import TenFootPresentation
import TenFootScene
import TenFootSim

/// Applies a ``DisplayList`` to an SDL renderer in a 1920×1080-point logical space. It decides
/// nothing: every pixel comes from a command. Textures (rounded-corner masks, shadows, artwork,
/// text, images) are made once and cached, so steady frames only copy.
public final class Rasteriser {
    let renderer: OpaquePointer
    let fonts: FontCache
    /// The scene's pictures, decoded before drawing (`AssetTable`): drawing reads no file. A new table forgets
    /// every picture made from the last one.
    public var assets: AssetTable {
        didSet { evictPictures(all: true) }
    }
    /// Rounded-corner masks by their corner radius in texels (``roundedMask(forPixels:)``).
    var maskTextures: [Double: OpaquePointer] = [:]
    /// Generated artwork per seed, at the exact pixel sizes it was drawn at while at rest (a few each:
    /// resting and lifted), so steady frames copy without scaling.
    var artworkCache: [String: [(w: Int32, h: Int32, texture: OpaquePointer)]] = [:]
    var artworkLastSize: [String: (Int32, Int32)] = [:]
    /// The sizes made per seed, kept in `artworkCache` or not, in the order made (``artworkSizesPerSeed`` at most).
    var artworkMade: [String: [ArtworkSize]] = [:]
    var artworkUse: [String: Int] = [:]
    /// The pixels of the textures in `artworkCache`, and the most they may come to: set by a host (the audit's
    /// probe) or a test, else ``keptArtworkPixelsTotal`` or four frames' worth of the output, the more.
    var artworkPixels = 0
    /// Pixels of generated artwork made since the rasteriser was (the tests read it).
    var artworkPixelsMade = 0
    public var artworkPixelBudget: Int?
    var artworkBudget: Int {
        (artworkPixelBudget ?? max(Rasteriser.keptArtworkPixelsTotal, 4 * outputPixels)) / budgetShare
    }
    /// How many rasterisers share the kept artwork's and text's budgets: the bands of a frame (each keeps its own
    /// textures). What is kept changes no pixel, only what is made again.
    var budgetShare = 1
    var outputPixels = 0
    /// The one artwork texture made past the budget, freed when the next is made or the frame ends.
    var transientArtwork: OpaquePointer?
    /// A size an artwork was made at, and what it was made from (the first seed, title and corner radius asked for it).
    struct ArtworkSize {
        var w: Int32, h: Int32
        var hashSeed: String, title: String
        var radius: Double
    }

    /// The most pixels all kept artwork textures may have together at 1920 × 1080 and 3840 × 2160 (256 MB): one
    /// screen of 10,000 images without a file made a texture each, 750 MB, kept until they went unused for ten
    /// seconds.
    public static let keptArtworkPixelsTotal = 1 << 26
    /// DejaVu Sans Bold's widest common advance, as a share of the font size (for fitting words).
    static let boldAdvance = 0.72
    /// Sizes kept per artwork seed (resting, lifted, and a couple in between).
    static let artworkSizesPerSeed = 4
    /// Picture files' pixels, and the pictures made from them per look and size (`Rasteriser+Pictures`).
    var pictureSources: [String: UnsafeMutablePointer<SDL_Surface>?] = [:]
    /// Surfaces over the asset table's decoded pixels (`surface(of:)`), by pixel buffer.
    var decodedSurfaces: [ObjectIdentifier: UnsafeMutablePointer<SDL_Surface>] = [:]
    var pictureCache: [PictureKey: [PreparedPicture]] = [:]
    /// `maxPicturePixels`, unless a test asks for less.
    var pictureBudget = Rasteriser.maxPicturePixels
    /// The most pixels a file was scaled into on its way to a picture (the tests read it).
    var largestScaledPicture = 0
    var pictureLastSize: [PictureKey: (Int32, Int32)] = [:]
    var pictureUse: [PictureKey: Int] = [:]
    /// The blurred screen behind an alert (`Rasteriser+Blur`), at its size.
    var blurTexture: OpaquePointer?
    var blurSize = (0, 0)
    /// Dithered fades (`Rasteriser+Gradients`), and the frame each was last drawn in.
    var gradientTextures: [GradientKey: OpaquePointer] = [:]
    var gradientUse: [GradientKey: Int] = [:]
    /// Soft shadow rings by the share of their corner the fall-off takes (in sixteenths).
    var shadowTextures: [Int: OpaquePointer] = [:]
    var textCache: [RunKey: RunTexture] = [:]
    /// The pixels of the textures in `textCache`, and the most they may come to (``keptTextPixelsTotal``).
    var textCachePixels = 0
    var textPixelBudget = Rasteriser.keptTextPixelsTotal
    var textUse: [RunKey: Int] = [:]
    /// Shapes labels and lettering at output pixels (1 px = 1 unit), with this rasteriser's fonts.
    let pixelMeasurer: TrueTypeMeasurer
    /// Alpha-less copies of wide artwork (backdrops), for cheap cross-fades.
    var opaqueTwins: [OpaquePointer: OpaquePointer] = [:]
    var frameNumber = 0
    /// Tilted items: their layers per picture and per artwork look, the frames last rasterised, the sheen.
    var parallaxSources: [String: ParallaxSource] = [:]
    var parallaxArtwork: [String: ParallaxSource] = [:]
    /// The frame each tilted item's layers were last used in (unused ones are freed with the pictures).
    var parallaxUse: [String: Int] = [:]
    var parallaxFrames: [ParallaxFrame] = []
    /// Sheens of unturned items, by corner radius in pixels, a few sizes each (the newest size asked for).
    var flatSheens: [Int: [(w: Int, h: Int, top: Int, rows: Int, texture: OpaquePointer)]] = [:]
    var flatSheenLastSize: [Int: (Int, Int)] = [:]
    lazy var sheenTexture: LayerTexture = Rasteriser.makeSheen()
    /// Tilted items' overlays made into layers (`Rasteriser+Overlays`), and what draws them.
    var overlayLayers: [(key: OverlayKey, layer: OverlayLayer)] = []
    var overlayPainter: OverlayPainter?
    /// A mapping of points to output pixels of its own instead of the output's letterbox (an overlay painter's
    /// rasteriser draws a picture in its frame's coordinates).
    var fixedLetterbox: Letterbox?
    /// Pixels per point of the output (output width ÷ 1920), so text is rasterised sharp.
    public private(set) var pixelScale = 1.0
    /// The opacity set by the last `alpha` command, applied to artwork and image copies.
    var textureAlpha: UInt8 = 255
    /// The clip set by the last `clip` command (nil: none), restored after drawing that clips itself.
    var clipRect: SDL_Rect?
    /// The rows this rasteriser draws when it draws one band of a larger output (an ``OffscreenCanvas`` asked for
    /// bands draws each frame as bands, one per thread): its renderer's target holds only those rows, and its viewport
    /// is the whole output moved up by the band's top, so every decision (layout, culling, caches) is the whole
    /// output's.
    var band: Band?
    /// The surface the renderer draws into, when the rasteriser knows it (a software renderer over a surface): it blends
    /// blended copies into it itself (`Rasteriser+Blend`). `directBlending` false leaves them all to SDL (the tests
    /// compare the two).
    public var directTarget: UnsafeMutablePointer<SDL_Surface>?
    var directBlending = true
    /// Whether stretched blended copies are stretched by the kernel where the SDL loaded stretches as it does; false
    /// makes the picture with SDL's `SDL_SoftStretchLinear` (the tests compare the two).
    var kernelStretching = true
    /// Whether unmodulated blended copies are blended by the kernel where the SDL loaded blends them as it does; false
    /// leaves their blending to SDL's own blit (the tests compare the two).
    var kernelBlendsUnmodulated = true
    /// Copies blended by ``blendDirectly(_:_:_:)`` since the rasteriser was (the tests read it).
    var directCopies = 0
    /// Where stretched copies land before they are blended (``stretchPicture(w:h:scratch:)``).
    var stretchScratch = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    /// Copies a band met that it could not draw as the whole output does (the tests read it; none is expected:
    /// see ``renderCopy(_:_:_:)``).
    var bandMisses = 0
    /// The rows of the stretched copies drawn in the band this frame (``BandLayout`` keeps its edges out of them).
    var stretchedRows: [Range<Int32>] = []

    /// The smallest mask's corner radius in texels (larger corners get larger masks).
    static let maskRadius = 24.0
    static let shadowSize: Int32 = 96
    /// Text textures not used for this many frames are freed.
    static let textEvictFrames = 600

    public init(renderer: OpaquePointer, fonts: FontCache, assets: AssetTable = AssetTable()) {
        self.renderer = renderer
        self.fonts = fonts
        self.assets = assets
        pixelMeasurer = TrueTypeMeasurer(fonts: fonts)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        updatePixelScale()
    }

    deinit {
        destroyTextures()
        stretchScratch.deallocate()
    }

    /// Frees every texture and surface made, and forgets them. A host calls it before destroying the renderer they
    /// belong to: SDL frees a renderer's textures with it, and destroying them afterwards reads freed memory.
    public func destroyTextures() {
        for t in maskTextures.values { SDL_DestroyTexture(t) }
        maskTextures = [:]
        for (_, t) in shadowTextures { SDL_DestroyTexture(t) }
        shadowTextures = [:]
        for (_, t) in gradientTextures { SDL_DestroyTexture(t) }
        gradientTextures = [:]
        if let t = blurTexture { SDL_DestroyTexture(t) }
        blurTexture = nil
        pictureCache = [:]
        for (_, s) in pictureSources { if let s { SDL_FreeSurface(s) } }
        pictureSources = [:]
        for (_, s) in decodedSurfaces { SDL_FreeSurface(s) }
        decodedSurfaces = [:]
        for (_, list) in artworkCache { for t in list { SDL_DestroyTexture(t.texture) } }
        artworkCache = [:]
        artworkPixels = 0
        if let t = transientArtwork { SDL_DestroyTexture(t) }
        transientArtwork = nil
        for (_, twin) in opaqueTwins { SDL_DestroyTexture(twin) }
        opaqueTwins = [:]
        for (_, v) in textCache { SDL_DestroyTexture(v.texture) }
        textCache = [:]
        textCachePixels = 0
        parallaxFrames = []
        overlayLayers = []
        overlayPainter = nil
        for (_, list) in flatSheens { for t in list { SDL_DestroyTexture(t.texture) } }
        flatSheens = [:]
    }

    /// Where the 1920×1080-point canvas sits in the output (`Letterbox`, shared with the input edge).
    var letterbox = Letterbox(outputWidth: Letterbox.screen.width, outputHeight: Letterbox.screen.height)

    /// Points → pixels through the letterbox. The rasteriser converts every edge itself and rounds it
    /// once, so adjacent pieces share pixel edges (SDL's own logical scaling rounds pieces separately
    /// and leaves seams).
    func updatePixelScale() {
        var w: Int32 = 0
        var h: Int32 = 0
        if let band {
            (w, h) = (band.outputWidth, band.outputHeight)
        } else {
            SDL_GetRendererOutputSize(renderer, &w, &h)
        }
        outputPixels = Int(w) * Int(h)
        letterbox = fixedLetterbox ?? Letterbox(outputWidth: Double(w), outputHeight: Double(h))
        pixelScale = letterbox.scale
    }

    func px(_ x: Double) -> Double { letterbox.outputX(x).rounded() }
    func py(_ y: Double) -> Double { letterbox.outputY(y).rounded() }

    /// A rectangle in points as whole output pixels.
    func pixelRect(_ r: Rect) -> SDL_Rect {
        let x0 = px(r.minX)
        let y0 = py(r.minY)
        let x1 = px(r.maxX)
        let y1 = py(r.maxY)
        return SDL_Rect(x: Int32(x0), y: Int32(y0), w: Int32(x1 - x0), h: Int32(y1 - y0))
    }

    /// The commands of the last frame drawn with a stand-in (a picture, artwork or sheen made at another size, scaled,
    /// while its size changes every frame): drawn alike again, they are drawn with their own, so a window that draws
    /// only what changed draws their rows again (`OffscreenCanvas.drawChanges(_:into:)`).
    var standIns: [DrawCommand] = []
    /// Set by whatever picks a stand-in while a command is drawn.
    var drewStandIn = false

    func noteStandIn(_ command: DrawCommand) {
        standIns.append(command)
        drewStandIn = false
    }

    /// When set, time spent per kind of command is summed here (benchmarks).
    package var profile: [String: Double]?

    /// Draws one frame (without presenting).
    public func draw(_ list: DisplayList) {
        frameNumber += 1
        textureAlpha = 255
        stretchedRows.removeAll(keepingCapacity: true)
        updatePixelScale()
        var cut = Rasteriser.bottomCut(list.commands, screens: overdrawBudget)
        layersLeftOut = cut
        // Whether `command` is one the frame leaves out (``maxOverdrawScreens``).
        func leftOut(_ command: DrawCommand) -> Bool {
            guard cut > 0, Rasteriser.drawnArea(command) != nil else { return false }
            cut -= 1
            return true
        }
        standIns.removeAll(keepingCapacity: true)
        drewStandIn = false
        if profile != nil {
            for command in list.commands where !leftOut(command) {
                let t0 = DispatchTime.now().uptimeNanoseconds
                apply(command)
                SDL_RenderFlush(renderer)
                let kind = String(command.description.prefix { $0 != " " })
                profile![kind, default: 0] += Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
                if drewStandIn { noteStandIn(command) }
            }
        } else {
            for command in list.commands where !leftOut(command) {
                apply(command)
                if drewStandIn { noteStandIn(command) }
            }
        }
        SDL_RenderSetClipRect(renderer, nil)
        clipRect = nil
        if let last = transientArtwork {
            destroyArtwork(last)
            transientArtwork = nil
        }
        if frameNumber % 120 == 0 {
            evictText()
            evictPictures()
        }
    }

    /// The most a frame draws, in screens' worth of pixels (64: real screens draw a few): past it the commands
    /// drawn first, at the bottom of the pile, are left out until the rest fits. A `zstack` of 1,000 full-screen
    /// buttons took 9 s a frame, 90,000 overlapping ones 33 s. Tests lower ``overdrawBudget``.
    public static let maxOverdrawScreens = 64.0
    /// What making a pixel of generated artwork counts for in ``frameCost(_:)``, in pixels drawn.
    static let artworkMakingWeight = 8.0
    public var overdrawBudget = Rasteriser.maxOverdrawScreens
    /// How many drawing commands the last frame left out for ``maxOverdrawScreens`` (0: none).
    public private(set) var layersLeftOut = 0

    /// What a host says when a frame left out `count` drawing commands (``layersLeftOut``).
    public static func leftOutMessage(_ count: Int) -> String {
        "the screen draws more than \(Int(maxOverdrawScreens)) screens' worth of pixels on top of one another; the \(count) drawn first, at the bottom of the pile, are left out"
    }

    /// The area a drawing command covers on the 1920 × 1080-point screen, roughly (what it costs to draw); nil for
    /// a command that draws nothing itself (clear, clip, opacity, blur).
    static func drawnArea(_ c: DrawCommand) -> Double? {
        let screen = Rect(0, 0, Letterbox.screen.width, Letterbox.screen.height)
        func on(_ r: Rect) -> Double { r.intersection(screen)?.area ?? 0 }
        switch c {
        case .clear, .clip, .alpha, .blur: return nil
        case .rect(let r, _, _), .artwork(let r, _, _, _, _), .image(let r, _, _), .icon(_, let r, _),
            .gradient(let r, _, _, _, _):
            return on(r)
        case .outline(let r, _, let width, _): return min(on(r), 2 * (r.width + r.height) * max(1, width))
        case .shadow(let r, _, let blur, let dy, _, _):
            return on(r.insetBy(dx: -blur, dy: -blur).offsetBy(dx: 0, dy: dy))
        case .parallax(let item): return on(item.frame) * 3
        case .textLine(let line, let x, let y, _, _):
            return on(Rect(x - line.width, y, 2 * line.width, line.size * 1.4))
        case .text(let s, let x, let y, let size, _, _, _, let maxWidth):
            let width = min(maxWidth ?? .infinity, Double(s.count) * size)
            return on(Rect(x - width, y, 2 * width, size * 1.4))
        case .line(let x1, let y1, let x2, let y2, let width, _):
            return ((x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1)).squareRoot() * max(1, width)
        }
    }

    /// What drawing `commands` costs, in screens' worth of pixels (each command's ``drawnArea(_:)``, summed).
    public static func drawnScreens(_ commands: [DrawCommand]) -> Double {
        var total = 0.0
        for c in commands { total += drawnArea(c) ?? 0 }
        return total / (Letterbox.screen.width * Letterbox.screen.height)
    }

    /// How many drawing commands, from the first, to leave out for the rest to cover at most `screens` screens.
    static func bottomCut(_ commands: [DrawCommand], screens: Double) -> Int {
        let budget = screens * Letterbox.screen.width * Letterbox.screen.height
        var total = commands.reduce(0) { $0 + (frameCost($1) ?? 0) }
        guard total > budget else { return 0 }
        var cut = 0
        for c in commands where total > budget {
            guard let a = frameCost(c) else { continue }
            total -= a
            cut += 1
        }
        return cut
    }

    /// What a command costs a frame, in points of the screen: the area it draws (``drawnArea(_:)``), and for generated
    /// artwork making it too, at up to a screen's pixels, whether or not it is kept from an earlier frame (what a frame
    /// leaves out must not depend on what the caches hold). A pixel made costs about what twenty drawn do: counted as
    /// eight, a pile of posters larger than the screen makes at most seven screens' worth, which the artwork cache
    /// keeps for the next frame (made at every frame, a hundred took 0.3 s each).
    static func frameCost(_ c: DrawCommand) -> Double? {
        guard case .artwork(let r, _, _, _, _) = c else { return drawnArea(c) }
        let screen = Letterbox.screen.width * Letterbox.screen.height
        return (drawnArea(c) ?? 0) + artworkMakingWeight * min(r.area, screen)
    }

    func apply(_ c: DrawCommand) {
        switch c {
        case .clear(let color):
            // Letterbox bars and the canvas share the background colour.
            SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, 255)
            SDL_RenderClear(renderer)
        case .rect(let r, let radius, let color):
            fillRounded(r, radius: radius, color: color)
        case .outline(let r, _, let width, let color):
            SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
            let w = max(1, width)
            fill(Rect(r.minX, r.minY, r.width, w))
            fill(Rect(r.minX, r.maxY - w, r.width, w))
            fill(Rect(r.minX, r.minY, w, r.height))
            fill(Rect(r.maxX - w, r.minY, w, r.height))
        case .shadow(let r, let radius, let blur, let dy, let opacity, let contents):
            // A transparent picture's shadow follows its alpha; an opaque one's is its rounded rect's.
            if let contents, drawContentShadow(contents, r, radius: radius, blur: blur, dy: dy, opacity: opacity) {
                break
            }
            drawShadow(r, radius: radius, blur: blur, dy: dy, opacity: opacity)
        case .artwork(let r, let radius, let seed, let title, let tint):
            if let t = artwork(seed: seed, title: title, size: r, radius: radius, tint: tint) {
                SDL_SetTextureAlphaMod(t, textureAlpha)
                if textureAlpha == 255 || opaqueTwins[t] != nil {
                    copyRounded(t, to: r, radius: radius)
                } else {
                    copy(t, to: r)
                }
            }
        case .image(let r, let radius, let picture):
            drawPicture(picture, r, radius: radius)
        case .parallax(let item):
            drawParallax(item)
        case .text(let s, let x, let y, let size, let bold, let color, let centered, let maxWidth):
            drawText(s, x: x, y: y, size: size, bold: bold, color: color, centered: centered, maxWidth: maxWidth)
        case .textLine(let line, let x, let y, let anchor, let color):
            drawLine(line, x: x, y: y, anchor: anchor, color: color)
        case .icon(let icon, let r, let color):
            drawIcon(icon, r, color: color)
        case .line(let x1, let y1, let x2, let y2, let width, let color):
            if let band, x1 != x2, y1 != y2,
                Rasteriser.crosses(
                    SDL_Rect(x: 0, y: Int32(py(min(y1, y2))), w: 1, h: Int32(abs(py(y2) - py(y1)))), band)
            {
                bandMisses += 1
            }
            SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
            let n = max(1, Int(width.rounded()))
            for k in 0..<n {
                let o = Float(Double(k) - Double(n - 1) / 2)
                if abs(x2 - x1) > abs(y2 - y1) {
                    SDL_RenderDrawLineF(renderer, Float(px(x1)), Float(py(y1)) + o, Float(px(x2)), Float(py(y2)) + o)
                } else {
                    SDL_RenderDrawLineF(renderer, Float(px(x1)) + o, Float(py(y1)), Float(px(x2)) + o, Float(py(y2)))
                }
            }
        case .blur(let radius):
            blurScreen(radius: radius)
        case .gradient(let r, let color, let top, let bottom, let smooth):
            drawGradient(r, color: color, top: top, bottom: bottom, smooth: smooth)
        case .alpha(let a):
            textureAlpha = UInt8(max(0, min(255, (a * 255).rounded())))
        case .clip(let r):
            clipRect = r.map(pixelRect)
            setClip(clipRect)
        }
    }

    /// Sets the renderer's clip (nil: none).
    func setClip(_ r: SDL_Rect?) {
        if var rect = r { SDL_RenderSetClipRect(renderer, &rect) } else { SDL_RenderSetClipRect(renderer, nil) }
    }

    // MARK: Primitives

    func fill(_ r: Rect) {
        var rect = pixelRect(r)
        SDL_RenderFillRect(renderer, &rect)
    }

    /// A rounded rectangle from the mask texture, nine-sliced so corners keep their radius at any size.
    func fillRounded(_ r: Rect, radius: Double, color: Color) {
        guard r.width > 0, r.height > 0 else { return }
        if radius <= 0.5 {
            SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
            fill(r)
            return
        }
        let radius = min(radius, r.width / 2, r.height / 2)
        let mask = roundedMask(forPixels: radius * pixelScale)
        SDL_SetTextureColorMod(mask.texture, color.r, color.g, color.b)
        SDL_SetTextureAlphaMod(mask.texture, color.a)
        nineSlice(
            mask.texture, texSize: mask.size, corner: mask.corner, into: r, radius: radius, centre: color,
            solidEdges: true)
    }

    /// Nine-slice copy. The textures used here are uniform in the middle, so the centre piece (the
    /// largest) is a plain fill in `centre` colour instead of a scaled copy — much cheaper in software.
    /// With `solidEdges`, the edge pieces between the corners are plain fills in `centre` colour too: a rounded
    /// mask is fully covered there (its straight edges lie on pixel boundaries), and scaled copies of long thin
    /// strips are the slowest thing the software renderer does (settings rows spend most of their time there).
    /// With `cover` (the item a shadow lies under, drawn over it), the edge pieces are cut to what shows beside
    /// the item: half of a shadow's ring lies under it, and edge pieces are scaled copies (slow in software).
    func nineSlice(
        _ tex: OpaquePointer, texSize: Double, corner: Double, into r: Rect, radius: Double, centre: Color? = nil,
        centreCutout: Rect? = nil, solidEdges: Bool = false, cover: Rect? = nil
    ) {
        let src = [0, corner, texSize - corner, texSize]
        // Edges in whole output pixels, each computed once, so the nine pieces tile without seams.
        let xs = [px(r.minX), px(r.minX + radius), px(r.maxX - radius), px(r.maxX)]
        let ys = [py(r.minY), py(r.minY + radius), py(r.maxY - radius), py(r.maxY)]
        for j in 0..<3 {
            for i in 0..<3 {
                var s = SDL_Rect(
                    x: Int32(src[i]), y: Int32(src[j]), w: Int32(src[i + 1] - src[i]), h: Int32(src[j + 1] - src[j]))
                var d = SDL_Rect(
                    x: Int32(xs[i]), y: Int32(ys[j]), w: Int32(xs[i + 1] - xs[i]), h: Int32(ys[j + 1] - ys[j]))
                guard d.w > 0, d.h > 0 else { continue }
                if let cover, (i == 1) != (j == 1), !cut(&s, &d, i: i, j: j, cover: cover) { continue }
                if i == 1 || j == 1, i == 1 && j == 1 || solidEdges, let c = centre {
                    guard c.a > 0 else { continue }
                    SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a)
                    // An opaque fill needs no blending (the software renderer blends every pixel otherwise).
                    if c.a == 255 { SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE) }
                    SDL_RenderFillRect(renderer, &d)
                    if c.a == 255 { SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND) }
                } else {
                    // Through `stretch`: a corner of a focused round poster 20,000 points wide is scaled past any
                    // screen, and SDL scales into a picture of the whole destination first (4.5 GB, then a crash).
                    stretch(tex, from: s, into: d)
                }
            }
        }
    }

    /// Cuts an edge piece (`d`, copied from `s`) to its part outside `cover` along the axis it varies on, and
    /// its source in proportion; false when nothing of it shows.
    func cut(_ s: inout SDL_Rect, _ d: inout SDL_Rect, i: Int, j: Int, cover: Rect) -> Bool {
        let c = pixelRect(cover)
        if i == 1 {
            // Top or bottom piece: it varies along y; the cover must span it along x.
            guard c.x <= d.x, c.x + c.w >= d.x + d.w else { return true }
            let keep = j == 0 ? min(d.h, c.y - d.y) : min(d.h, d.y + d.h - (c.y + c.h))
            guard keep > 0 else { return false }
            guard keep < d.h else { return true }
            let src = Int32((Double(s.h) * Double(keep) / Double(d.h)).rounded(.up))
            if j == 2 {
                d.y += d.h - keep
                s.y += s.h - src
            }
            d.h = keep
            s.h = max(1, src)
        } else {
            guard c.y <= d.y, c.y + c.h >= d.y + d.h else { return true }
            let keep = i == 0 ? min(d.w, c.x - d.x) : min(d.w, d.x + d.w - (c.x + c.w))
            guard keep > 0 else { return false }
            guard keep < d.w else { return true }
            let src = Int32((Double(s.w) * Double(keep) / Double(d.w)).rounded(.up))
            if i == 2 {
                d.x += d.w - keep
                s.x += s.w - src
            }
            d.w = keep
            s.w = max(1, src)
        }
        return true
    }

    /// A soft shadow: the rounded rect blurred by `blur` (half dark at its edge, gone `blur` outside it, full
    /// `blur` inside), dropped `dy`. The item covers most of it: the soft ring is drawn, and of the solid centre
    /// only what shows around the item (the strip the drop uncovers).
    func drawShadow(_ r: Rect, radius: Double, blur: Double, dy: Double, opacity: Double) {
        guard opacity > 0.004 else { return }
        let b = max(2, blur)
        let outer = Rect(r.minX - b, r.minY - b + dy, r.width + 2 * b, r.height + 2 * b)
        // A corner piece holds the item's corner and the ring around it; the ring takes 2b of it.
        let k = min(radius + 2 * b, outer.width / 2, outer.height / 2)
        let tex = shadowRing(falloff: min(1, 2 * b / max(k, 0.001)))
        SDL_SetTextureAlphaMod(tex, UInt8(max(0, min(255, opacity * 255))))
        nineSlice(
            tex, texSize: Double(Rasteriser.shadowSize), corner: Double(Rasteriser.shadowSize) / 2 - 1, into: outer,
            radius: k, centre: Color(0, 0, 0, 0), cover: r)
        let c = Color(0, 0, 0, UInt8(max(0, min(255, opacity * 255))))
        let centre = Rect(outer.minX + k, outer.minY + k, outer.width - 2 * k, outer.height - 2 * k)
        guard centre.width > 0, centre.height > 0 else { return }
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a)
        for piece in Rasteriser.subtract(centre, r) { fill(piece) }
    }

    /// `a` minus `b`: up to four rectangles covering what of `a` lies outside `b`.
    static func subtract(_ a: Rect, _ b: Rect) -> [Rect] {
        guard let i = a.intersection(b) else { return [a] }
        var out: [Rect] = []
        if i.minY > a.minY { out.append(Rect(a.minX, a.minY, a.width, i.minY - a.minY)) }
        if i.maxY < a.maxY { out.append(Rect(a.minX, i.maxY, a.width, a.maxY - i.maxY)) }
        if i.minX > a.minX { out.append(Rect(a.minX, i.minY, i.minX - a.minX, i.height)) }
        if i.maxX < a.maxX { out.append(Rect(i.maxX, i.minY, a.maxX - i.maxX, i.height)) }
        return out
    }

    /// Copies a texture into `r`.
    func copy(_ tex: OpaquePointer, to r: Rect) {
        stretch(tex, into: pixelRect(r))
    }

    /// The part of the output drawn into now (the current target's viewport): what lies outside it never shows.
    func target() -> SDL_Rect {
        var view = SDL_Rect()
        SDL_RenderGetViewport(renderer, &view)
        return view
    }

    /// Whether a stretch into `d` is cut to `view` first (``stretch(_:from:into:)``): larger than it, and crossing its
    /// edge.
    static func cutsStretch(into d: SDL_Rect, view: SDL_Rect) -> Bool {
        let crosses = d.x < 0 || d.y < 0 || Int(d.x) + Int(d.w) > Int(view.w) || Int(d.y) + Int(d.h) > Int(view.h)
        return crosses && Double(d.w) * Double(d.h) > Double(view.w) * Double(view.h)
    }

    /// Copies all of a texture, or its part `source`, into `d` (output pixels), stretched. A destination larger than
    /// the target that crosses its edge is cut to the target first, with the part of the texture that lands there:
    /// SDL's software renderer stretches such a copy into a picture of the whole destination before it draws it (a
    /// poster's shadow into all of a 20,000-point poster's pixels, 2.5 GB at 1080p and 9.6 GB at 4K; a poster of three
    /// screens at 8K, 433 MB).
    func stretch(_ tex: OpaquePointer, from source: SDL_Rect? = nil, into d: SDL_Rect) {
        let view = target()
        guard Rasteriser.cutsStretch(into: d, view: view) else {
            renderCopy(tex, source, d)
            return
        }
        var tw: Int32 = 0
        var th: Int32 = 0
        SDL_QueryTexture(tex, nil, nil, &tw, &th)
        let s = source ?? SDL_Rect(x: 0, y: 0, w: tw, h: th)
        (tw, th) = (s.w, s.h)
        let x0 = max(Double(d.x), -1)
        let y0 = max(Double(d.y), -1)
        let x1 = min(Double(d.x) + Double(d.w), Double(view.w) + 1)
        let y1 = min(Double(d.y) + Double(d.h), Double(view.h) + 1)
        guard x1 > x0, y1 > y0, d.w > 0, d.h > 0 else { return }
        // The texture's part, whole texels around the target's, and the destination that part stretches to.
        let sx = Double(tw) / Double(d.w)
        let sy = Double(th) / Double(d.h)
        let u0 = ((x0 - Double(d.x)) * sx).rounded(.down)
        let v0 = ((y0 - Double(d.y)) * sy).rounded(.down)
        let u1 = min(Double(tw), ((x1 - Double(d.x)) * sx).rounded(.up))
        let v1 = min(Double(th), ((y1 - Double(d.y)) * sy).rounded(.up))
        let src = SDL_Rect(
            x: s.x + Int32(u0), y: s.y + Int32(v0), w: Int32(max(1, u1 - u0)), h: Int32(max(1, v1 - v0)))
        let dst = SDL_Rect(
            x: Int32((Double(d.x) + u0 / sx).rounded()), y: Int32((Double(d.y) + v0 / sy).rounded()),
            w: Int32(((u1 - u0) / sx).rounded()), h: Int32(((v1 - v0) / sy).rounded()))
        renderCopy(tex, src, dst)
    }

    /// Copies a texture whose only transparency is in its rounded corners: the rows between the corners
    /// are copied without blending (a plain copy in software), only the corner bands are blended.
    func copyRounded(_ tex: OpaquePointer, to r: Rect, radius: Double) {
        var tw: Int32 = 0
        var th: Int32 = 0
        SDL_QueryTexture(tex, nil, nil, &tw, &th)
        var d = pixelRect(r)
        // Edges rounded one by one can make a fractionally placed rect a pixel wider or narrower than
        // its texture: draw it at the texture's own size then (a plain copy, not a stretch).
        if abs(d.w - tw) <= 1, abs(d.h - th) <= 1 {
            d.w = tw
            d.h = th
        }
        let band = Int32((radius * pixelScale).rounded(.up)) + 1
        guard d.h > 2 * band + 2, th > 2 * band + 2, d.h == th, d.w == tw else {
            stretch(tex, into: d)
            return
        }
        let top = SDL_Rect(x: 0, y: 0, w: tw, h: band)
        let topD = SDL_Rect(x: d.x, y: d.y, w: d.w, h: band)
        let mid = SDL_Rect(x: 0, y: band, w: tw, h: th - 2 * band)
        let midD = SDL_Rect(x: d.x, y: d.y + band, w: d.w, h: d.h - 2 * band)
        let bottom = SDL_Rect(x: 0, y: th - band, w: tw, h: band)
        let bottomD = SDL_Rect(x: d.x, y: d.y + d.h - band, w: d.w, h: band)
        renderCopy(tex, top, topD)
        renderCopy(tex, bottom, bottomD)
        if textureAlpha < 255, let twin = opaqueTwins[tex] {
            // Fading: constant-alpha blend of the alpha-less copy.
            SDL_SetTextureAlphaMod(twin, textureAlpha)
            renderCopy(twin, mid, midD)
            return
        }
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_NONE)
        renderCopy(tex, mid, midD)
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
    }

    func drawMissingImage(_ r: Rect, path: String) {
        fillRounded(r, radius: 12, color: Color(70, 30, 30))
        drawText(
            "missing: " + (path as NSString).lastPathComponent, x: r.midX, y: r.midY - MissingPicture.raise,
            size: MissingPicture.textSize, bold: false, color: Color(255, 200, 200), centered: true,
            maxWidth: r.width - MissingPicture.inset)
    }
}
