import Foundation
import TenFootCore

/// What a recording writes, chosen from the `--out` path.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// H.264, yuv420p, `+faststart` (plays everywhere, including browsers and QuickTime).
    case mp4
    /// VP9 with libvpx's realtime settings.
    case webm
    /// An animated GIF with a palette generated from the frames.
    case gif
    /// A folder of numbered PNG frames (`frame-00000.png`, …).
    case pngFrames

    /// The format for a path: by extension, or a folder when it ends in "/" or is an existing folder.
    public init(path: String) throws(RecordingError) {
        var isDir: ObjCBool = false
        if path.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue)
        {
            self = .pngFrames
            return
        }
        switch (path as NSString).pathExtension.lowercased() {
        case "mp4", "m4v": self = .mp4
        case "webm": self = .webm
        case "gif": self = .gif
        case let ext:
            throw .unknownFormat(path: path, extension: ext)
        }
    }

    /// Encoded through ffmpeg (everything but PNG frames).
    public var usesFFmpeg: Bool { self != .pngFrames }
}

/// Where a recording goes while it is made and after: a hidden temporary file (or folder) beside the
/// destination, put in place by `OutputFiles.commit` only when everything succeeded (the video
/// probed, the frames written and checked, every other output of the command staged). An interrupted
/// or failed recording removes the temporary and leaves any previous output untouched. Creating a
/// target removes the temporaries that dead processes left for the same destination.
/// `@unchecked Sendable` (the Ctrl-C handler discards it from another thread): the state that
/// changes after `init` is used under `lock`.
public final class OutputTarget: StagedOutput, @unchecked Sendable {
    public let destination: String
    public let format: OutputFormat
    /// The temporary file (video) or folder (frames) being written.
    public let partial: String
    private let lock = NSLock()
    private var settled = false
    /// The frames folder did not exist before: discarding removes it again.
    private var createdFolder = false
    /// While installed and not settled: the previous video (a hidden link beside it) or the folder
    /// holding the previous frames, and the names of the new frames moved in.
    private var backup: String?
    private var movedIn: [String] = []

    /// Prefix of frame files in a frames folder.
    public static let framePrefix = "frame-"
    /// Hidden folders inside a frames folder: the frames being written, the previous frames while
    /// the new ones move in (each followed by the process id).
    static let partialFolderPrefix = ".tenfoot-partial-"
    static let oldFolderPrefix = ".tenfoot-old-"

