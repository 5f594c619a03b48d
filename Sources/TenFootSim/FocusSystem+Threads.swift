import Dispatch
import FocusEngine
import Foundation

extension FocusSystem {
    /// ``FocusSystem/swipes(from:)`` spread over the machine's cores, the same result: the items are cut into runs
    /// in order, each run's swipes found on whichever thread is free, and the runs joined in order. Each swipe starts
    /// from a fresh state, so they do not depend on one another. On screens whose items overlap, every swipe looks
    /// at most of the screen (10,000 buttons a hundredth of a point apart took `audit` 28 s).
    public func swipesOnEveryCore(from items: [String]) -> Swipes {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        // Runs of at least 32 items, eight a core, so a thread that finishes early takes another.
        let runs = min(cores * 8, items.count / 32)
        guard cores > 1, runs > 1 else { return swipes(from: items) }
        let results = ThreadResults<Swipes>(count: runs)
        let system = self
        DispatchQueue.concurrentPerform(iterations: runs) { k in
            let run = Array(items[items.count * k / runs..<items.count * (k + 1) / runs])
            results[k] = system.swipes(from: run)
        }
        var all: Swipes = ([], [], [], [])
        for part in results.values {
            all.edges += part.edges
            all.fired.formUnion(part.fired)
            all.caught.formUnion(part.caught)
            all.cutShort += part.cutShort
        }
        return all
    }

    /// ``FocusSystem/audit(initial:swipes:)`` with its swipes found on every core.
    public func auditOnEveryCore(initial: String? = nil) -> FocusAudit {
        audit(initial: initial, swipes: swipesOnEveryCore)
    }
}

/// Results made on several threads, one slot each.
package final class ThreadResults<T>: @unchecked Sendable {
    private var slots: [T?]
    private let lock = NSLock()

    package init(count: Int) { slots = Array(repeating: nil, count: count) }

    package subscript(k: Int) -> T? {
        get { lock.withLock { slots[k] } }
        set { lock.withLock { slots[k] = newValue } }
    }

    /// Every slot's value, in order (each must have been filled).
    package var values: [T] { lock.withLock { slots.map { $0! } } }
}
