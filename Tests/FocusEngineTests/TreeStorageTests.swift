import TestSupport
import Testing

@testable import FocusEngine

/// The flat storage of a focus tree against the plain values it was built from, over seeded random
/// trees: modifiers packed in flag bits with the rare ones stored apart, the id table, the in-place
/// ancestor walk, the sparse focusability issues, and the focused node a system keeps between moves.
@Suite struct TreeStorageTests {
    /// The value nodes in tree (depth-first) order: the order of the tree's node indices.
    static func flatten(_ layers: [FocusNode]) -> [(node: FocusNode, parent: Int?)] {
        var out: [(FocusNode, Int?)] = []
        func visit(_ n: FocusNode, _ parent: Int?) {
            let me = out.count
            out.append((n, parent))
            for c in n.children { visit(c, me) }
        }
        for l in layers { visit(l, nil) }
        return out
    }

    /// Any value of every modifier, so a field the flags or details forget cannot pass.
    static func randomAttributes(_ rng: inout SplitMix) -> FocusAttributes {
        func maybe() -> Bool { rng.int(2) == 0 }
        func id() -> String? {
            rng.int(3) == 0 ? nil : ["x", "a-rather-long-identifier-\(rng.int(9))", ""][rng.int(3)]
        }
        func table() -> [String: String] { rng.int(2) == 0 ? [:] : ["k\(rng.int(3))": "v", "other": "\(rng.int(9))"] }
        return FocusAttributes(
            focusable: [nil, .activate, .edit, .automatic][rng.int(4)], disabled: maybe(), hidden: maybe(),
            isFocusSection: maybe(), remembersLastFocus: maybe(), defaultFocus: id(),
            defaultFocusPriority: maybe() ? .automatic : .userInitiated, focusScope: id(), prefersDefaultFocus: maybe(),
            prefersDefaultFocusIn: id(), preferred: (0..<rng.int(3)).map { "p\($0)" }, guideEnabled: maybe(),
            opaque: maybe(), scrollAxes: ScrollAxes(rawValue: UInt8(rng.int(4))),
            consumesMoves: Set(Direction.allCases.filter { _ in rng.int(2) == 0 }),
            focusEffectDisabled: maybe(), focusedValues: table(), focusedSceneValues: table(),
            restoresFocusAfterTransition: maybe())
    }

