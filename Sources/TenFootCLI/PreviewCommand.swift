import FocusEngine
import Foundation
import TenFootApp
import TenFootCore
import TenFootRaster
import TenFootRecorder
import TenFootSDL
import TenFootScene
import TenFootSim
import TenFootSwiftUI

/// `tenfoot preview IMAGE_OR_STACK`: one picture or layered image shown large and focused, tilting under the
/// mouse (no button needed) or the finger (the right stick, a drag), like Apple's Parallax Previewer; or, with
/// `--record`, a turntable of
/// it: the finger goes once round the edge of the touch surface, then lifts and the item springs back.
enum PreviewCommand: Command {
    static let record = OptionDeclaration.option(
        "--record", "FILE|DIR/", .file(extensions: ["gif", "mp4", "webm"], folders: true),
        help:
            "write a turntable (the finger once round the touch surface, then the spring back) instead of opening the window: .gif, .mp4, .webm or frames/",
        check: { path in
            do throws(RecordingError) {
                _ = try OutputFormat(path: path)
                return nil
            } catch { return error.cliError.message }
        })
    static let turn = OptionDeclaration.option(
        "--turn", "DURATION", .duration(allowsZero: false, most: 3599),
        help: "how long one turn of the turntable takes (default 3 s)")

    static let declaration = CommandDeclaration(
        name: "preview",
        summary: "one picture or layered image (.imagestack, .lsr, a JSON layer list) large, tilting under the finger",
        arguments: [
            ArgumentDeclaration(
                placeholder: "IMAGE_OR_STACK",
                kind: .file(extensions: ["imagestack", "lsr", "json", "png", "jpg", "jpeg"], folders: true),
                count: .one,
                help:
                    "a PNG or JPEG, an Xcode .imagestack folder or its .lsr archive, or a JSON list of layers (docs/rendering.md)"
            )
        ],
        options: [
            CommonOptions.size.help("the window's or the recording's size in pixels (default 1280x720 and 1920x1080)"),
            CommonOptions.appearance, CommonOptions.textSize,
            record, turn, RecordCommand.fps, RunCommand.seconds,
        ],
        discussion: """
            Move the mouse over the window (or drag on the touch surface: the right stick, the on-screen remote) to \
            turn it: the item turns in perspective, its layers separate by depth and the sheen slides over it; it springs back when the finger \
            lifts. A broken .imagestack, .lsr or layer list is reported with file:line:column (a file inside an .lsr as poster.lsr:Contents.json:3:5); .lcr files are refused. --record writes a \
            turntable headlessly (no display needed; video needs ffmpeg).
            """)

    /// The poster's width in points: a large item, as the Parallax Previewer shows one.
    static let width = 440.0

    static func run(_ p: ParsedArguments) throws -> Int32 {
        let input = p.positional[0]
        let path = input.hasPrefix("/") ? input : FileManager.default.currentDirectoryPath + "/" + input
        let aspect: (Double, Double)
        if LayeredImage.isLayered(input) {
            do {
                let stack = try LayeredImage.load(path)
                aspect = (stack.canvasWidth, stack.canvasHeight)
            } catch {
                throw CLIError(
                    message: error.description.replacingOccurrences(of: path, with: input), code: ExitCode.usage)
            }
        } else {
            guard FileManager.default.fileExists(atPath: path) else {
                throw CLIError.usage("\(input) \(FilePath.unusualAbsence(path) ?? "does not exist")")
            }
            if let kind = TextFile.special(path) { throw CLIError.usage("\(input): cannot be shown (\(kind))") }
            guard let (w, h) = ImageHeader.size(path), w > 0, h > 0 else {
                throw CLIError.usage("\(input): cannot read its size (PNG and JPEG are read)")
            }
            aspect = (Double(w), Double(h))
        }
        let scene = try previewScene(image: path, aspect: aspect)
        // The picture is the whole preview: one that cannot be drawn (truncated, past the pixel budget, a layer list
        // naming another) is an error, not a grey placeholder with nothing said.
        let assets = AssetTable(
            scene: scene, base: (scene.file as NSString).deletingLastPathComponent, decoder: SDLImageDecoder(),
            loader: nil)
        if let problem = assets.problems.first {
            throw CLIError.usage(
                "\(input): cannot be shown: \(problem.message.replacingOccurrences(of: path, with: input))")
        }
        if let destination = p.value(record) { return try recordTurntable(scene, assets: assets, to: destination, p) }
        var options = Window.Options()
        options.appearance = p.appearance
        options.idleDimming = nil
        options.hoverTilts = true
        options.invocation = ProgramName.typed
        if let (w, h) = p.size(CommonOptions.size) {
            options.width = w
            options.height = h
        }
        options.seconds = p.number(RunCommand.seconds)
        do {
            let window = try Window(options: options, scene: scene, loadError: nil)
            return try window.run()
        } catch let failure as Window.Failure {
            if case .noDisplay(let why) = failure {
                throw CLIError(
                    message:
                        "\(why)\nwithout a display, record a turntable: \(ProgramName.typed) preview \(ProgramName.quoted(input)) --record turntable.gif",
                    code: ExitCode.environment)
            }
            throw CLIError(message: failure.description, code: ExitCode.environment)
        }
    }

