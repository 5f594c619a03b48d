import FocusEngine
import Foundation
import SDLTestLock
import TenFootPresentation
import TenFootScene
import Testing

@testable import TenFootRaster

/// Contrast measured on drawn pixels: the WCAG ratio against a calculator's answers, and a text whose own
/// colour would pass against the screen but fails against what is really drawn behind it.
@Suite(.serialized, .sdlExclusive) struct ContrastProbeTests {
    static func color(_ hex: String) -> Color { Color(hex: "#" + hex)! }

    /// WebAIM's contrast checker gives these (two decimals); so must the audit's ratio.
    @Test func theRatioAgreesWithAWCAGCalculator() {
        let pairs: [(String, String, Double)] = [
            ("000000", "ffffff", 21.00), ("777777", "ffffff", 4.48), ("767676", "ffffff", 4.54),
            ("595959", "ffffff", 7.00), ("ff0000", "ffffff", 4.00), ("0000ff", "ffffff", 8.59),
            ("008000", "ffffff", 5.14), ("ffff00", "000000", 19.56), ("00ff00", "000000", 15.30),
            ("808080", "ffffff", 3.95), ("808080", "000000", 5.32), ("1e90ff", "ffffff", 3.24),
            ("aaaab4", "33353a", 5.33), ("9698a2", "33353a", 4.27), ("ebebf0", "2b7a4a", 4.43),
            ("f0f0f5", "121216", 16.45), ("ffffff", "e8e8e8", 1.23), ("333333", "cccccc", 7.87),
            ("663399", "f5f5dc", 7.60), ("ff8c00", "1a1a1a", 7.46), ("4a4a4a", "4b4b4b", 1.02),
            ("ffffff", "ffffff", 1.00),
        ]
        #expect(pairs.count >= 20)
        for (a, b, want) in pairs {
            let got = ContrastProbe.ratio(Self.color(a), Self.color(b))
            #expect(abs(got - want) < 0.005 + 1e-9, "\(a) on \(b): \(got), not \(want)")
            #expect(ContrastProbe.ratio(Self.color(b), Self.color(a)) == got, "the order does not matter")
        }
        // A translucent colour is what it looks like over its background.
        #expect(ContrastProbe.blend(Color(255, 255, 255, 128), over: Color(0, 0, 0)) == Color(128, 128, 128))
        // As the findings name colours.
        #expect(Color(1, 171, 255, 16).rgbHex == "#01abff" && Color(1, 171, 255, 16).description == "#01abff10")
    }

    /// The median read off a histogram is the middle value of the values sorted.
    @Test func theHistogramsMedianIsTheSortedMiddle() {
        var generator = SystemRandomNumberGenerator()
        for count in [1, 2, 3, 4, 7, 100, 1001] {
            let values = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            var histogram = [Int](repeating: 0, count: 256)
            for v in values { histogram[Int(v)] += 1 }
            #expect(ContrastProbe.median(histogram[...], of: count) == values.sorted()[count / 2], "\(values)")
        }
        #expect(ContrastProbe.median([0, 0, 3, 1][...], of: 4) == 2)
        #expect(ContrastProbe.median([1, 0, 0, 1][...], of: 2) == 3)
    }

    /// Texts piled in one box read its pixels once, and each keeps its own colour and ratio.
    @Test func textsInOneBoxShareTheirPixelsNotTheirColours() throws {
        let fonts = try FontCache()
        let canvas = try OffscreenCanvas(width: 1920, height: 1080, fonts: fonts)
        var list = DisplayList()
        list.add(.clear(Color(18, 18, 22)))
        for color in [Color(255, 255, 255), Color(40, 40, 40), Color(255, 255, 255)] {
            list.add(
                .text("Piled", x: 140, y: 150, size: 48, bold: false, color: color, centered: false, maxWidth: nil))
        }
        let samples = ContrastProbe.samples(list, canvas: canvas, measurer: TrueTypeMeasurer(fonts: fonts))
        #expect(samples.count == 3)
        #expect(Set(samples.map(\.background)).count == 1 && Set(samples.map(\.glyphPixels)).count == 1)
        #expect(samples[0].ratio > 15 && samples[1].ratio < 1.5 && samples[2].ratio == samples[0].ratio)
    }

    /// White text on the dark screen passes (about 18:1), but drawn over a pale panel it fails: the probe
    /// measures the panel's pixels under the glyphs, not the screen's colour.
    @Test func thePixelsBehindTheGlyphsDecide() throws {
        let canvas = try OffscreenCanvas(width: 1920, height: 1080, fonts: try FontCache())
        let white = Color(255, 255, 255)
        let screen = Color(18, 18, 22)
        #expect(ContrastProbe.ratio(white, screen) > 4.5)
        var list = DisplayList()
        list.add(.clear(screen))
        list.add(.rect(Rect(100, 100, 800, 200), radius: 0, color: Color(232, 232, 232)))
        list.add(
            .text("On the panel", x: 140, y: 150, size: 48, bold: false, color: white, centered: false, maxWidth: nil))
        list.add(
            .text("On the screen", x: 140, y: 500, size: 48, bold: false, color: white, centered: false, maxWidth: nil))
        let samples = ContrastProbe.samples(list, canvas: canvas, measurer: TrueTypeMeasurer(fonts: try FontCache()))
        let panel = try #require(samples.first { $0.text == "On the panel" })
        let open = try #require(samples.first { $0.text == "On the screen" })
        #expect(panel.background == Color(232, 232, 232) && panel.ratio < 1.3 && panel.glyphPixels > 100)
        #expect(open.background == screen && open.ratio > 15)
        // A glyph's anti-aliased edge is half text, half panel; the median is the panel's colour all the same.
        #expect(ContrastProbe.luminance(panel.background) == ContrastProbe.luminance(Color(232, 232, 232)))
    }
}
