import TestSupport
import Testing

@testable import FocusEngine

/// Only the visible regions count (tvos-focus.md §A2, §A13; Visibility.swift): what an opaque node drawn
/// above covers and what a scrolling container's bounds clip is not searched, except what a container
/// the move starts in can scroll into view along its axis.
@Suite struct VisibilityTests {
    static let screen = Rect(0, 0, 1920, 1080)

    func system(_ children: [FocusNode], focused: String) throws -> FocusSystem {
        FocusSystem(
            tree: try FocusTree(layers: [.layer("screen", Self.screen, .init(), children)]),
            state: FocusState(focused: focused))
    }

    static let opaque = FocusAttributes(opaque: true)

    // MARK: Covers

    /// A banner drawn above the top of a poster: a swipe whose path meets only the covered part does
    /// not reach the poster; one that meets its visible part does.
    @Test func partlyCoveredItemIsReachableOnlyThroughItsVisiblePart() throws {
        let nodes: [FocusNode] = [
            .item("poster", Rect(600, 300, 260, 390)),
            .container("banner", Rect(500, 200, 600, 200), Self.opaque, []),  // covers the poster's top 100 pt
            .item("high", Rect(100, 310, 200, 60)),  // its path meets only the covered band
            .item("low", Rect(100, 500, 200, 60)),  // its path meets the visible part
        ]
        var s = try system(nodes, focused: "high")
        #expect(s.move(.right).outcome == .blocked(.nothingInPath))
        s.state.focused = "low"
        #expect(s.move(.right).next == "poster")
        #expect(s.tree.visibility("poster")?.visible == [Rect(600, 400, 260, 290)])
        #expect(s.tree.visibility("poster")?.coveredBy == ["banner"])
    }

    /// A tree built again with the same frames and opaque nodes takes the last tree's covers and regions (a screen no
    /// text size changes is built at each size); one a bit apart, even by the sign of a zero, works them out anew.
    @Test func aTreeBuiltAgainAtTheSameFramesTakesTheLastCovers() throws {
        func tree(banner x: Double) throws -> FocusTree {
            try FocusTree(layers: [
                .layer(
                    "screen", Self.screen, .init(),
                    [
                        .item("memo-poster", Rect(600, 300, 260, 390)),
                        .container("memo-banner", Rect(x, 200, 600, 200), Self.opaque, []),
                    ])
            ])
        }
        // Other tests build trees on other threads meanwhile: one of the tries sees none built between its two.
        let shared = try (0..<50).contains { _ in
            let (a, b) = (try tree(banner: 500), try tree(banner: 500))
            return a.regions === b.regions && a.coverTable == b.coverTable
        }
        #expect(shared)
        let moved = try tree(banner: 501)
        #expect(moved.visibility("memo-poster")?.visible == [Rect(600, 400, 260, 290)])
        let signed = try (0..<50).allSatisfy { _ in
            let (a, b) = (try tree(banner: 0), try tree(banner: -0.0))
            return a.regions !== b.regions && a.coverTable.opaqueShows[0].x.sign != b.coverTable.opaqueShows[0].x.sign
        }
        #expect(signed)
    }

    /// A corner covered: the visible part is an L (the band beside the cover and the band below), and
    /// the search measures the gap to the nearest visible rectangle in the path, not to the frame or
    /// the L's bounding box — so a nearer rival wins.
    @Test func lShapedRegionIsSearchedAsItsRectanglesNotItsBoundingBox() throws {
        let nodes: [FocusNode] = [
            .item("tile", Rect(100, 100, 300, 300)),
            .container("badge", Rect(250, 100, 150, 150), Self.opaque, []),  // the tile's top-right corner
            // path y 120…220: meets the tile's covered corner and its left band
            .item("source", Rect(700, 120, 200, 100)),
        ]
        var s = try system(nodes, focused: "source")
        let region = s.tree.visibility("tile")?.visible
        #expect(region == [Rect(100, 100, 150, 150), Rect(100, 250, 300, 150)])
        // Left from the source: the tile's left band (x 100…250) is 450 pt away; its frame would be 300.
        let e = try #require(s.explain(from: "source", .left))
        let tile = try #require(e.considered.first { $0.id == "tile" })
        #expect(tile.gap == 450 && tile.region == region)
        #expect(s.move(.left).next == "tile")
        // A rival whose near side is 400 pt away now wins (the frame, or the L's bounding box, would lose to the tile).
        var t = try system(nodes + [.item("nearer", Rect(200, 130, 100, 60))], focused: "source")
        #expect(t.move(.left).next == "nearer")
    }

