@preconcurrency import CSDL2
import CSDL2Image
import FocusEngine
import Foundation
import TenFootPresentation
import TenFootScene
import TenFootSim

/// Pictures from files, as the display list asks for them: scaled to fit or fill their rect at the output's
/// pixels, cut to their rounded corners (a circle, a capsule), with a letterbox colour behind a fitted one. A
/// picture with transparency of its own (a round cast photo in a square PNG) has its focus effect follow its
/// alpha, as UIImageView's `masksFocusEffectToContents`: the shadow falls under its opaque part only, the
/// sheen lights only that. Every texture is made once per look and size, and kept.
extension Rasteriser {
    /// A picture prepared at one pixel size: its texture, and when it has transparency of its own, its alpha
    /// (kept to make the shadow that follows it).
    final class PreparedPicture {
        let w: Int32, h: Int32
        let texture: OpaquePointer
        /// Row-major alpha, w × h, only for pictures with transparency beyond their rounded corners.
        let alpha: [UInt8]?
        /// Whether only the corners are transparent (copied fast: the rows between the corners unblended).
        var cornersOnly: Bool { alpha == nil }
        var shadow: OpaquePointer?
        init(w: Int32, h: Int32, texture: OpaquePointer, alpha: [UInt8]?) {
            self.w = w
            self.h = h
            self.texture = texture
            self.alpha = alpha
        }
        deinit {
            SDL_DestroyTexture(texture)
            if let shadow { SDL_DestroyTexture(shadow) }
        }
    }

    /// A picture's cache key: the picture and its corners in pixels (sizes are kept per key).
    struct PictureKey: Hashable {
        var picture: Picture
        var radius: Int
    }

    /// Sizes kept per picture (resting, lifted and a couple in between), as for generated artwork.
    static let pictureSizesPerKey = 4
    /// The fewest pixels a picture is made at before it is made smaller and stretched (16 million; a screen's worth at
    /// the output's size when that is more: at two, a huge poster in an 8K screenshot took up to 1.2 GB).
    static let maxPicturePixels = 16_000_000
    /// The shadow that follows a picture's alpha is blurred at this fraction of the output's pixels.
    static let contentShadowScale = 4

    /// The picture a path of the scene names as ARGB8888 pixels, made once from the asset table (nil: missing,
    /// unreadable, or not named by the scene). A layered image is drawn flat: its layers composited.
    func sourcePicture(_ path: String) -> UnsafeMutablePointer<SDL_Surface>? {
        if let hit = pictureSources[path] { return hit }
        var out: UnsafeMutablePointer<SDL_Surface>?
        switch assets[path] {
        case .image(let image)?:
            out = Rasteriser.wrap(image)
        case .layered(let oneX, let twoX)?:
            out = flattened(pixelScale > 1.5 ? twoX : oneX)
        case .unavailable?, nil:
            out = nil
        }
        pictureSources[path] = out
        return out
    }

