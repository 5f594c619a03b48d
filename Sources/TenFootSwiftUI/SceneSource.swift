import Foundation
import TenFootCore
import TenFootScene

/// What the commands and the window open: a scene file, or SwiftUI sources (a `.swift` file, several, or a
/// folder of them), read through one door so every command takes both.
public enum SceneSource {
    /// A screen read from its files.
    public struct Loaded: Sendable {
        public var scene: Scene
        /// For SwiftUI input: the translation (warnings, coverage, where each item comes from).
        public var translation: SwiftUITranslation?

        public init(scene: Scene, translation: SwiftUITranslation?) {
            self.scene = scene
            self.translation = translation
        }
    }

    /// Why it could not be opened.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// The scene file's problems, or the Swift source's (a syntax error, a broken sidecar).
        case diagnostics(Diagnostics)
        /// Which view to open is ambiguous or unknown; the message lists the choices.
        case usage(String)
        /// SwiftUI cannot be read here: the SwiftUI reader or the toolchain's parser libraries are missing.
        case unavailable(String)

        public var description: String {
            switch self {
            case .diagnostics(let d): d.description
            case .usage(let m), .unavailable(let m): m
            }
        }
    }

    /// Whether `path` names SwiftUI sources rather than a scene file.
    public static func isSwiftUI(_ path: String) -> Bool { SwiftSources.isSwiftSource(path) }

    public static func load(_ path: String, options: SwiftUIOptions = SwiftUIOptions()) throws(Failure) -> Loaded {
        guard isSwiftUI(path) else {
            do { return Loaded(scene: try SceneDecoder.load(path: path), translation: nil) } catch {
                throw .diagnostics(error)
            }
        }
        do {
            let t = try SwiftUIReaderLibrary.read([path], options: options)
            var scene = t.scene
            // Translating SwiftUI costs about 17 units a byte (a 320 KiB source took 2.7 s); at least the file opened
            // is read (its folder's other files only when it needs them).
            scene.readWork = SceneSource.sourceBytes(path) * 17
            return Loaded(scene: scene, translation: t)
        } catch {
            switch error {
            case .source(let d): throw .diagnostics(d)
            case .usage(let m): throw .usage(m)
            case .parserUnavailable(let m): throw .unavailable(m)
            }
        }
    }

    /// The bytes of the `.swift` file at `path`, or of the `.swift` files of the folder (0 when it cannot be read).
    static func sourceBytes(_ path: String) -> Int {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { return 0 }
        let files = isDir.boolValue ? SwiftSources.walk(path, recursive: true).files : [path]
        return files.reduce(0) { total, file in
            total + ((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int ?? 0)
        }
    }

    /// For `open` actions: a scene file or a `.swift` file, relative paths already resolved by the simulator.
    public static let fileLoader: SceneLoader = { path in
        do throws(Failure) { return .success(try load(path).scene) } catch {
            if case .diagnostics(let d) = error { return .failure(d) }
            return .failure(Diagnostics(file: path, error.description))
        }
    }

    /// The files whose change means the screen must be read again: a scene file; for SwiftUI, the sources
    /// (a file's whole folder, as views may come from its siblings), their sidecars, the string tables their
    /// text may come from and the asset catalogues' colour sets it may be drawn in.
    public static func watchList(_ path: String) -> [String] {
        guard isSwiftUI(path) else { return [path] }
        let sources = sourcesWalk(path).files
        var out = sources.isEmpty ? [path] : sources
        out += sources.map(Sidecar.path(for:)).filter { FileManager.default.fileExists(atPath: $0) }
        // The string tables the screen's text may come from, and the named colours it may be drawn in.
        out += StringTables.files(around: path)
        out += ColorSetFile.files(near: (sources.isEmpty ? [path] : sources).map(FilePath.folder(of:)))
        return out
    }

    /// The links among the files ``watchList(_:)`` would hold that lead nowhere yet (sources, sidecars): a file
    /// written where one leads becomes one the screen is read from.
    public static func unresolvedLinks(_ path: String) -> [String] {
        guard isSwiftUI(path) else { return [] }
        let walk = sourcesWalk(path)
        let sidecars = walk.files.map(Sidecar.path(for:)).filter {
            !FileManager.default.fileExists(atPath: $0)
                && (try? FileManager.default.destinationOfSymbolicLink(atPath: $0)) != nil
        }
        return walk.unresolvedLinks + sidecars
    }

    /// The walk of the sources `path` is read with: a folder's, down through it; a file's own folder's.
    private static func sourcesWalk(_ path: String) -> SwiftSources.Walk {
        var isDir: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDir)
        if isDir.boolValue { return SwiftSources.walk(path, recursive: true) }
        let folder = FilePath.folder(of: path)
        return SwiftSources.walk(folder.isEmpty ? "." : folder, recursive: false)
    }

    /// The folder relative image paths start from: a file's folder, or the folder itself.
    public static func imageBase(for path: String) -> String {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue { return path }
        let base = FilePath.folder(of: path)
        return base.isEmpty ? "." : base
    }
}
