import FocusEngine
import Foundation
import TenFootCore
import TenFootInput
import TenFootPresentation
import TenFootRaster
import TenFootRecorder
import TenFootSDL
import TenFootScene
import TenFootSim
import TenFootSwiftUI

/// `tenfoot bundle`: a repro bundle — one file with the scene, every file it names, the input with
/// its ticks, the trace, the expected and actual focus — that `path`, `record`, `screenshot` and
/// `run` replay on any machine (ReproBundle).
enum BundleCommand: Command {
    static let out = OptionDeclaration.option(
        "--out", "FILE.tenfoot", .file(extensions: ["tenfoot"]), help: "the bundle to write (its folder must exist)",
        check: { out in
            guard ReproBundle.isBundle(out) else {
                return "--out must name a .tenfoot file, got \(quoted(out, quote: "", limit: 80))"
            }
            return CLI.missingFolder(of: out).map { "--out: \($0)" }
        }
    ).required
    static let expect = OptionDeclaration.option(
        "--expect", "ID", .nodeID,
        help: "the focus you expected at the end (the bundle records it beside the actual focus)")

    static let declaration = CommandDeclaration(
        name: "bundle",
        summary: "write a repro bundle that replays on any machine",
        arguments: [CommonOptions.scene],
        options: [
            CommonOptions.from, CommonOptions.moves, CommonOptions.script, CommonOptions.gap, out, expect,
            CommonOptions.policy, CommonOptions.appearance, CommonOptions.textSize,
            RunCommand.inputMap.help("the input map `run` opens the bundle's window with"),
        ]
            + CommonOptions.swiftUI,
        groups: [CaptureInput.inputGroup(required: true), CommonOptions.swiftUIGroup],
        discussion: """
            Writes one file with the scene and every file it names (scenes opened by `open` actions, images, \
            SwiftUI sources and their sidecars, the input map), the input with its ticks, the starting focus and \
            policy, the trace, the expected and actual focus and the TenFoot version. `tenfoot path bug.tenfoot` \
            replays the focus path (exit 1 if it differs from the bundle's trace), `record` and `screenshot` draw \
            byte-identical PNGs on any machine, `run` opens the window where the input leaves it. A bundle is a \
            ustar archive (tar tf lists it): docs/bundles.md.
            """)

