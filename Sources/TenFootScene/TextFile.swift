import Foundation
import TenFootCore

/// Reads a text file that a user hands to TenFoot (a scene, a mapping file, an input script): at most
/// `maxBytes` are read — a 10 GB file or a device that never ends is refused after the limit, not
/// read into memory — and the bytes must be UTF-8, reported at the first bad one.
public enum TextFile {
    /// The text of the file at `path`; `what` names the kind of file in messages ("mapping file").
    public static func read(path: String, maxBytes: Int, what: String = "file") throws(Diagnostic) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw Diagnostic(file: path, at: .start, "cannot read the \(what) (missing or unreadable)")
        }
        defer { try? handle.close() }
        let data: Data
        do { data = try handle.read(upToCount: maxBytes + 1) ?? Data() } catch {
            throw Diagnostic(file: path, at: .start, "cannot read the \(what) (\(isFolder(path) ? "it is a folder" : "read error"))")
        }
        guard data.count <= maxBytes else {
            throw Diagnostic(file: path, at: .start, "the \(what) is larger than the limit of \(byteCount(maxBytes))")
        }
        return try UTF8Text.decode(Array(data), file: path)
    }

    static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }
}
