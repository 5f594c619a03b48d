import FocusEngine
import TenFootPresentation
import TenFootScene
import Testing

@testable import TenFootSim

/// Sheets lay their content out inside their panel.
@Suite struct SheetLayoutTests {
    static let grid = (0..<12).map { #"{"type": "poster", "id": "e\#($0)", "aspect": 0.5625}"# }.joined(separator: ", ")

    /// A six-column grid in a sheet narrows its columns to fit the panel, and nothing of the sheet's
    /// content (captions included) lies outside the panel.
    @Test func sheetContentStaysInsideThePanel() throws {
        let scene = try SceneDecoder.decode(
            #"{"root": {"type": "button", "id": "open", "title": "Open", "onSelect": [{"present": "s"}]}, "sheets": [{"type": "sheet", "id": "s", "children": [{"type": "grid", "id": "g", "columns": 6, "children": [\#(Self.grid)]}, {"type": "button", "id": "done", "title": "Done"}]}]}"#,
            file: "t.json")
        var sim = try Simulator(scene: scene)
        sim.send(.select)
        let sheet = try #require(sim.sheets.first)
        func every(_ p: PlacedNode, _ body: (PlacedNode) -> Void) {
            body(p)
            p.children.forEach { every($0, body) }
        }
        every(sheet) { p in
            #expect(Metrics.sheetContent.contains(p.box), "\(p.id) \(p.box) leaves the panel's content area")
        }
        let first = try #require(sheet.children.first?.children.first)
        #expect(abs(first.frame.width - (1480 - 5 * 40) / 6) < 0.001)
        // The same grid in the safe area keeps the tvOS width.
        let wide = LayoutEngine().place(
            root: try SceneDecoder.decode(
                #"{"root": {"type": "grid", "columns": 6, "children": [\#(Self.grid)]}}"#, file: "t.json"
            ).root)
        #expect(wide.children.first?.frame.width == 260)
    }

    /// `ignoresSafeArea` on a sheet lays its content in the whole panel instead of 60 pt inside it.
    @Test func sheetIgnoringTheSafeAreaUsesTheWholePanel() throws {
        let layout = LayoutEngine()
        let inset = layout.place(
            root: try SceneDecoder.decode(
                #"{"root": {"type": "vstack"}, "sheets": [{"type": "sheet", "id": "s", "alignment": "leading", "children": [{"type": "button", "id": "b", "title": "B"}]}]}"#,
                file: "t.json"
            ).sheets[0])
        let whole = layout.place(
            root: try SceneDecoder.decode(
                #"{"root": {"type": "vstack"}, "sheets": [{"type": "sheet", "id": "s", "alignment": "leading", "ignoresSafeArea": true, "children": [{"type": "button", "id": "b", "title": "B"}]}]}"#,
                file: "t.json"
            ).sheets[0])
        #expect(
            inset.children[0].frame.minX == Metrics.sheetContent.minX
                && inset.children[0].frame.minY == Metrics.sheetContent.minY)
        #expect(
            whole.children[0].frame.minX == Metrics.sheetPanel.minX
                && whole.children[0].frame.minY == Metrics.sheetPanel.minY)
    }
}

/// A scrolling container scrolls the focused item inside its own bounds, and draws only inside them.
@Suite struct ScrollBoundsTests {
    static let scene =
        #"{"root": {"type": "hstack", "alignment": "top", "children": [{"type": "shelf", "id": "row", "width": 1000, "children": [\#((0 ..< 8).map { #"{"type": "poster", "id": "p\#($0)"}"# }.joined(separator: ", "))]}, {"type": "poster", "id": "all"}]}}"#

    @Test func shelfScrollsTheFocusedItemInsideItsOwnBounds() throws {
        var sim = try Simulator(scene: try SceneDecoder.decode(Self.scene, file: "t.json"))
        for _ in 0..<4 { sim.send(.swipe(.right)) }
        #expect(sim.focused == "p4")
        let row = try #require(sim.screen.children.first)
        let focused = try #require(row.children.first { $0.id == "p4" })
        let lift = LiftMetrics.growth(for: focused.frame) / 2
        #expect(focused.frame.maxX + lift <= row.frame.maxX, "scrolled only into the safe area, not into the shelf")
        // it meets the safe area's leading edge
        #expect(row.clipBounds?.minX == 0 && row.clipBounds?.maxX == row.frame.maxX)
    }

    /// The shelf's content is drawn inside a clip of its bounds along its axis; a full-width one
    /// (whose bounds reach the screen's edges) adds no clip.
    @Test func shelfContentIsDrawnInsideItsBounds() throws {
        var sim = try Simulator(scene: try SceneDecoder.decode(Self.scene, file: "t.json"))
        sim.step(ticks: 1200)
        let text = SceneRenderer().displayList(sim).text
        #expect(text.contains("clip [0, 0, 1080, 1080]"))
        let full = try Simulator(
            scene: try SceneDecoder.decode(
                #"{"root": {"type": "shelf", "children": [{"type": "poster", "id": "a"}]}}"#, file: "t.json"))
        #expect(!SceneRenderer().displayList(full).text.contains("clip ["))
    }
}
