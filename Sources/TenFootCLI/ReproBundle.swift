import FocusEngine
import Foundation
import TenFootCore
import TenFootPresentation
import TenFootScene
import TenFootSim

/// A repro bundle: one file that carries a focus bug whole — the scene and every file it names, the
/// input with its ticks, the starting focus and policy, the trace the bundle was made with, the
/// expected and actual focus, and the TenFoot version — so `tenfoot path`, `record`, `screenshot`
/// and `run` replay it on another machine (docs/cli.md, "Repro bundles").
///
/// The container is a POSIX ustar archive (`Tar`), so `tar tf bug.tenfoot` lists it and `tar xf`
/// unpacks it without TenFoot:
///
///     manifest.json            first: what the bundle is (ReproBundle.Manifest)
///     script.txt               the input, one `@tick event` a line
///     trace.jsonl              the steps as `tenfoot path --json` printed them when the bundle was made
///     files/PATH               the scene, the scenes it opens, its images, SwiftUI sources and sidecars,
///                              the input map: their folders as they were, below the folder they share
///     external/N/NAME          files the scene names by absolute path (the manifest maps each path)
///
/// Paths in a replay are the bundle's own: the scene is `PATH` (as below `files/`), so what a replay
/// prints is the same on every machine, and nothing outside the bundle is read.
struct ReproBundle {
    /// `manifest.json`.
    struct Manifest: Codable, Equatable {
        /// Always "tenfoot-bundle": what this file is.
        var format = ReproBundle.formatName
        /// The layout's version (this file's `version`); a newer one is refused with its number.
        var version = ReproBundle.version
        /// The TenFoot that made the bundle (`tenfoot --version`).
        var tenfoot = TenFootVersion.string
        /// The scene: `files/PATH` (a scene file, a .swift file or a folder of them), or `home`.
        var scene: String
        /// For SwiftUI sources: the view or preview opened (`--view`, `--preview`).
        var view: String?
        var preview: String?
        var policy: String
        var appearance: String
        /// `--text-size`: the text size the scene was laid out at (absent in older bundles: large).
        var textSize: String?
        /// `--from`: the focus the input starts at (nil: the scene's initial focus).
        var from: String?
        /// The focus the input starts at, whichever way it was chosen.
        var startFocus: String?
        /// The focus after the last event when the bundle was made.
        var actualFocus: String?
        /// `--expect`: the focus the reporter expected at the end (nil: not said).
        var expectedFocus: String?
        /// `--input-map`: the mapping file (`files/PATH`) `run` opens the window with.
        var inputMap: String?
        var script = ReproBundle.scriptMember
        var trace = ReproBundle.traceMember
        /// Files named by absolute path, and where each is in the bundle.
        var absolute: [AbsoluteFile] = []
        /// How to replay, as the bundle's maker would type it.
        var replay: [String] = []
    }

    struct AbsoluteFile: Codable, Equatable {
        /// The path as the scene names it.
        var reference: String
        /// `external/N/NAME`.
        var member: String
    }

    static let formatName = "tenfoot-bundle"
    static let version = 1
    static let manifestMember = "manifest.json"
    static let scriptMember = "script.txt"
    static let traceMember = "trace.jsonl"
    static let filesFolder = "files/"
    static let externalFolder = "external/"
    static let fileExtension = ".tenfoot"

    /// Bounds on a bundle read from anyone: a scene with its images is a few megabytes; these leave
    /// room for a long live session and large artwork, and stop a hostile file early.
    static let limits = Tar.Limits(maxMembers: 4096, maxMemberBytes: 64 << 20, maxTotalBytes: 256 << 20)
    /// The largest bundle file read (the members' limit plus their headers and padding).
    static let maxFileBytes = (256 << 20) + 4096 * 1024 + 1024
    /// The manifest is small; a megabyte is far beyond any real one.
    static let maxManifestBytes = 1 << 20

    var manifest: Manifest
    /// Every member but the manifest, by name.
    var members: [String: [UInt8]]

    /// Whether `path` names a bundle (by its extension, as every command decides which reader to use).
    static func isBundle(_ path: String) -> Bool { path.lowercased().hasSuffix(fileExtension) }

    // MARK: Writing

    /// The archive: the manifest first, then the script and trace, then every file by name.
    func archive() throws -> [UInt8] {
        let manifestBytes = Array(try CLI.prettyJSON(manifest, escapingSlashes: false)) + [UInt8(ascii: "\n")]
        let rest = members.keys.sorted().map { Tar.Member(name: $0, bytes: members[$0]!) }
        return try Tar.write([Tar.Member(name: Self.manifestMember, bytes: manifestBytes)] + rest)
    }

    // MARK: Reading

