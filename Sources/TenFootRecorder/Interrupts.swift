import Dispatch
import Foundation
import TenFootCore

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
    /// Time allowed for the orderly path (stop rendering, kill ffmpeg, delete the temporary output): well inside
    /// the promised 0.8 s, since on a loaded machine the emergency exit itself comes late (0.7 s stopped `bundle` in
    /// up to 1.09 s at a load of 4 on two cores).
    public static let deadline = 0.5

    /// Says "tenfoot: interrupted" on standard error, once however many paths stop the process (the orderly stop and
    /// the emergency exit each said it, twice for one signal). `leadingNewline`: after a progress line.
    public static func sayInterrupted(leadingNewline: Bool = false) {
        // Written under the lock: the emergency exit, finding it said, must not end the process before it is written
        // (a signal now and then ended with exit 130 and nothing said).
        lock.lock()
        defer { lock.unlock() }
        guard !said else { return }
        said = true
        ErrorStream.write((leadingNewline ? "\n" : "") + "tenfoot: interrupted\n")
    }
    nonisolated(unsafe) private static var said = false
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

    /// Whether one of ``signals`` has come and not yet been taken: they are blocked, and libdispatch takes them on a
    /// thread of its own, a moment later.
    private static var signalWaiting: Bool {
        var set = sigset_t()
        guard sigpending(&set) == 0 else { return false }
        return signals.contains { sigismember(&set, $0) == 1 }
    }

    /// Whether a signal has come: waiting to be taken, or taken by libdispatch and handed to the handler, which is let
    /// run first (a signal taken a moment before a commit reached the cancellation only after it, and the command
    /// exited 0 with its outputs in place). For a step that must not begin once a signal has come.
    public static func signalCame(_ cancellation: Cancellation) -> Bool {
        if signalWaiting || cancellation.isCancelled { return true }
        queue.sync {}
        return signalWaiting || cancellation.isCancelled
    }

    /// What every interrupted process cleans up last, whatever the command (a replayed bundle's private copy):
    /// set once, at start.
    nonisolated(unsafe) public static var atExit: (@Sendable () -> Void)?

    /// Cleanups an interrupt runs besides the command's own (outputs being staged by a step the command's handler
    /// does not know of), by key, run in the order they were added.
    nonisolated(unsafe) private static var cleanups: [(key: Int, run: @Sendable () -> Void)] = []
    nonisolated(unsafe) private static var nextCleanup = 0

    /// Runs `cleanup` if an interrupt ends the process before ``remove(_:)`` is called with the key returned.
    public static func alsoOnInterrupt(_ cleanup: @escaping @Sendable () -> Void) -> Int {
        lock.lock()
        defer { lock.unlock() }
        nextCleanup += 1
        cleanups.append((nextCleanup, cleanup))
        return nextCleanup
    }

    public static func remove(_ key: Int) {
        lock.lock()
        cleanups.removeAll { $0.key == key }
        lock.unlock()
    }

    /// An interrupt's last acts before the process exits: once any commit under way has put all its outputs in place
    /// (none starts after: `test --junit J --report R` stopped between its two outputs left J new and R old), the
    /// command's `emergency`, the children still running (ffmpeg, ffprobe), the cleanups added, the temporaries being
    /// written, then `atExit`.
    private static func lastActs(_ emergency: () -> Void) {
        OutputFiles.holdCommits()
        emergency()
        Child.stopAll()
        lock.lock()
        let more = cleanups.map(\.run)
        lock.unlock()
        for cleanup in more { cleanup() }
        OutputFiles.discardInFlight()
        atExit?()
    }

    /// Who the signals go to now: a cancellation with its emergency cleanup (`install`), or a flag a polling loop
    /// reads (`watch`). Replaced, never stacked: the command line installs a default that commands with an
    /// orderly stop of their own replace. The signal sources are made once (libdispatch does not deliver a
    /// signal again to a source made after one for it was cancelled).
    private enum Target {
        case cancel(Cancellation, after: Double, emergency: @Sendable () -> Void)
        case flag(InterruptFlag)
    }
    nonisolated(unsafe) private static var target: Target?
    private static let lock = NSLock()
    /// The sources stay alive for the process's lifetime.
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    private static let queue = DispatchQueue(label: "tenfoot.interrupts")

    /// Sends the signals to `cancellation` from now on (in place of whatever had them). `emergency` runs only
    /// on the deadline, then `OutputFiles.discardInFlight` and `atExit`, and the process exits with 130.
    /// `after`: the time the orderly stop is given; none for a command that has no orderly stop (the command
    /// line's default), which then exits at once.
    public static func install(
        _ cancellation: Cancellation, after: Double = deadline, emergency: @escaping @Sendable () -> Void
    ) {
        aim(.cancel(cancellation, after: after, emergency: emergency))
    }

    private static func aim(_ t: Target) {
        lock.lock()
        target = t
        let first = sources.isEmpty
        lock.unlock()
        guard first else { return }
        // Blocked, in this thread and every thread made after it, and given a handler that does nothing (never
        // SIG_IGN, which discards a signal already pending, as one is when the parent had it blocked): a signal that
        // comes before libdispatch has registered its source, on another thread and later, waits for it. Ignored
        // first, one in that gap was lost and the command ran to its end (2 of 60 runs).
        var set = sigset_t()
        sigemptyset(&set)
        for sig in signals { sigaddset(&set, sig) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        for sig in signals {
            signal(sig, { _ in })
            let source = DispatchSource.makeSignalSource(signal: sig, queue: queue)
            source.setEventHandler(handler: makeHandler(signal: sig))
            source.resume()
            sources.append(source)
        }
    }

    /// Built in a nonisolated function so the closure carries no actor isolation: it runs on the
    /// signal queue, and an inferred main-actor closure would trap there (toolchain.md §4).
    private static func makeHandler(signal sig: Int32) -> @Sendable () -> Void {
        return {
            lock.lock()
            let t = target
            lock.unlock()
            switch t {
            case .flag(let flag):
                if flag.received != nil { _exit(130) }
                flag.set(sig)
                // A loop busy past the deadline (the window loading a screen that takes seconds) is stopped as a
                // command with no orderly stop is: it took 14 s to stop the window during such a load.
                queue.asyncAfter(deadline: .now() + deadline) {
                    lock.lock()
                    let still: Bool
                    if case .flag(let current)? = target { still = current === flag } else { still = false }
                    lock.unlock()
                    guard still else { return }
                    lastActs {}
                    sayInterrupted()
                    _exit(130)
                }
            case .cancel(let cancellation, let after, let emergency):
                cancellation.cancel()
                // ffmpeg or ffprobe, in groups of their own, get no signal from the terminal: stopped here, a
                // recording checking its video stops at once.
                Child.stopAll()
                queue.asyncAfter(deadline: .now() + after) {
                    lastActs(emergency)
                    sayInterrupted(leadingNewline: true)
                    _exit(130)
                }
            case nil:
                break
            }
        }
    }
}