    static func run(_ p: ParsedArguments) throws -> Int32 {
        // Ctrl-C, SIGTERM or SIGHUP: the bundle is not written (its temporary goes), and the exit is 130.
        let cancellation = Cancellation()
        let pending = PendingOutputs()
        Interrupts.install(cancellation) { pending.discard() }
        let destination = p.value(out)!
        let scenePath = p.positional[0]
        if ReproBundle.isBundle(scenePath) {
            throw CLIError.usage("\(scenePath) is already a bundle; give the scene it was made from")
        }
        var script = try readScript(p)
        // The starting focus lives in the manifest (--from, else the script's `from` line), not twice.
        let start = CLI.start(p, script)
        let from = start.id
        script.from = nil
        // Checked between the steps, and between the files read: an interrupt stops the bundle in order, well before
        // the deadline's emergency exit (reading four 60 MB pictures once ran past it).
        func stopIfInterrupted() throws(CLIError) {
            if cancellation.isCancelled { throw CLIError(message: "interrupted", code: ExitCode.interrupted) }
        }
        // What the manifest's reader takes: a bundle its own reader refuses would be lost work.
        if let expected = p.value(expect), let why = ReproBundle.focusProblem(expected, expected: true) {
            throw CLIError.usage("--expect \(why), got \(quoted(expected, limit: 60))")
        }
        let loaded = try CLI.load(scenePath, p)
        try stopIfInterrupted()
        // An item that is not there is said where it is named (the option, or the script's line), before the replay.
        if from != nil {
            _ = try CLI.makeSimulator(
                loaded.scene, source: scenePath, policy: p.policy, from: from, fromPlace: start.place)
        }
        // The input map is read as `run` will read it from the bundle: one it would refuse is refused now.
        if let map = p.value(RunCommand.inputMap) {
            do { _ = try InputMapping.load(path: map, knownKeys: SDLInput.knownKeyNames) } catch {
                throw CLIError(message: "cannot load the input map:\n\(error)", code: ExitCode.usage)
            }
        }
        var files = try BundleFiles.collect(
            scenePath: scenePath, scene: loaded.scene, inputMap: p.value(RunCommand.inputMap), into: destination,
            shouldStop: { cancellation.isCancelled })
        try stopIfInterrupted()

        var manifest = ReproBundle.Manifest(
            scene: files.sceneMember, view: p.swiftUI.view, preview: p.swiftUI.preview,
            policy: p.policy.rawValue, appearance: p.appearance.rawValue, textSize: loaded.scene.textSize.rawValue,
            from: from,
            expectedFocus: p.value(expect), inputMap: files.inputMapMember, absolute: files.absolute)
        files.members[ReproBundle.scriptMember] = Array(script.timedText.utf8)
        files.members[ReproBundle.traceMember] = []
        // The trace and the actual focus come from a replay of the bundle itself, so what is recorded
        // is what every replay of it must print.
        let bundle = ReproBundle(manifest: manifest, members: files.members)
        let opened = OpenedBundle(path: destination, bundle: bundle)
        defer { opened.removeCopy() }
        var scene = loaded.scene
        if !opened.isHome { scene.file = opened.sceneFile }
        try stopIfInterrupted()
        let sim = try opened.simulator(scene)
        try stopIfInterrupted()
        manifest.startFocus = sim.focused
        var player = ScriptPlayer(simulator: sim, script: script)
        let steps = player.playToEnd()
        try CLI.checkPlayed(player)
        manifest.actualFocus = steps.last?.focus ?? sim.focused
        let name = ProgramName.quoted((destination as NSString).lastPathComponent)
        // As typed anywhere TenFoot is installed (not this build's path: the bundle travels).
        manifest.replay = ["tenfoot path \(name)", "tenfoot record \(name) --out frames/", "tenfoot run \(name)"]
        files.members[ReproBundle.traceMember] = Array(try steps.map { try JSONLine.encode($0) + "\n" }.joined().utf8)

        try stopIfInterrupted()
        let bytes = try ReproBundle(manifest: manifest, members: files.members).archive()
        try stopIfInterrupted()
        guard bytes.count <= ReproBundle.maxFileBytes else {
            throw CLIError.usage(
                "the bundle would be \(byteCount(bytes.count)); the limit is \(byteCount(ReproBundle.maxFileBytes)) (large images?)"
            )
        }
        do throws(RecordingError) {
            let file = try OutputFiles.stage(bytes, to: destination, registering: pending.add)
            // Interrupted while it was made: nothing is put in place.
            if cancellation.isCancelled {
                file.discard()
                Interrupts.sayInterrupted(leadingNewline: true)
                return ExitCode.interrupted
            }
            try OutputFiles.commit([file])
            pending.clear()
        } catch { throw error.cliError }
        let count = files.members.count - 2
        let expected = manifest.expectedFocus.map { "; expected \($0)" } ?? ""
        CLI.printText(
            "\(destination): \(count) file\(count == 1 ? "" : "s"), \(script.entries.count) event\(script.entries.count == 1 ? "" : "s"), "
                + "focus \(manifest.startFocus ?? "(nothing)") → \(manifest.actualFocus ?? "(nothing)")\(expected)")
        if !files.missing.isEmpty {
            CLI.printText(
                "not bundled (replays show them missing, as here): "
                    + files.missing.prefix(20).map { "\(quoted($0.reference)) (\($0.why))" }.joined(separator: ", ")
                    // 1,000 of them made a line of 36 KB.
                    + (files.missing.count > 20 ? ", and \(files.missing.count - 20) more" : ""))
        }
        CLI.printText("replay: \(ProgramName.typed) path \(ProgramName.quoted(destination))")
        return 0
    }

    /// --moves or --script, as `record` reads them.
    static func readScript(_ p: ParsedArguments) throws -> InputScript {
        let gap = p.duration(CommonOptions.gap) ?? InputScriptParser.defaultGap
        if let moves = p.value(CommonOptions.moves) {
            do { return try InputScriptParser.parse(moves, gap: gap, file: "--moves") } catch {
                throw CLIError.usage(error.description)
            }
        }
        let file = p.value(CommonOptions.script)!
        let text: String
        do { text = try TextFile.read(path: file, maxBytes: InputScriptParser.maxBytes, what: "script") } catch {
            throw CLIError.usage(error.description)
        }
        do { return try InputScriptParser.parse(text, gap: gap, file: file) } catch {
            throw CLIError.usage(error.description)
        }
    }
}

