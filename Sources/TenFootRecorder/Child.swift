import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program the recorder runs (ffmpeg, ffprobe) as a child in a process group of its own, with its standard streams
/// given and no other descriptor, and every wait bounded. Foundation's `Process` counted a child running while anything
/// it had started held the pipe Foundation gave it, and waited without a limit: `record` waited for ever on an encoder
/// that had finished but left a child behind (a wrapper's `sleep &`), or that read all its input and then slept.
///
/// In `tenfoot` the program runs under a ``Reaper`` (tenfoot itself, started again as one), the subreaper of all the
/// program starts: what the program leaves behind, in its group, in a session of its own or nowhere near its pipes,
/// ends when it does, or when the child is stopped, and nothing else is touched. Elsewhere (this module's tests, the
/// benchmarks) the program runs directly, and stopping it stops its group and its descendants.
///
/// `@unchecked Sendable`: `status` is read and set under `lock`; the rest is set once at the start.
final class Child: @unchecked Sendable {
    /// How a child ended.
    enum Status: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    let pid: pid_t
    /// Whether it is a reaper running the program.
    let reaped: Bool
    private let lock = NSLock()
    private var status: Status?

    private init(pid: pid_t, reaped: Bool) {
        self.pid = pid
        self.reaped = reaped
    }

    /// The command run as a ``Reaper``: its executable, then any arguments before the reaper's own (set by `tenfoot`'s
    /// main to itself, and under the dynamic loader to the loader and tenfoot; nil: programs run directly, as they do
    /// once a reaper could not run at all).
    package static var reaper: [String]? {
        get {
            runningLock.lock()
            defer { runningLock.unlock() }
            return reaperPath
        }
        set {
            runningLock.lock()
            reaperPath = newValue
            runningLock.unlock()
        }
    }
    nonisolated(unsafe) private static var reaperPath: [String]?

    /// The children started and not yet stopped or done with, for an interrupt to stop (``stopAll()``).
    nonisolated(unsafe) private static var running: [pid_t: Child] = [:]
    private static let runningLock = NSLock()

    /// Stops every child not yet done with, with all it started: an interrupt's last act, so that none outlives the
    /// process in its own group (an ffprobe reading a video back when Ctrl-C came was left running, and so was what it
    /// left behind holding its pipes).
    static func stopAll() {
        runningLock.lock()
        let all = running.sorted { $0.key < $1.key }.map(\.value)
        runningLock.unlock()
        for child in all { child.stop() }
    }

    /// Starts `executable` with `arguments`, its standard input, output and error on the descriptors given (the
    /// caller's ends of its pipes must be close-on-exec), under a reaper where there is one (`reaper`, by default
    /// ``reaper``), in a new process group, with every signal at its default and none blocked. The error is errno's
    /// text.
    static func spawn(
        _ executable: String, _ arguments: [String], stdin: Int32, stdout: Int32, stderr: Int32,
        reaper: [String]? = Child.reaper
    ) -> Result<Child, ChildError> {
        var child: Child?
        if let reaper, !reaper.isEmpty {
            switch underReaper(reaper, executable, arguments, stdin: stdin, stdout: stdout, stderr: stderr) {
            case .success(let started): child = started
            case .failure(let e): return .failure(e)
            }
            // It never answered: it cannot run here. The program runs directly, and so do the next ones.
            if child == nil { Child.reaper = nil }
        }
        if child == nil {
            switch start(executable, arguments, stdin: stdin, stdout: stdout, stderr: stderr, group: true) {
            case .failure(let e): return .failure(e)
            case .success(let pid): child = Child(pid: pid, reaped: false)
            }
        }
        guard let child else { return .failure(ChildError(number: ECHILD)) }
        runningLock.lock()
        running[child.pid] = child
        runningLock.unlock()
        return .success(child)
    }