    @Test func everyModifierReadsBackAsGiven() throws {
        var rng = SplitMix(seed: 14)
        for round in 0..<200 {
            // Nodes of every role, each with random modifiers, nested a few deep.
            func node(_ depth: Int) -> FocusNode {
                let role: FocusNode.Role = depth == 0 ? .layer : [.item, .container, .guide][rng.int(3)]
                let kids =
                    role == .layer || role == .container
                    ? (0..<rng.int(depth == 0 ? 6 : 4)).map { _ in node(depth + 1) } : []
                return FocusNode(
                    id: "n\(round)-\(rng.next())", role: role, frame: Rect(0, 0, 10, 10),
                    attributes: Self.randomAttributes(&rng), children: kids)
            }
            let layers = [node(0)] + (rng.int(3) == 0 ? [node(0)] : [])
            let tree = try FocusTree(layers: layers)
            let values = Self.flatten(layers)
            #expect(tree.count == values.count)
            for (n, v) in values.enumerated() {
                let a = v.node.attributes
                #expect(tree.attributes(n) == a, "round \(round), node \(n)")
                #expect(tree.defaultFocus(n) == a.defaultFocus)
                #expect(tree.focusScope(n) == a.focusScope)
                #expect(tree.prefersDefaultFocusIn(n) == a.prefersDefaultFocusIn)
                #expect(tree.preferred(n) == a.preferred)
                #expect(tree.values(n) == a.focusedValues)
                #expect(tree.sceneValues(n) == a.focusedSceneValues)
                #expect(tree.isSection(n) == (v.node.role == .container && a.isFocusSection))
                for d in Direction.allCases { #expect(tree.has(.consumes(d), n) == a.consumesMoves.contains(d)) }
                // What the ancestors set, by walking the values.
                var chain: [Int] = []
                var up = v.parent
                while let q = up {
                    chain.append(q)
                    up = values[q].parent
                }
                func attrs(_ k: Int) -> FocusAttributes { values[k].node.attributes }
                #expect(tree.has(.lineageConsumes, n) == ([n] + chain).contains { !attrs($0).consumesMoves.isEmpty })
                #expect(
                    tree.has(.lineagePublishesValues, n) == ([n] + chain).contains { !attrs($0).focusedValues.isEmpty })
                #expect(
                    tree.has(.lineagePublishesSceneValues, n)
                        == ([n] + chain).contains { !attrs($0).focusedSceneValues.isEmpty })
                #expect(tree.has(.ancestorRemembers, n) == chain.contains { attrs($0).remembersLastFocus })
                #expect(
                    tree.has(.ancestorRedirects, n)
                        == chain.contains {
                            values[$0].node.role == .container
                                && (attrs($0).remembersLastFocus || attrs($0).defaultFocusPriority == .userInitiated)
                        })
                // The nearest scrolling ancestor, by walking the values.
                var p = v.parent
                var scroller: Int?
                while let q = p, scroller == nil {
                    if values[q].node.attributes.scrolls { scroller = q }
                    p = values[q].parent
                }
                #expect(tree.scrollContainer(of: n) == scroller)
            }
        }
    }

    @Test func ancestorsWalkTheParentChain() throws {
        for seed in UInt64(1)...100 {
            let rich = RichTree(seed: seed)
            let tree = try FocusTree(layers: rich.layers)
            let values = Self.flatten(rich.layers)
            for n in 0..<tree.count {
                var chain: [Int] = []
                var p = values[n].parent
                while let q = p {
                    chain.append(q)
                    p = values[q].parent
                }
                #expect(Array(tree.ancestors(n)) == chain)
                #expect(Array(tree.ancestors(n, includingSelf: true)) == [n] + chain)
                #expect(chain.allSatisfy { tree.isAncestor($0, of: n) })
            }
        }
    }

    @Test func idTableFindsEveryIDAndNothingElse() throws {
        var rng = SplitMix(seed: 3)
        for size in [0, 1, 2, 7, 8, 9, 100, 5000] {
            // Small and heap-allocated ids, some differing only in their last character.
            let ids = (0..<size).map { k in k % 3 == 0 ? "item-with-a-long-identifier-\(k)" : "i\(k)" }
            let builder = FocusTreeBuilder(capacity: size + 1)
            builder.open(id: "root", role: .layer, frame: Rect(0, 0, 100, 100))
            for id in ids { builder.item(id: id, frame: Rect(0, 0, 10, 10)) }
            builder.close()
            let tree = try builder.build()
            #expect(tree.node("root") == 0)
            for (k, id) in ids.enumerated() { #expect(tree.node(id) == k + 1) }
            for _ in 0..<200 {
                let k = rng.int(10 * max(size, 1))
                let probe = ["i\(k)x", "item-with-a-long-identifier-\(k)-", "I\(k)", "", "roo"][rng.int(5)]
                #expect(tree.node(probe) == nil, "\(probe)")
            }
        }
    }

    @Test func duplicateIDsAreRefusedByTheFirstRepeat() throws {
        var rng = SplitMix(seed: 9)
        for _ in 0..<100 {
            let pool = (0..<2 + rng.int(30)).map { "d\($0)" }
            let ids = (0..<2 + rng.int(40)).map { _ in pool[rng.int(pool.count)] }
            var seen = Set<String>()
            let firstRepeat = ids.first { !seen.insert($0).inserted }
            do {
                _ = try FocusTree(layers: [
                    .layer("root", Rect(0, 0, 10, 10), .init(), ids.map { .item($0, Rect(0, 0, 1, 1)) })
                ])
                #expect(firstRepeat == nil)
            } catch {
                #expect(error == .duplicateID(firstRepeat ?? "?"))
            }
        }
    }

    /// Why an item cannot take focus, worked out from the value tree by its own walk (the rules of
    /// docs/focus-engine.md), against the flat tree's answer for every node.
    @Test func issuesFollowTheRules() throws {
        for seed in UInt64(1)...300 {
            let rich = RichTree(seed: seed)
            for options in [FocusTree.Options(), .init(fullKeyboardAccess: false)] {
                let tree = try FocusTree(layers: rich.layers, options: options)
                let values = Self.flatten(rich.layers)
                let layerRoots = values.indices.filter { values[$0].parent == nil }
                func chain(_ n: Int) -> [Int] {  // the node and its ancestors, outermost first
                    var c = [n]
                    var p = values[n].parent
                    while let q = p {
                        c.insert(q, at: 0)
                        p = values[q].parent
                    }
                    return c
                }
                func end(_ n: Int) -> Int {
                    var e = n + 1
                    while e < values.count, chain(e).contains(n) { e += 1 }
                    return e
                }
                // Visibility.swift's rules, walked on the value tree: scrolling containers cut along
                // their axes, the screen along the axes none of them scrolls.
                func scrolledAxes(_ n: Int) -> ScrollAxes {
                    chain(n).dropLast().reduce(into: ScrollAxes()) {
                        $0.formUnion(values[$1].node.attributes.scrollAxes)
                    }
                }
                func onScreenWhenScrolled(_ n: Int) -> Rect {
                    let free = ScrollAxes.both.subtracting(scrolledAxes(n))
                    var r = values[n].node.frame
                    if free.contains(.horizontal) {
                        r = Rect(
                            max(r.minX, options.screen.minX), r.minY,
                            max(0, min(r.maxX, options.screen.maxX) - max(r.minX, options.screen.minX)), r.height)
                    }
                    if free.contains(.vertical) {
                        r = Rect(
                            r.minX, max(r.minY, options.screen.minY), r.width,
                            max(0, min(r.maxY, options.screen.maxY) - max(r.minY, options.screen.minY)))
                    }
                    return r
                }
                func showsNow(_ n: Int) -> Rect {
                    var r = onScreenWhenScrolled(n)
                    for s in chain(n).dropLast() where values[s].node.attributes.scrolls {
                        r = r.clipped(to: values[s].node.frame, along: values[s].node.attributes.scrollAxes)
                    }
                    return r
                }
                func inHiddenScroller(_ n: Int) -> Bool {
                    chain(n).dropLast().contains {
                        values[$0].node.attributes.scrolls && onScreenWhenScrolled($0).isEmpty
                    }
                }
                /// True when the rectangles cover every point of `r` (checked cell by cell on the grid
                /// of all their edges, independently of the engine's rectangle subtraction).
                func whollyCovered(_ r: Rect, by covers: [Rect]) -> Bool {
                    let xs = Set([r.minX, r.maxX] + covers.flatMap { [$0.minX, $0.maxX] }).filter {
                        $0 >= r.minX && $0 <= r.maxX
                    }.sorted()
                    let ys = Set([r.minY, r.maxY] + covers.flatMap { [$0.minY, $0.maxY] }).filter {
                        $0 >= r.minY && $0 <= r.maxY
                    }.sorted()
                    for (x0, x1) in zip(xs, xs.dropFirst()) where x1 > x0 {
                        for (y0, y1) in zip(ys, ys.dropFirst()) where y1 > y0 {
                            let (mx, my) = ((x0 + x1) / 2, (y0 + y1) / 2)
                            if !covers.contains(where: { mx > $0.minX && mx < $0.maxX && my > $0.minY && my < $0.maxY })
                            {
                                return false
                            }
                        }
                    }
                    return true
                }
                for (n, v) in values.enumerated() {
                    let a = v.node.attributes
                    var expected: [FocusabilityIssue] = []
                    if v.node.role != .item {
                        expected = [.notFocusable]
                    } else {
                        if a.focusable == nil { expected.append(.notFocusable) }
                        if a.focusable == .activate, options.fullKeyboardAccess == false {
                            expected.append(.activateNeedsFullKeyboardAccess)
                        }
                        if let d = chain(n).first(where: { values[$0].node.attributes.disabled }) {
                            expected.append(.disabled(by: d == n ? "" : values[d].node.id))
                        }
                        if let h = chain(n).first(where: { values[$0].node.attributes.hidden }) {
                            expected.append(.hidden(by: h == n ? "" : values[h].node.id))
                        }
                        let layer = layerRoots.last { $0 <= n }!
                        if v.node.frame.isEmpty {
                            expected.append(.zeroSized)
                        } else {
                            let reachable = onScreenWhenScrolled(n)
                            if reachable.isEmpty || inHiddenScroller(n) {
                                expected.append(.offscreen)
                            } else {
                                // Opaque nodes drawn above (later in the layer, not an ancestor), drawn at all.
                                let opaque = (n + 1..<end(layer)).filter { o in
                                    values[o].node.attributes.opaque && !chain(o).contains(n)
                                        && !chain(o).contains { values[$0].node.attributes.hidden }
                                        && !showsNow(o).isEmpty
                                        && showsNow(o).overlaps(v.node.frame)
                                }
                                if let first = opaque.first, whollyCovered(reachable, by: opaque.map(showsNow)) {
                                    expected.append(.covered(by: values[first].node.id))
                                }
                            }
                        }
                        if layer != layerRoots.last! {
                            expected.append(.notInActiveLayer(values[layerRoots.last!].node.id))
                        }
                    }
                    #expect(tree.checkFocusability(v.node.id) == expected, "seed \(seed): \(v.node.id)")
                    #expect(tree.isFocusable(n) == (v.node.role == .item && expected.isEmpty))
                }
            }
        }
    }

    /// A system keeps the node of the item it focused between moves; it must answer exactly as a system
    /// built afresh from the same tree and state at every step, whatever is written into its state.
    @Test func keptFocusedNodeNeverChangesAnAnswer() throws {
        for seed in UInt64(1)...200 {
            let rich = RichTree(seed: seed)
            let base = try FocusTree(layers: [rich.screen])
            let pruned = try FocusTree(layers: [rich.screenWithout(seed: seed)])
            var rng = SplitMix(seed: seed)
            var kept = FocusSystem(tree: base)
            kept.focusInitial()
            for step in 0..<60 {
                var fresh = FocusSystem(tree: kept.tree, state: kept.state, policy: kept.policy)
                switch rng.int(10) {
                case 0:
                    let id = (rich.ids + ["missing"])[rng.int(rich.ids.count + 1)]
                    kept.state.focused = id
                    fresh.state.focused = id
                case 1:
                    kept.state = FocusState(focused: kept.focused)
                    fresh.state = kept.state
                case 2:
                    let tree = rng.int(2) == 0 ? pruned : base
                    #expect(kept.replaceTree(tree) == fresh.replaceTree(tree), "seed \(seed) step \(step)")
                case 3:
                    let forward = rng.int(2) == 0
                    #expect(
                        kept.moveSequential(forward: forward) == fresh.moveSequential(forward: forward),
                        "seed \(seed) step \(step)")
                default:
                    let d = Direction.allCases[rng.int(4)]
                    #expect(kept.move(d) == fresh.move(d), "seed \(seed) step \(step)")
                }
                #expect(kept.state == fresh.state, "seed \(seed) step \(step)")
                #expect(kept.focusedValues == fresh.focusedValues)
            }
        }
    }

    /// A tree that fails fails with its first error in tree order, whichever kind it is; a frame set after
    /// its node was opened (a guide between later nodes) counts as the node's own.
    @Test func theFirstErrorInTreeOrderWins() throws {
        let bad = Rect(.nan, 0, 10, 10)
        let good = Rect(0, 0, 10, 10)
        func build(_ nodes: [(id: String, frame: Rect)], setting: (index: Int, frame: Rect)? = nil)
            throws(FocusTreeError) -> FocusTree
        {
            let b = FocusTreeBuilder(capacity: 4)
            b.open(id: "screen", role: .layer, frame: Rect(0, 0, 1920, 1080))
            for n in nodes { b.item(id: n.id, frame: n.frame) }
            b.close()
            if let setting { b.setFrame(setting.frame, at: setting.index) }
            #expect(b.count == nodes.count + 1)
            return try b.build()
        }
        #expect(throws: FocusTreeError.nonFiniteFrame("a")) { try build([("a", bad), ("", good)]) }
        #expect(throws: FocusTreeError.emptyID) { try build([("", good), ("b", bad)]) }
        // On one node, the empty id comes first (as `open` checks it first).
        #expect(throws: FocusTreeError.emptyID) { try build([("", bad)]) }
        // A frame set later: fixed, it is no error; spoilt, it is one, before a later node's.
        #expect(throws: Never.self) { try build([("a", bad), ("b", good)], setting: (1, good)) }
        #expect(throws: FocusTreeError.nonFiniteFrame("a")) { try build([("a", good), ("", good)], setting: (1, bad)) }
        #expect(try build([("a", good), ("b", good)], setting: (2, Rect(5, 6, 7, 8))).frames[2] == Rect(5, 6, 7, 8))
        // A duplicate id comes after every other error, as before.
        #expect(throws: FocusTreeError.nonFiniteFrame("a")) { try build([("b", good), ("b", good), ("a", bad)]) }
    }
}
