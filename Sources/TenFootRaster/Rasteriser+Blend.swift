@preconcurrency import CRasterKernel
@preconcurrency import CSDL2

/// Blended copies drawn by the rasteriser itself over a software target.
///
/// SDL2's software renderer blends a texture with a colour or alpha modulation (text in its colour, rounded masks,
/// shadow rings, fades) one pixel at a time in generic C, `SDL_Blit_ARGB8888_ARGB8888_Modulate_Blend`: 39 % of a 4K
/// home frame; an unmodulated one (a poster's rounded corners, a lifted poster stretched) in SSE2, one pixel at a time
/// (`BlitRGBtoRGBPixelAlphaMMX`), with arithmetic of its own. Over a surface the rasteriser knows (``directTarget``), it
/// blends such a copy itself, with the same integer arithmetic eight or four pixels at a time (`tf_modulate_blend`,
/// `tf_alpha_blend`), cut to the clip as SDL cuts a plain copy. SDL stretches a stretched blended copy into a picture of
/// the destination's size first (the whole picture, even where a band's edge or the output's cuts it), then copies that.
/// The kernel stretches only the rows and columns of that picture that land (`tf_stretch_linear`, SDL's arithmetic), in
/// strips that stay in the cache, each blended as it is made. Where the SDL loaded stretches otherwise, SDL's
/// `SDL_SoftStretchLinear` makes the picture, in memory kept from one copy to the next. Anything else (a stretch the
/// clip cuts inside the surface, which SDL cuts by rounding its rectangles; a stretch without linear filtering; where SDL
/// makes the picture, one of more than ``keptStretchBytes`` across the surface's edge; a texture whose texels it cannot
/// read) is SDL's, an unmodulated copy's blending is where the SDL loaded blends it otherwise
/// (``sdlAlphaBlendsAsTheKernel``), and everything is where it does not blend modulated copies as the kernel does.
extension Rasteriser {
    /// Copies all of a texture, or its part `source`, into `destination` (output pixels, the renderer's viewport and
    /// clip applied): `SDL_RenderCopy`, or the same pixels blended here (above).
    func copy(_ texture: OpaquePointer, _ source: SDL_Rect?, _ destination: SDL_Rect) {
        if directTarget != nil, directBlending, blendDirectly(texture, source, destination) { return }
        var d = destination
        if var s = source {
            SDL_RenderCopy(renderer, texture, &s, &d)
        } else {
            SDL_RenderCopy(renderer, texture, nil, &d)
        }
    }