    /// Several opaque nodes that together cover an item hide it, though none covers it alone.
    @Test func itemCoveredByTwoOpaqueNodesTogetherCannotTakeFocus() throws {
        let s = try system(
            [
                .item("a", Rect(100, 100, 200, 100)),
                .container("left", Rect(90, 90, 120, 120), Self.opaque, []),
                .container("right", Rect(200, 90, 110, 120), Self.opaque, []),
            ], focused: "a")
        #expect(s.tree.checkFocusability("a") == [.covered(by: "left")])
    }

    /// A hidden opaque node is not drawn, so it covers nothing; nor does an opaque node drawn below.
    @Test func hiddenOrEarlierOpaqueNodeCoversNothing() throws {
        let s = try system(
            [
                .container("under", Rect(0, 0, 500, 500), Self.opaque, []),
                .item("a", Rect(100, 100, 200, 100)),
                .container("gone", Rect(0, 0, 500, 500), FocusAttributes(hidden: true, opaque: true), []),
            ], focused: "a")
        #expect(s.tree.checkFocusability("a") == [])
        #expect(s.tree.visibility("a")?.isWhole == true)
    }

    // MARK: Scrolling containers

    /// A shelf narrower than the screen, with a "See All" tile beside it. Right from the last poster
    /// that shows goes on along the shelf (it scrolls the next poster in); down from a button above the
    /// tile meets the hidden poster only with its hidden part, so the tile wins; left from the tile
    /// sees only what the shelf shows.
    @Test func shelfClipsItsContentToItsBoundsExceptForMovesInsideIt() throws {
        let shelf = FocusNode.container(
            "shelf", Rect(80, 400, 1200, 390), FocusAttributes(scrollAxes: .horizontal),
            (0..<6).map { .item("p\($0)", Rect(80 + Double($0) * 300, 400, 260, 390)) })
        let nodes: [FocusNode] = [
            .item("button", Rect(1300, 150, 300, 86)),
            shelf,
            .item("seeAll", Rect(1320, 400, 260, 390)),
        ]
        var s = try system(nodes, focused: "p3")  // p3: x 980…1240, wholly inside; p4 (1280…1540) hidden
        #expect(s.tree.visibility("p4")?.visible == [])
        #expect(s.tree.visibility("p4")?.clippedBy == ["shelf"])
        #expect(s.tree.checkFocusability("p4") == [])  // the shelf can scroll it into view
        #expect(s.move(.right).next == "p4")  // scrolled in: it is nearer than the tile
        s.state.focused = "button"
        let down = s.move(.down)
        #expect(down.next == "seeAll")
        let e = try #require(s.explain(from: "button", .down))
        #expect(e.considered.first { $0.id == "p4" }?.verdict == "hidden-in-path")
        s.state.focused = "seeAll"
        #expect(s.move(.left).next == "p3")
    }

    /// A move that starts outside a page sees only what the page shows: content scrolled out above the
    /// page is not "up" from a bar above it (scrolling it in would put it below the bar), and content
    /// below the page's bounds is not reachable from above either; inside the page, both are.
    @Test func moveFromOutsideAPageSeesOnlyWhatItShows() throws {
        let page = FocusNode.container(
            "page", Rect(0, 154, 1920, 926), FocusAttributes(scrollAxes: .vertical),
            [
                .item("above", Rect(600, -300, 260, 390)),  // scrolled out above the page
                .item("shown", Rect(100, 300, 260, 390)),
                .item("below", Rect(600, 1200, 260, 390)),  // below the page and the screen
            ])
        var s = try system([.item("bar", Rect(560, 46, 300, 68)), page], focused: "bar")
        #expect(s.move(.up).outcome == .blocked(.nothingInPath))
        #expect(s.move(.down).outcome == .blocked(.nothingInPath))
        var t = try system([page, .item("mid", Rect(600, 700, 260, 200))], focused: "mid")
        #expect(t.move(.up).outcome == .blocked(.nothingInPath))  // "mid" is outside the page
        var u = try system(
            [
                .container(
                    "page", page.frame, FocusAttributes(scrollAxes: .vertical),
                    page.children + [.item("mid", Rect(600, 700, 260, 200))])
            ], focused: "mid")
        #expect(u.move(.up).next == "above")
        u.state.focused = "mid"
        #expect(u.move(.down).next == "below")
    }

