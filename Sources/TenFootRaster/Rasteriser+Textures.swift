@preconcurrency import CSDL2
import CSDL2Image
import CSDL2TTF
import FocusEngine
import Foundation
import TenFootPresentation
import TenFootScene
import TenFootSim

/// Textures the rasteriser makes itself (masks, shadows, glows, generated artwork) and the images it
/// loads, each cached.
extension Rasteriser {
    /// Makes an ARGB8888 streaming-free static texture from a pixel function.
    func makeTexture(width: Int32, height: Int32, _ pixel: (Int, Int) -> UInt32) -> OpaquePointer? {
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { return nil }
        defer { SDL_FreeSurface(surface) }
        SDL_LockSurface(surface)
        let pitch = Int(surface.pointee.pitch) / 4
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0..<Int(height) { for x in 0..<Int(width) { pixels[y * pitch + x] = pixel(x, y) } }
        SDL_UnlockSurface(surface)
        guard let tex = modulatedTexture(from: surface) else { return nil }
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(tex, SDL_ScaleModeLinear)
        return tex
    }

    /// Coverage of a rounded rectangle at a pixel centre (anti-aliased over one pixel).
    static func roundedCoverage(_ x: Double, _ y: Double, w: Double, h: Double, r: Double) -> Double {
        let cx = min(max(x, r), w - r)
        let cy = min(max(y, r), h - r)
        let d = ((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot()
        return max(0, min(1, r - d + 0.5))
    }

    /// The rounded-corner mask for a corner of `radius` output pixels: a white rounded rectangle whose corner
    /// is at least that many texels (24, 48, 96, 192 or 384), so a large radius — a circle, a capsule — is
    /// never magnified (a magnified mask blurs the edge over several pixels) and at most halved.
    func roundedMask(forPixels radius: Double) -> (texture: OpaquePointer, size: Double, corner: Double) {
        var corner = Rasteriser.maskRadius
        while corner < radius, corner < 384 { corner *= 2 }
        if let t = maskTextures[corner] { return (t, 2 * corner + 16, corner) }
        let n = 2 * corner + 16
        let t = makeTexture(width: Int32(n), height: Int32(n)) { x, y in
            let a = Rasteriser.roundedCoverage(Double(x) + 0.5, Double(y) + 0.5, w: n, h: n, r: corner)
            return UInt32(a * 255) << 24 | 0x00FF_FFFF
        }!
        maskTextures[corner] = t
        return (t, n, corner)
    }

    /// A shadow's nine-slice texture: black, solid in the middle, fading to nothing at its edges over the
    /// outer `falloff` share of each half (a quarter circle at the corners), smoothly (smoothstep). Made per
    /// share in sixteenths.
    func shadowRing(falloff: Double) -> OpaquePointer {
        let steps = max(1, min(16, Int((falloff * 16).rounded())))
        if let t = shadowTextures[steps] { return t }
        let n = Double(Rasteriser.shadowSize)
        let half = n / 2
        let ring = half * Double(steps) / 16
        let t = makeTexture(width: Rasteriser.shadowSize, height: Rasteriser.shadowSize) { x, y in
            // Distance from the texture's centre point, which the nine-slice puts at the centre of each corner's
            // arc: the fall-off follows the corner's curve (a circle's shadow is round, not a rounded square).
            let px = Double(x) + 0.5
            let py = Double(y) + 0.5
            let d = ((px - half) * (px - half) + (py - half) * (py - half)).squareRoot()
            let a = max(0, min(1, (half - d) / ring))
            return UInt32(a * a * (3 - 2 * a) * 255) << 24
        }!
        shadowTextures[steps] = t
        return t
    }

    /// Deterministic poster art for a title: a diagonal two-colour gradient from a hash of the seed (or from
    /// `tint`), its corners rounded by `radius` points (baked in), and the title lettered across its lower part.
    func artwork(seed: String, title: String, size: Rect, radius: Double, tint: Color?) -> OpaquePointer? {
        let w = Int32(max(8, (size.width * pixelScale).rounded()))
        let h = Int32(max(8, (size.height * pixelScale).rounded()))
        // One cache entry per look: the seed, the corners (a circle's radius follows its size: keyed as such) and the
        // tint.
        let round =
            radius >= min(size.width, size.height) / 2 - 0.01 ? "o" : String(Int((radius * pixelScale).rounded()))
        let key = seed + "|" + round + (tint.map { "|" + $0.description } ?? "")
        return artwork(key: key, seed: seed, title: title, w: w, h: h, radius: radius, tint: tint)
    }

    func artwork(
        key seed: String, seed hashSeed: String, title: String, w: Int32, h: Int32, radius: Double, tint: Color?
    ) -> OpaquePointer? {
        artworkUse[seed] = frameNumber
        // The sizes made for this seed, kept or let go past the budget, each with what it was made from: a size let go
        // is made again as it was, so what is drawn does not depend on what the budget kept.
        let made = artworkMade[seed] ?? []
        if let exact = made.first(where: { $0.w == w && $0.h == h }) {
            artworkLastSize[seed] = (w, h)
            return artworkTexture(seed, exact, tint: tint)
        }
        // While an item animates its size changes every frame: scale the nearest texture rather than
        // making one per frame. A size seen twice in a row is a resting size: make it exactly.
        let stable = artworkLastSize[seed].map { $0 == (w, h) } ?? true
        artworkLastSize[seed] = (w, h)
        if !stable, let nearest = made.min(by: { abs(Int($0.w) - Int(w)) < abs(Int($1.w) - Int(w)) }) {
            drewStandIn = true
            return artworkTexture(seed, nearest, tint: tint)
        }
        let size = ArtworkSize(w: w, h: h, hashSeed: hashSeed, title: title, radius: radius)
        var list = made + [size]
        if list.count > Rasteriser.artworkSizesPerSeed {
            let first = list.removeFirst()
            if var kept = artworkCache[seed], let k = kept.firstIndex(where: { $0.w == first.w && $0.h == first.h }) {
                artworkPixels -= Int(first.w) * Int(first.h)
                destroyArtwork(kept.remove(at: k).texture)
                artworkCache[seed] = kept
            }
        }
        artworkMade[seed] = list
        return artworkTexture(seed, size, tint: tint)
    }

    /// The texture of a size made for `seed`: the one kept, or made (again) from what it was made from, and kept while
    /// the kept ones come to at most ``artworkBudget``; past it, drawn and destroyed: it lives until the next one is
    /// made or the frame ends.
    private func artworkTexture(_ seed: String, _ size: ArtworkSize, tint: Color?) -> OpaquePointer? {
        if let kept = artworkCache[seed]?.first(where: { $0.w == size.w && $0.h == size.h }) { return kept.texture }
        guard
            let texture = makeArtwork(
                seed: size.hashSeed, title: size.title, w: size.w, h: size.h, radius: size.radius, tint: tint)
        else { return nil }
        if let last = transientArtwork {
            destroyArtwork(last)
            transientArtwork = nil
        }
        let pixels = Int(size.w) * Int(size.h)
        guard artworkPixels + pixels <= artworkBudget else {
            transientArtwork = texture
            return texture
        }
        artworkPixels += pixels
        artworkCache[seed, default: []].append((size.w, size.h, texture))
        return texture
    }

    /// Frees the artwork textures kept for `seed`.
    func forgetArtwork(_ seed: String) {
        artworkMade.removeValue(forKey: seed)
        for t in artworkCache.removeValue(forKey: seed) ?? [] {
            artworkPixels -= Int(t.w) * Int(t.h)
            destroyArtwork(t.texture)
        }
    }

    func destroyArtwork(_ texture: OpaquePointer) {
        if let twin = opaqueTwins.removeValue(forKey: texture) { SDL_DestroyTexture(twin) }
        SDL_DestroyTexture(texture)
    }

    /// Draws the artwork texture for a seed at one pixel size.
    func makeArtwork(seed: String, title: String, w: Int32, h: Int32, radius points: Double, tint: Color?)
        -> OpaquePointer?
    {
        // Over a software target, painted straight into the texture's own pixels (no picture made and copied).
        if directTarget != nil {
            let (mw, mh, shrink) = artworkMadeSize(w: Double(w), h: Double(h))
            var pixels: UnsafeMutableRawPointer?
            var pitch: Int32 = 0
            if let tex = SDL_CreateTexture(
                renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), mw, mh)
            {
                if SDL_LockTexture(tex, nil, &pixels, &pitch) == 0, let pixels,
                    let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                        pixels, mw, mh, 32, pitch, SDL_PIXELFORMAT_ARGB8888.rawValue)
                {
                    paintArtwork(into: surface, seed: seed, title: title, radius: points * shrink, tint: tint)
                    let made = readyArtwork(tex, from: surface, w: w, h: h)
                    SDL_FreeSurface(surface)
                    SDL_UnlockTexture(tex)
                    return made
                }
                if pixels != nil { SDL_UnlockTexture(tex) }
                SDL_DestroyTexture(tex)
            }
        }
        guard let surface = artworkSurface(seed: seed, title: title, w: w, h: h, radius: points, tint: tint) else {
            return nil
        }
        defer { SDL_FreeSurface(surface) }
        guard let tex = modulatedTexture(from: surface) else { return nil }
        return readyArtwork(tex, from: surface, w: w, h: h)
    }

