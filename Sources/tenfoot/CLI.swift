import Foundation
import FocusEngine
import TenFootCore
import TenFootScene
import TenFootSim
import TenFootSDL
import TenFootSwiftUI

/// The process exit codes of the contracts (DESIGN.md).
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
    /// For an input file that does not load: its `file:line:column` lines (the window shows them in its banner).
    var problems: String? = nil
    static func usage(_ m: String) -> CLIError { CLIError(message: m, code: ExitCode.usage) }
}

enum CLI {
    /// Every command, in the order the top-level usage lists them.
    static var commands: [any Command.Type] {
        [RunCommand.self, PathCommand.self, ExplainCommand.self, AuditCommand.self, TestCommand.self,
         MapCommand.self, RecordCommand.self, ScreenshotCommand.self, ConvertCommand.self, LintCommand.self]
    }

    static var usage: String { HelpText.topLevel(commands.map { $0.declaration }) }

    static func main(_ args: [String]) -> Int32 {
        do {
            guard let first = args.first else { return try run(RunCommand.self, []) }
            if let command = commands.first(where: { $0.declaration.name == first }) { return try run(command, Array(args.dropFirst())) }
            switch first {
            case "-h", "--help":
                print(usage); return 0
            case "help":
                guard let name = args.dropFirst().first else { print(usage); return 0 }
                guard let command = commands.first(where: { $0.declaration.name == name }) else { throw unknownCommand(name) }
                print(HelpText.command(command.declaration)); return 0
            default:
                // `tenfoot scene.json …` (or `tenfoot HomeView.swift …`, a folder of sources) opens the window on it.
                if first.hasSuffix(".json") || SceneSource.isSwiftUI(first) { return try run(RunCommand.self, args) }
                if ParsedArguments.looksLikeOption(first) { throw CLIError.usage("unknown option \(first) (see tenfoot --help)") }
                throw unknownCommand(first)
            }
        } catch let e as CLIError {
            FileHandle.standardError.write(Data(("tenfoot: " + e.message + "\n").utf8))
            return e.code
        } catch {
            FileHandle.standardError.write(Data("tenfoot: \(error)\n".utf8))
            return ExitCode.environment
        }
    }

    /// Parses `args` against the command's declaration, then runs it (or prints its help).
    static func run(_ command: any Command.Type, _ args: [String]) throws -> Int32 {
        let parsed = try ParsedArguments(args, for: command.declaration)
        if parsed.wantsHelp { print(HelpText.command(command.declaration)); return 0 }
        return try command.run(parsed)
    }

    static func unknownCommand(_ name: String) -> CLIError {
        let names = commands.map { $0.declaration.name }
        return .usage("unknown command \"\(name)\"" + (didYouMean(name, names).map { "; did you mean \($0)?" } ?? "") + " (see tenfoot --help)")
    }

    /// Layout measures text with the bundled fonts, as the window draws it (the fixed-advance fake
    /// only when the fonts cannot be opened).
    static let textMeasurer: any TextMeasurer = {
        if let fonts = try? FontCache() { return TrueTypeMeasurer(fonts: fonts) }
        return FixedAdvanceMeasurer()
    }()

    /// Loads a scene file or SwiftUI sources, or exits 2 with every `file:line:column` problem (3 when this
    /// build cannot read Swift).
    static func loadScene(_ path: String, _ p: ParsedArguments) throws -> Scene { try load(path, p).scene }

    /// The screen at `path` with, for SwiftUI sources, its translation (warnings, where items come from).
    static func load(_ path: String, _ p: ParsedArguments) throws -> SceneSource.Loaded {
        // "home" names the built-in home scene in every command (unless a file of that name exists).
        let swiftUI = p.swiftUI
        let isHome = path == "home" && !FileManager.default.fileExists(atPath: path)
        if swiftUI.view != nil || swiftUI.preview != nil, isHome || !SceneSource.isSwiftUI(path) {
            throw CLIError.usage("--view and --preview choose a view in SwiftUI sources; \(path) is a scene file")
        }
        if isHome { return SceneSource.Loaded(scene: BuiltInScenes.home(), translation: nil) }
        do { return try SceneSource.load(path, options: swiftUI) } catch {
            switch error {
            case .diagnostics(let d): throw CLIError(message: "cannot load the scene:\n" + d.description, code: ExitCode.usage, problems: d.description)
            case .usage(let m): throw CLIError.usage(m)
            case .unavailable(let m): throw CLIError(message: m, code: ExitCode.environment)
            }
        }
    }

    static func makeSimulator(_ scene: Scene, policy: FocusPolicy, from: String?) throws -> Simulator {
        var sim: Simulator
        do { sim = try Simulator(scene: scene, policy: policy, measurer: textMeasurer) } catch { throw CLIError(message: "\(scene.file): \(error)", code: ExitCode.usage) }
        sim.sceneLoader = SceneSource.fileLoader
        if let from {
            do { try sim.start(from: from) } catch { throw CLIError.usage("--from: \(error.message)") }
        }
        return sim
    }

    /// The folder a scene's relative image paths start from.
    static func imageBase(forScene path: String) -> String {
        path == "home" && !FileManager.default.fileExists(atPath: path) ? "." : SceneSource.imageBase(for: path)
    }

    /// Prints a value as indented JSON with sorted keys.
    static func printJSON(_ value: some Encodable) throws {
        let enc = JSONEncoder()
        enc.outputFormatting = [.prettyPrinted, .sortedKeys]
        print(String(decoding: try enc.encode(value), as: UTF8.self))
    }
}
