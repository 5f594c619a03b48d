import FocusEngine
import Foundation
import TenFootApp
import TenFootCore
import TenFootInput
import TenFootPresentation
import TenFootRaster
import TenFootRecorder
import TenFootSDL
import TenFootScene
import TenFootSim
import TenFootSwiftUI

/// `tenfoot run`: the window on a scene file, watched for changes.
enum RunCommand: Command {
    static let inputMap = OptionDeclaration.option(
        "--input-map", "FILE", .file(extensions: ["json"]),
        help:
            "keyboard, controller and mouse bindings and timings (JSON; docs/input.md shows the full default mapping to copy)"
    )
    static let saveSession = OptionDeclaration.option(
        "--save-session", "FILE", .file(extensions: []),
        help:
            "when the window closes, write the remote events played as a script with ticks, replayable exactly (F10 writes it at any time)"
    )
    static let noIdleDim = OptionDeclaration.flag("--no-idle-dim", help: "never dim the screen when idle")
    static let seconds = OptionDeclaration.option(
        "--seconds", "N", .positiveNumber, help: "close the window after N seconds (tests)")

    static let declaration = CommandDeclaration(
        name: "run",
        summary: "open the window on a scene file or SwiftUI view (reloads when it changes)",
        arguments: [
            ArgumentDeclaration(
                placeholder: "SCENE", kind: .scene, count: .optional,
                help:
                    "a scene file or SwiftUI sources (a .swift file or a folder of them); default: the built-in home scene, also called \"home\""
            )
        ],
        options: [
            CommonOptions.policy, CommonOptions.textSize, CommonOptions.appearance,
            CommonOptions.size.help("the window's size in pixels (default 1280x720)"),
            seconds, inputMap, saveSession, CommonOptions.idleDim, CommonOptions.idleFade, noIdleDim,
        ] + CommonOptions.swiftUI,
        groups: [CommonOptions.swiftUIGroup],
        discussion: """
            Opens the window on SCENE. The file is watched (for SwiftUI, the sources of its folder and their \
            sidecars): saving it reloads the scene keeping focus; a broken save keeps the last good scene with \
            the error shown.
            With no display, use the headless commands: tenfoot screenshot, tenfoot path.
            """,
        makeEpilogue: { keyGuide })

    /// The default bindings, from the table the F1 help card shows too.
    static var keyGuide: String {
        KeyGuide.grouped.map { group in
            ([group.group.title + ":"] + group.lines.map { HelpText.row(name: $0.keys, help: $0.does) }).joined(
                separator: "\n")
        }.joined(separator: "\n\n")
    }