    /// `tex`, holding the artwork painted in `surface` for `w` × `h` pixels, made ready to draw: blended, filtered, and
    /// for a backdrop, its twin without alpha.
    private func readyArtwork(_ tex: OpaquePointer, from surface: UnsafeMutablePointer<SDL_Surface>, w: Int32, h: Int32)
        -> OpaquePointer
    {
        artworkPixelsMade += Int(surface.pointee.w) * Int(surface.pointee.h)
        let fullWidth = Double(w)
        let fullHeight = Double(h)
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(tex, SDL_ScaleModeLinear)
        // Backdrops cross-fade: keep a copy without an alpha channel, whose rows between the corners SDL
        // blends with a constant alpha on its fast path (per-pixel alpha plus a fade is the slow path).
        if fullWidth > 2 * fullHeight,
            let opaque = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_RGB888.rawValue, 0)
        {
            if let twin = SDL_CreateTextureFromSurface(renderer, opaque) {
                SDL_SetTextureBlendMode(twin, SDL_BLENDMODE_BLEND)
                opaqueTwins[tex] = twin
            }
            SDL_FreeSurface(opaque)
        }
        return tex
    }

    /// Generated artwork's pixels at one size (the caller frees the surface).
    func artworkSurface(seed: String, title: String, w: Int32, h: Int32, radius points: Double, tint: Color?)
        -> UnsafeMutablePointer<SDL_Surface>?
    {
        // At most a screen's pixels, stretched where drawn (a poster 100,000 points wide asked for 2 GB).
        let (w, h, shrink) = artworkMadeSize(w: Double(w), h: Double(h))
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            return nil
        }
        paintArtwork(into: surface, seed: seed, title: title, radius: points * shrink, tint: tint)
        return surface
    }

    /// Paints generated artwork over every pixel of `surface` (ARGB8888, its size the one made: see
    /// ``artworkMadeSize(w:h:)``), `points` its corner radius at that size.
    func paintArtwork(
        into surface: UnsafeMutablePointer<SDL_Surface>, seed: String, title: String, radius points: Double,
        tint: Color?
    ) {
        let (w, h) = (surface.pointee.w, surface.pointee.h)
        let (c1, c2) = tint.map(ArtworkPalette.gradient) ?? ArtworkPalette.colors(stableHash(seed))
        let radius = min(points * pixelScale, Double(min(w, h)) / 2)
        let fullWidth = Double(w)
        let fullHeight = Double(h)
        SDL_LockSurface(surface)
        let pitch = Int(surface.pointee.pitch) / 4
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        // The gradient's share of each column and of each row, each as the pixel's own sum would have it.
        let across = (0..<Int(w)).map { Double($0) / fullWidth * 0.6 }
        let down = (0..<Int(h)).map { Double($0) / fullHeight * 0.4 }
        let (r0, g0, b0) = (Double(c1.r), Double(c1.g), Double(c1.b))
        let (dr, dg, db) = (Double(c2.r) - r0, Double(c2.g) - g0, Double(c2.b) - b0)
        // Pixels whose centre lies between the corners' centres on both axes are at no distance from the rounded rect:
        // their coverage is that of distance 0. The rest are measured.
        let middle = { (n: Int, full: Double) -> Range<Int> in
            let first = max(0, Int((radius - 0.5).rounded(.up)))
            var last = first
            while last < n, Double(last) + 0.5 <= full - radius { last += 1 }
            return first..<max(first, last)
        }
        let measured = radius > 0
        let columns = measured ? middle(Int(w), fullWidth) : 0..<0
        let rows = measured ? middle(Int(h), fullHeight) : 0..<0
        // (At the rect's centre, as at every point between the corners' centres, the distance is 0.)
        let flat =
            measured
            ? Rasteriser.roundedCoverage(fullWidth / 2, fullHeight / 2, w: fullWidth, h: fullHeight, r: radius) : 1
        Bands.forEach(0..<Int(h), width: Int(w)) { band in
            for y in band {
                let line = pixels + y * pitch
                let inside = !measured || rows.contains(y)
                for x in 0..<Int(w) {
                    let t = across[x] + down[y]
                    let r = r0 + dr * t
                    let g = g0 + dg * t
                    let b = b0 + db * t
                    // Square corners (a tilted item's mask cuts them): every pixel opaque.
                    let a =
                        !measured || inside && columns.contains(x)
                        ? flat
                        : Rasteriser.roundedCoverage(
                            Double(x) + 0.5, Double(y) + 0.5, w: fullWidth, h: fullHeight, r: radius)
                    line[x] = UInt32(a * 255) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
                }
            }
        }
        SDL_UnlockSurface(surface)
        // Lettering about a seventh of the shorter side (a landscape tile's title no larger than a poster's of
        // its height), smaller when the longest word would not fit a line (words are wrapped, never broken).
        let longestWord = title.split(separator: " ").map(\.count).max() ?? 1
        let letterSize = min(
            min(fullWidth, fullHeight) / 7, fullWidth * 0.85 / (Double(longestWord) * Rasteriser.boldAdvance))
        // Long titles shrink until the wrapped lettering fits in the lower two thirds of the art.
        var size = letterSize
        while !title.isEmpty, size >= 10 {
            if letter(
                title, into: surface, pixels: Int(size), width: fullWidth * 0.85,
                maxHeight: size > 10 ? fullHeight * 0.66 : .infinity,
                bottom: h / 8)
            {
                break
            }
            size *= 0.8
        }
    }
}

