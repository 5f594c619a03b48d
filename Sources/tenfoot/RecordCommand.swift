import Foundation
import FocusEngine
import TenFootCore
import TenFootScene
import TenFootSim
import TenFootRecorder

/// What `record` and `screenshot` share: the scene, the starting focus, the input (moves or a
/// script), the frame size, appearance and overlays — parsed once, every problem reported together.
struct CaptureInput {
    var scene: Scene
    var simulator: Simulator
    var script: InputScript
    var settings: RecordingSettings

    static let options: Set<String> = ["--from", "--moves", "--script", "--gap", "--size", "--policy", "--appearance", "--overlay", "--out"]

    /// `requireInput`: exactly one of --moves / --script (record); otherwise both are optional.
    static func parse(_ p: ArgumentParser, command: String, requireInput: Bool) throws -> CaptureInput {
        var problems: [String] = []
        func attempt<T>(_ f: () throws -> T) -> T? {
            do { return try f() } catch let e as CLIError { problems.append(e.message); return nil } catch { problems.append("\(error)"); return nil }
        }
        if p.positional.count != 1 { problems.append("\(command) needs one SCENE file or \"home\" (see tenfoot \(command) --help)") }
        if p.option("--out") == nil { problems.append("\(command) needs --out FILE") }
        let moves = p.option("--moves"), scriptFile = p.option("--script")
        if moves != nil, scriptFile != nil { problems.append("give either --moves or --script, not both") }
        if requireInput, moves == nil, scriptFile == nil { problems.append("\(command) needs --moves \"right right select\" or --script FILE") }
        var settings = RecordingSettings()
        if let s = p.option("--size"), let (w, h) = attempt({ try CLI.parseSize(s) }) { settings.width = w; settings.height = h }
        settings.appearance = attempt { try p.appearance() } ?? .dark
        let policy = attempt { try p.policy() } ?? .tvos
        if let o = p.option("--overlay") {
            do { settings.overlays = try Overlays(parsing: o) } catch { problems.append("--overlay: \(error.message)") }
        }
        let gap = p.option("--gap").flatMap { g in attempt { try seconds(g, option: "--gap", allowZero: false) } } ?? InputScriptParser.defaultGap
        var script = InputScript(entries: [], endTick: 0)
        if let moves {
            do { script = try InputScriptParser.parse(moves, gap: gap, file: "--moves") } catch { problems.append(error.description) }
        } else if let scriptFile {
            if let text = attempt({ () throws -> String in
                do { return try String(contentsOfFile: scriptFile, encoding: .utf8) } catch { throw CLIError.usage("--script: cannot read \(scriptFile)") }
            }) {
                do { script = try InputScriptParser.parse(text, gap: gap, file: scriptFile) } catch { problems.append(error.description) }
            }
        }
        guard problems.isEmpty, let file = p.positional.first else { throw CLIError.usage(problems.joined(separator: "\n")) }
        let scene = try CLI.loadScene(file)
        let base = file == "home" ? "." : (file as NSString).deletingLastPathComponent
        settings.imageBase = base.isEmpty ? "." : base
        var sim = try CLI.makeSimulator(scene, policy: policy, from: p.option("--from"))
        // The debug overlay draws the last move's search, which the simulator keeps only when asked.
        if settings.overlays.contains(.debug) { sim.recordsExplanations = true }
        return CaptureInput(scene: scene, simulator: sim, script: script, settings: settings)
    }

    /// A duration: seconds as a plain number, or with `s` / `ms` (`0.4`, `400ms`, `2s`).
    static func seconds(_ text: String, option: String, allowZero: Bool) throws -> Tick {
        var value: Double?
        if text.hasSuffix("ms") { value = Double(text.dropLast(2)).map { $0 / 1000 } } else if text.hasSuffix("s") { value = Double(text.dropLast()) } else { value = Double(text) }
        guard let v = value, v.isFinite, v >= 0, allowZero || v > 0, v <= 3600 else {
            throw CLIError.usage("\(option) expects a duration in seconds like 0.4, 400ms or 2s (\(allowZero ? "0" : "above 0")…3600 s), got \(text)")
        }
        return Clock.ticks(seconds: v)
    }
}

/// `tenfoot record`: a frame-exact video (or PNG frames) of a scripted traversal.
enum RecordCommand {
    static let help = """
        Usage: tenfoot record SCENE [--from ID] (--moves "right right down select" | --script FILE) --out FILE
                              [--fps 30] [--size 1920x1080] [--hold 1] [--gap 0.4] [--overlay keys,path,remote]
                              [--policy tvos|android|web] [--appearance dark|light] [--trace FILE.json]
        Renders the traversal headlessly (software renderer, no display needed) and encodes it with ffmpeg:
          --out demo.mp4      H.264, yuv420p, +faststart (plays everywhere)
          --out demo.webm     VP9 (libvpx realtime settings)
          --out demo.gif      GIF with a palette generated from the frames
          --out frames/       numbered PNG frames (a path ending in / or an existing folder)
        Frame k shows the simulator at exactly k/fps seconds: the same inputs give byte-identical frames.
        --fps must divide 1200 (24, 25, 30, 50, 60, …). --hold lingers on the last frame (seconds, default 1);
        --gap is the time between --moves steps (default 0.4 s). SCENE may be "home" for the built-in scene.
        --overlay draws a caption of each press (keys), the focus path (path), a Siri Remote (remote) and the
        F2 debug overlay (debug: the last move's search, sections, guides).
        --trace writes every event with its tick, time and frame, focus before and after, and how or why not.
        The file appears only when the recording succeeded; Ctrl-C deletes the partial output (exit 130).
        Needs ffmpeg for video (sudo apt-get install ffmpeg / brew install ffmpeg; TENFOOT_FFMPEG overrides).
        """

