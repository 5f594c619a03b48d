@preconcurrency import CSDL2
import CSDL2TTF
import CSDL2Image
import Foundation
import FocusEngine
import TenFootSim

/// Textures the rasteriser makes itself (masks, shadows, glows, generated artwork) and the images it
/// loads, each cached.
extension Rasteriser {
    /// Makes an ARGB8888 streaming-free static texture from a pixel function.
    func makeTexture(width: Int32, height: Int32, _ pixel: (Int, Int) -> UInt32) -> OpaquePointer? {
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else { return nil }
        defer { SDL_FreeSurface(surface) }
        SDL_LockSurface(surface)
        let pitch = Int(surface.pointee.pitch) / 4
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0 ..< Int(height) { for x in 0 ..< Int(width) { pixels[y * pitch + x] = pixel(x, y) } }
        SDL_UnlockSurface(surface)
        guard let tex = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(tex, SDL_ScaleModeLinear)
        return tex
    }

    /// Coverage of a rounded rectangle at a pixel centre (anti-aliased over one pixel).
    static func roundedCoverage(_ x: Double, _ y: Double, w: Double, h: Double, r: Double) -> Double {
        let cx = min(max(x, r), w - r), cy = min(max(y, r), h - r)
        let d = ((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot()
        return max(0, min(1, r - d + 0.5))
    }

    func roundedMask() -> OpaquePointer {
        if let t = maskTexture { return t }
        let n = Double(Rasteriser.maskSize)
        let t = makeTexture(width: Rasteriser.maskSize, height: Rasteriser.maskSize) { x, y in
            let a = Rasteriser.roundedCoverage(Double(x) + 0.5, Double(y) + 0.5, w: n, h: n, r: Rasteriser.maskRadius)
            return UInt32(a * 255) << 24 | 0x00FF_FFFF
        }!
        maskTexture = t
        return t
    }

    func shadow() -> OpaquePointer {
        if let t = shadowTexture { return t }
        let n = Double(Rasteriser.shadowSize), pad = Rasteriser.shadowPad
        let t = makeTexture(width: Rasteriser.shadowSize, height: Rasteriser.shadowSize) { x, y in
            // Distance outside the inner rectangle, turned into a smooth falloff.
            let px = Double(x) + 0.5, py = Double(y) + 0.5
            let dx = max(pad - px, 0, px - (n - pad)), dy = max(pad - py, 0, py - (n - pad))
            let d = (dx * dx + dy * dy).squareRoot() / pad
            let a = max(0, 1 - d)
            let alpha = a * a * (3 - 2 * a)
            return UInt32(alpha * 255) << 24
        }!
        shadowTexture = t
        return t
    }

    /// The specular light spot, made at the pixel size it is drawn (64-px steps) so drawing it is
    /// a blit, not a stretch.
    func glow(pixels: Int32) -> OpaquePointer {
        let n = max(16, min(2048, pixels))
        if let t = glowCache[n] { return t }
        let half = Double(n) / 2
        let t = makeTexture(width: n, height: n) { x, y in
            let dx = (Double(x) + 0.5 - half) / half, dy = (Double(y) + 0.5 - half) / half
            let d = min(1, (dx * dx + dy * dy).squareRoot())
            let a = (1 - d) * (1 - d)
            return UInt32(a * 255) << 24 | 0x00FF_FFFF
        }!
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
        glowCache[n] = t
        return t
    }

    /// Deterministic poster art for a title: a diagonal two-colour gradient from a hash of the seed,
    /// rounded corners baked in, and the title lettered across its lower part.
    func artwork(seed: String, title: String, size: Rect) -> OpaquePointer? {
        let w = Int32(max(8, (size.width * pixelScale).rounded())), h = Int32(max(8, (size.height * pixelScale).rounded()))
        artworkUse[seed] = frameNumber
        let cached = artworkCache[seed] ?? []
        if let exact = cached.first(where: { $0.w == w && $0.h == h }) { artworkLastSize[seed] = (w, h); return exact.texture }
        // While an item animates its size changes every frame: scale the nearest texture rather than
        // making one per frame. A size seen twice in a row is a resting size: make it exactly.
        let stable = artworkLastSize[seed].map { $0 == (w, h) } ?? true
        artworkLastSize[seed] = (w, h)
        if !stable, let nearest = cached.min(by: { abs(Int($0.w) - Int(w)) < abs(Int($1.w) - Int(w)) }) { return nearest.texture }
        guard let texture = makeArtwork(seed: seed, title: title, w: w, h: h) else { return nil }
        var list = cached + [(w, h, texture)]
        if list.count > Rasteriser.artworkSizesPerSeed { destroyArtwork(list.removeFirst().texture) }
        artworkCache[seed] = list
        return texture
    }

    func destroyArtwork(_ texture: OpaquePointer) {
        if let twin = opaqueTwins.removeValue(forKey: texture) { SDL_DestroyTexture(twin) }
        SDL_DestroyTexture(texture)
    }

    /// Draws the artwork texture for a seed at one pixel size.
    func makeArtwork(seed: String, title: String, w: Int32, h: Int32) -> OpaquePointer? {
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else { return nil }
        defer { SDL_FreeSurface(surface) }
        let (c1, c2) = ArtworkPalette.colors(stableHash(seed))
        let radius = SceneRenderer.cornerRadius * pixelScale
        let W = Double(w), H = Double(h)
        SDL_LockSurface(surface)
        let pitch = Int(surface.pointee.pitch) / 4
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0 ..< Int(h) {
            for x in 0 ..< Int(w) {
                let t = Double(x) / W * 0.6 + Double(y) / H * 0.4
                let r = Double(c1.r) + (Double(c2.r) - Double(c1.r)) * t
                let g = Double(c1.g) + (Double(c2.g) - Double(c1.g)) * t
                let b = Double(c1.b) + (Double(c2.b) - Double(c1.b)) * t
                let a = Rasteriser.roundedCoverage(Double(x) + 0.5, Double(y) + 0.5, w: W, h: H, r: radius)
                pixels[y * pitch + x] = UInt32(a * 255) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
            }
        }
        SDL_UnlockSurface(surface)
        // Lettering about a seventh of the width, smaller when the longest word would not fit a line
        // (words are wrapped, never broken).
        let longestWord = title.split(separator: " ").map(\.count).max() ?? 1
        let letterSize = min(W / 7, W * 0.85 / (Double(longestWord) * Rasteriser.boldAdvance))
        // Long titles shrink until the wrapped lettering fits in the lower two thirds of the art.
        var size = letterSize
        while !title.isEmpty, size >= 10 {
            if letter(title, into: surface, pixels: Int(size), width: W * 0.85, maxHeight: size > 10 ? H * 0.66 : .infinity, bottom: h / 8) { break }
            size *= 0.8
        }
        guard let tex = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(tex, SDL_ScaleModeLinear)
        // Backdrops cross-fade: keep a copy without an alpha channel, whose rows between the corners SDL
        // blends with a constant alpha on its fast path (per-pixel alpha plus a fade is the slow path).
        if W > 2 * H, let opaque = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_RGB888.rawValue, 0) {
            if let twin = SDL_CreateTextureFromSurface(renderer, opaque) {
                SDL_SetTextureBlendMode(twin, SDL_BLENDMODE_BLEND)
                opaqueTwins[tex] = twin
            }
            SDL_FreeSurface(opaque)
        }
        return tex
    }

    func image(_ path: String) -> OpaquePointer? {
        let full = path.hasPrefix("/") ? path : (imageBase as NSString).appendingPathComponent(path)
        if let hit = imageCache[full] { return hit }
        var tex: OpaquePointer?
        if let surface = IMG_Load(full) {
            tex = SDL_CreateTextureFromSurface(renderer, surface)
            SDL_FreeSurface(surface)
            if let tex { SDL_SetTextureScaleMode(tex, SDL_ScaleModeLinear) }
        }
        imageCache[full] = tex
        return tex
    }

    /// The image files drawn so far (paths as opened, sorted; those that failed to load too, so their
    /// arrival is noticed): what the live preview watches.
    public var loadedImages: [String] { imageCache.keys.sorted() }
    public var loadedImageCount: Int { imageCache.count }

    /// Forgets loaded images (after a file changed on disk).
    public func reloadImages() {
        for (_, t) in imageCache { if let t { SDL_DestroyTexture(t) } }
        imageCache = [:]
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
}

/// FNV-1a: the same on every run and platform (Swift's Hasher is seeded per process).
func stableHash(_ s: String) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in s.utf8 { h ^= UInt64(b); h = h &* 0x100_0000_01b3 }
    return h
}
