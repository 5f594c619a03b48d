import TestSupport
import Testing

@testable import FocusEngine

/// Seeded random layouts: invariants that hold for every tree and move.
@Suite struct PropertyTests {
    /// A random screen: items, some sections (with children), some guides pointing anywhere.
    static func randomTree(seed: UInt64) throws -> FocusTree {
        var rng = SplitMix(seed: seed)
        var nodes: [FocusNode] = []
        var ids: [String] = []
        let count = 5 + rng.int(40)
        for k in 0..<count {
            let f = Rect(
                rng.double(0, 1800).rounded(), rng.double(0, 1000).rounded(), rng.double(0, 300).rounded(),
                rng.double(0, 200).rounded())
            switch rng.int(10) {
            case 0:
                let kids = (0..<1 + rng.int(4)).map { j in
                    FocusNode.item("s\(k)i\(j)", Rect(f.minX + Double(j) * 30, f.minY + 20, 25, 25))
                }
                ids += kids.map(\.id)
                nodes.append(.section("s\(k)", f.insetBy(dx: -40, dy: -40), kids))
            case 1:
                nodes.append(.guide("g\(k)", f, preferred: [], enabled: rng.int(4) != 0))
            case 2:
                nodes.append(.item("d\(k)", f, FocusAttributes(focusable: .automatic, disabled: true)))
            default:
                nodes.append(.item("i\(k)", f))
                ids.append("i\(k)")
            }
        }
        // Point guides at random ids (including other guides, so chains and cycles occur).
        let all = nodes.map(\.id) + ids
        nodes = nodes.map { n in
            guard n.role == .guide else { return n }
            var g = n
            g.attributes.preferred = (0..<rng.int(3)).map { _ in all[rng.int(all.count)] }
            return g
        }
        return try FocusTree(layers: [.layer("screen", Rect(0, 0, 1920, 1080), .init(), nodes)])
    }

    @Test func indexAgreesWithLinearScanAndInvariantsHold() throws {
        var checked = 0
        for seed in UInt64(1)...1500 {
            let tree = try Self.randomTree(seed: seed)
            for from in tree.focusableItems {
                for d in Direction.allCases {
                    let fast = tree.indexedSearch(from: from, d)
                    let slow = tree.linearSearch(from: from, d)
                    #expect(
                        fast?.item == slow?.item,
                        "seed \(seed): index and linear scan disagree from \(tree.ids[from]) \(d)")
                    #expect(fast?.target == slow?.target, "seed \(seed): targets (and so routes) disagree")
                    if let item = fast?.item {
                        #expect(tree.isFocusable(item), "seed \(seed): focus on an unfocusable node")
                        #expect(tree.roles[item] == .item, "seed \(seed): focus on a section or guide")
                        #expect(item != from)
                    }
                    checked += 1
                }
            }
        }
        #expect(checked > 10_000)
    }

    /// Frames piled on one another (a few places, each taken by many items, guides and sections): every target is
    /// straight ahead at no distance, where the index stops ranking the items after the first (a shortcut that
    /// must choose what the linear scan chooses).
    @Test func pilesOfFramesAgreeWithLinearScan() throws {
        var checked = 0
        for seed in UInt64(1)...300 {
            var rng = SplitMix(seed: seed)
            let places = (0..<1 + rng.int(3)).map { _ in
                Rect(
                    rng.double(0, 1500).rounded(), rng.double(0, 800).rounded(), 100 + rng.double(0, 200).rounded(), 86)
            }
            var nodes: [FocusNode] = []
            for k in 0..<10 + rng.int(60) {
                // Most on a place exactly, some a hundredth of a point off it.
                var f = places[rng.int(places.count)]
                if rng.int(4) == 0 { f = f.offsetBy(dx: Double(rng.int(3)) * 0.01, dy: Double(rng.int(3)) * 0.01) }
                switch rng.int(12) {
                case 0: nodes.append(.section("s\(k)", f, [.item("s\(k)i", f.insetBy(dx: 10, dy: 10))]))
                case 1: nodes.append(.guide("g\(k)", f, preferred: ["i\(rng.int(k + 1))"]))
                case 2: nodes.append(.item("d\(k)", f, FocusAttributes(focusable: .automatic, disabled: true)))
                default: nodes.append(.item("i\(k)", f))
                }
            }
            let tree = try FocusTree(layers: [.layer("screen", Rect(0, 0, 1920, 1080), .init(), nodes)])
            for from in tree.focusableItems {
                for d in Direction.allCases {
                    let fast = tree.indexedSearch(from: from, d)
                    let slow = tree.linearSearch(from: from, d)
                    #expect(fast?.item == slow?.item, "seed \(seed): disagree from \(tree.ids[from]) \(d)")
                    #expect(fast?.target == slow?.target, "seed \(seed): targets disagree")
                    checked += 1
                }
            }
        }
        #expect(checked > 10_000)
    }

    @Test func sameInputSameOutput() throws {
        for seed in UInt64(1)...200 {
            let a = try Self.randomTree(seed: seed)
            let b = try Self.randomTree(seed: seed)
            var sa = FocusSystem(tree: a)
            var sb = FocusSystem(tree: b)
            sa.focusInitial()
            sb.focusInitial()
            var rng = SplitMix(seed: seed)
            for _ in 0..<50 {
                let d = Direction.allCases[rng.int(4)]
                #expect(sa.move(d) == sb.move(d))
            }
            #expect(sa.state == sb.state)
        }
    }

    @Test func focusNeverLeavesTheTopLayer() throws {
        for seed in UInt64(1)...100 {
            let base = try Self.randomTree(seed: seed)
            let screen = FocusNode.layer(
                "screen", Rect(0, 0, 1920, 1080), .init(),
                base.focusableItems.map { .item(base.ids[$0], base.frames[$0]) })
            let sheet = FocusNode.layer(
                "sheet", Rect(0, 0, 1920, 1080), .init(),
                [.item("x", Rect(900, 500, 100, 100)), .item("y", Rect(1100, 500, 100, 100))])
            var s = FocusSystem(tree: try FocusTree(layers: [screen]))
            s.focusInitial()
            s.present(in: try FocusTree(layers: [screen, sheet]))
            for d in Direction.allCases + Direction.allCases {
                s.move(d)
                #expect(s.focused == "x" || s.focused == "y")
            }
        }
    }
}
