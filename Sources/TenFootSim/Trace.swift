import FocusEngine

/// One entry of the event trace: what happened at which tick, and what focus did.
public struct TraceEntry: Sendable, Hashable {
    public var tick: Tick
    public var event: String
    public var update: FocusUpdate?
    public var note: String?
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
    mutating func record(_ event: String, _ update: FocusUpdate?, note: String? = nil) {
        session.trace.append(TraceEntry(tick: tick, event: event, update: update, note: note))
        if let update { lastUpdate = update }
    }
}