    /// A texture of `surface`'s pixels to copy with a colour or alpha modulation: over a software target, a streaming
    /// one, whose texels ``blendDirectly(_:_:_:)`` can read; else (or for a surface not in ARGB8888) SDL's own.
    func modulatedTexture(from surface: UnsafeMutablePointer<SDL_Surface>) -> OpaquePointer? {
        let s = surface.pointee
        guard directTarget != nil, s.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue,
            let texture = SDL_CreateTexture(
                renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), s.w, s.h)
        else { return SDL_CreateTextureFromSurface(renderer, surface) }
        guard SDL_UpdateTexture(texture, nil, s.pixels, s.pitch) == 0 else {
            SDL_DestroyTexture(texture)
            return SDL_CreateTextureFromSurface(renderer, surface)
        }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        return texture
    }

    /// Blends the copy SDL would make into ``directTarget`` when it is a blended copy of a readable texture that SDL
    /// blends as above, and the SDL loaded blends as the kernel does
    /// (``sdlBlendsAsTheKernel``); false, having drawn nothing, when it is not.
    func blendDirectly(_ texture: OpaquePointer, _ source: SDL_Rect?, _ destination: SDL_Rect) -> Bool {
        guard let target = directTarget, Rasteriser.sdlBlendsAsTheKernel else { return false }
        let drew = Rasteriser.blend(
            texture, source, destination, renderer: renderer, target: target, scratch: &stretchScratch,
            kernelStretching: kernelStretching, kernelBlendsUnmodulated: kernelBlendsUnmodulated)
        if drew { directCopies += 1 }
        return drew
    }

    /// ``blendDirectly(_:_:_:)`` for a software `renderer` drawing into `target`, stretching through `scratch`.
    static func blend(
        _ texture: OpaquePointer, _ source: SDL_Rect?, _ destination: SDL_Rect, renderer: OpaquePointer,
        target: UnsafeMutablePointer<SDL_Surface>, scratch: inout UnsafeMutableRawBufferPointer,
        kernelStretching: Bool = true, kernelBlendsUnmodulated: Bool = true
    ) -> Bool {
        guard destination.w > 0, destination.h > 0 else { return false }
        var format: UInt32 = 0
        var access: Int32 = 0
        var tw: Int32 = 0
        var th: Int32 = 0
        guard SDL_QueryTexture(texture, &format, &access, &tw, &th) == 0,
            access == Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), format == SDL_PIXELFORMAT_ARGB8888.rawValue
        else { return false }
        var blend = SDL_BLENDMODE_NONE
        var (r, g, b, a): (UInt8, UInt8, UInt8, UInt8) = (255, 255, 255, 255)
        SDL_GetTextureBlendMode(texture, &blend)
        SDL_GetTextureColorMod(texture, &r, &g, &b)
        SDL_GetTextureAlphaMod(texture, &a)
        guard blend == SDL_BLENDMODE_BLEND else { return false }
        let modulated = r & g & b != 255 || a != 255
        // SDL_RenderCopy first cuts the source to the texture (nothing left: nothing drawn).
        var s = SDL_Rect(x: 0, y: 0, w: tw, h: th)
        if let source {
            guard let cut = Rasteriser.intersection(source, s) else { return true }
            s = cut
        }
        let stretched = s.w != destination.w || s.h != destination.h
        // Where the kernel does not blend an unmodulated copy as SDL does, SDL blends it (the kernel may still stretch it).
        let alphaKernel = modulated || kernelBlendsUnmodulated && Rasteriser.sdlAlphaBlendsAsTheKernel
        guard stretched || alphaKernel else { return false }
        if stretched {
            var mode = SDL_ScaleModeNearest
            SDL_GetTextureScaleMode(texture, &mode)
            guard mode == SDL_ScaleModeLinear else { return false }
        }
        // The clip SDL draws under: the renderer's clip moved by the viewport, cut to the viewport and the surface.
        var viewport = SDL_Rect()
        SDL_RenderGetViewport(renderer, &viewport)
        var clip = viewport
        if SDL_RenderIsClipEnabled(renderer) == SDL_TRUE {
            var c = SDL_Rect()
            SDL_RenderGetClipRect(renderer, &c)
            guard let cx = Int32(exactly: Int(c.x) + Int(viewport.x)),
                let cy = Int32(exactly: Int(c.y) + Int(viewport.y))
            else { return false }
            (c.x, c.y) = (cx, cy)
            guard let cut = Rasteriser.intersection(c, viewport) else { return false }
            clip = cut
        }
        let t = target.pointee
        // Over RGB888 (a window's surface) SDL blends the colour alike and writes no alpha.
        let surfaceFormat = t.format.pointee.format
        let opaque: Int32 = surfaceFormat == SDL_PIXELFORMAT_RGB888.rawValue ? 1 : 0
        guard surfaceFormat == SDL_PIXELFORMAT_ARGB8888.rawValue || opaque == 1 else { return false }
        guard let surfaceClip = Rasteriser.intersection(clip, SDL_Rect(x: 0, y: 0, w: t.w, h: t.h)) else {
            return false
        }
        // Where it lands on the surface, in 64 bits (a destination far off the output, moved by a band's viewport, is
        // outside, not an overflow).
        let (x, y) = (Int(destination.x) + Int(viewport.x), Int(destination.y) + Int(viewport.y))
        let (w, h) = (Int(destination.w), Int(destination.h))
        let (left, top) = (Int(surfaceClip.x), Int(surfaceClip.y))
        let (right, bottom) = (left + Int(surfaceClip.w), top + Int(surfaceClip.h))
        // Stretched by the kernel, only the part the clip lets through, where SDL stretches as it does.
        let ownStretch =
            stretched && kernelStretching && max(w, h, Int(s.w), Int(s.h)) <= Rasteriser.kernelStretchSide
            && Rasteriser.sdlStretchesAsTheKernel
        if stretched {
            // SDL stretches a copy crossing its surface's edge whole, then cuts the copy of that picture as a plain
            // one's; a stretch the clip cuts inside the surface it cuts by rounding its rectangles (SDL's own).
            let inside = x >= left && y >= top && x + w <= right && y + h <= bottom
            let crosses = x < 0 || y < 0 || x + w > Int(t.w) || y + h > Int(t.h)
            guard inside || crosses && (ownStretch || w * h * 4 <= Rasteriser.keptStretchBytes) else { return false }
            guard max(w, h, Int(s.w), Int(s.h)) <= Int(UInt16.max) else { return false }
        }
        // SDL_UpperBlit's cut of a plain copy (the texels, or the stretched picture) to the clip.
        var (from, to) = ((x: 0, y: 0), (x: x, y: y))
        var (cw, ch) = (w, h)
        if left > to.x {
            (cw, from.x, to.x) = (cw - (left - to.x), from.x + left - to.x, left)
        }
        if to.x + cw > right { cw = right - to.x }
        if top > to.y {
            (ch, from.y, to.y) = (ch - (top - to.y), from.y + top - to.y, top)
        }
        if to.y + ch > bottom { ch = bottom - to.y }
        guard cw > 0, ch > 0 else { return false }

        var texels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(texture, nil, &texels, &pitch) == 0, let texels else { return false }
        defer { SDL_UnlockTexture(texture) }
        // What SDL has queued lands first.
        SDL_RenderFlush(renderer)
        let pixels = t.pixels.assumingMemoryBound(to: UInt32.self) + to.y * Int(t.pitch) / 4 + to.x
        let argb = SDL_PIXELFORMAT_ARGB8888.rawValue
        /// Blends `rows` rows of `cw` texels from `first` (rows `pitch` bytes apart) over the pixels from row `row` of
        /// the cut: SDL's modulated blend, or its blend of an unmodulated copy, with its own arithmetic (the kernel's,
        /// or SDL's own blit of those rows under the same clip, which the renderer sets again before its next command).
        func blendRows(_ first: UnsafeMutablePointer<UInt32>, pitch: Int, row: Int, rows: Int) -> Bool {
            let over = pixels + row * Int(t.pitch) / 4
            if modulated {
                tf_modulate_blend(first, Int64(pitch), over, Int64(t.pitch), Int64(cw), Int64(rows), r, g, b, a, opaque)
            } else if alphaKernel {
                tf_alpha_blend(first, Int64(pitch), over, Int64(t.pitch), Int64(cw), Int64(rows), 1)
            } else {
                guard
                    let piece = SDL_CreateRGBSurfaceWithFormatFrom(
                        first, Int32(cw), Int32(rows), 32, Int32(pitch), argb)
                else { return false }
                defer { SDL_FreeSurface(piece) }
                SDL_SetSurfaceBlendMode(piece, SDL_BLENDMODE_BLEND)
                var cut = surfaceClip
                SDL_SetClipRect(target, &cut)
                var at = SDL_Rect(x: Int32(to.x), y: Int32(to.y + row), w: Int32(cw), h: Int32(rows))
                return SDL_UpperBlit(piece, nil, target, &at) == 0
            }
            return true
        }
        guard stretched else {
            let origin = texels.assumingMemoryBound(to: UInt32.self)
            return blendRows(
                origin + (Int(s.y) + from.y) * Int(pitch) / 4 + Int(s.x) + from.x, pitch: Int(pitch), row: 0, rows: ch)
        }
        if ownStretch {
            // The rows and columns of the picture that land, in strips that stay in the cache: stretched, then blended.
            let origin = texels.assumingMemoryBound(to: UInt32.self) + Int(s.y) * Int(pitch) / 4 + Int(s.x)
            let rowBytes = cw * 4
            let stripRows = max(1, min(ch, Rasteriser.stretchStripBytes / rowBytes))
            let stripBytes = stripRows * rowBytes
            let needed = stripBytes + Int(tf_stretch_work_bytes(s.w, Int32(cw)))
            if needed > scratch.count {
                scratch.deallocate()
                scratch = .allocate(byteCount: max(needed, 1 << 20), alignment: 64)
            }
            let strip = scratch.baseAddress!.assumingMemoryBound(to: UInt32.self)
            let work = scratch.baseAddress! + stripBytes
            var row = 0
            while row < ch {
                let n = min(stripRows, ch - row)
                // (Every size it checks is checked above: it draws.)
                let drawn = tf_stretch_linear(
                    origin, Int64(pitch), s.w, s.h, destination.w, destination.h, Int32(from.x), Int32(cw),
                    Int32(from.y + row), Int32(n), strip, Int64(rowBytes), work)
                assert(drawn == 0, "tf_stretch_linear refused a block the checks above let through")
                // (Nothing is drawn when the first strip cannot be: SDL draws the copy.)
                guard blendRows(strip, pitch: rowBytes, row: row, rows: n) || row > 0 else { return false }
                row += n
            }
            return true
        }
        guard let whole = SDL_CreateRGBSurfaceWithFormatFrom(texels, tw, th, 32, pitch, argb) else { return false }
        defer { SDL_FreeSurface(whole) }
        guard let picture = stretchPicture(w: destination.w, h: destination.h, scratch: &scratch) else { return false }
        defer { SDL_FreeSurface(picture) }
        guard SDL_SoftStretchLinear(whole, &s, picture, nil) == 0 else { return false }
        let p = picture.pointee
        return blendRows(
            p.pixels.assumingMemoryBound(to: UInt32.self) + from.y * Int(p.pitch) / 4 + from.x, pitch: Int(p.pitch),
            row: 0, rows: ch)
    }

    /// A picture of `w` × `h` pixels for a stretch to land in, over memory the rasteriser keeps for the next
    /// (its pixels are whatever the last left: a stretch writes every one); a large one over memory of its own.
    static func stretchPicture(w: Int32, h: Int32, scratch: inout UnsafeMutableRawBufferPointer)
        -> UnsafeMutablePointer<SDL_Surface>?
    {
        let argb = SDL_PIXELFORMAT_ARGB8888.rawValue
        let bytes = Int(w) * Int(h) * 4
        guard bytes <= Rasteriser.keptStretchBytes else {
            return SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, argb)
        }
        if bytes > scratch.count {
            scratch.deallocate()
            scratch = .allocate(byteCount: max(bytes, 1 << 20), alignment: 64)
        }
        return SDL_CreateRGBSurfaceWithFormatFrom(scratch.baseAddress, w, h, 32, w * 4, argb)
    }

    /// Whether the SDL this process loaded blends as the kernel does. The kernel has SDL 2's arithmetic, but the library
    /// is whatever `libSDL2-2.0.so.0` the system has (another release, or SDL 3 behind sdl2-compat, may round its blends
    /// otherwise): the first time it matters, a few copies are drawn both ways over a small surface of each format,
    /// plain and stretched, modulated and not; any difference leaves every copy to SDL.
    static let sdlBlendsAsTheKernel: Bool = {
        var scratch = UnsafeMutableRawBufferPointer(start: nil, count: 0)
        defer { scratch.deallocate() }
        for format in [SDL_PIXELFORMAT_ARGB8888.rawValue, SDL_PIXELFORMAT_RGB888.rawValue] {
            guard let surface = SDL_CreateRGBSurfaceWithFormat(0, 48, 24, 32, format) else { return false }
            defer { SDL_FreeSurface(surface) }
            guard let renderer = SDL_CreateSoftwareRenderer(surface) else { return false }
            defer { SDL_DestroyRenderer(renderer) }
            guard
                let texture = SDL_CreateTexture(
                    renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), 16, 8)
            else { return false }
            defer { SDL_DestroyTexture(texture) }
            var texels: UnsafeMutableRawPointer?
            var pitch: Int32 = 0
            guard SDL_LockTexture(texture, nil, &texels, &pitch) == 0, let texels else { return false }
            for y in 0..<8 {
                for x in 0..<16 {
                    let k = UInt32(y * 16 + x)
                    let alpha = [0, 255, k * 37 % 256][Int(k % 3)]
                    texels.storeBytes(
                        of: alpha << 24 | (k * 53 % 256) << 16 | (k * 101 % 256) << 8 | (k * 29 % 256),
                        toByteOffset: y * Int(pitch) + x * 4, as: UInt32.self)
                }
            }
            SDL_UnlockTexture(texture)
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
            SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
            let s = surface.pointee
            /// The surface's bytes after `draw`, over the same mixed background each time.
            func drawn(_ draw: () -> Bool) -> [UInt8]? {
                let pixels = s.pixels.assumingMemoryBound(to: UInt32.self)
                for k in 0..<Int(s.h) * Int(s.pitch) / 4 { pixels[k] = UInt32(truncatingIfNeeded: k &* 2_654_435_761) }
                guard draw() else { return nil }
                SDL_RenderFlush(renderer)
                return Array(UnsafeRawBufferPointer(start: s.pixels, count: Int(s.h) * Int(s.pitch)))
            }
            let copies: [((UInt8, UInt8, UInt8, UInt8), SDL_Rect)] = [
                ((200, 100, 50, 180), SDL_Rect(x: 2, y: 3, w: 16, h: 8)),
                ((255, 255, 255, 77), SDL_Rect(x: 40, y: 20, w: 16, h: 8)),
                ((90, 255, 30, 255), SDL_Rect(x: 1, y: 10, w: 31, h: 13)),
                ((255, 255, 255, 255), SDL_Rect(x: 20, y: -5, w: 27, h: 19)),
                ((255, 255, 255, 255), SDL_Rect(x: 35, y: 3, w: 16, h: 8)),
            ]
            for ((r, g, b, a), d) in copies {
                SDL_SetTextureColorMod(texture, r, g, b)
                SDL_SetTextureAlphaMod(texture, a)
                var to = d
                let sdl = drawn { SDL_RenderCopy(renderer, texture, nil, &to) == 0 }
                let ours = drawn { blend(texture, nil, d, renderer: renderer, target: surface, scratch: &scratch) }
                guard let sdl, sdl == ours else { return false }
            }
        }
        return true
    }()
}

