import FocusEngine

/// The files a scene names — images (`image` on posters, cards, images and heroes, and the focused
/// values a hero's `imageValue` shows) and other scenes (`open` actions) — wherever they are written:
/// nodes, tab contents, sheets, and the nodes that `append` and `insert` actions add later. A repro bundle (`tenfoot
/// bundle`) carries them, and points them into
/// itself when it is replayed.
extension Scene {
    /// Every image path the scene names, sorted, each once.
    public var imagePaths: [String] {
        var out = Set<String>()
        let keys = imageValueKeys
        visitNodes { n in
            if let i = n.image { out.insert(i) }
            for k in keys {
                if let v = n.focusedValue[k] { out.insert(v) }
                if let v = n.focusedSceneValue[k] { out.insert(v) }
            }
        }
        return out.sorted()
    }

    /// The focused-value names heroes show as their backdrop (`imageValue`): those values are image paths.
    var imageValueKeys: Set<String> {
        var keys = Set<String>()
        visitNodes { if let k = $0.imageValue { keys.insert(k) } }
        return keys
    }

    /// Every file an `open` action names (as written: relative to this scene's folder, or absolute), sorted, each once.
    public var openedFiles: [String] {
        var out = Set<String>()
        visitNodes { n in
            for action in n.allActions { if case .open(let f) = action { out.insert(f) } }
        }
        return out.sorted()
    }

    /// The scenes `open` actions lead to from this one, followed through the scenes they open, each with the path it
    /// was reached by and the file as its `open` action names it, in the order found: at most `maxScenes` (this one counted), each file once however it is
    /// reached (by device and inode: a hundred links to one file are one scene), and no more once their files come to
    /// `maxBytes` together (a hundred links to a 3 MB scene took 54 s to screenshot, read a hundred times).
    /// `looksAtFiles` false: `loader` reads no file (a bundle's replay, which looks at nothing outside the bundle, not
    /// even to stat it), so each path is one scene and the loader bounds the bytes.
    public func reachableScenes(
        loader: SceneLoader, maxScenes: Int = 64, maxBytes: Int = 32 << 20, looksAtFiles: Bool = true
    ) -> [(path: String, named: String, scene: Scene)] {
        var out: [(path: String, named: String, scene: Scene)] = []
        var queue = [self]
        var seenPaths: Set<String> = [file]
        var seenFiles: Set<[UInt64]> = []
        if looksAtFiles, let stamp = FileStamp(path: file) { seenFiles.insert([stamp.device, stamp.inode]) }
        var bytes = 0
        var next = 0
        while next < queue.count, queue.count < maxScenes {
            let from = queue[next]
            next += 1
            for opened in from.openedFiles {
                let path = Scene.openedPath(opened, from: from.file)
                guard seenPaths.insert(path).inserted else { continue }
                if looksAtFiles, let stamp = FileStamp(path: path) {
                    guard seenFiles.insert([stamp.device, stamp.inode]).inserted else { continue }
                    guard bytes + Int(stamp.size) <= maxBytes else { continue }
                    bytes += Int(stamp.size)
                }
                guard case .success(let scene) = loader(path) else { continue }
                out.append((path, opened, scene))
                queue.append(scene)
                if queue.count == maxScenes { break }
            }
        }
        return out
    }

    /// Where an `open` action's file is: an absolute path as it is, a relative one from the folder of the scene
    /// file that names it (`from`).
    public static func openedPath(_ file: String, from scene: String) -> String {
        let base = scene.contains("/") ? String(scene[..<scene.lastIndex(of: "/")!]) : "."
        return file.hasPrefix("/") ? file : base + "/" + file
    }

    /// The scene with every image path replaced by `map` of it (nodes that actions append included).
    public func mappingImages(_ map: (String) -> String) -> Scene {
        var s = self
        let keys = imageValueKeys
        s.root = s.root.mappingImages(map, keys: keys)
        s.sheets = s.sheets.map { $0.mappingImages(map, keys: keys) }
        return s
    }

    /// Calls `body` on every node: the screen's, the tabs', the sheets', and those `append` actions add.
    func visitNodes(_ body: (SceneNode) -> Void) {
        func walk(_ n: SceneNode) {
            body(n)
            n.children.forEach(walk)
            n.tabs.forEach { walk($0.content) }
            for action in n.allActions {
                if case .append(let added, _) = action { walk(added) }
                if case .insert(let added, _, _) = action { walk(added) }
            }
        }
        walk(root)
        sheets.forEach(walk)
    }
}

extension SceneNode {
    /// The node's actions, every trigger's and every direction's `onMove` (in no particular order).
    var allActions: [Action] { actions.values.flatMap { $0 } + onMove.values.flatMap { $0 } }

    func mappingImages(_ map: (String) -> String, keys: Set<String>) -> SceneNode {
        var n = self
        if let image = n.image { n.image = map(image) }
        for k in keys {
            if let v = n.focusedValue[k] { n.focusedValue[k] = map(v) }
            if let v = n.focusedSceneValue[k] { n.focusedSceneValue[k] = map(v) }
        }
        if !n.children.isEmpty { n.children = n.children.map { $0.mappingImages(map, keys: keys) } }
        if !n.tabs.isEmpty {
            n.tabs = n.tabs.map {
                var t = $0
                t.content = t.content.mappingImages(map, keys: keys)
                return t
            }
        }
        func mapped(_ list: [Action]) -> [Action] {
            list.map { action in
                if case .append(let added, let container) = action {
                    return .append(added.mappingImages(map, keys: keys), to: container)
                }
                if case .insert(let added, let container, let index) = action {
                    return .insert(added.mappingImages(map, keys: keys), into: container, at: index)
                }
                return action
            }
        }
        if !n.actions.isEmpty { n.actions = n.actions.mapValues(mapped) }
        if !n.onMove.isEmpty { n.onMove = n.onMove.mapValues(mapped) }
        return n
    }
}
