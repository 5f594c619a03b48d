@preconcurrency import CSDL2
import FocusEngine
import Foundation
import TenFootPresentation
import TenFootScene
import TestSupport
import Testing

@testable import TenFootRaster

/// Colour emoji: emoji-presentation clusters go to Noto Color Emoji in runs of their own, are measured and
/// drawn at the text's size (not the font's one 109 px strike), smoothly scaled, in their own colours.
extension RasterTests {
    /// The fonts of a line's runs, as (text, font) in visual order.
    static func fonts(_ text: String, fonts: FontCache) -> [(String, FontFamily)] {
        fonts.line(text, pixels: 40, bold: false, direction: .natural(.leftToRight)).runs.map { ($0.text, $0.font) }
    }

    @Test func emojiPresentationClustersTakeTheColourFont() throws {
        let cache = try FontCache()
        let runs = Self.fonts("Like 😀 ❤️ ❤ 1️⃣ 1 🇯🇵 👍🏽 ☺︎", fonts: cache)
        let emoji = runs.filter { $0.1 == .notoColorEmoji }.map(\.0).joined()
        // Default emoji presentation, VS16, keycaps, flags and skin tones; not a bare ❤, a digit or VS15.
        #expect(emoji.contains("😀"))
        #expect(emoji.contains("❤\u{FE0F}"))
        #expect(emoji.contains("1\u{FE0F}\u{20E3}"))
        #expect(emoji.contains("🇯🇵"))
        #expect(emoji.contains("👍🏽"))
        let text = runs.filter { $0.1 != .notoColorEmoji }.map(\.0).joined()
        #expect(text.contains("❤ ") && text.contains(" 1 "))
        #expect(text.contains("☺\u{FE0E}"))
        #expect(text.contains("Like "))
    }

