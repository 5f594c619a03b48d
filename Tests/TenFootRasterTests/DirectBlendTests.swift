@preconcurrency import CRasterKernel
@preconcurrency import CSDL2
import CSDL2Image
import CSDL2TTF
import TenFootPresentation
import TenFootScene
import TestSupport
import Testing

@testable import TenFootRaster

/// Modulated copies over a software target are blended by the rasteriser itself (`Rasteriser+Blend`): the bytes SDL's
/// software renderer writes for the same copy, whether the rasteriser blends it or hands it to SDL.
extension RasterTests {
    /// Copies of a texture of every alpha, plain and stretched, in every colour and alpha modulation, under clips that
    /// cut them or not, through a viewport moved as a band's is, over ARGB8888 (a canvas) and RGB888 (a window's
    /// surface): each frame the bytes of SDL's own copy.
    @Test(arguments: [SDL_PIXELFORMAT_ARGB8888.rawValue, SDL_PIXELFORMAT_RGB888.rawValue])
    func directBlendingIsSDLsCopy(format: UInt32) throws {
        let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, 640, 360, 32, format))
        let target = try SoftwareTarget(surface: surface, fonts: try FontCache(), assets: AssetTable())
        let r = target.rasteriser
        let renderer = target.renderer
        /// The surface's bytes once SDL has drawn all it was asked to.
        func bytes() -> [UInt8] {
            SDL_RenderFlush(renderer)
            let s = surface.pointee
            return Array(UnsafeRawBufferPointer(start: s.pixels, count: Int(s.h) * Int(s.pitch)))
        }
        func clear() { r.draw(DisplayList(commands: [.clear(Color(90, 60, 30, 200))])) }
        /// Every byte of the surface from `seed`, its top ones too (SDL writes none over RGB888).
        func scramble(_ seed: UInt64) {
            SDL_RenderFlush(renderer)
            var bytes = SplitMix(seed: seed)
            let s = surface.pointee
            let pixels = s.pixels.assumingMemoryBound(to: UInt64.self)
            for k in 0..<Int(s.h) * Int(s.pitch) / 8 { pixels[k] = bytes.next() }
        }
        #expect(Rasteriser.sdlBlendsAsTheKernel)
        let texture = try #require(
            r.makeTexture(width: 41, height: 29) { x, y in
                let alpha = [0, 255, (x * 37 + y * 11) % 256][(x + y * 3) % 3]
                return UInt32(alpha) << 24 | UInt32(x * 6) << 16 | UInt32(y * 8) << 8 | UInt32((x * y) % 256)
            })
        defer { SDL_DestroyTexture(texture) }
        var random = SplitMix(seed: 77)
        var blended = 0
        for k in 0..<400 {
            let source = SDL_Rect(
                x: Int32.random(in: -3...12, using: &random), y: Int32.random(in: -2...8, using: &random),
                w: Int32.random(in: 1...40, using: &random), h: Int32.random(in: 1...28, using: &random))
            let plain = k % 2 == 0
            let d = SDL_Rect(
                x: Int32.random(in: -20...600, using: &random), y: Int32.random(in: -20...330, using: &random),
                w: plain ? source.w : Int32.random(in: 1...300, using: &random),
                h: plain ? source.h : Int32.random(in: 1...200, using: &random))
            let clip: SDL_Rect? =
                k % 3 == 0
                ? nil
                : SDL_Rect(
                    x: Int32.random(in: 0...320, using: &random), y: Int32.random(in: 0...180, using: &random),
                    w: Int32.random(in: 1...400, using: &random), h: Int32.random(in: 1...260, using: &random))
            let viewport = SDL_Rect(
                x: k % 4 == 3 ? Int32.random(in: -60...60, using: &random) : 0,
                y: k % 4 == 1 ? -Int32.random(in: 0...100, using: &random) : 0, w: 640, h: 460)
            let background = random.next()
            // Every fifth copy unmodulated.
            let mods: [UInt8] =
                k % 5 == 4
                ? [255, 255, 255, 255]
                : (0..<4).map { _ in
                    UInt8([0, 255, UInt8.random(in: 0...255, using: &random)][Int.random(in: 0...2, using: &random)])
                }
            SDL_SetTextureColorMod(texture, mods[0], mods[1], mods[2])
            SDL_SetTextureAlphaMod(texture, mods[3])
            SDL_SetTextureScaleMode(texture, k % 5 == 0 ? SDL_ScaleModeNearest : SDL_ScaleModeLinear)
            func copied(direct: Bool) -> [UInt8] {
                clear()
                if k % 2 == 1 { scramble(background) }
                var v = viewport
                SDL_RenderSetViewport(renderer, &v)
                if var c = clip { SDL_RenderSetClipRect(renderer, &c) }
                r.directBlending = direct
                // A quarter of the stretches made by SDL's `SDL_SoftStretchLinear`, as where SDL stretches otherwise;
                // a third of the unmodulated copies blended by SDL's blit, as where it blends them otherwise.
                r.kernelStretching = k % 4 != 2
                r.kernelBlendsUnmodulated = k % 3 != 1
                r.copy(texture, source, d)
                r.directBlending = true
                r.kernelStretching = true
                r.kernelBlendsUnmodulated = true
                SDL_RenderSetClipRect(renderer, nil)
                SDL_RenderSetViewport(renderer, nil)
                return bytes()
            }
            let sdl = copied(direct: false)
            let before = r.directCopies
            let ours = copied(direct: true)
            blended += r.directCopies - before
            let differ = firstDifference(ours, sdl)
            #expect(
                differ == nil,
                "format \(format), copy \(k): \(source) into \(d), clip \(String(describing: clip)), mods \(mods): byte \(differ ?? 0)"
            )
        }
        // Destinations at the ends of the coordinates, through a viewport moved up as a band's is: nothing drawn, and
        // no overflow.
        SDL_SetTextureColorMod(texture, 10, 200, 30)
        SDL_SetTextureAlphaMod(texture, 100)
        let far = [Int32.max - 3, Int32.min + 3, Int32.max / 2, -Int32.max / 2]
        for x in far {
            for y in far {
                clear()
                let cleared = bytes()
                var v = SDL_Rect(x: 0, y: -100, w: 640, h: 460)
                SDL_RenderSetViewport(renderer, &v)
                var c = SDL_Rect(x: -50, y: -50, w: 700, h: 500)
                SDL_RenderSetClipRect(renderer, &c)
                r.copy(texture, nil, SDL_Rect(x: x, y: y, w: 41, h: 29))
                r.copy(texture, nil, SDL_Rect(x: x, y: y, w: 300, h: 3))
                SDL_RenderSetClipRect(renderer, nil)
                SDL_RenderSetViewport(renderer, nil)
                #expect(bytes() == cleared, "at \(x), \(y)")
            }
        }
        // A stretch crossing the surface's edge into a picture larger than the memory kept for one (SDL makes it whole):
        // the kernel stretches what lands, modulated or not.
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        let large = SDL_Rect(x: -10, y: -10, w: 2100, h: 1100)
        #expect(Int(large.w) * Int(large.h) * 4 > Rasteriser.keptStretchBytes)
        // Unmodulated, its strips blended by the kernel and by SDL's blit.
        for (alpha, unmodulatedByKernel): (UInt8, Bool) in [(255, true), (255, false), (140, true)] {
            SDL_SetTextureColorMod(texture, 255, 255, 255)
            SDL_SetTextureAlphaMod(texture, alpha)
            var copies: [[UInt8]] = []
            for direct in [false, true] {
                clear()
                r.directBlending = direct
                r.kernelBlendsUnmodulated = unmodulatedByKernel
                let before = r.directCopies
                r.copy(texture, nil, large)
                r.directBlending = true
                r.kernelBlendsUnmodulated = true
                #expect(r.directCopies == before + (direct ? 1 : 0))
                copies.append(bytes())
            }
            #expect(
                firstDifference(copies[1], copies[0]) == nil, "alpha \(alpha), by the kernel \(unmodulatedByKernel)")
        }
        // Most copies are modulated, and those the clip cuts are cut as SDL cuts them: the rasteriser blended them.
        #expect(blended > 100, "\(blended) of 400 blended directly")
    }

    /// The blend eight pixels at a time (AVX2) against four at a time, over the same pixels: rows of every length,
    /// texels clear, opaque, partly clear and mixed in a group of eight, every modulation, over ARGB8888 and RGB888.
    /// Where the processor has no AVX2 both are the four-wide blend, and `directBlendingIsSDLsCopy` checks that one.
    @Test func theWideBlendIsTheNarrowOne() {
        var random = SplitMix(seed: 808)
        for k in 0..<600 {
            let (w, h) = (Int.random(in: 1...75, using: &random), Int.random(in: 1...4, using: &random))
            let (srcStride, dstStride) = (w + k % 3, w + k % 5)
            let src = (0..<srcStride * h).map { i -> UInt32 in
                let v = UInt32(truncatingIfNeeded: random.next())
                switch k % 4 {
                case 0: return v & 0x00FF_FFFF
                case 1: return v | 0xFF00_0000
                case 2: return (i / 8 + k) % 3 == 0 ? v & 0x00FF_FFFF : v
                default: return v
                }
            }
            let background = (0..<dstStride * h).map { _ in UInt32(truncatingIfNeeded: random.next()) }
            let mods = (0..<4).map { _ in
                UInt8([0, 255, UInt8.random(in: 0...255, using: &random)][Int.random(in: 0...2, using: &random)])
            }
            let opaque: Int32 = k % 2 == 0 ? 1 : 0
            func blended(wide: Int32) -> [UInt32] {
                var dst = background
                tf_modulate_blend_in(
                    src, Int64(srcStride * 4), &dst, Int64(dstStride * 4), Int64(w), Int64(h), mods[0], mods[1],
                    mods[2], mods[3], opaque, wide)
                return dst
            }
            let narrow = blended(wide: 0)
            #expect(narrow != background || mods[3] == 0 || k % 4 == 0, "case \(k) blended nothing")
            #expect(blended(wide: 1) == narrow, "case \(k): \(w)x\(h), modulation \(mods), opaque \(opaque)")
        }
    }

    /// The blend of an unmodulated copy (`tf_alpha_blend`), eight and four pixels at a time, against SDL's blit of the
    /// same texels over the same pixels: rows of every length, texels clear, opaque, partly clear and mixed, over
    /// ARGB8888 and RGB888 (whose top byte SDL writes alike).
    @Test(arguments: [SDL_PIXELFORMAT_ARGB8888.rawValue, SDL_PIXELFORMAT_RGB888.rawValue])
    func theAlphaBlendIsSDLs(format: UInt32) throws {
        #expect(Rasteriser.sdlAlphaBlendsAsTheKernel)
        var random = SplitMix(seed: 909)
        for k in 0..<400 {
            let (w, h) = (Int32.random(in: 1...75, using: &random), Int32.random(in: 1...5, using: &random))
            let source = try #require(SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
            defer { SDL_FreeSurface(source) }
            let sdl = try #require(SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, format))
            defer { SDL_FreeSurface(sdl) }
            let texels = source.pointee.pixels.assumingMemoryBound(to: UInt32.self)
            let pixels = sdl.pointee.pixels.assumingMemoryBound(to: UInt32.self)
            let (texelRow, pixelRow) = (Int(source.pointee.pitch) / 4, Int(sdl.pointee.pitch) / 4)
            for y in 0..<Int(h) {
                for x in 0..<Int(w) {
                    let alpha: UInt32 =
                        switch k % 3 {
                        case 0:
                            [0, 255, UInt32.random(in: 1...254, using: &random)][Int.random(in: 0...2, using: &random)]
                        case 1: UInt32.random(in: 0...255, using: &random)
                        default: (x / 8) % 2 == 0 ? 255 : 0
                        }
                    texels[y * texelRow + x] = alpha << 24 | UInt32(truncatingIfNeeded: random.next()) & 0x00FF_FFFF
                    pixels[y * pixelRow + x] = UInt32(truncatingIfNeeded: random.next())
                }
            }
            let background = (0..<Int(h)).flatMap { y in (0..<Int(w)).map { pixels[y * pixelRow + $0] } }
            SDL_SetSurfaceBlendMode(source, SDL_BLENDMODE_BLEND)
            #expect(SDL_UpperBlit(source, nil, sdl, nil) == 0)
            let want = (0..<Int(h)).flatMap { y in (0..<Int(w)).map { pixels[y * pixelRow + $0] } }
            for wide: Int32 in [1, 0] {
                var ours = background
                tf_alpha_blend(texels, Int64(source.pointee.pitch), &ours, Int64(w) * 4, Int64(w), Int64(h), wide)
                #expect(ours == want, "case \(k): \(w)x\(h), wide \(wide)")
            }
            #expect(want != background || k % 3 == 2 && w <= 8, "case \(k) blended nothing")
        }
    }

    /// The kernel's stretch (`tf_stretch_linear`) against SDL's `SDL_SoftStretchLinear` of the same texels: up, down
    /// and across single texels, from part of a picture, each time a random block of rows and columns of the result.
    @Test func theKernelStretchesAsSDL() throws {
        #expect(Rasteriser.sdlStretchesAsTheKernel)
        let argb = SDL_PIXELFORMAT_ARGB8888.rawValue
        var random = SplitMix(seed: 1234)
        for k in 0..<300 {
            let big = k % 10 == 0
            let (sw, sh) = (
                Int32.random(in: 1...(big ? 400 : 40), using: &random),
                Int32.random(in: 1...(big ? 400 : 40), using: &random)
            )
            let (dw, dh) = (
                Int32.random(in: 1...(big ? 900 : 90), using: &random),
                Int32.random(in: 1...(big ? 900 : 90), using: &random)
            )
            let source = try #require(SDL_CreateRGBSurfaceWithFormat(0, sw + 3, sh + 2, 32, argb))
            defer { SDL_FreeSurface(source) }
            let picture = try #require(SDL_CreateRGBSurfaceWithFormat(0, dw, dh, 32, argb))
            defer { SDL_FreeSurface(picture) }
            let texels = source.pointee.pixels.assumingMemoryBound(to: UInt32.self)
            for i in 0..<Int(source.pointee.h) * Int(source.pointee.pitch) / 4 {
                texels[i] = UInt32(truncatingIfNeeded: random.next())
            }
            var area = SDL_Rect(
                x: Int32.random(in: 0...3, using: &random), y: Int32.random(in: 0...2, using: &random), w: sw, h: sh)
            #expect(SDL_SoftStretchLinear(source, &area, picture, nil) == 0)
            let c0 = Int32.random(in: 0..<dw, using: &random)
            let r0 = Int32.random(in: 0..<dh, using: &random)
            let cols = Int32.random(in: 1...(dw - c0), using: &random)
            let rows = Int32.random(in: 1...(dh - r0), using: &random)
            // Rows of the block a few pixels wider than it, those pixels left as they were.
            let outStride = Int(cols) + k % 3
            var out = [UInt32](repeating: 0xDEAD_BEEF, count: outStride * Int(rows))
            var work = [UInt32](repeating: 0, count: Int(tf_stretch_work_bytes(sw, cols)) / 4 + 1)
            let origin = texels + Int(area.y) * Int(source.pointee.pitch) / 4 + Int(area.x)
            let drawn = tf_stretch_linear(
                origin, Int64(source.pointee.pitch), sw, sh, dw, dh, c0, cols, r0, rows, &out, Int64(outStride) * 4,
                &work)
            #expect(drawn == 0)
            let sdl = picture.pointee.pixels.assumingMemoryBound(to: UInt32.self)
            let stride = Int(picture.pointee.pitch) / 4
            var differ: (Int, Int)?
            for y in 0..<Int(rows) {
                for x in 0..<outStride where differ == nil {
                    let want = x < Int(cols) ? sdl[(Int(r0) + y) * stride + Int(c0) + x] : 0xDEAD_BEEF
                    if out[y * outStride + x] != want { differ = (x, y) }
                }
            }
            #expect(
                differ == nil,
                "\(sw)x\(sh) to \(dw)x\(dh), rows \(r0)+\(rows), columns \(c0)+\(cols): \(String(describing: differ))")
        }
        // Out of range: nothing drawn.
        var out = [UInt32](repeating: 7, count: 4)
        var work = [UInt32](repeating: 0, count: 64)
        var texel: UInt32 = 0xFFFF_FFFF
        #expect(tf_stretch_linear(&texel, 4, 1, 1, 2, 2, 1, 2, 0, 2, &out, 8, &work) == -1)
        #expect(tf_stretch_linear(&texel, 4, 1, 1, 20000, 2, 0, 2, 0, 2, &out, 8, &work) == -1)
        #expect(out == [7, 7, 7, 7])
    }

    /// Frames of scenes with text, rounded fills, shadows, fades and tilts, drawn whole and in two bands while focus
    /// moves and the finger turns the focused item: the same bytes with the rasteriser blending as with SDL blending.
    @Test(arguments: [
        ("home", 1920, 1080), ("settings", 1920, 1080), ("parallax-gallery", 1001, 777), ("any-script", 1001, 777),
    ])
    func directBlendingDrawsSDLsFrames(_ name: String, _ width: Int32, _ height: Int32) throws {
        let canvases = try drawSideBySide(name, frames: 24) { assets in
            try [(1, false), (1, true), (2, true)].map { bands, direct in
                let c = try OffscreenCanvas(
                    width: width, height: height, fonts: try FontCache(), assets: assets, bands: bands)
                c.blendsCopies = direct
                return c
            }
        } compare: { frame, canvases in
            let sdl = Array(canvases[0].bytes())
            for (k, c) in canvases.enumerated().dropFirst() {
                let differ = firstDifference(Array(c.bytes()), sdl)
                #expect(differ == nil, "\(name), frame \(frame), canvas \(k): byte \(differ ?? 0)")
            }
        }
        #expect(canvases[0].rasterisers.map(\.directCopies) == [0])
        #expect(canvases[1].rasteriser.directCopies > 0)
    }
}
