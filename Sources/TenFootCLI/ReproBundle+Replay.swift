import FocusEngine
import Foundation
import TenFootCore
import TenFootScene
import TenFootSim
import TenFootSwiftUI

/// A bundle opened for a replay. Scene files are decoded from the bundle's own bytes under their
/// bundle paths; `open` actions are served from the bundle only; images, SwiftUI sources and the input
/// map are read from a private copy of the bundle's files (a fresh folder in the temporary directory,
/// mode 0700, removed when the command ends). Nothing outside the bundle is read: an image or scene
/// the bundle does not hold is missing, as it was when the bundle was made.
final class OpenedBundle: @unchecked Sendable {
    /// The bundle's file, as named on the command line (in messages).
    let path: String
    let bundle: ReproBundle
    /// The private copy of `files/…` and `external/…` (made when first needed).
    private var unpacked: String?
    private let lock = NSLock()
    /// The private copy's folder from the moment it exists, and whether it is being removed: both read and written
    /// under `copyLock`, which unpacking does not hold, so that a Ctrl-C while a large bundle unpacks stops it and
    /// removes its copy at once (it waited for the unpacking to end, and a copy of 181 MB could be left behind).
    private var copyRoot: String?
    /// The private copy's folder once it exists, unpacked or not.
    var copyFolder: String? { copyLock.withLock { copyRoot } }
    private var removing = false
    private let copyLock = NSLock()

    init(path: String, bundle: ReproBundle) {
        self.path = path
        self.bundle = bundle
    }

    var manifest: ReproBundle.Manifest { bundle.manifest }
    var isHome: Bool { manifest.scene == "home" }
    /// The scene's path inside the bundle (below `files/`): what `scene.file` is in a replay.
    var sceneFile: String { isHome ? "home" : String(manifest.scene.dropFirst(ReproBundle.filesFolder.count)) }
    /// Whether the scene is a folder of SwiftUI sources (no member of its own name).
    var sceneIsFolder: Bool { !isHome && bundle.members[manifest.scene] == nil }
    /// The folder (inside the bundle, below `files/`) that relative image paths start from: the scene
    /// file's folder, or the folder of sources itself — as `SceneSource.imageBase` decides on disk.
    var imageFolder: String { sceneIsFolder ? sceneFile : BundlePath.folder(sceneFile) }

    // MARK: Opening, and the registry that cleans up

    /// The bundle at `path`, read and checked (its manifest, members and script) once per process.
    static func open(_ path: String) throws(CLIError) -> OpenedBundle {
        if let hit = registry.find(path) { return hit }
        let opened = OpenedBundle(path: path, bundle: try ReproBundle.read(path: path))
        // The input is part of the bundle whatever the command reads: a bundle whose script does not
        // parse is damaged for test, audit and map as much as for a replay.
        _ = try opened.script()
        registry.add(opened)
        return opened
    }

    /// Removes every private copy this process made (`CLI.main` calls it when the command ends).
    static func cleanUp() { registry.removeAll() }

    /// Removes every private copy as the process ends on a signal (`Interrupts.atExit`): a copy another thread
    /// is making or is about to make is stopped, and removed by that thread (one being made as the exit began was
    /// left behind, 60–120 MB).
    static func cleanUpForExit() {
        endingLock.withLock { ending = true }
        cleanUp()
    }

    static var isEnding: Bool { endingLock.withLock { ending } }
    nonisolated(unsafe) private static var ending = false
    private static let endingLock = NSLock()

    static let registry = Registry()

    final class Registry: @unchecked Sendable {
        private let lock = NSLock()
        private var opened: [OpenedBundle] = []
        func find(_ path: String) -> OpenedBundle? {
            lock.lock()
            defer { lock.unlock() }
            return opened.first { $0.path == path }
        }
        func add(_ b: OpenedBundle) {
            lock.lock()
            opened.append(b)
            lock.unlock()
        }
        var all: [OpenedBundle] {
            lock.lock()
            defer { lock.unlock() }
            return opened
        }
        /// Held while copies are removed: a second caller (the main thread ending as a Ctrl-C's emergency exit
        /// begins) waits until they are gone, rather than find the list empty and end the process mid-removal.
        private let removing = NSLock()
        func removeAll() {
            removing.lock()
            defer { removing.unlock() }
            lock.lock()
            let all = opened
            opened = []
            lock.unlock()
            for b in all { b.removeCopy() }
        }
    }

    // MARK: The private copy