    /// The shortcut that answers a text without emoji without cutting it into clusters misses no character that
    /// can make one: every emoji character outside the four below U+2000 that need a VS16 or keycap after them, every
    /// emoji-presentation character and modifier, and those marks themselves.
    @Test func theEmojiShortcutMissesNoEmojiCharacter() {
        var missed: [String] = []
        for v in UInt32(0)...0x10FFFF where !Itemizer.mayMakeEmoji(v) {
            guard let p = Unicode.Scalar(v)?.properties else { continue }
            let completedByAMark = v == 0x23 || v == 0x2A || (0x30...0x39).contains(v)
            if p.isEmojiPresentation || p.isEmojiModifier || (p.isEmoji && !completedByAMark) {
                missed.append(String(v, radix: 16))
            }
        }
        #expect(missed.isEmpty, "\(missed.prefix(10))")
        #expect([0xFE0F, 0x20E3, 0x200D, 0x1F600, 0x1F1E6].allSatisfy(Itemizer.mayMakeEmoji))
        #expect(
            Itemizer.emojiPresentation(Array("1\u{FE0F}\u{20E3} عربي".unicodeScalars.map(\.value))).prefix(3) == [
                true, true, true,
            ])
    }

    /// Finding only the clusters around characters that can make an emoji one gives what cutting the whole text into
    /// clusters gives, on random text dense in emoji, their marks, flags, joiners and the scripts around them.
    @Test func emojiClustersFoundAroundTheirCharactersAreThoseOfTheWholeText() {
        let pool: [UInt32] = [
            0x61, 0x20, 0x31, 0x23, 0xA9, 0x627, 0x64E, 0x915, 0x94D, 0x937, 0x5D0, 0xE01, 0xE33, 0x4E00, 0xAC00,
            0x1100, 0x1161, 0x11A8, 0x2764, 0x263A, 0x1F600, 0x1F3AC, 0x1F44D, 0x1F3FD, 0x1F1EF, 0x1F1F5, 0x1F1EB,
            0x200D, 0xFE0F, 0xFE0E, 0x20E3, 0x301, 0x200F, 0x202B, 0x2069, 0x0A, 0x0D, 0x1F468, 0x1F469, 0xE0067,
        ]
        var random = SplitMix(seed: 34)
        for round in 0..<3_000 {
            let scalars = (0..<(1 + Int(random.next() % 24))).map { _ in pool[Int(random.next() % UInt64(pool.count))] }
            let text = String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
            var whole: [Bool] = []
            for cluster in text {
                let members = Array(cluster.unicodeScalars)
                whole += repeatElement(Itemizer.isEmojiCluster(members), count: members.count)
            }
            let found = Itemizer.emojiPresentation(scalars)
            #expect(found == whole, "round \(round): \(scalars.map { String($0, radix: 16) })")
            #expect(Itemizer.emojiPresentation(scalars, text: text) == whole)
            if found != whole { return }
        }
    }

    /// Long runs of regional indicators, odd and even, after text and after an emoji: each cluster is found from where
    /// the last ended. Rounding down inside such a run counts it back to the run's start, so finding each flag that
    /// way was quadratic (4,000 flags took 29 s a line; these 100,000, minutes, past the limit).
    @Test(.timeLimit(.minutes(1))) func longRunsOfFlagsAreFoundInOnePass() {
        for (before, count) in [("", 100_001), ("ab ", 100_000), ("\u{1F600}", 7)] {
            let scalars = Array(before.unicodeScalars.map(\.value)) + (0..<count).map { 0x1F1E6 + UInt32($0 % 26) }
            let text = String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
            var whole: [Bool] = []
            for cluster in text {
                let members = Array(cluster.unicodeScalars)
                whole += repeatElement(Itemizer.isEmojiCluster(members), count: members.count)
            }
            #expect(Itemizer.emojiPresentation(scalars, text: text) == whole, "\(before) and \(count)")
        }
    }

    /// A cluster of thousands of skin-tone modifiers is measured and drawn in pieces, as layout has it: drawn whole,
    /// one emoji the line's width at the strike (223 MB) was made and kept for each such line, and 50 lines held 1.3 GB.
    @Test func aClusterOfThousandsOfModifiersIsDrawnInPieces() throws {
        let cache = try FontCache()
        let text = "a" + String(repeating: "\u{1F3FB}", count: 4_000)
        let line = cache.line(text, pixels: 40, bold: false, direction: .natural(.leftToRight))
        let emoji = try #require(line.runs.first { $0.font == .notoColorEmoji })
        let drawn = try #require(cache.render(emoji, pixels: 40, bold: false))
        defer { SDL_FreeSurface(drawn.surface) }
        #expect(Double(drawn.advance) == emoji.width && emoji.width > 4_000 * 20)
        cache.lock.lock()
        defer { cache.lock.unlock() }
        #expect(cache.widestEmoji > 0 && cache.widestEmoji <= Int32(TextLayout.maxClusterScalars * 60))
    }

    /// A letter under thousands of one mark is drawn with the first 30 of them (Unicode's stream-safe limit): drawn
    /// whole, the stack was a picture of 3 GB at size 400 in a 4K frame. Marks take no room, so the line is as wide.
    @Test func aStackOfThousandsOfMarksIsDrawnThirtyHigh() throws {
        let cache = try FontCache()
        let marks = (3_999, "a" + String(repeating: "\u{301}", count: 3_999))
        let thirty = "a" + String(repeating: "\u{301}", count: 30)
        #expect(FontCache.drawable(marks.1) == thirty)
        let mixed = "e" + String(repeating: "\u{301}\u{316}", count: 10) + "x" + String(repeating: "\u{301}", count: 30)
        #expect(FontCache.drawable(mixed) == mixed, "30 in a row, or fewer, are all drawn")
        #expect(FontCache.drawable("Ame\u{301}lie ﷽ 🇫🇷") == "Ame\u{301}lie ﷽ 🇫🇷")
        // Tibetan's subjoined letters (no combining class) stack too.
        let tibetan = "\u{F40}" + String(repeating: "\u{FB2}\u{FB3}", count: 100)
        #expect(FontCache.drawable(tibetan) == "\u{F40}" + String(repeating: "\u{FB2}\u{FB3}", count: 15))
        func drawn(_ text: String) throws -> (height: Int32, advance: Int32, width: Double) {
            let line = cache.line(text, pixels: 200, bold: false, direction: .natural(.leftToRight))
            let run = try #require(line.runs.first)
            let drawn = try #require(cache.render(run, pixels: 200, bold: false))
            defer { SDL_FreeSurface(drawn.surface) }
            return (drawn.surface.pointee.h, drawn.advance, line.runs.map(\.width).reduce(0, +))
        }
        let all = try drawn(marks.1)
        let some = try drawn(thirty)
        #expect(all.height == some.height && all.height < 200 * 40, "\(all.height) for \(marks.0) marks")
        #expect(all.advance == some.advance && all.width == some.width)
    }

    /// Scaled emoji are kept up to a count and a number of pixels: 181 distinct emoji at size 400 in an 8K picture
    /// kept 3.27 GB. A run of more distinct emoji than the cache keeps draws each (they were all had before any was
    /// drawn, and starting the cache again freed the first).
    @Test func keptEmojiHaveABudgetAndARunOfMoreDrawsEach() throws {
        let cache = try FontCache()
        let distinct = (0x1F300...0x1F9FF).compactMap(Unicode.Scalar.init).filter { $0.properties.isEmojiPresentation }
        // With each skin tone too: more clusters than are kept.
        let toned = distinct.filter(\.properties.isEmojiModifierBase).flatMap { base in
            (0x1F3FB...0x1F3FF).map { String(Character(base)) + String(Character(Unicode.Scalar($0)!)) }
        }
        #expect(distinct.count + toned.count > FontCache.emojiKept)
        let text = String(String.UnicodeScalarView(distinct)) + toned.joined()
        func run(_ text: String) -> TextRun {
            TextRun(text: text, font: .notoColorEmoji, script: "Zyyy", isRightToLeft: false, width: 0)
        }
        let first = run(String(text.first!))
        let all = run(text)
        let whole = try #require(cache.render(all, pixels: 12, bold: false))
        defer { SDL_FreeSurface(whole.surface) }
        let alone = try #require(cache.render(first, pixels: 12, bold: false))
        defer { SDL_FreeSurface(alone.surface) }
        func pixels(_ s: UnsafeMutablePointer<SDL_Surface>, width: Int32) -> [UInt32] {
            let p = s.pointee.pixels.assumingMemoryBound(to: UInt32.self)
            return (0..<Int(s.pointee.h)).flatMap { y in
                (0..<Int(width)).map { x in p[y * Int(s.pointee.pitch) / 4 + x] }
            }
        }
        #expect(pixels(whole.surface, width: alone.advance) == pixels(alone.surface, width: alone.advance))
        cache.lock.withLock { cache.emojiPixelBudget = 3 * 60 * 60 }
        for k in 0..<10 {
            _ = cache.render(run(String(distinct[k])), pixels: 60, bold: false).map { SDL_FreeSurface($0.surface) }
            cache.lock.withLock { #expect(cache.emojiPixels <= 3 * 60 * 60 && cache.emojiPixels > 0) }
        }
    }

    /// The resampler's rounding is `Float.rounded()`'s on its range, halves and their neighbours included.
    @Test func resampleRoundsAsFloatRounds() {
        var values: [Float] = [0, 0.49999997, 0.5, 254.5, 255, Float(0.5).nextDown, Float(0.5).nextUp]
        for k in 0..<256 {
            for base in [Float(k), Float(k) + 0.5] {
                var v = base
                for _ in 0..<4 { v = v.nextDown }
                for _ in 0..<9 {
                    if v >= 0 && v <= 255 { values.append(v) }
                    v = v.nextUp
                }
            }
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100_000 { values.append(Float.random(in: 0...255, using: &generator)) }
        let differing = values.filter { Resample.rounded($0) != UInt32($0.rounded()) }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }

    @Test func emojiAreMeasuredAtTheTextsSize() throws {
        let cache = try FontCache()
        func width(_ pixels: Int) -> Double {
            cache.line("😀", pixels: pixels, bold: false, direction: .natural(.leftToRight)).runs.reduce(0) {
                $0 + $1.width
            }
        }
        let strike = width(FontFamily.emojiStrikePixels)
        #expect(strike > 100)
        for pixels in [12, 29, 38, 57, 76, 200] {
            let expected = strike * Double(pixels) / Double(FontFamily.emojiStrikePixels)
            #expect(abs(width(pixels) - expected) <= 1, "\(pixels) px")
        }
    }

    /// The ink of `text` drawn white at `size` points on black in a 1920×1080 canvas: its bounding box and
    /// its pixels.
    static func ink(_ text: String, size: Double, canvas: OffscreenCanvas) -> (box: Rect, pixels: [UInt32]) {
        canvas.draw(
            DisplayList(commands: [
                .clear(Color(0, 0, 0)),
                .text(
                    text, x: 100, y: 100, size: size, bold: false, color: Color(255, 255, 255), centered: false,
                    maxWidth: nil),
            ]))
        var minX = Int.max
        var minY = Int.max
        var maxX = -1
        var maxY = -1
        var pixels: [UInt32] = []
        for y in 0..<Int(canvas.height) {
            for x in 0..<Int(canvas.width) where canvas.pixel(x: x, y: y) & 0xFF_FFFF != 0 {
                minX = min(minX, x)
                minY = min(minY, y)
                maxX = max(maxX, x)
                maxY = max(maxY, y)
                pixels.append(canvas.pixel(x: x, y: y))
            }
        }
        guard maxX >= 0 else { return (Rect(0, 0, 0, 0), []) }
        return (Rect(Double(minX), Double(minY), Double(maxX - minX + 1), Double(maxY - minY + 1)), pixels)
    }

    @Test func emojiAreDrawnInColourAtTheTextsSize() throws {
        let fonts = try FontCache()
        let canvas = try OffscreenCanvas(width: 1920, height: 1080, fonts: fonts)
        func isRed(_ p: UInt32) -> Bool { p >> 16 & 0xFF > 180 && p >> 8 & 0xFF < 90 && p & 0xFF < 90 }
        func isYellow(_ p: UInt32) -> Bool { p >> 16 & 0xFF > 200 && p >> 8 & 0xFF > 150 && p & 0xFF < 100 }

        // ❤️ is red although the text is white; ❤ without VS16 is white text.
        let heart = Self.ink("❤\u{FE0F}", size: 48, canvas: canvas)
        #expect(heart.pixels.filter(isRed).count > 300)
        let plain = Self.ink("❤", size: 48, canvas: canvas)
        #expect(!plain.pixels.isEmpty && !plain.pixels.contains(where: isRed))

        // 😀 at 24, 48 and 96 pt: yellow, and as tall as the text asks (the strike is 109 px at every size).
        var heights: [Double] = []
        for size in [24.0, 48, 96] {
            let face = Self.ink("😀", size: size, canvas: canvas)
            #expect(face.pixels.filter(isYellow).count > Int(size * size / 4), "\(size) pt")
            #expect(face.box.height > size * 0.8 && face.box.height < size * 1.3, "\(size) pt: \(face.box)")
            heights.append(face.box.height)
        }
        #expect(abs(heights[2] / heights[0] - 4) < 0.3)
    }

    /// A long run of emoji is drawn cluster by cluster from one scaled copy of each distinct emoji, as wide as
    /// it was measured: its cost follows its size on screen, not a strike-sized (109 px) picture of the whole run.
    @Test func aLongEmojiRunIsDrawnFromOneCopyOfEachEmoji() throws {
        let cache = try FontCache()
        let text = String(repeating: "😀🎬", count: 2_000)
        let line = cache.line(text, pixels: 12, bold: false, direction: .natural(.leftToRight))
        let run = try #require(line.runs.first)
        #expect(line.runs.count == 1 && run.font == .notoColorEmoji)
        let drawn = try #require(cache.render(run, pixels: 12, bold: false))
        defer { SDL_FreeSurface(drawn.surface) }
        #expect(
            Double(drawn.advance) == run.width && drawn.surface.pointee.w == drawn.advance,
            "\(drawn.advance) \(run.width) \(drawn.surface.pointee.w)")
        #expect(drawn.surface.pointee.h < 20)
        cache.lock.lock()
        #expect(cache.emojiCount == 2)
        cache.lock.unlock()
    }

    /// Lines the target cannot show are not rendered: 181 distinct emoji in a narrow text at size 400, a line each,
    /// were each resampled to 1,600 pixels in an 8K picture that showed three of them (8.4 s).
    @Test func linesOutsideTheTargetAreNotRendered() throws {
        let fonts = try FontCache()
        let canvas = try OffscreenCanvas(width: 1920, height: 1080, fonts: fonts)
        let measurer = TrueTypeMeasurer(fonts: fonts)
        let emoji = "😀😁😂😃😄😅😆😇😈😉😊😋😌😍😎😏".map(String.init)
        var commands: [DrawCommand] = [.clear(Color(0, 0, 0))]
        for (k, e) in emoji.enumerated() {
            let line = measurer.line(e, size: 40, bold: false, direction: .natural(.leftToRight))
            commands.append(
                .textLine(line, x: 10, y: Double(k) * 1000 - 8000, anchor: .left, color: Color(255, 255, 255)))
        }
        canvas.draw(DisplayList(commands: commands))
        // Lines 1,000 px apart from 8,000 above the target to 5,920 below its foot: those within 32 sizes (1,280 px)
        // of it are rendered (tops -1,000 to 2,000), the rest not. The line at the top shows.
        fonts.lock.withLock { #expect(fonts.emojiCount == 4, "\(fonts.emojiCount)") }
        #expect((0..<200).contains { x in canvas.pixel(x: x, y: 20) & 0xFF_FFFF != 0 })
    }

    /// A line whose top stands below the target can still show its marks: 30 Thai tone marks stacked on a letter rise
    /// about 8.4 sizes above its baseline, into the target from a line 7.2 sizes below it (lines are cut at 32). When
    /// the run was moved down by its stack's height instead, they hung below the line's top and none showed.
    @Test func aStackOfMarksBelowTheTargetStillShows() throws {
        let fonts = try FontCache()
        let canvas = try OffscreenCanvas(width: 1920, height: 1080, fonts: fonts)
        let line = TrueTypeMeasurer(fonts: fonts).line(
            "ก" + String(repeating: "\u{0E49}", count: 30), size: 100, bold: false, direction: .natural(.leftToRight))
        canvas.draw(
            DisplayList(commands: [
                .clear(Color(0, 0, 0)), .textLine(line, x: 100, y: 1_800, anchor: .left, color: Color(255, 255, 255)),
            ]))
        let ink = (0..<400).flatMap { x in (1_040..<1_080).map { y in canvas.pixel(x: x, y: y) & 0xFF } }
            .filter { $0 > 0 }
        #expect(!ink.isEmpty)
    }

    @Test func resamplingAveragesInsteadOfPicking() throws {
        // A 1-pixel black and white checkerboard shrunk ten times is grey everywhere; nearest-neighbour
        // would keep black or white.
        guard let board = SDL_CreateRGBSurfaceWithFormat(0, 100, 100, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            Issue.record("no surface")
            return
        }
        defer { SDL_FreeSurface(board) }
        let pitch = Int(board.pointee.pitch) / 4
        let p = board.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0..<100 { for x in 0..<100 { p[y * pitch + x] = (x + y) % 2 == 0 ? 0xFFFF_FFFF : 0xFF00_0000 } }
        let small = try #require(Resample.resized(board, width: 10, height: 10))
        defer { SDL_FreeSurface(small) }
        let q = small.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let sp = Int(small.pointee.pitch) / 4
        for y in 0..<10 {
            for x in 0..<10 {
                let v = q[y * sp + x]
                #expect(v >> 24 == 255)
                #expect(abs(Int(v >> 16 & 0xFF) - 128) <= 8, "(\(x), \(y)): \(String(v, radix: 16))")
            }
        }
        // Transparent pixels do not darken the edge of an opaque one (premultiplied filtering).
        for y in 0..<100 { for x in 0..<100 { p[y * pitch + x] = x < 50 ? 0xFFFF_0000 : 0x0000_0000 } }
        let edge = try #require(Resample.resized(board, width: 10, height: 10))
        defer { SDL_FreeSurface(edge) }
        let e = edge.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for x in 0..<10 where e[x] >> 24 > 0 { #expect(e[x] >> 16 & 0xFF >= 250, "column \(x)") }
    }
}
