/// What the engine remembers between updates: the focused item, remembered focus per container,
/// the focus to restore when a layer goes away, and the scene values.
public struct FocusState: Sendable, Hashable, Codable {
    public var focused: String?
    /// `remembersLastFocus` containers: the item focused when focus last left, and where it was.
    public var remembered: [String: RememberedFocus] = [:]
    /// For each presented layer (by id), the item that was focused below it when it appeared.
    public var restoreOnDismiss: [String: String] = [:]
    /// `focusedSceneValue` publications still in force (kept while focus moves to items that publish nothing).
    public var sceneValues: [String: String] = [:]

    public init(focused: String? = nil) { self.focused = focused }
}

public struct RememberedFocus: Sendable, Hashable, Codable {
    public var id: String
    public var frame: Rect
}

/// The heading of a focus update (UIFocusHeading), or what else caused it.
public enum Heading: Sendable, Hashable, Codable, CustomStringConvertible {
    case move(Direction)
    case next, previous
    case initial, programmatic, reset, presented, dismissed, reloaded
    /// A data change took the focused item away (a system-generated update).
    case changed

    public var description: String {
        switch self {
        case .move(let d): d.rawValue
        case .next: "next"
        case .previous: "previous"
        case .initial: "initial"
        case .programmatic: "programmatic"
        case .reset: "reset"
        case .presented: "presented"
        case .dismissed: "dismissed"
        case .reloaded: "reloaded"
        case .changed: "changed"
        }
    }
}

/// How the next focused item was reached (the contracts' `via` vocabulary).
public enum Via: String, Sendable, Hashable, Codable, CaseIterable {
    case direct, section, guide, remembered, `default`, programmatic, restored, sequential, survivor
    /// A system-generated update after a data change (tvOS's rule), or the HIG's one-step recovery.
    case system, adjacent
}

/// The result of one focus update request: where focus went and how, or why it stayed. How is stored once, in
/// `outcome`; `route` reads it as every printer shows it.
public struct FocusUpdate: Sendable, Hashable, CustomStringConvertible {
    public enum Outcome: Sendable, Hashable {
        /// Focus went to `next`: how, and the section, guide or container that routed it.
        case moved(Via, by: String?)
        /// Nothing in the path, or the request cannot be honoured; focus stays.
        case blocked(BlockReason)
        /// A move handler on the focused item (or an ancestor) consumed the move.
        case consumed(by: String)
        /// A `shouldUpdateFocus` hook refused the update.
        case vetoed(by: String)
    }

    public var previous: String?
    public var next: String?
    public var heading: Heading
    public var outcome: Outcome

    public init(previous: String?, next: String?, heading: Heading, outcome: Outcome) {
        self.previous = previous
        self.next = next
        self.heading = heading
        self.outcome = outcome
    }

    /// An update that moved focus to `next`, `via` how, routed by `routedBy`.
    public init(previous: String?, next: String?, heading: Heading, via: Via, routedBy: String? = nil) {
        self.init(previous: previous, next: next, heading: heading, outcome: .moved(via, by: routedBy))
    }

    /// How focus moved (nil when it did not); setting it changes a move's, nothing else.
    public var via: Via? {
        get {
            if case .moved(let via, _) = outcome { return via }
            return nil
        }
        set {
            if let newValue, case .moved(_, let by) = outcome { outcome = .moved(newValue, by: by) }
        }
    }

    /// The section, guide or container that routed a move (nil otherwise); setting it changes a move's.
    public var routedBy: String? {
        get {
            if case .moved(_, let by) = outcome { return by }
            return nil
        }
        set {
            if case .moved(let via, _) = outcome { outcome = .moved(via, by: newValue) }
        }
    }

    public var moved: Bool {
        if case .moved = outcome { return previous != next }
        return false
    }

    /// One line: `right: a -> b (guide g)` or `right: a blocked: nothing focusable in the path`.
    public var description: String {
        let route = route
        if case .moved = route { return "\(heading): \(previous ?? "nothing") -> \(next ?? "nothing") (\(route))" }
        return "\(heading): \(previous ?? "nothing") \(route)"
    }
}
