import Dispatch
import Foundation

/// A cancellation flag shared by the recording loop, its writer thread and the Ctrl-C handler.
/// Cancelling runs the registered handlers once (kill ffmpeg, wake blocked threads).
/// `@unchecked Sendable`: every mutable field is used only under `lock`.
public final class Cancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    private var handlers: [Int: @Sendable () -> Void] = [:]
    private var nextKey = 0

    public init() {}

    public var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    public func cancel() {
        lock.lock()
        guard !cancelled else {
            lock.unlock()
            return
        }
        cancelled = true
        let run = handlers.sorted { $0.key < $1.key }.map(\.value)
        lock.unlock()
        for h in run { h() }
    }

    /// Runs `handler` on cancellation (at once if already cancelled); returns a key for `remove`.
    @discardableResult
    public func onCancel(_ handler: @escaping @Sendable () -> Void) -> Int {
        lock.lock()
        if cancelled {
            lock.unlock()
            handler()
            return -1
        }
        let key = nextKey
        nextKey += 1
        handlers[key] = handler
        lock.unlock()
        return key
    }

    public func remove(_ key: Int) {
        lock.lock()
        handlers[key] = nil
        lock.unlock()
    }
}

/// Ctrl-C (SIGINT), SIGTERM and SIGHUP (the terminal closed) for a recording: the signals are turned
/// into a cancellation through a Dispatch signal source (no C signal handler runs Swift code). If the
/// recording has not cleaned up and exited within `deadline`, the handler runs the emergency cleanup
/// itself and exits with 130, so an interrupt always finishes in under a second.
public enum Interrupts {
    /// Time allowed for the orderly path (stop rendering, kill ffmpeg, delete the temporary output).
    public static let deadline = 0.8
    /// The signals that interrupt: Ctrl-C, a polite kill, and the terminal going away; less any the
    /// process was started ignoring (`nohup` ignores SIGHUP, and it stays ignored).
    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP].filter { !ignoredAtStart($0) }

    /// True when `sig` is ignored (read before this process changes any disposition: `signals` is
    /// computed on first use, before anything is installed).
    static func ignoredAtStart(_ sig: Int32) -> Bool {
        var old = sigaction()
        guard sigaction(sig, nil, &old) == 0 else { return false }
        // SIG_IGN is the handler value 1.
        return unsafeBitCast(old.__sigaction_handler.sa_handler, to: Int.self) == 1
    }

    /// The sources stay alive for the process's lifetime.
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    /// Installs the handlers (call once, before recording). `emergency` runs only on the deadline.
    public static func install(_ cancellation: Cancellation, emergency: @escaping @Sendable () -> Void) {
        let queue = DispatchQueue(label: "tenfoot.interrupts")
        for sig in signals {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: queue)
            source.setEventHandler(handler: makeHandler(cancellation, queue: queue, emergency: emergency))
            source.resume()
            sources.append(source)
        }
    }

    /// Built in a nonisolated function so the closure carries no actor isolation: it runs on the
    /// signal queue, and an inferred main-actor closure would trap there (toolchain.md §4).
    private static func makeHandler(
        _ cancellation: Cancellation, queue: DispatchQueue,
        emergency: @escaping @Sendable () -> Void
    ) -> @Sendable () -> Void {
        return {
            cancellation.cancel()
            queue.asyncAfter(deadline: .now() + deadline) {
                emergency()
                FileHandle.standardError.write(Data("\ntenfoot: interrupted\n".utf8))
                _exit(130)
            }
        }
    }
}

extension Interrupts {
    /// For a loop that polls (the window): the signals set a flag the loop reads each frame, so it
    /// can finish in order (save the session, close the window). A second signal ends the process at
    /// once with 130, in case the loop is stuck.
    public static func watch() -> InterruptFlag {
        let flag = InterruptFlag()
        let queue = DispatchQueue(label: "tenfoot.interrupts.watch")
        for sig in signals {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: queue)
            source.setEventHandler(handler: makeFlagHandler(flag, signal: sig))
            source.resume()
            sources.append(source)
        }
        return flag
    }

    /// Nonisolated for the same reason as `makeHandler`.
    private static func makeFlagHandler(_ flag: InterruptFlag, signal sig: Int32) -> @Sendable () -> Void {
        return {
            if flag.received != nil { _exit(130) }
            flag.set(sig)
        }
    }
}

/// The signal a polling loop was asked to stop by, if any.
/// `@unchecked Sendable`: `signal` is used only under `lock`.
public final class InterruptFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var signal: Int32?

    public init() {}

    public var received: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return signal
    }
    func set(_ s: Int32) {
        lock.lock()
        if signal == nil { signal = s }
        lock.unlock()
    }
}
