import CRasterKernel
@preconcurrency import CSDL2
import CSDL2Image
import FocusEngine
import Foundation
import TenFootCore
import TenFootPresentation
import TenFootScene
import TenFootSim

/// Focused artwork in perspective (`DrawCommand.parallax`): each layer rasterised through its homography
/// (`PerspectiveRasteriser`) into a premultiplied scratch buffer the size of the item's projected bounds, the
/// sheen atop it, then un-premultiplied into a streaming texture and copied blended (SDL2's software renderer
/// refuses premultiplied blend modes). One path for the window and for files. The last few frames drawn are
/// kept: an item at rest (a resting finger, a sprung-back tilt) only copies.
extension Rasteriser {
    /// A layered image's (or one picture's) layers ready to rasterise, back first: each texture cropped to
    /// what is not transparent, with its frame on the canvas (1x pixels).
    final class ParallaxSource {
        struct Layer {
            var texture: LayerTexture
            var frame: Rect
        }
        let layers: [Layer]
        let canvas: (width: Double, height: Double)
        /// One picture fitted into the item (centred, whole) rather than filling it.
        let fit: Bool
        /// Why the layered image did not load (drawn as a missing picture, with the reason).
        let problem: String?
        init(layers: [Layer], canvas: (width: Double, height: Double), fit: Bool = false, problem: String? = nil) {
            self.layers = layers
            self.canvas = canvas
            self.fit = fit
            self.problem = problem
        }
    }

    /// A tilted item as last rasterised.
    final class ParallaxFrame {
        let item: ParallaxItem
        let scale: Double, originX: Double, originY: Double
        let texture: OpaquePointer
        let rect: SDL_Rect
        /// The overlays could not be made a layer: they are drawn flat over the texture.
        let flatOverlays: Bool
        var used: Int
        /// The band of the output it was made for, whose rows alone it holds (nil: all of them), all their columns.
        let band: Band?
        init(
            item: ParallaxItem, scale: Double, originX: Double, originY: Double, texture: OpaquePointer, rect: SDL_Rect,
            flatOverlays: Bool, used: Int, band: Band?
        ) {
            self.band = band
            self.item = item
            self.scale = scale
            self.originX = originX
            self.originY = originY
            self.texture = texture
            self.rect = rect
            self.flatOverlays = flatOverlays
            self.used = used
        }
        deinit { SDL_DestroyTexture(texture) }
    }

    /// Frames kept (the focused item, and the one losing focus).
    static let parallaxFramesKept = 3
    /// The sheen's texture size (a soft band: (1 − r²)² across an ellipse).
    static let sheenTexels = (width: 128, height: 58)