    /// A move from an item outside its page's bounds (the layout as placed, before the page scrolls to
    /// it: what the audit and the debugger see) takes the page as scrolled to show it: along the shelf,
    /// the next poster is in view as it is in the simulator, not clipped by where the page happens to be.
    @Test func containerHoldingTheFocusedItemClipsAsScrolledToShowIt() throws {
        let page = FocusNode.container(
            "page", Rect(0, 0, 1920, 1080), FocusAttributes(scrollAxes: .vertical),
            [
                .container(
                    "row", Rect(0, 1500, 1920, 390), FocusAttributes(scrollAxes: .horizontal),
                    [
                        .item("a", Rect(80, 1500, 260, 390)), .item("b", Rect(380, 1500, 260, 390)),
                    ])
            ])
        var s = try system([page], focused: "a")
        #expect(s.move(.right).next == "b")
        let e = try #require(s.explain(from: "a", .right))
        #expect(e.considered.first { $0.id == "b" }?.region == nil)  // seen whole, as the page would show it
    }

    /// The screen clips along an axis only what no container around it scrolls along that axis; a
    /// scrolling container that shows nothing itself hides what it holds.
    @Test func screenClipsOnlyAlongAxesNoContainerScrolls() throws {
        let s = try system(
            [
                .container(
                    "shelf", Rect(80, 400, 1760, 390), FocusAttributes(scrollAxes: .horizontal),
                    [
                        .item("far", Rect(2500, 400, 260, 390)),  // off screen along the shelf's axis: can scroll in
                        .item("under", Rect(80, 1200, 260, 390)),  // off screen across it: nothing scrolls it in
                    ]),
                .container(
                    "lost", Rect(2200, 0, 600, 600), FocusAttributes(scrollAxes: .both),
                    [.item("inLost", Rect(2200, 0, 200, 200))]),
                .item("a", Rect(100, 100, 200, 100)),
            ], focused: "a")
        #expect(s.tree.checkFocusability("far") == [])
        #expect(s.tree.checkFocusability("under") == [.offscreen])
        #expect(s.tree.checkFocusability("inLost") == [.offscreen])
    }

    // MARK: The debugger

    /// checkFocusability's report and explain both show the visible region that was used.
    @Test func debuggerReportsTheVisibleRegion() throws {
        let s = try system(
            [
                .item("poster", Rect(600, 300, 260, 390)),
                .container("banner", Rect(500, 200, 600, 200), Self.opaque, []),
                .item("a", Rect(100, 500, 200, 60)),
            ], focused: "a")
        let report = s.tree.focusabilityReport("poster")
        #expect(report.contains("visible region: [600, 400, 260, 290] (covered by \"banner\")"))
        let e = try #require(s.explain(from: "a", .right))
        #expect(e.text.contains("visible [600, 400, 260, 290]"))
        #expect(s.tree.focusabilityReport("a").contains("visible region: [100, 500, 200, 60] (the whole frame)"))
    }

    // MARK: Against a reference

    /// An item takes the first 64 opaque nodes drawn above it as its covers, those drawn lowest: past a few, covers
    /// cut its region into ever more rectangles (1,000 small images over 50 buttons: a `path` of two moves took 21 s).
    @Test func anItemTakesAtMost64Covers() throws {
        var nodes: [FocusNode] = [.item("wide", Rect(0, 0, 1900, 100)), .item("next", Rect(0, 300, 200, 100))]
        for k in 0..<100 {
            nodes.append(.container("o\(k)", Rect(Double(k) * 19, 10, 10, 10), Self.opaque, []))
        }
        var s = try system(nodes, focused: "next")
        let seen = try #require(s.tree.visibility("wide"))
        #expect(seen.coveredBy == (0..<FocusTree.maxCovers).map { "o\($0)" })
        // Its region is its frame less those 64: the bands above and below them, one rectangle between each two,
        // and the right end past the last.
        #expect(seen.visible.count == 1 + 63 + 1 + 1, "\(seen.visible.count)")
        #expect(s.move(.up).next == "wide")
    }

