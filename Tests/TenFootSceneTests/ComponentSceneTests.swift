import FocusEngine
import Foundation
import TenFootCore
import TestSupport
import Testing

@testable import TenFootScene

/// The component keys: what the decoder reads and refuses, and how layout places the components.
@Suite struct ComponentDecoderTests {
    func node(_ json: String) throws -> SceneNode {
        try SceneDecoder.decode(#"{"root": "# + json + "}", file: "t.json").root
    }

    @Test func shapesAspectsAndContentModes() throws {
        let p = try node(#"{"type": "poster", "aspect": "16:9", "cornerRadius": 30, "contentMode": "fit"}"#)
        #expect(
            abs((p.aspect ?? 0) - 9.0 / 16) < 1e-12 && p.shape == NodeShape(kind: .roundedRectangle, cornerRadius: 30)
                && p.contentMode == .fit)
        #expect(try node(#"{"type": "card", "shape": "capsule", "aspect": 0.5625}"#).shape?.kind == .capsule)
        #expect(
            SceneNode.aspect(named: "2:3") == 1.5 && SceneNode.aspect(named: "1:0") == nil
                && SceneNode.aspect(named: "wide") == nil)
        #expect(
            sceneErrors(#"{"root": {"type": "poster", "shape": "circle", "cornerRadius": 4}}"#).first?.contains(
                #""cornerRadius" belongs to a "roundedRectangle" shape; a circle's corners follow its size"#) == true)
        #expect(
            sceneErrors(#"{"root": {"type": "poster", "aspect": "tall"}}"#).first?.contains(
                #"a ratio "W:H" such as "2:3""#)
                == true)
        #expect(
            sceneErrors(#"{"root": {"type": "poster", "shape": "hexagon"}}"#).first?.contains(
                #"expects one of "roundedRectangle", "circle", "capsule""#) == true)
        // A circle fits the shorter side; a rounded rectangle's radius never passes half of it.
        #expect(NodeShape(kind: .circle).radius(in: Rect(0, 0, 300, 200), standard: 12) == 100)
        #expect(
            NodeShape(kind: .roundedRectangle, cornerRadius: 500).radius(in: Rect(0, 0, 300, 200), standard: 12) == 100)
    }

    @Test func lockupsBadgesAndMonograms() throws {
        let p = try node(
            #"{"type": "poster", "header": "Header", "footer": {"text": "S1 E2", "showsOnlyWhenAncestorFocused": true}, "progress": 0.4, "badges": [{"text": "4K", "corner": "topLeading"}, {"icon": "checkmark"}]}"#
        )
        #expect(
            p.header == LockupText(text: "Header")
                && p.footer == LockupText(text: "S1 E2", showsOnlyWhenAncestorFocused: true))
        #expect(p.progress == 0.4 && p.badges.map(\.corner) == [.topLeading, .topTrailing])
        #expect(try node(#"{"type": "monogram", "title": "Ana María López"}"#).monogramInitials == "AL")
        #expect(try node(#"{"type": "monogram", "title": "Cher", "initials": "C"}"#).monogramInitials == "C")
        #expect(try node(#"{"type": "monogram"}"#).effectiveShape.kind == .circle)
        #expect(
            sceneErrors(#"{"root": {"type": "poster", "progress": 2}}"#).first?.contains(
                "the watched fraction, a number from 0 to 1") == true)
        #expect(sceneErrors(#"{"root": {"type": "poster", "badges": [{"corner": "topLeading"}]}}"#).isEmpty == false)
        // A section's header is plain text (no focus to show it on).
        #expect(
            sceneErrors(
                #"{"root": {"type": "section", "header": {"text": "A", "showsOnlyWhenAncestorFocused": true}}}"#
            )
            .first?.contains(#""header" expects a string"#) == true)
    }

