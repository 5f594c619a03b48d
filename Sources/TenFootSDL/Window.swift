@preconcurrency import CSDL2
import CSDL2Image
import Foundation
import FocusEngine
import TenFootInput
import TenFootCore
import TenFootScene
import TenFootSim

/// The interactive window: real input and real elapsed time feed the fixed-step simulator through an
/// accumulator; each frame's display list is rasterised and presented with vsync. Input goes
/// SDL event → `SDLInput` → `LiveSession` (mapping, repeat, momentum, recording) → simulator.
public final class Window {
    public struct Options {
        public var scenePath: String?
        public var policy: FocusPolicy = .tvos
        public var appearance: Appearance = .dark
        public var width: Int32 = 1280
        public var height: Int32 = 720
        /// Quit after this many seconds (tests); nil runs until quit.
        public var seconds: Double?
        /// Keys, controllers and mouse → remote events (the defaults, or a `--input-map` file).
        public var inputMapping: InputMapping = .default
        /// Where the live session is saved when the window closes and on F10 (`--save-session`).
        public var saveSessionPath: String?
        /// F9's second press: renders the captured take (the simulator as it was when capture began,
        /// and the events since, with ticks) with the offline recorder; returns a line to show. The CLI
        /// provides it (the recorder sits above this layer).
        public var renderTake: ((Simulator, InputScript, String) -> String)?
        public init() {}
    }

    /// Why the window could not open; the CLI turns it into exit code 3 and a headless hint.
    public enum Failure: Error, CustomStringConvertible {
        case noDisplay(String)
        case sdl(String)
        public var description: String {
            switch self {
            case .noDisplay(let why): why
            case .sdl(let why): why
            }
        }
    }

    let options: Options
    var sim: Simulator
    var renderer: SceneRenderer
    var loadError: String?
    var sceneStamp: Date?
    /// Modification times of the images the scene names (watched like the scene file).
    var imageStamps: [String: Date] = [:]
    let measurer: any TextMeasurer
    var showDebug = false
    /// A take being captured with F9: the simulator when it began, and where the session's events start.
    var take: (simulator: Simulator, mark: SessionRecording.Mark)?
    /// Frames per second, smoothed, for the debug panel.
    var fps = 0.0
    /// The focusability report of the item last Ctrl-clicked (debug overlay).
    var pointerReport: String?
    var showHelp = false
    var showRemote = false
    /// Physical input → remote events, and the recording of what was played.
    var session: LiveSession
    let input = SDLInput()
    /// Focus when the current recording started (a reload restarts it, keeping focus).
    var sessionStartFocus: String?
    /// A short message shown at the top of the window until `until` (seconds of wall time).
    var notice: (text: String, until: Double)?
    var elapsed = 0.0
    var textInputOn = true

    /// Frame time is clamped so a stall (a debugger, a slow reload) cannot make the clock spiral.
    static let maxFrameSeconds = 0.25
    /// How often the scene file's modification time is checked.
    static let watchInterval = 0.1
    /// How long a notice ("saved the session to …") stays up.
    static let noticeSeconds = 3.0
    /// Where the on-screen remote is drawn (bottom right, in screen points).
    static let remoteRect = OnScreenRemote.rect(width: 180, margin: 40)

    public init(options: Options, scene: Scene, loadError: String?) throws {
        self.options = options
        self.loadError = loadError
        self.renderer = SceneRenderer(appearance: options.appearance)
        // Layout measures text with the bundled fonts, as it is drawn (and as the CLI measures it).
        measurer = (try? FontCache()).map { TrueTypeMeasurer(fonts: $0) } ?? FixedAdvanceMeasurer()
        self.sim = try Simulator(scene: scene, policy: options.policy, measurer: measurer)
        self.sim.sceneLoader = SceneDecoder.fileLoader
        self.session = LiveSession(mapping: options.inputMapping)
        self.sessionStartFocus = sim.focused
        if let p = options.scenePath { sceneStamp = Window.modificationDate(p) }
    }