/// The files a scene names, gathered for a bundle: each under `files/` at its path below the folder
/// they all share, or under `external/` when the scene names it by an absolute path.
struct BundleFiles {
    var members: [String: [UInt8]] = [:]
    var sceneMember = "home"
    var inputMapMember: String?
    var absolute: [ReproBundle.AbsoluteFile] = []
    /// References to files not carried, as written, each with why ("missing or unreadable", a special file,
    /// over the member limit, a file of the system's /proc), sorted.
    var missing: [(reference: String, why: String)] = []

    /// A file found on disk: how the scene names it, and where it is.
    private struct Found {
        var reference: String
        var absolutePath: String
        var bytes: [UInt8]
    }

    /// `destination`: the bundle being written. A scene that names it (as an image, or a scene to open) would
    /// carry the bundle into itself, a copy more each time it is made again: refused.
    /// `shouldStop`: asked before each file is read; when it says so, the files found so far are returned (the caller
    /// stops).
    static func collect(
        scenePath: String, scene: Scene, inputMap: String?, into destination: String,
        shouldStop: () -> Bool = { false }
    ) throws -> BundleFiles {
        var out = BundleFiles()
        var itself: String?
        let isHome = scenePath == "home" && !FileManager.default.fileExists(atPath: scenePath)
        var relative: [Found] = []  // reached from the scene's own folder: kept below the folder they share
        var byAbsolute: [Found] = []  // named by an absolute path (or relative to such a file): kept by that path
        var missing: [String: String] = [:]
        /// The highest folder each relative file's path passes through as written.
        var climbs = Set<String>()
        func add(_ reference: String, at path: String, byAbsolutePath: Bool, picture: Bool = false) -> Bool {
            if shouldStop() { return false }
            if isWrittenOver(path, by: destination) {
                if itself == nil { itself = reference }
                return false
            }
            // The file system stops a climb at `/`; a replay, following the path through the bundle's folders, cannot
            // (it failed as "cannot bundle files/: it has an empty or \".\" folder in its path").
            if !byAbsolutePath,
                BundlePath.normalized(
                    path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
                    == nil
            {
                if missing[reference] == nil {
                    missing[reference] =
                        "its path climbs above the root folder (more ../ than folders): name it with fewer"
                }
                return false
            }
            let bytes: [UInt8]
            switch carried(path) {
            case .success(let b): bytes = b
            case .failure(let why):
                if missing[reference] == nil { missing[reference] = why.reason }
                return false
            }
            // A picture is carried only when it is one (a PNG, a JPEG, or an .lsr's ZIP): a scene naming /etc/shadow
            // or a private key as an image carried it into the bundle that is shared. The replay draws such a file
            // missing, as here.
            if picture, ImageHeader.size(bytes: Array(bytes.prefix(64 << 10))) == nil,
                !bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
            {
                if missing[reference] == nil { missing[reference] = "not a PNG, JPEG or .lsr" }
                return false
            }
            let f = Found(reference: reference, absolutePath: absolute(path), bytes: bytes)
            if !byAbsolutePath { climbs.insert(highestFolder(path)) }
            if byAbsolutePath {
                if !byAbsolute.contains(where: { $0.reference == reference }) { byAbsolute.append(f) }
            } else if !relative.contains(where: { $0.absolutePath == f.absolutePath }) {
                relative.append(f)
            }
            return true
        }

        // The scene: a file, or SwiftUI sources with their sidecars.
        if !isHome {
            if SceneSource.isSwiftUI(scenePath) {
                for file in SceneSource.watchList(scenePath) { _ = add(file, at: file, byAbsolutePath: false) }
                // A source or sidecar that is a link leading nowhere yet would lead to the bundle once written.
                for link in SceneSource.unresolvedLinks(scenePath) where itself == nil {
                    if isWrittenOver(link, by: destination) { itself = link }
                }
            } else {
                _ = add(scenePath, at: scenePath, byAbsolutePath: false)
            }
        }
        // Scenes reached by `open`, followed through the scenes they open. Each is read from its path on
        // disk; whether a replay finds it by an absolute path (the manifest's table) or below `files/`
        // depends on how it was reached, as the simulator resolves an `open` against the opening scene's path.
        var queue: [(scene: Scene, disk: String, absoluteName: String?)] = [(scene, scenePath, nil)]
        var seen = Set<String>()
        var images = Set(scene.imagePaths)
        while let (s, disk, absoluteName) = queue.popLast() {
            for file in s.openedFiles {
                // Beside a scene in the current folder, the name as the scene writes it (it was said `./next.json`).
                let folder = BundlePath.folder(disk)
                let onDisk =
                    file.hasPrefix("/")
                    ? file : folder.isEmpty && disk.hasPrefix("/") ? "/" + file : BundlePath.join(folder, file)
                let name: String? =
                    file.hasPrefix("/")
                    ? file
                    : absoluteName.map { ($0.contains("/") ? BundlePath.folder($0) : ".") + "/" + file }
                guard seen.insert(absolute(onDisk) + "\u{0}" + (name ?? "")).inserted else { continue }
                // Carried only when it is a scene TenFoot reads: any file an `open` named was carried.
                guard case .success(let next) = SceneSource.fileLoader(onDisk) else {
                    if FileManager.default.fileExists(atPath: onDisk) {
                        if missing[name ?? onDisk] == nil { missing[name ?? onDisk] = "not a scene TenFoot reads" }
                    } else {
                        _ = add(name ?? onDisk, at: onDisk, byAbsolutePath: name != nil)
                    }
                    continue
                }
                guard add(name ?? onDisk, at: onDisk, byAbsolutePath: name != nil) else { continue }
                queue.append((next, onDisk, name))
                images.formUnion(next.imagePaths)
            }
        }
        // Images, from the scene's folder (as the renderer resolves them, for every screen).
        let imageBase = try CLI.imageBase(forScene: scenePath)
        for image in images.sorted() {
            let path = AssetTable.location(of: image, base: imageBase)
            // An .lsr is one file (a ZIP of the stack's tree): carried as a picture is, wherever it is named.
            if LayeredImage.isLayered(image), !image.lowercased().hasSuffix(".lsr") {
                // A layered image is several files (its Contents.json files or its list, and its layers): each is
                // carried where it is below the scene's folder, so the stack's tree is whole in the bundle. One named
                // by an absolute path cannot keep its tree (absolute files are carried one by one): not bundled.
                guard !image.hasPrefix("/") else {
                    missing[image] = "a layered image named by an absolute path"
                    continue
                }
                guard let stack = try? LayeredImage.load(path) else {
                    missing[image] = "not a readable layered image"
                    continue
                }
                // A layer list naming a layer by an absolute path cannot be replayed from the bundle (a replay reads
                // nothing outside it): said here, not bundled (it was bundled, and its replay said "no such file").
                if image.lowercased().hasSuffix(".json"),
                    let text = try? TextFile.read(path: path, maxBytes: 1 << 20),
                    let json = try? JSONParser.parse(text, file: path),
                    let named = json["layers"]?.array?.compactMap({ $0["image"]?.string }).first(where: {
                        $0.hasPrefix("/")
                    })
                {
                    missing[image] = "its layer \(quoted(named)) is named by an absolute path"
                    continue
                }
                for file in stack.files where file.hasPrefix(path) {
                    _ = add(image + file.dropFirst(path.count), at: file, byAbsolutePath: false)
                }
                // A JSON list's layer images sit beside it or below its folder.
                for file in stack.files where !file.hasPrefix(path) {
                    _ = add(file, at: file, byAbsolutePath: false)
                }
                continue
            }
            _ = add(image, at: path, byAbsolutePath: image.hasPrefix("/"), picture: true)
        }
        out.missing = missing.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }

        // Relative files keep their folders below the deepest folder they share with the scene's folder
        // (a folder of sources keeps its own name: the scene names it).
        let sceneAbsolute = absolute(isHome ? "." : scenePath)
        var root = isHome ? sceneAbsolute : BundlePath.folder(sceneAbsolute)
        for f in relative { root = commonFolder(root, BundlePath.folder(f.absolutePath)) }
        // A path that climbs out of a folder and back in (a layer list's `../art/fish.png` beside it) is followed
        // through the bundle's folders by a replay: they must be there (it was carried beside the list, and the
        // replay looked for it outside the bundle).
        for folder in climbs { root = commonFolder(root, folder) }
        func member(_ absolutePath: String) -> String {
            ReproBundle.filesFolder + String(absolutePath.dropFirst(root == "/" ? 1 : root.count + 1))
        }
        for f in relative { out.members[member(f.absolutePath)] = f.bytes }
        if !isHome { out.sceneMember = member(sceneAbsolute) }
        for (k, f) in byAbsolute.sorted(by: { $0.reference < $1.reference }).enumerated() {
            let name = ReproBundle.externalFolder + "\(k + 1)/" + (f.reference as NSString).lastPathComponent
            out.members[name] = f.bytes
            out.absolute.append(ReproBundle.AbsoluteFile(reference: f.reference, member: name))
        }
        if let itself {
            throw CLIError.usage(
                "--out \(quoted(destination)) is a file the scene names (\(quoted(itself))): a bundle cannot hold itself; name another file"
            )
        }
        // The input map is the window's, not the scene's: kept apart so its folder does not widen the scene's.
        if let inputMap {
            let bytes: [UInt8]
            switch carried(inputMap) {
            case .success(let b): bytes = b
            case .failure(let why):
                throw CLIError.usage("--input-map: cannot bundle \(quoted(inputMap)): \(why.reason)")
            }
            let name = ReproBundle.externalFolder + "input/" + (inputMap as NSString).lastPathComponent
            out.members[name] = bytes
            out.inputMapMember = name
        }
        // The manifest, the script and the trace are members too. More than a replay reads was written, and no replay
        // read it.
        guard out.members.count + 3 <= ReproBundle.limits.maxMembers else {
            throw CLIError.usage(
                "the bundle would hold \(out.members.count + 3) files; a replay reads at most \(ReproBundle.limits.maxMembers) (a folder of many sources?)"
            )
        }
        for name in out.members.keys.sorted() {
            if let problem = Tar.nameProblem(name) { throw CLIError.usage("cannot bundle \(name): it \(problem)") }
            if (try? Tar.split(name)) == nil {
                throw CLIError.usage(
                    "cannot bundle \(name): its path is too long for the archive (at most 255 bytes, 100 after the last folder)"
                )
            }
        }
        return out
    }

