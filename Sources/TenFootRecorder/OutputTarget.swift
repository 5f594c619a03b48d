import Foundation

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
        if path.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue) {
            self = .pngFrames; return
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
/// destination, renamed into place only when everything succeeded. An interrupted or failed
/// recording removes the temporary and leaves any previous output untouched.
/// `@unchecked Sendable` (the Ctrl-C handler discards it from another thread): the only state that
/// changes after `init`, `settled`, is used under `lock`.
public final class OutputTarget: @unchecked Sendable {
    public let destination: String
    public let format: OutputFormat
    /// The temporary file (video) or folder (frames) being written.
    public let partial: String
    private let lock = NSLock()
    private var settled = false
    /// The frames folder did not exist before: discarding removes it again.
    private var createdFolder = false

    /// Prefix of frame files in a frames folder.
    public static let framePrefix = "frame-"

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
            partial = url.appendingPathComponent(".tenfoot-partial-\(pid)").path
            do { try fm.createDirectory(atPath: partial, withIntermediateDirectories: false) } catch {
                throw .cannotWrite("cannot write into \(trimmed): \(error.localizedDescription)")
            }
        default:
            let folder = url.deletingLastPathComponent().path
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: folder, isDirectory: &isDir), isDir.boolValue else {
                throw .missingFolder(folder)
            }
            partial = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial-\(pid)").path
            guard fm.createFile(atPath: partial, contents: nil) else {
                throw .cannotWrite("cannot write into \(folder) (permission denied or disk full)")
            }
        }
    }

    /// The path of frame `k` inside the temporary folder.
    public func framePath(_ k: Int) -> String {
        (partial as NSString).appendingPathComponent(OutputTarget.frameName(k))
    }

    public static func frameName(_ k: Int) -> String {
        OutputTarget.framePrefix + String(repeating: "0", count: max(0, 5 - String(k).count)) + String(k) + ".png"
    }

    /// Moves the finished output into place (a file by one rename; frames one rename each, after the
    /// previous recording's frames in that folder are removed).
    public func commit() throws(RecordingError) {
        lock.lock(); defer { lock.unlock() }
        guard !settled else { return }
        settled = true
        let fm = FileManager.default
        switch format {
        case .pngFrames:
            do {
                let old = try fm.contentsOfDirectory(atPath: destination).filter { OutputTarget.isFrameName($0) }
                for name in old { try fm.removeItem(atPath: (destination as NSString).appendingPathComponent(name)) }
                for name in try fm.contentsOfDirectory(atPath: partial).sorted() {
                    guard rename((partial as NSString).appendingPathComponent(name), (destination as NSString).appendingPathComponent(name)) == 0 else {
                        throw RecordingError.cannotWrite("cannot move \(name) into \(destination): \(String(cString: strerror(errno)))")
                    }
                }
                try fm.removeItem(atPath: partial)
            } catch let e as RecordingError {
                throw e
            } catch {
                throw .cannotWrite("cannot finish \(destination): \(error.localizedDescription)")
            }
        default:
            guard rename(partial, destination) == 0 else {
                let why = String(cString: strerror(errno))
                try? fm.removeItem(atPath: partial)
                throw .cannotWrite("cannot move the recording to \(destination): \(why)")
            }
        }
    }

    /// Deletes the temporary output (safe to call more than once, from any thread).
    public func discard() {
        lock.lock(); defer { lock.unlock() }
        guard !settled else { return }
        settled = true
        try? FileManager.default.removeItem(atPath: partial)
        if createdFolder { rmdir(destination) }
    }

    static func isFrameName(_ name: String) -> Bool {
        name.hasPrefix(framePrefix) && name.hasSuffix(".png") && name.dropFirst(framePrefix.count).dropLast(4).allSatisfy(\.isNumber)
    }
}