    /// The folder holding the bundle's files, made on first use.
    func folder() throws(CLIError) -> String {
        lock.lock()
        defer { lock.unlock() }
        if let unpacked { return unpacked }
        var temporary = NSTemporaryDirectory()
        while temporary.count > 1, temporary.hasSuffix("/") { temporary.removeLast() }
        var template = Array((temporary + "/tenfoot-bundle-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw CLIError(
                message: "\(path): cannot make a temporary folder to unpack the bundle into", code: ExitCode.environment
            )
        }
        let root = String(cString: made)
        unpacked = root
        copyLock.withLock { copyRoot = root }
        let stopped = { [self] in copyLock.withLock { removing } || OpenedBundle.isEnding }
        /// Another thread is removing the copy for the process to end (a Ctrl-C's emergency exit): it is let do so
        /// (a copy made as the exit began is this thread's to remove), and this one waits to be ended rather than
        /// ending the process first with a message about the copy, leaving the copy half removed.
        func waitForTheEnd() {
            if OpenedBundle.isEnding { try? FileManager.default.removeItem(atPath: root) }
            lock.unlock()
            Thread.sleep(forTimeInterval: 5)
            lock.lock()
        }
        if stopped() {
            waitForTheEnd()
            throw CLIError(message: "\(path): the process is ending", code: ExitCode.interrupted)
        }
        for name in bundle.members.keys.sorted()
        where name.hasPrefix(ReproBundle.filesFolder) || name.hasPrefix(ReproBundle.externalFolder) {
            if let problem = Self.write(bundle.members[name]!, to: root, name: name, stopped: stopped) {
                if stopped() { waitForTheEnd() }
                throw CLIError.usage("\(path): cannot unpack \(quoted(name)): \(problem)")
            }
        }
        return root
    }

    /// Writes one member below `root`: folders made as needed, the file created new (never through a link).
    private static func write(_ bytes: [UInt8], to root: String, name: String, stopped: () -> Bool) -> String? {
        if stopped() { return "the copy is being removed" }
        let parts = name.split(separator: "/").map(String.init)
        var dir = root
        for part in parts.dropLast() {
            dir += "/" + part
            if mkdir(dir, 0o700) != 0, errno != EEXIST {
                return "cannot make the folder (\(String(cString: strerror(errno))))"
            }
            var info = stat()
            guard lstat(dir, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                return "a file of the bundle has the name of a folder"
            }
        }
        let fd = Foundation.open(dir + "/" + parts.last!, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return "cannot create the file (\(String(cString: strerror(errno))))" }
        defer { close(fd) }
        var done = 0
        while done < bytes.count {
            // A megabyte at a time, each after a look at whether to stop.
            if stopped() { return "the copy is being removed" }
            let n = bytes[done..<min(bytes.count, done + (1 << 20))].withUnsafeBytes {
                Foundation.write(fd, $0.baseAddress, $0.count)
            }
            guard n > 0 else { return "cannot write the file (\(String(cString: strerror(errno))))" }
            done += n
        }
        return nil
    }

    func removeCopy() {
        let root = copyLock.withLock {
            removing = true
            defer { copyRoot = nil }
            return copyRoot
        }
        // An unpacking under way stops at its next megabyte; it is waited for a little, and the copy removed
        // whether it has stopped or not (nothing re-creates the folder: it makes only folders inside it).
        let quiet = lock.lock(before: Date(timeIntervalSinceNow: 0.2))
        if quiet { unpacked = nil }
        if let root {
            for _ in 0..<3 where FileManager.default.fileExists(atPath: root) {
                try? FileManager.default.removeItem(atPath: root)
            }
        }
        if quiet {
            copyLock.withLock { removing = false }
            lock.unlock()
        }
    }

    // MARK: Where things are, as messages say it

    /// A file a replay names, said as where it is in the bundle: `bug.tenfoot:files/navigation.json`
    /// (the bundle as named on the command line, `:`, the member as `tar tf` lists it) for a scene or
    /// opened scene (named by its path below `files/`), a file of the private copy (SwiftUI sources,
    /// their sidecar) or a file named by absolute path; anything else unchanged. So `file:line:column`
    /// reads `bug.tenfoot:files/navigation.json:12:3` on every machine, and `tar xOf bug.tenfoot
    /// files/navigation.json` shows the line.
    func location(of file: String) -> String {
        lock.lock()
        let root = unpacked
        lock.unlock()
        if let root, file.hasPrefix(root + "/") { return path + ":" + file.dropFirst(root.count + 1) }
        // The built-in home scene is no file of the bundle.
        if isHome { return file }
        if file.hasPrefix("/") { return member(for: file).map { path + ":" + $0 } ?? file }
        if let name = member(for: file),
            bundle.members[name] != nil || bundle.members.keys.contains(where: { $0.hasPrefix(name + "/") })
        {
            return path + ":" + name
        }
        return file
    }