    /// Why a file is not carried, in a few words.
    struct NotCarried: Error {
        var reason: String
    }

    /// The bytes of a regular file (links followed) that a bundle may carry, or why not: missing, special, over
    /// the member limit, or a file of a system file system (/proc, /sys…), which holds the machine's state and
    /// secrets, never a scene's (a scene naming `/proc/self/environ` carried the environment into the bundle).
    static func carried(_ path: String) -> Result<[UInt8], NotCarried> {
        if let system = systemFileSystem(path) {
            return .failure(NotCarried(reason: "a file of the system's \(system), not of a scene"))
        }
        do throws(Diagnostic) {
            return .success(try TextFile.bytes(path: path, maxBytes: ReproBundle.limits.maxMemberBytes))
        } catch {
            let m = error.message
            let prefix = "cannot read the file ("
            return .failure(
                NotCarried(
                    reason: m.hasPrefix(prefix) && m.hasSuffix(")") ? String(m.dropFirst(prefix.count).dropLast()) : m))
        }
    }

    /// The system file system `path` is on (`/proc`, `/sys`), found by where its links lead and by its device
    /// (the same file system mounted elsewhere shares it); nil for any other.
    static func systemFileSystem(_ path: String) -> String? {
        if let top = systemFolderOnTheWay(path) { return top }
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        let resolved = String(cString: real)
        var file = stat()
        let device = stat(resolved, &file) == 0 ? file.st_dev : nil
        var root = stat()
        let rootDevice = stat("/", &root) == 0 ? root.st_dev : nil
        for top in ["/proc", "/sys"] {
            if resolved == top || resolved.hasPrefix(top + "/") { return top }
            // Only where the system's file system is mounted there: an empty /proc is a folder of the root's.
            var mount = stat()
            if let device, stat(top, &mount) == 0, mount.st_dev != rootDevice, mount.st_dev == device { return top }
        }
        return nil
    }

