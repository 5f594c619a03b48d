import Foundation
import TenFootCore

/// Which paths name SwiftUI sources, and the `.swift` files of a folder: what the commands and the window ask
/// before anything is parsed (the reader, loaded only for `.swift` input, walks folders the same way).
public enum SwiftSources {
    /// Whether a path names SwiftUI input: a `.swift` file (or a folder holding some).
    public static func isSwiftSource(_ path: String) -> Bool {
        if path.hasSuffix(".swift") { return true }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue else { return false }
        return !walk(path, recursive: true, stopAtFirst: true).files.isEmpty
    }

    /// The `.swift` files of a folder, sorted (hidden folders and `.build` skipped); see `walk`.
    package static func swiftFiles(in folder: String, recursive: Bool = true) -> [String] {
        walk(folder, recursive: recursive).files
    }

    /// Where the declarations a file uses may be, nearest first: its folder, then the folders below it, then each
    /// folder above with everything under it, up to the project's folder (one holding an `.xcodeproj`, an
    /// `.xcworkspace`, a `Package.swift`, `.git`, or what a repository's top holds, see `isProjectRoot`) when one is
    /// found at most `neighbourhoodLevels` folders up. With no project above, only the file's own folder and those
    /// below it: a file in `/tmp` or `Downloads` must not read every project beside it. An app keeps its models
    /// and shared views in folders of their own; the reader opens one of these files only when a name it needs is
    /// declared there. At most `walkLimit` entries are looked at in all.
    ///
    /// `within`: a folder nothing outside of is read (a replay's copy of a bundle); the walk stops there, and it
    /// counts as the project's top.
    package static func neighbourhood(of file: String, within: String? = nil) -> [String] {
        neighbourhoodWalk(of: file, within: within).files
    }

    /// ``neighbourhood(of:within:)``, and the first folder whose walk stopped at `walkLimit` (its files past
    /// the limit were not looked at), nil when every walk was whole.
    package static func neighbourhoodWalk(of file: String, within: String? = nil) -> (files: [String], cut: String?) {
        let n = neighbourhoodWithTables(of: file, within: within)
        return (n.files, n.cut)
    }

    /// ``neighbourhoodWalk(of:within:)`` with the string tables the same walks found (see
    /// ``stringTables(around:within:)``: the project's, or the file's folder's when no top is found), sorted.
    package static func neighbourhoodWithTables(of file: String, within: String? = nil) -> (
        files: [String], cut: String?, tables: [String]
    ) {
        var out: [String] = []
        var cut: String?
        var seen: Set<String> = [file]
        var tables = Set<String>()
        func take(_ walk: Walk, _ folder: String) {
            if walk.truncated, cut == nil { cut = folder }
            for f in walk.files where seen.insert(f).inserted { out.append(f) }
            tables.formUnion(walk.tables)
        }
        var folder = FilePath.folder(of: file)
        if folder.isEmpty { folder = "." }
        take(walk(folder, recursive: false), folder)
        take(walk(folder, recursive: true), folder)
        // The folders up to the project's top, if there is one close enough.
        guard let above = foldersUpToTheProject(from: folder, within: within) else {
            return (out, cut, tables.sorted())
        }
        for up in above where out.count < walkLimit { take(walk(up, recursive: true), up) }
        return (out, cut, tables.sorted())
    }

    /// `files` ordered as neighbours of `place` (a file or a folder) are: those whose path shares more of its
    /// folders first (paths made absolute and standard, so `./a` and `a` agree), then by path.
    package static func nearestFirst(_ files: [String], to place: String) -> [String] {
        func parts(_ p: String) -> [Substring] {
            URL(fileURLWithPath: p).standardizedFileURL.path.split(separator: "/")
        }
        let here = parts(place)
        func shared(_ f: String) -> Int { zip(parts(f), here).prefix { $0 == $1 }.count }
        return files.map { (shared($0), $0) }.sorted { $0.0 != $1.0 ? $0.0 > $1.0 : $0.1 < $1.1 }.map(\.1)
    }

    /// The folders above `folder` up to the project's top (see ``neighbourhood(of:within:)``), nearest first: empty
    /// when `folder` is the top, nil when no top is found within `neighbourhoodLevels`.
    package static func foldersUpToTheProject(from folder: String, within: String? = nil) -> [String]? {
        var above: [String] = []
        var candidate = folder
        let boundary = within.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        func isBoundary(_ folder: String) -> Bool {
            boundary == URL(fileURLWithPath: folder).standardizedFileURL.path
        }
        var found = isProjectRoot(folder) || isBoundary(folder)
        while !found, above.count < neighbourhoodLevels {
            // Never above the file system's root, nor above the folder the walk is confined to.
            let absolute = URL(fileURLWithPath: candidate).standardizedFileURL.path
            guard absolute != "/", URL(fileURLWithPath: absolute).deletingLastPathComponent().path != "/" else { break }
            if let boundary, !absolute.hasPrefix(boundary + "/") { break }
            candidate = parent(of: candidate)
            above.append(candidate)
            found = isProjectRoot(candidate) || isBoundary(candidate)
        }
        return found ? above : nil
    }

    /// The string tables (`*.lproj/NAME.strings`, `NAME.xcstrings`) of the project a source belongs to: under its
    /// top when one is found (see ``neighbourhood(of:within:)``), else under the source's folder (a folder given is
    /// its own). Sorted; at most `walkLimit` entries are looked at.
    package static func stringTables(around path: String, within: String? = nil) -> [String] {
        var isDir: ObjCBool = false
        let folderGiven = FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
        var folder = folderGiven ? path : FilePath.folder(of: path)
        if folder.isEmpty { folder = "." }
        let root = foldersUpToTheProject(from: folder, within: within)?.last ?? folder
        return walk(root, recursive: true).tables.sorted()
    }