    /// One poster of the image, centred on the screen (the picture's own aspect, `width` points wide).
    static func previewScene(image: String, aspect: (Double, Double)) throws -> Scene {
        // Taller than the safe area, it is made narrower to fit it (a 1×8192 canvas made a poster 3.6 million points
        // high, refused as a scene of "preview.json" the user never wrote).
        var (width, height) = (Self.width, Self.width * aspect.1 / aspect.0)
        if height > Metrics.safeAreaRect.height {
            width *= Metrics.safeAreaRect.height / height
            height = Metrics.safeAreaRect.height
        }
        // Centred on the screen at rest (the page starts at the safe area's top), so it lifts about the centre.
        let top = max(0, (Metrics.screen.height - height) / 2 - Metrics.safeAreaRect.minY)
        let json = """
            {"name": "Preview", "root": {"type": "vstack", "id": "page", "alignment": "center", "padding": [\(Int(top)), 0, 0, 0], "children": [
              {"type": "poster", "id": "preview", "image": \(JSON.quote(image)), "width": \(JSON.format(width)), "height": \(JSON.format(height))}
            ]}}
            """
        do {
            return try SceneDecoder.decode(json, file: (image as NSString).deletingLastPathComponent + "/preview.json")
        } catch {
            throw CLIError(message: "cannot show \(image): \(error)", code: ExitCode.usage)
        }
    }

    /// The turntable: the finger set down at the right edge, taken once round the touch surface (a step every
    /// frame), lifted; the recording holds while the item springs back.
    static func recordTurntable(
        _ scene: Scene, assets: AssetTable, to destination: String, _ p: ParsedArguments
    ) throws -> Int32 {
        let format: OutputFormat
        do throws(RecordingError) { format = try OutputFormat(path: destination) } catch { throw error.cliError }
        var settings = RecordingSettings()
        if let (w, h) = p.size(CommonOptions.size) {
            settings.width = w
            settings.height = h
        }
        settings.appearance = p.appearance
        settings.fps = p.value(RecordCommand.fps).flatMap { Int($0) } ?? 30
        settings.hold = Clock.ticks(seconds: 1)
        settings.assets = assets
        let turn = p.duration(turn) ?? Clock.ticks(seconds: 3)
        let step = settings.ticksPerFrame
        var entries: [String] = []
        let steps = max(8, Int(turn / step))
        // The script ends within the hour a script may last: said of --turn (it named the script made of it).
        let last = Clock.ticks(seconds: 0.5) + (steps + 1) * step
        guard last <= Clock.ticks(seconds: 3600) else {
            throw CLIError.usage(
                "--turn \(p.value(PreviewCommand.turn) ?? ""): the turntable starts half a second in and ends within an hour, so a turn takes at most \(Int(Clock.seconds(Clock.ticks(seconds: 3600) - Clock.ticks(seconds: 0.5) - step))) s"
            )
        }
        for k in 0...steps {
            let angle = 2 * Double.pi * Double(k) / Double(steps)
            entries.append(
                String(format: "@%d touch %.3f %.3f", Clock.ticks(seconds: 0.5) + k * step, cos(angle), sin(angle)))
        }
        entries.append("@\(Clock.ticks(seconds: 0.5) + (steps + 1) * step) release")
        let script: InputScript
        do { script = try InputScriptParser.parse(entries.joined(separator: "\n"), file: "turntable") } catch {
            throw CLIError(message: "the turntable's script: \(error)", code: ExitCode.usage)
        }
        do throws(RecordingError) { try settings.validate(for: format, script: script) } catch { throw error.cliError }
        let sim = try CLI.makeSimulator(scene, loader: SceneSource.fileLoader, policy: .tvos, from: nil)
        let recorder = Recorder(simulator: sim, script: script, settings: settings)
        let cancellation = Cancellation()
        let pending = PendingOutputs()
        Interrupts.install(cancellation) { pending.discard() }
        let stats: RecordingStats
        do throws(RecordingError) {
            let target = try OutputTarget(destination: destination, format: format)
            pending.add(target)
            // A turntable at 8K takes most of a minute: the bar `record` shows, on a terminal.
            let bar = ProgressBar.onTerminal(label: "recording")
            defer { bar?.finish() }
            stats = try recorder.record(to: target, cancellation: cancellation) { done, total in
                bar?.update(done: done, total: total)
            }
            // Interrupted since the last frame (finishing the video, reading it back): nothing is put in place.
            if Interrupts.signalCame(cancellation) { throw RecordingError.interrupted }
            try OutputFiles.commit(pending.outputs)
            pending.clear()
            // Come while they were put in place: they are, whole, and the exit says it was interrupted.
            if Interrupts.signalCame(cancellation) { throw RecordingError.interrupted }
        } catch {
            pending.discard()
            throw error.cliError
        }
        CLI.printText(
            String(
                format: "%@: %d frames, %.2f s at %d fps, %dx%d", destination, stats.frames,
                Double(stats.frames) / Double(settings.fps),
                settings.fps, settings.width, settings.height))
        return 0
    }
}
