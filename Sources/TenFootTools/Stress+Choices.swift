import FocusEngine
import TenFootPresentation
import TenFootScene
import TenFootSim

/// SplitMix64 (Steele, Lea and Flood, 2014): the stress run's only source of choices.
struct SplitMix64: Sendable {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ n: Int) -> Int { n <= 1 ? 0 : Int(next() % UInt64(n)) }
}

/// Chooses each step from the seed and the simulator's state: mostly remote events, and data
/// actions aimed where focus bugs live (the focused item, its containers, just before it).
struct Chooser: Sendable {
    /// Items of the scene as loaded, in tree order: the templates inserts copy (so ids stay short and
    /// the scene keeps its size: an insert happens only where the container has lost children).
    let templates: [String]
    /// Each container's child count as loaded.
    let originalCounts: [String: Int]
    /// Containers whose children include items, in tree order, with those items: where inserts refill.
    let refillable: [(container: String, items: [String])]
    /// Nodes the run disabled or hid, to enable or show again.
    var switchedOff: [(id: String, hidden: Bool)] = []

    init(scene: Scene) {
        var items: [String] = []
        var counts: [String: Int] = [:]
        var refill: [(String, [String])] = []
        func walk(_ n: SceneNode) {
            if n.isFocusable, n.hasExplicitID { items.append(n.id) }
            if n.type.isContainer, counts[n.id] == nil {
                counts[n.id] = n.children.count
                let own = n.children.filter { $0.isFocusable && $0.hasExplicitID }.map(\.id)
                if !own.isEmpty { refill.append((n.id, own)) }
            }
            n.children.forEach(walk)
            n.tabs.forEach { walk($0.content) }
        }
        walk(scene.root)
        scene.sheets.forEach(walk)
        templates = items
        originalCounts = counts
        refillable = refill
    }

    static let remote: [RemoteEvent] = [
        .swipe(.up), .swipe(.down), .swipe(.left), .swipe(.right), .swipe(.up), .swipe(.down), .swipe(.left),
        .swipe(.right),
        .select, .playPause, .next, .previous, .pageDown, .pageUp,
    ]

    mutating func next(_ rng: inout SplitMix64, _ sim: Simulator) -> RemoteEvent {
        let roll = rng.int(100)
        if roll < 70 {
            // Menu only dismisses a sheet here (at the top level it would leave the app).
            if !sim.presentation.presented.isEmpty, rng.int(6) == 0 { return .menu }
            return Self.remote[rng.int(Self.remote.count)]
        }
        if let a = dataAction(&rng, sim) { return .data(a) }
        return Self.remote[rng.int(Self.remote.count)]
    }

    mutating func dataAction(_ rng: inout SplitMix64, _ sim: Simulator) -> DataAction? {
        if !switchedOff.isEmpty, rng.int(3) == 0 {
            let k = rng.int(switchedOff.count)
            let (id, hidden) = switchedOff.remove(at: k)
            return hidden ? .show(id) : .enable(id)
        }
        // Refill a container that lost children (always when focus is on nothing), so a long run
        // keeps its scene's size instead of emptying it.
        let shrunk = refillable.filter { r in
            (sim.index.nodes[r.container]?.children.count ?? Int.max) < originalCounts[r.container]!
        }
        if !shrunk.isEmpty, sim.focused == nil || rng.int(4) == 0 {
            let r = shrunk[rng.int(shrunk.count)]
            let count = sim.index.nodes[r.container]?.children.count ?? 0
            return .insert(template: r.items[rng.int(r.items.count)], into: r.container, at: rng.int(count + 1))
        }
        guard let f = sim.focused, let fpath = sim.path(of: f) else {
            // Nothing focused: bring something back.
            if let (id, hidden) = switchedOff.popLast() { return hidden ? .show(id) : .enable(id) }
            return nil
        }
        // The focused item and its containers, nearest first (not the screen or a sheet itself).
        var chain: [(id: String, path: Simulator.NodePath)] = [(f, fpath)]
        var p = fpath
        while let up = p.parent, up.parent != nil {
            if let n = sim.node(at: up) { chain.append((n.id, up)) }
            p = up
        }
        // The keyboard and the search's results are the system's: changes go to the scene's own containers.
        if KeyboardIDs.isSystem(f) || sim.ancestorIDs(of: fpath).contains(where: KeyboardIDs.isSystem) {
            let own = chain.filter { c in
                !KeyboardIDs.isSystem(c.id) && !sim.ancestorIDs(of: c.path).contains(where: KeyboardIDs.isSystem)
            }
            guard !own.isEmpty else { return nil }
            let (id, _) = own[rng.int(own.count)]
            switchedOff.append((id, rng.int(2) == 0))
            return switchedOff.last!.1 ? .hide(id) : .disable(id)
        }
        let parentPath = fpath.parent
        let parent = parentPath.flatMap { sim.node(at: $0) }
        let original = parent.flatMap { originalCounts[$0.id] } ?? 0
        switch rng.int(8) {
        case 0:
            // Remove the focused item; grow the container back first when it has shrunk.
            if let parent, parent.children.count < original, !templates.isEmpty {
                return .insert(
                    template: templates[rng.int(templates.count)], into: parent.id,
                    at: fpath.childIndex.map { rng.int($0 + 1) })
            }
            return .remove(f)
        case 1:
            let (id, _) = chain[rng.int(chain.count)]
            switchedOff.append((id, false))
            return .disable(id)
        case 2:
            let (id, _) = chain[rng.int(chain.count)]
            switchedOff.append((id, true))
            return .hide(id)
        case 3:
            guard chain.count > 1 else { return .remove(f) }
            let (id, _) = chain[1 + rng.int(chain.count - 1)]
            return .reload(id, late: rng.int(2) == 0)
        case 4:
            // Insert before focus (or anywhere in the focused item's container).
            guard let parent, !templates.isEmpty, parent.children.count <= original else { return .remove(f) }
            return .insert(
                template: templates[rng.int(templates.count)], into: parent.id,
                at: fpath.childIndex.map { rng.int($0 + 1) })
        case 5:
            guard let parent, parent.children.count > 1 else { return .remove(f) }
            return .move(f, to: rng.int(parent.children.count))
        case 6:
            // A diffing update that keeps the children in a new order, or drops the focused one.
            guard let parent, parent.children.count > 1 else { return .remove(f) }
            var ids = parent.children.map(\.id)
            if rng.int(2) == 0 { ids.removeAll { $0 == f } } else { ids.reverse() }
            return .replaceChildren(parent.id, with: ids)
        default:
            // A change elsewhere: remove a sibling.
            guard let parent, parent.children.count > 1 else { return .remove(f) }
            let sibling = parent.children[rng.int(parent.children.count)].id
            return sibling == f ? .remove(f) : .remove(sibling)
        }
    }
}