    func drawParallax(_ item: ParallaxItem) {
        let lb = letterbox
        // Not turned, one opaque layer: the flat picture's own fast path (cached textures, unblended rows), and
        // the sheen over it, cut by the rounded rect (made once per size).
        let unturned = item.pose.rotationX == 0 && item.pose.rotationY == 0
        if unturned {
            // Drawn flat, an item may be stretched through a copy as large as the target (SDL's software renderer
            // stretches a picture that crosses the target's edge into one of its destination's size first, 127 MB
            // at 8K): the turned frames kept make room for it as for a new one.
            let view = target()
            makeParallaxRoom(for: Int(view.w) * Int(view.h), frames: Rasteriser.parallaxFramesKept)
        }
        if unturned, item.overlayDepth == 0, drawFlat(item) {
            drawFlatSheen(item)
            drawOverlaysFlat(item)
            return
        }
        if let hit = parallaxFrames.first(where: {
            $0.item == item && $0.scale == lb.scale && $0.originX == lb.originX && $0.originY == lb.originY
                && $0.band?.top == band?.top && $0.band?.rows == band?.rows
        }) {
            hit.used = frameNumber
            copyParallax(hit)
            return
        }
        // Whatever stops the turned picture, the badges and progress bars are not lost: drawn flat, as at rest.
        guard let source = parallaxSource(item.content, item.frame) else {
            drawOverlaysFlat(item)
            return
        }
        if source.problem != nil {
            if case .picture(let p) = item.content { drawMissingImage(item.frame, path: p.path) }
            drawOverlaysFlat(item)
            return
        }
        // Overlays that cannot be made a layer (too large) are drawn flat over the turned picture.
        let overlay = overlayLayer(item)
        let flatOverlays = overlay == nil && !item.overlays.isEmpty
        // The buffer: the mask's projected bounds in output pixels.
        let corners = item.maskQuad.map { Point2(lb.outputX($0.x), lb.outputY($0.y)) }
        var x0 = Int((corners.map(\.x).min()! - 1).rounded(.down))
        var y0 = Int((corners.map(\.y).min()! - 1).rounded(.down))
        var x1 = Int((corners.map(\.x).max()! + 1).rounded(.up))
        var y1 = Int((corners.map(\.y).max()! + 1).rounded(.up))
        // A buffer larger than the target, or wider or taller than a texture may be, is cut to the target: a poster
        // 20,000 points wide made a buffer of its whole size, 2.5 GB at 1080p, and one as wide as the screen, 237 MB at
        // 8K. Smaller ones are not, so a poster partly off the screen is drawn from the same origin as before, to the
        // pixel.
        let view = target()
        if Double(x1 - x0) * Double(y1 - y0) > Double(view.w) * Double(view.h) || x1 - x0 > 8192 || y1 - y0 > 8192 {
            x0 = max(x0, -1)
            y0 = max(y0, -1)
            x1 = min(x1, Int(view.w) + 1)
            y1 = min(y1, Int(view.h) + 1)
        }
        let w = x1 - x0
        let h = y1 - y0
        guard w > 0, h > 0, w <= 8192, h <= 8192 else {
            drawOverlaysFlat(item)
            return
        }
        makeParallaxRoom(for: w * h, frames: Rasteriser.parallaxFramesKept - 1)
        // In a band, only the rows that land in it: the others are another band's.
        let rows =
            band.map { band in
                let bottom = max(0, min(h, Int(band.bottom) - y0))
                return min(bottom, max(0, Int(band.top) - y0))..<bottom
            } ?? 0..<h
        guard !rows.isEmpty else {
            if flatOverlays { drawOverlaysFlat(item) }
            return
        }
        // The texture holds those rows: the buffer's row y is its row y − rows.lowerBound.
        let texture = streamingTexture(w: w, h: rows.count) { pixels in
            Rasteriser.rasterise(
                item, source: source, sheen: sheenTexture, overlay: overlay, scale: lb.scale,
                origin: Point2(lb.originX - Double(x0), lb.originY - Double(y0)), into: pixels - rows.lowerBound * w,
                width: w, height: h, rows: rows)
        }
        guard let texture else {
            drawOverlaysFlat(item)
            return
        }
        let frame = ParallaxFrame(
            item: item, scale: lb.scale, originX: lb.originX, originY: lb.originY, texture: texture,
            rect: SDL_Rect(x: Int32(x0), y: Int32(y0 + rows.lowerBound), w: Int32(w), h: Int32(rows.count)),
            flatOverlays: flatOverlays, used: frameNumber, band: band)
        parallaxFrames.append(frame)
        copyParallax(frame)
    }

    /// Lets go of the turned frames kept, oldest first, until at most `frames` are left and, with a new picture of
    /// `pixels`, they come to no more than a target and a half's worth (the new frame, and room for the item losing
    /// focus beside it): the frames kept and the new one are not all held at once (three lifted buffers of a poster
    /// 20,000 points wide held 294 MB at 8K beside the new one, and two of them were still held when it sprang back and
    /// was drawn flat).
    func makeParallaxRoom(for pixels: Int, frames: Int) {
        let view = target()
        let budget = 3 * Int(view.w) * Int(view.h) / 2
        while parallaxFrames.count > frames
            || !parallaxFrames.isEmpty
                && parallaxFrames.reduce(pixels, { $0 + Int($1.rect.w) * Int($1.rect.h) }) > budget,
            let oldest = parallaxFrames.indices.min(by: { parallaxFrames[$0].used < parallaxFrames[$1].used })
        {
            parallaxFrames.remove(at: oldest)
        }
    }