extension Rasteriser {
    /// Whether `tf_alpha_blend` blends an unmodulated copy as the SDL this process loaded does (`BlitRGBtoRGBPixelAlphaMMX`
    /// on x86; elsewhere SDL blends such a copy in C, rounding otherwise): the first time it matters, texels of every
    /// alpha are blended both ways over a mixed background of each format; any difference leaves such copies to SDL.
    static let sdlAlphaBlendsAsTheKernel: Bool = {
        let argb = SDL_PIXELFORMAT_ARGB8888.rawValue
        for format in [argb, SDL_PIXELFORMAT_RGB888.rawValue] {
            // 37 texels a row: eight at a time, four, and one.
            guard let source = SDL_CreateRGBSurfaceWithFormat(0, 37, 5, 32, argb) else { return false }
            defer { SDL_FreeSurface(source) }
            guard let sdl = SDL_CreateRGBSurfaceWithFormat(0, 37, 5, 32, format) else { return false }
            defer { SDL_FreeSurface(sdl) }
            let (w, h) = (Int(source.pointee.w), Int(source.pointee.h))
            let texels = source.pointee.pixels.assumingMemoryBound(to: UInt32.self)
            let pixels = sdl.pointee.pixels.assumingMemoryBound(to: UInt32.self)
            let (texelRow, pixelRow) = (Int(source.pointee.pitch) / 4, Int(sdl.pointee.pitch) / 4)
            var ours: [UInt32] = []
            for y in 0..<h {
                for x in 0..<w {
                    let k = UInt32(y * w + x)
                    let alpha = [0, 255, k &* 37 % 256][Int(k % 3)]
                    texels[y * texelRow + x] = alpha << 24 | (k &* 2_654_435_761) >> 8 & 0x00FF_FFFF
                    pixels[y * pixelRow + x] = k &* 2_246_822_519 ^ k >> 2
                    ours.append(pixels[y * pixelRow + x])
                }
            }
            SDL_SetSurfaceBlendMode(source, SDL_BLENDMODE_BLEND)
            guard SDL_UpperBlit(source, nil, sdl, nil) == 0 else { return false }
            tf_alpha_blend(texels, Int64(source.pointee.pitch), &ours, Int64(w * 4), Int64(w), Int64(h), 1)
            for y in 0..<h {
                for x in 0..<w where ours[y * w + x] != pixels[y * pixelRow + x] { return false }
            }
        }
        return true
    }()

