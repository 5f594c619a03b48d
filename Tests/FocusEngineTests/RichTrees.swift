import FocusEngine
import TestSupport

/// Seeded random screens that use every focus modifier: nested containers, sections, guides (chains
/// and cycles), disabled and hidden subtrees, opaque covers, scrolling pages, off-screen and zero-sized
/// items, `activate`-only items, move handlers, default focus with both priorities, scopes and scope
/// preferences, remembered focus, focused and scene values, and sometimes a sheet above the screen.
/// Some ids are longer than 15 bytes, so the engine sees heap-allocated strings as well as small ones.
struct RichTree {
    var screen: FocusNode
    var sheet: FocusNode?
    /// Every id in the tree, in creation order.
    var ids: [String]
    var scopes: [String] { ["a", "b", "c"] }

    var layers: [FocusNode] { [screen] + (sheet.map { [$0] } ?? []) }

    init(seed: UInt64) {
        var rng = SplitMix(seed: seed)
        var ids: [String] = []
        var counter = 0
        func newID(_ kind: String) -> String {
            counter += 1
            let id = rng.int(4) == 0 ? "\(kind)-with-a-longer-name-\(counter)" : "\(kind)\(counter)"
            ids.append(id)
            return id
        }
        func frame(inside box: Rect) -> Rect {
            let w = rng.int(12) == 0 ? 0 : rng.double(20, 400).rounded()
            let h = rng.int(12) == 0 ? 0 : rng.double(20, 300).rounded()
            let x = box.minX + rng.double(-100, max(1, box.width)).rounded()
            let y = box.minY + rng.double(-100, max(1, box.height)).rounded()
            return Rect(x, y, w, h)
        }
        func maybe(_ oneIn: Int) -> Bool { rng.int(oneIn) == 0 }
        func values() -> [String: String] {
            maybe(5)
                ? Dictionary(uniqueKeysWithValues: (0...rng.int(2)).map { k in ("k\(k)", "v\(rng.int(100))") }) : [:]
        }
        func itemAttributes() -> FocusAttributes {
            var a = FocusAttributes(
                focusable: [FocusInteractions.automatic, .automatic, .automatic, .activate, .edit][rng.int(5)])
            if maybe(10) { a.focusable = nil }
            a.disabled = maybe(12)
            a.hidden = maybe(15)
            a.opaque = maybe(20)
            a.prefersDefaultFocus = maybe(6)
            if a.prefersDefaultFocus, maybe(2) { a.prefersDefaultFocusIn = ["a", "b", "c", "zz"][rng.int(4)] }
            if maybe(6) { a.consumesMoves = Set(Direction.allCases.filter { _ in maybe(2) }) }
            a.focusEffectDisabled = maybe(8)
            a.focusedValues = values()
            a.focusedSceneValues = values()
            return a
        }
        func containerAttributes() -> FocusAttributes {
            var a = FocusAttributes()
            a.isFocusSection = maybe(4)
            a.remembersLastFocus = maybe(3)
            a.scrolls = maybe(5)
            a.disabled = maybe(15)
            a.hidden = maybe(20)
            a.opaque = maybe(15)
            if maybe(4) { a.defaultFocus = "?" }  // filled in once every id exists
            a.defaultFocusPriority = maybe(2) ? .userInitiated : .automatic
            if maybe(4) { a.focusScope = ["a", "b", "c"][rng.int(3)] }
            a.focusedValues = values()
            a.focusedSceneValues = values()
            if maybe(6) { a.consumesMoves = [Direction.allCases[rng.int(4)]] }
            return a
        }
        func children(in box: Rect, depth: Int) -> [FocusNode] {
            (0..<1 + rng.int(depth == 0 ? 14 : 6)).map { _ in
                let f = frame(inside: box)
                switch rng.int(10) {
                case 0 where depth < 3, 1 where depth < 2:
                    let inner = f.insetBy(dx: -150, dy: -100)
                    return FocusNode(
                        id: newID("c"), role: .container, frame: inner, attributes: containerAttributes(),
                        children: children(in: inner, depth: depth + 1))
                case 2:
                    return FocusNode(
                        id: newID("g"), role: .guide, frame: f,
                        attributes: FocusAttributes(preferred: ["?"], guideEnabled: !maybe(4)))
                default:
                    return FocusNode(id: newID("i"), role: .item, frame: f, attributes: itemAttributes())
                }
            }
        }
        var screenAttributes = FocusAttributes()
        if maybe(4) { screenAttributes.defaultFocus = "?" }
        if maybe(5) { screenAttributes.focusScope = "a" }
        var screen = FocusNode(
            id: "screen", role: .layer, frame: Rect(0, 0, 1920, 1080), attributes: screenAttributes,
            children: children(in: Rect(0, 0, 1920, 1080), depth: 0))
        var sheet: FocusNode?
        if maybe(3) {
            let box = Rect(400, 200, 1100, 700)
            var a = FocusAttributes()
            a.restoresFocusAfterTransition = !maybe(3)
            sheet = FocusNode(
                id: "sheet", role: .layer, frame: box, attributes: a, children: children(in: box, depth: 1))
        }
        // References point anywhere: existing ids (guides and containers too, so chains and cycles
        // occur) and now and then an id that does not exist.
        let all = ids + ["screen", "missing"]
        func resolve(_ node: inout FocusNode) {
            if node.attributes.defaultFocus != nil { node.attributes.defaultFocus = all[rng.int(all.count)] }
            if node.role == .guide { node.attributes.preferred = (0..<rng.int(3)).map { _ in all[rng.int(all.count)] } }
            for k in node.children.indices { resolve(&node.children[k]) }
        }
        resolve(&screen)
        if var s = sheet {
            resolve(&s)
            sheet = s
        }
        self.screen = screen
        self.sheet = sheet
        self.ids = ids
    }

    /// The same screen without some of its items (a reload that removed them).
    func screenWithout(seed: UInt64) -> FocusNode {
        var rng = SplitMix(seed: seed &* 31 &+ 7)
        func prune(_ node: FocusNode) -> FocusNode {
            var n = node
            n.children = node.children.filter { $0.role != .item || rng.int(4) != 0 }.map(prune)
            return n
        }
        return prune(screen)
    }
}

/// Deterministic text for engine values (no Dictionary or Set order reaches it).
enum Canonical {
    static func update(_ u: FocusUpdate) -> String {
        let outcome: String
        switch u.outcome {
        case .moved(let via, let by): outcome = "moved \(via.rawValue) \(by ?? "-")"
        case .blocked(let why): outcome = "blocked(\(why)) - -"
        case .consumed(let by): outcome = "consumed(\(by)) - -"
        case .vetoed(let by): outcome = "vetoed(\(by)) - -"
        }
        return "\(u.heading) \(u.previous ?? "-") \(u.next ?? "-") \(outcome)"
    }

    static func pairs(_ d: [String: String]) -> String {
        d.keys.sorted().map { "\($0)=\(d[$0]!)" }.joined(separator: ",")
    }

    static func state(_ s: FocusSystem) -> String {
        let st = s.state
        let remembered = st.remembered.keys.sorted().map {
            "\($0):\(st.remembered[$0]!.id)@\(st.remembered[$0]!.frame)"
        }.joined(separator: ",")
        return
            "focused=\(st.focused ?? "-") remembered=[\(remembered)] restore=[\(pairs(st.restoreOnDismiss))] scene=[\(pairs(st.sceneValues))] values=[\(pairs(s.focusedValues))]"
    }

    /// 64-bit FNV-1a of the text's UTF-8 bytes, as 16 hex digits.
    static func digest(_ text: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in text.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