    /// A covered item's visible rectangles count toward a search's looks, sixteen a look: 3,000 large buttons under
    /// 20,000 specks, each cut into hundreds, took `audit` 36 s within its looks.
    @Test func aCoveredRegionsRectanglesCountAsLooks() throws {
        var nodes: [FocusNode] = [.item("wide", Rect(0, 0, 1900, 100)), .item("next", Rect(0, 300, 200, 100))]
        for k in 0..<64 {
            nodes.append(.container("o\(k)", Rect(Double(k) * 19, 10, 10, 10), Self.opaque, []))
        }
        var s = try system(nodes, focused: "next")
        s.lookLimit = 3  // the item's 66 rectangles are four looks
        #expect(s.move(.up).next == "wide")
        #expect(s.searchesCutShort == 1)
    }

    /// Past the 64, a cover over the whole item still hides it: 64 one-pixel images drawn under a full cover kept the
    /// item showing (and default focus could start on it).
    @Test func aFullCoverPastThe64StillHidesTheItem() throws {
        var nodes: [FocusNode] = [.item("wide", Rect(0, 0, 1900, 100)), .item("next", Rect(0, 300, 200, 100))]
        for k in 0..<100 {
            nodes.append(.container("o\(k)", Rect(Double(k) * 19, 10, 1, 1), Self.opaque, []))
        }
        nodes.append(.container("full", Rect(-10, -10, 1920, 120), Self.opaque, []))
        var s = try system(nodes, focused: "next")
        let seen = try #require(s.tree.visibility("wide"))
        #expect(seen.coveredBy == ["full"] && seen.visible.isEmpty, "\(seen.coveredBy) \(seen.visible.count)")
        #expect(!s.move(.up).moved)
        #expect(s.tree.focusabilityReport("wide").contains("covered"))
    }

    /// Rounding, where sides are differences of edges: an item 1e-6 pt wide at x = 1000.3 under a cover is wholly
    /// covered (its covers' areas added up short of its own by an ulp's worth); and a covered item whose visible piece
    /// ends an ulp past its frame ties with the item ranked before it on a left move, and wins on its offset, as the
    /// frame alone would have had it pass over it.
    @Test func roundingDecidesNothingTheExactRegionsDoNot() throws {
        var tiny = try system(
            [
                .item("a", Rect(100, 500, 300, 86)), .item("b", Rect(1000.3, 500, 0.000001, 86)),
                .container("cov", Rect(900, 400, 300, 300), Self.opaque, []),
            ], focused: "a")
        #expect(tiny.tree.focusabilityReport("b").contains("covered"), "\(tiny.tree.focusabilityReport("b"))")
        #expect(!tiny.move(.right).moved)
        var tie = try system(
            [
                .item("A", Rect(0, 610, 792.0910000000001, 90)), .item("B", Rect(0, 500, 792.091, 100)),
                .container("cover", Rect(0, 500, 258.18, 100), Self.opaque, []),
                .item("F", Rect(1300, 450, 300, 200)),
            ], focused: "F")
        #expect(tie.move(.left).next == "B")
    }

