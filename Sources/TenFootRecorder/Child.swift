import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program the recorder runs (ffmpeg, ffprobe) as a child in a process group of its own, with its standard streams
/// given and every wait bounded. Foundation's `Process` counted a child running while anything it had started held
/// the pipe Foundation gave it, and waited without a limit: `record` waited for ever on an encoder that had finished
/// but left a child behind (a wrapper's `sleep &`), or that read all its input and then slept. The group reaches what
/// the child started even once it has been handed to init (a double fork), so stopping the child stops all of it.
///
/// `@unchecked Sendable`: `status` is read and set under `lock`; the rest is set once at the start.
final class Child: @unchecked Sendable {
    /// How a child ended.
    enum Status: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    let pid: pid_t
    /// The pipes it was given as its standard streams, by inode: what it leaves behind may hold them.
    private let pipes: [UInt64]
    /// When it started, in clock ticks since boot (/proc; 0 where there is none).
    private let started: UInt64
    private let lock = NSLock()
    private var status: Status?

    private init(pid: pid_t, pipes: [UInt64]) {
        self.pid = pid
        self.pipes = pipes
        started = Child.startTime(of: pid) ?? 0
    }

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
    /// caller's ends of its pipes must be close-on-exec), in a new process group, with SIGPIPE, SIGINT, SIGTERM and
    /// SIGHUP at their defaults and nothing blocked. The error is errno's text.
    static func spawn(_ executable: String, _ arguments: [String], stdin: Int32, stdout: Int32, stderr: Int32)
        -> Result<Child, ChildError>
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGPIPE, SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard rc == 0 else { return .failure(ChildError(message: String(cString: strerror(rc)))) }
        let pipes = [stdin, stdout, stderr].compactMap { fd -> UInt64? in
            var info = stat()
            guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFIFO else { return nil }
            return UInt64(info.st_ino)
        }
        let child = Child(pid: pid, pipes: pipes)
        runningLock.lock()
        running[pid] = child
        runningLock.unlock()
        return .success(child)
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

    /// Stops it and everything it started: its process group, its descendants that left the group, and whatever still
    /// holds the pipes it was given (a child it put in a session of its own and left behind, which neither the group
    /// nor the tree of descendants reaches once it has ended).
    func stop() {
        let children = exited() == nil ? Child.descendants(of: pid) : []
        kill(-pid, SIGKILL)
        if exited() == nil { kill(pid, SIGKILL) }
        for child in children { kill(child, SIGKILL) }
        for holder in leftovers() { kill(holder, SIGKILL) }
        Child.runningLock.lock()
        Child.running[pid] = nil
        Child.runningLock.unlock()
    }

    /// What it left behind holding its pipes: processes with a descriptor open on one of them (by inode, from /proc)
    /// that started after it, and were orphaned (their parent is init, it, or another process started after it). A
    /// process older than it (a daemon it handed a descriptor to), or one another program started (a watcher opening
    /// its descriptors through /proc), is not its to stop.
    func leftovers() -> [pid_t] {
        guard !pipes.isEmpty, started > 0 else { return [] }
        let names = Set(pipes.map { "pipe:[\($0)]" })
        let me = getpid()
        // Another child running beside it, and its group, are that child's, whatever they hold.
        Child.runningLock.lock()
        let others = Set(Child.running.keys).subtracting([pid])
        Child.runningLock.unlock()
        var found: [pid_t] = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let id = pid_t(name), id != me, let fields = Child.statFields(id), fields.count > 19,
                !others.contains(id), !(pid_t(fields[2]).map(others.contains) ?? false),
                let began = UInt64(fields[19]), began >= started, let parent = pid_t(fields[1]),
                parent == 1 || parent == pid || (Child.startTime(of: parent).map { $0 >= started } ?? true),
                let fds = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(name)/fd")
            else { continue }
            let holds = fds.contains { fd in
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(name)/fd/\(fd)")).map {
                    names.contains($0)
                } ?? false
            }
            if holds { found.append(id) }
        }
        return found.sorted()
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

    /// When process `id` started, in clock ticks since boot (nil when /proc cannot say).
    static func startTime(of id: pid_t) -> UInt64? { statFields(id).flatMap { $0.count > 19 ? UInt64($0[19]) : nil } }

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
    let message: String
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