    static func run(_ args: [String]) throws -> Int32 {
        let p = try ArgumentParser(args, flags: ["--help"], options: CaptureInput.options.union(["--fps", "--hold", "--trace"]))
        if p.flag("--help") { print(help); return 0 }
        var problems: [String] = []
        var fps = 30, hold = RecordingSettings.defaultHold
        if let s = p.option("--fps") {
            if let v = Int(s), RecordingSettings.allowedFPS.contains(v) { fps = v } else {
                problems.append("--fps must divide 1200 (the simulator's ticks per second) and be at most \(RecordingSettings.maxFPS), like 24, 25, 30, 50 or 60; got \(s)")
            }
        }
        if let s = p.option("--hold") {
            do { hold = try CaptureInput.seconds(s, option: "--hold", allowZero: true) } catch let e as CLIError { problems.append(e.message) }
        }
        var format: OutputFormat?
        if let out = p.option("--out") {
            do { format = try OutputFormat(path: out) } catch { problems.append(error.cliError.message) }
        }
        if let trace = p.option("--trace") {
            var isDir: ObjCBool = false
            let folder = (trace as NSString).deletingLastPathComponent
            if !trace.hasSuffix(".json") {
                problems.append("--trace expects a .json file, got \(trace)")
            } else if !folder.isEmpty, !(FileManager.default.fileExists(atPath: folder, isDirectory: &isDir) && isDir.boolValue) {
                problems.append("--trace: the folder \(folder) does not exist")
            }
        }
        var input: CaptureInput?
        do { input = try CaptureInput.parse(p, command: "record", requireInput: true) } catch let e as CLIError {
            if e.code != ExitCode.usage || !problems.isEmpty { throw CLIError(message: (problems + [e.message]).joined(separator: "\n"), code: e.code) }
            throw e
        }
        guard problems.isEmpty, var input, let format, let out = p.option("--out") else { throw CLIError.usage(problems.joined(separator: "\n")) }
        input.settings.fps = fps
        input.settings.hold = hold
        do { try input.settings.validate(for: format) } catch { throw error.cliError }

        let recorder = Recorder(simulator: input.simulator, script: input.script, settings: input.settings)
        let stats: RecordingStats
        let cancellation = Cancellation()
        let pending = PendingOutput()
        // Installed before the temporary output exists, so no Ctrl-C can leave it behind.
        Interrupts.install(cancellation) { pending.discard() }
        do {
            let target = try OutputTarget(destination: out, format: format)
            pending.set(target)
            let bar = ProgressBar.onTerminal(label: "recording")
            defer { bar?.finish() }
            stats = try recorder.record(to: target, cancellation: cancellation) { done, total in bar?.update(done: done, total: total) }
            if let trace = p.option("--trace") {
                try TraversalTrace.write(TraversalTrace.json(recorder.simulator, settings: input.settings, frames: recorder.frameCount), to: trace)
            }
        } catch {
            throw error.cliError
        }
        let seconds = Double(stats.frames) / Double(fps)
        print(String(format: "%@: %d frames, %.2f s at %d fps, %dx%d (%d drawn, %.1fx real time)", out, stats.frames, seconds, fps,
                     input.settings.width, input.settings.height, stats.rendered, stats.wallSeconds > 0 ? seconds / stats.wallSeconds : 0))
        return 0
    }
}

/// The output the Ctrl-C deadline must delete, once there is one.
/// `@unchecked Sendable`: `target` is read and written only under `lock` (the deadline fires on
/// another thread).
final class PendingOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var target: OutputTarget?
    func set(_ t: OutputTarget) { lock.lock(); target = t; lock.unlock() }
    func discard() { lock.lock(); let t = target; lock.unlock(); t?.discard() }
}

/// `tenfoot screenshot`: one PNG of the state after the moves, animations settled.
enum ScreenshotCommand {
    static let help = """
        Usage: tenfoot screenshot SCENE [--from ID] [--moves "right right down" | --script FILE] --out shot.png
                                  [--size WxH] [--gap 0.4] [--overlay keys,path,remote,debug] [--debug]
                                  [--policy P] [--appearance dark|light]
        Renders offscreen with the software renderer (no display needed), after the moves and with the
        animations settled; the same drawing as `tenfoot record` and F12 in the window. Default size 1920x1080.
        --debug adds the debug overlay (F2 in the window): the last move's search path and candidates,
        sections and guides outlined, the safe area, and the focus panel (the same as --overlay debug).
        SCENE may be "home" for the built-in scene.
        """

    static func run(_ args: [String]) throws -> Int32 {
        let p = try ArgumentParser(args, flags: ["--help", "--debug"], options: CaptureInput.options)
        if p.flag("--help") { print(help); return 0 }
        var input = try CaptureInput.parse(p, command: "screenshot", requireInput: false)
        if p.flag("--debug") {
            input.settings.overlays.insert(.debug)
            input.simulator.recordsExplanations = true
        }
        guard let out = p.option("--out") else { throw CLIError.usage("screenshot needs --out FILE.png") }
        guard out.lowercased().hasSuffix(".png") else { throw CLIError.usage("--out must name a .png file, got \(out)") }
        let folder = (out as NSString).deletingLastPathComponent
        var isDir: ObjCBool = false
        if !folder.isEmpty, !(FileManager.default.fileExists(atPath: folder, isDirectory: &isDir) && isDir.boolValue) {
            throw CLIError.usage("--out: the folder \(folder) does not exist")
        }
        do {
            try Screenshot.write(input.simulator, script: input.script, to: out, settings: input.settings)
        } catch {
            throw error.cliError
        }
        return 0
    }
}