    /// The folder above `folder`, written as the user wrote the path (`Views` → `.`, `.` → `..`, `../x` → `..`,
    /// `..` → `../..`), by its components alone.
    package static func parent(of folder: String) -> String {
        var parts = folder.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let absolute = folder.hasPrefix("/")
        while parts.last == "." { parts.removeLast() }
        if let last = parts.last, last != ".." {
            parts.removeLast()
        } else if !absolute {
            parts.append("..")
        }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// The largest Swift file read (320 KiB: the largest file of the real-app corpus, a generated API client, is
    /// 270 KB; files of 1 MiB took 7–12 s to read in a release build, a 250,000-element array literal or 340,000
    /// attributes); an opened file above it is an error, a neighbour above it is not read.
    package static let maxFileBytes = 320 << 10

    /// The first `maxFileBytes` + 1 bytes of the file at `path` (more says it is too large: a file in `/proc` says it
    /// holds nothing and reads on for gigabytes); nil when it cannot be read.
    package static func contents(of path: String) -> Data? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return try? handle.read(upToCount: maxFileBytes + 1) ?? Data()
    }

    /// How many folders above a file's own the reader looks for the project's top (apps nest views five or six
    /// folders deep: `App tvOS/Views/Settings/Customize/Components/Sections`).
    package static let neighbourhoodLevels = 8

    /// Whether a folder is a project's: it holds an Xcode project or workspace, a Swift package, a git checkout,
    /// or what a repository's top holds (a README or LICENSE, a `.gitignore`, an XcodeGen or CocoaPods file),
    /// as a copy of an app's sources without its project still has.
    static func isProjectRoot(_ folder: String) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
        return names.contains { name in
            let upper = name.uppercased()
            return name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace")
                || ["Package.swift", ".git", ".gitignore", "project.yml", "Podfile"].contains(name)
                || upper.hasPrefix("README") || upper.hasPrefix("LICENSE") || upper.hasPrefix("LICENCE")
        }
    }

    /// The most files and folders a walk looks at: `tenfoot /` or a home folder must not walk the
    /// whole disk (the command-line fuzz target hung on `tenfoot /`). A project's sources are far fewer.
    package static let walkLimit = 20_000

    /// What a walk of a folder found: the `.swift` files in order, and whether it stopped at `walkLimit`.
    package struct Walk {
        package var files: [String] = []
        /// The string tables (`.xcstrings`, and `.strings` in an `.lproj` folder) outside the folders below the walk's
        /// that hold a project of their own (an Xcode project or workspace, a Swift package, a git checkout): another
        /// app's tables are not this one's.
        package var tables: [String] = []
        /// `.swift` names that are links leading nowhere (yet): not read, but a file written where they lead would be.
        package var unresolvedLinks: [String] = []
        /// `.swift` names that are links to folders: not followed (a link to a parent would loop).
        package var folderLinks: [String] = []
        var visited = 0
        package var truncated = false

        package init(files: [String] = []) { self.files = files }
    }

    /// The `.swift` files under `folder`, sorted, hidden folders, `Build` and `DerivedData` skipped.
    /// Links to folders are not followed (a link to a parent would loop); at most `walkLimit` entries
    /// are looked at; `stopAtFirst` ends at the first file (is this a folder of sources?).
    package static func walk(_ folder: String, recursive: Bool, stopAtFirst: Bool = false) -> Walk {
        var w = Walk()
        walk(folder, recursive: recursive, stopAtFirst: stopAtFirst, into: &w)
        return w
    }

    /// `below`: `folder` is below the walk's own; `otherProject`: it is inside a project of its own (its tables are
    /// not gathered).
    private static func walk(
        _ folder: String, recursive: Bool, stopAtFirst: Bool, below: Bool = false, otherProject: Bool = false,
        into w: inout Walk
    ) {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: folder) else { return }
        let otherProject =
            otherProject
            || below
                && names.contains {
                    $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") || $0 == "Package.swift" || $0 == ".git"
                }
        let lproj = folder.hasSuffix(".lproj")
        for name in names.sorted() where !name.hasPrefix(".") {
            if w.truncated || (stopAtFirst && !w.files.isEmpty) { return }
            w.visited += 1
            if w.visited > walkLimit {
                w.truncated = true
                return
            }
            let path = folder == "." ? name : (folder as NSString).appendingPathComponent(name)
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDir) else {
                if name.hasSuffix(".swift"), (try? fm.destinationOfSymbolicLink(atPath: path)) != nil {
                    w.unresolvedLinks.append(path)
                }
                continue
            }
            if isDir.boolValue {
                let isLink = (try? fm.destinationOfSymbolicLink(atPath: path)) != nil
                if isLink, name.hasSuffix(".swift") { w.folderLinks.append(path) }
                if recursive, !isLink, name != "Build", name != "DerivedData" {
                    walk(
                        path, recursive: true, stopAtFirst: stopAtFirst, below: true, otherProject: otherProject,
                        into: &w)
                }
            } else if name.hasSuffix(".swift") {
                w.files.append(path)
            } else if !otherProject, name.hasSuffix(".xcstrings") || lproj && name.hasSuffix(".strings") {
                w.tables.append(path)
            }
        }
    }
}
