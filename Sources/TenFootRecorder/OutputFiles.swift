import Foundation
import TenFootCore

#if canImport(Glibc)
    import Glibc
#endif

/// An output staged beside its destination (a hidden temporary file or folder), checked, and not yet
/// in place. `OutputFiles.commit` puts the outputs of one command in place together or not at all.
/// `discard` may come from any thread (the Ctrl-C deadline).
public protocol StagedOutput: AnyObject, Sendable {
    /// Where the output goes.
    var destination: String { get }
    /// Moves the staged output into place, keeping what it replaces aside until `settle` or
    /// `restore`.
    func install() throws(RecordingError)
    /// Undoes `install`: the previous output back in place, the new one gone.
    func restore()
    /// After every output of the command is installed: forgets what was kept aside.
    func settle()
    /// Deletes the staged output (when it is not to be installed).
    func discard()
}

/// How TenFoot writes files (screenshots, frames, videos, traces, maps, JUnit reports, saved sessions
/// and takes) so that a failure never leaves a damaged file where a good one was: everything goes to
/// a hidden temporary beside the destination (`.NAME.partial-PID`) with write(2), every write checked,
/// then `fsync`, and the size checked against what was written; only then is it renamed over the old
/// file, which stays in place until then. The outputs of one command are committed together: if one
/// cannot be put in place, the ones already moved are put back.
public enum OutputFiles {
    /// What an output path that already exists is, when it is not a regular file: nil for a regular file or
    /// nothing, else its kind in a few words ("a character device", "a FIFO"…).
    public static func specialKind(_ path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        switch st.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        case S_IFDIR: return "a folder"
        default: return "not a regular file"
        }
    }

    /// The standard stream `path` is (1 or 2: `/dev/stdout`, `/dev/fd/2`, or the file or pipe they lead to), if
    /// any: writing to it means writing to that stream, where it is now.
    public static func standardStream(_ path: String) -> Int32? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        var other = stat()
        for fd: Int32 in [1, 2] where fstat(fd, &other) == 0 {
            if other.st_dev == st.st_dev && other.st_ino == st.st_ino { return fd }
        }
        return nil
    }

    /// Whether writing to `path` means writing through it: a standard stream, or `/dev/null`.
    public static func writesThrough(_ path: String) -> Bool {
        if standardStream(path) != nil { return true }
        var st = stat()
        var null = stat()
        guard stat(path, &st) == 0, stat("/dev/null", &null) == 0 else { return false }
        return (st.st_mode & S_IFMT) == S_IFCHR && null.st_rdev == st.st_rdev
    }

    /// The refusal for an output path that names a special file (never replaced: replacing `/dev/zero`, as root,
    /// breaks every program that reads it).
    static func refusal(_ path: String, _ kind: String) -> RecordingError {
        .cannotWrite("cannot write \(path): it is \(kind), not a file; name a file to write")
    }

    /// The temporaries being written now (`.NAME.partial-PID`), so an interrupt can remove them before the
    /// process exits (`discardInFlight`): a command stopped by Ctrl-C leaves nothing half written beside its
    /// outputs.
    static let staging = Staging()

    static func track(_ partial: String, _ writing: Bool) { staging.track(partial, writing) }

    /// Creates the temporary `partial` and tracks it (``Staging/create(_:mode:)``).
    static func createTracked(_ partial: String, mode: mode_t) -> Int32 { staging.create(partial, mode: mode) }

    /// Removes every temporary still being written (an interrupt's last act before the process exits); none is
    /// made after it.
    public static func discardInFlight() { staging.discardAll() }

    /// The temporaries being written, and whether an interrupt has removed them.
    /// `@unchecked Sendable`: every field is used under `lock`.
    final class Staging: @unchecked Sendable {
        private var inFlight: Set<String> = []
        /// Set once an interrupt has removed the temporaries: none is made after it (the process is about to exit).
        private var discarded = false
        private let lock = NSLock()

        func track(_ partial: String, _ writing: Bool) {
            lock.lock()
            if writing { inFlight.insert(partial) } else { inFlight.remove(partial) }
            lock.unlock()
        }

        /// Creates the temporary `partial` (open(2)'s `O_CREAT | O_EXCL`) and tracks it, both under the lock
        /// `discardAll` takes: a temporary made while an interrupt removed the others was left behind (1 run in 8 of
        /// `map --all` stopped late). Returns the descriptor, or -1 with errno set (EINTR once interrupted).
        func create(_ partial: String, mode: mode_t) -> Int32 {
            lock.lock()
            defer { lock.unlock() }
            guard !discarded else {
                errno = EINTR
                return -1
            }
            let fd = open(partial, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            if fd >= 0 { inFlight.insert(partial) }
            return fd
        }

        /// Removes every temporary still being written; none is made after it.
        func discardAll() {
            lock.lock()
            let all = inFlight.sorted()
            inFlight = []
            discarded = true
            lock.unlock()
            for path in all { unlink(path) }
        }
    }

    /// A new file holding exactly `bytes`, synced, in a folder of this process's own that is put in place whole (a
    /// report's): never over an existing file, removed on failure.
    public static func createNew(_ path: String, _ bytes: [UInt8]) throws(RecordingError) {
        try CheckedWrite.create(path, bytes, sync: true)
    }

    /// Writes one file: staged, checked, renamed into place.
    public static func write(_ bytes: some Collection<UInt8>, to path: String) throws(RecordingError) {
        try commit([try stage(bytes, to: path)])
    }

    /// One file staged and checked, not yet in place (``commit(_:)`` puts it there): `registering` gets it as soon
    /// as it exists, so an interrupt can discard it while it is written. Nothing is left when this throws.
    public static func stage(
        _ bytes: some Collection<UInt8>, to path: String, registering: (OutputFile) -> Void = { _ in }
    ) throws(RecordingError) -> OutputFile {
        let file = try OutputFile(destination: path)
        registering(file)
        do throws(RecordingError) {
            try file.write(bytes)
            try file.close()
        } catch {
            file.discard()
            throw error
        }
        return file
    }

    /// Puts staged outputs in place, in order; all or none. On failure the ones already installed
    /// are put back as they were, every staged output is deleted, and the error names what failed. An interrupt
    /// waits for a commit under way to end, and none starts after it (``holdCommits()``).
    public static func commit(_ outputs: [any StagedOutput]) throws(RecordingError) {
        commits.lock()
        defer { commits.unlock() }
        guard !commitsHeld else {
            for o in outputs { o.discard() }
            throw .interrupted
        }
        var installed: [any StagedOutput] = []
        for output in outputs {
            do throws(RecordingError) {
                try output.install()
                installed.append(output)
                if let pause = commitPause { usleep(pause) }
            } catch {
                for done in installed.reversed() { done.restore() }
                for o in outputs { o.discard() }
                throw error
            }
        }
        for o in installed { o.settle() }
    }

    /// Held by a commit under way; `commitsHeld` once an interrupt's last acts have begun.
    private static let commits = NSLock()
    nonisolated(unsafe) private static var commitsHeld = false

    /// Waits for a commit under way to put its outputs in place, then lets none start: the process is about to exit
    /// (an interrupt's last acts). The outputs of one command are then all in place or none is.
    public static func holdCommits() {
        commits.lock()
        commitsHeld = true
        commits.unlock()
    }

    /// A test hook: microseconds a commit waits after putting each output in place, for a signal to come then
    /// (`TENFOOT_TEST_COMMIT_PAUSE_MS`; unset: none).
    static let commitPause = ProcessInfo.processInfo.environment["TENFOOT_TEST_COMMIT_PAUSE_MS"].flatMap {
        UInt32($0).map { min($0, 10_000) * 1000 }
    }

    /// A test hook: the bytes this process's output writer may write before every write fails with
    /// ENOSPC, as on a full disk (`TENFOOT_TEST_WRITE_LIMIT`; unset: no limit). ffmpeg writes its
    /// own files and is not limited.
    static let budget = WriteBudget(
        limit: ProcessInfo.processInfo.environment["TENFOOT_TEST_WRITE_LIMIT"].flatMap { Int($0) })

    /// Removes the hidden temporaries that processes which no longer run left beside `destination`
    /// (`.NAME.partial-PID` and `.NAME.old-PID`: killed by SIGKILL, or a power cut). Only names of
    /// this pattern for this destination, only when no process with that id is alive, and only files: the
    /// writer makes no folder there, so a folder of that name is someone else's.
    static func removeStale(beside destination: String) {
        let url = URL(fileURLWithPath: destination)
        let folder = url.deletingLastPathComponent().path
        let name = stagingName(url.lastPathComponent)
        for prefix in [".\(name).partial-", ".\(name).old-"] {
            removeStale(in: folder, prefix: prefix) { path in
                if isRegularFile(path) { unlink(path) }
            }
        }
    }

    /// Calls `remove` on each entry of `folder` named `prefix` + a process id that is not alive.
    static func removeStale(in folder: String, prefix: String, remove: (String) -> Void) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for entry in entries.sorted() where entry.hasPrefix(prefix) {
            let digits = entry.dropFirst(prefix.count)
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let pid = pid_t(digits),
                pid > 0, pid != getpid(), !isAlive(pid)
            else { continue }
            remove((folder as NSString).appendingPathComponent(entry))
        }
    }

    /// True for a regular file (not followed through a link).
    static func isRegularFile(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
    }

    /// Removes the folder `path` when it holds only what a writer of ours makes in it: regular files whose names
    /// `isOurs` accepts, and the subfolders `folders` names holding the same (a report's `maps/` and `shots/`).
    /// Anything else, it is left whole: it is not ours to delete.
    public static func removeOwnFolder(
        _ path: String, folders: [String] = [], isOurs: (String) -> Bool
    ) {
        let fm = FileManager.default
        var files: [String] = []
        var subfolders: [String] = []
        func scan(_ dir: String, allowsFolders: Bool) -> Bool {
            var st = stat()
            guard lstat(dir, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR,
                let entries = try? fm.contentsOfDirectory(atPath: dir)
            else { return false }
            for name in entries {
                let entry = (dir as NSString).appendingPathComponent(name)
                if isRegularFile(entry), isOurs(name) {
                    files.append(entry)
                } else if allowsFolders, folders.contains(name), scan(entry, allowsFolders: false) {
                    subfolders.append(entry)
                } else {
                    return false
                }
            }
            return true
        }
        guard scan(path, allowsFolders: true) else { return }
        for f in files { unlink(f) }
        for d in subfolders { rmdir(d) }
        rmdir(path)
    }

    /// True when a process with this id exists (ours to signal or not).
    static func isAlive(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    /// `.NAME.partial-PID` beside `destination`.
    static func partialPath(for destination: String) -> String {
        sibling(of: destination, suffix: ".partial-\(getpid())")
    }

    /// `.NAME.old-PID` beside `destination`: the file being replaced, kept until the commit ends.
    static func backupPath(for destination: String) -> String { sibling(of: destination, suffix: ".old-\(getpid())") }

    static func sibling(of destination: String, suffix: String) -> String {
        let url = URL(fileURLWithPath: destination)
        return url.deletingLastPathComponent().appendingPathComponent(
            "." + stagingName(url.lastPathComponent) + suffix
        ).path
    }

    /// The name a temporary beside the file `name` carries: `name` itself, or, for a name too long to take the
    /// dot and suffix within a file name's 255 bytes (a legal 241-byte `--out` failed with "File name too long"),
    /// its first 180 bytes (whole characters) and a hash of the whole.
    public static func stagingName(_ name: String) -> String {
        guard name.utf8.count > 200 else { return name }
        var head = ""
        for c in name {
            guard head.utf8.count + String(c).utf8.count <= 180 else { break }
            head.append(c)
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in name.utf8 { hash = (hash ^ UInt64(b)) &* 0x0100_0000_01b3 }
        return head + "~" + String(hash, radix: 16)
    }

    /// strerror(errno) in words.
    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// Gives the file at `path` the permissions of the regular file at `destination`, if there is one.
    static func keepPermissions(of destination: String, for path: String) {
        var st = stat()
        if stat(destination, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG { chmod(path, st.st_mode & 0o7777) }
    }

    /// Keeps the file at `destination` reachable at `backup` while `destination` is replaced: a hard
    /// link (the destination never goes missing), or, where links are not supported, a rename.
    /// Returns false when there was nothing to keep. Throws when it cannot be kept.
    static func keepAside(_ destination: String, at backup: String) throws(RecordingError) -> Bool {
        var st = stat()
        guard lstat(destination, &st) == 0 else { return false }
        if (st.st_mode & S_IFMT) == S_IFDIR { throw .cannotWrite("cannot write \(destination): it is a folder") }
        unlink(backup)
        if link(destination, backup) == 0 { return true }
        if rename(destination, backup) == 0 { return true }
        throw .cannotWrite("cannot replace \(destination): \(reason(errno))")
    }

    /// Puts a kept-aside file back (undoing `keepAside` and the rename over it).
    static func putBack(_ backup: String?, at destination: String) {
        if let backup { rename(backup, destination) } else { unlink(destination) }
    }

    /// Moves the finished `partial` over `destination`, keeping any previous file aside (see `keepAside`);
    /// returns where it was kept, for `putBack` if a later output fails. When the move fails, the previous
    /// file is where it was and the error reads "`failure`: why".
    static func moveIntoPlace(_ partial: String, at destination: String, failure: String) throws(RecordingError)
        -> String?
    {
        let keep = backupPath(for: destination)
        let backup = try keepAside(destination, at: keep) ? keep : nil
        guard rename(partial, destination) == 0 else {
            let why = reason(errno)
            if let backup, access(destination, F_OK) != 0 {
                rename(backup, destination)
            } else if let backup {
                unlink(backup)
            }
            throw .cannotWrite("\(failure): \(why)")
        }
        syncFolder(of: destination)
        return backup
    }

    /// fsync on the folder holding `path`, so a rename into it survives a crash.
    static func syncFolder(of path: String) {
        let fd = open(URL(fileURLWithPath: path).deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY)
        guard fd >= 0 else { return }
        fsync(fd)
        closeFD(fd)
    }
}

/// The test hook's byte budget (see `OutputFiles.budget`).
/// `@unchecked Sendable`: `remaining` is used only under `lock` (frames are written on the writer thread).
final class WriteBudget: @unchecked Sendable {
    private let lock = NSLock()
    private var remaining: Int?

    init(limit: Int?) { remaining = limit }

    /// How many of `count` bytes may be written now (all when there is no limit).
    func take(_ count: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        guard let r = remaining else { return count }
        let n = min(r, count)
        remaining = r - n
        return n
    }

    /// Sets the budget (in-process tests); nil removes it.
    func set(_ limit: Int?) {
        lock.lock()
        remaining = limit
        lock.unlock()
    }
}

/// Checked writes to a file descriptor: every byte or an error in words. Used for staged files and
/// for the frames inside a staged folder.
enum CheckedWrite {
    /// Writes all of `bytes` (retrying short writes and EINTR); the test budget may cut it short with
    /// ENOSPC.
    static func all(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let allowed = OutputFiles.budget.take(bytes.count - offset)
            if allowed == 0 { return ENOSPC }
            let n = writeFD(fd, bytes.baseAddress! + offset, allowed)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += n
        }
        return nil
    }

    static func create(_ path: String, _ bytes: [UInt8], sync: Bool) throws(RecordingError) {
        var failure: RecordingError?
        bytes.withUnsafeBytes { buffer in
            do throws(RecordingError) { try create(path, buffer, sync: sync) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Syncs the file `path` written with `sync: false` (a writer that writes files in turn and syncs them beside
    /// the next one's writing). On failure the file is removed.
    static func sync(_ path: String) throws(RecordingError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        var failure = fd < 0 ? errno : nil
        if fd >= 0 {
            if fsync(fd) != 0 { failure = errno }
            if closeFD(fd) != 0, failure == nil { failure = errno }
        }
        if let failure {
            unlink(path)
            throw .cannotWrite("cannot write \(path): \(OutputFiles.reason(failure))")
        }
    }

    /// A new file holding exactly `bytes`: created (never over an existing file), written, synced when
    /// `sync`, its size checked, closed. On failure the file is removed.
    static func create(_ path: String, _ bytes: UnsafeRawBufferPointer, sync: Bool) throws(RecordingError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw .cannotWrite("cannot write \(path): \(OutputFiles.reason(errno))") }
        var failure = all(fd, bytes)
        if failure == nil, sync, fsync(fd) != 0 { failure = errno }
        if failure == nil {
            var st = stat()
            if fstat(fd, &st) != 0 { failure = errno } else if Int(st.st_size) != bytes.count { failure = EIO }
        }
        if closeFD(fd) != 0, failure == nil { failure = errno }
        if let failure {
            unlink(path)
            throw .cannotWrite("cannot write \(path): \(OutputFiles.reason(failure))")
        }
    }
}

/// One file written by TenFoot itself (not by ffmpeg): staged at `.NAME.partial-PID`, written with
/// checked write(2) calls, then `close` syncs it and checks its size; `OutputFiles.commit` renames it
/// into place. Creating it removes stale temporaries of dead processes for the same destination.
/// `@unchecked Sendable`: writes come from one thread; `discard` and the install steps use `lock`.
public final class OutputFile: StagedOutput, @unchecked Sendable {
    public let destination: String
    let partial: String
    private let lock = NSLock()
    private var fd: Int32
    private var written = 0
    private var backup: String?
    private var settled = false
    /// Written straight to the destination (standard output, /dev/null): nothing staged, nothing renamed.
    private var direct = false

    /// Creates the temporary file (so an unwritable folder fails before any work is done).
    public init(destination: String) throws(RecordingError) {
        self.destination = destination
        // Written through where that is what writing to it means (a standard stream, even one sent to a file,
        // and /dev/null); another special file is refused, never replaced.
        if let stream = OutputFiles.standardStream(destination) {
            (partial, direct, fd) = (destination, true, dup(stream))
            guard fd >= 0 else { throw .cannotWrite("cannot write \(destination): \(OutputFiles.reason(errno))") }
            return
        }
        if let kind = OutputFiles.specialKind(destination) {
            guard OutputFiles.writesThrough(destination) else { throw OutputFiles.refusal(destination, kind) }
            (partial, direct) = (destination, true)
            fd = open(destination, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw .cannotWrite("cannot write \(destination): \(OutputFiles.reason(errno))") }
            return
        }
        let folder = FilePath.folder(of: destination)
        if !folder.isEmpty, FilePath.folderProblem(folder) != nil { throw .missingFolder(folder) }
        OutputFiles.removeStale(beside: destination)
        partial = OutputFiles.partialPath(for: destination)
        unlink(partial)
        // The new file keeps the permissions of the one it replaces.
        var st = stat()
        let mode: mode_t = stat(destination, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG ? st.st_mode & 0o7777 : 0o666
        fd = OutputFiles.createTracked(partial, mode: mode)
        guard fd >= 0 else { throw .cannotWrite("cannot write \(destination): \(OutputFiles.reason(errno))") }
        if mode != 0o666 { fchmod(fd, mode) }
    }

    deinit { if fd >= 0 { closeFD(fd) } }

    public func write(_ bytes: UnsafeRawBufferPointer) throws(RecordingError) {
        guard fd >= 0 else { throw .cannotWrite("cannot write \(destination): the file is closed") }
        if let failure = CheckedWrite.all(fd, bytes) {
            throw .cannotWrite("cannot write \(destination): \(OutputFiles.reason(failure))")
        }
        written += bytes.count
    }

    public func write(_ bytes: some Collection<UInt8>) throws(RecordingError) {
        var failure: RecordingError?
        Array(bytes).withUnsafeBytes { buffer in
            do throws(RecordingError) { try write(buffer) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    public func write(_ text: String) throws(RecordingError) { try write(Array(text.utf8)) }

    /// Ends writing: fsync, the size on disk checked against the bytes written, close.
    public func close() throws(RecordingError) {
        guard fd >= 0 else { return }
        if direct {
            let failed = closeFD(fd) != 0 ? errno : nil
            fd = -1
            if let failed { throw .cannotWrite("cannot write \(destination): \(OutputFiles.reason(failed))") }
            return
        }
        var failure: Int32?
        if fsync(fd) != 0 { failure = errno }
        var st = stat()
        if failure == nil {
            if fstat(fd, &st) != 0 { failure = errno } else if Int(st.st_size) != written { failure = EIO }
        }
        if closeFD(fd) != 0, failure == nil { failure = errno }
        fd = -1
        if let failure { throw .cannotWrite("cannot write \(destination): \(OutputFiles.reason(failure))") }
    }

    public func install() throws(RecordingError) {
        lock.lock()
        defer { lock.unlock() }
        guard !settled, fd < 0 else { throw .cannotWrite("cannot write \(destination): the file was not finished") }
        if direct { return }
        backup = try OutputFiles.moveIntoPlace(partial, at: destination, failure: "cannot write \(destination)")
        OutputFiles.track(partial, false)
    }

    public func restore() {
        lock.lock()
        defer { lock.unlock() }
        OutputFiles.putBack(backup, at: destination)
        backup = nil
        settled = true
    }

    public func settle() {
        lock.lock()
        defer { lock.unlock() }
        if let backup { unlink(backup) }
        backup = nil
        settled = true
    }

    public func discard() {
        lock.lock()
        defer { lock.unlock() }
        guard !settled else { return }
        settled = true
        if fd >= 0 {
            closeFD(fd)
            fd = -1
        }
        if !direct {
            unlink(partial)
            OutputFiles.track(partial, false)
        }
    }
}
