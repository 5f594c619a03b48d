import Foundation
import Testing
@testable import TenFootScene
import FocusEngine
import TestSupport

@Suite struct SceneTests {
    func errors(_ text: String) -> [String] {
        do { _ = try SceneDecoder.decode(text, file: "t.json"); return [] } catch { return error.diagnostics.map(\.description) }
    }

    @Test func builtInSceneMatchesTheFile() throws {
        let file = try String(contentsOfFile: TestPaths.scenes + "/home.json", encoding: .utf8)
        #expect(file == BuiltInScenes.homeJSON + "\n" || file == BuiltInScenes.homeJSON)
        #expect(BuiltInScenes.home().root.children.count >= 2)
    }

    @Test func syntaxErrorsNameLineAndColumn() {
        #expect(errors("{\n  \"root\": {\"type\": \"vstack\",}\n}") == ["t.json:2:29: trailing comma before '}' is not allowed in JSON"])
        #expect(errors("{\"root\": 'x'}").first?.hasPrefix("t.json:1:10: strings must use double quotes") == true)
        #expect(errors("").first?.contains("expected a value, got end of file") == true)
    }

    @Test func everyProblemReportedTogether() {
        let e = errors("""
            {"root": {"type": "vstack", "children": [
              {"type": "poster", "id": "a", "focusSection": "yes"},
              {"type": "postr", "id": "b"},
              {"type": "button", "id": "a", "tittle": "x"},
              {"type": "focusGuide", "frame": [0, 0, -5, 10], "preferred": ["nowhere"]}
            ]}}
            """)
        #expect(e.count >= 5)
        #expect(e.contains { $0.contains("t.json:2:33: unknown key \"focusSection\" for \"poster\"") })
        #expect(e.contains { $0.contains("unknown node type \"postr\", did you mean \"poster\"?") })
        #expect(e.contains { $0.contains("duplicate id \"a\"") })
        #expect(e.contains { $0.contains("unknown key \"tittle\"") && $0.contains("did you mean \"title\"?") })
        #expect(e.contains { $0.contains("negative size") })
    }

    @Test func layoutOfAShelf() throws {
        let scene = BuiltInScenes.home()
        let placed = LayoutEngine().place(root: scene.root)
        func find(_ id: String, _ p: PlacedNode) -> PlacedNode? { p.id == id ? p : p.children.lazy.compactMap { find(id, $0) }.first }
        let p1 = try #require(find("p1", placed)), p2 = try #require(find("p2", placed))
        #expect(p1.frame.width == 260 && p1.frame.height == 390)
        #expect(p2.frame.minX - p1.frame.maxX == 40)
        #expect(p1.frame.minX == 80)
    }
}
