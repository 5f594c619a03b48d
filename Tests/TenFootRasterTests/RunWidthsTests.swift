import CSDL2TTF
import Foundation
import TenFootScene
import Testing

@testable import TenFootRaster

/// ``RunWidths`` measures runs as SDL_ttf's `TTF_SizeUTF8` does, with a glyph cache of its own: the same number, to
/// the pixel, for every bundled text font, both weights, sizes from a caption to a 4K title, in every script the fonts
/// cover and in scripts a font does not cover (its missing-glyph box), with marks, ligatures, kerning, a NUL, and a
/// line of more distinct glyphs than SDL_ttf's cache holds.
@Suite struct RunWidthsTests {
    static let samples: [(text: String, script: String, rightToLeft: Bool)] = [
        ("", "Latn", false),
        (" ", "Latn", false),
        ("Hello, World! AVAWAY To Ty Wa fi ffl 0123456789", "Latn", false),
        ("Ça été « déjà » vu — Ångström naïve ŝ̃ ẞ", "Latn", false),
        ("Ελληνικά и кириллица", "Grek", false),
        ("a\u{0}b", "Latn", false),
        ("مرحبا بالعالم، كيف حالك؟ لا إله", "Arab", true),
        ("الْعَرَبِيَّةُ ١٢٣", "Arab", true),
        ("שָׁלוֹם עוֹלָם", "Hebr", true),
        ("नमस्ते दुनिया क्षत्रिय", "Deva", false),
        ("สวัสดีชาวโลก ที่นี่", "Thai", false),
        ("日本語のテキストと한국어 텍스트", "Hani", false),
        ("mixed العربية in one run", "Zyyy", false),
        ("\u{0301}a\u{0301}\u{0308}\u{0323}", "Latn", false),
        ("f\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}", "Latn", false),
        ("ก\u{0E34}\u{0E48}ป\u{0E35}\u{0E49}", "Thai", false),
        ("\u{064B}\u{0651}ب\u{064E}\u{0651}", "Arab", true),
        ("\u{05B8}ב\u{05BC}\u{05B8}", "Hebr", true),
        ("\u{093F}क\u{093F}र्\u{0930}", "Deva", false),
        (String((0x4E00..<0x4E00 + 600).compactMap(Unicode.Scalar.init).map(Character.init)), "Hani", false),
    ]

