import FocusEngine
import Foundation
import TenFootCore
import TestSupport
import Testing

@testable import TenFootScene

/// Line breaking (the UAX #14 subset), wrapping and truncation, text keys, icons, the layout direction, and
/// the pinned font files.
@Suite struct TextTests {

    /// "a÷b" when a line may break between a and b, "a×b" when not.
    func pair(_ a: Character, _ b: Character) -> String {
        "\(a)\(LineBreaker.opportunities([a, b])[1] ? "÷" : "×")\(b)"
    }

    /// The kinsoku pairs of the research note, checked against Unicode's LineBreak.txt there.
    @Test func cjkBreaksBetweenIdeographsButNotAroundPunctuation() {
        let pairs = ["晴れ", "れ、", "、気", "す。", "「明", "日」", "ょっ", "待っ", "ンー", "ルシ", "“未", "来”", "”的", "語の", "。「"]
        #expect(
            pairs.map { pair(Array($0)[0], Array($0)[1]) }
                == [
                    "晴÷れ", "れ×、", "、÷気", "す×。", "「×明", "日×」", "ょ×っ", "待×っ", "ン×ー", "ル÷シ", "“×未", "来×”", "”÷的", "語÷の",
                    "。÷「",
                ])
    }

    @Test func latinBreaksAtSpacesAndAfterHyphens() {
        func breaks(_ s: String) -> [Int] {
            LineBreaker.opportunities(Array(s)).enumerated().filter(\.element).map(\.offset)
        }
        #expect(breaks("Up Next now") == [3, 8])
        #expect(breaks("well-known") == [5])
        #expect(breaks("pages 1-2") == [6])  // a hyphen holds to a number after it
        #expect(breaks("Hello, world!") == [7])  // never before , or !
        #expect(breaks("(see it)") == [5])  // never after an opening bracket
        #expect(breaks("한국어 제목") == [4])  // Hangul at spaces only (keep-all)
        #expect(breaks("新作映画Apple TV+で") == [1, 2, 3, 4, 10, 13])
    }

    /// One CJK character is 5.5 points at size 10 with the fixed measurer: 8 of them fill 44.
    @Test func cjkWrapsWithoutSpacesKeepingPunctuationOnItsLine() {
        let text = "東京の天気は晴れ、気温は二十度です。「明日」も晴れるでしょう。"
        let lines = TextLayout.lines(
            text, width: 44, size: 10, bold: false, direction: .leftToRight, measurer: FixedAdvanceMeasurer())
        #expect(lines.map(\.text) == ["東京の天気は晴", "れ、気温は二十度", "です。「明日」も", "晴れるでしょう。"])
    }

    /// A character of more than 32 scalars (2,000 emoji joined by ZWJ, an "e" with 3,000 accents, a chain of
    /// conjuncts) is laid out in pieces a line may break between: whole, it was one unbreakable line drawn as one
    /// picture many screens wide (a gigabyte). Every piece is a character of its own, and together they are the text.
    @Test func aHugeClusterIsLaidOutInPieces() {
        for text in [
            String(repeating: "😀\u{200D}", count: 2_000), "e" + String(repeating: "\u{301}", count: 3_000),
            "क" + String(repeating: "\u{94D}क", count: 1_999),
        ] {
            #expect(text.count == 1)
            let units = TextLayout.units(text[...])
            #expect(units.allSatisfy { $0.unicodeScalars.count <= TextLayout.maxClusterScalars })
            #expect(String(units).unicodeScalars.elementsEqual(text.unicodeScalars))
            let lines = TextLayout.lines(
                text, width: 400, size: 10, bold: false, direction: .leftToRight, measurer: ScalarAdvanceMeasurer())
            #expect(lines.count > 1 && lines.allSatisfy { $0.width <= 400 }, "\(lines.count)")
        }
        #expect(TextLayout.units("a👨‍👩‍👧‍👦b"[...]).count == 3, "real clusters stay whole")
    }

    /// Filling a line measures a few prefixes, not every one: a line breakable after each of its 4,000
    /// characters (CJK, emoji) is filled with a number of measurements that grows with the logarithm of its
    /// length, and breaks where measuring every prefix would.
    @Test func fillingALongBreakableLineMeasuresFewPrefixes() {
        let chars = Array(String(repeating: "東", count: 4_000))
        var measured = 0
        let lines = TextLayout.fill(chars) { range in
            measured += 1
            return range.count <= 2_500
        }
        #expect(lines == [0..<2_500, 2_500..<4_000])
        #expect(measured < 60, "\(measured) measurements")
        let short = TextLayout.fill(Array("東京の天気は晴れ")) { $0.count <= 3 }
        #expect(short == [0..<3, 3..<6, 6..<8])
    }

    /// A long paragraph is not shaped whole when its start already overflows the line, and each line after the first
    /// is tried first at the length of the one before: wrapping measures its text about three times over (it was four
    /// and a half: the whole once more, and lines guessed by their words), in the lines measuring every prefix gives.
    @Test func wrappingALongParagraphMeasuresAboutTwiceItsText() {
        var rng = SplitMix(seed: 5)
        let words = ["focus", "a", "shelf", "Wide", "tvOS", "remote", "i", "poster", "section", "guide"]
        var text = ""
        while text.count < 4_000 - 8 { text += words[Int(rng.next() % 10)] + " " }
        let m = Counting()
        let lines = TextLayout.lines(
            text, width: 600, size: 29, bold: false, direction: .leftToRight, measurer: m)
        #expect(Double(m.measured) < 3.3 * Double(text.count), "measured \(m.measured) of \(text.count) characters")
        // The greedy lines, by measuring every prefix of what is left.
        var expected: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            var best = rest.startIndex
            var i = rest.startIndex
            while i < rest.endIndex {
                let next = rest[i...].firstIndex(of: " ").map { rest.index(after: $0) } ?? rest.endIndex
                let candidate = rest[..<next].trimmingSuffix(" ")
                if Counting().width(of: String(candidate), size: 29, bold: false) > 600 { break }
                best = next
                i = next
            }
            expected.append(String(rest[..<best].trimmingSuffix(" ")))
            rest = rest[best...]
        }
        #expect(lines.map(\.text) == expected)
    }

    /// A word with no break in it, in a column narrower than a few letters, is cut after as many characters as fit,
    /// found by galloping up from one: the lines are those measuring every prefix gives, and the measurements stay a
    /// few short prefixes a line (halving from the whole word made 4,000 letters at 20 points wide take 19 s).
    @Test func aLongWordInANarrowColumnMeasuresShortPrefixes() {
        for (length, fit) in [(4_000, 3), (4_000, 1), (37, 5), (10, 10), (10, 0)] {
            let chars = Array(String(repeating: "m", count: length))
            var measuredCharacters = 0
            let lines = TextLayout.fill(chars) { range in
                measuredCharacters += range.count
                return range.count <= fit
            }
            // Every prefix measured in turn: the longest that fits, at least one character.
            var expected: [Range<Int>] = []
            var start = 0
            while start < length {
                let end = min(length, start + max(1, fit))
                expected.append(start..<end)
                start = end
            }
            #expect(lines == expected, "\(length) letters, \(fit) a line")
            #expect(measuredCharacters <= 8 * length + 64, "\(measuredCharacters) characters measured for \(length)")
        }
    }

    @Test func latinWrapsAtSpacesAndLongWordsBetweenCharacters() {
        let m = FixedAdvanceMeasurer()
        #expect(
            TextLayout.lines(
                "Continue watching the show", width: 70, size: 10, bold: false, direction: .leftToRight, measurer: m
            ).map(\.text)
                == ["Continue", "watching the", "show"])
        #expect(
            TextLayout.lines(
                "Supercalifragilistic", width: 56, size: 10, bold: false, direction: .leftToRight, measurer: m
            ).map(\.text)
                == ["Supercalif", "ragilistic"])
        #expect(
            TextLayout.lines("One\n\nTwo", width: 500, size: 10, bold: false, direction: .leftToRight, measurer: m).map(
                \.text) == ["One", "", "Two"])
    }

    @Test func lineLimitCutsTheLastLineWithAnEllipsis() {
        let m = FixedAdvanceMeasurer()
        // Cut between characters, as UIKit's tail truncation does.
        let lines = TextLayout.lines(
            "Continue watching the show tonight", width: 70, size: 10, bold: false, lineLimit: 2,
            direction: .leftToRight, measurer: m)
        #expect(lines.map(\.text) == ["Continue", "watching th…"])
        #expect(lines.allSatisfy { $0.width <= 70 })
        #expect(
            TextLayout.fitted(
                "Northern Lights", width: 50, size: 10, bold: false, direction: .natural(.leftToRight), measurer: m
            ).text == "Northern…")
        #expect(
            TextLayout.fitted("Short", width: 50, size: 10, bold: false, direction: .natural(.leftToRight), measurer: m)
                .text == "Short")
        #expect(
            TextLayout.fitted(
                "Anything", width: 1, size: 10, bold: false, direction: .natural(.leftToRight), measurer: m
            ).text == "…")
    }

    /// Truncation looks at a start of the text about a line long, not the whole: the cut is the one the whole text's
    /// search gives (the longest start that fits with "…"), for texts of every length, widths and spaces, and a
    /// measurer whose characters differ in width. The measurer counts what it measures: a text of 4,000
    /// characters is no longer measured whole.
    @Test func truncationLooksAtALinesWorth() {
        func everyStart(_ text: String, width: Double, measurer m: Counting) -> String {
            if m.width(of: text, size: 10, bold: false) <= width { return text }
            let chars = Array(text)
            var best = TextLayout.ellipsis
            for k in 0..<chars.count {
                var s = String(chars[..<k])
                while s.last?.isWhitespace == true { s.removeLast() }
                if m.width(of: s + TextLayout.ellipsis, size: 10, bold: false) <= width {
                    best = s + TextLayout.ellipsis
                }
            }
            return best
        }
        var rng = SplitMix(seed: 7)
        let letters = Array("aiW  bcd")
        for _ in 0..<300 {
            let text = String((0..<Int(rng.next() % 300)).map { _ in letters[Int(rng.next() % 8)] })
            let width = Double(rng.next() % 400)
            let m = Counting()
            let fitted = TextLayout.fitted(
                text, width: width, size: 10, bold: false, direction: .natural(.leftToRight), measurer: m)
            #expect(fitted.text == everyStart(text, width: width, measurer: Counting()), "\(text) in \(width)")
        }
        let long = String(repeating: "Watch tonight ", count: 300)
        let m = Counting()
        let line = TextLayout.fitted(
            long, width: 400, size: 29, bold: false, direction: .natural(.leftToRight), measurer: m)
        #expect(line.text.hasSuffix("…") && line.width <= 400)
        #expect(m.measured < 1_000, "measured \(m.measured) characters")
    }

    /// A button's title is measured up to its room: the width is exact when it fits and past the room when not,
    /// so the button's size is what measuring the whole title gives; a 4,000-character title is not measured whole.
    @Test func titlesAreMeasuredUpToTheirRoom() {
        var rng = SplitMix(seed: 11)
        let letters = Array("aiW bc")
        for _ in 0..<300 {
            let text = String((0..<Int(rng.next() % 400)).map { _ in letters[Int(rng.next() % 6)] })
            let limit = Double(rng.next() % 2000)
            let m = Counting()
            let whole = m.width(of: text, size: 29, bold: false)
            let up = LayoutEngine(measurer: m).textWidth(text, size: 29, bold: false, upTo: limit)
            if whole <= limit { #expect(up == whole) } else { #expect(up > limit && up <= whole) }
        }
        let m = Counting()
        let title = String(repeating: "Watch tonight ", count: 300)
        let width = LayoutEngine(measurer: m).textWidth(title, size: 29, bold: true, upTo: 600)
        #expect(width > 600 && m.measured < 1_000, "measured \(m.measured) characters")
    }

    /// The search for the last stop that fits finds the same one whatever it is told to try first, and a line as long
    /// as the one before it costs two measurements beyond its first stop.
    @Test func aGuessChangesOnlyTheCost() {
        for high in 0..<40 {
            for last in 0...high {
                let plain = TextLayout.lastFit(from: 0, through: high) { $0 <= last }
                #expect(plain == last)
                for guess in [nil, -3, 0, 1, last, last + 1, high, high + 5] {
                    #expect(TextLayout.lastFit(from: 0, through: high, guess: guess) { $0 <= last } == last)
                }
            }
        }
        var asked = 0
        #expect(
            TextLayout.lastFit(from: 100, through: 400, guess: 111) {
                asked += 1
                return $0 <= 111
            } == 111)
        #expect(asked == 2)
    }

    @Test func textKeysAreRead() throws {
        let scene = try SceneDecoder.decode(
            #"{"root": {"type": "text", "text": "Hi", "style": "title3", "lineLimit": 2, "textAlignment": "center"}}"#,
            file: "t.json")
        #expect(scene.root.lineLimit == 2 && scene.root.textAlignment == .center && scene.root.textStyle == .title3)
        #expect(
            sceneErrors(#"{"root": {"type": "text", "text": "Hi", "lineLimit": 0}}"#)
                == [
                    #"t.json:1:54: error: "lineLimit" expects a whole number of lines from 1 to 1000, got 0 (at root.lineLimit)"#
                ])
        #expect(
            sceneErrors(#"{"root": {"type": "text", "text": "Hi", "textAlignment": "centre"}}"#).first?.contains(
                #"did you mean "center"?"#) == true)
    }

    /// A text offered less than its width wraps and grows by whole lines; lineLimit caps the lines.
    @Test func textWrapsToTheWidthItIsGiven() throws {
        let scene = try SceneDecoder.decode(
            #"{"root": {"type": "vstack", "alignment": "leading", "children": [{"type": "text", "id": "t", "width": 300, "text": "A long description that needs three lines here", "style": "body"}, {"type": "text", "id": "u", "width": 300, "lineLimit": 1, "text": "A long description that needs three lines here"}]}}"#,
            file: "t.json")
        let placed = LayoutEngine().place(root: scene.root)
        let t = try #require(placed.find("t"))
        let u = try #require(placed.find("u"))
        #expect(t.textLines?.count == 3 && t.frame.height == 3 * TextStyle.body.lineHeight)
        #expect(t.textLines?.allSatisfy { $0.width <= 300 } == true)
        #expect(u.textLines?.map(\.text) == ["A long descriptio…"] && u.frame.height == TextStyle.body.lineHeight)
    }

    /// A row wider than its offer squeezes its texts, as SwiftUI's HStack does: the image keeps its size, the short
    /// label its whole width, the long text the rest (wrapped, or ending in "…" under a line limit); the row stays
    /// inside the stack.
    @Test func aRowOfTextsWiderThanItsStackSqueezesTheTexts() throws {
        let long = String(repeating: "A channel name that runs on ", count: 6)
        for limit in ["", #", "lineLimit": 1"#] {
            let scene = try SceneDecoder.decode(
                #"{"root": {"type": "vstack", "alignment": "leading", "children": [{"type": "hstack", "id": "row", "spacing": 20, "children": [{"type": "image", "id": "logo", "width": 300, "height": 170}, {"type": "vstack", "id": "texts", "alignment": "leading", "children": [{"type": "text", "id": "name", "text": "\#(long)"\#(limit)}, {"type": "text", "id": "now", "text": "Now playing"}]}, {"type": "text", "id": "live", "text": "LIVE"}]}]}}"#,
                file: "t.json")
            let placed = LayoutEngine().place(root: scene.root)
            let row = try #require(placed.find("row"))
            let logo = try #require(placed.find("logo"))
            let texts = try #require(placed.find("texts"))
            let name = try #require(placed.find("name"))
            let live = try #require(placed.find("live"))
            let natural = LayoutEngine().measure(try #require(scene.root.children.first?.children[2]), (1920, 1080))
            #expect(logo.frame.width == 300 && row.frame.minX >= 0 && row.frame.maxX <= 1920)
            #expect(live.frame.width == natural.0 && live.frame.maxX <= row.frame.maxX + 0.001)
            #expect(abs(texts.frame.width - (row.frame.width - 300 - natural.0 - 40)) < 0.001)
            #expect(name.textLines?.allSatisfy { $0.width <= texts.frame.width } == true)
            if limit.isEmpty {
                #expect((name.textLines?.count ?? 0) > 1)
            } else {
                #expect(name.textLines?.count == 1 && name.textLines?.first?.text.hasSuffix("…") == true)
            }
            #expect(texts.frame.minX == logo.frame.maxX + 20 && live.frame.minX == texts.frame.maxX + 20)
            // Laid out measuring every offer, the same.
            let slow = LayoutMemo()
            slow.reusesFittedSizes = false
            let reference = LayoutEngine().place(root: scene.root, memo: slow)
            #expect(reference.find("name")?.frame == name.frame && reference.find("live")?.frame == live.frame)
        }
        // A row that fits is laid out as before: each text as wide as it is.
        let fits = try SceneDecoder.decode(
            #"{"root": {"type": "hstack", "id": "row", "children": [{"type": "text", "id": "a", "text": "Short"}, {"type": "text", "id": "b", "text": "Also short"}]}}"#,
            file: "t.json")
        let placed = LayoutEngine().place(root: fits.root)
        #expect(placed.find("a")?.textLines?.map(\.text) == ["Short"])
        #expect(placed.find("b")?.textLines?.map(\.text) == ["Also short"])
    }

    /// A squeezed row is placed as it was measured: its width is what its children took (980 of 1,040 here), and in
    /// it each text keeps the share it was measured in (500), not a share of the smaller width (470), where the first
    /// text's 49-letter word would no longer fit.
    @Test func aSqueezedRowIsPlacedAsItWasMeasured() throws {
        let a = String(repeating: "a", count: 49) + " " + String(repeating: "b", count: 40)
        let b = ["c", "d", "e"].map { String(repeating: $0, count: 45) }.joined(separator: " ")
        let scene = try SceneDecoder.decode(
            #"{"root": {"type": "vstack", "padding": [0, 360, 0, 360], "children": [{"type": "hstack", "id": "row", "spacing": 40, "alignment": "top", "children": [{"type": "text", "id": "a", "size": 10, "text": "\#(a)"}, {"type": "text", "id": "b", "size": 10, "text": "\#(b)"}]}]}}"#,
            file: "t.json")
        let engine = LayoutEngine(measurer: FixedAdvanceMeasurer(advance: 1))
        let placed = engine.place(root: scene.root)
        let row = try #require(placed.find("row"))
        #expect(row.frame.width == 980)
        #expect(
            placed.find("a")?.textLines?.map(\.text) == [
                String(repeating: "a", count: 49), String(repeating: "b", count: 40),
            ])
        #expect(placed.find("b")?.textLines?.count == 3)
        #expect(row.frame.height == placed.find("b")?.frame.height)
    }

    /// Buttons keep their widths in a squeezed row (cut to share one, their titles were cut short at the larger text
    /// sizes and a grid's rows fell out of reach): the text beside them gives way.
    @Test func aSqueezedRowKeepsItsButtonsWhole() throws {
        let title = "Play"
        let scene = try SceneDecoder.decode(
            #"{"root": {"type": "vstack", "padding": [0, 360, 0, 360], "children": [{"type": "hstack", "id": "row", "spacing": 20, "children": [{"type": "text", "id": "status", "text": "Offline and waiting for the network to come back"}, {"type": "button", "id": "a", "title": "\#(title)"}, {"type": "button", "id": "b", "title": "\#(title)"}]}]}}"#,
            file: "t.json")
        let placed = LayoutEngine().place(root: scene.root)
        let alone = LayoutEngine().measure(try #require(scene.root.children.first?.children[1]), (1920, 1080))
        #expect(placed.find("a")?.frame.width == alone.0 && placed.find("b")?.frame.width == alone.0)
        #expect((placed.find("status")?.textLines?.count ?? 0) > 1)
        let row = try #require(placed.find("row"))
        #expect(try #require(placed.find("b")).frame.maxX <= row.frame.maxX + 0.001)
        // A status beside them, left a sliver: its word keeps its letters together (not a column of them).
        let status = try SceneDecoder.decode(
            #"{"root": {"type": "vstack", "padding": [0, 640, 0, 640], "children": [{"type": "hstack", "spacing": 16, "children": [{"type": "button", "id": "candle", "title": "Candle"}, {"type": "button", "id": "line", "title": "Line"}, {"type": "hstack", "spacing": 6, "children": [{"type": "image", "id": "dot", "width": 10, "height": 10}, {"type": "text", "id": "offline", "text": "Offline", "size": 20}]}]}]}}"#,
            file: "t.json")
        let laid = LayoutEngine().place(root: status.root)
        #expect(laid.find("offline")?.textLines?.map(\.text) == ["Offline"])
    }

    @Test func iconsResolveSFNamesAndPhosphorNames() throws {
        // Every SF name in the table draws a glyph the font has (the charmap was checked against its cmap).
        #expect(Icons.sfSymbols.allSatisfy { Icons.resolve($0.sf) != nil })
        #expect(Set(Icons.sfSymbols.map(\.sf)).count == Icons.sfSymbols.count)
        #expect(Icons.phosphor.count == 4470)
        #expect(Icons.resolve("placeholder")?.codePoint == 0xF27A)
        #expect(Icons.phosphor.first?.name == "activity" && Icons.phosphor.first?.codePoint == 0xF371)
        #expect(Icons.resolve("play.fill")?.glyph == "play-fill" && Icons.resolve("play.fill")?.codePoint == 0xF9E7)
        #expect(Icons.resolve("gearshape")?.glyph == "gear-six-bold")  // outline symbols in the bold weight
        #expect(Icons.resolve("goforward.10")?.caption == "10")
        #expect(Icons.resolve("film-strip")?.glyph == "film-strip")  // Phosphor names as written
        #expect(Icons.resolve("gear-six-light")?.codePoint != nil)
        #expect(Icons.resolve("playy") == nil)
        // A known name's variants: the fill weight, the slashed glyph where Phosphor has one, the symbol under its
        // badge or circle; a slash Phosphor cannot draw, and a misspelling, stay unknown.
        #expect(Icons.resolve("clock.fill")?.glyph == "clock-fill")
        #expect(Icons.resolve("exclamationmark.triangle.fill")?.glyph == "warning-fill")
        #expect(Icons.resolve("eye.slash.fill")?.glyph == "eye-slash-fill")
        #expect(Icons.resolve("wifi.slash")?.glyph == "wifi-slash-bold")
        #expect(Icons.resolve("person.2.fill")?.glyph == "users-fill")
        #expect(Icons.resolve("heart.circle")?.glyph == Icons.resolve("heart")?.glyph)
        #expect(Icons.resolve("video.badge.checkmark")?.glyph == Icons.resolve("video")?.glyph)
        #expect(Icons.resolve("clock.fill")?.name == "clock.fill")
        #expect(Icons.resolve("person.slash") == nil)
        #expect(Icons.resolve("play.fil") == nil && Icons.nearSymbol("play.fil") == "play.fill")
        let scene = try SceneDecoder.decode(
            #"{"root": {"type": "tabBar", "tabs": [{"id": "s", "icon": "magnifyingglass", "content": {"type": "button", "id": "b", "title": "Play", "icon": "play.fill"}}]}}"#,
            file: "t.json")
        #expect(scene.root.tabs.first?.icon == "magnifyingglass" && scene.root.tabs.first?.title == "")
        #expect(scene.root.tabs.first?.content.icon == "play.fill")
    }

    /// An SF Symbol name TenFoot has no drawing for keeps its place and is drawn as a generic glyph; lint says so.
    @Test func anUndrawnSymbolIsKeptAndNoted() throws {
        let scene = try SceneDecoder.decode(
            #"{"root": {"type": "button", "id": "d", "icon": "4k.tv"}}"#, file: "t.json")
        #expect(scene.root.icon == "4k.tv")
        #expect(Icons.drawable("4k.tv")?.glyph == "placeholder-bold")
        // Names real apps use are drawn as their nearest glyph, a `.fill` one in the fill weight.
        #expect(Icons.drawable("delete.left")?.glyph == "backspace-bold")
        #expect(Icons.drawable("books.vertical.fill")?.glyph == "books-fill")
        #expect(Icons.drawable("Delete Left") == nil)
        #expect(SceneLint.findings(scene).map(\.code) == ["undrawn-symbol"])
    }

    @Test func anUnknownIconIsAnErrorWithASuggestion() throws {
        // An SF-shaped near miss is kept and drawn as a generic glyph; lint suggests the name TenFoot draws.
        let misspelt = try SceneDecoder.decode(
            #"{"root": {"type": "button", "id": "p", "title": "Play", "icon": "play.fil"}}"#, file: "t.json")
        #expect(
            SceneLint.findings(misspelt).map(\.message) == [
                #"the symbol "play.fil" is not one TenFoot draws, did you mean "play.fill"? (drawn as a generic glyph)"#
            ])
        // Other numbers and other parts are other symbols, not misspellings.
        #expect(Icons.nearSymbol("gobackward.15") == nil && Icons.nearSymbol("person.2.fill") == nil)
        #expect(sceneErrors(#"{"root": {"type": "button", "icon": "4k.tv"}}"#).isEmpty)
        #expect(
            sceneErrors(#"{"root": {"type": "button", "icon": "magnifying-glas"}}"#).first?.contains(
                #"did you mean "magnifying-glass"?"#) == true)
        #expect(
            sceneErrors(#"{"root": {"type": "button", "icon": "Zzzz-Zzz"}}"#).first?.contains(
                "an SF Symbol name TenFoot maps, or a Phosphor icon name") == true)
        // Any other name written as SF Symbols are is kept (drawn as a generic glyph; lint notes it).
        #expect(sceneErrors(#"{"root": {"type": "button", "icon": "rectangle.stack.badge.play.fill"}}"#).isEmpty)
        // Far from any known name: a real SF Symbol TenFoot does not draw, not a typo.
        #expect(sceneErrors(#"{"root": {"type": "button", "icon": "figure.bowling"}}"#).isEmpty)
        #expect(sceneErrors(#"{"root": {"type": "button", "icon": "zzzzzzzzzzzzzzzzzz"}}"#).isEmpty)

    }

    // MARK: Layout direction

    static let row =
        #"{"name": "r", "layoutDirection": "rightToLeft", "root": {"type": "vstack", "alignment": "leading", "children": [{"type": "text", "id": "t", "text": "Title"}, {"type": "hstack", "id": "row", "children": [{"type": "button", "id": "a", "title": "A"}, {"type": "button", "id": "b", "title": "B"}, {"type": "button", "id": "c", "title": "C"}]}]}}"#

    @Test func rightToLeftMirrorsStacksAndLeading() throws {
        let scene = try SceneDecoder.decode(TextTests.row, file: "t.json")
        #expect(scene.layoutDirection == .rightToLeft)
        let rtl = LayoutEngine(direction: .rightToLeft).place(root: scene.root)
        let ltr = LayoutEngine().place(root: scene.root)
        for id in ["t", "row", "a", "b", "c"] {
            let r = try #require(rtl.find(id)).frame
            let l = try #require(ltr.find(id)).frame
            #expect(r.minX == 1920 - l.maxX && r.minY == l.minY && r.width == l.width)
        }
        // The first button is the rightmost; the leading-aligned title ends at the safe area's right edge.
        #expect(try #require(rtl.find("a")).frame.minX > rtl.find("c")!.frame.minX)
        #expect(try #require(rtl.find("t")).frame.maxX == Metrics.safeAreaRect.maxX)
        #expect(
            sceneErrors(#"{"layoutDirection": "rtl", "root": {"type": "vstack"}}"#).first?.contains(
                #"expects one of "leftToRight", "rightToLeft""#) == true)
    }

    /// A canvas places by the frames it is given, as UIKit frames are: not mirrored.
    @Test func aCanvasKeepsItsFrames() throws {
        let scene = try SceneDecoder.decode(
            #"{"layoutDirection": "rightToLeft", "root": {"type": "canvas", "children": [{"type": "button", "id": "a", "title": "A", "frame": [100, 100, 200, 86]}]}}"#,
            file: "t.json")
        let placed = LayoutEngine(direction: .rightToLeft).place(root: scene.root)
        #expect(try #require(placed.find("a")).frame == Rect(100, 100, 200, 86))
    }

    /// "Initial focus is the top-most, leading-most item": the right-most of the top row, right to left.
    @Test func theLeadingDefaultFollowsTheDirection() throws {
        let scene = try SceneDecoder.decode(TextTests.row, file: "t.json")
        let placed = LayoutEngine(direction: .rightToLeft).place(root: scene.root)
        let tree = try SceneFocusTree.build(screen: placed, sheets: [], state: [:], options: scene.focusOptions)
        #expect(tree.topLeading(tree.focusableItems).map { tree.ids[$0] } == "a")
        #expect(tree.sequentialOrder().map { tree.ids[$0] } == ["a", "b", "c"])
        var system = FocusSystem(tree: tree)
        #expect(system.focusInitial().next == "a")
        // Swipes are physical: left goes to the next button in reading order.
        #expect(system.move(.left).next == "b")
    }

    // MARK: Pinned fonts

    /// The bundled files are the pinned ones, byte for byte: metrics and goldens depend on them.
    @Test func theBundledFontsAreThePinnedFiles() throws {
        let dir = TestPaths.packageRoot + "/Assets/Fonts"
        for file in PinnedFonts.files {
            let data = try #require(FileManager.default.contents(atPath: dir + "/" + file.name), "missing \(file.name)")
            #expect(SHA256.hex(data) == file.sha256, "\(file.name) is not the pinned file")
            #expect(
                FileManager.default.fileExists(atPath: dir + "/" + file.licence),
                "\(file.name)'s licence \(file.licence) is missing")
        }
        // Every family's files are in the list.
        for family in FontFamily.allCases {
            for bold in [false, true] {
                if let f = family.file(bold: bold) { #expect(PinnedFonts.files.contains { $0.name == f }) }
            }
        }
    }

    @Test func scriptsTryTheirOwnFontsFirst() {
        #expect(FontFamily.candidates(forScript: "Arab").first == .notoSansArabicUI)
        #expect(FontFamily.candidates(forScript: "Hani").first == .droidSansFallback)
        #expect(FontFamily.candidates(forScript: "Latn") == FontFamily.chain)
        #expect(FontFamily.candidates(forScript: "Deva").count == FontFamily.chain.count)
        for (script, first) in [
            ("Hebr", FontFamily.notoSansHebrew), ("Deva", .notoSansDevanagariUI), ("Thai", .notoSansThaiUI),
            ("Hang", .droidSansFallback), ("Kana", .droidSansFallback),
        ] {
            let candidates = FontFamily.candidates(forScript: script)
            #expect(candidates == [first] + FontFamily.chain.filter { $0 != first }, "\(script)")
        }
        // The chain holds every family once, in the order of their ordinals (which families sort and hash by).
        #expect(FontFamily.chain.map(\.ordinal) == Array(0..<FontFamily.allCases.count))
        #expect(Set(FontFamily.chain) == Set(FontFamily.allCases))
        #expect(FontFamily.chain.sorted() == FontFamily.chain)
    }
}

/// SHA-256 (FIPS 180-4), for checking the pinned files without a crypto library.
enum SHA256 {
    static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01,
        0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786,
        0x0fc1_9dc6, 0x240c_a1cc,
        0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
        0xc6e0_0bf3, 0xd5a7_9147,
        0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb,
        0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08,
        0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3, 0x748f_82ee, 0x78a5_636f,
        0x84c8_7814, 0x8cc7_0208,
        0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    static func hex(_ data: Data) -> String {
        var h: [UInt32] = [
            0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
        ]
        var message = [UInt8](data)
        let bits = UInt64(message.count) * 8
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        for i in (0..<8).reversed() { message.append(UInt8(truncatingIfNeeded: bits >> (UInt64(i) * 8))) }
        func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { x >> n | x << (32 - n) }
        var w = [UInt32](repeating: 0, count: 64)
        for chunk in stride(from: 0, to: message.count, by: 64) {
            for i in 0..<16 {
                let j = chunk + i * 4
                w[i] =
                    UInt32(message[j]) << 24 | UInt32(message[j + 1]) << 16 | UInt32(message[j + 2]) << 8
                    | UInt32(message[j + 3])
            }
            for i in 16..<64 {
                let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
                let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
                w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
            for i in 0..<64 {
                let t1 = hh &+ (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) &+ ((e & f) ^ (~e & g)) &+ k[i] &+ w[i]
                let t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
                (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
            }
            for (i, v) in [a, b, c, d, e, f, g, hh].enumerated() { h[i] = h[i] &+ v }
        }
        return h.map { String(format: "%08x", $0) }.joined()
    }
}

/// A measurer whose characters differ in width ("i" and spaces narrow, "W" wide), counting the characters it is
/// asked to measure.
final class Counting: TextMeasurer, @unchecked Sendable {
    var measured = 0
    func width(of text: String, size: Double, bold: Bool) -> Double {
        measured += text.count
        return text.reduce(0) { $0 + ($1 == "i" || $1 == " " ? 0.3 : $1 == "W" ? 0.9 : 0.55) * size }
    }
}

extension Substring {
    fileprivate func trimmingSuffix(_ c: Character) -> Substring {
        var s = self
        while s.last == c { s = s.dropLast() }
        return s
    }
}

/// Five points a scalar at size 10: a measurer to which a cluster of many scalars is as wide as a font draws it.
struct ScalarAdvanceMeasurer: TextMeasurer {
    func width(of text: String, size: Double, bold: Bool) -> Double { Double(text.unicodeScalars.count) * size / 2 }
    func paragraphDirection(_ text: String, natural direction: LayoutDirection) -> LayoutDirection { direction }
}
