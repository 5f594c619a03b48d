import TestSupport
import Testing

@testable import FocusEngine

/// `FocusTree.withFrames`: a built tree moved to other frames (a placement that scrolled) is the tree
/// building the same nodes at those frames gives, stored array for stored array — what shows of each
/// node, the covers, who can take focus, the spatial index — over seeded random trees whose moves put
/// items off screen, out of their scrolling containers and under opaque nodes.
@Suite struct MovedTreeTests {
    /// Every stored part of two trees that must agree, named when it does not.
    static func differences(_ a: FocusTree, _ b: FocusTree) -> [String] {
        var out: [String] = []
        func check(_ same: Bool, _ what: String) { if !same { out.append(what) } }
        check(a.options == b.options, "options")
        check(a.ids == b.ids, "ids")
        check(a.frames == b.frames, "frames")
        check(a.roles == b.roles, "roles")
        check(a.parents == b.parents, "parents")
        check(a.ends == b.ends, "ends")
        check(a.flags == b.flags, "flags")
        check(a.detailNodes == b.detailNodes, "detailNodes")
        check(a.ids.indices.allSatisfy { a.attributes($0) == b.attributes($0) }, "attributes")
        check(a.layerRoots == b.layerRoots, "layerRoots")
        check(a.issueNodes == b.issueNodes, "issueNodes")
        check(a.issueLists == b.issueLists, "issueLists")
        check(a.coverTable == b.coverTable, "covers")
        check(a.spatial.targets == b.spatial.targets, "spatial.targets")
        check(
            a.spatial.bounds == b.spatial.bounds && a.spatial.columns == b.spatial.columns
                && a.spatial.rows == b.spatial.rows
                && a.spatial.cellWidth == b.spatial.cellWidth && a.spatial.cellHeight == b.spatial.cellHeight,
            "spatial grid")
        check(a.spatial.cellStart == b.spatial.cellStart && a.spatial.cellItems == b.spatial.cellItems, "spatial cells")
        for id in ["nothing"] + a.ids { check(a.node(id) == b.node(id), "index of \(id)") }
        return out
    }

    /// A random tree: containers that scroll or not, opaque items, sections, guides, sometimes a sheet.
    static func randomLayers(_ rng: inout SplitMix, round: Int) -> [FocusNode] {
        var count = 0
        func frame() -> Rect {
            Rect(Double(rng.int(2600)) - 400, Double(rng.int(1600)) - 300, Double(rng.int(500)), Double(rng.int(400)))
        }
        func node(_ depth: Int) -> FocusNode {
            count += 1
            let id = "n\(round)-\(count)"
            if depth > 0, depth < 4, rng.int(3) == 0 {
                var a = FocusAttributes()
                a.scrollAxes = [[], .horizontal, .vertical][rng.int(3)]
                a.isFocusSection = rng.int(4) == 0
                a.remembersLastFocus = rng.int(4) == 0
                a.hidden = rng.int(12) == 0
                return FocusNode(
                    id: id, role: .container, frame: frame(), attributes: a,
                    children: (0..<rng.int(6)).map { _ in node(depth + 1) })
            }
            if rng.int(15) == 0 {
                return FocusNode(
                    id: id, role: .guide, frame: frame(), attributes: FocusAttributes(preferred: ["n\(round)-1"]),
                    children: [])
            }
            var a = FocusAttributes(focusable: rng.int(8) == 0 ? nil : .automatic)
            a.opaque = rng.int(6) == 0
            a.disabled = rng.int(15) == 0
            a.focusedValues = rng.int(10) == 0 ? ["k": "v"] : [:]
            return FocusNode(id: id, role: .item, frame: frame(), attributes: a, children: [])
        }
        func layer() -> FocusNode {
            count += 1
            return FocusNode(
                id: "layer\(round)-\(count)", role: .layer, frame: Rect(0, 0, 1920, 1080),
                children: (0..<1 + rng.int(8)).map { _ in node(1) })
        }
        return [layer()] + (rng.int(4) == 0 ? [layer()] : [])
    }

    /// The same nodes at other frames (layers keep the screen's).
    static func moved(_ layers: [FocusNode], _ rng: inout SplitMix) -> [FocusNode] {
        func move(_ n: FocusNode) -> FocusNode {
            var m = n
            if n.role != .layer {
                // Mostly a shift (what a scroll does), sometimes somewhere else entirely.
                m.frame =
                    rng.int(4) == 0
                    ? Rect(
                        Double(rng.int(2600)) - 400, Double(rng.int(1600)) - 300, Double(rng.int(500)),
                        Double(rng.int(400)))
                    : n.frame.offsetBy(dx: Double(rng.int(1200)) - 600, dy: Double(rng.int(900)) - 450)
            }
            m.children = n.children.map(move)
            return m
        }
        return layers.map(move)
    }

    @Test func aMovedTreeIsTheTreeBuiltAtItsFrames() throws {
        var rng = SplitMix(seed: 1414)
        var changedFocusability = 0
        var changedCovers = 0
        for round in 0..<300 {
            let layers = Self.randomLayers(&rng, round: round)
            let before = try FocusTree(layers: layers)
            let after = Self.moved(layers, &rng)
            let built = try FocusTree(layers: after)
            let moved = try before.withFrames(built.frames)
            #expect(Self.differences(moved, built) == [], "round \(round)")
            if before.issueNodes != built.issueNodes { changedFocusability += 1 }
            if before.coverTable != built.coverTable { changedCovers += 1 }
        }
        // The moves changed what matters, so the agreement is not that of trees that stayed alike.
        #expect(changedFocusability > 100 && changedCovers > 30)
    }

    @Test func aMoveToABadFrameFailsAsBuildingDoes() throws {
        let item = { (id: String, frame: Rect) in
            FocusNode(
                id: id, role: .item, frame: frame, attributes: FocusAttributes(focusable: .automatic), children: [])
        }
        let tree = try FocusTree(layers: [
            FocusNode(
                id: "screen", role: .layer, frame: Rect(0, 0, 1920, 1080),
                children: [
                    item("a", Rect(0, 0, 10, 10)), item("b", Rect(20, 0, 10, 10)), item("c", Rect(40, 0, 10, 10)),
                ])
        ])
        for bad in [Rect(.nan, 0, 10, 10), Rect(0, .infinity, 10, 10), Rect(0, 0, -1, 10)] {
            let frames = [tree.frames[0], tree.frames[1], bad, bad]
            #expect(throws: FocusTreeError.nonFiniteFrame("b")) { try tree.withFrames(frames) }
            #expect(throws: FocusTreeError.nonFiniteFrame("b")) {
                try FocusTree(layers: [
                    FocusNode(
                        id: "screen", role: .layer, frame: Rect(0, 0, 1920, 1080),
                        children: [item("a", tree.frames[1]), item("b", bad), item("c", bad)])
                ])
            }
        }
    }
}