    /// The sheen of an unturned item: rasterised once per size (at full strength, cut by the rounded rect) and
    /// copied at the item's strength; while the size changes every frame (an item lifting), the nearest made.
    func drawFlatSheen(_ item: ParallaxItem) {
        guard item.sheen > 0.002 else { return }
        // Made at most a picture's pixels, and stretched (a poster 100,000 points square asked for 40 GB); an item of
        // more, at a quarter of them: the band is soft, and at 8K a screen's worth of it was 133 MB to draw.
        let made = madeSize(item.frame)
        let (w, h) = made.shrink < 1 ? (Int(max(2, made.w / 2)), Int(max(2, made.h / 2))) : (Int(made.w), Int(made.h))
        let key = Int((item.radius * pixelScale).rounded())
        let cached = flatSheens[key] ?? []
        let stable = flatSheenLastSize[key].map { $0 == (w, h) } ?? true
        flatSheenLastSize[key] = (w, h)
        var sheen = cached.first(where: { $0.w == w && $0.h == h })
        if sheen == nil, !stable {
            sheen = cached.min(by: { abs($0.w - w) < abs($1.w - w) })
            drewStandIn = sheen != nil
        }
        if sheen == nil {
            // The item at the origin of a buffer its own size, at full strength.
            var full = item
            full.frame = Rect(0, 0, Double(w) / pixelScale, Double(h) / pixelScale)
            full.pose.centre = Point2(full.frame.midX, full.frame.midY)
            full.sheen = ParallaxMetrics.sheenOpacity
            full.maxDepth = max(item.maxDepth, 1)
            // Made smaller than the item, its corners are too, so that they are the item's once it is stretched.
            if made.shrink < 1 { full.radius = item.radius * Double(w) / (item.frame.width * pixelScale) }
            makeParallaxRoom(for: w * h, frames: Rasteriser.parallaxFramesKept)
            var buffer = [UInt32](repeating: 0, count: w * h)
            buffer.withUnsafeMutableBufferPointer { b in
                Rasteriser.rasterise(
                    full, source: ParallaxSource(layers: [], canvas: (1, 1)), sheen: sheenTexture, sheenBlend: .over,
                    scale: pixelScale,
                    origin: Point2(0, 0), into: b.baseAddress!, width: w, height: h)
            }
            // Only the rows the band reaches (at rest, the top third): the copy blends no empty rows.
            let lit = (0..<h).filter { y in buffer[y * w..<(y + 1) * w].contains { $0 != 0 } }
            guard let first = lit.first, let last = lit.last else { return }
            let rows = last - first + 1
            guard
                let made = buffer.withUnsafeBufferPointer({
                    streamingTexture(UnsafeBufferPointer(rebasing: $0[first * w..<(last + 1) * w]), w: w, h: rows)
                })
            else { return }
            var list = cached + [(w, h, first, last - first + 1, made)]
            if list.count > Rasteriser.pictureSizesPerKey { SDL_DestroyTexture(list.removeFirst().texture) }
            flatSheens[key] = list
            sheen = list.last
        }
        guard let sheen else { return }
        SDL_SetTextureAlphaMod(
            sheen.texture,
            UInt8(max(0, min(255, (item.sheen / ParallaxMetrics.sheenOpacity * Double(textureAlpha)).rounded()))))
        // Its rows of the item's rect (scaled with it while the item changes size).
        let r = pixelRect(item.frame)
        let k = Double(r.h) / Double(sheen.h)
        stretch(
            sheen.texture,
            into: SDL_Rect(
                x: r.x, y: r.y + Int32((Double(sheen.top) * k).rounded()), w: r.w,
                h: Int32((Double(sheen.rows) * k).rounded())))
    }

