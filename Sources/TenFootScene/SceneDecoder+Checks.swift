import FocusEngine
import Foundation
import TenFootCore

/// Checks across nodes: where a child may be placed, and derived ids that collide.
extension SceneDecoder {
    /// The rules for a decoded child `child` (index `k` in the file's array, with "frame" at `frame` in the
    /// file if it gives one) of a node of type `parent`: a tab bar only at the root, "frame" only in a canvas,
    /// where every child needs one.
    mutating func checkPlacement(
        of child: SceneNode, frame: SourceLocation?, _ k: Int, in type: NodeType, path: @autoclosure () -> String
    ) {
        if child.type == .tabBar {
            error(
                child.location, "\(path()).children[\(k)]",
                "a tabBar is system chrome: it must be the scene's \"root\" (put each tab's page in its \"content\")")
        }
        // Whether the child gives "frame" is read from the file: a frame that is there but
        // invalid has its own error, and is not also "missing"; on a type that takes no frame (a
        // spacer) it was reported as an unknown key, and is not also misplaced.
        if type != .canvas, child.type == .focusGuide { return }
        if let frame, NodeKey.allowedByType[child.type]! & NodeKey.frame.bit != 0 {
            if type != .canvas {
                error(
                    frame, "\(path()).children[\(k)].frame",
                    "\"frame\" is only allowed on children of a \"canvas\" (use width/height elsewhere)")
            }
        } else if type == .canvas, child.type != .spacer, !(child.type == .focusGuide && child.between != nil) {
            error(child.location, "\(path()).children[\(k)]", "children of a \"canvas\" need \"frame\": [x, y, w, h]")
        }
    }

    /// Ids given by place (`root/2/0`) must not collide with explicit ones.
    mutating func checkDerivedIDs(_ root: SceneNode, _ sheets: [SceneNode]) {
        var seen: [String: SourceLocation] = [:]
        func walk(_ n: SceneNode) {
            if !n.hasExplicitID {
                if let first = ids[n.id] {
                    error(
                        n.location, n.id,
                        "this node's derived id \(quoted(n.id)) is already the explicit id of the node at \(first.line):\(first.column); give one of them another id"
                    )
                }
                if let first = seen[n.id] {
                    error(
                        n.location, n.id, "derived id \(quoted(n.id)) repeats the node at \(first.line):\(first.column)"
                    )
                }
                seen[n.id] = n.location
            }
            n.children.forEach(walk)
            n.tabs.forEach { walk($0.content) }
        }
        walk(root)
        sheets.forEach(walk)
    }
}

/// A key as a JSON path shows it: cut after 40 characters, so a hostile key does not fill the line.
func pathComponent(_ key: String) -> String { key.count > 40 ? key.prefix(40) + "…" : key }

func lastKey(_ path: String) -> String {
    let tail = path.split(separator: ".").last.map(String.init) ?? path
    return tail.split(separator: "[").first.map(String.init) ?? tail
}
