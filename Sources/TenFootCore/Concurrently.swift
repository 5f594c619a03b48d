import Foundation

/// A value made on a thread of its own while the caller goes on with other work; ``value`` waits for it. For work
/// that shares nothing mutable with what the caller does meanwhile (on a screen at the node limit, `audit` draws
/// the screen for its contrast check while it finds the focus graph: seconds each, on two cores).
public final class Concurrently<T>: @unchecked Sendable {
    // Unchecked: `result` is written once, by the thread, before `done` is signalled, and read only after it.
    private var result: T?
    private let done = DispatchSemaphore(value: 0)

    /// The stack of the thread: what the main thread has (work that recurses over a scene's 64 levels of nesting
    /// runs there too).
    static var stackSize: Int { 8 << 20 }

    /// `yielding`: how much lower than the caller's the thread's scheduling priority is (Linux nice, 0 to 19; the
    /// thread's own, so the caller and the processes it starts keep theirs).
    public init(yielding: Int32 = 0, _ make: @escaping () -> T) {
        nonisolated(unsafe) let make = make
        let thread = Thread { [self] in
            if yielding > 0 { Concurrently.lowerThisThread(by: yielding) }
            result = make()
            done.signal()
        }
        thread.stackSize = Self.stackSize
        thread.start()
    }

    /// The value, once made (the calling thread waits until then).
    public var value: T {
        done.wait()
        defer { done.signal() }
        return result!
    }

    /// Lowers the calling thread's priority by `steps` of nice, to 19 at most. On Linux `setpriority` with `who` 0
    /// sets the calling thread's nice alone; raising it needs no privilege, lowering it back does.
    /// Elsewhere it would lower the whole process, so it does nothing there.
    static func lowerThisThread(by steps: Int32) {
        #if os(Linux)
            let which = __priority_which_t(PRIO_PROCESS.rawValue)
            errno = 0
            let now = getpriority(which, 0)
            guard errno == 0 else { return }
            _ = setpriority(which, 0, min(19, now + steps))
        #endif
    }
}
