// Building a FocusTree: the streaming builder and the errors a tree can fail with.

/// A tree that cannot be built.
public enum FocusTreeError: Error, Equatable, CustomStringConvertible {
    case duplicateID(String)
    case emptyID
    case notALayer(String)
    case nonFiniteFrame(String)

    public var description: String {
        switch self {
        case .duplicateID(let id): "duplicate id \"\(id)\""
        case .emptyID: "a node has an empty id"
        case .notALayer(let id): "\"\(id)\" is at the top of the tree but is not a layer"
        case .nonFiniteFrame(let id): "\"\(id)\" has a frame that is not finite or has a negative size"
        }
    }
}

/// Streams nodes into a ``FocusTree`` without building a nested value tree first.
public final class FocusTreeBuilder {
    private var ids: [String] = []
    private var frames: [Rect] = []
    private var roles: [FocusNode.Role] = []
    private var parents: [Int32] = []
    private var ends: [Int32] = []
    private var flags: [NodeFlags] = []
    private var detailNodes: [Int32] = []
    private var details: [NodeDetails] = []
    private var layerRoots: [Int] = []
    private var stack: [Int32] = []
    private var error: FocusTreeError?

    public init(capacity: Int) {
        ids.reserveCapacity(capacity); frames.reserveCapacity(capacity); roles.reserveCapacity(capacity)
        parents.reserveCapacity(capacity); ends.reserveCapacity(capacity); flags.reserveCapacity(capacity)
    }

    /// Opens a node; children added until the matching ``close()`` belong to it.
    public func open(id: String, role: FocusNode.Role, frame: Rect, attributes: FocusAttributes = .init()) {
        let i = Int32(ids.count)
        if stack.isEmpty {
            if role != .layer, error == nil { error = .notALayer(id) }
            layerRoots.append(Int(i))
        }
        if id.isEmpty, error == nil { error = .emptyID }
        if !(frame.x.isFinite && frame.y.isFinite && frame.width.isFinite && frame.height.isFinite)
            || frame.width < 0 || frame.height < 0, error == nil {
            error = .nonFiniteFrame(id)
        }
        ids.append(id); frames.append(frame); roles.append(role)
        parents.append(stack.last ?? -1); ends.append(i + 1)
        let f = NodeFlags(attributes)
        flags.append(f)
        if !f.isDisjoint(with: .anyDetail) { detailNodes.append(i); details.append(NodeDetails(attributes)) }
        stack.append(i)
    }

    public func close() {
        let i = Int(stack.removeLast())
        ends[i] = Int32(ids.count)
    }

    /// Adds a leaf item in one call.
    public func item(id: String, frame: Rect, attributes: FocusAttributes = .init(focusable: .automatic)) {
        open(id: id, role: .item, frame: frame, attributes: attributes); close()
    }

    /// Adds a value tree.
    public func add(_ node: FocusNode) {
        open(id: node.id, role: node.role, frame: node.frame, attributes: node.attributes)
        for child in node.children { add(child) }
        close()
    }

    public func build(options: FocusTree.Options = .init()) throws(FocusTreeError) -> FocusTree {
        precondition(stack.isEmpty, "FocusTreeBuilder.build with unclosed nodes")
        if let error { throw error }
        return FocusTree(
            options: options, ids: ids, frames: frames, roles: roles, parents: parents, ends: ends,
            flags: flags, detailNodes: detailNodes, details: details, index: try IDIndex(ids),
            layerRoots: layerRoots)
    }
}