    /// A blended texture whose premultiplied pixels `draw` writes into zeroed rows `w` apart, un-premultiplied where
    /// they lie (SDL2's software renderer has no premultiplied blending). `draw` writes into the texture's own memory
    /// when its rows are packed, so a tilted poster's pixels are neither held twice nor copied (68 MB at 8K).
    func streamingTexture(w: Int, h: Int, draw: (UnsafeMutablePointer<UInt32>) -> Void) -> OpaquePointer? {
        guard
            let texture = SDL_CreateTexture(
                renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(w),
                Int32(h))
        else { return nil }
        var pixels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(texture, nil, &pixels, &pitch) == 0, let pixels, Int(pitch) == w * 4 else {
            if pixels != nil { SDL_UnlockTexture(texture) }
            SDL_DestroyTexture(texture)
            var buffer = [UInt32](repeating: 0, count: w * h)
            buffer.withUnsafeMutableBufferPointer { draw($0.baseAddress!) }
            return streamingTexture(buffer, w: w, h: h)
        }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        let out = pixels.assumingMemoryBound(to: UInt32.self)
        out.update(repeating: 0, count: w * h)
        draw(out)
        Bands.forEach(0..<h, width: w) { rows in tf_unpremultiply(out + rows.lowerBound * w, Int64(rows.count * w)) }
        SDL_UnlockTexture(texture)
        return texture
    }

    /// A premultiplied buffer as a blended texture (un-premultiplied: SDL2's software renderer has no
    /// premultiplied blending).
    func streamingTexture(_ buffer: [UInt32], w: Int, h: Int) -> OpaquePointer? {
        buffer.withUnsafeBufferPointer { streamingTexture($0, w: w, h: h) }
    }

    /// The same from `w` × `h` pixels in place.
    func streamingTexture(_ buffer: UnsafeBufferPointer<UInt32>, w: Int, h: Int) -> OpaquePointer? {
        guard
            let texture = SDL_CreateTexture(
                renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(w),
                Int32(h))
        else { return nil }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        var pixels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        if SDL_LockTexture(texture, nil, &pixels, &pitch) == 0, let pixels {
            let out = pixels.assumingMemoryBound(to: UInt32.self)
            let stride = Int(pitch) / 4
            Bands.forEach(0..<h, width: w) { rows in
                for y in rows {
                    let row = buffer.baseAddress! + y * w
                    let o = out + y * stride
                    for x in 0..<w { o[x] = Rasteriser.unpremultiply(row[x]) }
                }
            }
            SDL_UnlockTexture(texture)
        }
        return texture
    }

    /// An unturned item whose content is opaque but for its corners, drawn as the flat picture or artwork is
    /// (false: it needs the full path — a layered image, or a picture with transparency of its own).
    func drawFlat(_ item: ParallaxItem) -> Bool {
        switch item.content {
        case .artwork(let seed, let title, let tint):
            guard let t = artwork(seed: seed, title: title, size: item.frame, radius: item.radius, tint: tint) else {
                return false
            }
            SDL_SetTextureAlphaMod(t, textureAlpha)
            if textureAlpha == 255 || opaqueTwins[t] != nil {
                copyRounded(t, to: item.frame, radius: item.radius)
            } else {
                copy(t, to: item.frame)
            }
            return true
        case .picture(let picture):
            guard !LayeredImage.isLayered(picture.path), let p = prepared(picture, item.frame, radius: item.radius),
                p.cornersOnly
            else { return false }
            drawPicture(picture, item.frame, radius: item.radius)
            return true
        }
    }

    func copyParallax(_ f: ParallaxFrame) {
        SDL_SetTextureAlphaMod(f.texture, textureAlpha)
        renderCopy(f.texture, nil, f.rect)
        if f.flatOverlays { drawOverlaysFlat(f.item) }
    }