    /// Starts the program under a reaper, which says on descriptor 3 that it runs (``Reaper/ready``, before it starts
    /// the program), then whether the program started: end of file when it did, errno when not. Nil when the reaper
    /// ended, or was silent for ten seconds, before saying it runs: the program never started. Once it has said so, the
    /// program started unless errno comes: a program can stop its reaper (SIGSTOP) before the end of file.
    private static func underReaper(
        _ reaper: [String], _ executable: String, _ arguments: [String], stdin: Int32, stdout: Int32, stderr: Int32
    ) -> Result<Child?, ChildError> {
        guard let said = cloexecPipe() else { return .failure(ChildError(number: errno)) }
        let started = start(
            reaper[0], reaper.dropFirst() + [Reaper.flag, String(getpid()), executable] + arguments, stdin: stdin,
            stdout: stdout,
            stderr: stderr, status: said.write, group: true)
        closeFD(said.write)
        defer { closeFD(said.read) }
        guard case .success(let pid) = started else { return .success(nil) }
        let child = Child(pid: pid, reaped: true)
        guard readWord(said.read) == Reaper.ready else {
            child.stopAndReap()
            return .success(nil)
        }
        if let number = readWord(said.read), number != 0 {
            child.stopAndReap()
            return .failure(ChildError(number: number))
        }
        return .success(child)
    }

