/// What one press did to focus, in the contracts' words: how focus moved, or why it did not.
///
/// The one value every printer formats — `FocusUpdate`'s description, `explain`'s result, the
/// overlays' captions, `expect` blocks' `via`, `path --json` and recording traces — each through one
/// form: `description` (text), `kind` (the single word an `expect` block names) and `Codable` (the
/// JSON fields of a line: `{"via": "guide", "by": "g"}`, `{"blocked": "why"}`, `{"unchanged": true}`).
public enum Route: Sendable, Hashable {
    /// Focus moved to another item: how, and the section, guide or container that routed it.
    case moved(Via, by: String?)
    /// Focus stayed where it was: nothing happened to it, or it was already there.
    case unchanged
    /// Nothing focusable in the path, or the request cannot be honoured.
    case blocked(BlockReason)
    /// A move handler on the focused item (or an ancestor) took the move.
    case consumed(by: String)
    /// A `shouldUpdateFocus` hook refused the update.
    case vetoed(by: String)
    /// The press left the app for the Home screen (Home, or Menu at the top level). The engine never
    /// answers this; the simulator does, for the press that exits.
    case exitedHome

    /// The route of a press: its focus update's, or, for a press that made none, Home or nothing.
    public init(_ update: FocusUpdate?, exited: Bool = false) {
        guard let update else {
            self = exited ? .exitedHome : .unchanged
            return
        }
        self = update.route
    }
}

extension FocusUpdate {
    /// Where this update took focus, and how (an update that leaves focus where it was is `unchanged`).
    public var route: Route {
        switch outcome {
        case .moved(let via, let by): previous == next ? .unchanged : .moved(via, by: by)
        case .blocked(let why): .blocked(why)
        case .consumed(let by): .consumed(by: by)
        case .vetoed(let by): .vetoed(by: by)
        }
    }
}

// MARK: The text form

extension Route: CustomStringConvertible {
    /// `guide g`, `direct`, `unchanged`, `blocked: why`, `consumed by x`, `vetoed by x`, `exit to Home`.
    public var description: String {
        switch self {
        case .moved(let via, let by): by.map { "\(via.rawValue) \($0)" } ?? via.rawValue
        case .unchanged: "unchanged"
        case .blocked(let why): "blocked: \(why)"
        case .consumed(let by): "consumed by \(by)"
        case .vetoed(let by): "vetoed by \(by)"
        case .exitedHome: "exit to Home"
        }
    }
}

// MARK: The one-word form (`expect` blocks' `via`)

extension Route {
    /// A route without its details: what an `expect` block's `via` names.
    public enum Kind: Sendable, Hashable, CustomStringConvertible {
        case moved(Via)
        case unchanged, blocked, consumed, vetoed, exitedHome

        /// Every kind, in the order messages list them.
        public static let all: [Kind] =
            Via.allCases.map(Kind.moved) + [.blocked, .consumed, .vetoed, .unchanged, .exitedHome]

        public init?(word: String) {
            guard let kind = Kind.all.first(where: { $0.description == word }) else { return nil }
            self = kind
        }

        /// `direct`, `section`, … (how focus moved), or `blocked`, `consumed`, `vetoed`, `unchanged`, `home`.
        public var description: String {
            switch self {
            case .moved(let via): via.rawValue
            case .unchanged: "unchanged"
            case .blocked: "blocked"
            case .consumed: "consumed"
            case .vetoed: "vetoed"
            case .exitedHome: "home"
            }
        }
    }

    public var kind: Kind {
        switch self {
        case .moved(let via, _): .moved(via)
        case .unchanged: .unchanged
        case .blocked: .blocked
        case .consumed: .consumed
        case .vetoed: .vetoed
        case .exitedHome: .exitedHome
        }
    }
}

// MARK: The JSON form

extension Route: Codable {
    enum Field: String, CodingKey { case via, by, unchanged, blocked, consumed, vetoed, exit }

    /// The fields of a JSON line, in this order; a line (`path --json`, a trace) embeds them flat by
    /// calling this with its own encoder.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Field.self)
        switch self {
        case .moved(let via, let by):
            try c.encode(via.rawValue, forKey: .via)
            try c.encodeIfPresent(by, forKey: .by)
        case .unchanged: try c.encode(true, forKey: .unchanged)
        case .blocked(let why): try c.encode(why.description, forKey: .blocked)
        case .consumed(let by): try c.encode(by, forKey: .consumed)
        case .vetoed(let by): try c.encode(by, forKey: .vetoed)
        case .exitedHome: try c.encode("home", forKey: .exit)
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Field.self)
        if let via = try c.decodeIfPresent(Via.self, forKey: .via) {
            self = .moved(via, by: try c.decodeIfPresent(String.self, forKey: .by))
        } else if let why = try c.decodeIfPresent(String.self, forKey: .blocked) {
            self = .blocked(BlockReason(described: why))
        } else if let by = try c.decodeIfPresent(String.self, forKey: .consumed) {
            self = .consumed(by: by)
        } else if let by = try c.decodeIfPresent(String.self, forKey: .vetoed) {
            self = .vetoed(by: by)
        } else if try c.decodeIfPresent(String.self, forKey: .exit) == "home" {
            self = .exitedHome
        } else if try c.decodeIfPresent(Bool.self, forKey: .unchanged) == true {
            self = .unchanged
        } else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: c.codingPath,
                    debugDescription: "no route: expected via, blocked, consumed, vetoed, exit or unchanged"))
        }
    }
}