    /// Every layer of `item` through its homography into `buffer` (premultiplied, cleared), then the sheen atop,
    /// then its overlays over them at their depth. `origin` is where point (0, 0) lands in the buffer, `scale` its
    /// pixels per point.
    static func rasterise(
        _ item: ParallaxItem, source: ParallaxSource, sheen: LayerTexture,
        sheenBlend: PerspectiveRasteriser.Blend = .atop,
        overlay: OverlayLayer? = nil, scale: Double, origin: Point2,
        into buffer: UnsafeMutablePointer<UInt32>, width: Int, height: Int, rows: Range<Int>? = nil,
        kernel: PerspectiveRasteriser.Kernel = .wide
    ) {
        let rows = rows ?? 0..<height
        let pose = item.pose
        let local = item.local
        let size = (width: item.frame.width, height: item.frame.height)
        // The mask: the item's rect at the screen plane; its inverse gives item coordinates from the centre.
        let maskH = pose.homography(
            rect: local, z: 0, texW: local.width, texH: local.height, scale: scale, origin: origin)
        guard var inv = maskH.inverse(normalisedAt: local.width / 2, local.height / 2)?.m else { return }
        for k in 0..<3 {
            inv[k] -= local.width / 2 * inv[6 + k]
            inv[3 + k] -= local.height / 2 * inv[6 + k]
        }
        let quad = item.maskQuad.map { Point2(origin.x + $0.x * scale, origin.y + $0.y * scale) }
        let mask = PerspectiveMask(
            quad: quad, inverse: Homography(inv), halfWidth: local.width / 2, halfHeight: local.height / 2,
            radius: min(item.radius, local.width / 2, local.height / 2), scale: scale)
        let n = source.layers.count
        var planes = source.layers.enumerated().map { i, layer in
            let rect =
                source.fit
                ? ParallaxLayout.pictureRect(w: source.canvas.width, h: source.canvas.height, mode: .fit, item: size)
                : ParallaxLayout.layerRect(layer.frame, canvas: source.canvas, item: size)
            let z = ParallaxMetrics.depth(layer: i, of: n, maxDepth: item.maxDepth)
            let forward = pose.homography(
                rect: rect, z: z, texW: Double(layer.texture.width), texH: Double(layer.texture.height), scale: scale,
                origin: origin)
            return PerspectiveRasteriser.Plane(texture: layer.texture, forward: forward)
        }
        if item.sheen > 0 {
            let (rect, z) = item.sheenRect
            let forward = pose.homography(
                rect: rect, z: z, texW: Double(sheen.width), texH: Double(sheen.height), scale: scale, origin: origin)
            planes.append(
                PerspectiveRasteriser.Plane(
                    texture: sheen, forward: forward, opacity: UInt32(max(0, min(255, (item.sheen * 255).rounded()))),
                    blend: sheenBlend))
        }
        // The overlays over the sheen, as on an unturned item (where they are drawn after it).
        for piece in overlay?.pieces ?? [] {
            let r = piece.rect.offsetBy(dx: local.minX, dy: local.minY)
            let forward = pose.homography(
                rect: r, z: item.overlayDepth, texW: Double(piece.texture.width), texH: Double(piece.texture.height),
                scale: scale, origin: origin)
            planes.append(PerspectiveRasteriser.Plane(texture: piece.texture, forward: forward))
        }
        PerspectiveRasteriser.draw(
            planes, mask: mask, into: buffer, width: width, height: height, rows: rows, kernel: kernel)
    }

    static func unpremultiply(_ c: UInt32) -> UInt32 {
        let a = c >> 24
        guard a != 255 else { return c }
        guard a != 0 else { return 0 }
        func ch(_ s: UInt32) -> UInt32 { min(255, ((c >> s & 0xFF) * 255 + a / 2) / a) << s }
        return a << 24 | ch(16) | ch(8) | ch(0)
    }