    /// The region of every target for every move from every focusable item of 200 rich random screens
    /// (scrolling containers both ways, nested, opaque covers), against the rule worked out on the
    /// value tree cell by cell; and the spatial index against the linear scan on the same screens.
    @Test func regionsFollowTheRuleAndTheIndexStaysExact() throws {
        var hiddenCells = 0
        var shownCells = 0
        var lifted = 0
        for seed in UInt64(1)...120 {
            let rich = RichTree(seed: seed)
            let tree = try FocusTree(layers: rich.layers)
            let values = TreeStorageTests.flatten(rich.layers)
            func chain(_ n: Int) -> [Int] {
                var c: [Int] = []
                var p = values[n].parent
                while let q = p {
                    c.append(q)
                    p = values[q].parent
                }
                return c
            }
            func end(_ n: Int) -> Int {
                var e = n + 1
                while e < values.count, chain(e).contains(n) { e += 1 }
                return e
            }
            func attrs(_ n: Int) -> FocusAttributes { values[n].node.attributes }
            /// Container `c`'s bounds as it would scroll along `a` to show `source`.
            func shown(_ c: Int, _ source: Int, along a: ScrollAxes) -> Rect {
                let b = values[c].node.frame
                let f = values[source].node.frame
                if a == .horizontal {
                    return b.offsetBy(
                        dx: f.minX < b.minX || f.width > b.width ? f.minX - b.minX : max(0, f.maxX - b.maxX), dy: 0)
                }
                return b.offsetBy(
                    dx: 0, dy: f.minY < b.minY || f.height > b.height ? f.minY - b.minY : max(0, f.maxY - b.maxY))
            }
            /// Is the point visible for a move along `axis` from `source`? (nil axis: now, every clip.)
            /// Covers count for items unless `covers` is false (what an opaque node itself shows).
            func sees(_ n: Int, _ x: Double, _ y: Double, axis: ScrollAxes?, source: Int?, covers: Bool = true) -> Bool
            {
                let f = values[n].node.frame
                guard x > f.minX, x < f.maxX, y > f.minY, y < f.maxY else { return false }
                var scrolled: ScrollAxes = []
                for c in chain(n) where attrs(c).scrolls {
                    scrolled.formUnion(attrs(c).scrollAxes)
                    for a in [ScrollAxes.horizontal, .vertical] where attrs(c).scrollAxes.contains(a) {
                        var b = values[c].node.frame
                        if let source, chain(source).contains(c) {
                            if a == axis { continue }
                            b = shown(c, source, along: a)  // scrolled to show the focused item, across the move
                        }
                        if a == .horizontal, !(x > b.minX && x < b.maxX) { return false }
                        if a == .vertical, !(y > b.minY && y < b.maxY) { return false }
                    }
                }
                if !scrolled.contains(.horizontal), !(x > Self.screen.minX && x < Self.screen.maxX) { return false }
                if !scrolled.contains(.vertical), !(y > Self.screen.minY && y < Self.screen.maxY) { return false }
                guard covers, values[n].node.role == .item else { return true }
                let layer = values.indices.last { values[$0].parent == nil && $0 <= n }!
                for o in n + 1..<end(layer)
                where attrs(o).opaque && !chain(o).contains(n)
                    && !([o] + chain(o)).contains(where: { attrs($0).hidden })
                    && sees(o, x, y, axis: nil, source: nil, covers: false)
                {
                    return false
                }
                return true
            }
            // Every edge that can cut a node's region: its own, its scrolling containers', the
            // screen's, and those of the opaque nodes (and their containers) that may cover it.
            let opaqueNodes = values.indices.filter { attrs($0).opaque }
            func cuts(_ t: Int, from source: Int) -> [Rect] {
                // Shifted bounds end at the focused item's edges, so those cut too.
                ([t, source] + chain(t) + opaqueNodes.flatMap { [$0] + chain($0) }).map { values[$0].node.frame } + [
                    Self.screen
                ]
                    + chain(t).filter { chain(source).contains($0) }.flatMap {
                        [shown($0, source, along: .horizontal), shown($0, source, along: .vertical)]
                    }
            }
            for from in tree.focusableItems.prefix(4) {
                for d in Direction.allCases {
                    for t in tree.spatial.targets.prefix(30).map(Int.init) {
                        let rects = tree.region(t, from: from, d)
                        let f = tree.frames[t]
                        let lines = cuts(t, from: from) + rects
                        let xs = Set(lines.flatMap { [$0.minX, $0.maxX] }).filter { $0 >= f.minX && $0 <= f.maxX }
                            .sorted()
                        let ys = Set(lines.flatMap { [$0.minY, $0.maxY] }).filter { $0 >= f.minY && $0 <= f.maxY }
                            .sorted()
                        for (x0, x1) in zip(xs, xs.dropFirst()) where x1 > x0 {
                            for (y0, y1) in zip(ys, ys.dropFirst()) where y1 > y0 {
                                let (mx, my) = ((x0 + x1) / 2, (y0 + y1) / 2)
                                let engine = rects.contains {
                                    mx > $0.minX && mx < $0.maxX && my > $0.minY && my < $0.maxY
                                }
                                if engine { shownCells += 1 } else { hiddenCells += 1 }
                                if engine, !sees(t, mx, my, axis: nil, source: nil) { lifted += 1 }
                                #expect(
                                    engine == sees(t, mx, my, axis: d.axis, source: from),
                                    "seed \(seed): \(tree.ids[t]) from \(tree.ids[from]) \(d) at \(mx), \(my)")
                            }
                        }
                    }
                    let fast = tree.indexedSearch(from: from, d)
                    let slow = tree.linearSearch(from: from, d)
                    #expect(
                        fast?.item == slow?.item && fast?.target == slow?.target,
                        "seed \(seed): index and scan disagree from \(tree.ids[from]) \(d)")
                }
            }
        }
        // Enough of each case that the comparison means something: hidden parts, shown parts, and
        // parts shown only because the move starts in a container that scrolls them in.
        #expect(
            hiddenCells > 2000 && shownCells > 2000 && lifted > 200,
            "hidden \(hiddenCells), shown \(shownCells), scrolled in \(lifted)")
    }
}
