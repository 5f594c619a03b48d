import FocusEngine
import TenFootScene

extension PlacedNode {
    /// This node or the first descendant (depth first, in order) with `id`.
    public func find(_ id: String) -> PlacedNode? {
        if self.id == id { return self }
        for child in children { if let hit = child.find(id) { return hit } }
        return nil
    }

    /// The layout frame of the node with `id` here or below.
    public func frame(of id: String) -> Rect? { find(id)?.frame }
}