    /// The sheen's soft band, white, premultiplied.
    static func makeSheen() -> LayerTexture {
        let (w, h) = sheenTexels
        var argb = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let dx = (Double(x) + 0.5) / Double(w) * 2 - 1
                let dy = (Double(y) + 0.5) / Double(h) * 2 - 1
                let r2 = min(1, dx * dx + dy * dy)
                let a = UInt32(((1 - r2) * (1 - r2) * 255).rounded())
                argb[y * w + x] = a << 24 | 0x00FF_FFFF
            }
        }
        return argb.withUnsafeBufferPointer { LayerTexture(width: w, height: h, argb: $0.baseAddress!, pitch: w) }
    }

    // MARK: Sources

    /// The layers of a tilted item's content (made once per picture, per artwork look and size).
    func parallaxSource(_ content: ParallaxContent, _ frame: Rect) -> ParallaxSource? {
        switch content {
        case .picture(let picture):
            let key = "p|" + picture.description + "|" + String(Int(pixelScale.rounded(.up)))
            parallaxUse[key] = frameNumber
            if let hit = parallaxSources[key] { return hit }
            let made = makePictureSource(picture, frame)
            parallaxSources[key] = made
            return made
        case .artwork(let seed, let title, let tint):
            // One texture per look, made at the largest size asked so far: an item lifting asks for a growing size
            // every frame; a slightly larger texture is minified.
            let w = Int32(max(8, (frame.width * pixelScale).rounded()))
            let h = Int32(max(8, (frame.height * pixelScale).rounded()))
            let key = "a|" + seed + "|" + (tint?.description ?? "")
            parallaxUse[key] = frameNumber
            // (Compared with the size artwork is made at: a huge poster's is made smaller.)
            let want = Double(artworkMadeSize(w: Double(w), h: Double(h)).w)
            if let hit = parallaxArtwork[key], let have = hit.layers.first?.texture,
                Double(have.width) >= want * 0.97, Double(have.width) <= want * 1.6
            {
                return hit
            }
            // Made at the lifted size it is heading to (the growth the HIG gives a poster), so it is made once.
            let grow = min(1.3, Double(LiftMetrics.scale(for: Rect(0, 0, frame.width, frame.height))))
            let mw = Int32((Double(w) * grow).rounded())
            let mh = Int32((Double(h) * grow).rounded())
            guard let surface = artworkSurface(seed: seed, title: title, w: mw, h: mh, radius: 0, tint: tint) else {
                return nil
            }
            defer { SDL_FreeSurface(surface) }
            // The surface's own size, which is less than asked for a huge poster.
            let (sw, sh) = (Int(surface.pointee.w), Int(surface.pointee.h))
            SDL_LockSurface(surface)
            let tex = LayerTexture(
                width: sw, height: sh, argb: surface.pointee.pixels.assumingMemoryBound(to: UInt32.self),
                pitch: Int(surface.pointee.pitch) / 4)
            SDL_UnlockSurface(surface)
            let made = ParallaxSource(
                layers: [.init(texture: tex, frame: Rect(0, 0, Double(sw), Double(sh)))],
                canvas: (Double(sw), Double(sh)))
            parallaxArtwork[key] = made
            return made
        }
    }

    /// A picture file (one layer) or a layered image (its layers) for an item of `frame`, each texture halved while
    /// it is more than twice the size it is drawn at on a lifted poster, and cropped to its content.
    func makePictureSource(_ picture: Picture, _ frame: Rect) -> ParallaxSource {
        if LayeredImage.isLayered(picture.path) {
            let stack: DecodedLayers
            switch assets[picture.path] {
            case .layered(let oneX, let twoX)?: stack = pixelScale > 1.5 ? twoX : oneX
            case .unavailable(let why)?: return ParallaxSource(layers: [], canvas: (1, 1), problem: why)
            case .image?, nil: return ParallaxSource(layers: [], canvas: (1, 1), problem: picture.path)
            }
            var layers: [ParallaxSource.Layer] = []
            // A picture named by several layers at one frame is prepared once: five layers of one 8000 × 8000
            // picture made five full-size copies (1.8 GB).
            struct Same: Hashable {
                var image: ObjectIdentifier
                var frame: [Double]
                var crop: Bool
            }
            var made: [Same: ParallaxSource.Layer] = [:]
            for l in stack.layers {
                let same = Same(
                    image: ObjectIdentifier(l.image.buffer), frame: [l.x, l.y, l.width, l.height], crop: !layers.isEmpty
                )
                if let known = made[same] {
                    layers.append(known)
                    continue
                }
                guard let surface = surface(of: l.image) else {
                    return ParallaxSource(layers: [], canvas: (1, 1), problem: picture.path)
                }
                let prepared = layer(
                    surface, frame: Rect(l.x, l.y, l.width, l.height), crop: same.crop,
                    shown: Self.shownScale(frame, canvas: (stack.canvasWidth, stack.canvasHeight)))
                made[same] = prepared
                layers.append(prepared)
            }
            return ParallaxSource(layers: layers, canvas: (stack.canvasWidth, stack.canvasHeight))
        }
        guard let surface = sourcePicture(picture.path) else {
            return ParallaxSource(layers: [], canvas: (1, 1), problem: picture.path)
        }
        let w = Double(surface.pointee.w)
        let h = Double(surface.pointee.h)
        return ParallaxSource(
            layers: [
                layer(surface, frame: Rect(0, 0, w, h), crop: false, shown: Self.shownScale(frame, canvas: (w, h)))
            ],
            canvas: (w, h), fit: picture.mode == .fit)
    }

    /// How large a canvas is shown on an item of `frame`, lifted (at most 1): a canvas of 4380 pixels on a poster of
    /// 375 points is shown at a tenth of its size.
    static func shownScale(_ frame: Rect, canvas: (Double, Double)) -> Double {
        guard canvas.0 > 0, canvas.1 > 0 else { return 1 }
        return min(1, max(frame.width / canvas.0, frame.height / canvas.1) * 1.3)
    }

    /// One layer from a loaded picture: premultiplied, halved while much larger than a lifted poster's pixels
    /// (bilinear taps alias past 2× minification), cropped to its content (front layers: half their texels
    /// are usually transparent).
    /// `shown` is how large its canvas is on screen: a texture more than four times the pixels it is drawn at is halved
    /// too (five layers of 4380 × 4380 pictures on a poster kept five full copies: 1.07 GB).
    func layer(_ surface: UnsafeMutablePointer<SDL_Surface>, frame: Rect, crop: Bool, shown: Double)
        -> ParallaxSource.Layer
    {
        // Largest useful size: the frame's 1x pixels × the output's scale × the perspective's magnification; and no
        // more texels than a picture is made at (an 8192 × 8192 picture's 268 MB beside the decoded one, at 8K).
        let limit = 2 * max(frame.width, frame.height) * max(1, pixelScale) * 1.1 * min(1, 2 * shown)
        let most = picturePixelsMost
        var (w, h, halvings) = (Int(surface.pointee.w), Int(surface.pointee.h), 0)
        while Double(max(w, h)) > limit || Double(w) * Double(h) > most, w > 8, h > 8 {
            (w, h, halvings) = (max(1, (w + 1) / 2), max(1, (h + 1) / 2), halvings + 1)
        }
        SDL_LockSurface(surface)
        var tex = LayerTexture.prepared(
            width: Int(surface.pointee.w), height: Int(surface.pointee.h),
            argb: surface.pointee.pixels.assumingMemoryBound(to: UInt32.self), pitch: Int(surface.pointee.pitch) / 4,
            halvings: halvings)
        SDL_UnlockSurface(surface)
        var f = frame
        if crop, let box = tex.contentBox(), box.w < tex.width || box.h < tex.height {
            let kx = frame.width / Double(tex.width)
            let ky = frame.height / Double(tex.height)
            f = Rect(
                frame.minX + Double(box.x) * kx, frame.minY + Double(box.y) * ky, Double(box.w) * kx, Double(box.h) * ky
            )
            tex = tex.cropped(box)
        }
        return .init(texture: tex, frame: f)
    }
}