    /// The system folder (`/proc`, `/sys`) the path passes through on its way to its file, its links followed one
    /// by one as the kernel follows them: `/proc/self/root/etc/passwd`, or a link to `/proc/self/root`, ends at a file
    /// outside `/proc` that only a path through `/proc` reaches (any file of the machine, through the process's
    /// root). Nil when it passes through neither, or follows more than 40 links.
    static func systemFolderOnTheWay(_ path: String) -> String? {
        var top: String?
        _ = walk(path) { here in
            top = ["/proc", "/sys"].first { here == $0 || here.hasPrefix($0 + "/") }
            return top != nil
        }
        return top
    }

    /// Whether two paths name one file: the same device and inode when both exist, else the same path once their
    /// links are followed (``followed(_:)``): a link to a file not yet written (a bundle's own `--out`) names it.
    static func isSameFile(_ a: String, _ b: String) -> Bool {
        var x = stat()
        var y = stat()
        if stat(a, &x) == 0, stat(b, &y) == 0 { return x.st_dev == y.st_dev && x.st_ino == y.st_ino }
        return followed(a) == followed(b)
    }

    /// Whether reading `path` would read the file written at `destination`. A file is written over what is at its
    /// path, a link there included (never what the link leads to), so `destination` is followed to its folder only;
    /// `path` reads it when its walk passes that place (a link to the bundle not yet written), or when both are there
    /// and are one file (the same device and inode, a hard link).
    static func isWrittenOver(_ path: String, by destination: String) -> Bool {
        let name = (destination as NSString).lastPathComponent
        let folder = FilePath.folder(of: destination)
        let top = followed(folder.isEmpty ? "." : folder)
        let place = (top == "/" ? "" : top) + "/" + name
        if walk(path, stop: { $0 == place }) == place { return true }
        var x = stat()
        var y = stat()
        return stat(path, &x) == 0 && lstat(place, &y) == 0 && x.st_dev == y.st_dev && x.st_ino == y.st_ino
    }

