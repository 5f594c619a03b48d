import TenFootScene

/// Lookups the simulator needs on every event, built once per scene version (walking the whole view
/// tree per event would cost milliseconds on a large catalogue).
package struct SceneIndex: Sendable {
    package var nodes: [String: SceneNode] = [:]
    /// Items with a FocusState binding, in tree order.
    package var bound: [(id: String, binding: Condition)] = []
    /// Tab bars: (bar id, tab ids) in tree order.
    package var tabBars: [(bar: String, tabs: [String])] = []
    /// The tab whose content holds each node (only nodes inside tab contents).
    package var tabOfNode: [String: (bar: String, tab: String)] = [:]
    /// Containers with `onReachEnd`, in tree order.
    package var reachEnd: [String] = []
    /// The scene's search (the decoder allows one).
    package var search: String?
    /// What a pass over the screen costs, in nodes (``weight(of:)``).
    package var weight = 0

    /// What a pass over `scene`'s nodes costs, in nodes: a node with a title or subtitle counts twice (measuring and
    /// shaping its text doubles what laying it out costs: a data action on 3,000 buttons took 24 ms, on 90,000 plain
    /// posters 230 ms), and as much again for each stack around it (each stack measures its children again: a data
    /// action on 87,000 nodes in stacks eight deep took 3.5 s, on 90,000 buttons in a grid 0.37 s).
    package static func weight(of scene: Scene) -> Int {
        func walk(_ n: SceneNode, stacks: Int) -> Int {
            var total = (n.title != nil || n.subtitle != nil ? 2 : 1) * (1 + stacks)
            let inner = stacks + (n.type == .vstack || n.type == .hstack || n.type == .zstack ? 1 : 0)
            if let a = n.accessory { total += walk(a, stacks: inner) }
            for c in n.children { total += walk(c, stacks: inner) }
            for t in n.tabs { total += walk(t.content, stacks: inner) }
            return total
        }
        return scene.sheets.reduce(walk(scene.root, stacks: 0)) { $0 + walk($1, stacks: 0) }
    }

    package init(_ scene: Scene) {
        let all = scene.allNodes
        nodes.reserveCapacity(all.count)
        weight = Self.weight(of: scene)
        for n in all {
            // The first node of an id wins (one hash: a repeat puts it back).
            if let first = nodes.updateValue(n, forKey: n.id) { nodes[n.id] = first }
            // A segmented picker's segments are items layout makes: found like nodes.
            for s in n.segments where nodes[s.id] == nil { nodes[s.id] = s }
            if let c = n.focused { bound.append((n.id, c)) }
            if n.onReachEnd != nil { reachEnd.append(n.id) }
            if n.type == .search, search == nil { search = n.id }
            if n.type == .tabBar {
                tabBars.append((n.id, n.tabs.map(\.id)))
                for tab in n.tabs {
                    var stack = [tab.content]
                    while let x = stack.popLast() {
                        tabOfNode[x.id] = (n.id, tab.id)
                        stack += x.children
                    }
                }
            }
        }
    }
}
