import FocusEngine

/// One entry of the event trace: what happened at which tick, and what focus did.
public struct TraceEntry: Sendable, Hashable {
    public var tick: Tick
    public var event: String
    public var update: FocusUpdate?
    public var note: String?
}

extension Simulator {
    mutating func record(_ event: String, _ update: FocusUpdate?, note: String? = nil) {
        trace.append(TraceEntry(tick: tick, event: event, update: update, note: note))
        if trace.count > traceLimit + traceLimit / 4 {
            // Drop in batches, so trimming costs O(1) per entry on average.
            let drop = trace.count - traceLimit
            trace.removeFirst(drop)
            droppedTraceEntries += drop
        }
        if let update { lastUpdate = update }
    }
}