    /// The bundle at `path`, checked: every problem is a usage error naming `path` and the byte
    /// offset, or the manifest's `line:column`.
    static func read(path: String) throws(CLIError) -> ReproBundle {
        try read(bytes: try readFile(path), path: path)
    }

    /// A bundle from its bytes, checked as `read(path:)` checks it; `path` names it in messages.
    static func read(bytes: [UInt8], path: String) throws(CLIError) -> ReproBundle {
        let tarMembers: [Tar.Member]
        do { tarMembers = try Tar.read(bytes, limits: limits) } catch {
            throw CLIError.usage("\(path): \(error): not a readable TenFoot bundle")
        }
        guard let first = tarMembers.first, first.name == manifestMember else {
            throw CLIError.usage(
                "\(path): offset 0: the first member is \(tarMembers.first.map { quoted($0.name) } ?? "missing"), not \(manifestMember): not a TenFoot bundle"
            )
        }
        let manifestFile = "\(path):\(manifestMember)"
        let (manifest, places) = try decodeManifest(first.bytes, file: manifestFile)
        var members: [String: [UInt8]] = [:]
        for m in tarMembers.dropFirst() {
            guard
                m.name == scriptMember || m.name == traceMember || m.name.hasPrefix(filesFolder)
                    || m.name.hasPrefix(externalFolder)
            else {
                throw CLIError.usage(
                    "\(path): the member \(quoted(m.name)) is not part of a bundle (only \(scriptMember), \(traceMember), \(filesFolder)… and \(externalFolder)…)"
                )
            }
            members[m.name] = m.bytes
        }
        let bundle = ReproBundle(manifest: manifest, members: members)
        try bundle.checkReferences(file: manifestFile, places: places)
        return bundle
    }

