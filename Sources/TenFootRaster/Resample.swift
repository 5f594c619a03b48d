@preconcurrency import CSDL2

/// Smooth resizing of small surfaces (colour emoji from their one bitmap strike): a separable triangle filter
/// whose support widens with the reduction, as Pillow's antialiased bilinear resize does, so shrinking
/// averages every source pixel (no dropped rows, no shimmer) and enlarging interpolates. Colour is
/// filtered premultiplied by alpha, so transparent edges do not darken. Pure arithmetic on the pixels: the
/// same input gives the same output on every machine.
enum Resample {
    /// `surface` at `width` × `height` as a new ARGB8888 surface (straight alpha, as SDL blends); nil when a
    /// size is not positive or SDL cannot allocate.
    static func resized(_ surface: UnsafeMutablePointer<SDL_Surface>, width: Int32, height: Int32)
        -> UnsafeMutablePointer<SDL_Surface>?
    {
        guard width > 0, height > 0,
            let source = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ARGB8888.rawValue, 0)
        else { return nil }
        defer { SDL_FreeSurface(source) }
        let sw = Int(source.pointee.w)
        let sh = Int(source.pointee.h)
        guard sw > 0, sh > 0,
            let out = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { return nil }

        // Premultiplied planes of the source, then one pass per axis.
        var planes = [Float](repeating: 0, count: sw * sh * 4)
        SDL_LockSurface(source)
        let pitch = Int(source.pointee.pitch) / 4
        let pixels = source.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0..<sh {
            for x in 0..<sw {
                let p = pixels[y * pitch + x]
                let a = Float(p >> 24) / 255
                let k = (y * sw + x) * 4
                planes[k] = a
                planes[k + 1] = Float(p >> 16 & 0xFF) * a
                planes[k + 2] = Float(p >> 8 & 0xFF) * a
                planes[k + 3] = Float(p & 0xFF) * a
            }
        }
        SDL_UnlockSurface(source)
        let w = Int(width)
        let h = Int(height)
        let across = taps(from: sw, to: w)
        var wide = [Float](repeating: 0, count: w * sh * 4)
        for y in 0..<sh {
            for x in 0..<w {
                for (s, weight) in across[x] {
                    for c in 0..<4 { wide[(y * w + x) * 4 + c] += planes[(y * sw + s) * 4 + c] * weight }
                }
            }
        }
        let down = taps(from: sh, to: h)
        SDL_LockSurface(out)
        let outPitch = Int(out.pointee.pitch) / 4
        let target = out.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0..<h {
            for x in 0..<w {
                var v: (Float, Float, Float, Float) = (0, 0, 0, 0)
                for (s, weight) in down[y] {
                    let k = (s * w + x) * 4
                    v.0 += wide[k] * weight
                    v.1 += wide[k + 1] * weight
                    v.2 += wide[k + 2] * weight
                    v.3 += wide[k + 3] * weight
                }
                let a = min(1, max(0, v.0))
                func channel(_ c: Float) -> UInt32 { a > 0 ? UInt32(min(255, max(0, c / a)).rounded()) : 0 }
                target[y * outPitch + x] =
                    UInt32((a * 255).rounded()) << 24 | channel(v.1) << 16 | channel(v.2) << 8 | channel(v.3)
            }
        }
        SDL_UnlockSurface(out)
        return out
    }

    /// For each of `to` output positions, the source positions it reads and their weights (summing to 1).
    static func taps(from: Int, to: Int) -> [[(Int, Float)]] {
        let scale = Double(to) / Double(from)
        let support = max(1, 1 / scale)
        return (0..<to).map { d in
            let centre = (Double(d) + 0.5) / scale - 0.5
            let lo = max(0, Int((centre - support).rounded(.up)))
            let hi = min(from - 1, Int((centre + support).rounded(.down)))
            var row: [(Int, Float)] = []
            for s in lo...max(lo, hi) where s < from {
                let weight = 1 - abs(Double(s) - centre) / support
                if weight > 0 { row.append((s, Float(weight))) }
            }
            if row.isEmpty { row = [(min(from - 1, max(0, Int(centre.rounded()))), 1)] }
            let total = row.reduce(Float(0)) { $0 + $1.1 }
            return row.map { ($0.0, $0.1 / total) }
        }
    }
}
