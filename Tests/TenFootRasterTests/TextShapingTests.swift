import FocusEngine
import Foundation
import TenFootPresentation
import TenFootScene
import TenFootSim
import TestSupport
import Testing

@testable import TenFootRaster

/// Text in any script with the pinned fonts: runs, fonts, directions, layout = drawing, display-list snapshots
/// and pixel goldens of the gallery's any-script scenes.
extension RasterTests {
    static let snapshotDir = TestPaths.packageRoot + "/Tests/TenFootRasterTests/Snapshots"

    /// "script direction font 'text'" for each run, left to right.
    func runs(_ text: String, _ direction: TextDirection = .natural(.leftToRight), bold: Bool = false) throws
        -> [String]
    {
        let line = TrueTypeMeasurer(fonts: try FontCache()).line(text, size: 40, bold: bold, direction: direction)
        return line.runs.map { "\($0.script) \($0.isRightToLeft ? "rtl" : "ltr") \($0.font.rawValue) '\($0.text)'" }
    }

    /// Explicit embeddings and isolates nested deeper than any writing needs are ignored, as boundary neutrals: this
    /// string (the campaign's, shrunk) made fribidi 1.0.8 dereference a bad pointer in every command that lays text out.
    @Test func deepDirectionControlsDoNotReachFribidi() throws {
        let hostile =
            "\u{627}\u{2067}\u{2067}\u{2067}\u{202E}\u{2067}\u{2067}\u{202E}\u{202D}\u{202D}\u{202E}\u{2067}\u{2067}\u{2067}\u{2066}\u{202D}\u{2066}\u{202D}\u{202D}\u{2067}\u{2067}\u{202D}\u{2066}\u{202D}\u{2067}\u{2067}\u{2067}\u{2066}\u{202D}\u{2066}\u{2066}\u{202D}\u{202D}\u{2066}\u{2066}\u{2066}\u{2067}\u{2067}\u{202D}\u{2066}\u{202E}\u{2067}\u{202E}a\u{2067}\u{2067}\u{2066}\u{2066}\u{2066}\u{2067}\u{2067}\u{202E}\u{2067}\u{2067}\u{2066}\u{202D}\u{202E}\u{202E}\u{5D0}\u{2067} \u{2067}\u{202E}\u{2067}\u{202E}\u{202D}\u{202D} \u{2066}\u{2066}\u{2067}\u{202E}1\u{2067}\u{2067}\u{202D}\u{200F}\u{2066}\u{200E}\u{2069}\u{2069}\u{2069}\u{202E}\u{2067}\u{2067}\u{2067}\u{2066}"
        #expect(Itemizer.explicitDepth(hostile.unicodeScalars.map(\.value)) > Itemizer.maxExplicitDepth)
        let measurer = TrueTypeMeasurer(fonts: try FontCache())
        let line = measurer.line(hostile, size: 38, bold: false, direction: .natural(.leftToRight))
        #expect(line.width > 0)
        // Ordinary nesting is left to the algorithm: an isolate inside an embedding, closed in order.
        let ordinary = "a\u{202B}\u{2067}\u{5D0}b\u{2069}\u{202C}c"
        #expect(Itemizer.explicitDepth(ordinary.unicodeScalars.map(\.value)) == 2)
        #expect(Itemizer.explicitDepth(Array(repeating: 0x2066, count: 40) + [0x2029, 0x2066]) == 40)
    }