    /// Four bytes from `fd` within ten seconds; nil at the end of the file or the time.
    private static func readWord(_ fd: Int32) -> Int32? {
        var word: Int32 = 0
        var got = 0
        let began = Stopwatch.now()
        while got < 4, Stopwatch.now() - began < 10 {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&pfd, 1, 100)
            guard pfd.revents != 0 else { continue }
            let n = withUnsafeMutableBytes(of: &word) { read(fd, $0.baseAddress! + got, 4 - got) }
            if n < 0, errno == EINTR || errno == EAGAIN { continue }
            if n <= 0 { return nil }
            got += n
        }
        return got == 4 ? word : nil
    }

    /// posix_spawn of `executable` with its three standard streams (and `status` as descriptor 3) and nothing else
    /// this process holds open without close-on-exec (what its own parent left it: a test runner's socket, a CI
    /// runner's pipe, which kept that parent waiting), every signal at its default and none blocked, in a new process
    /// group when `group`.
    static func start(
        _ executable: String, _ arguments: [String], stdin: Int32, stdout: Int32, stderr: Int32, status: Int32 = -1,
        group: Bool
    ) -> Result<pid_t, ChildError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        if status >= 0 { posix_spawn_file_actions_adddup2(&actions, status, 3) }
        _ = Child.closeFrom?(&actions, status >= 0 ? 4 : 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(
            &attributes, Int16((group ? POSIX_SPAWN_SETPGROUP : 0) | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in Int32(1)..<Int32(32) where s != SIGKILL && s != SIGSTOP { sigaddset(&defaults, s) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard rc == 0 else { return .failure(ChildError(number: rc)) }
        return .success(pid)
    }

    /// How it ended, once it has (never blocks).
    func exited() -> Status? {
        lock.lock()
        defer { lock.unlock() }
        if let status { return status }
        var raw: Int32 = 0
        let r = waitpid(pid, &raw, WNOHANG)
        if r == pid {
            // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import.
            let signal = raw & 0x7F
            status = signal == 0 ? .exited((raw >> 8) & 0xFF) : .signalled(signal)
        } else if r < 0, errno == ECHILD {
            status = .signalled(SIGKILL)
        }
        return status
    }

    /// Waits until it ends, for at most `limit` seconds, and less when its process group uses no processor time for
    /// `idle` seconds (asleep, or waiting for something that never comes); nil when it has not ended by then.
    func wait(limit: Double, idle: Double) -> Status? {
        let start = Stopwatch.now()
        var work = Work(self, idle: idle)
        while true {
            if let status = exited() { return status }
            let now = Stopwatch.now()
            if now - start >= limit || work.idle(at: now) { return nil }
            usleep(10_000)
        }
    }

    /// Whether a child's process group has stopped working: it used no processor time for `idle` seconds (looked at
    /// four times a second).
    struct Work {
        let child: Child
        let idle: Double
        private var ticks: Int
        private var last: Double
        private var checked: Double

        init(_ child: Child, idle: Double) {
            self.child = child
            self.idle = idle
            ticks = child.groupTicks()
            last = Stopwatch.now()
            checked = last
        }

        mutating func idle(at now: Double) -> Bool {
            if now - checked >= 0.25 {
                checked = now
                let t = child.groupTicks()
                if t != ticks {
                    ticks = t
                    last = now
                }
            }
            return now - last >= idle
        }
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 on; a GNU extension Swift does not import).
    private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? =
        dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
            unsafeBitCast(
                $0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
        }

    /// prctl, which is variadic and so not imported: called through a pointer of its fixed-argument form, as the C ABI
    /// allows for integer arguments.
    static let prctl: (@convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32)? = dlsym(nil, "prctl").map {
        unsafeBitCast($0, to: (@convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32).self)
    }
    /// PR_SET_CHILD_SUBREAPER, <linux/prctl.h>.
    static let setChildSubreaper: Int32 = 36

    /// Stops it and everything it started. A reaper is asked to (SIGTERM) and given three seconds to stop all the
    /// program left and end; then its process group and its descendants are killed (all there is without a reaper).
    func stop() {
        if reaped, exited() == nil {
            // Woken first, should the program have stopped it (SIGSTOP).
            kill(pid, SIGCONT)
            kill(pid, SIGTERM)
            let asked = Stopwatch.now()
            while exited() == nil, Stopwatch.now() - asked < 3 { usleep(2_000) }
        }
        // Then, or without a reaper, or with one the program killed: its group and its descendants.
        let children = exited() == nil ? Child.descendants(of: pid) : []
        kill(-pid, SIGKILL)
        if exited() == nil { kill(pid, SIGKILL) }
        for child in children { kill(child, SIGKILL) }
        Child.runningLock.lock()
        Child.running[pid] = nil
        Child.runningLock.unlock()
    }

    /// Stops it and waits for it to end (at most a few seconds: a process in the kernel's uninterruptible sleep ends
    /// when it wakes).
    @discardableResult
    func stopAndReap() -> Status? {
        stop()
        return wait(limit: 5, idle: 5)
    }

    /// The processor time, in clock ticks, used so far by the processes of its group (from /proc; 0 where there is
    /// none).
    func groupTicks() -> Int {
        var total = 0
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let id = pid_t(name), let fields = Child.statFields(id), fields.count > 13,
                pid_t(fields[2]) == pid, let user = Int(fields[11]), let system = Int(fields[12])
            else { continue }
            total += user + system
        }
        return total
    }

    /// The fields of /proc/PID/stat after the name: state, parent, group, session, … (nil when it cannot be read).
    static func statFields(_ id: pid_t) -> [Substring]? {
        guard let stat = try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // "pid (name) state ppid pgrp …": the name may hold spaces and parentheses.
        return stat[stat.index(after: close)...].split(separator: " ")
    }

    /// The children of process `id`, from /proc (its `children` file where the kernel has one).
    static func children(of id: pid_t) -> [pid_t] {
        if let listed = try? String(contentsOfFile: "/proc/\(id)/task/\(id)/children", encoding: .utf8) {
            return listed.split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        return ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { name in
            guard let child = pid_t(name), let fields = statFields(child), fields.count > 1, pid_t(fields[1]) == id
            else { return nil }
            return child
        }
    }

    /// The processes `pid` started, and theirs, from /proc (none where there is no /proc).
    static func descendants(of pid: pid_t) -> [pid_t] {
        var children: [pid_t: [pid_t]] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let id = pid_t(name), let fields = statFields(id), fields.count > 1, let parent = pid_t(fields[1])
            else { continue }
            children[parent, default: []].append(id)
        }
        var found: [pid_t] = []
        var next = [pid]
        while let p = next.popLast() {
            for c in children[p] ?? [] where !found.contains(c) {
                found.append(c)
                next.append(c)
            }
        }
        return found.sorted()
    }
}

/// Why a child could not start.
struct ChildError: Error {
    let number: Int32
    var message: String { String(cString: strerror(number)) }
}

/// A pipe whose two ends are closed on exec (a child gets only the end it is given, as its standard stream).
func cloexecPipe() -> (read: Int32, write: Int32)? {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return nil }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return (fds[0], fds[1])
}

/// The last bytes of a stream, at most `limit` of them, in memory that does not grow with what passed: what ffmpeg
/// said last. (Kept in a `Data` trimmed with `removeFirst`, an encoder printing without end took 9 GB.)
struct Tail {
    let limit: Int
    private(set) var bytes: [UInt8] = []

    init(limit: Int) { self.limit = limit }

    mutating func append(_ chunk: UnsafeRawBufferPointer) {
        if chunk.count >= limit {
            bytes = Array(chunk[(chunk.count - limit)...])
            return
        }
        bytes.append(contentsOf: chunk)
        if bytes.count > 2 * limit { bytes = Array(bytes[(bytes.count - limit)...]) }
    }

    var text: String { String(decoding: bytes.suffix(limit), as: UTF8.self) }
}