    /// The longest side, of the texels or the picture, that `tf_stretch_linear` stretches.
    static let kernelStretchSide = 16384
    /// The bytes of a strip of a stretched picture (``blend(_:_:_:renderer:target:scratch:)``): well inside a core's
    /// second-level cache, so a strip is blended while its pixels are still there.
    static let stretchStripBytes = 64 << 10

    /// Whether `tf_stretch_linear` stretches as the SDL this process loaded does (its SSE2 code on x86; another
    /// release, or another machine's SIMD code, may round otherwise): the first time it matters, a few stretches up,
    /// down and from single texels are made both ways, whole and in part; any difference leaves stretching to SDL.
    static let sdlStretchesAsTheKernel: Bool = {
        let argb = SDL_PIXELFORMAT_ARGB8888.rawValue
        guard let source = SDL_CreateRGBSurfaceWithFormat(0, 23, 17, 32, argb) else { return false }
        defer { SDL_FreeSurface(source) }
        let texels = source.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for k in 0..<Int(source.pointee.h) * Int(source.pointee.pitch) / 4 {
            texels[k] = UInt32(truncatingIfNeeded: k &* 2_654_435_761 ^ k >> 3)
        }
        let cases: [(SDL_Rect, Int32, Int32)] = [
            (SDL_Rect(x: 0, y: 0, w: 23, h: 17), 61, 44), (SDL_Rect(x: 2, y: 1, w: 19, h: 15), 7, 5),
            (SDL_Rect(x: 3, y: 2, w: 1, h: 9), 5, 31), (SDL_Rect(x: 1, y: 4, w: 11, h: 1), 40, 3),
            (SDL_Rect(x: 0, y: 0, w: 23, h: 17), 24, 18),
        ]
        for (area, w, h) in cases {
            guard let picture = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, argb) else { return false }
            defer { SDL_FreeSurface(picture) }
            var from = area
            guard SDL_SoftStretchLinear(source, &from, picture, nil) == 0 else { return false }
            // The whole picture, and its lower right part.
            for (c0, r0) in [(Int32(0), Int32(0)), (w / 3, h / 2)] {
                let (cols, rows) = (w - c0, h - r0)
                var out = [UInt32](repeating: 0, count: Int(cols * rows))
                var work = [UInt32](repeating: 0, count: Int(tf_stretch_work_bytes(area.w, cols)) / 4 + 1)
                let origin = texels + Int(area.y) * Int(source.pointee.pitch) / 4 + Int(area.x)
                let drawn = tf_stretch_linear(
                    origin, Int64(source.pointee.pitch), area.w, area.h, w, h, c0, cols, r0, rows, &out,
                    Int64(cols * 4), &work)
                guard drawn == 0 else { return false }
                let sdl = picture.pointee.pixels.assumingMemoryBound(to: UInt32.self)
                let stride = Int(picture.pointee.pitch) / 4
                for y in 0..<Int(rows) {
                    for x in 0..<Int(cols) where out[y * Int(cols) + x] != sdl[(Int(r0) + y) * stride + Int(c0) + x] {
                        return false
                    }
                }
            }
        }
        return true
    }()

    /// The most memory kept for stretched pictures (``stretchPicture(w:h:scratch:)``): a lifted 4K poster's is 2.3 MB.
    static let keptStretchBytes = 8 << 20
}
