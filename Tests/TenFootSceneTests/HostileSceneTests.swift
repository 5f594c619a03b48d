import FocusEngine
import Foundation
import TenFootCore
import TestSupport
import Testing

@testable import TenFootScene

/// Scene files written to break the reader (issue 12): every rejection names file:line:column and,
/// for a limit, the limit; nothing is echoed at length; nothing crashes.
@Suite struct HostileSceneTests {

    func tempFile(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tenfoot-hostile-\(getpid())-\(UUID().uuidString.prefix(8)).json"
        ).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Scene files are JSON with comments: `//`, `/* */` and trailing commas load, and positions
    /// after them are exact.
    @Test func commentsAndTrailingCommasLoad() throws {
        let scene = try SceneDecoder.decode(
            """
            // Sign-in form.
            {
              "root": { "type": "vstack", "children": [
                { "type": "button", "id": "ok", /* the default */ "title": "OK", },
              ], },
            }
            """, file: "t.json")
        #expect(scene.root.children.map(\.id) == ["ok"])
        #expect(
            sceneErrors("{ /* a\n b */ \"root\": {\"type\": \"vstak\"} }") == [
                #"t.json:2:24: error: unknown node type "vstak", did you mean "vstack"? (at root.type)"#
            ])
    }

    /// Rejections that once came without a place (from the focus tree or the layout) or with a
    /// misleading one.
    @Test(arguments: [
        (
            #"{"root": {"type": "vstack", "padding": 1e308}}"#,
            [
                #"t.json:1:40: error: "padding" expects a number, [vertical, horizontal] or [top, leading, bottom, trailing], each from 0 to 100000 points, got 1e+308 (at root.padding)"#
            ]
        ),
        (
            #"{"root": {"type": "tabBar", "tabs": [{"id": "screen", "content": {"type": "button"}}]}}"#,
            [
                #"t.json:1:45: error: "screen" is reserved for the screen's focus layer; choose another id (at root.tabs[0].id)"#
            ]
        ),
        (
            #"{"root": {"type": "tabBar", "id": "t", "tabs": [{"id": "t", "content": {"type": "button"}}]}}"#,
            [#"t.json:1:56: error: duplicate id "t" (first used at 1:35) (at root.tabs[0].id)"#]
        ),
        (
            #"{"root": {"type": "vstack", "width": 1e308}}"#,
            [
                #"t.json:1:38: error: "width" expects a size from 0 to 100000 points, got 1e+308, which is out of range (at root.width)"#
            ]
        ),
        (
            #"{"root": {"type": "vstack", "offset": [1e308, 0]}}"#,
            [#"t.json:1:39: error: "offset" is beyond ±100000 points (at root.offset)"#]
        ),
        (
            #"{"root": {"type": "vstack", "offset": {"x": 4, "y": 2}}}"#,
            [#"t.json:1:39: error: "offset" expects [x, y] in points, got an object (at root.offset)"#]
        ),
        (
            #"{"root": {"type": "vstack", "offset": [4, "2"]}}"#,
            [#"t.json:1:39: error: "offset" expects [x, y] in points, got an array (at root.offset)"#]
        ),
        // One error per cause: the invalid frame, not also "need frame".
        (
            #"{"root": {"type": "canvas", "children": [{"type": "button", "frame": [1, 2, 3]}]}}"#,
            [
                #"t.json:1:70: error: "frame" expects [x, y, width, height] in points, got an array (at root.children[0].frame)"#
            ]
        ),
        // A child that failed to decode does not shift the index of the next one's path.
        (
            #"{"root": {"type": "vstack", "children": [{"type": "nope"}, {"type": "button", "frame": [0, 0, 1, 1]}]}}"#,
            [
                #"t.json:1:51: error: unknown node type "nope" (at root.children[0].type)"#,
                #"t.json:1:88: error: "frame" is only allowed on children of a "canvas" (use width/height elsewhere) (at root.children[1].frame)"#,
            ]
        ),
    ])
    func rejectionsNameTheirPlace(_ text: String, _ expected: [String]) {
        #expect(sceneErrors(text) == expected)
    }

    /// Words that outputs print in place of an id, and characters a terminal would act on, are not ids.
    @Test(arguments: ["(nothing)", "(home)", "$last", "a\u{1B}[31mred", "tab\tbed", ""])
    func reservedAndInvisibleIdsAreRefused(_ id: String) {
        let e = sceneErrors(
            #"{"root": {"type": "vstack", "children": [{"type": "button", "id": \#(JSON.quote(id))}]}}"#)
        #expect(e.count == 1 && e[0].hasPrefix("t.json:1:67: error: "), "\(e)")
        #expect(!e[0].contains("\u{1B}") && !e[0].contains("\t"))
    }

    /// A reference that cannot name an id is refused where it is, even where references are only
    /// checked when an expectation runs (after an `open`): no output ever prints it.
    @Test func unprintableReferencesAreRefused() {
        let e = sceneErrors(
            #"{"root": {"type": "button", "id": "a", "onSelect": [{"open": "b.json"}]}, "expect": [{"press": ["select"], "focus": ["\u001b[2J"]}]}"#
        )
        #expect(
            e == [
                #"t.json:1:118: error: "focus" names no id: ids contain no spaces, control or invisible characters, got "\u001b[2J" (at expect[0].focus[0])"#
            ])
    }

    /// Every limit counts scalars, not the characters Swift groups them into: an "e" with 100,000 accents is one
    /// character, and it passed the 4,000-character limit (then took 23 s to wrap); 2,000 emoji joined by ZWJ are one
    /// too. The scene's text total counts scalars the same way.
    @Test func limitsCountScalarsNotCharacters() {
        let accents = "e" + String(repeating: "\u{301}", count: 4_000)
        #expect(accents.count == 1 && SceneLimits.length(accents) == 4_001)
        let e = sceneErrors(#"{"root": {"type": "text", "text": "\#(accents)"}}"#)
        #expect(
            e.count == 1 && e[0].contains("\"text\" is 4001 characters long; the limit is 4000"),
            "\(e.map { $0.prefix(200) })")
        let id = "a" + String(repeating: "\u{301}", count: 200)
        let ids = sceneErrors(#"{"root": {"type": "button", "id": "\#(id)", "title": "A"}}"#)
        #expect(
            ids.count == 1 && ids[0].contains("is 201 characters long; the limit is 200"),
            "\(ids.map { $0.prefix(200) })")
        let joined = try? SceneDecoder.decode(
            #"{"root": {"type": "text", "text": "\#(String(repeating: "😀\u{200D}", count: 1_000))"}}"#, file: "t.json")
        #expect(joined?.textCharacters == 2_000)
        #expect(SceneLimits.prefix(accents, 3) == "e\u{301}\u{301}")
    }

    /// An id cannot hold a character that does not show (a zero-width space, a byte order mark, a word joiner, a
    /// direction mark): two ids that differ would look the same in every output. The message shows the character
    /// escaped. A joiner or variation selector inside an emoji sequence is part of what shows.
    @Test func idsThatLookAlikeAreRefused() {
        for (id, shown) in [
            ("a\u{200B}b", #"a\u200bb"#), ("\u{FEFF}a", #"\ufeffa"#), ("a\u{2060}", #"a\u2060"#),
            ("a\u{600}", #"a\u0600"#), ("a\u{FFF9}", #"a\ufff9"#), ("a\u{E0001}", #"a\udb40\udc01"#),
            ("a\u{2800}", #"a\u2800"#),
        ] {
            let e = sceneErrors(#"{"root": {"type": "button", "id": "\#(id)", "title": "A"}}"#)
            #expect(
                e.count == 1
                    && e[0].contains(#"ids contain no spaces, control or invisible characters, got "\#(shown)""#),
                "\(e)")
        }
        #expect(sceneErrors(#"{"root": {"type": "button", "id": "👩\#u{200D}💻❤\#u{FE0F}", "title": "A"}}"#).isEmpty)
        // State names and the names actions set follow the same rule.
        let states = sceneErrors(
            #"{"state": {"a\#u{200B}b": 1}, "root": {"type": "button", "id": "b", "onSelect": [{"set": "a\#u{200B}b", "to": 2}]}}"#
        )
        #expect(states.count == 2 && states.allSatisfy { $0.contains(#"got "a\u200bb""#) }, "\(states)")
    }

    /// A number refused for not being whole is quoted as it is, not rounded into the value it should have been.
    @Test func aRefusedNumberIsQuotedExactly() {
        let e = sceneErrors(
            #"{"root": {"type": "grid", "columns": 12.0000000000001, "children": [{"type": "button"}]}}"#)
        #expect(e.count == 1 && e[0].contains("got 12.0000000000001"), "\(e)")
        #expect(
            JSON.exactFormat(0.5) == "0.5" && JSON.exactFormat(3) == "3"
                && JSON.exactFormat(1.0 / 3) == "0.3333333333333333")
    }

    /// A tab bar holds at most 50 tabs: every tab's screen is checked with the whole bar in it, so 4,000 tabs took
    /// gigabytes to audit. The rest are not read; 50 load.
    @Test func aTabBarOfMoreThanFiftyTabsIsRefused() {
        func bar(_ n: Int) -> String {
            let tabs = (0..<n).map {
                #"{"id": "t\#($0)", "title": "T", "content": {"type": "button", "id": "b\#($0)", "title": "B"}}"#
            }
            return #"{"root": {"type": "tabBar", "id": "bar", "tabs": ["# + tabs.joined(separator: ", ") + "]}}"
        }
        #expect(sceneErrors(bar(50)).isEmpty)
        #expect(
            sceneErrors(bar(4000)) == [
                #"t.json:1:50: error: a tabBar has at most 50 tabs, got 4000; the rest are not read (at root.tabs)"#
            ])
    }

    /// Each sheet's checks see the sheet alone: with the whole screen under every sheet, 4,000 buttons
    /// that each present their own sheet built 16 million tree nodes (over 90 s and 1.7 GB to audit).
    @Test(.timeLimit(.minutes(1))) func lintIsLinearInSheets() throws {
        let n = 3000
        let buttons = (0..<n).map {
            #"{"type": "button", "id": "b\#($0)", "title": "B", "onSelect": [{"present": "s\#($0)"}]}"#
        }
        let sheets = (0..<n).map {
            #"{"type": "sheet", "id": "s\#($0)", "children": [{"type": "button", "id": "x\#($0)", "title": "X"}]}"#
        }
        let text =
            #"{"root": {"type": "scroll", "id": "page", "children": [{"type": "vstack", "id": "list", "children": ["#
            + buttons.joined(separator: ", ") + #"]}]}, "sheets": ["# + sheets.joined(separator: ", ") + "]}"
        #expect(SceneLint.findings(try SceneDecoder.decode(text, file: "t.json")).map(\.code) == [])
    }

    /// Stacks nested 40 deep with 20 buttons at every level: each node is measured a few times, not once for every
    /// stack above it (placing a stack offered its children new sizes, each level over again: 63 levels of 1,570
    /// buttons took 8 s of `path` and 840 MB). The frames are those of measuring without the shortcut.
    @Test func deepStacksMeasureEachNodeAFewTimes() throws {
        func level(_ d: Int) -> String {
            let buttons = (0..<20).map { #"{"type": "button", "id": "b\#(d)-\#($0)", "title": "B"}"# }
            let inner = d == 0 ? [] : [level(d - 1)]
            return #"{"type": "vstack", "id": "v\#(d)", "children": ["# + (buttons + inner).joined(separator: ", ")
                + "]}"
        }
        let scene = try SceneDecoder.decode(
            #"{"root": {"type": "scroll", "id": "page", "children": ["# + level(39) + "]}}", file: "t.json")
        let memo = LayoutMemo()
        let placed = LayoutEngine().place(root: scene.root, memo: memo)
        let nodes = scene.allNodes.count
        #expect(nodes == 40 * 21 + 1)
        #expect(memo.measurings <= 3 * nodes, "\(memo.measurings) measurings of \(nodes) nodes")
        // The same frames as a layout that measures every offer.
        let everyOffer = LayoutMemo()
        everyOffer.reusesFittedSizes = false
        let reference = LayoutEngine().place(root: scene.root, memo: everyOffer)
        #expect(everyOffer.measurings > 10 * nodes)
        func frames(_ p: PlacedNode) -> [String] {
            ["\(p.node.id) \(p.frame)"] + p.children.flatMap(frames)
        }
        #expect(frames(placed) == frames(reference))
        #expect(frames(placed).count == nodes)
        // What a differential attack found laid out otherwise by a first rule (any node that grows along neither axis):
        // a section or shelf of a given width lays its content out in the offer, not in its own width; text is broken
        // into lines by a breaker whose line widths are not the widths it needed.
        for tricky in [
            #"{"type": "vstack", "children": [{"type": "section", "width": 1, "children": [{"type": "text", "text": "fox"}]}]}"#,
            #"{"type": "vstack", "children": [{"type": "shelf", "width": 653, "children": [{"type": "vstack", "children": [{"type": "spacer"}]}, {"type": "picker"}]}, {"type": "shelf", "children": []}]}"#,
            #"{"type": "tabBar", "tabs": [{"content": {"type": "vstack", "children": [{"type": "section", "width": 860, "children": [{"type": "text", "text": "Ελληνικά κείμενο δοκιμή WAVE", "size": 57}, {"type": "button"}]}]}}]}"#,
            #"{"type": "vstack", "padding": [0, 333, 0, 310], "children": [{"type": "text", "text": "زلوجحظظ فدكضج انرق - ذمثغصحخست ص سحشهذوشظ دحر", "focusable": true, "style": "title1", "lineLimit": 2}]}"#,
            #"{"type": "vstack", "children": [{"type": "vstack", "width": 300, "children": [{"type": "text", "text": "A sentence long enough to wrap at three hundred points"}]}, {"type": "button", "id": "b", "title": "B"}]}"#,
            #"{"type": "vstack", "children": [{"type": "hero", "width": 700, "title": "Hero", "children": [{"type": "button", "id": "play", "title": "Play from the beginning"}, {"type": "button", "id": "add", "title": "Add to Up Next"}]}, {"type": "button", "id": "b2", "title": "Below"}]}"#,
            #"{"type": "vstack", "children": [{"type": "text", "text": "Words", "largeText": {"height": "fill"}}, {"type": "button", "id": "b", "title": "B", "largeText": {"height": "fill"}}]}"#,
            #"{"type": "grid", "children": [{"type": "shelf", "children": [{"type": "button", "id": "b", "title": "B"}, {"type": "focusGuide", "id": "g", "frame": [0, 0, 100, 100], "preferred": ["b"]}]}]}"#,
            #"{"type": "vstack", "children": [{"type": "hstack", "children": [{"type": "image", "width": 500, "height": 100}, {"type": "vstack", "children": [{"type": "text", "text": "A title long enough to be squeezed by the image beside it, and then some more words to wrap"}, {"type": "text", "text": "Subtitle", "lineLimit": 1}]}, {"type": "text", "text": "A second text that gives way too"}]}, {"type": "button", "id": "b", "title": "B"}]}"#,
        ] {
            var nested = tricky
            for d in 0..<6 {
                nested =
                    #"{"type": "vstack", "id": "n\#(d)", "children": [\#(nested), {"type": "button", "title": "B\#(d)"}]}"#
            }
            for tree in tricky.contains("tabBar") ? [tricky] : [tricky, nested] {
                expectLaidOutAsAtEveryOffer(try SceneDecoder.decode(#"{"root": \#(tree)}"#, file: "t.json"), tree)
            }
        }
        // Stacks taller than the screen at every level (99,929 buttons under 63 of them), and beside a scroll, which
        // takes the height it is offered, under a tab bar.
        for wrapped in [false, true] {
            var tree =
                #"{"type": "vstack", "id": "list", "children": ["#
                + (0..<300).map { #"{"type": "button", "id": "b\#($0)", "title": "B"}"# }.joined(separator: ", ") + "]}"
            for d in 0..<30 { tree = #"{"type": "vstack", "id": "w\#(d)", "children": [\#(tree)]}"# }
            if wrapped {
                tree =
                    #"{"type": "tabBar", "id": "bar", "tabs": [{"id": "t", "title": "T", "content": {"type": "vstack", "id": "c", "children": [\#(tree), {"type": "scroll", "id": "s", "children": [{"type": "button", "id": "x", "title": "X"}]}]}}]}"#
            }
            let tall = try SceneDecoder.decode(#"{"root": \#(tree)}"#, file: "t.json")
            let fast = LayoutMemo()
            let slow = LayoutMemo()
            slow.reusesFittedSizes = false
            let a = LayoutEngine().place(root: tall.root, memo: fast)
            let b = LayoutEngine().place(root: tall.root, memo: slow)
            #expect(frames(a) == frames(b))
            #expect(fast.measurings <= 3 * tall.allNodes.count, "\(fast.measurings) of \(tall.allNodes.count)")
        }
    }

    /// Each placed node's id, frame and lines of text, in walk order.
    func laidOut(_ p: PlacedNode) -> [String] {
        ["\(p.node.id) \(p.frame) \(p.textLines?.map(\.text) ?? [])"] + p.children.flatMap(laidOut)
    }

    /// `scene` laid out at Large and Accessibility M as a layout measuring every offer lays it out (`label`: what the
    /// scene is, for a failure).
    func expectLaidOutAsAtEveryOffer(
        _ scene: Scene, _ label: String, measurer: any TextMeasurer = FixedAdvanceMeasurer()
    ) {
        for size in [TextSize.large, .accessibility3] {
            let slow = LayoutMemo()
            slow.reusesFittedSizes = false
            let a = LayoutEngine(measurer: measurer, textSize: size).place(root: scene.root, memo: LayoutMemo())
            let b = LayoutEngine(measurer: measurer, textSize: size).place(root: scene.root, memo: slow)
            #expect(laidOut(a) == laidOut(b), "\(size) \(label)")
        }
    }

    /// Letters that narrow once another joins them, as Arabic's do: a longer start of a line can be narrower than a
    /// shorter one, so the widest line kept is not always the widest the breaker found to fit.
    struct JoiningMeasurer: TextMeasurer {
        func width(of text: String, size: Double, bold: Bool) -> Double {
            let scalars = Array(text.unicodeScalars)
            func joins(_ c: Unicode.Scalar) -> Bool { (0x0620...0x064A).contains(c.value) }
            // Some letters end in a wide tail that joining takes away: "سب" is narrower than "س".
            let tailed = Set("يسصقنشضع".unicodeScalars)
            var w = 0.0
            for (k, c) in scalars.enumerated() {
                let joined = joins(c) && k + 1 < scalars.count && joins(scalars[k + 1])
                w += size * (joined ? 0.25 : tailed.contains(c) ? 1.2 : 0.45)
            }
            return w * (bold ? 1.05 : 1)
        }
    }

    /// Deep trees of wrapping text: a text is broken into lines a few times however many stacks are above it (62
    /// levels of 200 texts each were broken once per level above them, 1.5 s of `path` and 10 s of
    /// `audit --accessibility`), and every frame and line is what a layout measuring every offer makes, over random
    /// trees of text with paddings, symbols, line limits and sizes whose sums do not come back exactly, measured as
    /// Latin is and as joining letters are.
    @Test func deepTextTreesMeasureEachNodeAFewTimes() throws {
        var tree = #"{"type": "text", "id": "deepest", "text": "the last words of all"}"#
        for d in 0..<62 {
            let texts = (0..<20).map { #"{"type": "text", "id": "t\#(d)-\#($0)", "text": "word word word \#($0)"}"# }
            tree =
                #"{"type": "\#(d % 2 == 0 ? "hstack" : "vstack")", "id": "s\#(d)", "children": ["#
                + (texts + [tree]).joined(separator: ", ") + "]}"
        }
        let deep = try SceneDecoder.decode(
            #"{"root": {"type": "scroll", "id": "page", "children": [\#(tree)]}}"#, file: "t.json")
        let fast = LayoutMemo()
        let slow = LayoutMemo()
        slow.reusesFittedSizes = false
        #expect(
            laidOut(LayoutEngine().place(root: deep.root, memo: fast))
                == laidOut(LayoutEngine().place(root: deep.root, memo: slow)))
        let nodes = deep.allNodes.count
        // Each row is wider than the screen and squeezes its texts: they are measured in the whole offer and in their
        // share too (5.2 to 5.5 a node at 16, 31 and 62 levels).
        #expect(fast.measurings <= 6 * nodes, "\(fast.measurings) measurings of \(nodes) nodes")
        #expect(slow.measurings > 10 * nodes)

        var random = SplitMix(seed: 34)
        let words =
            "the quick brown fox jumps over a lazy dog Northern Lights WAVE AVATAR office To Ty مرحبا بالعالم هجذازغنثبطاغنرفصبغظلظرزبدجقشعهمصطقخزحثهس"
            .split(separator: " ")
        func number(_ upTo: Int) -> String { "\(Double(random.int(upTo * 100)) / 100)" }
        func padding() -> String {
            switch random.int(4) {
            case 0: #", "padding": \#(number(40))"#
            case 1: #", "padding": [\#(number(50)), \#(number(50)), \#(number(50)), \#(number(50))]"#
            default: ""
            }
        }
        func text() -> String {
            let said = (0...random.int(30)).map { _ in String(words[random.int(words.count)]) }.joined(separator: " ")
            var t = #"{"type": "text", "text": "\#(said)\#(random.int(8) == 0 ? "\\n" + said : "")""#
            if random.int(3) == 0 { t += #", "size": \#(Double(random.int(8000)) / 100 + 8)"# }
            if random.int(3) == 0 { t += #", "icon": "star.fill""# }
            if random.int(5) == 0 { t += #", "lineLimit": \#(1 + random.int(3))"# }
            if random.int(10) == 0 { t += #", "width": \#(number(600))"# }
            return t + padding() + "}"
        }
        func node(_ depth: Int) -> String {
            let r = random.int(100)
            if depth == 0 || r < 45 { return text() }
            if r < 55 {
                return
                    #"{"type": "button", "title": "\#(words[random.int(words.count)]) \#(words[random.int(words.count)])"}"#
            }
            if r < 58 { return #"{"type": "spacer"}"# }
            let type = ["vstack", "vstack", "hstack", "zstack"][random.int(4)]
            let children = (0...random.int(3)).map { _ in node(depth - 1) }.joined(separator: ", ")
            let size =
                random.int(8) == 0
                ? #", "width": \#(number(900))"# : random.int(12) == 0 ? #", "height": \#(number(400))"# : ""
            return #"{"type": "\#(type)", "spacing": \#(number(40))\#(padding())\#(size), "children": [\#(children)]}"#
        }
        for _ in 0..<120 {
            let root =
                #"{"type": "vstack", "padding": [0, \#(number(900)), 0, \#(number(900))], "children": [\#(node(2 + random.int(7))), \#(node(3))]}"#
            let scene = try SceneDecoder.decode(#"{"root": \#(root)}"#, file: "t.json")
            expectLaidOutAsAtEveryOffer(scene, root)
            expectLaidOutAsAtEveryOffer(scene, root, measurer: JoiningMeasurer())
        }
    }

    /// A tab is at most as wide as the safe area (its title is cut with "…" when drawn): fifty tabs of
    /// 2,000-character titles each drew a line tens of thousands of pixels long (over 25 s, 517 MB).
    /// Padding that fills a node's size leaves no room inside, never less: 100 − 99.9 − 0.1 came out a hair below
    /// zero, and the scene was refused as "a frame … with a negative size", with no place.
    @Test func paddingThatFillsTheSizeLeavesNothingInside() throws {
        let scene = try SceneDecoder.decode(
            #"{"root": {"type": "hstack", "width": 100, "children": [{"type": "button", "id": "t", "title": "abc", "padding": [0, 99.9, 0, 0.1], "width": "fill"}]}}"#,
            file: "t.json")
        let placed = LayoutEngine().place(root: scene.root)
        let frame = try #require(placed.frame(of: "t"))
        #expect(frame.width == 0 && frame.height >= 0)
        _ = try SceneFocusTree.build(screen: placed, sheets: [], state: scene.state, options: scene.focusOptions)
    }

    @Test func aTabIsNoWiderThanTheSafeArea() throws {
        let long = String(repeating: "W", count: 2000)
        let scene = try SceneDecoder.decode(
            #"{"root": {"type": "tabBar", "id": "bar", "tabs": [{"id": "a", "title": "\#(long)", "content": {"type": "button", "id": "b"}}, {"id": "c", "title": "Search", "content": {"type": "button", "id": "d"}}]}}"#,
            file: "t.json")
        let placed = LayoutEngine().place(root: scene.root)
        #expect(placed.frame(of: "a")?.width == TabBarMetrics.maxTabWidth)
        #expect((placed.frame(of: "c")?.width ?? 0) < 400, "a short title keeps its own width")
    }

    @Test func invalidUTF8IsReportedWhereItIs() throws {
        let path = try tempFile(
            Array("{\n  \"root\": {\"type\": \"button\", \"title\": \"caf".utf8) + [0xE9] + Array("\"}\n}".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: Diagnostics.self) { try SceneDecoder.load(path: path) }
        do { _ = try SceneDecoder.load(path: path) } catch {
            #expect(
                error.description
                    == "\(path):2:43: error: invalid UTF-8: byte 0xE9 cannot start or continue a character here; the file must be UTF-8 text"
            )
        }
    }

    /// Strings and ids have limits, named in the error with the value's place.
    @Test func longStringsAndIdsAreRefused() {
        let ok = String(repeating: "é", count: SceneLimits.maxTextLength)
        #expect(sceneErrors(#"{"root": {"type": "text", "text": "\#(ok)"}}"#) == [])
        #expect(
            sceneErrors(#"{"root": {"type": "text", "text": "\#(ok)x"}}"#) == [
                #"t.json:1:35: error: "text" is 4001 characters long; the limit is 4000 (at root.text)"#
            ])
        let id = String(repeating: "i", count: SceneLimits.maxIDLength + 1)
        #expect(
            sceneErrors(#"{"root": {"type": "button", "id": "\#(id)"}}"#) == [
                #"t.json:1:35: error: "id" is 201 characters long; the limit is 200 (at root.id)"#
            ])
        #expect(
            sceneErrors(#"{"state": {"\#(id)": 1}, "root": {"type": "button"}}"#) == [
                #"t.json:1:12: error: state names are at most 200 characters, got 201 (at state)"#
            ])
    }

    /// A file is refused before it is read past the limit; devices (which may never end), pipes
    /// (which would block the reader) and folders are not read at all.
    @Test func filesLargerThanTheLimitAreNotRead() throws {
        let path = try tempFile(Array(repeating: UInt8(ascii: " "), count: 2000))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try TextFile.read(path: path, maxBytes: 1999)
            Issue.record("read past the limit")
        } catch {
            #expect(error.description == "\(path):1:1: error: the file is larger than the limit of 1999 bytes")
        }
        #expect(try TextFile.read(path: path, maxBytes: 2000).count == 2000)
        let fifo = path + ".fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: fifo) }
        for (special, why) in [
            ("/dev/zero", "not a regular file: a device, a pipe or a socket"),
            (fifo, "not a regular file: a device, a pipe or a socket"),
            (FileManager.default.temporaryDirectory.path, "it is a folder"), (path + ".none", "missing or unreadable"),
        ] {
            do {
                _ = try TextFile.read(path: special, maxBytes: 1 << 20)
                Issue.record("read \(special)")
            } catch {
                #expect(error.description == "\(special):1:1: error: cannot read the file (\(why))")
            }
        }
    }

    /// The node after the limit is reported, once, and nothing past it is decoded.
    @Test func nodesBeyondTheLimitAreRefused() {
        let spacers = Array(repeating: #"{"type":"spacer"}"#, count: SceneLimits.maxNodes + 10).joined(separator: ",")
        let e = sceneErrors(#"{"root":{"type":"vstack","children":["# + spacers + "]}}")
        #expect(
            e == [
                "t.json:1:\(38 + (SceneLimits.maxNodes - 1) * 18): error: more than 100000 nodes; split the scene (at root.children[\(SceneLimits.maxNodes - 1)])"
            ])
    }

    /// The scene's text together is held to its limit: the text that passes it is reported, once, where it is;
    /// a scene at the limit decodes, its count what the simulator counts.
    @Test func textBeyondTheSceneLimitIsRefused() throws {
        let long = String(repeating: "word ", count: SceneLimits.maxTextLength / 5)
        let each = SceneLimits.maxTextLength
        let fitting = SceneLimits.maxSceneText / each
        func scene(_ texts: Int) -> String {
            let items = Array(repeating: #"{"type":"text","text":"\#(long)"}"#, count: texts).joined(separator: ",")
            return #"{"root":{"type":"vstack","children":["# + items + #",{"type":"button","id":"go"}]}}"#
        }
        let atLimit = try SceneDecoder.decode(scene(fitting), file: "t.json")
        #expect(atLimit.root.textCharacters == SceneLimits.maxSceneText)
        let e = sceneErrors(scene(fitting + 2))
        let column = 60 + fitting * (each + 26)
        #expect(
            e == [
                "t.json:1:\(column): error: more than \(SceneLimits.maxSceneText) characters of text together (titles, texts, values, options…); split the scene (at root.children[\(fitting)].text)"
            ], "\(e.map { String($0.prefix(300)) })")
    }

    /// Values and headers written as plain strings are held to the text limit like titles (they were not).
    @Test func valuesAndHeadersAreHeldToTheTextLimit() {
        let long = String(repeating: "x", count: SceneLimits.maxTextLength + 1)
        for field in [
            #""type":"textField","id":"f","value":"\#(long)""#, #""type":"poster","id":"p","header":"\#(long)""#,
        ] {
            let e = sceneErrors(#"{"root":{"type":"vstack","children":[{"# + field + "}]}}")
            #expect(e.count == 1 && e[0].contains("is 4001 characters long; the limit is 4000"), "\(e)")
        }
    }

    @Test func nestingBeyondTheLimitIsRefused() {
        let depth = SceneLimits.maxDepth + 1
        let text =
            #"{"root": "# + String(repeating: #"{"type": "vstack", "children": ["#, count: depth)
            + #"{"type": "button"}"# + String(repeating: "]}", count: depth) + "}"
        let e = sceneErrors(text)
        #expect(e.count == 1 && e[0].contains("error: nesting deeper than 64 levels (at root.children[0]"), "\(e)")
    }

    /// A megabyte-long key is reported in a short line, in the message and in the path.
    @Test func longInputIsCutInMessages() {
        let key = String(repeating: "k", count: 1 << 20)
        let e = sceneErrors(#"{"root": {"type": "button", "\#(key)": 1}}"#)
        #expect(e.count == 1 && e[0].count < 300, "\(e.first?.count ?? 0) characters")
        #expect(e[0].hasPrefix(#"t.json:1:29: error: unknown key "kkkk"#) && e[0].contains("…\" for \"button\""))
    }

    /// Suggestions are computed for the first 100 unknown ids in file order, the rest are reported
    /// plainly: the work is bounded however many references are wrong.
    @Test func suggestionsAreBounded() throws {
        let items = (0..<200).map { #"{"type": "button", "id": "item\#($0)"}"# }
        let bad = (0..<150).map { #"{"type": "focusGuide", "frame": [0, 0, 1, 1], "preferred": ["itme\#($0)"]}"# }
        let e = sceneErrors(
            #"{"root": {"type": "vstack", "children": ["# + (items + bad).joined(separator: ", ") + "]}}")
        try #require(e.count == 150, "\(e.prefix(3))")
        #expect(e.prefix(SceneLimits.maxSuggestions).allSatisfy { $0.contains("did you mean \"item") })
        #expect(e.dropFirst(SceneLimits.maxSuggestions).allSatisfy { !$0.contains("did you mean") })
    }

    /// A report lists at most 200 problems, then a note at the first one left out says how many more there are:
    /// a file of 200,000 unknown keys printed 200,000 lines over 6 s.
    @Test func aReportListsAtMostTwoHundredProblems() throws {
        let keys = (0..<1000).map { #""k\#($0)": 1"# }.joined(separator: ",\n")
        let e = sceneErrors("{\"root\": {\"type\": \"button\"},\n" + keys + "}")
        #expect(e.count == Diagnostics.shown + 1)
        #expect(e[199] == #"t.json:201:1: error: unknown key "k199" for scene (at k199)"#)
        #expect(e.last == "t.json:202:1: note: 800 more problems from here on not shown; fix these first")
    }

    /// The structure path a message ends with is at most 160 characters, its middle cut (60 nested stacks made
    /// one of 855).
    @Test func aLongStructurePathIsCutInTheMiddle() throws {
        let open = String(repeating: #"{"type": "vstack", "children": ["#, count: 60)
        let e = sceneErrors(
            #"{"root": "# + open + #"{"type": "button", "titel": "x"}"# + String(repeating: "]}", count: 60) + "}")
        try #require(e.count == 1)
        let at = try #require(e[0].range(of: " (at ")).upperBound
        let path = e[0][at...].dropLast()
        #expect(
            path.count == 160 && path.hasPrefix("root.children[0].children[0]") && path.hasSuffix("children[0].titel"))
        #expect(path.contains("…"))
    }

    /// Misspelt keys get suggestions while the budget lasts, in file order, then none.
    @Test func keySuggestionsAreBounded() throws {
        let nodes = Array(repeating: #"{"type": "button", "tittle": "x"}"#, count: 150).joined(separator: ", ")
        let e = sceneErrors(#"{"root": {"type": "vstack", "children": ["# + nodes + "]}}")
        try #require(e.count == 150)
        #expect(e.prefix(SceneLimits.maxSuggestions).allSatisfy { $0.contains("did you mean \"title\"?") })
        #expect(e.dropFirst(SceneLimits.maxSuggestions).allSatisfy { !$0.contains("did you mean") })
    }

    /// Expectations may name ids an `append` will create from a `{n}` template.
    @Test func expectationsMayNameAppendedIds() {
        let scene =
            #"{"root": {"type": "vstack", "id": "list", "children": [{"type": "button", "id": "add", "onSelect": [{"append": {"type": "button", "id": "row{n}-x"}, "to": "list"}]}]}, "expect": [{"press": ["select", "down"], "focus": ["add", %@]}]}"#
        #expect(sceneErrors(scene.replacingOccurrences(of: "%@", with: #""row1-x""#)) == [])
        #expect(sceneErrors(scene.replacingOccurrences(of: "%@", with: #""row12-x""#)) == [])
        #expect(
            sceneErrors(scene.replacingOccurrences(of: "%@", with: #""rowx-x""#)) == [
                #"t.json:1:180: error: "focus" names unknown id "rowx-x""#
            ])
        #expect(AppendedID.shape(of: "a1{n}2b{n}") == "a{n}b{n}" && AppendedID.shape(of: "row") == "row")
    }
}
