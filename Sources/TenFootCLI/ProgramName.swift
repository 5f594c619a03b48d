import Foundation
import TenFootCore

/// How to type this program again: commands that TenFoot suggests (no display, "see --help") must work as
/// printed, and right after `make` the binary is `.build/debug/tenfoot`, not a `tenfoot` on the PATH.
enum ProgramName {
    /// `tenfoot` when that name on the PATH is this program; otherwise the path it was started by, relative to
    /// the current folder when it lies inside it (`.build/debug/tenfoot`), quoted for the shell when needed.
    static let typed: String = {
        let env = ProcessInfo.processInfo.environment
        return typed(
            argv0: CommandLine.arguments.first ?? "tenfoot", executable: Executable.path(),
            path: env["PATH"] ?? "", currentDirectory: FileManager.default.currentDirectoryPath)
    }()

    /// The rule of `typed`, with its inputs given (tests).
    static func typed(argv0: String, executable: String?, path: String, currentDirectory: String) -> String {
        let fm = FileManager.default
        func real(_ p: String) -> String {
            URL(fileURLWithPath: p, relativeTo: URL(fileURLWithPath: currentDirectory + "/")).resolvingSymlinksInPath()
                .path
        }
        let me = real(executable ?? argv0)
        // The first `tenfoot` on the PATH is the one the shell runs: it will do only if it is this program.
        if let first = path.split(separator: ":").map({ String($0) + "/tenfoot" }).first(where: {
            fm.isExecutableFile(atPath: $0)
        }),
            real(first) == me
        {
            return "tenfoot"
        }
        // The path as typed (it works from here), an absolute one shortened when it lies inside this folder.
        var shown = argv0.contains("/") ? argv0 : (executable ?? argv0)
        let cwd = currentDirectory.hasSuffix("/") ? currentDirectory : currentDirectory + "/"
        if shown.hasPrefix(cwd) { shown = String(shown.dropFirst(cwd.count)) }
        if !shown.contains("/") { shown = "./" + shown }
        return quoted(shown)
    }

    /// A word as the shell reads it back: bare when it is safe, in single quotes otherwise.
    static func quoted(_ word: String) -> String {
        let safe = word.allSatisfy { $0.isLetter || $0.isNumber || "/._-+=:,@%".contains($0) }
        return safe && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
