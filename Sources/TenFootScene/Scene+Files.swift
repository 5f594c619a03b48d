import FocusEngine

/// The files a scene names — images (`image` on posters, cards, images and heroes) and other scenes
/// (`open` actions) — wherever they are written: nodes, tab contents, sheets, and the nodes that
/// `append` actions add later. A repro bundle (`tenfoot bundle`) carries them, and points them into
/// itself when it is replayed.
extension Scene {
    /// Every image path the scene names, sorted, each once.
    public var imagePaths: [String] {
        var out = Set<String>()
        visitNodes { if let i = $0.image { out.insert(i) } }
        return out.sorted()
    }

    /// Every file an `open` action names (as written: relative to this scene's folder, or absolute), sorted, each once.
    public var openedFiles: [String] {
        var out = Set<String>()
        visitNodes { n in
            for action in n.allActions { if case .open(let f) = action { out.insert(f) } }
        }
        return out.sorted()
    }

    /// The scene with every image path replaced by `map` of it (nodes that actions append included).
    public func mappingImages(_ map: (String) -> String) -> Scene {
        var s = self
        s.root = s.root.mappingImages(map)
        s.sheets = s.sheets.map { $0.mappingImages(map) }
        return s
    }

    /// Calls `body` on every node: the screen's, the tabs', the sheets', and those `append` actions add.
    func visitNodes(_ body: (SceneNode) -> Void) {
        func walk(_ n: SceneNode) {
            body(n)
            n.children.forEach(walk)
            n.tabs.forEach { walk($0.content) }
            for action in n.allActions { if case .append(let added, _) = action { walk(added) } }
        }
        walk(root)
        sheets.forEach(walk)
    }
}

extension SceneNode {
    /// The node's actions, every trigger's and every direction's `onMove` (in no particular order).
    var allActions: [Action] { actions.values.flatMap { $0 } + onMove.values.flatMap { $0 } }

    func mappingImages(_ map: (String) -> String) -> SceneNode {
        var n = self
        n.image = n.image.map(map)
        n.children = n.children.map { $0.mappingImages(map) }
        n.tabs = n.tabs.map { var t = $0; t.content = t.content.mappingImages(map); return t }
        func mapped(_ list: [Action]) -> [Action] {
            list.map { action in
                if case .append(let added, let container) = action { return .append(added.mappingImages(map), to: container) }
                return action
            }
        }
        n.actions = n.actions.mapValues(mapped)
        n.onMove = n.onMove.mapValues(mapped)
        return n
    }
}