    @Test func runsMeasureAsSDLTTFMeasuresThem() throws {
        let fonts = try FontCache()
        fonts.lock.lock()
        defer { fonts.lock.unlock() }
        let widths = try #require(fonts.runWidths)
        var compared = 0
        var different: [String] = []
        for family in FontFamily.allCases where !family.isColorBitmap {
            for bold in [false, true] {
                for pixels in [9, 17, 29, 38, 57, 152] {
                    let (key, file) = fonts.faceKey(family, bold: bold, pixels: pixels)
                    let bytes = try #require(fonts.fileBytes(file()))
                    for s in Self.samples {
                        let ours = try #require(
                            widths.width(
                                of: s.text, key: key, bytes: bytes, script: s.script, rightToLeft: s.rightToLeft))
                        // Asked again, a short run is answered from what the face keeps: the same number.
                        let again = widths.width(
                            of: s.text, key: key, bytes: bytes, script: s.script, rightToLeft: s.rightToLeft)
                        let font = try #require(
                            fonts.prepared(
                                family, script: s.script, rightToLeft: s.rightToLeft, bold: bold, pixels: pixels))
                        var w: Int32 = 0
                        var h: Int32 = 0
                        TTF_SizeUTF8(font, s.text, &w, &h)
                        if ours != w || again != w {
                            different.append(
                                "\(family) bold \(bold) \(pixels) px '\(s.text.prefix(20))': \(ours), \(again ?? -1) ≠ \(w)"
                            )
                        }
                        compared += 1
                    }
                }
            }
        }
        #expect(different.isEmpty, "\(different.prefix(20))")
        #expect(compared == 6 * 2 * 6 * Self.samples.count)
        #expect(FontFamily.allCases.allSatisfy { $0.hasBoldFile == ($0.file(bold: true) != nil) })
    }

    /// The characters a face has, asked of FreeType (which the itemizer asks, so that measuring text never loads
    /// SDL), are those SDL_ttf's `TTF_GlyphIsProvided32` says it has: every bundled face, both weights, every
    /// character of the Basic Multilingual Plane and the emoji and symbol planes' first blocks.
    @Test func charactersAreThoseSDLTTFSaysAFaceHas() throws {
        let fonts = try FontCache()
        fonts.lock.lock()
        defer { fonts.lock.unlock() }
        let widths = try #require(fonts.runWidths)
        var asked = 0
        var different: [String] = []
        for family in FontFamily.allCases {
            for bold in [false, true] {
                let (key, file) = fonts.faceKey(family, bold: bold, pixels: 29)
                let ttf = try #require(fonts.face(family, bold: bold, pixels: 29))
                guard let characters = widths.characters(key, bytes: fonts.fileBytes(file())) else {
                    // Not opened by FreeType here (the colour emoji strike): the itemizer asks SDL_ttf.
                    #expect(family.isColorBitmap, "\(family) has no characters")
                    continue
                }
                for scalar in UInt32(0)..<0x2_0000 {
                    asked += 1
                    if characters.provides(scalar) != (TTF_GlyphIsProvided32(ttf, scalar) != 0) {
                        different.append("\(family) bold \(bold) U+\(String(scalar, radix: 16))")
                    }
                }
            }
        }
        #expect(different.isEmpty, "\(different.count): \(different.prefix(20))")
        #expect(asked >= 10 * 0x2_0000)
    }

    /// A glyph's box is loaded once per face and size: measuring the same long line again loads nothing.
    @Test func eachGlyphIsLoadedOnce() throws {
        let fonts = try FontCache()
        let text = String((0x4E00..<0x4E00 + 2_000).compactMap(Unicode.Scalar.init).map(Character.init))
        let first = fonts.line(text, pixels: 38, bold: false, direction: .natural(.leftToRight))
        fonts.lock.lock()
        let loaded = fonts.runWidths?.glyphsLoaded ?? 0
        fonts.lock.unlock()
        let again = fonts.line(text, pixels: 38, bold: false, direction: .natural(.leftToRight))
        fonts.lock.lock()
        defer { fonts.lock.unlock() }
        #expect(loaded >= 2_000 && fonts.runWidths?.glyphsLoaded == loaded)
        #expect(first.runs.map(\.width) == again.runs.map(\.width))
    }

    /// A short run is shaped once per face, script and direction, however often lines that hold it are measured (a
    /// line of text changing script every character is such runs, try after try); a long one each time; a run that
    /// differs only in its bytes (a decomposed "é") is shaped as itself.
    @Test func shortRunsAreShapedOncePerFace() throws {
        let fonts = try FontCache()
        fonts.lock.lock()
        defer { fonts.lock.unlock() }
        let widths = try #require(fonts.runWidths)
        let (key, file) = fonts.faceKey(.dejaVuSans, bold: false, pixels: 29)
        let bytes = try #require(fonts.fileBytes(file()))
        func shapes(_ text: String, script: String = "Latn", rightToLeft: Bool = false) -> Int {
            let before = widths.runsShaped
            _ = widths.width(of: text, key: key, bytes: bytes, script: script, rightToLeft: rightToLeft)
            return widths.runsShaped - before
        }
        #expect(shapes("ab") == 1)
        #expect(shapes("ab") == 0)
        #expect(shapes("ab", rightToLeft: true) == 1)
        #expect(shapes("ab", script: "Grek") == 1)
        #expect(shapes("\u{E9}") == 1 && shapes("e\u{301}") == 1 && shapes("e\u{301}") == 0)
        let long = String(repeating: "x", count: RunWidths.keptRunBytes + 1)
        #expect(shapes(long) == 1 && shapes(long) == 1)
        let kept = String(repeating: "x", count: RunWidths.keptRunBytes)
        #expect(shapes(kept) == 1 && shapes(kept) == 0)
        // Another face of the same family measures for itself.
        let (bigger, _) = fonts.faceKey(.dejaVuSans, bold: false, pixels: 30)
        let before = widths.runsShaped
        _ = widths.width(of: "ab", key: bigger, bytes: bytes, script: "Latn", rightToLeft: false)
        #expect(widths.runsShaped == before + 1)
    }
}
