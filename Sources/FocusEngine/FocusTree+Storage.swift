// The compact per-node storage behind FocusTree: flag bits, covers, the rare modifiers, the id index.

/// The focus modifiers of one node that fit in bits (``FocusAttributes``' flags, its interactions and
/// the directions it consumes), which of its rare modifiers it sets, and whether it can take focus.
struct NodeFlags: OptionSet, Sendable, Hashable {
    let rawValue: UInt32

    // Bits 0–1: the interactions (0 none, then activate, edit, automatic).
    static let disabled = NodeFlags(rawValue: 1 << 2)
    static let hidden = NodeFlags(rawValue: 1 << 3)
    static let focusSection = NodeFlags(rawValue: 1 << 4)
    static let remembersLastFocus = NodeFlags(rawValue: 1 << 5)
    /// `defaultFocusPriority == .userInitiated`.
    static let userInitiatedDefault = NodeFlags(rawValue: 1 << 6)
    static let prefersDefaultFocus = NodeFlags(rawValue: 1 << 7)
    /// `guideEnabled == false`.
    static let guideDisabled = NodeFlags(rawValue: 1 << 8)
    static let opaque = NodeFlags(rawValue: 1 << 9)
    /// Scrolls left and right (`ScrollAxes.horizontal`); up and down is bit 29.
    static let scrollsHorizontally = NodeFlags(rawValue: 1 << 10)
    static let focusEffectDisabled = NodeFlags(rawValue: 1 << 11)
    /// `restoresFocusAfterTransition == false`.
    static let keepsFocusAfterTransition = NodeFlags(rawValue: 1 << 12)
    // Bits 13–16: `consumesMoves`, one per direction.
    // Which rare modifiers the node sets (they live in `FocusTree.details`).
    static let hasDefaultFocus = NodeFlags(rawValue: 1 << 17)
    static let hasFocusScope = NodeFlags(rawValue: 1 << 18)
    static let hasPrefersDefaultFocusIn = NodeFlags(rawValue: 1 << 19)
    static let hasPreferred = NodeFlags(rawValue: 1 << 20)
    static let publishesValues = NodeFlags(rawValue: 1 << 21)
    static let publishesSceneValues = NodeFlags(rawValue: 1 << 22)
    /// An item that can take focus now (no ``FocusabilityIssue``): worked out once per snapshot.
    static let eligible = NodeFlags(rawValue: 1 << 23)
    // What the node's ancestors set, worked out once per snapshot, so a move looks up the tree only
    // when something there can matter.
    /// The node or an ancestor consumes some direction.
    static let lineageConsumes = NodeFlags(rawValue: 1 << 24)
    /// An ancestor remembers the last focused item.
    static let ancestorRemembers = NodeFlags(rawValue: 1 << 25)
    /// An ancestor is a container that can redirect focus entering it (``redirectsOnEntry``).
    static let ancestorRedirects = NodeFlags(rawValue: 1 << 26)
    /// The node or an ancestor publishes focused values.
    static let lineagePublishesValues = NodeFlags(rawValue: 1 << 27)
    /// The node or an ancestor publishes scene values.
    static let lineagePublishesSceneValues = NodeFlags(rawValue: 1 << 28)
    /// Scrolls up and down (`ScrollAxes.vertical`).
    static let scrollsVertically = NodeFlags(rawValue: 1 << 29)
    /// What shows of this node now is not its whole frame: a scrolling container's bounds or the
    /// screen clip it, or an opaque node drawn above covers part of it. Worked out once per snapshot;
    /// a node without it takes part in every search by its whole frame.
    static let partlyHidden = NodeFlags(rawValue: 1 << 30)
    /// An ancestor is a scrolling container.
    static let ancestorScrolls = NodeFlags(rawValue: 1 << 31)
    static let anyConsumes = NodeFlags(rawValue: 0b1111 << 13)
    static let anyScroll: NodeFlags = [.scrollsHorizontally, .scrollsVertically]

    static let anyDetail: NodeFlags = [
        .hasDefaultFocus, .hasFocusScope, .hasPrefersDefaultFocusIn, .hasPreferred, .publishesValues,
        .publishesSceneValues,
    ]
    /// What makes a container redirect focus entering it after a user move.
    static let redirectsOnEntry: NodeFlags = [.userInitiatedDefault, .remembersLastFocus]

    init(rawValue: UInt32) { self.rawValue = rawValue }

    static func consumes(_ direction: Direction) -> NodeFlags {
        switch direction {
        case .up: NodeFlags(rawValue: 1 << 13)
        case .down: NodeFlags(rawValue: 1 << 14)
        case .left: NodeFlags(rawValue: 1 << 15)
        case .right: NodeFlags(rawValue: 1 << 16)
        }
    }

