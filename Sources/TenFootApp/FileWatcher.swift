import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Notices when files change on disk, for the live preview (the platform edge: it reads the file system).
///
/// On Linux the folders holding the files are watched with inotify (the folder of each path as given and
/// of the file a symbolic link leads to, so an edit to a link's target and a link pointed elsewhere are both
/// seen), and a check with no event pending is one `read` that returns at once; a slow poll backs it up (a
/// network file system may send no events). Elsewhere, or when inotify cannot be had, the files are polled.
///
/// A file counts as changed when its content changed: its identity (device, inode), size, modification
/// and status-change times are compared first, and only when one differs is the file read and hashed. A
/// rewrite that keeps the modification time (`cp -p`, `touch -r`) still changes the inode or the
/// status-change time, which no program can set back; a `touch` that changes no byte reloads nothing.
public final class FileWatcher {
    /// What is known about one file: nil fields for a file that is missing or unreadable.
    struct Signature: Equatable {
        var device: UInt64, inode: UInt64, size: Int64
        var modified: timespec, changed: timespec

        static func == (a: Signature, b: Signature) -> Bool {
            a.device == b.device && a.inode == b.inode && a.size == b.size
                && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
                && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
        }
    }

    struct State: Equatable {
        var signature: Signature?
        var hash: UInt64?
    }

    /// How often files are polled without notifications, and with them (a safety net).
    public static let pollInterval = 0.1
    public static let backupPollInterval = 1.0

    /// The files watched: asked again after every notification (a SwiftUI folder may gain a file).
    private let list: () -> [String]
    private var files: [String] = []
    private var states: [State] = []
    private var lastPoll = 0.0
    #if os(Linux)
        private var inotify: Int32 = -1
    #endif

    /// Whether changes arrive by notification (false: polling only).
    public var notifies: Bool {
        #if os(Linux)
            inotify >= 0
        #else
            false
        #endif
    }

    /// Whether notifications are asked for (false: polling only, as without inotify).
    private let wantsNotifications: Bool

    public init(notifications: Bool = true, _ list: @escaping () -> [String]) {
        self.list = list
        wantsNotifications = notifications
        rescan()
    }

    deinit {
        #if os(Linux)
            if inotify >= 0 { close(inotify) }
        #endif
    }

    /// Starts again from the current list (after a reload, or when the caller knows the list grew): the
    /// watches are set up afresh and the files' states recorded; no change is reported for this.
    public func rescan() {
        arm()
        // Files already known keep their state (a list that grew by one image hashes one file).
        var known: [String: State] = [:]
        for (file, state) in zip(files, states) { known[file] = state }
        files = list()
        states = files.map { known[$0] ?? Self.state($0) }
    }

    /// Whether any file changed since the last call (or `rescan`). `now` is seconds of wall time; cheap
    /// enough to call every frame.
    public func changed(now: Double) -> Bool {
        let interval = notifies ? Self.backupPollInterval : Self.pollInterval
        var due = now - lastPoll >= interval
        #if os(Linux)
            if inotify >= 0, drainEvents() {
                // A link may now lead elsewhere, a folder may have gained a file: watch afresh before
                // reading, so nothing written from here on is missed.
                arm()
                due = true
            }
        #endif
        guard due else { return false }
        lastPoll = now
        let now = list()
        if now != files {
            files = now
            states = files.map(Self.state)
            return true
        }
        var any = false
        for k in files.indices {
            let s = Self.signature(files[k])
            if s == states[k].signature { continue }
            let next = State(signature: s, hash: s == nil ? nil : Self.hash(files[k]))
            if next.hash != states[k].hash || (next.signature == nil) != (states[k].signature == nil) { any = true }
            states[k] = next
        }
        return any
    }

    static func state(_ path: String) -> State {
        let s = signature(path)
        return State(signature: s, hash: s == nil ? nil : hash(path))
    }

    /// The file's identity, size and times (links followed); nil when it cannot be read.
    static func signature(_ path: String) -> Signature? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if os(Linux)
            return Signature(
                device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                modified: info.st_mtim, changed: info.st_ctim)
        #else
            return Signature(
                device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                modified: info.st_mtimespec, changed: info.st_ctimespec)
        #endif
    }

    /// The most bytes of a file read to hash it: more than any reader takes (a scene, a source file, a picture). A
    /// larger file, or one that is not a regular file (a FIFO, a device), is known by its signature alone: read whole,
    /// a 3 GB file saved under the window took 2.6 GB before the reload refused it.
    public static let hashedBytesMost: Int64 = 512 << 20

    /// FNV-1a of the file's bytes, read a piece at a time (nil when it cannot be read); for a file past
    /// ``hashedBytesMost`` or not a regular file, of its signature.
    static func hash(_ path: String) -> UInt64? {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ bytes: UnsafeRawBufferPointer) { for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 } }
        // Not blocking: a FIFO with no writer would wait for one for ever.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        guard info.st_mode & S_IFMT == S_IFREG, Int64(info.st_size) <= hashedBytesMost else {
            guard let signature = signature(path) else { return nil }
            withUnsafeBytes(of: signature.size) { mix($0) }
            withUnsafeBytes(of: signature.inode) { mix($0) }
            withUnsafeBytes(of: signature.modified.tv_sec) { mix($0) }
            withUnsafeBytes(of: signature.modified.tv_nsec) { mix($0) }
            withUnsafeBytes(of: signature.changed.tv_sec) { mix($0) }
            withUnsafeBytes(of: signature.changed.tv_nsec) { mix($0) }
            return h
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { buffer.deallocate() }
        var total: Int64 = 0
        while total <= hashedBytesMost {
            let n = read(fd, buffer.baseAddress, buffer.count)
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { return nil }
            if n == 0 { break }
            mix(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
            total += Int64(n)
        }
        return h
    }

    #if os(Linux)
        /// Sets up a fresh inotify instance watching the folder of every file, as named and as resolved.
        private func arm() {
            if inotify >= 0 {
                close(inotify)
                inotify = -1
            }
            guard wantsNotifications else { return }
            let fd = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
            guard fd >= 0 else { return }
            let mask = UInt32(
                IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB | IN_DELETE_SELF
                    | IN_MOVE_SELF)
            var folders: [String] = []
            for file in list() {
                folders.append(Self.folder(of: file))
                if let real = realpath(file, nil) {
                    folders.append(Self.folder(of: String(cString: real)))
                    free(real)
                }
            }
            var any = false
            for folder in Set(folders).sorted() where inotify_add_watch(fd, folder, mask) >= 0 { any = true }
            guard any else {
                close(fd)
                return
            }
            inotify = fd
        }

        /// Reads every pending event; whether there was any.
        private func drainEvents() -> Bool {
            var buffer = [UInt8](repeating: 0, count: 4096)
            var any = false
            while true {
                let n = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
                if n > 0 {
                    any = true
                    continue
                }
                if n < 0, errno == EINTR { continue }
                return any
            }
        }

        private static func folder(of path: String) -> String {
            guard let slash = path.lastIndex(of: "/") else { return "." }
            return slash == path.startIndex ? "/" : String(path[..<slash])
        }
    #else
        private func arm() {}
    #endif
}
