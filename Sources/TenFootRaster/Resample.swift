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

        // Premultiplied pixels of the source (alpha, red, green, blue), then one pass per axis.
        var planes = [SIMD4<Float>](repeating: .zero, count: sw * sh)
        SDL_LockSurface(source)
        let pitch = Int(source.pointee.pitch) / 4
        let pixels = source.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0..<sh {
            for x in 0..<sw {
                let p = pixels[y * pitch + x]
                let a = Float(p >> 24) / 255
                planes[y * sw + x] = SIMD4(
                    a, Float(p >> 16 & 0xFF) * a, Float(p >> 8 & 0xFF) * a, Float(p & 0xFF) * a)
            }
        }
        SDL_UnlockSurface(source)
        let w = Int(width)
        let h = Int(height)
        // The taps flat, and every array read through its buffer: a colour emoji's cut pieces spent three quarters of
        // a screenshot here, most of it retaining and releasing each tap's row. The sums are the same, in the same
        // order, so the pixels are too.
        let across = Flat(taps(from: sw, to: w))
        var wide = [SIMD4<Float>](repeating: .zero, count: w * sh)
        planes.withUnsafeBufferPointer { planes in
            wide.withUnsafeMutableBufferPointer { wide in
                for y in 0..<sh {
                    for x in 0..<w {
                        var v = SIMD4<Float>.zero
                        for t in across.offsets[x]..<across.offsets[x + 1] {
                            v += planes[y * sw + across.sources[t]] * across.weights[t]
                        }
                        wide[y * w + x] = v
                    }
                }
            }
        }
        let down = Flat(taps(from: sh, to: h))
        SDL_LockSurface(out)
        let outPitch = Int(out.pointee.pitch) / 4
        let target = out.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        wide.withUnsafeBufferPointer { wide in
            for y in 0..<h {
                for x in 0..<w {
                    var v = SIMD4<Float>.zero
                    for t in down.offsets[y]..<down.offsets[y + 1] {
                        v += wide[down.sources[t] * w + x] * down.weights[t]
                    }
                    let a = min(1, max(0, v.x))
                    func channel(_ c: Float) -> UInt32 { a > 0 ? rounded(min(255, max(0, c / a))) : 0 }
                    target[y * outPitch + x] =
                        rounded(a * 255) << 24 | channel(v.y) << 16 | channel(v.z) << 8 | channel(v.w)
                }
            }
        }
        SDL_UnlockSurface(out)
        return out
    }

    /// `x` (0...255) rounded to the nearest whole number, halves up: what `x.rounded()` gives, without the call to
    /// `roundf` that was a quarter of drawing large emoji. `x - x.truncated` is exact below 2²³.
    @inline(__always) static func rounded(_ x: Float) -> UInt32 {
        let whole = UInt32(x)
        return x - Float(whole) >= 0.5 ? whole + 1 : whole
    }

    /// Taps laid out in three flat arrays: position `d`'s are `offsets[d]..<offsets[d + 1]`.
    struct Flat {
        var offsets: [Int] = [0]
        var sources: [Int] = []
        var weights: [Float] = []

        init(_ rows: [[(Int, Float)]]) {
            for row in rows {
                for (s, weight) in row {
                    sources.append(s)
                    weights.append(weight)
                }
                offsets.append(sources.count)
            }
        }
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