extension Interrupts {
    /// For a loop that polls (the window): the signals set a flag the loop reads each frame, so it
    /// can finish in order (save the session, close the window). A second signal ends the process at
    /// once with 130, and so does the ``deadline`` passing with the flag unread (a loop busy loading).
    /// A signal an earlier flag took and nobody read yet (the command line watches from its first line, before it
    /// knows its command) is carried over to the new flag.
    public static func watch() -> InterruptFlag {
        let flag = InterruptFlag()
        lock.lock()
        if case .flag(let earlier)? = target, let s = earlier.received { flag.set(s) }
        lock.unlock()
        aim(.flag(flag))
        return flag
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

/// A report printed to standard output that a signal stops half way: when standard output is a file, it is cut back
/// to what it held before the command wrote (`audit --json > r.json` stopped at 6 s left 61 of its 96 MB, not
/// JSON). A pipe or a terminal keeps what it was given: the exit status (130) says the rest is missing.
public enum StandardOutputMark {
    /// Where standard output's file was when the command began writing; nil when it is not a regular file.
    nonisolated(unsafe) private static var start: off_t?

    /// Notes where standard output's file stands (its end, when it is opened to append).
    public static func mark(_ fd: Int32 = STDOUT_FILENO) {
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
            start = nil
            return
        }
        start = fcntl(fd, F_GETFL) & O_APPEND != 0 ? st.st_size : max(0, lseek(fd, 0, SEEK_CUR))
    }

    /// Cuts the file back to the mark, and points `fd` at /dev/null first so that nothing another thread writes
    /// after lands past the cut. `errors` (standard error) writing to the same file (`> log 2>&1`) is moved back to
    /// the cut, so that what it says next (that the command was interrupted) follows it, not a hole.
    public static func discardWritten(_ fd: Int32 = STDOUT_FILENO, errors: Int32 = STDERR_FILENO) {
        guard let start else { return }
        let file = dup(fd)
        guard file >= 0 else { return }
        let null = open("/dev/null", O_WRONLY)
        if null >= 0 {
            dup2(null, fd)
            close(null)
        }
        _ = ftruncate(file, start)
        var out = stat()
        var err = stat()
        if fstat(file, &out) == 0, fstat(errors, &err) == 0, out.st_dev == err.st_dev, out.st_ino == err.st_ino {
            _ = lseek(errors, start, SEEK_SET)
        }
        close(file)
    }
}
