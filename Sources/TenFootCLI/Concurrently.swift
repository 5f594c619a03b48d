import Foundation

/// A value made on a thread of its own while the caller goes on with other work; ``value`` waits for it. For work
/// that shares nothing mutable with what the caller does meanwhile (on a screen at the node limit, `audit` draws
/// the screen for its contrast check while it finds the focus graph: seconds each, on two cores).
final class Concurrently<T>: @unchecked Sendable {
    // Unchecked: `result` is written once, by the thread, before `done` is signalled, and read only after it.
    private var result: T?
    private let done = DispatchSemaphore(value: 0)

    /// The stack of the thread: what the main thread has (work that recurses over a scene's 64 levels of nesting
    /// runs there too).
    static var stackSize: Int { 8 << 20 }

    init(_ make: @escaping () -> T) {
        nonisolated(unsafe) let make = make
        let thread = Thread { [self] in
            result = make()
            done.signal()
        }
        thread.stackSize = Self.stackSize
        thread.start()
    }

    /// The value, once made (the calling thread waits until then).
    var value: T {
        done.wait()
        defer { done.signal() }
        return result!
    }
}