    /// The research note's cases: Arabic in its own font, right to left, with the digits after it a run of
    /// their own and the visual order of an LTR paragraph.
    @Test func arabicIsOneRightToLeftRunInItsFont() throws {
        #expect(
            try runs("Hello مرحبا بالعالم 123!") == [
                "Latn ltr DejaVuSans 'Hello '",
                "Arab ltr NotoSansArabicUI '123'",
                "Arab rtl NotoSansArabicUI 'مرحبا بالعالم '",
                "Arab ltr NotoSansArabicUI '!'",
            ])
        let line = TrueTypeMeasurer(fonts: try FontCache()).line(
            "مرحبا بالعالم", size: 40, bold: false, direction: .natural(.leftToRight))
        #expect(line.direction == .rightToLeft)  // its first strong character decides
    }

    /// A paragraph's direction comes from its first strong character; the brackets of an RTL paragraph are
    /// mirrored by HarfBuzz, never reversed by us. Noto Sans Hebrew has no "(": the bracket alone goes to
    /// DejaVu, left of the word it follows (right to left).
    @Test func hebrewParagraphReadsRightToLeft() throws {
        #expect(
            try runs("שלום (world) 2024") == [
                "Latn ltr DejaVuSans '2024'",
                "Latn rtl DejaVuSans ') '",
                "Latn ltr DejaVuSans 'world'",
                "Hebr rtl DejaVuSans '('",
                "Hebr rtl NotoSansHebrew 'שלום '",
            ])
        let line = TrueTypeMeasurer(fonts: try FontCache()).line(
            "שלום (world) 2024", size: 40, bold: false, direction: .natural(.leftToRight))
        #expect(line.direction == .rightToLeft)
    }

    /// Han, kana (one run: one font) and Hangul in Droid Sans Fallback, Latin between them in DejaVu; Devanagari
    /// and Thai in their Noto fonts with their scripts (conjuncts and vowel signs need the script).
    @Test func cjkAndIndicScriptsTakeTheirFonts() throws {
        #expect(
            try runs("日本語のタイトル Title 한국어") == [
                "Hani ltr DroidSansFallback '日本語のタイトル '", "Latn ltr DejaVuSans 'Title '",
                "Hang ltr DroidSansFallback '한국어'",
            ])
        #expect(try runs("नमस्ते दुनिया") == ["Deva ltr NotoSansDevanagariUI 'नमस्ते दुनिया'"])
        #expect(try runs("สวัสดี") == ["Thai ltr NotoSansThaiUI 'สวัสดี'"])
    }

    /// Arabic keeps its font when an ellipsis (which its font lacks) follows it: the ellipsis is a run of its
    /// own, the letters stay joined in Noto.
    @Test func punctuationAFontLacksDoesNotMoveTheWord() throws {
        let r = try runs("مرحبا…")
        #expect(r.contains("Arab rtl NotoSansArabicUI 'مرحبا'") && r.count == 2)
    }

    /// Shaping matters: joined Arabic is narrower than the same letters unjoined, and the measurer gives the
    /// width of the line the rasteriser draws.
    @Test func widthsAreThoseOfTheShapedRuns() throws {
        let m = TrueTypeMeasurer(fonts: try FontCache())
        let joined = m.line("مرحبا", size: 48, bold: false, direction: .natural(.leftToRight)).width
        let isolated =
            m.line("م ر ح ب ا", size: 48, bold: false, direction: .natural(.leftToRight)).width
            - 4 * m.line(" ", size: 48, bold: false, direction: .natural(.leftToRight)).width
        #expect(joined < isolated)
        #expect(
            m.width(of: "Continue Watching", size: 38, bold: true)
                == m.line("Continue Watching", size: 38, bold: true, direction: .natural(.leftToRight)).width)
    }

    /// Layout = drawing: every line of scene text in the display list is one layout measured, and each text
    /// node's frame is as wide as its widest line.
    @Test func theDisplayListCarriesTheLinesLayoutMeasured() throws {
        let measurer = TrueTypeMeasurer(fonts: try FontCache())
        for name in ["any-script", "any-script-rtl"] {
            var sim = try Simulator(
                scene: try SceneDecoder.load(path: TestPaths.scenes + "/\(name).json"), measurer: measurer)
            sim.step(ticks: 1200)
            let list = SceneRenderer().displayList(sim)
            var texts = 0
            func walk(_ p: PlacedNode) {
                if p.type == .text, let lines = p.textLines {
                    texts += 1
                    #expect(p.frame.width >= (lines.map(\.width).max() ?? 0) - 0.001)
                    for line in lines {
                        #expect(
                            list.commands.contains {
                                if case .textLine(let l, _, _, _, _) = $0 { l == line } else { false }
                            }, "\(line.text) not drawn as measured")
                    }
                }
                p.children.forEach(walk)
            }
            walk(sim.screen)
            #expect(texts >= 2)
        }
    }

    /// The gallery's scenes as display lists with the real fonts: each line's runs, fonts and directions.
    @Test(arguments: ["any-script", "any-script-rtl"]) func anyScriptSnapshot(_ name: String) throws {
        var sim = try Simulator(
            scene: try SceneDecoder.load(path: TestPaths.scenes + "/\(name).json"),
            measurer: TrueTypeMeasurer(fonts: try FontCache()))
        sim.step(ticks: 1200)
        let text =
            SceneRenderer().displayList(sim).commands.filter {
                switch $0 {
                case .textLine, .icon: true
                default: false
                }
            }.map(\.description).joined(separator: "\n") + "\n"
        try assertSnapshot(of: text, as: .text, named: name, in: Self.snapshotDir)
    }

    /// Pixels: Arabic joined and right to left, Hebrew, mixed lines, CJK wrapped, Devanagari, symbols; and the
    /// whole screen mirrored.
    @Test func goldenAnyScript() throws {
        var sim = try Simulator(
            scene: try SceneDecoder.load(path: TestPaths.scenes + "/any-script.json"),
            measurer: TrueTypeMeasurer(fonts: try FontCache()))
        sim.step(ticks: 1200)
        try checkGolden("any-script", SceneRenderer().displayList(sim), width: 960, height: 540)
    }

    @Test func goldenAnyScriptRightToLeft() throws {
        var sim = try Simulator(
            scene: try SceneDecoder.load(path: TestPaths.scenes + "/any-script-rtl.json"),
            measurer: TrueTypeMeasurer(fonts: try FontCache()))
        sim.send(.swipe(.down))
        sim.step(ticks: 1200)
        try checkGolden("any-script-rtl", SceneRenderer().displayList(sim), width: 960, height: 540)
    }

    /// The focus map's SVG writes a line of runs as one text element a run, a right-to-left one anchored at
    /// its right edge, in the run's font family; a symbol by its code point, named.
    @Test func svgWritesRunsAndSymbols() throws {
        let line = TrueTypeMeasurer(fonts: try FontCache()).line(
            "Hi שלום", size: 30, bold: false, direction: .natural(.leftToRight))
        let icon = try #require(Icons.resolve("play.fill"))
        let svg = SVGWriter.svg([
            .textLine(line, x: 100, y: 100, anchor: .left, color: Color(255, 255, 255)),
            .icon(icon, Rect(10, 10, 40, 40), color: Color(255, 255, 255)),
        ])
        #expect(svg.contains(#"font-family="Noto Sans Hebrew, sans-serif""#) && svg.contains(#"direction="rtl""#))
        #expect(svg.contains(">Hi </text>") && svg.contains(">שלום</text>"))
        #expect(svg.contains("<title>play.fill</title>&#xF9E7;"))
    }

    /// An SVG map holds only characters XML can: a text with U+FFFE or a control made a file no XML reader reads.
    @Test func svgTextHoldsOnlyWhatXMLCanHold() {
        let svg = SVGWriter.svg([
            .text(
                "a\u{FFFE}b\u{1}<c> & \"d\"", x: 10, y: 10, size: 20, bold: false, color: Color(255, 255, 255),
                centered: false, maxWidth: nil)
        ])
        #expect(svg.contains(">a\u{FFFD}b\u{FFFD}&lt;c&gt; &amp; \"d\"</text>"), "\(svg)")
        #expect(XMLText.escaped("1\t2\n\"", inAttribute: true) == "1&#9;2&#10;&quot;")
    }

    /// A line wider than the rasteriser draws whole (4,000 W's at 60 px: 228,000 pixels, a picture of 64 MB; at
    /// size 400 in a 4K frame 800 MB, and a screen of such lines took minutes) is drawn in pieces, only those the
    /// target shows: it shows the W's a short line does (within a pixel at each piece's edge), and no picture wider
    /// than a piece is made.
    /// A word of a joining script cut in a wide line stays joined at the cut: its pieces carry zero-width joiners
    /// there, so their letters take the forms that join (drawn bare, an Arabic word of more than 64 letters came apart
    /// at each cut).
    @Test func aJoiningWordCutInAWideLineStaysJoined() throws {
        let fonts = try FontCache()
        let word = String(repeating: "مرحبابالعالم", count: 12)
        let run = try #require(
            TrueTypeMeasurer(fonts: fonts).line(word, size: 60, bold: false, direction: .natural(.rightToLeft)).runs
                .first)
        #expect(Rasteriser.joiningScripts.contains(run.script))
        func width(_ text: String) -> Int32 { fonts.width(ofPiece: text, of: run, pixels: 60, bold: false) }
        // Cut at its 64th and 128th letters, the word's pieces are as wide as the word, within two pixels each (a
        // piece's measure holds its last letter's overhang): their letters at the cuts have the word's shapes. Bare,
        // the letters there took their wider unjoined forms (65 pixels more).
        let pieces = Rasteriser.wordPieces(word)
        #expect(pieces.count == 3)
        let bridged = zip(pieces, Rasteriser.joints(pieces)).map { width(Rasteriser.bridged($0, $1)) }
        let bare = pieces.map(width)
        #expect(abs(bridged.reduce(0, +) - width(word)) <= 2 * 3, "\(bridged) \(width(word))")
        #expect(bare.reduce(0, +) - width(word) > 30, "\(bare) \(width(word))")
        let joints = Rasteriser.joints(["ab", "cd ", "ef", "g"], before: true)
        #expect(
            joints.map { [$0.before, $0.after] } == [[true, true], [true, false], [false, true], [true, false]])
        #expect(Rasteriser.bridged("cd", (true, true)).unicodeScalars.map(\.value) == [0x200D, 0x63, 0x64, 0x200D])
    }

    /// A joined word cut in a wide line is drawn as the word drawn whole is: each piece's pen starts where the one
    /// before left it. Placed by their pictures' widths, the pieces of a N'Ko word (whose letters reach a pixel left of
    /// their pens to join) were drawn that pixel to the right, the word shifted at every cut.
    @Test(arguments: [30.0, 37, 60]) func aJoinedWordCutInAWideLineLinesUp(size: Double) throws {
        let fonts = try FontCache()
        let measurer = TrueTypeMeasurer(fonts: fonts)
        let canvas = try OffscreenCanvas(width: 1920, height: 1080, fonts: fonts)
        let word = String(repeating: "ߓߊߟߊ", count: 400)
        func draw(_ text: String) -> [[UInt32]] {
            let line = measurer.line(text, size: size, bold: false, direction: .natural(.rightToLeft))
            canvas.draw(
                DisplayList(commands: [
                    .clear(Color(0, 0, 0)),
                    .textLine(line, x: 1900, y: 10, anchor: .right, color: Color(255, 255, 255)),
                ]))
            return (0..<1920).map { x in (0..<200).map { y in canvas.pixel(x: x, y: y) & 0xFF } }
        }
        // The word's first 240 letters (a cut every 64 letters), drawn whole; then the whole word, more than 8,192
        // pixels wide, drawn in pieces.
        let whole = draw(String(word.prefix(240)))
        canvas.rasteriser.evictAllText()
        let cut = draw(word)
        #expect(canvas.rasteriser.textCache.count > 1, "drawn in pieces")
        // Over the part the two share (the short word's last letter takes its final form), the same letters in the
        // same places: a pixel to one side here and there (a piece's pen starts at a fraction of a pixel, the whole
        // word's pen at 0), not a whole piece moved.
        let shared = (1900 - 1700)..<1890
        let differing = shared.filter { whole[$0] != cut[$0] }.count
        #expect(differing * 5 < shared.count, "\(differing) columns of \(shared.count) differ")
    }

    /// Pieces placed side by side continue each other's pens: a piece that reaches left of its pen starts its picture
    /// that much to the left, and the pens' way is spread over the span the whole run takes.
    @Test func piecesContinueEachOthersPens() {
        typealias P = Rasteriser.PiecePlacement
        let pieces = [
            P(start: 0, advance: 100, width: 100), P(start: 3, advance: 50, width: 53),
            P(start: 2, advance: 40, width: 45),
        ]
        // The whole run: 190 of pen from 0, the last piece reaching 3 past its pen's end.
        #expect(Rasteriser.pictureLefts(pieces, left: 10, width: 193) == [10, 107, 158])
        // A run laid out wider spreads the pens (a quarter more here), not the overhangs.
        #expect(Rasteriser.pictureLefts(pieces, left: 0, width: 240.5) == [0, 122, 185.5])
        #expect(Rasteriser.pictureLefts([], left: 0, width: 10).isEmpty)
        // With nothing known but widths, pictures abut.
        let plain = [P(start: 0, advance: 30, width: 30), P(start: 0, advance: 20, width: 20)]
        #expect(Rasteriser.pictureLefts(plain, left: 5, width: 50) == [5, 35])
    }

    @Test func wideLinesAreDrawnInPiecesTheTargetShows() throws {
        let fonts = try FontCache()
        let measurer = TrueTypeMeasurer(fonts: fonts)
        let canvas = try OffscreenCanvas(width: 1920, height: 1080, fonts: fonts)
        func draw(_ text: String) -> [UInt32] {
            let line = measurer.line(text, size: 60, bold: false, direction: .natural(.leftToRight))
            canvas.draw(
                DisplayList(commands: [
                    .clear(Color(0, 0, 0)), .textLine(line, x: 10, y: 10, anchor: .left, color: Color(255, 255, 255)),
                ]))
            return (0..<1920).flatMap { x in (0..<120).map { y in canvas.pixel(x: x, y: y) } }
        }
        let short = draw(String(repeating: "W", count: 40))
        #expect(canvas.rasteriser.textCache.count == 1)
        canvas.rasteriser.evictAllText()
        let long = draw(String(repeating: "W", count: 4000))
        #expect(canvas.rasteriser.textCache.values.allSatisfy { $0.w <= Rasteriser.widePiecePixels })
        func ink(_ pixels: [UInt32]) -> Int { pixels.reduce(0) { $0 + Int($1 & 0xFF) } }
        #expect(abs(ink(long) - ink(short)) * 100 < ink(short), "the same W's")
        let differing = zip(long, short).filter { $0 != $1 }.count
        #expect(differing * 50 < short.count, "\(differing) pixels of \(short.count) differ")
        // Pieces are whole words: Arabic stays joined (cut every 16 characters, its letters were drawn unjoined).
        let words = String(repeating: "مرحبا بالعالم الجميل ", count: 30)
        #expect(Rasteriser.wordPieces(words).allSatisfy { $0.hasSuffix(" ") && $0.count >= 16 })
        #expect(Rasteriser.wordPieces(words).joined() == words)
        #expect(Rasteriser.wordPieces(String(repeating: "W", count: 130)).map(\.count) == [64, 64, 2])
        func arabic(_ count: Int) -> [UInt32] {
            let line = measurer.line(
                String(repeating: "مرحبا بالعالم الجميل ", count: count), size: 60, bold: false,
                direction: .natural(.rightToLeft))
            canvas.draw(
                DisplayList(commands: [
                    .clear(Color(0, 0, 0)),
                    .textLine(line, x: 1900, y: 10, anchor: .right, color: Color(255, 255, 255)),
                ]))
            return (0..<1920).flatMap { x in (0..<120).map { y in canvas.pixel(x: x, y: y) } }
        }
        let narrow = arabic(12)
        let wide = arabic(400)
        let arabicDiffering = zip(narrow, wide).filter { $0 != $1 }.count
        // (The same joined words, a pixel to one side or the other here and there.)
        #expect(arabicDiffering * 30 < narrow.count, "\(arabicDiffering) pixels differ")
        // Right to left, the line's start is at its right.
        let hebrew = measurer.line(
            String(repeating: "ש", count: 6000), size: 60, bold: false, direction: .natural(.rightToLeft))
        canvas.draw(
            DisplayList(commands: [
                .clear(Color(0, 0, 0)), .textLine(hebrew, x: 1900, y: 10, anchor: .right, color: Color(255, 255, 255)),
            ]))
        #expect((1800..<1890).contains { x in (10..<80).contains { y in canvas.pixel(x: x, y: y) & 0xFF > 128 } })
    }

    /// Kept text textures come to at most a budget together (one screen of 90,000 distinct titles kept 2.7 GB):
    /// past it a run is drawn and let go, and draws the same as a kept one.
    @Test func keptTextHasATotal() throws {
        let fonts = try FontCache()
        let measurer = TrueTypeMeasurer(fonts: fonts)
        let canvas = try OffscreenCanvas(width: 640, height: 360, fonts: fonts)
        func draw(_ texts: [String]) -> [UInt32] {
            let lines = texts.enumerated().map { k, text in
                DrawCommand.textLine(
                    measurer.line(text, size: 30, bold: false, direction: .natural(.leftToRight)), x: 10,
                    y: Double(10 + 40 * k), anchor: .left, color: Color(255, 255, 255))
            }
            canvas.draw(DisplayList(commands: [.clear(Color(0, 0, 0))] + lines))
            return (0..<640).flatMap { x in (0..<360).map { y in canvas.pixel(x: x, y: y) } }
        }
        let titles = (0..<8).map { "Title number \($0)" }
        let kept = draw(titles)
        #expect(canvas.rasteriser.textCache.count == 8)
        let all = canvas.rasteriser.textCachePixels
        canvas.rasteriser.evictAllText()
        canvas.rasteriser.textPixelBudget = all / 2 + 1
        #expect(canvas.rasteriser.textCachePixels == 0)
        let limited = draw(titles)
        #expect(canvas.rasteriser.textCache.count < 8 && canvas.rasteriser.textCache.count >= 3)
        #expect(canvas.rasteriser.textCachePixels <= canvas.rasteriser.textPixelBudget)
        #expect(limited == kept, "a run let go draws as a kept one")
    }

    /// Kept artwork textures come to at most a budget together (one screen of 10,000 images without a file kept
    /// 750 MB): past it an artwork is drawn and let go, and draws the same as a kept one, in a frame and the next.
    @Test func keptArtworkHasATotal() throws {
        let fonts = try FontCache()
        func draw(budget: Int?) throws -> (pixels: [[UInt32]], kept: Int, cached: Int) {
            let canvas = try OffscreenCanvas(width: 640, height: 360, fonts: fonts)
            if let budget { canvas.rasteriser.artworkPixelBudget = budget }
            // Each seed twice a frame at two sizes (the second scaled from the first, as while an item animates), the
            // sizes growing from frame to frame, then resting.
            func posters(_ grow: Double) -> [DrawCommand] {
                (0..<24).flatMap { k in
                    let r = Rect(Double(k % 6) * 300 + 20, Double(k / 6) * 260 + 20, 260 + Double(k) + grow, 230)
                    return [
                        DrawCommand.artwork(r, radius: 12, seed: "p\(k)", title: "Poster \(k)", tint: nil),
                        DrawCommand.artwork(
                            r.insetBy(dx: 20, dy: 20), radius: 12, seed: "p\(k)", title: "Poster \(k)", tint: nil),
                    ]
                }
            }
            var frames: [[UInt32]] = []
            for grow in [0.0, 9, 18, 27, 27, 27] {
                canvas.draw(DisplayList(commands: [.clear(Color(0, 0, 0))] + posters(grow)))
                frames.append((0..<640).flatMap { x in (0..<360).map { y in canvas.pixel(x: x, y: y) } })
            }
            return (frames, canvas.rasteriser.artworkPixels, canvas.rasteriser.artworkCache.count)
        }
        let all = try draw(budget: nil)
        #expect(all.cached == 24)
        let limited = try draw(budget: all.kept / 3)
        #expect(limited.cached < 24 && limited.cached >= 6, "\(limited.cached) kept")
        #expect(limited.kept <= all.kept / 3)
        let differing = zip(limited.pixels, all.pixels).filter { $0 != $1 }.count
        #expect(differing == 0, "an artwork let go draws as a kept one: \(differing) of 6 frames differ")
    }

    /// A frame draws at most 64 screens' worth of pixels (a `zstack` of 1,000 full-screen buttons took 9 s a frame):
    /// past it the bottom of the pile is left out, and what shows on top is drawn.
    @Test func overdrawPastTheBudgetLeavesOutTheBottom() throws {
        let canvas = try OffscreenCanvas(width: 192, height: 108, fonts: try FontCache())
        let rects = (0..<100).map { k in
            DrawCommand.rect(Rect(0, 0, 1920, 1080), radius: 0, color: Color(UInt8(k), 10, 200, k == 99 ? 255 : 128))
        }
        canvas.draw(DisplayList(commands: [.clear(Color(0, 0, 0))] + rects))
        #expect(canvas.rasteriser.layersLeftOut == 36)
        let top = canvas.pixel(x: 50, y: 50)
        canvas.rasteriser.overdrawBudget = 10
        canvas.draw(DisplayList(commands: [.clear(Color(0, 0, 0))] + rects))
        #expect(canvas.rasteriser.layersLeftOut == 90)
        #expect(canvas.pixel(x: 50, y: 50) == top, "the top of the pile is what shows")
        canvas.rasteriser.overdrawBudget = 1000
        canvas.draw(DisplayList(commands: [.clear(Color(0, 0, 0))] + rects))
        #expect(canvas.rasteriser.layersLeftOut == 0)
    }

    /// Generated artwork is made at most a screen's pixels, and making it counts toward the frame's budget as eight
    /// times its pixels: a hundred posters of 5,000 points piled on one another were made at up to 16 million pixels
    /// each, 64 of them a frame (20 s a frame, and a window past 4 GB remaking them). Now the frame draws the seven on
    /// top, makes at most seven screens' worth, and keeps it: the next frame makes nothing.
    @Test func pilesOfGeneratedArtworkAreMadeWithinTheFramesBudget() throws {
        let canvas = try OffscreenCanvas(width: 192, height: 108, fonts: try FontCache())
        let posters = (0..<100).map { k in
            DrawCommand.artwork(Rect(0, 0, 5000, 5000), radius: 12, seed: "p\(k)", title: "P", tint: nil)
        }
        let list = DisplayList(commands: [.clear(Color(0, 0, 0))] + posters)
        canvas.draw(list)
        #expect(canvas.rasteriser.layersLeftOut == 93)
        let made = canvas.rasteriser.artworkPixelsMade
        #expect(made > 0 && made <= 7 * 192 * 108, "\(made) pixels made")
        canvas.draw(list)
        #expect(canvas.rasteriser.artworkPixelsMade == made)
    }
}
