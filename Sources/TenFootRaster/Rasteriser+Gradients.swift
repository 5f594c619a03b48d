@preconcurrency import CSDL2
import FocusEngine
import TenFootPresentation
import TenFootScene

/// Fades drawn without bands: a texture at the output's pixels, one opacity per pixel row, each pixel's 8-bit
/// alpha rounded up or down by an 8×8 ordered-dither threshold, so the average over a few pixels is the exact
/// opacity (a fade over 40 points of 0.72 opacity moves about one level of 255 a pixel row, and 8-bit
/// steps, drawn flat, would otherwise show as bands — worse in yuv420p video and GIF palettes).
extension Rasteriser {
    /// The 8×8 Bayer matrix's thresholds, (k + 0.5) / 64.
    static let bayer8: [Double] = {
        var m = [[0]]
        while m.count < 8 {
            let n = m.count
            var next = Array(repeating: Array(repeating: 0, count: 2 * n), count: 2 * n)
            for y in 0..<n {
                for x in 0..<n {
                    let v = 4 * m[y][x]
                    next[y][x] = v
                    next[y][x + n] = v + 2
                    next[y + n][x] = v + 3
                    next[y + n][x + n] = v + 1
                }
            }
            m = next
        }
        return m.flatMap { $0 }.map { (Double($0) + 0.5) / 64 }
    }()

    /// The opacity of a fade `top` → `bottom` at `t` (0 at the top edge, 1 at the foot).
    static func fade(top: Double, bottom: Double, smooth: Bool, at t: Double) -> Double {
        let s = smooth ? t * t * (3 - 2 * t) : t
        return top + (bottom - top) * s
    }

    func drawGradient(_ r: Rect, color: Color, top: Double, bottom: Double, smooth: Bool) {
        let d = pixelRect(r)
        guard d.w > 0, d.h > 0, max(top, bottom) > 0.001 else { return }
        let key = GradientKey(
            w: d.w, h: d.h, rgb: UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b),
            top: Int((top * 4096).rounded()), bottom: Int((bottom * 4096).rounded()), smooth: smooth)
        gradientUse[key] = frameNumber
        let texture: OpaquePointer
        if let hit = gradientTextures[key] {
            texture = hit
        } else {
            let rows = Int(d.h)
            let opacity = (0..<rows).map {
                Rasteriser.fade(top: top, bottom: bottom, smooth: smooth, at: (Double($0) + 0.5) / Double(rows))
            }
            let rgb = key.rgb
            guard
                let made = makeTexture(
                    width: d.w, height: d.h,
                    { x, y in
                        let a = max(
                            0, min(255, (opacity[y] * 255 + Rasteriser.bayer8[(y & 7) * 8 + (x & 7)]).rounded(.down)))
                        return UInt32(a) << 24 | rgb
                    })
            else { return }
            // Copied 1:1 onto output pixels: no filtering to smear the pattern.
            SDL_SetTextureScaleMode(made, SDL_ScaleModeNearest)
            texture = made
            gradientTextures[key] = made
            evictGradients()
        }
        // A fill, as the rectangles it stands for: the cross-fade alpha of artwork does not apply.
        SDL_SetTextureAlphaMod(texture, 255)
        renderCopy(texture, nil, d)
    }

    /// Keeps the fades of the last few frames (a tab bar sliding makes a new size each frame only if it
    /// resizes, which it does not; a window resize does).
    func evictGradients() {
        guard gradientTextures.count > Rasteriser.gradientsKept else { return }
        let oldest = gradientUse.sorted {
            $0.value != $1.value ? $0.value < $1.value : $0.key.order.lexicographicallyPrecedes($1.key.order)
        }
        for (key, _) in oldest.prefix(gradientTextures.count - Rasteriser.gradientsKept) {
            if let t = gradientTextures.removeValue(forKey: key) { SDL_DestroyTexture(t) }
            gradientUse[key] = nil
        }
    }

    static let gradientsKept = 16
}

/// A fade's texture: its size in output pixels, its colour and its opacities (in 4096ths).
struct GradientKey: Hashable {
    var w: Int32
    var h: Int32
    var rgb: UInt32
    var top: Int
    var bottom: Int
    var smooth: Bool

    /// A total order, for evicting the same textures in every process.
    var order: [Int] { [Int(w), Int(h), Int(rgb), top, bottom, smooth ? 1 : 0] }
}