    /// `path` made absolute with its links followed one by one as the kernel follows them, the last one too when
    /// what it points to does not exist. Past 40 links (where the kernel gives up too), `path` taken lexically.
    static func followed(_ path: String) -> String { walk(path) { _ in false } ?? absolute(path) }

    /// `path` made absolute and walked a name at a time as the kernel walks it: `.` and `..` taken as they come,
    /// each link followed (a relative one from where it is). `stop` sees each path reached on the way and ends the
    /// walk there, returning it; else the path the walk ends at. Nil past 40 links.
    static func walk(_ path: String, stop: (String) -> Bool) -> String? {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var pending = full.split(separator: "/").map(String.init)
        var resolved: [String] = []
        var links = 0
        while !pending.isEmpty {
            let part = pending.removeFirst()
            if part == "." { continue }
            if part == ".." {
                _ = resolved.popLast()
                continue
            }
            resolved.append(part)
            let here = "/" + resolved.joined(separator: "/")
            if stop(here) { return here }
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: here) else { continue }
            links += 1
            if links > 40 { return nil }
            resolved.removeLast()
            if target.hasPrefix("/") { resolved = [] }
            pending = target.split(separator: "/").map(String.init) + pending
        }
        return "/" + resolved.joined(separator: "/")
    }

    static func isFolder(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }

    /// `path` made absolute (from the current folder) with `.` and `..` taken lexically.
    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return "/" + (BundlePath.normalized(full) ?? "")
    }

    /// The highest folder `path` passes through, read as written: `a/b/../../c/x.png` passes through the folder
    /// holding `a`.
    static func highestFolder(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var folders: [Substring] = []
        var lowest = Int.max
        for part in full.split(separator: "/").dropLast() {
            switch part {
            case ".": continue
            case "..":
                _ = folders.popLast()
                lowest = min(lowest, folders.count)
            default: folders.append(part)
            }
        }
        return "/" + folders.prefix(min(lowest, folders.count)).joined(separator: "/")
    }

    /// The deepest folder containing both.
    static func commonFolder(_ a: String, _ b: String) -> String {
        let x = a.split(separator: "/")
        let y = b.split(separator: "/")
        var k = 0
        while k < min(x.count, y.count), x[k] == y[k] { k += 1 }
        return "/" + x[..<k].joined(separator: "/")
    }
}
