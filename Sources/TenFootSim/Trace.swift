import FocusEngine
import TenFootCore
import TenFootScene

/// One entry of the event trace: what happened at which tick, and what focus did.
public struct TraceEntry: Sendable, Hashable {
    /// What made the entry.
    public enum Event: Sendable, Hashable, CustomStringConvertible {
        /// The simulator started (its initial focus).
        case start
        /// A remote event.
        case remote(RemoteEvent)
        /// A hot reload swapped the scene.
        case reload
        /// Laying the screen out after an event failed (the note says why).
        case relayout

        /// `start`, the remote event as scripts write it (`right`, `type "a"`), `reload`, `relayout`.
        public var description: String {
            switch self {
            case .start: "start"
            case .remote(let e): e.description
            case .reload: "reload"
            case .relayout: "relayout"
            }
        }
    }

    /// What else happened, besides the focus update.
    public enum Note: Sendable, Hashable, CustomStringConvertible {
        case editing(field: String)
        case stoppedEditing(field: String)
        case submitted(field: String)
        /// A key, typed text or a delete changed a field's text: `query = "Nor"`.
        case typed(field: String, text: String)
        case exitedHome
        case reloaded(file: String)
        case layoutFailed(String)
        /// A toggle flipped, a picker's value chosen: `autoplay = On`, `quality = 4K`.
        case valueChanged(id: String, value: String)
        /// A data action changed nothing (an unknown id, an index past the end, the node limit).
        case dataRefused(String)

        public var description: String {
            switch self {
            case .editing(let f): "edit \(f)"
            case .stoppedEditing(let f): "stop editing \(f)"
            case .submitted(let f): "submit \(f)"
            case .typed(let f, let text): "\(f) = \(JSON.quote(text))"
            case .exitedHome: "exit to Home"
            case .reloaded(let file): "reloaded \(file)"
            case .layoutFailed(let why): why
            case .valueChanged(let id, let value): "\(id) = \(value)"
            case .dataRefused(let why): "refused: " + why
            }
        }
    }

    public var tick: Tick
    public var event: Event
    public var update: FocusUpdate?
    public var note: Note?

    /// The remote event that made the entry, if one did.
    public var remoteEvent: RemoteEvent? {
        if case .remote(let e) = event { return e }
        return nil
    }
}

/// The simulator's event trace, oldest first. It keeps the last `limit` entries (the oldest are
/// dropped in batches), so a long session's memory stays flat; recordings that need every entry
/// raise the limit.
public struct Trace: Sendable, Hashable, RandomAccessCollection {
    public private(set) var entries: [TraceEntry] = []
    public var limit = 10_000
    /// Entries dropped from the front so far.
    public private(set) var dropped = 0

    public init() {}

    mutating func append(_ entry: TraceEntry) {
        entries.append(entry)
        if entries.count > limit + limit / 4 {
            // Drop in batches, so trimming costs O(1) per entry on average.
            let drop = entries.count - limit
            entries.removeFirst(drop)
            dropped += drop
        }
    }

    public var startIndex: Int { entries.startIndex }
    public var endIndex: Int { entries.endIndex }
    public subscript(position: Int) -> TraceEntry { entries[position] }
}

extension Simulator {
    mutating func record(_ event: TraceEntry.Event, _ update: FocusUpdate?, note: TraceEntry.Note? = nil) {
        session.trace.append(TraceEntry(tick: tick, event: event, update: update, note: note))
        if let update { navigation.lastUpdate = update }
    }
}