    public init(destination: String, format: OutputFormat) throws(RecordingError) {
        let fm = FileManager.default
        self.format = format
        let trimmed = destination.count > 1 && destination.hasSuffix("/") ? String(destination.dropLast()) : destination
        self.destination = trimmed
        let url = URL(fileURLWithPath: trimmed)
        let pid = getpid()
        switch format {
        case .pngFrames:
            // Frames are written into a hidden folder inside the destination, then moved out of it.
            createdFolder = !fm.fileExists(atPath: trimmed)
            do { try fm.createDirectory(atPath: trimmed, withIntermediateDirectories: true) } catch {
                throw .cannotWrite("cannot create the folder \(trimmed): \(error.localizedDescription)")
            }
            for prefix in [OutputTarget.partialFolderPrefix, OutputTarget.oldFolderPrefix] {
                OutputFiles.removeStale(in: trimmed, prefix: prefix) { folder in
                    OutputFiles.removeOwnFolder(folder, isOurs: OutputTarget.isFrameName)
                }
            }
            partial = url.appendingPathComponent(OutputTarget.partialFolderPrefix + "\(pid)").path
            OutputFiles.removeOwnFolder(partial, isOurs: OutputTarget.isFrameName)
            guard mkdir(partial, 0o777) == 0 else {
                let why = OutputFiles.reason(errno)
                if createdFolder { rmdir(trimmed) }
                throw .cannotWrite("cannot write into \(trimmed): \(why)")
            }
        default:
            // ffmpeg's file is renamed into place: a device, FIFO or folder there would be replaced. Refused.
            if let kind = OutputFiles.specialKind(trimmed) { throw OutputFiles.refusal(trimmed, kind) }
            if OutputFiles.standardStream(trimmed) != nil {
                throw OutputFiles.refusal(trimmed, "a standard stream (a video is written to a file, then moved)")
            }
            // Named as given (an absolute path made here put the current folder in the message).
            let folder = FilePath.folder(of: trimmed)
            if !folder.isEmpty, FilePath.folderProblem(folder) != nil { throw .missingFolder(folder) }
            OutputFiles.removeStale(beside: trimmed)
            partial = OutputFiles.partialPath(for: trimmed)
            unlink(partial)
            let fd = open(partial, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            guard fd >= 0 else { throw .cannotWrite("cannot write into \(folder): \(OutputFiles.reason(errno))") }
            closeFD(fd)
        }
    }

    /// The path of frame `k` inside the temporary folder.
    public func framePath(_ k: Int) -> String {
        (partial as NSString).appendingPathComponent(OutputTarget.frameName(k))
    }

    public static func frameName(_ k: Int) -> String {
        OutputTarget.framePrefix + String(repeating: "0", count: max(0, 5 - String(k).count)) + String(k) + ".png"
    }

    /// Puts this output alone in place (`OutputFiles.commit([self])`).
    public func commit() throws(RecordingError) { try OutputFiles.commit([self]) }

    /// A video by one rename (the previous file kept as a hidden link until `settle`); frames by one
    /// rename each, after the previous recording's frames in that folder are moved into a hidden
    /// folder (kept until `settle`). Every file is synced to the disk first (frames as they are
    /// written).
    public func install() throws(RecordingError) {
        lock.lock()
        defer { lock.unlock() }
        guard !settled else { throw .cannotWrite("cannot write \(destination): the recording was discarded") }
        switch format {
        case .pngFrames: try installFrames()
        default:
            try syncFile(partial)
            OutputFiles.keepPermissions(of: destination, for: partial)
            backup = try OutputFiles.moveIntoPlace(
                partial, at: destination, failure: "cannot move the recording to \(destination)")
        }
    }

    private func installFrames() throws(RecordingError) {
        let fm = FileManager.default
        let names: [String]
        do { names = try fm.contentsOfDirectory(atPath: partial).sorted() } catch {
            throw .cannotWrite("cannot finish \(destination): \(error.localizedDescription)")
        }
        // A frame's name taken by anything but a file (a folder, a link, a FIFO) is refused, as every output refuses
        // one: it is not a frame of ours to replace, and it may hold the user's files.
        for name in names {
            let path = (destination as NSString).appendingPathComponent(name)
            var st = stat()
            if lstat(path, &st) == 0, (st.st_mode & S_IFMT) != S_IFREG {
                let kind = (st.st_mode & S_IFMT) == S_IFDIR ? "a folder" : "not a regular file"
                restoreFrames()
                throw .cannotWrite("cannot write \(path): it is \(kind), not a file")
            }
        }
        let old = (destination as NSString).appendingPathComponent(OutputTarget.oldFolderPrefix + "\(getpid())")
        OutputFiles.removeOwnFolder(old, isOurs: OutputTarget.isFrameName)
        guard mkdir(old, 0o777) == 0 else {
            throw .cannotWrite("cannot write into \(destination): \(OutputFiles.reason(errno))")
        }
        backup = old
        movedIn = []
        do throws(RecordingError) {
            // The previous recording's frames: files only (a folder named like one is left where it is).
            let previous = ((try? fm.contentsOfDirectory(atPath: destination)) ?? []).filter {
                OutputTarget.isFrameName($0)
                    && OutputFiles.isRegularFile((destination as NSString).appendingPathComponent($0))
            }
            for name in previous {
                try move(name, from: destination, to: old)
            }
            for name in names {
                try move(name, from: partial, to: destination)
                movedIn.append(name)
            }
        } catch {
            restoreFrames()
            throw error
        }
        OutputFiles.syncFolder(of: (destination as NSString).appendingPathComponent("x"))
    }

    private func move(_ name: String, from: String, to: String) throws(RecordingError) {
        guard
            rename((from as NSString).appendingPathComponent(name), (to as NSString).appendingPathComponent(name)) == 0
        else {
            throw .cannotWrite("cannot move \(name) into \(to): \(OutputFiles.reason(errno))")
        }
    }

    /// The new frames out, the previous ones back, the hidden folders gone.
    private func restoreFrames() {
        for name in movedIn { unlink((destination as NSString).appendingPathComponent(name)) }
        movedIn = []
        if let old = backup {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: old)) ?? [] {
                rename(
                    (old as NSString).appendingPathComponent(name),
                    (destination as NSString).appendingPathComponent(name))
            }
            rmdir(old)
        }
        backup = nil
        OutputFiles.removeOwnFolder(partial, isOurs: OutputTarget.isFrameName)
        if createdFolder { rmdir(destination) }
    }

    public func restore() {
        lock.lock()
        defer { lock.unlock() }
        settled = true
        switch format {
        case .pngFrames: restoreFrames()
        default:
            OutputFiles.putBack(backup, at: destination)
            backup = nil
        }
    }

    public func settle() {
        lock.lock()
        defer { lock.unlock() }
        settled = true
        if format == .pngFrames {
            if let backup { OutputFiles.removeOwnFolder(backup, isOurs: OutputTarget.isFrameName) }
            OutputFiles.removeOwnFolder(partial, isOurs: OutputTarget.isFrameName)
        } else if let backup {
            try? FileManager.default.removeItem(atPath: backup)
        }
        backup = nil
        movedIn = []
    }

    /// Deletes the temporary output (safe to call more than once, from any thread).
    public func discard() {
        lock.lock()
        defer { lock.unlock() }
        guard !settled else { return }
        settled = true
        if format == .pngFrames {
            OutputFiles.removeOwnFolder(partial, isOurs: OutputTarget.isFrameName)
        } else {
            try? FileManager.default.removeItem(atPath: partial)
        }
        if createdFolder { rmdir(destination) }
    }

    /// fsync of a file written by another process (ffmpeg), so the rename never outlives its data.
    private func syncFile(_ path: String) throws(RecordingError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotWrite("cannot write \(destination): \(OutputFiles.reason(errno))") }
        defer { closeFD(fd) }
        if fsync(fd) != 0 { throw .cannotWrite("cannot write \(destination): \(OutputFiles.reason(errno))") }
    }

    /// Whether `name` is one ``frameName(_:)`` gives: the files a recording into a frames folder replaces. Only
    /// those: `frame-1.png`, `frame-0001.png` or `frame-١.png` are the user's, and were deleted as frames.
    public static func isFrameName(_ name: String) -> Bool {
        guard name.hasPrefix(framePrefix), name.hasSuffix(".png") else { return false }
        let digits = name.dropFirst(framePrefix.count).dropLast(4)
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let k = Int(digits) else { return false }
        return frameName(k) == name
    }
}
