@preconcurrency import CSDL2
import FocusEngine
import TenFootPresentation
import TenFootScene

/// The screen behind an alert, blurred: what is drawn so far is read back, averaged down by `blurDownsample`,
/// box-blurred three times each way (about a Gaussian), and drawn back over the screen, stretched with linear
/// filtering. Pure arithmetic on the pixels: the same frame blurs the same way in every run.
extension Rasteriser {
    /// The blur works on a picture this many times smaller each way (it is smooth: nothing is lost).
    static let blurDownsample = 4

    func blurScreen(radius: Double) {
        var area = pixelRect(Metrics.screen)
        let f = Rasteriser.blurDownsample
        let sw = Int(area.w) / f
        let sh = Int(area.h) / f
        guard sw > 2, sh > 2 else { return }
        let box = max(1, Int((radius * pixelScale / Double(f)).rounded()))
        // What is drawn so far, over the whole canvas (the clip does not limit reading).
        var full = [UInt32](repeating: 0, count: Int(area.w) * Int(area.h))
        let read = full.withUnsafeMutableBytes {
            SDL_RenderReadPixels(renderer, &area, SDL_PIXELFORMAT_ARGB8888.rawValue, $0.baseAddress, area.w * 4)
        }
        guard read == 0 else { return }
        // Averaged down f × f, channel by channel.
        var channels = [[Int]](repeating: [Int](repeating: 0, count: sw * sh), count: 3)
        let pitch = Int(area.w)
        for y in 0..<sh {
            for x in 0..<sw {
                var sum = (0, 0, 0)
                for dy in 0..<f {
                    let row = (y * f + dy) * pitch + x * f
                    for dx in 0..<f {
                        let p = full[row + dx]
                        sum.0 += Int(p >> 16 & 0xFF)
                        sum.1 += Int(p >> 8 & 0xFF)
                        sum.2 += Int(p & 0xFF)
                    }
                }
                let k = y * sw + x
                channels[0][k] = sum.0
                channels[1][k] = sum.1
                channels[2][k] = sum.2
            }
        }
        for c in 0..<3 {
            for _ in 0..<3 {
                Rasteriser.boxBlur(&channels[c], width: sw, height: sh, radius: box, horizontal: true)
                Rasteriser.boxBlur(&channels[c], width: sw, height: sh, radius: box, horizontal: false)
            }
        }
        let scale = f * f
        var small = [UInt32](repeating: 0, count: sw * sh)
        for k in 0..<(sw * sh) {
            let r = UInt32(min(255, (channels[0][k] + scale / 2) / scale))
            let g = UInt32(min(255, (channels[1][k] + scale / 2) / scale))
            let b = UInt32(min(255, (channels[2][k] + scale / 2) / scale))
            small[k] = 0xFF00_0000 | r << 16 | g << 8 | b
        }
        if blurTexture == nil || blurSize != (sw, sh) {
            if let old = blurTexture { SDL_DestroyTexture(old) }
            blurTexture = SDL_CreateTexture(
                renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(sw),
                Int32(sh))
            blurSize = (sw, sh)
            if let t = blurTexture {
                SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear)
                SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE)
            }
        }
        guard let texture = blurTexture else { return }
        _ = small.withUnsafeBytes { SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(sw * 4)) }
        SDL_RenderSetClipRect(renderer, nil)
        renderCopy(texture, nil, area)
        setClip(clipRect)
    }

    /// One box-blur pass of `radius` along rows or columns, edges clamped; sums stay exact (integers).
    static func boxBlur(_ v: inout [Int], width: Int, height: Int, radius: Int, horizontal: Bool) {
        let (lines, length) = horizontal ? (height, width) : (width, height)
        let step = horizontal ? 1 : width
        let span = 2 * radius + 1
        var line = [Int](repeating: 0, count: length)
        for l in 0..<lines {
            let start = horizontal ? l * width : l
            for i in 0..<length { line[i] = v[start + i * step] }
            var sum = 0
            for i in -radius...radius { sum += line[min(max(i, 0), length - 1)] }
            for i in 0..<length {
                v[start + i * step] = (sum + span / 2) / span
                sum += line[min(i + radius + 1, length - 1)] - line[max(i - radius, 0)]
            }
        }
    }
}