    init(_ a: FocusAttributes) {
        var raw: UInt32
        switch a.focusable {
        case nil: raw = 0
        case .activate?: raw = 1
        case .edit?: raw = 2
        case .automatic?: raw = 3
        }
        var f = NodeFlags(rawValue: raw)
        if a.disabled { f.insert(.disabled) }
        if a.hidden { f.insert(.hidden) }
        if a.isFocusSection { f.insert(.focusSection) }
        if a.remembersLastFocus { f.insert(.remembersLastFocus) }
        if a.defaultFocusPriority == .userInitiated { f.insert(.userInitiatedDefault) }
        if a.prefersDefaultFocus { f.insert(.prefersDefaultFocus) }
        if !a.guideEnabled { f.insert(.guideDisabled) }
        if a.opaque { f.insert(.opaque) }
        if a.scrollAxes.contains(.horizontal) { f.insert(.scrollsHorizontally) }
        if a.scrollAxes.contains(.vertical) { f.insert(.scrollsVertically) }
        if a.focusEffectDisabled { f.insert(.focusEffectDisabled) }
        if !a.restoresFocusAfterTransition { f.insert(.keepsFocusAfterTransition) }
        for d in a.consumesMoves { f.insert(.consumes(d)) }
        if a.defaultFocus != nil { f.insert(.hasDefaultFocus) }
        if a.focusScope != nil { f.insert(.hasFocusScope) }
        if a.prefersDefaultFocusIn != nil { f.insert(.hasPrefersDefaultFocusIn) }
        if !a.preferred.isEmpty { f.insert(.hasPreferred) }
        if !a.focusedValues.isEmpty { f.insert(.publishesValues) }
        if !a.focusedSceneValues.isEmpty { f.insert(.publishesSceneValues) }
        self = f
    }

    var interactions: FocusInteractions? {
        switch rawValue & 3 {
        case 1: .activate
        case 2: .edit
        case 3: .automatic
        default: nil
        }
    }

    var consumedMoves: Set<Direction> { Set(Direction.allCases.filter { contains(.consumes($0)) }) }

    var scrollAxes: ScrollAxes {
        var axes: ScrollAxes = []
        if contains(.scrollsHorizontally) { axes.insert(.horizontal) }
        if contains(.scrollsVertically) { axes.insert(.vertical) }
        return axes
    }

    @inline(__always) func intersects(_ other: NodeFlags) -> Bool { !isDisjoint(with: other) }
}

/// Part of an item's frame that an opaque node drawn above it covers.
struct Cover: Sendable, Hashable {
    var rect: Rect
    /// The opaque node.
    var by: Int32
}

/// What opaque nodes drawn above cover of the items they overlap, in flat arrays: a cover is the position of its
/// opaque node, four bytes, its rectangle worked out when asked for. 50,000 buttons under 64 covers each held
/// 128 MB of rectangles in each focus tree.
struct CoverTable: Sendable, Equatable {
    /// The covered items, ascending.
    var items: [Int32] = []
    /// Where each covered item's covers start in `opaque`, then where the last ends.
    var starts: [Int32] = [0]
    /// The covers of each item in turn, each the position of its opaque node in `opaqueNodes`, in tree order.
    var opaque: [Int32] = []
    /// The opaque nodes that show something, in tree order, and what of each shows.
    var opaqueNodes: [Int32] = []
    var opaqueShows: [Rect] = []

    /// The covers of the covered item at `position` in `items`, whose frame is `frame`.
    func covers(at position: Int, over frame: Rect) -> [Cover] {
        opaque[Int(starts[position])..<Int(starts[position + 1])].map { k in
            Cover(rect: frame.intersection(opaqueShows[Int(k)]) ?? frame, by: opaqueNodes[Int(k)])
        }
    }
}

/// The focus modifiers few nodes set: stored apart, only for those nodes.
struct NodeDetails: Sendable, Equatable {
    var defaultFocus: String?
    var focusScope: String?
    var prefersDefaultFocusIn: String?
    var preferred: [String]
    var focusedValues: [String: String]
    var focusedSceneValues: [String: String]

    init(_ a: FocusAttributes) {
        defaultFocus = a.defaultFocus
        focusScope = a.focusScope
        prefersDefaultFocusIn = a.prefersDefaultFocusIn
        preferred = a.preferred
        focusedValues = a.focusedValues
        focusedSceneValues = a.focusedSceneValues
    }
}

/// Node indices by id: open addressing (linear probing) over a power-of-two table at most half full
/// that holds only node indices, the ids themselves staying in the tree's `ids`. Eight to sixteen
/// bytes a node, where a `[String: Int32]` took about forty. Nothing iterates it, so the per-process
/// seed of `hashValue` never shows.
struct IDIndex: Sendable {
    private let slots: [Int32]
    private let mask: Int

    /// Fails on the first id, in tree order, that repeats an earlier one.
    init(_ ids: [String]) throws(FocusTreeError) {
        var capacity = 8
        while capacity < 2 * ids.count { capacity *= 2 }
        let mask = capacity - 1
        var slots = [Int32](repeating: -1, count: capacity)
        for (i, id) in ids.enumerated() {
            var s = id.hashValue & mask
            while slots[s] >= 0 {
                if ids[Int(slots[s])] == id { throw .duplicateID(id) }
                s = (s + 1) & mask
            }
            slots[s] = Int32(i)
        }
        self.slots = slots
        self.mask = mask
    }

    func find(_ id: String, in ids: [String]) -> Int? {
        var s = id.hashValue & mask
        while slots[s] >= 0 {
            let k = Int(slots[s])
            if ids[k] == id { return k }
            s = (s + 1) & mask
        }
        return nil
    }
}
