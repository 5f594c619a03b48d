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

extension Rect {
    /// Finite, with no negative size: what a node's frame must be (``FocusTreeError/nonFiniteFrame(_:)``).
    var isUsableFrame: Bool {
        x.isFinite && y.isFinite && width.isFinite && height.isFinite && width >= 0 && height >= 0
    }
}

/// Streams nodes into a ``FocusTree`` without building a nested value tree first.
public final class FocusTreeBuilder {
    /// Everything the builder gathers, in one stored property: each of a class's stored properties is
    /// checked for exclusive access at run time on every access, so one `open` touching eight of them paid
    /// for eight checks (half of building a large tree); the struct is mutated under one.
    private struct Parts {
        var ids: [String] = []
        var frames: [Rect] = []
        var roles: [FocusNode.Role] = []
        var parents: [Int32] = []
        var ends: [Int32] = []
        var flags: [NodeFlags] = []
        var detailNodes: [Int32] = []
        var details: [NodeDetails] = []
        var layerRoots: [Int] = []
        var stack: [Int32] = []
        /// The first error `open` met, and the node it is about.
        var error: (node: Int32, error: FocusTreeError)?

        mutating func open(id: String, role: FocusNode.Role, frame: Rect, attributes: FocusAttributes) {
            let i = Int32(ids.count)
            if stack.isEmpty {
                if role != .layer, error == nil { error = (i, .notALayer(id)) }
                layerRoots.append(Int(i))
            }
            if id.isEmpty, error == nil { error = (i, .emptyID) }
            ids.append(id)
            frames.append(frame)
            roles.append(role)
            parents.append(stack.last ?? -1)
            ends.append(i + 1)
            let f = NodeFlags(attributes)
            flags.append(f)
            if !f.isDisjoint(with: .anyDetail) {
                detailNodes.append(i)
                details.append(NodeDetails(attributes))
            }
            stack.append(i)
        }

        mutating func close() {
            let i = Int(stack.removeLast())
            ends[i] = Int32(ids.count)
        }
    }

    private var parts = Parts()

    public init(capacity: Int) {
        parts.ids.reserveCapacity(capacity)
        parts.frames.reserveCapacity(capacity)
        parts.roles.reserveCapacity(capacity)
        parts.parents.reserveCapacity(capacity)
        parts.ends.reserveCapacity(capacity)
        parts.flags.reserveCapacity(capacity)
    }

    /// Opens a node; children added until the matching ``close()`` belong to it.
    public func open(id: String, role: FocusNode.Role, frame: Rect, attributes: FocusAttributes = .init()) {
        parts.open(id: id, role: role, frame: frame, attributes: attributes)
    }

    public func close() { parts.close() }

    /// The nodes opened so far: the next one's index in tree order.
    public var count: Int { parts.ids.count }

    /// Sets the frame of a node opened before (by its index in tree order): a frame known only once
    /// later nodes are placed (a guide between two of them). Frames are checked when the tree is built.
    public func setFrame(_ frame: Rect, at index: Int) { parts.frames[index] = frame }

    /// Adds a leaf item in one call.
    public func item(id: String, frame: Rect, attributes: FocusAttributes = .init(focusable: .automatic)) {
        open(id: id, role: .item, frame: frame, attributes: attributes)
        close()
    }

    /// Adds a value tree.
    public func add(_ node: FocusNode) {
        open(id: node.id, role: node.role, frame: node.frame, attributes: node.attributes)
        for child in node.children { add(child) }
        close()
    }

    public func build(options: FocusTree.Options = .init()) throws(FocusTreeError) -> FocusTree {
        let p = parts
        precondition(p.stack.isEmpty, "FocusTreeBuilder.build with unclosed nodes")
        // The first error in tree order; on one node, what `open` met comes first (as it checked it first).
        if let bad = p.frames.firstIndex(where: { !$0.isUsableFrame }), p.error.map({ Int($0.node) > bad }) ?? true {
            throw .nonFiniteFrame(p.ids[bad])
        }
        if let error = p.error { throw error.error }
        return FocusTree(
            options: options, ids: p.ids, frames: p.frames, roles: p.roles, parents: p.parents, ends: p.ends,
            flags: p.flags, detailNodes: p.detailNodes, details: p.details, index: try IDIndex(p.ids),
            layerRoots: p.layerRoots)
    }
}