/// Gradient pairs for generated artwork: saturated, dark enough for white lettering.
enum ArtworkPalette {
    static let pairs: [(Color, Color)] = [
        (Color(230, 80, 70), Color(120, 30, 90)), (Color(60, 130, 230), Color(30, 40, 120)),
        (Color(40, 180, 150), Color(20, 70, 100)), (Color(240, 160, 40), Color(170, 50, 40)),
        (Color(150, 90, 220), Color(50, 30, 110)), (Color(70, 170, 90), Color(20, 80, 60)),
        (Color(220, 90, 150), Color(90, 40, 120)), (Color(80, 110, 140), Color(30, 40, 60)),
        (Color(200, 120, 60), Color(80, 40, 30)), (Color(50, 150, 200), Color(90, 40, 140)),
    ]
    static func colors(_ hash: UInt64) -> (Color, Color) { pairs[Int(hash % UInt64(pairs.count))] }
    /// A node's `color` as a gradient: the colour, to a darker shade of it.
    static func gradient(_ c: Color) -> (Color, Color) {
        func dark(_ v: UInt8) -> UInt8 { UInt8(Double(v) * 0.45) }
        return (c, Color(dark(c.r), dark(c.g), dark(c.b)))
    }
}

/// FNV-1a: the same on every run and platform (Swift's Hasher is seeded per process).
func stableHash(_ s: String) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in s.utf8 {
        h ^= UInt64(b)
        h = h &* 0x100_0000_01b3
    }
    return h
}
