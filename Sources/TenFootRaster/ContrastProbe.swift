import FocusEngine
import Foundation
import TenFootPresentation
import TenFootScene

/// Text contrast measured on drawn pixels (WCAG 2.x, SC 1.4.3): the screen is drawn twice, with its texts
/// and without them; a text's glyphs are the pixels inside its box that differ between the two, and what is
/// behind it is the median colour (channel by channel) of the picture without texts at those pixels — so the
/// image, gradient or platter really behind each glyph decides, and anti-aliased edges do not.
public enum ContrastProbe {
    /// One drawn text: its string, its box in points, its size and weight, its colour as declared (its alpha
    /// blended over the background), the median background under its glyphs and the contrast ratio.
    public struct Sample: Sendable, Hashable {
        public var text: String
        public var box: Rect
        public var size: Double
        public var bold: Bool
        public var color: Color
        public var background: Color
        public var glyphPixels: Int
        public var ratio: Double
    }

    /// The WCAG contrast ratio of two opaque colours: (L1 + 0.05) / (L2 + 0.05), the lighter over the darker.
    public static func ratio(_ a: Color, _ b: Color) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// WCAG relative luminance of an sRGB colour (its alpha ignored).
    public static func luminance(_ c: Color) -> Double {
        func linear(_ v: UInt8) -> Double {
            let s = Double(v) / 255
            return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b)
    }

    /// `color` (with its alpha) over the opaque `background`.
    public static func blend(_ color: Color, over background: Color) -> Color {
        let a = Double(color.a) / 255
        func mix(_ f: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(f) * a + Double(b) * (1 - a)).rounded()) }
        return Color(mix(color.r, background.r), mix(color.g, background.g), mix(color.b, background.b))
    }

    /// Every text of `list` as drawn on `canvas` (whose pixels are points: 1920×1080), with its contrast.
    public static func samples(_ list: DisplayList, canvas: OffscreenCanvas, measurer: any TextMeasurer) -> [Sample] {
        let width = Int(canvas.width)
        let height = Int(canvas.height)
        canvas.draw(list)
        let with = snapshot(canvas)
        var without = list
        without.commands.removeAll {
            switch $0 {
            case .text, .textLine: true
            default: false
            }
        }
        canvas.draw(without)
        let behind = snapshot(canvas)
        let sx = Double(width) / Metrics.screen.width
        let sy = Double(height) / Metrics.screen.height
        var out: [Sample] = []
        var read: [SIMD4<Int>: (background: Color, pixels: Int)?] = [:]
        for command in list.commands {
            let text: String
            let box: Rect
            let size: Double
            let bold: Bool
            let color: Color
            switch command {
            case .text(let s, let x, let y, let sz, let b, let c, let centered, let maxWidth):
                let w = min(
                    measurer.line(s, size: sz, bold: b, direction: .natural(.leftToRight)).width, maxWidth ?? .infinity)
                (text, size, bold, color) = (s, sz, b, c)
                box = Rect(centered ? x - w / 2 : x, y, w, sz * 1.35)
            case .textLine(let line, let x, let y, let anchor, let c):
                let w = line.width
                let left: Double
                switch anchor {
                case .left: left = x
                case .center: left = x - w / 2
                case .right: left = x - w
                }
                (text, size, bold, color) = (line.text, line.size, line.bold, c)
                box = Rect(left, y, w, line.size * 1.35)
            default:
                continue
            }
            guard color.a > 0, !text.isEmpty else { continue }
            let x0 = max(0, Int((box.minX * sx).rounded(.down)))
            let x1 = min(width, Int((box.maxX * sx).rounded(.up)))
            let y0 = max(0, Int((box.minY * sy).rounded(.down)))
            let y1 = min(height, Int((box.maxY * sy).rounded(.up)))
            guard x0 < x1, y0 < y1 else { continue }
            // Texts piled in one place read the same pixels: each box is read once.
            let key = SIMD4(x0, x1, y0, y1)
            let found: (background: Color, pixels: Int)?
            if let cached = read[key] {
                found = cached
            } else {
                // One histogram a channel: its median is read off the counts, not sorted out.
                var counts = [Int](repeating: 0, count: 3 * 256)
                var pixels = 0
                for y in y0..<y1 {
                    for x in x0..<x1 where with[y * width + x] != behind[y * width + x] {
                        let p = Int(behind[y * width + x])
                        counts[p >> 16 & 0xFF] += 1
                        counts[256 + (p >> 8 & 0xFF)] += 1
                        counts[512 + (p & 0xFF)] += 1
                        pixels += 1
                    }
                }
                found =
                    pixels == 0
                    ? nil
                    : (
                        Color(
                            median(counts[0..<256], of: pixels), median(counts[256..<512], of: pixels),
                            median(counts[512...], of: pixels)), pixels
                    )
                read[key] = .some(found)
            }
            guard let (background, pixels) = found else { continue }
            let drawn = blend(color, over: background)
            out.append(
                Sample(
                    text: text, box: box, size: size, bold: bold, color: drawn, background: background,
                    glyphPixels: pixels, ratio: ratio(drawn, background)))
        }
        return out
    }

    /// The pixels of `canvas` as 0xRRGGBB values, row by row.
    static func snapshot(_ canvas: OffscreenCanvas) -> [UInt32] {
        let width = Int(canvas.width)
        let height = Int(canvas.height)
        var out = [UInt32](repeating: 0, count: width * height)
        let bytes = canvas.bytes()
        let pitch = canvas.pitch
        guard let base = bytes.baseAddress else { return out }
        for y in 0..<height {
            let row = (base + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { out[y * width + x] = row[x] & 0xFF_FFFF }
        }
        return out
    }

    /// The median of `total` values counted by value (`histogram[v]` of them are `v`): the value at `total / 2`
    /// once they are in order.
    static func median(_ histogram: ArraySlice<Int>, of total: Int) -> UInt8 {
        var seen = 0
        for (v, n) in histogram.enumerated() {
            seen += n
            if seen > total / 2 { return UInt8(v) }
        }
        return 255
    }

    /// Whether two states look the same inside `frame` (points): the focus sign check.
    public static func looksTheSame(_ a: DisplayList, _ b: DisplayList, in frame: Rect, canvas: OffscreenCanvas) -> Bool
    {
        canvas.draw(a)
        let first = snapshot(canvas)
        canvas.draw(b)
        let second = snapshot(canvas)
        let width = Int(canvas.width)
        let sx = Double(canvas.width) / Metrics.screen.width
        let sy = Double(canvas.height) / Metrics.screen.height
        let x0 = max(0, Int(frame.minX * sx))
        let x1 = min(width, Int((frame.maxX * sx).rounded(.up)))
        let y0 = max(0, Int(frame.minY * sy))
        let y1 = min(Int(canvas.height), Int((frame.maxY * sy).rounded(.up)))
        guard x0 < x1, y0 < y1 else { return true }
        for y in y0..<y1 {
            for x in x0..<x1 where first[y * width + x] != second[y * width + x] { return false }
        }
        return true
    }
}
