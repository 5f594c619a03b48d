@preconcurrency import CSDL2
import TenFootPresentation
import TenFootScene

/// Drawing one band of rows of a larger output, so that the bands together are the bytes of the output drawn whole.
///
/// SDL's software renderer draws everything but a stretched copy pixel by pixel from its own inputs, so a band's
/// renderer, cut at the band's edges, writes the same pixels the whole one does. A stretched copy is where a cut
/// changes things: SDL cuts a stretch to the clip by rounding its source and destination there and stretching again
/// (other texels land on each pixel), but stretches a copy that crosses its target's edge whole, into a picture of the
/// destination's size, and cuts only that picture's copy. The whole output does the first for a copy inside it that
/// its clip cuts; a band whose edge the copy crosses would do the second. So a band makes that cut itself first, with
/// SDL's arithmetic, and asks SDL for the stretch it would have made: both then stretch the same texels into the
/// same picture.
extension Rasteriser {
    /// A band of an output's rows: `rows` rows from `top`, of an output `outputWidth` × `outputHeight`; of their
    /// pixels, `columns` columns from `left` (a window draws again only the columns that changed).
    struct Band: Equatable {
        var top: Int32
        var rows: Int32
        var outputWidth: Int32
        var outputHeight: Int32
        var left: Int32
        var columns: Int32

        init(top: Int32, rows: Int32, outputWidth: Int32, outputHeight: Int32, columns: Range<Int32>? = nil) {
            self.top = top
            self.rows = rows
            self.outputWidth = outputWidth
            self.outputHeight = outputHeight
            left = columns?.lowerBound ?? 0
            self.columns = columns.map { Int32($0.count) } ?? outputWidth
        }

        var bottom: Int32 { top + rows }
        var right: Int32 { left + columns }
    }

    /// Copies all of a texture, or its part `source`, into `destination` (output pixels): `SDL_RenderCopy`, and in a
    /// band the copy the whole output makes (above). A copy that misses the band is not made.
    func renderCopy(_ texture: OpaquePointer, _ source: SDL_Rect?, _ destination: SDL_Rect) {
        var d = destination
        guard let band else {
            copy(texture, source, d)
            return
        }
        var tw: Int32 = 0
        var th: Int32 = 0
        SDL_QueryTexture(texture, nil, nil, &tw, &th)
        // SDL_RenderCopy first cuts the source to the texture.
        var s = SDL_Rect(x: 0, y: 0, w: tw, h: th)
        if let source {
            guard let cut = Rasteriser.intersection(source, s) else { return }
            s = cut
        }
        let output = SDL_Rect(x: 0, y: 0, w: band.outputWidth, h: band.outputHeight)
        let stretched = s.w != d.w || s.h != d.h
        if stretched, Rasteriser.contains(output, d) {
            let clip = outputClip(output)
            if !Rasteriser.contains(clip, d) {
                guard
                    let (cutSource, cutDestination) = Rasteriser.clippedStretch(
                        s, texture: (tw, th), into: d, clip: clip)
                else { return }
                (s, d) = (cutSource, cutDestination)
                // SDL stretches a cut that came out unstretched too; a band would copy it plainly.
                if s.w == d.w, s.h == d.h, Rasteriser.crosses(d, band) { bandMisses += 1 }
            }
            var mode = SDL_ScaleModeLinear
            SDL_GetTextureScaleMode(texture, &mode)
            // A copy stretched without filtering, with blending, is stretched and blended in one pass whole, and in
            // two crossing a band's edge: no texture is made so (fades are made at their size).
            if mode != SDL_ScaleModeLinear, Rasteriser.crosses(d, band) { bandMisses += 1 }
        }
        guard Int(d.y) + Int(d.h) > Int(band.top), d.y < band.bottom, Int(d.x) + Int(d.w) > Int(band.left),
            d.x < band.right
        else { return }
        if s.w != d.w || s.h != d.h { stretchedRows.append(d.y..<d.y + d.h) }
        copy(texture, s, d)
    }

    /// The clip the whole output would draw a copy under: the renderer's clip cut to the output (`output`).
    func outputClip(_ output: SDL_Rect) -> SDL_Rect {
        guard SDL_RenderIsClipEnabled(renderer) == SDL_TRUE else { return output }
        var clip = SDL_Rect()
        SDL_RenderGetClipRect(renderer, &clip)
        return Rasteriser.intersection(clip, output) ?? SDL_Rect(x: 0, y: 0, w: 0, h: 0)
    }

    /// Whether `d` lies partly in `band` and partly outside it.
    static func crosses(_ d: SDL_Rect, _ band: Band) -> Bool {
        func crosses(_ from: Int32, _ length: Int32, _ low: Int32, _ high: Int32) -> Bool {
            let (start, end) = (Int(from), Int(from) + Int(length))
            return start < Int(low) && end > Int(low) || start < Int(high) && end > Int(high)
        }
        return crosses(d.y, d.h, band.top, band.bottom) || crosses(d.x, d.w, band.left, band.right)
    }