    /// A layered image's layers composited flat on its canvas (as UIKit shows one at rest), at the output's
    /// scale (1x or 2x); nil when a layer cannot be drawn.
    func flattened(_ stack: DecodedLayers) -> UnsafeMutablePointer<SDL_Surface>? {
        let k = pixelScale > 1.5 ? 2.0 : 1.0
        guard
            let out = SDL_CreateRGBSurfaceWithFormat(
                0, Int32((stack.canvasWidth * k).rounded()), Int32((stack.canvasHeight * k).rounded()), 32,
                SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { return nil }
        for l in stack.layers {
            guard let source = surface(of: l.image),
                let argb = SDL_ConvertSurfaceFormat(source, SDL_PIXELFORMAT_ARGB8888.rawValue, 0)
            else {
                SDL_FreeSurface(out)
                return nil
            }
            defer { SDL_FreeSurface(argb) }
            SDL_SetSurfaceBlendMode(argb, SDL_BLENDMODE_BLEND)
            var d = SDL_Rect(
                x: Int32((l.x * k).rounded()), y: Int32((l.y * k).rounded()), w: Int32((l.width * k).rounded()),
                h: Int32((l.height * k).rounded()))
            if d.w == argb.pointee.w, d.h == argb.pointee.h {
                SDL_UpperBlit(argb, nil, out, &d)
            } else {
                SDL_UpperBlitScaled(argb, nil, out, &d)
            }
        }
        return out
    }

    /// The picture at the pixel size of `rect` with `radius`-point corners; while its size changes every frame
    /// (an item lifting), the nearest size made so far, scaled.
    func prepared(_ picture: Picture, _ rect: Rect, radius: Double) -> PreparedPicture? {
        // A picture of more pixels than a screen's worth (at least 16 million) is made at that many, and stretched
        // where it is drawn: a poster 20,000 points wide was made at its whole size, 8.9 GB and 27 s.
        let (w, h, shrink) = madeSize(rect)
        let key = PictureKey(
            picture: picture,
            radius: radius >= min(rect.width, rect.height) / 2 - 0.01 ? -1 : Int((radius * pixelScale).rounded()))
        pictureUse[key] = frameNumber
        let cached = pictureCache[key] ?? []
        if let exact = cached.first(where: { $0.w == w && $0.h == h }) {
            pictureLastSize[key] = (w, h)
            return exact
        }
        let stable = pictureLastSize[key].map { $0 == (w, h) } ?? true
        pictureLastSize[key] = (w, h)
        if !stable, let nearest = cached.min(by: { abs(Int($0.w) - Int(w)) < abs(Int($1.w) - Int(w)) }) {
            drewStandIn = true
            return nearest
        }
        guard
            let made = makePicture(
                picture, w: w, h: h, radius: min(radius * pixelScale * shrink, Double(min(w, h)) / 2))
        else { return nil }
        var list = cached + [made]
        if list.count > Rasteriser.pictureSizesPerKey { list.removeFirst() }
        pictureCache[key] = list
        return made
    }

    /// The pixels a picture (or a poster's sheen) covering `rect` is made at: its own, or fewer, by `shrink`, when it
    /// has more than a screen's worth at the output's size (at least `maxPicturePixels`); it is stretched where drawn.
    func madeSize(_ rect: Rect) -> (w: Int32, h: Int32, shrink: Double) {
        madeSize(w: max(2, (rect.width * pixelScale).rounded()), h: max(2, (rect.height * pixelScale).rounded()))
    }

    /// The most pixels a picture is made at: a screen's worth at the output's size, at least `pictureBudget`.
    var picturePixelsMost: Double {
        max(Double(pictureBudget), Letterbox.screen.width * Letterbox.screen.height * letterbox.scale * letterbox.scale)
    }

    /// The same for a picture of `w` × `h` pixels.
    func madeSize(w: Double, h: Double) -> (w: Int32, h: Int32, shrink: Double) {
        madeSize(w: w, h: h, most: picturePixelsMost)
    }

    /// The most pixels generated artwork is made at: a screen's worth at the output's size. It is a gradient and
    /// lettering, stretched where drawn larger; made at a picture's 16 million, a hundred posters of 5,000 points
    /// piled on one another took 20 s a frame.
    var artworkPixelsMost: Double {
        Letterbox.screen.width * Letterbox.screen.height * letterbox.scale * letterbox.scale
    }

    /// The size generated artwork of `w` × `h` pixels is made at.
    func artworkMadeSize(w: Double, h: Double) -> (w: Int32, h: Int32, shrink: Double) {
        madeSize(w: w, h: h, most: artworkPixelsMost)
    }

    func madeSize(w: Double, h: Double, most: Double) -> (w: Int32, h: Int32, shrink: Double) {
        guard w * h > most else { return (Int32(w), Int32(h), 1) }
        let shrink = (most / (w * h)).squareRoot()
        return (Int32(max(2, (w * shrink).rounded(.down))), Int32(max(2, (h * shrink).rounded(.down))), shrink)
    }

    /// `src` (ARGB8888) scaled by `scale` with its top-left at (`left`, `top`), sampled bilinearly into a new `w` × `h`
    /// surface, the edges repeated past the picture; nil when SDL cannot allocate.
    static func sampled(
        _ src: UnsafeMutablePointer<SDL_Surface>, scale: Double, left: Int, top: Int, w: Int32, h: Int32
    )
        -> UnsafeMutablePointer<SDL_Surface>?
    {
        guard let out = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            return nil
        }
        SDL_LockSurface(src)
        SDL_LockSurface(out)
        defer {
            SDL_UnlockSurface(out)
            SDL_UnlockSurface(src)
        }
        let sw = Int(src.pointee.w)
        let sh = Int(src.pointee.h)
        let inPitch = Int(src.pointee.pitch) / 4
        let outPitch = Int(out.pointee.pitch) / 4
        let inPixels = src.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let outPixels = out.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        // Where output position `d` falls in the file along an axis of `n` pixels: two neighbours and the weight of
        // the second.
        func taps(_ d: Int, _ origin: Int, _ n: Int) -> (Int, Int, Double) {
            let at = min(max((Double(d - origin) + 0.5) / scale - 0.5, 0), Double(n - 1))
            let first = Int(at)
            return (first, min(first + 1, n - 1), at - Double(first))
        }
        let columns = (0..<Int(w)).map { taps($0, left, sw) }
        for y in 0..<Int(h) {
            let (r0, r1, fy) = taps(y, top, sh)
            for x in 0..<Int(w) {
                let (c0, c1, fx) = columns[x]
                let (p00, p01) = (inPixels[r0 * inPitch + c0], inPixels[r0 * inPitch + c1])
                let (p10, p11) = (inPixels[r1 * inPitch + c0], inPixels[r1 * inPitch + c1])
                func channel(_ shift: UInt32) -> UInt32 {
                    func v(_ p: UInt32) -> Double { Double(p >> shift & 0xFF) }
                    let upper = v(p00) + (v(p01) - v(p00)) * fx
                    let lower = v(p10) + (v(p11) - v(p10)) * fx
                    return UInt32(min(255, max(0, (upper + (lower - upper) * fy).rounded()))) << shift
                }
                outPixels[y * outPitch + x] = channel(24) | channel(16) | channel(8) | channel(0)
            }
        }
        return out
    }

