import Foundation
import TenFootCore

/// Reads a text file that a user hands to TenFoot (a scene, a mapping file, an input script): only a
/// regular file (a pipe would block the reader, a device may never end), at most `maxBytes` of it —
/// a 10 GB file is refused after the limit, not read into memory — and its bytes must be UTF-8,
/// reported at the first bad one.
public enum TextFile {
    /// The text of the file at `path` (symbolic links followed); `what` names the kind of file in
    /// messages ("mapping file").
    public static func read(path: String, maxBytes: Int, what: String = "file") throws(Diagnostic) -> String {
        try UTF8Text.decode(try bytes(path: path, maxBytes: maxBytes, what: what), file: path)
    }

    /// What `path` is when it is there and not a regular file (links followed), as the readers say it; nil for a
    /// regular file or none.
    public static func special(_ path: String) -> String? {
        var info = stat()
        return stat(path, &info) == 0 ? special(info) : nil
    }

    static func special(_ info: stat) -> String? {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "it is a folder"
        default: return "not a regular file: a device, a pipe or a socket"
        }
    }

    /// The bytes of the file at `path`, under the same rules (a regular file, at most `maxBytes`).
    public static func bytes(path: String, maxBytes: Int, what: String = "file") throws(Diagnostic) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            // A loop of links is not a missing file: said so (the rest as before).
            let why = errno == ELOOP ? "it \(FilePath.absence(errno: ELOOP))" : "missing or unreadable"
            throw Diagnostic(file: path, at: .start, "cannot read the \(what) (\(why))")
        }
        if let kind = special(info) { throw Diagnostic(file: path, at: .start, "cannot read the \(what) (\(kind))") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw Diagnostic(file: path, at: .start, "cannot read the \(what) (missing or unreadable)")
        }
        defer { try? handle.close() }
        let data: Data
        do { data = try handle.read(upToCount: maxBytes + 1) ?? Data() } catch {
            throw Diagnostic(file: path, at: .start, "cannot read the \(what) (read error)")
        }
        guard data.count <= maxBytes else {
            throw Diagnostic(file: path, at: .start, "the \(what) is larger than the limit of \(byteCount(maxBytes))")
        }
        return Array(data)
    }
}
