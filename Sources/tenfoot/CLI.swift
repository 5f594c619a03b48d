import Foundation
import FocusEngine
import TenFootCore
import TenFootScene
import TenFootSim
import TenFootSDL
import TenFootRecorder
import TenFootApp

enum ExitCode {
    static let success: Int32 = 0
    static let checkFailed: Int32 = 1
    static let usage: Int32 = 2
    static let environment: Int32 = 3
    static let interrupted: Int32 = 130
}

/// A command-line failure: the message goes to stderr, the code is the exit status.
struct CLIError: Error {
    var message: String
    var code: Int32
    static func usage(_ m: String) -> CLIError { CLIError(message: m, code: ExitCode.usage) }
}

enum CLI {
    /// Layout measures text with the bundled fonts, as the window draws it (the fixed-advance fake
    /// only when the fonts cannot be opened).
    static let textMeasurer: any TextMeasurer = {
        if let fonts = try? FontCache() { return TrueTypeMeasurer(fonts: fonts) }
        return FixedAdvanceMeasurer()
    }()

    static let usage = """
        TenFoot — simulate the Apple TV "10-foot" interface and its focus engine.

        Usage:
          tenfoot                          open the window on the built-in home scene
          tenfoot run [SCENE] [options]    open the window on a scene file (reloads when it changes)
          tenfoot path SCENE [--from ID] [--policy tvos|android|web] [--json] MOVE...
                                           print the focused id after each move
          tenfoot explain SCENE --from ID DIRECTION [--policy P] [--json]
                                           every node a swipe considered, its score or why it was rejected
          tenfoot audit SCENE [--json] [--strict]
                                           unreachable items, dead ends, one-way moves, traps
          tenfoot test [SCENE|DIR]... [--junit FILE]
                                           run the scenes' expect blocks (default: scenes/)
          tenfoot map SCENE --out map.svg|map.png
                                           the focus graph: every item's neighbours drawn as arrows
          tenfoot record SCENE [--from ID] (--moves "right right down select" | --script FILE)
                 --out demo.mp4|.webm|.gif|DIR/ [--fps 30] [--size WxH] [--hold S] [--overlay keys,path,remote]
                                           a frame-exact video (or PNG frames) of the traversal, with --trace FILE.json
          tenfoot screenshot SCENE [--from ID] [--moves "right right"] --out shot.png [--size WxH] [--overlay ...]
                                           write one PNG of the state after the moves
          tenfoot help | --help            this text; `tenfoot COMMAND --help` for one command

        Remote events (MOVE): up down left right select longselect menu home playpause next previous pageup pagedown
        Exit codes: 0 success, 1 a check failed, 2 bad usage or input, 3 environment failure (no display,
        missing ffmpeg), 130 interrupted.
        """

    static func main(_ args: [String]) -> Int32 {
        do {
            guard let command = args.first else { return try run([]) }
            let rest = Array(args.dropFirst())
            switch command {
            case "-h", "--help", "help": print(usage); return 0
            case "run": return try run(rest)
            case "path": return try PathCommand.run(rest)
            case "screenshot": return try ScreenshotCommand.run(rest)
            case "record": return try RecordCommand.run(rest)
            case "explain": return try ExplainCommand.run(rest)
            case "audit": return try AuditCommand.run(rest)
            case "test": return try TestCommand.run(rest)
            case "map": return try MapCommand.run(rest)
            default:
                if command.hasPrefix("-") { throw CLIError.usage("unknown option \(command) (see tenfoot --help)") }
                if command.hasSuffix(".json") { return try run(args) }
                throw CLIError.usage("unknown command \"\(command)\" (see tenfoot --help)")
            }
        } catch let e as CLIError {
            FileHandle.standardError.write(Data(("tenfoot: " + e.message + "\n").utf8))
            return e.code
        } catch {
            FileHandle.standardError.write(Data("tenfoot: \(error)\n".utf8))
            return ExitCode.environment
        }
    }

    static let runHelp = """
        Usage: tenfoot run [SCENE] [--policy tvos|android|web] [--appearance dark|light] [--size WxH] [--seconds N]
                           [--input-map FILE] [--save-session FILE]
        Opens the window on SCENE (default: the built-in home scene). The file is watched: saving it reloads
        the scene keeping focus; a broken save keeps the last good scene with the error shown.
        \(inputHelp)
        With no display, use the headless commands: tenfoot screenshot, tenfoot path.
        """