    /// `text` with the private copy of every bundle this process opened said as the bundle
    /// (`/tmp/tenfoot-bundle-x1Yz/files/a.png` → `bug.tenfoot:files/a.png`): the copy's name changes with every
    /// process, a message must not.
    static func naming(_ text: String) -> String {
        var t = text
        for b in registry.all {
            b.lock.lock()
            let root = b.unpacked
            b.lock.unlock()
            if let root { t = t.replacingOccurrences(of: root + "/", with: b.path + ":") }
        }
        return t
    }

    /// The same diagnostics, each file said as `location(of:)` says it.
    func located(_ d: Diagnostics) -> Diagnostics {
        Diagnostics(
            d.diagnostics.map {
                var x = $0
                x.file = location(of: x.file)
                return x
            })
    }

    // MARK: What a replay reads

    /// The scene, under its bundle path, images pointed into the private copy.
    /// At the text size the bundle was made at (Large for a bundle older than the setting).
    func loaded() throws -> SceneSource.Loaded {
        let textSize = manifest.textSize.flatMap(TextSize.init(name:)) ?? .large
        if isHome {
            var home = BuiltInScenes.home()
            home.textSize = textSize
            return SceneSource.Loaded(scene: home, translation: nil)
        }
        var loaded: SceneSource.Loaded
        if SceneSource.isSwiftUI(sceneFile) || sceneIsFolder {
            let options = SwiftUIOptions(
                preview: manifest.preview, view: manifest.view, dynamicTypeSize: textSize.rawValue,
                confinedTo: try folder())
            let sources = try folder() + "/" + manifest.scene
            do { loaded = try SceneSource.load(sources, options: options) } catch {
                if case .diagnostics(let d) = error {
                    let here = located(d)
                    throw CLIError(
                        message: "\(path): the bundle's SwiftUI sources do not load:\n\(here)", code: ExitCode.usage,
                        problems: here.description)
                }
                throw CLIError(
                    message: "\(path): the bundle's SwiftUI sources do not load:\n\(error)",
                    code: error.isUnavailable ? ExitCode.environment : ExitCode.usage)
            }
            loaded.scene.file = sceneFile
        } else {
            switch decode(manifest.scene, as: sceneFile) {
            case .success(let s): loaded = SceneSource.Loaded(scene: s, translation: nil)
            case .failure(let d):
                let here = located(d)
                throw CLIError(
                    message: "\(path): the bundle's scene does not load:\n\(here)", code: ExitCode.usage,
                    problems: here.description)
            }
        }
        loaded.scene = try pointingImages(loaded.scene)
        loaded.scene.textSize = textSize
        return loaded
    }

    /// A scene member decoded from its bytes, named `file` in every message.
    func decode(_ member: String, as file: String) -> Result<Scene, Diagnostics> {
        guard let bytes = bundle.members[member] else {
            return .failure(Diagnostics(file: file, "cannot read the file (not in the bundle)"))
        }
        guard bytes.count <= SceneLimits.maxFileBytes else {
            return .failure(
                Diagnostics(file: file, "the file is larger than the limit of \(byteCount(SceneLimits.maxFileBytes))"))
        }
        do {
            let text = try UTF8Text.decode(bytes, file: file)
            return .success(try SceneDecoder.decode(text, file: file))
        } catch let d as Diagnostics { return .failure(d) } catch let d as Diagnostic {
            return .failure(Diagnostics([d]))
        } catch {
            return .failure(Diagnostics(file: file, "\(error)"))
        }
    }

    /// The member a path names as a replay asks for it: an absolute path through the manifest's
    /// table, a relative one below `files/` (nil when it climbs out of the bundle).
    func member(for path: String) -> String? {
        if path.hasPrefix("/") { return manifest.absolute.first { $0.reference == path }?.member }
        return BundlePath.normalized(path).map { ReproBundle.filesFolder + $0 }
    }

    /// `open` actions, served from the bundle (the simulator resolves a relative file against the
    /// current scene's path, which is a bundle path).
    var sceneLoader: SceneLoader {
        { [self] file in
            guard let name = member(for: file), bundle.members[name] != nil else {
                return .failure(Diagnostics(file: file, "cannot read the file (not in the bundle)"))
            }
            if SceneSource.isSwiftUI(file) {
                do {
                    let root = try folder()
                    var s = try SceneSource.load(root + "/" + name, options: SwiftUIOptions(confinedTo: root)).scene
                    s.file = file
                    return .success(try pointingImages(s))
                } catch let e as SceneSource.Failure {
                    if case .diagnostics(let d) = e { return .failure(d) }
                    return .failure(Diagnostics(file: file, e.description))
                } catch { return .failure(Diagnostics(file: file, "\(error)")) }
            }
            switch decode(name, as: file) {
            case .success(let s):
                do { return .success(try pointingImages(s)) } catch {
                    return .failure(Diagnostics(file: file, "\(error)"))
                }
            case .failure(let d): return .failure(d)
            }
        }
    }