    static func contains(_ outer: SDL_Rect, _ r: SDL_Rect) -> Bool {
        r.x >= outer.x && r.y >= outer.y && Int(r.x) + Int(r.w) <= Int(outer.x) + Int(outer.w)
            && Int(r.y) + Int(r.h) <= Int(outer.y) + Int(outer.h)
    }

    /// The overlap of two rectangles (nil: none).
    static func intersection(_ a: SDL_Rect, _ b: SDL_Rect) -> SDL_Rect? {
        guard a.w > 0, a.h > 0, b.w > 0, b.h > 0 else { return nil }
        let x0 = max(a.x, b.x)
        let y0 = max(a.y, b.y)
        let x1 = min(Int(a.x) + Int(a.w), Int(b.x) + Int(b.w))
        let y1 = min(Int(a.y) + Int(a.h), Int(b.y) + Int(b.h))
        guard x1 > Int(x0), y1 > Int(y0) else { return nil }
        return SDL_Rect(x: x0, y: y0, w: Int32(x1 - Int(x0)), h: Int32(y1 - Int(y0)))
    }

    /// The source and destination SDL 2's `SDL_UpperBlitScaled` stretches between when it copies `source` (of a
    /// texture `texture` texels in size) into `d` under `clip`: the destination cut to the clip and the source in
    /// proportion, in doubles, each rounded half away from zero, then cut again to the texture and the clip. Nil when
    /// nothing is left to draw.
    static func clippedStretch(
        _ source: SDL_Rect, texture: (w: Int32, h: Int32), into d: SDL_Rect, clip: SDL_Rect
    ) -> (SDL_Rect, SDL_Rect)? {
        guard clip.w > 0, clip.h > 0 else { return nil }
        let (dx0, dx1, sx0, sx1) = cut(
            destination: d.x, d.w, source: source.x, source.w, texels: texture.w, clip: clip.x, clip.w)
        let (dy0, dy1, sy0, sy1) = cut(
            destination: d.y, d.h, source: source.y, source.h, texels: texture.h, clip: clip.y, clip.h)
        func whole(_ v: Double) -> Int32 { Int32(v.rounded()) }
        let src = SDL_Rect(x: whole(sx0), y: whole(sy0), w: whole(sx1 - sx0), h: whole(sy1 - sy0))
        let dst = SDL_Rect(x: whole(dx0), y: whole(dy0), w: whole(dx1 - dx0), h: whole(dy1 - dy0))
        guard let s = intersection(src, SDL_Rect(x: 0, y: 0, w: texture.w, h: texture.h)),
            let t = intersection(dst, clip)
        else { return nil }
        return (s, t)
    }
}

extension Rasteriser {
    /// One axis of ``clippedStretch(_:texture:into:clip:)``: a destination span (start, length) stretched from a source
    /// span, the source cut to the texture's `texels` and the destination to the clip's span, each end of the other
    /// moved in proportion; the ends, not yet rounded.
    static func cut(
        destination d: Int32, _ dLength: Int32, source s: Int32, _ sLength: Int32, texels: Int32, clip c: Int32,
        _ cLength: Int32
    ) -> (d0: Double, d1: Double, s0: Double, s1: Double) {
        let scale = Double(dLength) / Double(sLength)
        var (d0, d1) = (Double(d), Double(d) + Double(dLength))
        var (s0, s1) = (Double(s), Double(s) + Double(sLength))
        if s0 < 0 {
            d0 -= s0 * scale
            s0 = 0
        }
        if s1 > Double(texels) {
            d1 -= (s1 - Double(texels)) * scale
            s1 = Double(texels)
        }
        // In the clip's coordinates, as SDL computes them.
        d0 -= Double(c)
        d1 -= Double(c)
        if d0 < 0 {
            s0 -= d0 / scale
            d0 = 0
        }
        if d1 > Double(cLength) {
            s1 -= (d1 - Double(cLength)) / scale
            d1 = Double(cLength)
        }
        return (d0 + Double(c), d1 + Double(c), s0, s1)
    }
}

extension Rasteriser {
    /// Takes `leader`'s settings: a band's rasteriser follows the canvas's own.
    func follow(_ leader: Rasteriser) {
        if !assets.isSame(as: leader.assets) { assets = leader.assets }
        overdrawBudget = leader.overdrawBudget
        artworkPixelBudget = leader.artworkPixelBudget
        pictureBudget = leader.pictureBudget
        textPixelBudget = leader.textPixelBudget
    }

    /// Whether `list` must be drawn whole rather than in bands: it reads back what it has drawn (a blur), or draws a
    /// slanted line (SDL cuts a line at a band's edge by moving its end, which moves its steps).
    static func needsWholeOutput(_ list: DisplayList) -> Bool {
        list.commands.contains {
            switch $0 {
            case .blur: return true
            case .line(let x1, let y1, let x2, let y2, _, _): return x1 != x2 && y1 != y2
            default: return false
            }
        }
    }
}
