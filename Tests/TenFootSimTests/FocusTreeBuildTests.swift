import FocusEngine
import TenFootScene
import TestSupport
import Testing

@testable import TenFootSim

/// The focus tree is built once per commit: when the focused item scrolls its page or shelf, the
/// built tree moves to the scrolled frames (`SceneFocusTree.moving`) instead of being built again —
/// at the start, where the initial focus scrolls, after a reload, and after any event. The moved tree
/// must be the one a build would give.
@Suite struct FocusTreeBuildTests {
    /// The tree a build from the simulator's current placement and inputs gives.
    static func built(_ sim: Simulator) throws -> FocusTree {
        try SceneFocusTree.build(
            screen: sim.screen, sheets: sim.sheets, state: sim.data.state, hiddenTabBars: sim.hiddenTabBars,
            pickerValues: sim.textEntry.fieldValues, options: sim.scene.focusOptions)
    }

    /// Where two trees differ, through what the engine shows of them: ids, frames, roles, parents,
    /// modifiers, who can take focus and why not, what shows of each node.
    static func differences(_ a: FocusTree, _ b: FocusTree) -> [String] {
        guard a.ids == b.ids else { return ["ids"] }
        var out: [String] = []
        for n in a.ids.indices {
            let id = a.ids[n]
            if a.frames[n] != b.frames[n] { out.append("\(id): frame \(a.frames[n]) against \(b.frames[n])") }
            if a.roles[n] != b.roles[n] || a.parent(n) != b.parent(n) || a.descendants(n) != b.descendants(n) {
                out.append("\(id): place in the tree")
            }
            if a.attributes(n) != b.attributes(n) { out.append("\(id): modifiers") }
            if a.checkFocusability(id) != b.checkFocusability(id) { out.append("\(id): focusability") }
            if a.visibility(id) != b.visibility(id) { out.append("\(id): visibility") }
        }
        return out
    }