    static func run(_ p: ParsedArguments) throws -> Int32 {
        var options = Window.Options()
        if let path = p.value(inputMap) {
            do { options.inputMapping = try InputMapping.load(path: path, knownKeys: SDLInput.knownKeyNames) } catch {
                throw CLIError(message: "cannot load the input map:\n" + error.description, code: ExitCode.usage)
            }
        }
        options.saveSessionPath = p.value(saveSession)
        // Where the session cannot be saved is said before the window opens (it was said when the window closed, and
        // the session played was lost).
        if let path = options.saveSessionPath {
            if !OutputFiles.writesThrough(path), let kind = OutputFiles.specialKind(path) {
                throw CLIError.usage(
                    "cannot save the session to \(path): it is \(kind), not a file; name a file to write")
            }
            if let missing = CLI.missingFolder(of: path) {
                throw CLIError.usage("cannot save the session to \(path): \(missing)")
            }
        }
        let scenePath = p.positional.first
        options.sessionPathIsInput = { out in
            guard let file = scenePath, let written = CLI.identity(out) else { return nil }
            if CLI.identity(file).map({ $0 == written }) == true { return "the scene the window shows" }
            guard case .success(let scene) = SceneSource.fileLoader(file) else { return nil }
            return CLI.filesRead(scene: scene, file: file).first {
                CLI.identity($0.path).map { $0 == written } == true
            }?
            .what
        }
        options.invocation = ProgramName.typed
        options.policy = p.policy
        options.appearance = p.appearance
        if let (w, h) = p.size(CommonOptions.size) {
            options.width = w
            options.height = h
        }
        options.seconds = p.number(seconds)
        options.idleDimming = p.flag(noIdleDim) ? nil : CommonOptions.idleDimming(p, fallback: IdleDimming())
        options.swiftUI = p.swiftUI
        var scene = BuiltInScenes.home()
        var loadError: String?
        let path = p.positional.first ?? "home"
        if let replay = try BundleReplay.read(p) {
            // The window opens where the bundle's input leaves the simulator, with the bundle's policy,
            // appearance (unless given) and input map (unless given).
            var player = ScriptPlayer(simulator: replay.simulator, script: replay.script)
            player.playToEnd()
            try CLI.checkPlayed(player)
            let manifest = replay.opened.manifest
            options.policy = FocusPolicy(rawValue: manifest.policy) ?? .tvos
            if p.value(CommonOptions.appearance) == nil {
                options.appearance = Appearance(rawValue: manifest.appearance) ?? .dark
            }
            if p.value(inputMap) == nil, let map = manifest.inputMap {
                do {
                    options.inputMapping = try InputMapping.load(
                        path: try replay.opened.folder() + "/" + map, knownKeys: SDLInput.knownKeyNames)
                } catch let e as CLIError { throw e } catch {
                    // Said at the bundle's member, never at the private copy's path (another in every process).
                    throw CLIError(
                        message: "cannot load the bundle's input map:\n" + OpenedBundle.naming("\(error)"),
                        code: ExitCode.usage)
                }
            }
            options.replay = Window.Replay(bundle: path, simulator: player.sim)
            scene = replay.scene
        } else if !(path == "home" && !FileManager.default.fileExists(atPath: path)) {
            options.scenePath = path
            // Checked before loading: a view whose sidecar is broken still opens (with the error shown), and its
            // session was then saved over a neighbour source.
            if SceneSource.isSwiftUI(path) { try CLI.refuseOverwriting(SceneSource.watchList(path), p) }
            do {
                let loaded = try CLI.load(path, p)
                scene = loaded.scene
                if let t = loaded.translation, !t.warnings.isEmpty {
                    CLI.printError(
                        "tenfoot: \(t.opened): \(t.warnings.count) warning\(t.warnings.count == 1 ? "" : "s") (approximations, placeholders); \(ProgramName.typed) lint \(ProgramName.quoted(path)) lists them"
                    )
                }
            } catch let e as CLIError {
                // A broken file at launch opens the window with the error banner and waits for a fix; without a
                // display there is no banner to show, and other failures (which view, no parser) are not the file's.
                guard let problems = e.problems, Window.displayAvailable else { throw e }
                loadError = problems
                CLI.printError(problems)
                scene = Scene(
                    name: (path as NSString).lastPathComponent, file: path,
                    root: SceneNode(
                        type: .vstack, id: "root", hasExplicitID: false, location: SourceLocation(line: 1, column: 1)))
            }
        } else if options.swiftUI.view != nil || options.swiftUI.preview != nil {
            throw CLIError.usage("--view and --preview choose a view in SwiftUI sources; home is a scene file")
        }
        do {
            let window = try Window(options: options, scene: scene, loadError: loadError)
            return try window.run()
        } catch let failure as Window.Failure {
            if case .noDisplay(let why) = failure {
                throw CLIError(
                    message: noDisplay(why, scene: options.scenePath ?? options.replay?.bundle),
                    code: ExitCode.environment)
            }
            throw CLIError(message: failure.description, code: ExitCode.environment)
        }
    }

    /// Why no window opens, and what to do instead: commands that work as printed, from this folder.
    static func noDisplay(_ why: String, scene: String?) -> String {
        let me = ProgramName.typed
        let target = scene.map(ProgramName.quoted) ?? "home"
        var lines = [
            "\(why). No window can open here; use the headless path instead:",
            "  \(me) screenshot \(target) --out shot.png",
            "  \(me) path \(target)" + (scene.map(ReproBundle.isBundle) == true ? "" : " right right down"),
            "or open the window on a virtual display (Xvfb):",
            "  xvfb-run -a \(me)" + (scene == nil ? "" : " run \(target)"),
        ]
        if me != "tenfoot" {
            lines.append(
                "To type plain `tenfoot`: make install PREFIX=$HOME/.local (with $HOME/.local/bin on your PATH), or swift run tenfoot …"
            )
        }
        return lines.joined(separator: "\n")
    }
}