    /// Scales the file's pixels into w × h (filling and cutting, or fitting and letterboxing), and cuts the
    /// rounded corners.
    func makePicture(_ picture: Picture, w: Int32, h: Int32, radius: Double) -> PreparedPicture? {
        guard let src = sourcePicture(picture.path) else { return nil }
        let sw = Double(src.pointee.w)
        let sh = Double(src.pointee.h)
        guard sw > 0, sh > 0 else { return nil }
        let scale = picture.mode == .fill ? max(Double(w) / sw, Double(h) / sh) : min(Double(w) / sw, Double(h) / sh)
        var scaledW = Int32(max(1, (sw * scale).rounded()))
        var scaledH = Int32(max(1, (sh * scale).rounded()))
        // Where the scaled picture's top-left lands: cut evenly on both sides (fill) or centred (fit).
        var ox = Int(w - scaledW) / 2
        var oy = Int(h - scaledH) / 2
        let (wholeX, wholeY) = (ox, oy)
        // A fill far wider or taller than its rect (a 16384 × 1 strip on a poster scaled to 12 million × 750 pixels:
        // 13.6 GB) scales only the part of the file that shows, with a pixel's margin for the filter.
        var part = SDL_Rect()
        let cropped = Double(scaledW) * Double(scaledH) > 4 * Double(w) * Double(h)
        if cropped {
            func span(_ size: Double, _ shown: Double) -> (start: Int32, count: Int32) {
                let start = max(0, ((size - shown) / 2).rounded(.down) - 1)
                return (Int32(start), Int32(min(size - start, shown.rounded(.up) + 2)))
            }
            let across = span(sw, Double(w) / scale)
            let down = span(sh, Double(h) / scale)
            part = SDL_Rect(x: across.start, y: down.start, w: across.count, h: down.count)
            ox += Int((Double(across.start) * scale).rounded())
            oy += Int((Double(down.start) * scale).rounded())
            scaledW = Int32(max(1, (Double(across.count) * scale).rounded()))
            scaledH = Int32(max(1, (Double(down.count) * scale).rounded()))
        }
        let scaled: UnsafeMutablePointer<SDL_Surface>
        if Double(scaledW) * Double(scaledH) > 4 * Double(w) * Double(h) {
            // Magnified so far that even the crop is far larger than the rect (an image 100,000 points wide and 2
            // high: each file row kept for the filter is 200 rows of pixels, 4 GB at 8K), the rect is sampled from
            // the file itself.
            guard let made = Rasteriser.sampled(src, scale: scale, left: wholeX, top: wholeY, w: w, h: h) else {
                return nil
            }
            (scaled, ox, oy, scaledW, scaledH) = (made, 0, 0, w, h)
        } else {
            guard
                let made = SDL_CreateRGBSurfaceWithFormat(0, scaledW, scaledH, 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
            else { return nil }
            if (cropped ? SDL_SoftStretchLinear(src, &part, made, nil) : SDL_SoftStretchLinear(src, nil, made, nil))
                != 0
            {
                _ = cropped ? SDL_UpperBlitScaled(src, &part, made, nil) : SDL_UpperBlitScaled(src, nil, made, nil)
            }
            scaled = made
        }
        largestScaledPicture = max(largestScaledPicture, Int(scaledW) * Int(scaledH))
        guard let out = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            SDL_FreeSurface(scaled)
            return nil
        }
        SDL_LockSurface(scaled)
        SDL_LockSurface(out)
        let inPitch = Int(scaled.pointee.pitch) / 4
        let outPitch = Int(out.pointee.pitch) / 4
        let inPixels = scaled.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let outPixels = out.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let bg = picture.background.map { UInt32($0.r) << 16 | UInt32($0.g) << 8 | UInt32($0.b) }
        let fullWidth = Double(w)
        let fullHeight = Double(h)
        var alpha = [UInt8](repeating: 255, count: Int(w) * Int(h))
        var ownTransparency = false
        let foot = picture.shade.map { UInt32($0.foot.r) << 16 | UInt32($0.foot.g) << 8 | UInt32($0.foot.b) } ?? 0
        for y in 0..<Int(h) {
            let sy = y - oy
            // The shade baked into this row: a black scrim, then the foot's colour over it.
            let shade = picture.shade?.opacities(at: (Double(y) + 0.5) / fullHeight) ?? (scrim: 0, foot: 0)
            let cornerRow = Double(y) + 0.5 < radius || Double(y) + 0.5 > fullHeight - radius
            for x in 0..<Int(w) {
                let sx = x - ox
                var argb: UInt32
                if sx >= 0, sy >= 0, sx < Int(scaledW), sy < Int(scaledH) {
                    argb = inPixels[sy * inPitch + sx]
                    if let bg, argb >> 24 < 255 {
                        // Composite over the background colour.
                        let a = Double(argb >> 24) / 255
                        func mix(_ shift: UInt32) -> UInt32 {
                            UInt32((Double(argb >> shift & 0xFF) * a + Double(bg >> shift & 0xFF) * (1 - a)).rounded())
                        }
                        argb = 0xFF00_0000 | mix(16) << 16 | mix(8) << 8 | mix(0)
                    }
                } else {
                    argb = bg.map { 0xFF00_0000 | $0 } ?? 0
                }
                if shade.scrim > 0 || shade.foot > 0 {
                    // Dithered as the fades are (`Rasteriser+Gradients`): a shade over a flat sky would band.
                    let threshold = Rasteriser.bayer8[(y & 7) * 8 + (x & 7)]
                    func channel(_ shift: UInt32) -> UInt32 {
                        let c = Double(argb >> shift & 0xFF) * (1 - shade.scrim)
                        let v = c * (1 - shade.foot) + Double(foot >> shift & 0xFF) * shade.foot
                        return UInt32(max(0, min(255, (v + threshold).rounded(.down))))
                    }
                    argb = argb & 0xFF00_0000 | channel(16) << 16 | channel(8) << 8 | channel(0)
                }
                var a = Double(argb >> 24)
                if a < 250 { ownTransparency = true }
                if cornerRow, Double(x) + 0.5 < radius || Double(x) + 0.5 > fullWidth - radius {
                    a *= Rasteriser.roundedCoverage(
                        Double(x) + 0.5, Double(y) + 0.5, w: fullWidth, h: fullHeight, r: radius)
                }
                let a8 = UInt8(max(0, min(255, a.rounded())))
                alpha[y * Int(w) + x] = a8
                outPixels[y * outPitch + x] = UInt32(a8) << 24 | argb & 0x00FF_FFFF
            }
        }
        SDL_UnlockSurface(out)
        SDL_UnlockSurface(scaled)
        // Let go before the texture is made: the scaled picture, the picture made and its texture together were 600 MB
        // for a poster 20,000 points wide at 8K.
        SDL_FreeSurface(scaled)
        // A square, opaque picture needs no alpha channel: copies skip blending, and a cross-fade blends it with
        // one constant (SDL's fast path).
        let opaque = !ownTransparency && radius < 0.5
        let texture: OpaquePointer?
        if opaque, let rgb = SDL_ConvertSurfaceFormat(out, SDL_PIXELFORMAT_RGB888.rawValue, 0) {
            SDL_FreeSurface(out)
            texture = SDL_CreateTextureFromSurface(renderer, rgb)
            SDL_FreeSurface(rgb)
        } else {
            texture = SDL_CreateTextureFromSurface(renderer, out)
            SDL_FreeSurface(out)
        }
        guard let texture else { return nil }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        return PreparedPicture(w: w, h: h, texture: texture, alpha: ownTransparency ? alpha : nil)
    }

