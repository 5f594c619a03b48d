@preconcurrency import CSDL2
import CSDL2TTF
import CSDL2Image
import Foundation
import FocusEngine
import TenFootSim

/// Text: fitted to its width with an ellipsis, rasterised once per string, size and weight, and
/// evicted when unused.
extension Rasteriser {
    func drawText(_ text: String, x: Double, y: Double, size: Double, bold: Bool, color: Color, centered: Bool, maxWidth: Double?) {
        let s = maxWidth.map { fitting(text, size: size, bold: bold, width: $0) } ?? text
        guard !s.isEmpty, let (tex, w, h) = textTexture(s, size: size, bold: bold) else { return }
        SDL_SetTextureColorMod(tex, color.r, color.g, color.b)
        SDL_SetTextureAlphaMod(tex, color.a)
        // Textures are rasterised at output pixels; draw them back at point size.
        var width = Double(w) / pixelScale
        var src = SDL_Rect(x: 0, y: 0, w: w, h: h)
        if let maxWidth, width > maxWidth, maxWidth > 0 {
            src.w = Int32(maxWidth * pixelScale); width = maxWidth
        }
        // Text keeps its rasterised pixel size: only its origin is converted (no resampling blur).
        var d = SDL_Rect(x: Int32(px(centered ? x - width / 2 : x)), y: Int32(py(y)), w: src.w, h: src.h)
        SDL_RenderCopy(renderer, tex, &src, &d)
    }

    /// `text` as it fits in `width` points: whole, or cut at a character with "…" (cached).
    func fitting(_ text: String, size: Double, bold: Bool, width: Double) -> String {
        let key = TextKey(text: text + "\u{0}" + String(Int(width)), size: Int((size * pixelScale).rounded()), bold: bold)
        if let hit = fittedText[key] { return hit }
        guard let font = fonts.font(pixels: key.size, bold: bold) else { return text }
        func fits(_ s: String) -> Bool {
            var w: Int32 = 0, h: Int32 = 0
            TTF_SizeUTF8(font, s, &w, &h)
            return Double(w) <= width * pixelScale
        }
        var result = text
        if !fits(text) {
            let chars = Array(text)
            var lo = 0, hi = chars.count
            while lo < hi {  // the longest prefix that fits with the ellipsis
                let mid = (lo + hi + 1) / 2
                if fits(String(chars[..<mid]).trimmingCharacters(in: .whitespaces) + "…") { lo = mid } else { hi = mid - 1 }
            }
            result = String(chars[..<lo]).trimmingCharacters(in: .whitespaces) + "…"
        }
        fittedText[key] = result
        return result
    }

    func textTexture(_ s: String, size: Double, bold: Bool) -> (OpaquePointer, Int32, Int32)? {
        let px = Int((size * pixelScale).rounded())
        let key = TextKey(text: s, size: px, bold: bold)
        textUse[key] = frameNumber
        if let hit = textCache[key] { return hit }
        guard let font = fonts.font(pixels: px, bold: bold),
              let surface = TTF_RenderUTF8_Blended(font, s, SDL_Color(r: 255, g: 255, b: 255, a: 255)) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let tex = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
        let entry = (tex, surface.pointee.w, surface.pointee.h)
        textCache[key] = entry
        return entry
    }

    /// Frees text and artwork textures not drawn for a while (a long scroll through a catalogue must
    /// not keep every poster it passed).
    func evictText() {
        for (key, used) in textUse where frameNumber - used > Rasteriser.textEvictFrames {
            if let t = textCache.removeValue(forKey: key) { SDL_DestroyTexture(t.0) }
            textUse.removeValue(forKey: key)
        }
        for (seed, used) in artworkUse where frameNumber - used > Rasteriser.textEvictFrames {
            for t in artworkCache.removeValue(forKey: seed) ?? [] { destroyArtwork(t.texture) }
            artworkUse.removeValue(forKey: seed)
            artworkLastSize.removeValue(forKey: seed)
        }
    }
}