    static func run(_ args: [String]) throws -> Int32 {
        let p = try ArgumentParser(args, flags: ["--help"], options: Set(["--policy", "--appearance", "--size", "--seconds"]).union(inputOptionNames))
        if p.flag("--help") { print(runHelp); return 0 }
        var options = Window.Options()
        try readInputOptions(p, into: &options)
        options.policy = try p.policy()
        options.appearance = try p.appearance()
        if let s = p.option("--size") { let (w, h) = try parseSize(s); options.width = w; options.height = h }
        if let s = p.option("--seconds") {
            guard let v = Double(s), v > 0 else { throw CLIError.usage("--seconds expects a positive number, got \(s)") }
            options.seconds = v
        }
        guard p.positional.count <= 1 else { throw CLIError.usage("run takes one scene file, got \(p.positional.count)") }
        var scene = BuiltInScenes.home()
        var loadError: String?
        if let path = p.positional.first, !(path == "home" && !FileManager.default.fileExists(atPath: path)) {
            options.scenePath = path
            do { scene = try SceneDecoder.load(path: path) } catch {
                // Without a display there is no banner to show: bad input wins (exit 2).
                if !Window.displayAvailable { throw CLIError(message: "cannot load the scene:\n" + error.description, code: ExitCode.usage) }
                // A broken file at launch: open with the error banner and wait for a fix.
                loadError = error.description
                FileHandle.standardError.write(Data((error.description + "\n").utf8))
                scene = Scene(name: (path as NSString).lastPathComponent, file: path, root: SceneNode(type: .vstack, id: "root", hasExplicitID: false, location: SourceLocation(line: 1, column: 1)))
            }
        }
        do {
            let window = try Window(options: options, scene: scene, loadError: loadError)
            return try window.run()
        } catch let failure as Window.Failure {
            if case .noDisplay(let why) = failure {
                let target = options.scenePath ?? "home"
                throw CLIError(message: "\(why). No window can open here; use the headless path instead:\n"
                    + "  tenfoot screenshot \(target) --out shot.png\n"
                    + "  tenfoot path \(target) right right down\n"
                    + "  or run the window under Xvfb: xvfb-run -a tenfoot", code: ExitCode.environment)
            }
            throw CLIError(message: failure.description, code: ExitCode.environment)
        }
    }

    static func parseSize(_ s: String) throws -> (Int32, Int32) {
        let parts = s.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int32(parts[0]), let h = Int32(parts[1]), w >= 16, h >= 16, w <= 7680, h <= 4320 else {
            throw CLIError.usage("--size expects WIDTHxHEIGHT like 1280x720 (16…7680 × 16…4320), got \(s)")
        }
        return (w, h)
    }

    /// Loads a scene file, or exits 2 with every `file:line:column` problem.
    static func loadScene(_ path: String) throws -> Scene {
        // "home" names the built-in home scene in every command (unless a file of that name exists).
        if path == "home", !FileManager.default.fileExists(atPath: path) { return BuiltInScenes.home() }
        do { return try SceneDecoder.load(path: path) } catch { throw CLIError(message: "cannot load the scene:\n" + error.description, code: ExitCode.usage) }
    }

    static func makeSimulator(_ scene: Scene, policy: FocusPolicy, from: String?) throws -> Simulator {
        var sim: Simulator
        do { sim = try Simulator(scene: scene, policy: policy, measurer: textMeasurer) } catch { throw CLIError(message: "\(scene.file): \(error)", code: ExitCode.usage) }
        sim.sceneLoader = SceneDecoder.fileLoader
        if let from {
            do { try sim.start(from: from) } catch { throw CLIError.usage("--from: \(error.message)") }
        }
        return sim
    }
}

/// A small strict parser: known flags and options only, everything else positional; unknown options are errors.
struct ArgumentParser {
    var flags: Set<String> = []
    var values: [String: String] = [:]
    var positional: [String] = []

    init(_ args: [String], flags known: Set<String>, options: Set<String>) throws {
        var i = 0
        while i < args.count {
            let a = args[i]
            if a == "--" { positional += args[(i + 1)...]; break }
            if a.hasPrefix("--") || (a.hasPrefix("-") && a.count == 2 && a != "-") {
                let (name, inline) = a.contains("=") ? (String(a.split(separator: "=", maxSplits: 1)[0]), String(a.split(separator: "=", maxSplits: 1)[1])) : (a, nil)
                let n = name == "-h" ? "--help" : name
                if known.contains(n) { flags.insert(n); i += 1; continue }
                if options.contains(n) {
                    if let inline { values[n] = inline; i += 1; continue }
                    guard i + 1 < args.count else { throw CLIError.usage("\(n) needs a value") }
                    values[n] = args[i + 1]; i += 2; continue
                }
                throw CLIError.usage("unknown option \(name)")
            }
            positional.append(a); i += 1
        }
    }

    func flag(_ f: String) -> Bool { flags.contains(f) }
    func option(_ o: String) -> String? { values[o] }

    func policy() throws -> FocusPolicy {
        guard let s = values["--policy"] else { return .tvos }
        guard let p = FocusPolicy(rawValue: s) else { throw CLIError.usage("--policy expects tvos, android or web, got \(s)") }
        return p
    }

    func appearance() throws -> Appearance {
        guard let s = values["--appearance"] else { return .dark }
        guard let a = Appearance(rawValue: s) else { throw CLIError.usage("--appearance expects dark or light, got \(s)") }
        return a
    }
}