    /// A page whose default focus lies below the fold: the initial focus scrolls it.
    static func scrollingPage() throws -> Scene {
        let posters = (0..<60).map { #"{"type": "poster", "id": "c\#($0)"}"# }.joined(separator: ", ")
        return try SceneDecoder.decode(
            #"{"root": {"type": "scroll", "id": "page", "defaultFocus": "c44", "children": [{"type": "grid", "id": "g", "columns": 6, "children": [\#(posters)]}]}}"#,
            file: "t.json")
    }

    /// Starting on a scrolling page builds the tree once and moves it to the scrolled frames; focus and
    /// scroll are what they were when the tree was built twice.
    @Test func startingOnAScrolledPageBuildsTheTreeOnce() throws {
        let sim = try Simulator(scene: try Self.scrollingPage())
        #expect(sim.focused == "c44")
        #expect(sim.scroll == ["page": 2905])
        #expect(sim.layoutPasses == 2)
        #expect(sim.focusTreeBuilds == 1)
        #expect(Self.differences(sim.system.tree, try Self.built(sim)) == [])
        // The moved tree is the scrolled one: the first row went off the top, the focused row is in view.
        #expect(sim.system.tree.visibility("c0")?.visible == [])
        #expect(sim.system.tree.visibility("c44")?.isWhole == true)
    }

    /// A guide `between` two items lies in the gap between their scrolled frames.
    @Test func aGuideBetweenTwoItemsMovesWithThem() throws {
        let posters = (0..<60).map { #"{"type": "poster", "id": "c\#($0)"}"# }.joined(separator: ", ")
        let scene = try SceneDecoder.decode(
            #"{"root": {"type": "scroll", "id": "page", "defaultFocus": "c44", "children": [{"type": "hstack", "id": "top", "spacing": 400, "children": [{"type": "button", "id": "a", "title": "A"}, {"type": "focusGuide", "id": "g", "between": ["a", "b"], "preferred": ["b"]}, {"type": "button", "id": "b", "title": "B"}]}, {"type": "grid", "id": "grid", "columns": 6, "children": [\#(posters)]}]}}"#,
            file: "t.json")
        let sim = try Simulator(scene: scene)
        #expect(sim.focused == "c44" && sim.scroll["page"] ?? 0 > 0 && sim.focusTreeBuilds == 1)
        #expect(Self.differences(sim.system.tree, try Self.built(sim)) == [])
        let tree = sim.system.tree
        let (a, b, g) = (tree.frames[tree.node("a")!], tree.frames[tree.node("b")!], tree.frames[tree.node("g")!])
        #expect(g == SceneFocusTree.gap(a, b) && g.minY < 0)
    }

    /// A guide's frame is worked out after the walk, from the placed frames of any nodes: ones that come
    /// after it in tree order, and content of a focusable container, which is not in the tree; moving the
    /// tree agrees with building it.
    @Test func aGuideBetweenTakesItsFramesFromTheWholePlacement() throws {
        let scene = try SceneDecoder.decode(
            #"{"root": {"type": "vstack", "id": "col", "children": [{"type": "focusGuide", "id": "g1", "between": ["b", "inner"], "preferred": ["b"]}, {"type": "button", "id": "b", "title": "B"}, {"type": "hstack", "id": "card", "focusable": true, "children": [{"type": "text", "id": "inner", "text": "Inside"}]}]}}"#,
            file: "t.json")
        let placed = LayoutEngine().place(root: scene.root)
        func placedFrame(_ id: String, _ p: PlacedNode) -> Rect? {
            p.id == id ? p.frame : p.children.lazy.compactMap { placedFrame(id, $0) }.first
        }
        let tree = try SceneFocusTree.build(screen: placed, sheets: [], state: scene.state)
        #expect(tree.node("inner") == nil)
        let (b, inner) = (try #require(placedFrame("b", placed)), try #require(placedFrame("inner", placed)))
        #expect(tree.frames[tree.node("g1")!] == SceneFocusTree.gap(b, inner))
        let moved = try #require(try SceneFocusTree.moving(tree, to: placed, sheets: []))
        #expect(Self.differences(moved, tree) == [])
    }

    /// The 10k catalogue too (the start-up this saves most on).
    @Test func theCatalogueStartsWithOneBuild() throws {
        let sim = try Simulator(scene: try SceneDecoder.load(path: TestPaths.scenes + "/catalogue-10k.json"))
        #expect(sim.focused == "c0" && sim.focusTreeBuilds == 1)
        #expect(Self.differences(sim.system.tree, try Self.built(sim)) == [])
    }

    /// A segmented picker that starts on a later segment: the start's tree is built without the pickers'
    /// values (as it always was), and focus leaving the start builds it again, with them, even with no
    /// tab bar to hide (before the scroll, if any, moves it); on its first segment, the start's tree is
    /// the one a build gives and is kept, or moved.
    @Test func aPickerOnALaterSegmentHasTheStartTreeBuiltAgain() throws {
        let posters = (0..<60).map { #"{"type": "poster", "id": "c\#($0)"}"# }.joined(separator: ", ")
        for (value, builds) in [("B", 2), ("A", 1)] {
            for start in ["c44", "c1"] {
                let scene = try SceneDecoder.decode(
                    #"{"root": {"type": "scroll", "id": "page", "defaultFocus": "\#(start)", "children": [{"type": "picker", "id": "mode", "title": "Mode", "pickerStyle": "segmented", "options": ["A", "B"], "value": "\#(value)"}, {"type": "grid", "id": "g", "columns": 6, "children": [\#(posters)]}]}}"#,
                    file: "t.json")
                let sim = try Simulator(scene: scene)
                #expect(sim.focused == start && (sim.scroll["page"] ?? 0 > 0) == (start == "c44"))
                #expect(sim.focusTreeBuilds == builds, "value \(value), from \(start)")
                #expect(Self.differences(sim.system.tree, try Self.built(sim)) == [], "value \(value), from \(start)")
            }
        }
    }

    /// Every scene, through a long walk: after each event that scrolled (and at the start, and after a
    /// reload of the same file), the tree in use is the tree a build gives; no swipe builds it twice.
    @Test func everyMovedTreeIsTheBuiltOne() throws {
        let walk: [RemoteEvent] = [
            .swipe(.down), .swipe(.down), .swipe(.right), .swipe(.right), .swipe(.down), .select, .swipe(.down),
            .swipe(.right),
            .menu, .swipe(.down), .swipe(.down), .swipe(.down), .pageDown, .swipe(.right), .swipe(.right),
            .swipe(.right),
            .swipe(.up), .swipe(.up), .swipe(.left), .select, .menu, .swipe(.down), .swipe(.down), .swipe(.up),
        ]
        var scrolls = 0
        for file in TestPaths.sceneFiles where !file.hasSuffix("catalogue-10k.json") {
            let scene = try SceneDecoder.load(path: file)
            var sim = try Simulator(scene: scene)
            sim.sceneLoader = SceneDecoder.fileLoader
            if !sim.scroll.isEmpty {
                scrolls += 1
                #expect(Self.differences(sim.system.tree, try Self.built(sim)) == [], "\(file): at the start")
            }
            for (k, event) in walk.enumerated() where !sim.navigation.exited {
                let (scroll, builds) = (sim.scroll, sim.focusTreeBuilds)
                sim.send(event)
                // A swipe builds it at most once, whatever it scrolls, hides or writes; an event that presents
                // a screen (the keyboard) and then writes a focus binding, twice.
                let limit = if case .swipe = event { 1 } else { 2 }
                #expect(
                    sim.focusTreeBuilds - builds <= limit,
                    "\(file): event \(k) (\(event)) built the tree \(sim.focusTreeBuilds - builds) times")
                // Where the tree is up to date (a focus change can leave it stale for the next event).
                guard sim.scroll != scroll, sim.stale.isEmpty else { continue }
                scrolls += 1
                #expect(Self.differences(sim.system.tree, try Self.built(sim)) == [], "\(file): event \(k) (\(event))")
            }
            // A reload keeps the scroll; the focused item scrolls again only when it moved.
            _ = try sim.reload(scene)
            if sim.stale.isEmpty {
                #expect(Self.differences(sim.system.tree, try Self.built(sim)) == [], "\(file): after the reload")
            }
        }
        #expect(scrolls > 40)
    }
}
