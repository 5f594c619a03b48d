/// Paths as text, for the few questions TenFoot asks of them. Foundation's
/// `NSString.deletingLastPathComponent` traps on a one-character relative path ("a", "a/") in the
/// toolchain this project builds with (swift-corelibs-foundation 6.3.1), and a command-line argument
/// can be exactly that: the command-line fuzz target found it within seconds.
public enum FilePath {
    /// The folder part of `path`: "a/b.json" → "a", "b.json" → "", "/b" → "/", "a/b/" → "a",
    /// "a//b" → "a". Trailing slashes do not count, as in `NSString.deletingLastPathComponent`.
    public static func folder(of path: String) -> String {
        let rooted = path.hasPrefix("/")
        var rest = Substring(path)
        while rest.count > 1, rest.hasSuffix("/") { rest = rest.dropLast() }
        guard let slash = rest.lastIndex(of: "/") else { return "" }
        var folder = rest[..<slash]
        while folder.hasSuffix("/") { folder = folder.dropLast() }
        return folder.isEmpty && rooted ? "/" : String(folder)
    }

    /// `path` made absolute against `base` and with its `.`, `..` and empty components removed, by its text
    /// alone: no file is looked at (Foundation's `standardizedFileURL` stats the path, which asks the file
    /// system about a file that may be one TenFoot must not touch). `..` at the root stays at the root.
    public static func lexicallyAbsolute(_ path: String, base: String) -> String {
        let whole = path.hasPrefix("/") ? path : base + "/" + path
        var parts: [Substring] = []
        for part in whole.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                _ = parts.popLast()
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Whether `path` is `folder` or inside it, both as `lexicallyAbsolute` gives them.
    public static func isInside(_ path: String, _ folder: String) -> Bool {
        folder == "/" || path == folder || path.hasPrefix(folder + "/")
    }
}