    /// Draws a picture command.
    func drawPicture(_ picture: Picture, _ r: Rect, radius: Double) {
        guard let p = prepared(picture, r, radius: radius) else {
            drawMissingImage(r, path: picture.path)
            return
        }
        SDL_SetTextureAlphaMod(p.texture, textureAlpha)
        if p.cornersOnly, textureAlpha == 255 {
            copyRounded(p.texture, to: r, radius: radius)
        } else {
            copy(p.texture, to: r)
        }
    }

    // MARK: Effects that follow the alpha

    /// A shadow under the opaque part of a transparent picture: its alpha, blurred at a quarter of the pixels
    /// (made once per picture size), drawn grown by the blur and dropped.
    func drawContentShadow(_ picture: Picture, _ r: Rect, radius: Double, blur: Double, dy: Double, opacity: Double)
        -> Bool
    {
        guard let p = prepared(picture, r, radius: radius), let alpha = p.alpha else { return false }
        guard opacity > 0.004 else { return true }
        if p.shadow == nil { p.shadow = makeContentShadow(alpha, w: Int(p.w), h: Int(p.h)) }
        guard let tex = p.shadow else { return true }
        // The texture's margin is the full lifted blur; drawn in proportion to the blur now.
        let margin = SceneRenderer.liftedShadowBlur * max(0.35, blur / SceneRenderer.liftedShadowBlur)
        SDL_SetTextureAlphaMod(tex, UInt8(max(0, min(255, opacity * 255))))
        stretch(
            tex,
            into: pixelRect(Rect(r.minX - margin, r.minY - margin + dy, r.width + 2 * margin, r.height + 2 * margin)))
        return true
    }

