import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program the recorder runs (ffmpeg, ffprobe) as a child in a process group of its own, with its standard streams
/// given and every wait bounded. Foundation's `Process` counted a child running while anything it had started held
/// the pipe Foundation gave it, and waited without a limit: `record` waited for ever on an encoder that had finished
/// but left a child behind (a wrapper's `sleep &`), or that read all its input and then slept. The group reaches what
/// the child started even once its parent has ended (a double fork), so stopping the child stops all of it.
///
/// The first spawn makes this process the subreaper of what it starts (`PR_SET_CHILD_SUBREAPER`): whatever a child
/// leaves behind, in its group or in a session of its own, becomes this process's child rather than init's (or an
/// outer subreaper's, under `systemd --user` or `tini -s`, where it was out of reach), and is stopped and reaped with
/// the child. Nothing this process did not start is touched (a watcher that opened the encoder's descriptors through
/// /proc was stopped while leftovers were told by the pipes they held).
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
        _ = Child.subreaper
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        // Nothing else this process holds open without close-on-exec (what its own parent left it) goes with it.
        _ = Child.closeFrom?(&actions, 3)
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

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 on; a GNU extension Swift does not import).
    private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? =
        dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
            unsafeBitCast(
                $0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
        }

    /// Whether this process is the subreaper of what it starts: made so once, at the first spawn (Linux 3.4 on; where
    /// it cannot be, what a child leaves in a session of its own is handed to init and is out of reach).
    static let subreaper: Bool = {
        // prctl is variadic, which Swift does not import: called through a pointer of its fixed-argument form, as
        // the C ABI allows for integer arguments.
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        guard let symbol = dlsym(nil, "prctl") else { return false }
        let prctl = unsafeBitCast(symbol, to: Prctl.self)
        let setChildSubreaper: Int32 = 36  // PR_SET_CHILD_SUBREAPER, <linux/prctl.h>
        return prctl(setChildSubreaper, 1, 0, 0, 0) == 0
    }()

    /// Stops it and everything it started: its process group, its descendants that left the group, and what it left
    /// behind (``leftovers()``) with theirs, reaping those that were handed to this process.
    func stop() {
        let children = exited() == nil ? Child.descendants(of: pid) : []
        kill(-pid, SIGKILL)
        if exited() == nil { kill(pid, SIGKILL) }
        for child in children { kill(child, SIGKILL) }
        // A leftover's own children are handed to this process when it is stopped, in its session or group: a few
        // rounds find them all (a round finds none once they are gone).
        var stopped: [pid_t] = []
        for _ in 0..<8 {
            let found = leftovers().filter { !stopped.contains($0) }
            if found.isEmpty { break }
            for leftover in found {
                for child in Child.descendants(of: leftover) { kill(child, SIGKILL) }
                kill(leftover, SIGKILL)
            }
            stopped += found
            Child.reap(found)
        }
        Child.runningLock.lock()
        Child.running[pid] = nil
        Child.runningLock.unlock()
    }

    /// What it left behind: processes handed to this process (its subreaper) that it started, running or ended. A
    /// child of this process that it did not spawn itself, started after the child, is one when it is in the child's
    /// process group, holds a pipe the child was given, or is in a session of its own (what `setsid` makes; this
    /// process's other children share its session) and neither in another child's group nor holding its pipes.
    func leftovers() -> [pid_t] {
        guard Child.subreaper, started > 0 else { return [] }
        let me = getpid()
        let session = getsid(0)
        Child.runningLock.lock()
        let others = Child.running.values.filter { $0 !== self }
        Child.runningLock.unlock()
        let spawned = Set(others.map(\.pid)).union([pid])
        var found: [pid_t] = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let id = pid_t(name), !spawned.contains(id), let fields = Child.statFields(id), fields.count > 19,
                pid_t(fields[1]) == me, let group = pid_t(fields[2]), let sid = pid_t(fields[3]),
                let began = UInt64(fields[19]), began >= started
            else { continue }
            let held = Child.pipesHeld(by: id)
            if group == pid || !held.isDisjoint(with: pipes) {
                found.append(id)
            } else if sid != session,
                !others.contains(where: { $0.started <= began && ($0.pid == group || !held.isDisjoint(with: $0.pipes)) }
                )
            {
                found.append(id)
            }
        }
        return found.sorted()
    }

    /// The pipes process `id` holds open, by inode (from /proc).
    private static func pipesHeld(by id: pid_t) -> Set<UInt64> {
        var held: Set<UInt64> = []
        for fd in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(id)/fd")) ?? [] {
            guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(id)/fd/\(fd)"),
                link.hasPrefix("pipe:["), link.hasSuffix("]"), let inode = UInt64(link.dropFirst(6).dropLast())
            else { continue }
            held.insert(inode)
        }
        return held
    }

    /// Reaps the stopped processes that were handed to this process, waiting for each at most a second (a process in
    /// the kernel's uninterruptible sleep ends when it wakes, and is reaped by whoever is its parent then).
    private static func reap(_ ids: [pid_t]) {
        let start = Stopwatch.now()
        var left = ids
        while !left.isEmpty, Stopwatch.now() - start < 1 {
            left = left.filter { id in
                var raw: Int32 = 0
                let r = waitpid(id, &raw, WNOHANG)
                return r == 0
            }
            if !left.isEmpty { usleep(2_000) }
        }
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
