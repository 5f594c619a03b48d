import FocusEngine
import Foundation
import TenFootCore
import TestSupport
import Testing

@testable import TenFootScene

/// Large Text: the text sizes by every name, the size table (checked against docs/large-text.md), the
/// `style`, `size`, `weight` and `largeText` keys, and how layout grows text and the components around it.
@Suite struct LargeTextTests {

    func placed(_ json: String, at size: TextSize) throws -> PlacedNode {
        let scene = try SceneDecoder.decode(#"{"root": "# + json + "}", file: "t.json")
        return LayoutEngine(textSize: size).place(root: scene.root)
    }

    func find(_ p: PlacedNode, _ id: String) -> PlacedNode? {
        if p.id == id { return p }
        for c in p.children { if let hit = find(c, id) { return hit } }
        return nil
    }

    @Test func everyNameOfASizeIsAccepted() {
        #expect(TextSize(name: "accessibility5") == .accessibility5)
        #expect(TextSize(name: "Accessibility XXXL") == .accessibility5)
        #expect(TextSize(name: "accessibilityExtraExtraExtraLarge") == .accessibility5)
        #expect(TextSize(name: "AX5") == .accessibility5 && TextSize(name: "ax1") == .accessibility1)
        #expect(TextSize(name: ".xLarge") == .xLarge && TextSize(name: "XXL") == .xxLarge)
        #expect(TextSize(name: "Accessibility M") == .accessibility1)
        #expect(TextSize(name: "extraExtraExtraLarge") == .xxxLarge)
        // tvOS offers nothing smaller than Large.
        for refused in ["medium", "small", "xSmall", "", "huge", "AX6", "accessibility"] {
            #expect(TextSize(name: refused) == nil, "\(refused)")
        }
        #expect(TextSize.allCases.filter(\.isAccessibilitySize).count == 5)
        #expect(TextSize.large < .xxxLarge && TextSize.xxxLarge < .accessibility1)
    }

    @Test func largeIsTheHIGsTableAndTheSizesGrow() {
        for style in TextStyle.allCases {
            #expect(style.size(at: .large) == style.size && style.lineHeight(at: .large) == style.lineHeight)
            var last = style.size
            for size in TextSize.allCases.dropFirst() {
                #expect(style.size(at: size) > last, "\(style) at \(size)")
                last = style.size(at: size)
            }
        }
        // Body follows the iOS body: 17 → 53 at AX5, so 29 → 90.
        #expect(TextStyle.body.size(at: .accessibility5) == 90)
        #expect(TextStyle.title1.size(at: .accessibility5) == 157)
    }

    /// The table in docs/large-text.md is the code's, cell by cell.
    @Test func theDocsTableIsTheCodes() throws {
        let docs = try String(contentsOfFile: TestPaths.packageRoot + "/docs/large-text.md", encoding: .utf8)
        var checked = 0
        for line in docs.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let style = TextStyle(rawValue: cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")))
            else { continue }
            #expect(cells.count == 10, "\(line)")
            for (size, cell) in zip(TextSize.allCases, cells.dropFirst()) {
                let want = "\(Int(style.size(at: size))) / \(Int(style.lineHeight(at: size)))"
                #expect(cell.replacingOccurrences(of: "**", with: "") == want, "\(style) at \(size)")
                checked += 1
            }
        }
        #expect(checked == TextStyle.allCases.count * TextSize.allCases.count)
    }

    @Test func textGrowsAndAFixedSizeDoesNot() throws {
        let json = #"""
            {"type": "vstack", "children": [
              {"type": "text", "id": "styled", "text": "Watch Now", "style": "title3"},
              {"type": "text", "id": "fixed", "text": "Watch Now", "size": 40, "weight": "bold"},
              {"type": "text", "id": "narrow", "text": "A synopsis long enough to wrap", "width": 600}
            ]}
            """#
        let large = try placed(json, at: .large)
        let ax5 = try placed(json, at: .accessibility5)
        #expect(find(large, "styled")!.frame.height == 56 && find(ax5, "styled")!.frame.height == 154)
        #expect(find(large, "fixed")!.frame.height == find(ax5, "fixed")!.frame.height)
        // A fixed width keeps its width: the grown text wraps into more lines.
        #expect(find(large, "narrow")!.frame.width == 600 && find(ax5, "narrow")!.frame.width == 600)
        #expect(find(ax5, "narrow")!.textLines!.count > find(large, "narrow")!.textLines!.count)
        let fixed = try SceneDecoder.decode(
            #"{"root": {"type": "text", "id": "t", "text": "x", "size": 40, "style": "title3", "weight": "regular"}}"#,
            file: "t.json"
        ).root
        #expect(fixed.font(.body, at: .accessibility5) == TextFont(size: 40, lineHeight: 47, bold: false))
    }

    @Test func componentsGrowWithTheirText() throws {
        let json = #"""
            {"type": "vstack", "children": [
              {"type": "button", "id": "b", "title": "Play"},
              {"type": "button", "id": "fixed", "title": "Play", "height": 86},
              {"type": "row", "id": "r", "title": "Subtitles"},
              {"type": "textField", "id": "f"},
              {"type": "poster", "id": "p", "title": "Northern Lights"}
            ]}
            """#
        let large = try placed(json, at: .large)
        let ax3 = try placed(json, at: .accessibility3)
        #expect(find(large, "b")!.frame.height == 86 && find(ax3, "b")!.frame.height == 86 + 108 - 46)
        #expect(find(ax3, "fixed")!.frame.height == 86)
        #expect(find(ax3, "r")!.frame.height > find(large, "r")!.frame.height)
        #expect(find(ax3, "f")!.frame.height > find(large, "f")!.frame.height)
        // Artwork keeps its size; its caption takes the taller line.
        #expect(
            find(ax3, "p")!.frame.width == find(large, "p")!.frame.width
                && find(ax3, "p")!.frame.height == find(large, "p")!.frame.height)
        #expect(find(ax3, "p")!.box.height - find(large, "p")!.box.height == 85 - 32)
    }

    @Test func largeTextChangesTheLayoutFromItsSize() throws {
        let json = #"""
            {"type": "vstack", "children": [
              {"type": "hstack", "id": "row", "largeText": {"type": "vstack", "alignment": "leading"}, "children": [
                {"type": "button", "id": "a", "title": "A"}, {"type": "button", "id": "b", "title": "B"}]},
              {"type": "grid", "id": "g", "columns": 6, "largeText": {"columns": 4, "from": "xxxLarge"},
               "children": [{"type": "poster", "id": "p1"}, {"type": "poster", "id": "p2"},
                 {"type": "poster", "id": "p3"}, {"type": "poster", "id": "p4"}, {"type": "poster", "id": "p5"}]}
            ]}
            """#
        let large = try placed(json, at: .large)
        #expect(find(large, "a")!.frame.minY == find(large, "b")!.frame.minY)
        #expect(find(large, "p5")!.frame.minY == find(large, "p1")!.frame.minY)
        // From xxxLarge the grid has four columns; the row stays a row until Accessibility M.
        let xxx = try placed(json, at: .xxxLarge)
        #expect(find(xxx, "a")!.frame.minY == find(xxx, "b")!.frame.minY)
        #expect(find(xxx, "p5")!.frame.minY > find(xxx, "p1")!.frame.minY)
        let ax1 = try placed(json, at: .accessibility1)
        #expect(find(ax1, "b")!.frame.minY > find(ax1, "a")!.frame.minY)
        #expect(find(ax1, "b")!.frame.minX == find(ax1, "a")!.frame.minX)
        #expect(find(ax1, "row")!.type == .vstack && find(ax1, "row")!.id == "row")
    }

    /// `dynamicTypeSize` clamps the setting for a subtree: text and the components around it stop at the range's
    /// bounds (and the floor lifts them), a range inside another clamps what the outer gives, the rest still grows.
    @Test func dynamicTypeSizeLimitsTheSizesOfASubtree() throws {
        let json = #"""
            {"type": "vstack", "children": [
              {"type": "text", "id": "free", "text": "Watch Now", "style": "title3"},
              {"type": "vstack", "id": "capped", "dynamicTypeSize": "...xxLarge", "children": [
                {"type": "text", "id": "cappedText", "text": "Watch Now", "style": "title3"},
                {"type": "button", "id": "cappedButton", "title": "Play"},
                {"type": "vstack", "id": "inner", "dynamicTypeSize": "accessibility1...", "children": [
                  {"type": "text", "id": "innerText", "text": "Watch Now", "style": "title3"}]}]},
              {"type": "text", "id": "floored", "text": "Watch Now", "style": "title3", "dynamicTypeSize": "xxxLarge..."},
              {"type": "button", "id": "freeButton", "title": "Play"}
            ]}
            """#
        let ax5 = try placed(json, at: .accessibility5)
        let xxl = try placed(json, at: .xxLarge)
        let large = try placed(json, at: .large)
        #expect(find(ax5, "cappedText")!.frame.height == find(xxl, "cappedText")!.frame.height)
        #expect(find(ax5, "free")!.frame.height > find(xxl, "free")!.frame.height)
        #expect(find(ax5, "cappedButton")!.frame.height == find(xxl, "cappedButton")!.frame.height)
        #expect(find(ax5, "freeButton")!.frame.height > find(ax5, "cappedButton")!.frame.height)
        #expect(find(ax5, "cappedText")!.textSize == .xxLarge && find(ax5, "free")!.textSize == nil)
        // Inside the cap, a floor at AX1 meets a ceiling at xxLarge: the outer range gives xxLarge, the inner
        // one lifts it to AX1, at every setting.
        #expect(find(large, "innerText")!.textSize == .accessibility1)
        #expect(find(ax5, "innerText")!.textSize == .accessibility1)
        // A floor lifts Large text to xxxLarge.
        #expect(try find(large, "floored")!.frame.height == find(placed(json, at: .xxxLarge), "floored")!.frame.height)
        #expect(find(large, "floored")!.frame.height > find(large, "free")!.frame.height)
        // The spellings.
        #expect(TextSizeRange(text: "...xxLarge") == TextSizeRange(.large, .xxLarge))
        #expect(TextSizeRange(text: "AX1...") == TextSizeRange(.accessibility1, .accessibility5))
        #expect(TextSizeRange(text: "large ... Accessibility XL") == TextSizeRange(.large, .accessibility3))
        #expect(TextSizeRange(text: "xLarge") == TextSizeRange(.xLarge, .xLarge))
        for bad in ["...", "", "xxLarge...large", "huge", "large...xLarge...xxLarge", "medium..."] {
            #expect(TextSizeRange(text: bad) == nil, "\(bad)")
        }
        #expect(TextSizeRange(.large, .xxLarge).description == "...xxLarge")
        #expect(
            TextSizeRange(.xLarge, .accessibility2).inside(TextSizeRange(.large, .xxLarge))
                == TextSizeRange(.xLarge, .xxLarge))
    }

    @Test func badTextKeysAreReportedWhereTheyAre() {
        #expect(
            sceneErrors(#"{"root": {"type": "text", "text": "x", "size": 0}}"#).first?.contains(
                #""size" expects a text size from 1 to 400 points, got 0"#) == true)
        #expect(
            sceneErrors(#"{"root": {"type": "text", "text": "x", "size": 1e300}}"#).first?.contains("from 1 to 400")
                == true)
        #expect(
            sceneErrors(#"{"root": {"type": "button", "weight": "heavy"}}"#).first?.contains(
                #""weight" expects one of "regular", "bold""#) == true)
        #expect(
            sceneErrors(#"{"root": {"type": "hstack", "largeText": {"type": "grid"}}}"#).first?.contains(
                #"expects one of "hstack", "vstack""#) == true)
        #expect(
            sceneErrors(#"{"root": {"type": "button", "largeText": {"columns": 4}}}"#).first?.contains(
                #"unknown key "columns" for "largeText" of a "button""#) == true)
        #expect(
            sceneErrors(#"{"root": {"type": "grid", "largeText": {"from": "medium"}}}"#).first?.contains(
                #""from" expects a text size"#) == true)
        #expect(sceneErrors(#"{"root": {"type": "grid", "largeText": []}}"#).first?.contains("an object") == true)
        #expect(
            sceneErrors(#"{"root": {"type": "grid", "dynamicTypeSize": "xxLarge...large"}}"#).first?.contains(
                #"t.json:1:46: error: "dynamicTypeSize" expects a text size or a range of them"#) == true)
        #expect(sceneErrors(#"{"root": {"type": "grid", "dynamicTypeSize": 3}}"#).first?.contains("got 3") == true)
        #expect(
            sceneErrors(#"{"root": {"type": "image", "style": "body"}}"#).first?.contains(#"unknown key "style""#)
                == true)
        #expect(
            sceneErrors(#"{"root": {"type": "vstack"}, "expect": [{"focus": "x", "textSize": "giant"}]}"#).contains {
                $0.contains(#""textSize" expects a text size"#)
            })
    }

    @Test func theLintSaysAFixedSizeDoesNotScale() throws {
        let scene = try SceneDecoder.decode(
            #"{"root": {"type": "vstack", "children": [{"type": "text", "id": "price", "text": "£4", "size": 40}, {"type": "text", "id": "ok", "text": "x"}]}}"#,
            file: "t.json")
        let found = SceneLint.findings(scene).filter { $0.code == "fixed-text-size" }
        #expect(found.map(\.diagnostic.path) == ["price"])
        #expect(found.first?.message.contains("it stays 40 pt at every text size") == true)
    }
}