    /// Reads at most `maxFileBytes` of a regular file.
    static func readFile(_ path: String) throws(CLIError) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw CLIError.usage("\(path): cannot read the bundle (missing or unreadable)")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw CLIError.usage("\(path): cannot read the bundle (not a regular file)")
        }
        guard Int(info.st_size) <= maxFileBytes else {
            throw CLIError.usage(
                "\(path): the bundle is \(byteCount(Int(info.st_size))); the limit is \(byteCount(maxFileBytes))")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CLIError.usage("\(path): cannot read the bundle (missing or unreadable)")
        }
        defer { try? handle.close() }
        // An empty file reads as nil: it is read as empty, and the bundle's reader says what is missing.
        let data: Data
        do { data = try handle.read(upToCount: maxFileBytes + 1) ?? Data() } catch {
            throw CLIError.usage("\(path): cannot read the bundle (\(error.localizedDescription))")
        }
        guard data.count <= maxFileBytes else {
            throw CLIError.usage(
                "\(path): the bundle grew past the limit of \(byteCount(maxFileBytes)) while it was read")
        }
        return Array(data)
    }

    /// The manifest, every key checked: wrong types, unknown keys and missing ones at their `line:column`; with the
    /// place of each key's value (and of each `absolute[k]` entry), where ``checkReferences(file:places:)`` reports.
    static func decodeManifest(_ bytes: [UInt8], file: String) throws(CLIError) -> (
        Manifest, places: [String: SourceLocation]
    ) {
        var problems: [Diagnostic] = []
        let json: JSON
        do {
            guard bytes.count <= maxManifestBytes else {
                throw Diagnostic(file: file, at: .start, "the manifest is larger than \(byteCount(maxManifestBytes))")
            }
            let text = try UTF8Text.decode(bytes, file: file)
            json = try JSONParser.parse(
                text, file: file, limits: JSONParser.Limits(maxBytes: maxManifestBytes, maxDepth: 8))
        } catch {
            throw CLIError.usage("cannot read the bundle's manifest:\n\(error)")
        }
        guard let object = json.members else {
            throw CLIError.usage("\(Diagnostic(file: file, at: json.location, "the manifest is not a JSON object"))")
        }
        let known = [
            "format", "version", "tenfoot", "scene", "view", "preview", "policy", "appearance", "textSize", "from",
            "startFocus",
            "actualFocus", "expectedFocus", "inputMap", "script", "trace", "absolute", "replay",
        ]
        for m in object where !known.contains(m.key) {
            problems.append(Diagnostic(file: file, at: m.keyLocation, "unknown key \(quoted(m.key)) in the manifest"))
        }
        // A key given twice would be read as its first: a manifest that says two things is refused.
        for m in JSON.repeatedMembers(object) {
            problems.append(
                Diagnostic(file: file, at: m.keyLocation, "key \(quoted(m.key)) appears twice in the manifest"))
        }
        func string(_ key: String, required: Bool) -> String? {
            guard let v = json[key], !v.isNull else {
                if required {
                    problems.append(Diagnostic(file: file, at: json.location, "the manifest has no \(quoted(key))"))
                }
                return nil
            }
            guard let s = v.string else {
                problems.append(
                    Diagnostic(file: file, at: v.location, "\(quoted(key)) must be a string, got \(v.shortDescription)")
                )
                return nil
            }
            return s
        }
        if let format = string("format", required: true), format != formatName {
            problems.append(
                Diagnostic(
                    file: file, at: json["format"]!.location,
                    "\"format\" is \(quoted(format)), not \(quoted(formatName)): not a TenFoot bundle"))
        }
        var version = 0
        if let v = json["version"] {
            if let n = v.number, n == n.rounded(), n >= 1, n <= 1_000_000 {
                version = Int(n)
            } else {
                problems.append(
                    Diagnostic(
                        file: file, at: v.location,
                        "\"version\" must be a whole number from 1, got \(v.shortDescription)"))
            }
            if version > Self.version {
                problems.append(
                    Diagnostic(
                        file: file, at: v.location,
                        "the bundle's version is \(version); this TenFoot reads version \(Self.version) (the bundle says it was made by TenFoot \(string("tenfoot", required: false) ?? "unknown"))"
                    ))
            }
        } else {
            problems.append(Diagnostic(file: file, at: json.location, "the manifest has no \"version\""))
        }
        var absolute: [AbsoluteFile] = []
        if let list = json["absolute"] {
            if let items = list.array {
                for item in items {
                    if let r = item["reference"]?.string, let m = item["member"]?.string, item.members?.count == 2 {
                        // One member for one reference: a second entry for either says two things of one file.
                        if absolute.contains(where: { $0.reference == r || $0.member == m }) {
                            problems.append(
                                Diagnostic(
                                    file: file, at: item.location,
                                    "\"absolute\" names \(absolute.contains { $0.reference == r } ? "the reference \(quoted(r))" : "the member \(quoted(m))") twice"
                                ))
                        }
                        absolute.append(AbsoluteFile(reference: r, member: m))
                    } else {
                        problems.append(
                            Diagnostic(
                                file: file, at: item.location,
                                "each \"absolute\" entry is {\"reference\": PATH, \"member\": NAME}"))
                    }
                }
            } else {
                problems.append(Diagnostic(file: file, at: list.location, "\"absolute\" must be a list"))
            }
        }
        var replay: [String] = []
        if let list = json["replay"] {
            if let items = list.array, items.allSatisfy({ $0.string != nil }) {
                replay = items.compactMap(\.string)
            } else {
                problems.append(Diagnostic(file: file, at: list.location, "\"replay\" must be a list of strings"))
            }
        }
        let policy = string("policy", required: true) ?? "tvos"
        if let v = json["policy"], FocusPolicy(rawValue: policy) == nil {
            problems.append(
                Diagnostic(file: file, at: v.location, "unknown policy \(quoted(policy)) (tvos, android or web)"))
        }
        let appearance = string("appearance", required: true) ?? "dark"
        if let v = json["appearance"], Appearance(rawValue: appearance) == nil {
            problems.append(
                Diagnostic(file: file, at: v.location, "unknown appearance \(quoted(appearance)) (dark or light)"))
        }
        let textSize = string("textSize", required: false)
        if let v = json["textSize"], let name = textSize, TextSize(name: name) == nil {
            problems.append(
                Diagnostic(
                    file: file, at: v.location,
                    "unknown text size \(quoted(name)) (\(TextSize.names.joined(separator: ", ")))"))
        }
        // Focus is named by an id, as in the scene: a line of invisible or overlong text would print as something else.
        for key in ["startFocus", "actualFocus", "expectedFocus"] {
            guard let v = json[key], let s = v.string, let why = Self.focusProblem(s, expected: key == "expectedFocus")
            else { continue }
            problems.append(Diagnostic(file: file, at: v.location, "\(quoted(key)) \(why), got \(v.shortDescription)"))
        }
        let manifest = Manifest(
            tenfoot: string("tenfoot", required: true) ?? "", scene: string("scene", required: true) ?? "",
            view: string("view", required: false), preview: string("preview", required: false),
            policy: policy, appearance: appearance, textSize: textSize, from: string("from", required: false),
            startFocus: string("startFocus", required: false), actualFocus: string("actualFocus", required: false),
            expectedFocus: string("expectedFocus", required: false), inputMap: string("inputMap", required: false),
            script: string("script", required: true) ?? "", trace: string("trace", required: true) ?? "",
            absolute: absolute, replay: replay)
        guard problems.isEmpty else {
            throw CLIError.usage("cannot read the bundle's manifest:\n" + Diagnostics(problems).description)
        }
        var places = ["": json.location]
        for m in object { places[m.key] = m.value.location }
        for (k, item) in (json["absolute"]?.array ?? []).enumerated() { places["absolute[\(k)]"] = item.location }
        return (manifest, places)
    }

    /// Why `s` cannot name a focus in a manifest, or nil: an id (1 to 200 characters, no spaces, control or invisible
    /// characters, not beginning with "(" or "$"); an expected focus may also be `(nothing)`, as outputs print no focus.
    static func focusProblem(_ s: String, expected: Bool) -> String? {
        if expected, s == "(nothing)" { return nil }
        if !s.isEmpty, SceneLimits.length(s) <= SceneLimits.maxIDLength, SceneDecoder.isPrintableID(s),
            !s.hasPrefix("("),
            !s.hasPrefix("$")
        {
            return nil
        }
        return
            "must be an id (1 to \(SceneLimits.maxIDLength) characters, no spaces, control or invisible characters, not beginning with \"(\" or \"$\")\(expected ? " or (nothing)" : "")"
    }

    /// Every member the manifest names is in the bundle (the scene may be a folder of sources); each problem at the
    /// `line:column` of the manifest's value that names it (`places`, from ``decodeManifest(_:file:)``).
    func checkReferences(file: String, places: [String: SourceLocation]) throws(CLIError) {
        var problems: [Diagnostic] = []
        func problem(_ key: String, _ message: String) {
            problems.append(Diagnostic(file: file, at: places[key] ?? places[""] ?? .start, message))
        }
        func need(_ name: String, _ what: String, at key: String) {
            if members[name] == nil { problem(key, "the \(what) \(quoted(name)) is not in the bundle") }
        }
        // The script and the trace have fixed names: another name is that mistake, whether or not a member has it.
        if manifest.script != Self.scriptMember || manifest.trace != Self.traceMember {
            problem(
                manifest.script != Self.scriptMember ? "script" : "trace",
                "\"script\" and \"trace\" are \(Self.scriptMember) and \(Self.traceMember) in version \(Self.version)")
        } else {
            need(manifest.script, "script", at: "script")
            need(manifest.trace, "trace", at: "trace")
        }
        if manifest.scene != "home" {
            if !manifest.scene.hasPrefix(Self.filesFolder) {
                problem("scene", "the scene \(quoted(manifest.scene)) is not below \(Self.filesFolder)")
            } else if members[manifest.scene] == nil,
                !members.keys.contains(where: { $0.hasPrefix(manifest.scene + "/") })
            {
                problem("scene", "the scene \(quoted(manifest.scene)) is not in the bundle")
            }
        }
        if let map = manifest.inputMap { need(map, "input map", at: "inputMap") }
        for (k, a) in manifest.absolute.enumerated() {
            if !a.reference.hasPrefix("/") {
                problem("absolute[\(k)]", "the absolute reference \(quoted(a.reference)) is not an absolute path")
            }
            if !a.member.hasPrefix(Self.externalFolder) {
                problem("absolute[\(k)]", "\(quoted(a.member)) is not below \(Self.externalFolder)")
            }
            need(a.member, "file", at: "absolute[\(k)]")
        }
        guard problems.isEmpty else {
            // At most as many as a report lists (1,000 bad "absolute" entries printed 340 KB).
            throw CLIError.usage(Diagnostics(problems).description)
        }
    }

    /// The script: its text parsed as `record --script` parses a file (`BUNDLE:script.txt:line:column` errors).
    func script(file: String) throws(CLIError) -> InputScript {
        let name = "\(file):\(manifest.script)"
        do {
            let text = try UTF8Text.decode(members[manifest.script] ?? [], file: name)
            return try InputScriptParser.parse(text, file: name)
        } catch { throw CLIError.usage("\(error)") }
    }

    /// The trace's lines as made (the `path --json` lines of the bundle's own replay).
    var traceLines: [String] {
        String(decoding: members[manifest.trace] ?? [], as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// The line of the trace member each of ``traceLines`` is on, from 1 (blank lines are not events).
    var traceLineNumbers: [Int] {
        String(decoding: members[manifest.trace] ?? [], as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .compactMap { $0.element.isEmpty ? nil : $0.offset + 1 }
    }
}

/// Paths inside a bundle: `/`-separated, with `.` and `..` taken lexically (a bundle has no links).
enum BundlePath {
    /// `path` with `.` and empty components dropped and `..` applied; nil when it climbs above its start.
    static func normalized(_ path: String) -> String? {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if parts.isEmpty { return nil }
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        return parts.joined(separator: "/")
    }

    /// The folder of a `/`-separated path ("" at the top).
    static func folder(_ path: String) -> String {
        guard let k = path.lastIndex(of: "/") else { return "" }
        return String(path[..<k])
    }

    /// `a/b` joined to `c` (either may be empty).
    static func join(_ a: String, _ b: String) -> String { a.isEmpty ? b : (b.isEmpty ? a : a + "/" + b) }
}