    @Test func settingsPickersAndPresentations() throws {
        #expect(try node(#"{"type": "toggle", "isOn": {"state": "hdr"}}"#).isOn == .state("hdr"))
        #expect(try node(#"{"type": "toggle", "isOn": false}"#).isOn == .constant(false))
        #expect(
            sceneErrors(#"{"root": {"type": "toggle", "isOn": "yes"}}"#).first?.contains(
                #""isOn" expects true, false or {"state": "name"}"#) == true)
        #expect(
            try node(#"{"type": "row", "accessoryType": "disclosureIndicator"}"#).accessoryType == .disclosureIndicator)
        let seg = try node(#"{"type": "picker", "id": "t", "pickerStyle": "segmented", "options": ["A", "B"]}"#)
        #expect(seg.segments.map(\.id) == ["t/0", "t/1"] && seg.segments.map { $0.segment?.option } == ["A", "B"])
        #expect(
            sceneErrors(#"{"root": {"type": "picker", "pickerStyle": "segmented"}}"#).first?.contains(
                "a segmented picker needs \"options\"") == true)
        #expect(
            sceneErrors(#"{"root": {"type": "shelf", "accessory": {"type": "vstack"}}}"#).first?.contains(
                #"a shelf's "accessory" is one item"#) == true)
        let scene = try SceneDecoder.decode(
            #"{"root": {"type": "vstack"}, "sheets": [{"type": "alert", "id": "a", "title": "T", "preferredStyle": "actionSheet"}, {"type": "sheet", "id": "s", "presentation": "form"}]}"#,
            file: "t.json")
        #expect(scene.sheets[0].alertStyle == .actionSheet && scene.sheets[1].presentation == .form)
        #expect(
            sceneErrors(#"{"root": {"type": "vstack", "children": [{"type": "alert"}]}}"#).first?.contains(
                "alerts belong in the top-level \"sheets\" array") == true)
        // Expectations may name a picker's options (its segments, its list's rows).
        #expect(
            sceneErrors(
                #"{"root": {"type": "picker", "id": "q", "options": ["A", "B"]}, "expect": [{"from": "q", "press": ["select"], "focus": ["q/1"]}]}"#
            ).isEmpty)
    }

    /// The JSON Schema for editors and the decoder accept the same keys on every type.
    @Test func theSchemaDescribesEveryKey() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: TestPaths.packageRoot + "/docs/scene.schema.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let defs = try #require(schema["$defs"] as? [String: Any])
        for type in NodeType.allCases {
            let def = try #require(defs[type.rawValue] as? [String: Any], "no schema for \(type.rawValue)")
            let keys = Set(try #require(def["properties"] as? [String: Any]).keys)
            #expect(
                keys == Set(SceneDecoder.allowedKeys(type)),
                "\(type.rawValue): schema \(keys.subtracting(SceneDecoder.allowedKeys(type)).sorted()), decoder \(Set(SceneDecoder.allowedKeys(type)).subtracting(keys).sorted())"
            )
        }
    }
}

@Suite struct ComponentLayoutTests {
    func place(_ json: String) throws -> PlacedNode {
        LayoutEngine().place(root: try SceneDecoder.decode(json, file: "t.json").root)
    }

    /// A section's rows span its width under its header; a picker in it is a row too; the footer wraps below.
    @Test func sectionRowsSpanTheList() throws {
        let root = try place(
            #"{"root": {"type": "section", "id": "s", "width": 1000, "header": "Playback", "footer": "A footer long enough to wrap onto a second line when the list is narrow enough, which this one is not quite.", "children": [{"type": "toggle", "id": "t", "title": "T"}, {"type": "picker", "id": "p", "title": "P", "options": ["A"]}, {"type": "row", "id": "r", "title": "R"}]}}"#
        )
        for id in ["t", "p", "r"] { #expect(root.frame(of: id)?.width == 1000, "\(id)") }
        let t = try #require(root.frame(of: "t"))
        #expect(
            t.minY - root.frame.minY == TextStyle.callout.lineHeight + ComponentMetrics.sectionHeaderGap
                && t.height == ComponentMetrics.rowHeight)
        #expect(root.labels.map(\.role) == [.header, .footer])
        let footer = try #require(root.labels.last)
        let last = try #require(root.frame(of: "r"))
        #expect(footer.frame.minY > last.maxY)
    }

    /// A segmented picker's segments sit side by side inside its track; a circle button is square.
    @Test func segmentsAndShapedButtons() throws {
        let root = try place(
            #"{"root": {"type": "vstack", "children": [{"type": "picker", "id": "t", "pickerStyle": "segmented", "options": ["Light", "Dark", "Automatic"]}, {"type": "button", "id": "c", "icon": "play.fill", "shape": "circle"}]}}"#
        )
        let track = try #require(root.frame(of: "t"))
        let segments = try (0..<3).map { try #require(root.frame(of: "t/\($0)")) }
        #expect(
            segments[0].minX == track.minX + ComponentMetrics.segmentInset && segments[1].minX == segments[0].maxX
                && segments[2].maxX <= track.maxX)
        let c = try #require(root.frame(of: "c"))
        #expect(c.width == c.height)
    }

    /// A full-bleed hero at the top of a tab's page reaches up under the tab bar and out to the screen's sides;
    /// what follows it stays in the safe area.
    @Test func fullBleedHeroReachesTheScreenEdges() throws {
        let root = try place(
            #"{"root": {"type": "tabBar", "id": "tabs", "tabs": [{"id": "t", "title": "T", "content": {"type": "scroll", "id": "page", "children": [{"type": "hero", "id": "h", "title": "H", "ignoresSafeArea": true}, {"type": "shelf", "id": "s", "children": [{"type": "poster", "id": "p"}]}]}}]}}"#
        )
        let hero = try #require(root.frame(of: "h"))
        let p = try #require(root.frame(of: "p"))
        #expect(hero.minX == 0 && hero.maxX == Metrics.screen.width && hero.minY == 0)
        #expect(p.minX == Metrics.safeAreaRect.minX && p.minY > hero.maxY)
    }