    /// The scene with every image path made absolute inside the private copy: the member it names
    /// (relative paths from `imageFolder`, as the renderer resolves them), or a path that does not
    /// exist with the same last component (the renderer's placeholder names only that), so a replay
    /// never reads an image from outside the bundle.
    func pointingImages(_ scene: Scene) throws(CLIError) -> Scene {
        guard !scene.imagePaths.isEmpty else { return scene }
        let root = try folder()
        let members = bundle.members
        return scene.mappingImages { image in
            let member =
                image.hasPrefix("/")
                ? member(for: image)
                : BundlePath.normalized(BundlePath.join(imageFolder, image)).map { ReproBundle.filesFolder + $0 }
            let name = (image as NSString).lastPathComponent
            let found =
                member.flatMap { m in
                    // A layered image's folder is no member itself: its Contents.json is.
                    members[m] != nil || (LayeredImage.isLayered(image) && members[m + "/Contents.json"] != nil)
                        ? root + "/" + m : nil
                }
            guard let found else { return root + "/absent/" + name }
            return Self.readsOnlyInside(found, root: root) ? found : root + "/names-files-outside-the-bundle/" + name
        }
    }

    /// Whether drawing the image at `path` (in the private copy) reads only files of the copy: a layered image's
    /// image sets and layer lists name further files, which may be `../…` or absolute paths. Checked at both
    /// scales the renderer asks for; one that names a file outside is drawn as missing. A layered image that
    /// fails for another reason keeps its path, so the replay shows its error as the user saw it.
    static func readsOnlyInside(_ path: String, root: String) -> Bool {
        guard LayeredImage.isLayered(path), !path.lowercased().hasSuffix(".lsr") else { return true }
        for scale in [1, 2] {
            do {
                _ = try LayeredImage.$confinement.withValue(root) { try LayeredImage.load(path, scale: scale) }
            } catch let d as Diagnostic {
                if d.message.hasSuffix(LayeredImage.outsideConfinement) { return false }
            } catch {}
        }
        return true
    }

    /// The folder the renderer resolves relative image paths against (all are absolute after
    /// `pointingImages`; this keeps any other relative path inside the copy).
    func imageBase() throws(CLIError) -> String { try folder() + "/" + ReproBundle.filesFolder + imageFolder }

    /// The simulator a replay starts with: the scene, the bundle's policy and starting focus, `open` from the bundle.
    func simulator(_ scene: Scene) throws -> Simulator {
        var sim = try CLI.makeSimulator(
            scene, loader: sceneLoader, policy: FocusPolicy(rawValue: manifest.policy) ?? .tvos, from: manifest.from,
            fromPlace: "\(path):\(ReproBundle.manifestMember): error: from")
        sim.sceneLoaderReadsFiles = false
        return sim
    }

    /// The input script.
    func script() throws(CLIError) -> InputScript { try bundle.script(file: path) }
}

extension SceneSource.Failure {
    var isUnavailable: Bool { if case .unavailable = self { true } else { false } }
}

/// What `path`, `record` and `screenshot` replay from a bundle given as SCENE: its scene, its
/// simulator at the starting focus, its script. The options a bundle fixes are refused with it.
struct BundleReplay {
    var opened: OpenedBundle
    var scene: Scene
    var simulator: Simulator
    var script: InputScript

    /// Options that would change what the bundle replays.
    static let fixedOptions = [
        CommonOptions.from, CommonOptions.moves, CommonOptions.script, CommonOptions.gap,
        CommonOptions.policy, CommonOptions.view, CommonOptions.preview, CommonOptions.textSize,
    ]

    /// Why the options `refused` cannot be given with the bundle `file`.
    static func refusal(_ file: String, _ refused: [String]) -> String {
        "\(file) is a bundle: it replays its own input, starting focus and policy, so \(refused.joined(separator: ", ")) cannot be given with it (give its scene instead to change them)"
    }

    /// The replay, when SCENE is a bundle; nil otherwise. `extraArguments`: positional words after
    /// SCENE (path's moves), refused too.
    static func read(_ p: ParsedArguments, extraArguments: [String] = []) throws -> BundleReplay? {
        guard let file = p.positional.first, ReproBundle.isBundle(file) else { return nil }
        var refused = fixedOptions.filter { p.value($0) != nil }.map(\.name)
        if !extraArguments.isEmpty { refused.append("moves (\(extraArguments.joined(separator: " ")))") }
        if !refused.isEmpty { throw CLIError.usage(refusal(file, refused)) }
        let opened = try OpenedBundle.open(file)
        let scene = try opened.loaded().scene
        return BundleReplay(
            opened: opened, scene: scene, simulator: try opened.simulator(scene), script: try opened.script())
    }
}