    static func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// False when there is clearly no display to open a window on (Linux with neither X11 nor Wayland
    /// and no SDL driver chosen by hand).
    public static var displayAvailable: Bool {
        #if os(Linux)
        let env = ProcessInfo.processInfo.environment
        return env["SDL_VIDEODRIVER"] != nil || !(env["DISPLAY"] ?? "").isEmpty || !(env["WAYLAND_DISPLAY"] ?? "").isEmpty
        #else
        return true
        #endif
    }

    /// Opens the window and runs until quit. Returns the process exit code.
    public func run() throws(Failure) -> Int32 {
        guard Window.displayAvailable else { throw .noDisplay("no display: DISPLAY and WAYLAND_DISPLAY are not set") }
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        SDLInput.prepare()
        guard SDL_InitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else { throw .noDisplay("cannot start SDL video: \(SDLError.last)") }
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        // Game controllers are optional: without them the keyboard and mouse still work.
        let padsReady = SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) == 0
        if !padsReady { say("no game controllers: \(SDLError.last)") }
        input.onNotice = { [weak self] in self?.say($0) }
        defer {
            input.closeAll()
            if padsReady { SDL_QuitSubSystem(SDL_INIT_GAMECONTROLLER) }
        }
        let centered = Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK | 0)
        let title = "TenFoot — \(sim.scene.name)"
        guard let window = SDL_CreateWindow(title, centered, centered, options.width, options.height,
                                            SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue) else {
            throw .noDisplay("cannot open a window: \(SDLError.last)")
        }
        defer { SDL_DestroyWindow(window) }
        guard let r = SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC.rawValue) ?? SDL_CreateRenderer(window, -1, 0) else {
            throw .sdl("cannot create a renderer: \(SDLError.last)")
        }
        defer { SDL_DestroyRenderer(r) }
        let fonts: FontCache
        do { fonts = try FontCache() } catch { throw .sdl(error.description) }
        let base = options.scenePath.map { ($0 as NSString).deletingLastPathComponent } ?? "."
        let rasteriser = Rasteriser(renderer: r, fonts: fonts, imageBase: base.isEmpty ? "." : base)

        // However the window closes, `--save-session` gets the session.
        defer { if let path = options.saveSessionPath { saveSession(to: path) } }
        textInputOn = SDL_IsTextInputActive() == SDL_TRUE

        var previous = SDL_GetPerformanceCounter()
        let frequency = Double(SDL_GetPerformanceFrequency())
        var accumulator = 0.0
        var lastWatch = 0.0
        var event = SDL_Event()
        while true {
            var w: Int32 = 0, h: Int32 = 0
            SDL_GetWindowSize(window, &w, &h)
            input.windowSize = (Double(w), Double(h))
            session.input.remoteOverlay = showRemote ? Window.remoteRect : nil
            while SDL_PollEvent(&event) != 0 {
                if let code = handle(event, window: window, rasteriser: rasteriser) { return code }
            }
            let now = SDL_GetPerformanceCounter()
            let raw = Double(now - previous) / frequency
            if raw > 0 { fps = fps == 0 ? 1 / raw : fps * 0.95 + 0.05 / raw }
            let dt = min(Window.maxFrameSeconds, raw)
            previous = now
            elapsed += dt
            accumulator += dt
            let ticks = Int(accumulator * Double(Clock.ticksPerSecond))
            if ticks > 0 {
                // Held repeats, long presses and momentum land at their own ticks within the frame.
                session.advance(&sim, by: ticks)
                accumulator -= Double(ticks) / Double(Clock.ticksPerSecond)
            }
            updateTextInput()
            if elapsed - lastWatch >= Window.watchInterval {
                lastWatch = elapsed
                watchScene(rasteriser)
            }
            var list = renderer.displayList(sim)
            decorate(&list)
            rasteriser.draw(list)
            SDL_RenderPresent(r)
            if sim.exited { return 0 }
            if let limit = options.seconds, elapsed >= limit { return 0 }
        }
    }

    /// Applies one SDL event; returns an exit code when the window should close.
    func handle(_ event: SDL_Event, window: OpaquePointer, rasteriser: Rasteriser) -> Int32? {
        if event.type == SDL_QUIT.rawValue { return 0 }
        for physical in input.translate(event) {
            // Debug overlay: Ctrl-click asks the focus tree about the item under the pointer.
            if showDebug, case .pointerDown(let p) = physical, SDL_GetModState().rawValue & KMOD_CTRL.rawValue != 0 {
                pointerReport = sim.system.tree.focusabilityReport(atX: p.x, y: p.y, focused: sim.focused)
                continue
            }
            for tool in session.handle(physical, sim: &sim) {
                if let code = run(tool, window: window, rasteriser: rasteriser) { return code }
            }
            if sim.exited { return 0 }
        }
        return nil
    }

    /// Runs a tool key; returns an exit code for quit.
    func run(_ tool: Tool, window: OpaquePointer, rasteriser: Rasteriser) -> Int32? {
        switch tool {
        case .quit: return 0
        case .fullscreen:
            let full = SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0
            SDL_SetWindowFullscreen(window, full ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
        case .debug:
            showDebug.toggle()
            sim.recordsExplanations = showDebug
        case .help: showHelp.toggle()
        case .remote: showRemote.toggle()
        case .reload: reload(rasteriser, reset: true)
        case .saveSession: saveSession(to: options.saveSessionPath ?? Window.freeSessionPath())
        case .screenshot:
            let path = Window.freePath(prefix: "tenfoot-screenshot", suffix: ".png")
            let base = options.scenePath.map { ($0 as NSString).deletingLastPathComponent } ?? "."
            do {
                try OffscreenCanvas.writeSettledPNG(sim, to: path, appearance: options.appearance, imageBase: base.isEmpty ? "." : base,
                                                    extra: showDebug ? DebugOverlay.commands(sim) : [])
                say("screenshot saved to \(path)")
            } catch { say("cannot save a screenshot: \(error)") }
        case .record: toggleTake()
        }
        return nil
    }

    /// F9: the first press starts capturing the session's input with its ticks; the second saves the
    /// take as a script and renders it to a timestamped MP4 with the same offline recorder, so a live
    /// take is as exact as a scripted one.
    func toggleTake() {
        guard let take else {
            self.take = (sim, session.recording.mark(at: sim.tick))
            say("recording: press F9 again to stop and render the take")
            return
        }
        self.take = nil
        let script = session.recording.take(since: take.mark, endingAt: sim.tick)
        let stamp = Window.timestamp()
        let scriptPath = "tenfoot-take-\(stamp).txt"
        try? script.timedText.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        guard let render = options.renderTake else { say("take saved to \(scriptPath)"); return }
        say("rendering the take (\(String(format: "%.1f", Clock.seconds(script.endTick))) s)…")
        say(render(take.simulator, script, "tenfoot-take-\(stamp).mp4") + " (script: \(scriptPath))")
    }

    static func timestamp() -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyyMMdd-HHmmss"
        return f.string(from: Date())
    }

    /// Typed text is wanted only while a text field is edited (it also keeps input-method windows away).
    func updateTextInput() {
        let want = sim.editing != nil
        guard want != textInputOn else { return }
        if want { SDL_StartTextInput() } else { SDL_StopTextInput() }
        textInputOn = want
    }

    /// The first `prefix-N.suffix` in the current folder that does not exist yet.
    static func freePath(prefix: String, suffix: String) -> String {
        var n = 1
        while FileManager.default.fileExists(atPath: "\(prefix)-\(n)\(suffix)") { n += 1 }
        return "\(prefix)-\(n)\(suffix)"
    }

    /// Writes the live session as an input script with ticks (docs/input.md, Recording).
    func saveSession(to path: String) {
        let scene = options.scenePath ?? "the built-in home scene (scenes/home.json)"
        let header = [
            "TenFoot live session",
            "scene: \(scene) (policy \(options.policy.rawValue))",
            "focus at start: \(sessionStartFocus ?? "none")",
            "replay: tenfoot record \(options.scenePath ?? "scenes/home.json") --script \(path) --out session.mp4",
        ]
        let text = session.recording.text(endingAt: sim.tick, header: header)
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            say("saved the session to \(path) (\(session.recording.entries.count) events)")
        } catch {
            say("cannot save the session to \(path): \(error.localizedDescription)")
        }
    }

    /// `tenfoot-session-N.txt` in the current folder, the first N not taken.
    static func freeSessionPath() -> String { freePath(prefix: "tenfoot-session", suffix: ".txt") }

    /// A message on stderr and, for a few seconds, at the top of the window.
    func say(_ text: String) {
        FileHandle.standardError.write(Data(("tenfoot: " + text + "\n").utf8))
        notice = (text, elapsed + Window.noticeSeconds)
    }

    func watchScene(_ rasteriser: Rasteriser) {
        guard let path = options.scenePath else { return }
        let stamp = Window.modificationDate(path)
        if stamp != sceneStamp {
            sceneStamp = stamp
            reload(rasteriser, reset: false)
        }
        // The images the scene names: a changed file is loaded again on the next frame.
        let base = (path as NSString).deletingLastPathComponent
        var stamps: [String: Date] = [:]
        for n in sim.scene.allNodes { if let image = n.image {
            let full = image.hasPrefix("/") ? image : (base.isEmpty ? image : base + "/" + image)
            stamps[full] = Window.modificationDate(full) ?? .distantPast
        } }
        if !imageStamps.isEmpty, stamps != imageStamps {
            rasteriser.reloadImages()
            say("images reloaded")
        }
        imageStamps = stamps
    }

    /// Reloads the scene file: keeps the last good scene on screen with the error when it fails.
    func reload(_ rasteriser: Rasteriser, reset: Bool) {
        guard let path = options.scenePath else { return }
        do {
            let scene = try SceneDecoder.load(path: path)
            if reset {
                sim = try Simulator(scene: scene, policy: options.policy, measurer: measurer)
                sim.sceneLoader = SceneDecoder.fileLoader
            } else {
                // Hot reload: focus, scroll, state and sheets carry over to the new version.
                let report = try sim.reload(scene)
                say("reloaded: \(report)")
            }
            sim.recordsExplanations = showDebug
            // The recorded events belong to the old scene: a new session starts here.
            session.restartRecording(at: sim.tick)
            // A take in progress restarts from the reloaded scene (its events would not replay on it).
            if take != nil { take = (sim, session.recording.mark(at: sim.tick)); say("take restarted: the scene changed") }
            sessionStartFocus = sim.focused
            loadError = nil
            rasteriser.reloadImages()
        } catch let e as Diagnostics {
            loadError = e.description
            FileHandle.standardError.write(Data((e.description + "\n").utf8))
        } catch {
            loadError = "\(path): \(error)"
        }
    }

    /// The F1 card: the key guide's lines, a group of rows each.
    static let helpCard = HelpCard.commands(KeyGuide.grouped.map { $0.lines.map { HelpCard.Row(keys: $0.keys, does: $0.does) } })

    /// Overlays drawn by the window itself: the error banner, the on-screen remote, notices, the
    /// help card and the debug panel.
    func decorate(_ list: inout DisplayList) {
        if let error = loadError { list.commands += ErrorBanner.commands(error) }
        if showRemote {
            list.commands += session.remote(sim).commands(in: Window.remoteRect, now: sim.tick)
        }
        if let n = notice, elapsed < n.until { list.commands += Notice.commands(n.text) }
        if showHelp { list.commands += Window.helpCard }
        if showDebug { list.commands += DebugOverlay.commands(sim, fps: fps, note: pointerReport) }
    }
}