    /// `ignoresSafeArea` names the edges it reaches past (`Edge.Set`): a hero given `"horizontal"` reaches the
    /// screen's sides but stays below the tab bar; a ZStack's layers (a background behind a page) fill the screen
    /// with it; a column keeps its frame (a scrolling one insets its content as a collection view does).
    @Test func ignoresSafeAreaReachesPastTheEdgesItNames() throws {
        let root = try place(
            #"{"root": {"type": "zstack", "id": "page", "children": [{"type": "zstack", "id": "backdrop", "ignoresSafeArea": true, "children": [{"type": "image", "id": "art", "width": "fill", "height": "fill"}]}, {"type": "vstack", "id": "content", "width": "fill", "height": "fill", "ignoresSafeArea": ["top", "leading"], "children": [{"type": "hero", "id": "h", "title": "H", "ignoresSafeArea": "horizontal"}, {"type": "button", "id": "b", "title": "B"}]}]}}"#
        )
        #expect(root.frame(of: "backdrop") == Metrics.screen && root.frame(of: "art") == Metrics.screen)
        #expect(root.frame(of: "content") == Metrics.safeAreaRect)
        let hero = try #require(root.frame(of: "h"))
        #expect(hero.minX == 0 && hero.maxX == Metrics.screen.width && hero.minY == Metrics.safeAreaRect.minY)
        // The root ignoring the top edge alone: laid out from the screen's top, inside the sides.
        let top = try place(
            #"{"root": {"type": "vstack", "id": "r", "alignment": "leading", "ignoresSafeArea": "top", "children": [{"type": "button", "id": "b", "title": "B"}]}}"#
        )
        let b = try #require(top.frame(of: "b"))
        #expect(b.minY == 0 && b.minX == Metrics.safeAreaRect.minX)
    }

    /// A misspelt edge names the file, line and column, the edges there are and the nearest one.
    @Test func anUnknownSafeAreaEdgeSaysWhichThereAre() throws {
        func message(_ value: String) -> String {
            do {
                _ = try SceneDecoder.decode(
                    #"{"root": {"type": "zstack", "ignoresSafeArea": \#(value)}}"#, file: "t.json")
                return "accepted"
            } catch {
                return error.description
            }
        }
        for (value, expected) in [
            (#""horizonal""#, #"got "horizonal"; did you mean "horizontal"?"#), (#"["top", 3]"#, "got an array"),
            ("7", "got 7"),
            // More edges than there are names, as a hostile file would write them: refused without reading them.
            ("[" + String(repeating: #""top", "#, count: 100_000) + #""top"]"#, "got an array"),
        ] {
            let m = message(value)
            #expect(m.hasPrefix("t.json:1:"), "\(m)")
            #expect(m.contains(#"expects true, false, an edge ("all", "horizontal""#), "\(m)")
            #expect(m.contains(expected), "\(m)")
        }
        let scene = try SceneDecoder.decode(
            #"{"root": {"type": "zstack", "ignoresSafeArea": ["bottom", "trailing"]}}"#, file: "t.json")
        #expect(scene.root.ignoredSafeAreaEdges == [.bottom, .trailing])
    }

    /// A picture given a height alone keeps its shape, as one given a width alone does: a 14-point badge of a
    /// 4:1 picture is 56 wide (it was 560), a default one 16:9.
    @Test func aPictureGivenAHeightAloneKeepsItsShape() throws {
        let root = try place(
            #"{"root": {"type": "hstack", "children": [{"type": "image", "id": "badge", "height": 14, "aspect": 0.25}, {"type": "image", "id": "plain", "height": 90}, {"type": "image", "id": "wide", "width": 320}]}}"#
        )
        #expect(root.frame(of: "badge")?.width == 56 && root.frame(of: "badge")?.height == 14)
        #expect(root.frame(of: "plain")?.width == 160)
        #expect(root.frame(of: "wide")?.height == 180)
    }

    /// A row's subtitle is a key of its own; a button has none.
    @Test func aRowTakesASubtitle() throws {
        let scene = try SceneDecoder.decode(
            #"{"root": {"type": "row", "id": "r", "title": "Home", "subtitle": "Jellyfin"}}"#, file: "t.json")
        #expect(scene.root.subtitle == "Jellyfin")
        #expect(throws: Diagnostics.self) {
            try SceneDecoder.decode(#"{"root": {"type": "button", "title": "B", "subtitle": "S"}}"#, file: "t.json")
        }
    }

    /// Sheets of each size: a form sheet is narrower than a page sheet, a full-screen one covers the screen.
    @Test func sheetSizes() throws {
        func areas(_ presentation: String) throws -> (Rect, Rect) {
            LayoutEngine.sheetAreas(
                try SceneDecoder.decode(
                    #"{"root": {"type": "vstack"}, "sheets": [{"type": "sheet", "id": "s", "title": "T", "presentation": "\#(presentation)"}]}"#,
                    file: "t.json"
                ).sheets[0])
        }
        let page = try areas("page")
        let form = try areas("form")
        let full = try areas("fullScreen")
        #expect(form.0.width < page.0.width && full.0 == Metrics.screen)
        for (panel, content) in [page, form, full] {
            #expect(panel.contains(content) && content.minY - panel.minY >= 60)
        }
    }
}