    func makeContentShadow(_ alpha: [UInt8], w: Int, h: Int) -> OpaquePointer? {
        let f = Rasteriser.contentShadowScale
        let pad = max(2, Int((SceneRenderer.liftedShadowBlur * pixelScale / Double(f)).rounded()))
        let sw = (w + f - 1) / f + 2 * pad
        let sh = (h + f - 1) / f + 2 * pad
        var grid = [Double](repeating: 0, count: sw * sh)
        // Downsample: the mean alpha of each f × f block.
        for y in 0..<h {
            for x in 0..<w { grid[(y / f + pad) * sw + x / f + pad] += Double(alpha[y * w + x]) / Double(f * f * 255) }
        }
        // Three box passes each way approximate a Gaussian blur.
        let radius = max(1, pad / 3)
        for _ in 0..<3 { grid = Rasteriser.boxBlur(grid, w: sw, h: sh, radius: radius) }
        return makeTexture(width: Int32(sw), height: Int32(sh)) { x, y in
            UInt32(max(0, min(1, grid[y * sw + x])) * 255) << 24
        }
    }

    /// A box blur of `radius` along rows, then columns.
    static func boxBlur(_ g: [Double], w: Int, h: Int, radius: Int) -> [Double] {
        var a = g
        var b = g
        let n = Double(2 * radius + 1)
        for y in 0..<h {
            var sum = 0.0
            for x in -radius...radius { sum += g[y * w + max(0, min(w - 1, x))] }
            for x in 0..<w {
                a[y * w + x] = sum / n
                sum += g[y * w + min(w - 1, x + radius + 1)] - g[y * w + max(0, x - radius)]
            }
        }
        for x in 0..<w {
            var sum = 0.0
            for y in -radius...radius { sum += a[max(0, min(h - 1, y)) * w + x] }
            for y in 0..<h {
                b[y * w + x] = sum / n
                sum += a[min(h - 1, y + radius + 1) * w + x] - a[max(0, y - radius) * w + x]
            }
        }
        return b
    }

    func evictPictures(all: Bool = false) {
        for (key, used) in pictureUse where all || frameNumber - used > Rasteriser.textEvictFrames {
            pictureCache.removeValue(forKey: key)
            pictureUse.removeValue(forKey: key)
            pictureLastSize.removeValue(forKey: key)
        }
        // Tilted items' layers (each a few hundred kilobytes): only those focused lately are kept.
        for (key, used) in parallaxUse where all || frameNumber - used > Rasteriser.textEvictFrames {
            parallaxSources.removeValue(forKey: key)
            parallaxArtwork.removeValue(forKey: key)
            parallaxUse.removeValue(forKey: key)
        }
        if all {
            for (_, s) in pictureSources { if let s { SDL_FreeSurface(s) } }
            pictureSources = [:]
            for (_, s) in decodedSurfaces { SDL_FreeSurface(s) }
            decodedSurfaces = [:]
            parallaxSources = [:]
            parallaxFrames = []
        }
    }
}
