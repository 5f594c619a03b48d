import FocusEngine
import Foundation
import TenFootScene

/// Where nodes sit in the scene, found and changed by their place (what data actions and the stress runs use).
extension Simulator {
    /// Where a node sits: the root or a sheet, then child or tab-content steps.
    package struct NodePath: Sendable, Hashable {
        enum Step: Sendable, Hashable {
            case child(Int)
            case tab(Int)
        }
        var sheet: Int?
        var steps: [Step]
        package var parent: NodePath? { steps.isEmpty ? nil : NodePath(sheet: sheet, steps: Array(steps.dropLast())) }
        /// The index among its parent's children (nil for a root, a sheet or a tab's content).
        package var childIndex: Int? { if case .child(let k)? = steps.last { k } else { nil } }
        package func isPrefix(of other: NodePath) -> Bool { sheet == other.sheet && other.steps.starts(with: steps) }
    }

    // MARK: Finding and changing nodes

    package func path(of id: String) -> NodePath? {
        var steps: [NodePath.Step] = []
        func find(_ n: SceneNode) -> Bool {
            if n.id == id { return true }
            for (k, c) in n.children.enumerated() {
                steps.append(.child(k))
                if find(c) { return true }
                steps.removeLast()
            }
            for (k, t) in n.tabs.enumerated() {
                steps.append(.tab(k))
                if find(t.content) { return true }
                steps.removeLast()
            }
            return false
        }
        if find(scene.root) { return NodePath(sheet: nil, steps: steps) }
        for (k, s) in scene.sheets.enumerated() where find(s) { return NodePath(sheet: k, steps: steps) }
        return nil
    }

    package func node(at path: NodePath) -> SceneNode? {
        var n = path.sheet.map { scene.sheets.indices.contains($0) ? scene.sheets[$0] : nil } ?? scene.root
        for step in path.steps {
            guard let m = n else { return nil }
            switch step {
            case .child(let k): n = m.children.indices.contains(k) ? m.children[k] : nil
            case .tab(let k): n = m.tabs.indices.contains(k) ? m.tabs[k].content : nil
            }
        }
        return n
    }

    /// The ids along `path`, from the top down, excluding the node itself.
    package func ancestorIDs(of path: NodePath) -> [String] {
        var out: [String] = []
        var p = path
        while let up = p.parent {
            if let n = node(at: up) { out.append(n.id) }
            p = up
        }
        return out.reversed()
    }

    /// Changes the node at `path` in place (the scene is set once, so it is laid out once).
    mutating func modify(_ path: NodePath, _ body: (inout SceneNode) -> Void) {
        func descend(_ n: inout SceneNode, _ steps: ArraySlice<NodePath.Step>) {
            guard let step = steps.first else {
                body(&n)
                return
            }
            switch step {
            case .child(let k): descend(&n.children[k], steps.dropFirst())
            case .tab(let k): descend(&n.tabs[k].content, steps.dropFirst())
            }
        }
        if let k = path.sheet {
            descend(&scene.sheets[k], path.steps[...])
        } else {
            descend(&scene.root, path.steps[...])
        }
    }

    /// A collection in UIKit's sense (a shelf, a grid, a scrolling list): removing a cell moves focus
    /// to the cell that takes its index (S6), not to the collection's first item.
    func isCollection(_ n: SceneNode, parent: SceneNode?) -> Bool {
        switch n.type {
        case .shelf, .grid, .scroll: true
        case .vstack, .hstack: parent?.type == .scroll
        default: false
        }
    }

    /// The one-step directions of `adjacent` recovery, in the container's axis order (research note §2).
    func stepDirections(_ container: SceneNode?) -> [Direction] {
        switch container?.type {
        case .hstack?, .shelf?: [.right, .left, .down, .up]
        case .vstack?, .scroll?: [.down, .up, .right, .left]
        default: [.right, .down, .left, .up]
        }
    }

    /// The recovery in force for a node at `path`: the nearest container's `focusRecovery`, else the scene's.
    func recovery(at path: NodePath) -> FocusRecovery {
        var p: NodePath? = path
        while let q = p {
            if let r = node(at: q)?.focusRecovery { return r }
            p = q.parent
        }
        return scene.focusRecovery
    }
}
