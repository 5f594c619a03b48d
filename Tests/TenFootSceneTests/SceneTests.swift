import FocusEngine
import Foundation
import TenFootCore
import TestSupport
import Testing

@testable import TenFootScene

@Suite struct SceneTests {

    /// The built-in home is scenes/home.json itself, embedded at build time through the symbolic link
    /// Sources/TenFootScene/Resources/home.json: this fails if the link is ever replaced by a copy.
    @Test func builtInHomeIsTheSceneFile() throws {
        let file = try String(contentsOfFile: TestPaths.scenes + "/home.json", encoding: .utf8)
        #expect(BuiltInScenes.homeJSON == file)
        #expect(BuiltInScenes.home().root.tabs.count >= 2)
    }

    /// `alignment` is read into an `Alignment`; a row takes only vertical ones.
    @Test func alignmentsAreTyped() throws {
        let column = try SceneDecoder.decode(
            #"{"root": {"type": "vstack", "alignment": "topLeading", "children": []}}"#, file: "t.json")
        #expect(column.root.alignment == .topLeading && column.root.alignment?.horizontal == .leading)
        let row = try SceneDecoder.decode(
            #"{"root": {"type": "hstack", "alignment": "bottom", "children": []}}"#, file: "t.json")
        #expect(row.root.alignment == .bottom && row.root.alignment?.vertical == .bottom)
        #expect(
            sceneErrors(#"{"root": {"type": "hstack", "alignment": "leading", "children": []}}"#).first?
                .contains(#"expects one of "top", "center", "bottom", got "leading""#) == true)
        #expect(Alignment.named.allSatisfy { Alignment(name: $0.name) == $0.alignment })
    }

    /// Page presses are opt-in (`onPageUp`/`onPageDown` with the `page` action) and
    /// `restoresFocusAfterTransition` belongs on the presenting screen (the root) or on a sheet.
    @Test func pageHandlersAndWhereRestorationIsSet() throws {
        let scene = try SceneDecoder.decode(
            #"{"root": {"type": "scroll", "restoresFocusAfterTransition": false, "onPageDown": [{"page": "down"}], "onPageUp": [{"page": "up"}], "children": []}}"#,
            file: "t.json")
        #expect(scene.root.restoresFocusAfterTransition == false)
        guard case .page(let up)? = scene.root.actions[.onPageUp]?.first, up else {
            Issue.record("onPageUp should hold {page: up}")
            return
        }
        #expect(
            sceneErrors(
                #"{"root": {"type": "vstack", "children": [{"type": "button", "id": "a", "restoresFocusAfterTransition": false}]}}"#
            )
                == [
                    #"t.json:1:72: error: "restoresFocusAfterTransition" belongs on the root (the presenting screen) or on a sheet (at root.children[0].restoresFocusAfterTransition)"#
                ])
        #expect(
            sceneErrors(#"{"root": {"type": "vstack", "onPageDown": [{"page": "sideways"}]}}"#).first?.contains(
                #"expects one of "up", "down""#) == true)
    }

    @Test func syntaxErrorsNameLineAndColumn() {
        #expect(
            sceneErrors("{\n  \"root\": {\"type\": \"vstack\" \"id\": \"v\"}\n}") == [
                "t.json:2:29: error: expected ',' or '}' after the value of \"type\", got '\"'"
            ])
        #expect(
            sceneErrors("{\"root\": 'x'}").first?.hasPrefix("t.json:1:10: error: strings must use double quotes")
                == true)
        #expect(sceneErrors("").first?.contains("expected a value, got end of file") == true)
    }

    /// Each action's problem is reported where the action is written, with its path, in file order.
    /// (A node's actions live in dictionaries keyed by trigger: the four triggers of one node were once
    /// reported at the node, in the order of a Dictionary, so each run of `tenfoot` printed them in
    /// another order; CLITests' determinism cases check that across processes.)
    @Test func eachActionIsReportedWhereItIsWritten() {
        let text =
            #"{"name":"x","root":{"type":"canvas","children":[{"type":"button","id":"a","title":"A","frame":[100,100,200,100],"onSelect":[{"focus":"nope1"}],"onLongSelect":[{"focus":"nope2"}],"onPlayPause":[{"focus":"nope3"}],"onMenu":[{"focus":"nope4"}]}]}}"#
        #expect(
            sceneErrors(text) == [
                #"t.json:1:125: error: "focus" names unknown id "nope1" (at root.children[0].onSelect[0])"#,
                #"t.json:1:160: error: "focus" names unknown id "nope2" (at root.children[0].onLongSelect[0])"#,
                #"t.json:1:194: error: "focus" names unknown id "nope3" (at root.children[0].onPlayPause[0])"#,
                #"t.json:1:223: error: "focus" names unknown id "nope4" (at root.children[0].onMenu[0])"#,
            ])
    }

    /// `"audit": {"accept": [...]}`: each mistake is a load error at its place.
    @Test func auditAcceptancesAreChecked() throws {
        func scene(_ accept: String) -> String {
            #"{"root": {"type": "hstack", "children": [{"type": "button", "id": "a", "title": "A"}, {"type": "button", "id": "b", "title": "B"}]}, "audit": {"accept": [\#(accept)]}}"#
        }
        let good = try SceneDecoder.decode(
            scene(#"{"finding": "one-way", "item": "a", "direction": "right", "to": "b", "reason": "by design"}"#),
            file: "t.json")
        #expect(
            good.auditAcceptances.map(\.finding) == ["one-way"] && good.auditAcceptances[0].to == "b"
                && good.auditAcceptances[0].direction == .right)
        #expect(
            sceneErrors(scene(#"{"finding": "one-wya", "reason": "x"}"#)).first?.contains(
                #"expects one of "unreachable", "trap", "one-way""#) == true)
        #expect(sceneErrors(scene(#"{"finding": "trap"}"#)).first?.contains(#"an acceptance needs "reason""#) == true)
        #expect(
            sceneErrors(scene(#"{"finding": "trap", "reason": "  "}"#)).first?.contains(#""reason" must say why"#)
                == true)
        #expect(
            sceneErrors(scene(#"{"finding": "trap", "item": "nope", "reason": "x"}"#)).first?.contains(
                #""item" names unknown id "nope""#) == true)
        #expect(
            sceneErrors(scene(#"{"finding": "trap", "direction": "up", "reason": "x"}"#)).first?.contains(
                #""direction" belongs to a "one-way" acceptance"#) == true)
        #expect(
            sceneErrors(scene(#"{"finding": "trap", "reason": "x", "why": 1}"#)).first?.contains(
                #"unknown key "why" for acceptance"#) == true)
        #expect(
            sceneErrors(#"{"root": {"type": "vstack"}, "audit": []}"#).first?.contains(#""audit" expects an object"#)
                == true
        )
    }

    /// Problems at one place come out in one order in every process: by position, then message.
    @Test func problemsAtOnePlaceAreSortedByMessage() {
        let text =
            #"{"root": {"type": "vstack", "children": [{"type": "focusGuide", "id": "g", "preferred": ["zebra-crossing", "aardvark-den"]}, {"type": "button", "id": "b", "title": "B"}]}}"#
        #expect(
            sceneErrors(text) == [
                #"t.json:1:42: error: "preferred" names unknown id "aardvark-den""#,
                #"t.json:1:42: error: "preferred" names unknown id "zebra-crossing""#,
                #"t.json:1:42: error: a focusGuide needs "frame": [x, y, w, h] or "between": [idA, idB] (at root.children[0])"#,
            ])
    }

    /// Reference problems carry no JSON path; value problems end with it.
    @Test func theTextFormNamesThePath() {
        #expect(
            sceneErrors(#"{"root": {"type": "vstack", "spacing": "wide"}}"#) == [
                #"t.json:1:40: error: "spacing" expects a number of points, got "wide" (at root.spacing)"#
            ])
    }

    @Test func everyProblemReportedTogether() {
        let e = sceneErrors(
            """
            {"root": {"type": "vstack", "children": [
              {"type": "poster", "id": "a", "focusSection": "yes"},
              {"type": "postr", "id": "b"},
              {"type": "button", "id": "a", "tittle": "x"},
              {"type": "focusGuide", "frame": [0, 0, -5, 10], "preferred": ["nowhere"]}
            ]}}
            """)
        #expect(e.count >= 5)
        #expect(e.contains { $0.contains("t.json:2:33: error: unknown key \"focusSection\" for \"poster\"") })
        #expect(e.contains { $0.contains("unknown node type \"postr\", did you mean \"poster\"?") })
        #expect(e.contains { $0.contains("duplicate id \"a\"") })
        #expect(e.contains { $0.contains("unknown key \"tittle\"") && $0.contains("did you mean \"title\"?") })
        #expect(e.contains { $0.contains("negative size") })
    }

    /// One error per cause: a key a type does not take is reported as unknown, and its value is not then read
    /// as well (a button's "color" is not also a colour in the wrong form, its "children" are not decoded).
    @Test func anUnknownKeyIsOneError() {
        #expect(
            sceneErrors(#"{"root": {"type": "button", "title": "Play", "color": "red"}}"#)
                == [#"t.json:1:46: error: unknown key "color" for "button" (at root.color)"#])
        #expect(
            sceneErrors(##"{"root": {"type": "button", "title": "Play", "color": "#ff0000"}}"##)
                == [#"t.json:1:46: error: unknown key "color" for "button" (at root.color)"#])
        // Children that would each be an error of their own (an unknown type, a bad value) are not read.
        #expect(
            sceneErrors(
                """
                {"root": {"type": "button", "title": "Play",
                  "children": [{"type": "postr"}, {"type": "text", "text": 5}]}}
                """) == [#"t.json:2:3: error: unknown key "children" for "button" (at root.children)"#])
        // A spacer takes no frame: unknown, and not also "only allowed on children of a canvas".
        #expect(
            sceneErrors(#"{"root": {"type": "vstack", "children": [{"type": "spacer", "frame": [0, 0, 10, 10]}]}}"#)
                == [#"t.json:1:61: error: unknown key "frame" for "spacer" (at root.children[0].frame)"#])
        // A key the type does take is still read and checked.
        #expect(
            sceneErrors(#"{"root": {"type": "text", "text": "Hi", "color": "red"}}"#)
                == [##"t.json:1:50: error: "color" expects "#rrggbb" or "#rrggbbaa", got "red" (at root.color)"##])
    }

    /// A colour is `#rrggbb` or, with its opacity last as CSS writes it, `#rrggbbaa`, in either case; nothing else.
    @Test func coloursAreSixOrEightHexadecimalDigits() throws {
        #expect(Color(hex: "#B3b3B3") == Color(0xB3, 0xB3, 0xB3))
        #expect(Color(hex: "#ffffff80") == Color(255, 255, 255, 128))
        #expect(Color(hex: "#ffffff80")?.sceneHex == "#ffffff80")
        #expect(Color(hex: "#12345678")?.sceneHex == "#12345678")
        #expect(Color(hex: "#123456ff")?.sceneHex == "#123456")
        for bad in [
            "#+12345", "#-12345", "#12345", "#1234567", "#123456789", "123456", "#12 456", "#ggg000", "#１２３４５６", "",
        ] {
            #expect(Color(hex: bad) == nil, "\(bad)")
        }
        let scene = try SceneDecoder.decode(
            ##"{"root": {"type": "text", "text": "Hi", "color": "#ffffff66"}}"##, file: "t.json")
        #expect(scene.root.color == Color(255, 255, 255, 0x66))
    }

    @Test func layoutOfAShelf() throws {
        let scene = BuiltInScenes.home()
        let placed = LayoutEngine().place(root: scene.root)
        let p1 = try #require(placed.find("p1"))
        let p2 = try #require(placed.find("p2"))
        #expect(p1.frame.width == 260 && p1.frame.height == 390)
        #expect(p2.frame.minX - p1.frame.maxX == 40)
        #expect(p1.frame.minX == 80)
    }
}

@Suite struct LintAndLayoutTests {
    func lint(_ text: String) throws -> [String] {
        SceneLint.run(try SceneDecoder.decode(text, file: "t.json")).map(\.message)
    }

    @Test func lintFindsTheSeedsCommonMistakes() throws {
        let found = try lint(
            """
            {"root": {"type": "vstack", "focusScope": "s", "children": [
              {"type": "button", "id": "a", "title": "A", "prefersDefaultFocus": true, "focused": {"state": "f", "equals": "x"}},
              {"type": "button", "id": "b", "title": "B", "prefersDefaultFocus": true, "focused": {"state": "f", "equals": "x"}},
              {"type": "text", "id": "deco", "text": "Hello", "focusable": true},
              {"type": "vstack", "id": "sec", "focusSection": true, "children": [{"type": "button", "id": "c", "title": "C"}]},
              {"type": "button", "title": "no id"}
            ]}, "sheets": [{"type": "sheet", "id": "sh", "restoresFocusAfterTransition": false, "children": [{"type": "button", "id": "d", "title": "D"}]}]}
            """)
        for code in [
            "competing-default-focus", "ambiguous-focus-binding", "focusable-decorative", "ineffective-section",
            "sheet-no-restore", "implicit-id",
        ] {
            #expect(found.contains { $0.hasSuffix("[\(code)]") }, "missing \(code)")
        }
    }

    @Test func lintGuideAndSafeArea() throws {
        let found = try lint(
            """
            {"root": {"type": "canvas", "children": [
              {"type": "button", "id": "a", "title": "A", "frame": [10, 10, 300, 86]},
              {"type": "button", "id": "off", "title": "Off", "frame": [500, 500, 300, 86], "disabled": true},
              {"type": "focusGuide", "id": "g", "frame": [400, 10, 300, 86], "preferred": ["off"]}
            ]}}
            """)
        #expect(found.contains { $0.contains("\"a\"") && $0.hasSuffix("[outside-safe-area]") })
        #expect(found.contains { $0.hasSuffix("[guide-unfocusable-targets]") })
    }

    /// A grid as a tab's content does not scroll: rows past the screen's bottom can never be seen or focused.
    /// The lint says so once, at the grid, for whichever tab holds it (each tab is placed), and not for a grid
    /// in a scroll; the hidden items are not reported again as outside the safe area.
    @Test func lintGridBelowTheScreenInATab() throws {
        func scene(_ content: String) -> String {
            let posters = (1...24).map { #"{"type": "poster", "id": "g\#($0)"}"# }.joined(separator: ", ")
            return """
                {"root": {"type": "tabBar", "id": "tabs", "tabs": [
                  {"id": "tabHome", "title": "Home", "content": {"type": "vstack", "id": "home", "children": [{"type": "button", "id": "b", "title": "B"}]}},
                  {"id": "tabMovies", "title": "Movies", "content": \(content.replacingOccurrences(of: "POSTERS", with: posters))}
                ]}}
                """
        }
        let grid = try lint(scene(#"{"type": "grid", "id": "grid", "columns": 6, "children": [POSTERS]}"#))
        let below = grid.filter { $0.hasSuffix("[below-screen]") }
        #expect(
            below == [
                "grid \"grid\" runs below the screen: 12 items from \"g13\" lie past its bottom edge (rows 3 to 4), and nothing scrolls them into view or lets focus reach them; put it in a \"scroll\" (SwiftUI: ScrollView) [below-screen]"
            ])
        #expect(
            !grid.contains { $0.contains("\"g13\"") && $0.hasSuffix("[outside-safe-area]") }, "one finding per cause")
        #expect(
            grid.contains { $0.contains("\"g7\"") && $0.hasSuffix("[outside-safe-area]") },
            "the second row is on screen but past the safe area")
        let scrolling = try lint(
            scene(
                #"{"type": "scroll", "id": "page", "children": [{"type": "grid", "id": "grid", "columns": 6, "children": [POSTERS]}]}"#
            ))
        #expect(!scrolling.contains { $0.hasSuffix("[below-screen]") || $0.hasSuffix("[outside-safe-area]") })
    }

    /// A root — a tab's content, a sheet, the screen's — sits in its area where its alignment says, as SwiftUI
    /// centres a window's content: `center` in the middle, `top` at the top centre; a name silent about an axis
    /// (a column's `leading`, a row's `center`) and no alignment at all keep the area's top-leading start.
    @Test func alignmentPlacesARootInItsArea() throws {
        func placed(_ json: String, sheet: Bool = false) throws -> (PlacedNode, Rect) {
            let scene = try SceneDecoder.decode(json, file: "t.json")
            if sheet { return (LayoutEngine().place(root: scene.sheets[0]), Metrics.sheetContent) }
            return (LayoutEngine().place(root: scene.root), Rect(0, 0, 0, 0))
        }
        let buttons =
            #"[{"type": "button", "id": "a", "title": "A", "width": 300}, {"type": "button", "id": "b", "title": "B", "width": 200}]"#
        let tab = { (alignment: String) in
            #"{"root": {"type": "tabBar", "id": "tabs", "tabs": [{"id": "t", "title": "T", "content": {"type": "vstack", "id": "c", "spacing": 40, "#
                + alignment + #""children": "# + buttons + "}}]}}"
        }
        let s = Metrics.safeArea
        let content = Rect(
            s.leading, Metrics.tabBarContentTop, 1920 - s.leading - s.trailing,
            1080 - Metrics.tabBarContentTop - s.bottom)
        // 300 wide, 86 + 40 + 86 = 212 high.
        let centred = try placed(tab(#""alignment": "center", "#)).0
        #expect(centred.frame(of: "c") == Rect(content.midX - 150, content.midY - 106, 300, 212))
        #expect(
            centred.frame(of: "b")?.midX == content.midX, "a stack's alignment still centres its children across it")
        #expect(
            try placed(tab(#""alignment": "top", "#)).0.frame(of: "c")
                == Rect(content.midX - 150, content.minY, 300, 212))
        #expect(
            try placed(tab(#""alignment": "bottomTrailing", "#)).0.frame(of: "c")
                == Rect(content.maxX - 300, content.maxY - 212, 300, 212))
        #expect(
            try placed(tab(#""alignment": "leading", "#)).0.frame(of: "c") == Rect(content.minX, content.minY, 300, 212)
        )
        #expect(try placed(tab("")).0.frame(of: "c") == Rect(content.minX, content.minY, 300, 212))

        let (sheet, panel) = try placed(
            #"{"root": {"type": "vstack", "children": []}, "sheets": [{"type": "sheet", "id": "s", "alignment": "center", "spacing": 40, "children": "#
                + buttons + "}]}", sheet: true)
        #expect(sheet.frame(of: "s") == Rect(panel.midX - 150, panel.midY - 106, 300, 212))

        // A row's alignment names the vertical only: centred top to bottom, still at the leading edge.
        let row = try placed(
            #"{"root": {"type": "hstack", "id": "r", "alignment": "center", "spacing": 40, "children": "# + buttons
                + "}}"
        ).0
        let safe = Rect(s.leading, s.top, 1920 - s.leading - s.trailing, 1080 - s.top - s.bottom)
        #expect(row.frame(of: "r") == Rect(safe.minX, safe.midY - 43, 540, 86))
    }

    @Test func canvasChildrenTakeTheirFrameAndFillShares() throws {
        let scene = try SceneDecoder.decode(
            """
            {"root": {"type": "canvas", "children": [
              {"type": "poster", "id": "p", "frame": [100, 100, 200, 120]},
              {"type": "hstack", "id": "row", "frame": [0, 500, 1000, 100], "children": [
                {"type": "button", "id": "b", "title": "B", "width": 200}, {"type": "button", "id": "f", "title": "F", "width": "fill"}
              ]}
            ]}}
            """, file: "t.json")
        let placed = LayoutEngine().place(root: scene.root)
        #expect(placed.frame(of: "p") == Rect(100, 100, 200, 120))
        #expect(abs((placed.frame(of: "f")?.width ?? 0) - 760) < 0.001)
    }

    @Test func spacersInAScrollingPageStayFinite() throws {
        let scene = try SceneDecoder.decode(
            """
            {"root": {"type": "scroll", "id": "page", "children": [
              {"type": "button", "id": "a", "title": "A"}, {"type": "spacer"}, {"type": "button", "id": "b", "title": "B", "height": "fill"}
            ]}}
            """, file: "t.json")
        let placed = LayoutEngine().place(root: scene.root)
        #expect(placed.contentSize.isFinite && placed.contentSize > 0)
    }

    /// What VoiceOver says for an item is a common key, a string.
    @Test func accessibilityLabelIsACommonStringKey() throws {
        let scene = try SceneDecoder.decode(
            #"{"root": {"type": "button", "id": "b", "icon": "plus", "accessibilityLabel": "Add to Up Next"}}"#,
            file: "t.json")
        #expect(scene.root.accessibilityLabel == "Add to Up Next")
        #expect(throws: Diagnostics.self) {
            try SceneDecoder.decode(
                #"{"root": {"type": "text", "text": "x", "accessibilityLabel": 3}}"#, file: "t.json")
        }
    }

    /// Content longer than its stack overflows both ends evenly (SwiftUI centres what does not fit).
    @Test func aStackTooShortForItsContentOverflowsBothEnds() throws {
        let scene = try SceneDecoder.decode(
            """
            {"root": {"type": "vstack", "children": [{"type": "vstack", "id": "s", "height": 300, "spacing": 0,
              "children": [
                {"type": "button", "id": "a", "title": "A", "height": 200}, {"type": "spacer"},
                {"type": "button", "id": "b", "title": "B", "height": 200}
            ]}]}}
            """, file: "t.json")
        let placed = LayoutEngine().place(root: scene.root)
        let s = try #require(placed.frame(of: "s"))
        #expect(placed.frame(of: "a")?.minY == s.minY - 50)
        #expect(placed.frame(of: "b")?.maxY == s.maxY + 50)
    }

    /// A zstack places each child where its `alignment` says (a hero's title and buttons on the backdrop's
    /// leading edge); a shelf aligns items of different heights at the top, centre or bottom of its row.
    @Test func zstackAndShelfAlignment() throws {
        func layout(_ zAlignment: String, _ shelfAlignment: String?) throws -> PlacedNode {
            let shelf = shelfAlignment.map { #", "alignment": "\#($0)""# } ?? ""
            let scene = try SceneDecoder.decode(
                """
                {"root": {"type": "vstack", "children": [
                  {"type": "zstack", "id": "z", "alignment": "\(zAlignment)", "children": [
                    {"type": "image", "id": "back", "width": 1200, "height": 400, "focusable": false},
                    {"type": "button", "id": "play", "title": "Play"}]},
                  {"type": "shelf", "id": "row"\(shelf), "children": [
                    {"type": "poster", "id": "tall", "title": "T"},
                    {"type": "card", "id": "short", "title": "S"}]}]}}
                """, file: "t.json")
            return LayoutEngine().place(root: scene.root)
        }
        let corner = try layout("bottomLeading", "bottom")
        let back = try #require(corner.frame(of: "back"))
        let play = try #require(corner.frame(of: "play"))
        #expect(play.minX == back.minX && play.maxY == back.maxY)
        let tall = try #require(corner.frame(of: "tall"))
        let short = try #require(corner.frame(of: "short"))
        #expect(short.height < tall.height && short.maxY == tall.maxY)
        let centred = try layout("center", "center")
        #expect(centred.frame(of: "play")?.midX == centred.frame(of: "back")?.midX)
        #expect(centred.frame(of: "short")?.midY == centred.frame(of: "tall")?.midY)
        let top = try layout("topTrailing", nil)
        #expect(top.frame(of: "play")?.maxX == top.frame(of: "back")?.maxX)
        #expect(top.frame(of: "short")?.minY == top.frame(of: "tall")?.minY)
    }

    /// A grid places an item smaller than its cell where its `alignment` says (top leading when it says
    /// nothing); a canvas, whose children sit at their frames, refuses `alignment` instead of ignoring it.
    @Test func gridAlignmentAndCanvasRefusal() throws {
        func layout(_ alignment: String?) throws -> PlacedNode {
            let a = alignment.map { #", "alignment": "\#($0)""# } ?? ""
            let scene = try SceneDecoder.decode(
                """
                {"root": {"type": "vstack", "alignment": "leading", "children": [
                  {"type": "grid", "id": "g", "columns": 3\(a), "children": [
                    {"type": "poster", "id": "tall", "title": "T"},
                    {"type": "button", "id": "small", "title": "S", "width": 200},
                    {"type": "poster", "id": "third", "title": "U"}]}]}}
                """, file: "t.json")
            return LayoutEngine().place(root: scene.root)
        }
        // Three columns of 560 with 40 between; the posters fill theirs, the 200-wide button does not.
        let plain = try layout(nil)
        let tall = try #require(plain.frame(of: "tall"))
        let row = tall.height + 48  // the poster and its caption
        let cellX = tall.minX + 600
        #expect(plain.frame(of: "small")?.minX == cellX && plain.frame(of: "small")?.minY == tall.minY)
        let corner = try #require(try layout("bottomTrailing").frame(of: "small"))
        #expect(abs(corner.maxX - (cellX + 560)) < 0.01 && abs(corner.maxY - (tall.minY + row)) < 0.01)
        let centred = try #require(try layout("center").frame(of: "small"))
        #expect(abs(centred.midX - (cellX + 280)) < 0.01 && abs(centred.midY - (tall.minY + row / 2)) < 0.01)
        let leading = try #require(try layout("leading").frame(of: "small"))
        #expect(leading.minX == cellX && abs(leading.midY - (tall.minY + row / 2)) < 0.01)

        do {
            _ = try SceneDecoder.decode(
                #"{"root": {"type": "canvas", "alignment": "center", "children": []}}"#, file: "c.json")
            Issue.record("a canvas with an alignment loaded")
        } catch {
            #expect("\(error)".contains("c.json:1:42: error: a canvas places each child at its \"frame\""))
        }
    }

    /// A hero's actions (its children) stand in a row on its leading edge, the title's, above its foot, and
    /// take focus like any item; a card's height and aspect are its artwork's, the platter's band on top.
    @Test func heroActionsAndCardHeights() throws {
        let scene = try SceneDecoder.decode(
            """
            {"root": {"type": "vstack", "children": [
              {"type": "hero", "id": "hero", "ignoresSafeArea": true, "height": 600, "title": "Northern Lights",
               "children": [{"type": "button", "id": "play", "title": "Play Season 2, Episode 3"}, {"type": "button", "id": "more", "title": "Add to Up Next"}]},
              {"type": "hstack", "children": [
                {"type": "card", "id": "tall", "title": "T", "height": 300},
                {"type": "card", "id": "wide", "title": "W", "aspect": "1:1", "width": 300},
                {"type": "card", "id": "bare", "height": 300}]}]}}
            """, file: "t.json")
        let placed = LayoutEngine().place(root: scene.root)
        let hero = try #require(placed.frame(of: "hero"))
        let play = try #require(placed.frame(of: "play"))
        let more = try #require(placed.frame(of: "more"))
        // A full-bleed hero's actions (and title) start on the safe area's edge, where the content below starts.
        #expect(play.minX == Metrics.safeAreaRect.minX)
        #expect(play.maxY == hero.maxY - ComponentMetrics.heroFoot - ComponentMetrics.heroActionsGap)
        #expect(more.minX == play.maxX + Metrics.itemSpacing && more.minY == play.minY)
        let band = LayoutEngine.cardBandHeight(scene.root.children[1].children[0], textSize: .large)
        #expect(band > 0)
        #expect(placed.frame(of: "tall")?.height == 300 + band)
        #expect(placed.frame(of: "wide")?.height == 300 + band)
        #expect(placed.frame(of: "bare")?.height == 300)

        // At the largest text size the actions no longer fit in a row: they stand in a column on the same edge,
        // and the hero grows rather than push its title off its top.
        var large = LayoutEngine()
        large.textSize = .accessibility5
        let big = large.place(root: scene.root)
        let bigPlay = try #require(big.frame(of: "play"))
        let bigMore = try #require(big.frame(of: "more"))
        let bigHero = try #require(big.frame(of: "hero"))
        #expect(bigMore.minX == bigPlay.minX && bigMore.minY > bigPlay.maxY && bigMore.width == bigPlay.width)
        #expect(bigHero.height > hero.height)
        #expect(bigPlay.minY - bigHero.minY > 92 + 58)
    }

    /// A button is no wider than it is offered: a long title is cut inside it (as tvOS cuts a button's label)
    /// rather than the button running off the screen; a short one keeps its own width.
    @Test func aLongButtonTitleIsCutInsideTheButton() throws {
        let long = String(repeating: "Continue Watching From the Very Beginning ", count: 3)
        let scene = try SceneDecoder.decode(
            """
            {"root": {"type": "vstack", "width": 600, "children": [
              {"type": "button", "id": "long", "title": "\(long)"}, {"type": "button", "id": "short", "title": "Play"}]}}
            """, file: "t.json")
        let placed = LayoutEngine().place(root: scene.root)
        #expect(placed.frame(of: "long")?.width == 600)
        #expect((placed.frame(of: "short")?.width ?? 0) < 600)
        let free = LayoutEngine().measure(scene.root.children[0], (.infinity, .infinity))
        #expect(free.0 > 600)
    }

    /// A ranked shelf leaves room before each item for its numeral (a wider one from 10); a plain shelf does not.
    @Test func aNumberedShelfLeavesRoomForEachNumeral() throws {
        func frames(numbered: Bool) throws -> [Rect] {
            let items = (1...11).map { #"{"type": "poster", "id": "p\#($0)", "title": "P"}"# }.joined(separator: ",")
            let scene = try SceneDecoder.decode(
                #"{"root": {"type": "shelf", "id": "s", "numbered": \#(numbered), "children": [\#(items)]}}"#,
                file: "t.json")
            let placed = LayoutEngine().place(root: scene.root)
            return try (1...11).map { try #require(placed.frame(of: "p\($0)")) }
        }
        let plain = try frames(numbered: false)
        let ranked = try frames(numbered: true)
        let measurer = FixedAdvanceMeasurer()
        let one = LayoutEngine.numeralWidth(1, itemHeight: plain[0].height, measurer: measurer)
        #expect(abs(ranked[0].minX - plain[0].minX - one) < 1e-9)
        let gaps = zip(ranked.dropFirst(), ranked).map { $0.minX - $1.maxX }
        let plainGap = plain[1].minX - plain[0].maxX
        let two = LayoutEngine.numeralWidth(2, itemHeight: plain[0].height, measurer: measurer)
        #expect(abs(gaps[0] - plainGap - two) < 1e-9)
        // The numeral "10" (before the tenth poster) takes more room than "9".
        #expect(gaps[8] > gaps[7])
        #expect(ranked.map { [$0.width, $0.height] } == plain.map { [$0.width, $0.height] })
        #expect(throws: Diagnostics.self) {
            _ = try SceneDecoder.decode(#"{"root": {"type": "shelf", "numbered": 1}}"#, file: "t.json")
        }
    }

    @Test func actionObjectsAreStrict() {
        func errs(_ action: String) -> [String] {
            do {
                _ = try SceneDecoder.decode(
                    #"{"root": {"type": "button", "id": "a", "onSelect": [\#(action)]}}"#, file: "t.json")
                return []
            } catch { return error.diagnostics.map(\.message) }
        }
        #expect(errs(#"{"dismiss": false}"#).contains { $0.contains("\"dismiss\" expects true") })
        #expect(errs(#"{"focus": "a", "dismiss": true}"#).contains { $0.contains("one action per object") })
        #expect(errs(#"{"to": 1, "set": "x"}"#).isEmpty)
        #expect(errs(#"{"focus": "a", "to": 1}"#).contains { $0.contains("\"to\" belongs to") })
        #expect(errs(#"{"focus": "$last"}"#).isEmpty)
    }
}

/// The JSON Schema's hover text (docs/scene.schema.json) against the code: sizes are the layout's metrics, and
/// nothing the decoder and simulator implement is called "not yet implemented".
@Suite struct SchemaDescriptionTests {
    static func schema() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: TestPaths.packageRoot + "/docs/scene.schema.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Every description in the schema, with where it is.
    static func descriptions(_ value: Any, _ path: String = "") -> [(path: String, text: String)] {
        if let o = value as? [String: Any] {
            var out: [(String, String)] = []
            if let d = o["description"] as? String { out.append((path, d)) }
            for key in o.keys.sorted() where key != "description" { out += descriptions(o[key]!, path + "/" + key) }
            return out
        }
        if let a = value as? [Any] {
            return a.enumerated().flatMap { descriptions($0.element, path + "/\($0.offset)") }
        }
        return []
    }

    @Test func descriptionsAgreeWithTheCode() throws {
        let schema = try Self.schema()
        let all = Self.descriptions(schema)
        #expect(all.count > 50)
        for d in all {
            #expect(!d.text.lowercased().contains("not yet implemented"), "\(d.path): \(d.text)")
        }
        let defs = try #require(schema["$defs"] as? [String: Any])
        func text(_ type: String) -> String { ((defs[type] as? [String: Any])?["description"] as? String) ?? "" }
        func n(_ v: Double) -> String { String(Int(v)) }
        #expect(text("hero").contains("\(n(Metrics.heroHeight)) pt"), "hero: \(text("hero"))")
        #expect(text("poster").contains("\(n(Metrics.posterWidth)) x \(n(Metrics.posterWidth * Metrics.posterAspect))"))
        #expect(text("card").contains("\(n(Metrics.cardSize.0)) x \(n(Metrics.cardSize.1))"))
        #expect(
            text("button").contains("\(n(Metrics.buttonHeight)) pt high")
                && text("button").contains("at least \(n(Metrics.buttonMinWidth)) pt wide"))
        #expect(text("textField").contains("\(n(Metrics.fieldSize.0)) x \(n(Metrics.fieldSize.1))"))
        #expect(text("picker").contains("\(n(Metrics.pickerSize.0)) x \(n(Metrics.pickerSize.1))"))
        #expect(text("tabBar").contains("\(n(Metrics.tabBarHeight)) pt high, \(n(Metrics.tabBarTop)) pt from the top"))
        #expect(
            text("vstack").contains("\(n(Metrics.stackSpacing)) pt apart")
                && text("hstack").contains("\(n(Metrics.itemSpacing)) pt apart"))
        // Every action the decoder knows has a description that does not call it unimplemented (checked above).
        let actions = try #require(((defs["action"] as? [String: Any])?["oneOf"] as? [[String: Any]]))
        let described = Set(actions.compactMap { ($0["required"] as? [String])?.first })
        for key in ["present", "dismiss", "focus", "resetFocus", "set", "selectTab", "append", "open"] {
            #expect(described.contains(key), "no schema entry for the action \(key)")
        }
    }
}

extension SceneTests {
    /// `offset` moves a node and everything in it from where its parent places it, as SwiftUI's `.offset(x:y:)`
    /// draws it; its siblings keep their places, and the focus engine sees the moved frames.
    @Test func anOffsetMovesTheNodeAndItsSubtreeNotItsSiblings() throws {
        func frames(_ offset: String) throws -> [String: Rect] {
            let scene = try SceneDecoder.decode(
                """
                {"root": {"type": "vstack", "children": [
                  {"type": "hstack", "id": "row", \(offset) "children": [
                    {"type": "button", "id": "play", "title": "Play"}, {"type": "button", "id": "more", "title": "More"}]},
                  {"type": "button", "id": "below", "title": "Below"}]}}
                """, file: "t.json")
            var out: [String: Rect] = [:]
            func walk(_ p: PlacedNode) {
                out[p.node.id] = p.frame
                p.children.forEach(walk)
            }
            walk(LayoutEngine(textSize: scene.textSize).place(root: scene.root))
            return out
        }
        let plain = try frames("")
        let moved = try frames(#""offset": [420, -30],"#)
        for id in ["row", "play", "more"] {
            #expect(moved[id] == plain[id]?.offsetBy(dx: 420, dy: -30), "\(id)")
        }
        #expect(moved["below"] == plain["below"])
    }
}
