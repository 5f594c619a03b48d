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

/// The interactive window and its tools: real input and real elapsed time feed the fixed-step
/// simulator through an accumulator; each frame's display list (scene, then the window's overlays)
/// is shown on the platform window. Input goes platform event → `SDLInput` → `LiveSession` (mapping,
/// repeat, momentum, recording) → simulator. The tools (F1 … F12) live in `Window+Tools.swift`, the
/// scene watching in `Window+Reload.swift`; the platform (SDL) is `SDLWindow`, below.
public final class Window {
    public struct Options {
        /// A scene file, or SwiftUI sources (a `.swift` file or a folder of them).
        public var scenePath: String?
        /// For SwiftUI sources: which view opens (`--view`, `--preview`).
        public var swiftUI = SwiftUIOptions()
        public var policy: FocusPolicy = .tvos
        public var appearance: Appearance = .dark
        /// Idle dimming (nil: never): on in the window by default.
        public var idleDimming: IdleDimming? = IdleDimming()
        /// The pointer tilts the focused item without a button down (`tenfoot preview`).
        public var hoverTilts = false
        public var width: Int32 = 1280
        public var height: Int32 = 720
        /// Quit after this many seconds (tests); nil runs until quit.
        public var seconds: Double?
        /// Keys, controllers and mouse → remote events (the defaults, or a `--input-map` file).
        public var inputMapping: InputMapping = .default
        /// Where the live session is saved when the window closes and on F10 (`--save-session`).
        public var saveSessionPath: String?
        /// Why saving the session to a path would replace a file the scene now reads (its reload may have made the
        /// session's file an input since the window opened), or nil: checked before every save.
        public var sessionPathIsInput: (@Sendable (String) -> String?)?
        /// How to type `tenfoot` here, for the commands the window suggests (`.build/debug/tenfoot` before install).
        public var invocation = "tenfoot"
        /// A repro bundle replayed (`tenfoot run bug.tenfoot`): the window starts where its input left
        /// the simulator. Nothing is watched (a bundle does not change); F5 goes back to that state.
        public var replay: Replay?
        public init() {}
    }

    /// A repro bundle in the window: its name, and the simulator after its input (which opens scenes
    /// from the bundle and names its images inside the bundle's private copy).
    public struct Replay: Sendable {
        public var bundle: String
        public var simulator: Simulator
        public init(bundle: String, simulator: Simulator) {
            self.bundle = bundle
            self.simulator = simulator
        }
    }

    /// Why the window could not open (the platform's reasons).
    public typealias Failure = SDLWindow.Failure

    let options: Options
    var sim: Simulator
    var renderer: SceneRenderer
    var loadError: String?
    /// The signals the window stops on, once it runs (a reload waiting for the scene's files looks at them too).
    var interrupts: InterruptFlag?
    /// The files the scene is read from (a scene file; SwiftUI sources and sidecars).
    var sceneWatcher: FileWatcher?
    /// The pictures the scene can show, decoded before they are drawn, and the watcher of their files.
    var assets: AssetTable
    var imageWatcher: FileWatcher?
    let measurer: any TextMeasurer
    var showDebug = false
    /// F7: what VoiceOver says for the focused item, as a caption strip.
    var showVoiceOver = false
    /// The text size the screen is laid out at (F6 / Shift+F6 change it).
    var textSize: TextSize
    /// A take being captured with F9: the simulator when it began, and where in the recording.
    var take: (simulator: Simulator, mark: SessionRecording.Mark)?
    /// Frames per second, smoothed, for the debug panel.
    var fps = 0.0
    /// The focusability report of the item last Ctrl-clicked (debug overlay).
    var pointerReport: String?
    var showHelp = false
    var showRemote = false
    /// Physical input → remote events, and the recording of what was played.
    var session: LiveSession
    /// Focus when the current recording started (a reload restarts it, keeping focus).
    var sessionStartFocus: String?
    /// A short message shown at the top of the window until `until` (seconds of wall time).
    var notice: (text: String, until: Double)?
    /// Whether the last frame left out the bottom of a pile (``Rasteriser/maxOverdrawScreens``), said once.
    var saidLeftOut = false
    var elapsed = 0.0

    /// Frame time is clamped so a stall (a debugger, a slow reload) cannot make the clock spiral.
    static let maxFrameSeconds = 0.25
    /// What Menu at the top level says first (Ctrl-Q and the close button quit at once).
    static let menuExitNotice = "Press Menu again to close TenFoot"
    /// How long a notice ("saved the session to …") stays up.
    static let noticeSeconds = 3.0
    /// Where the on-screen remote is drawn (bottom right, in screen points).
    static let remoteRect = OnScreenRemote.rect(width: 180, margin: 40)
    /// The F1 card (the key guide's groups), laid out once with the window's measurer.
    lazy var helpCard = HelpCard.commands(KeyGuide.helpGroups, measurer: measurer)
    /// The error banner and the notice as last laid out, for the text they show (wrapping measures text:
    /// done once per message, not every frame).
    var bannerCache: (text: String, commands: [DrawCommand])?
    var noticeCache: (text: String, commands: [DrawCommand])?

    public init(options: Options, scene: Scene, loadError: String?) throws {
        self.options = options
        self.loadError = loadError
        self.renderer = SceneRenderer(appearance: options.appearance)
        self.textSize = options.replay?.simulator.scene.textSize ?? scene.textSize
        // Layout measures text with the bundled fonts, as it is drawn (and as the CLI measures it).
        measurer = (try? FontCache()).map { TrueTypeMeasurer(fonts: $0) } ?? FixedAdvanceMeasurer()
        if let replay = options.replay {
            self.sim = replay.simulator
        } else {
            self.sim = try Simulator(scene: scene, policy: options.policy, measurer: measurer)
            self.sim.sceneLoader = SceneSource.fileLoader
        }
        self.sim.idleDimming = options.idleDimming
        self.assets = AssetTable(
            scene: sim.scene, base: options.scenePath.map(SceneSource.imageBase(for:)) ?? ".",
            decoder: SDLImageDecoder(), loader: sim.sceneLoader, loaderReadsFiles: sim.sceneLoaderReadsFiles)
        self.session = LiveSession(mapping: options.inputMapping, startingAt: sim.tick)
        self.session.input.hoverTilts = options.hoverTilts
        self.sessionStartFocus = sim.focused
        if let p = options.scenePath {
            sceneWatcher = FileWatcher(notifications: Window.notifies) { SceneSource.watchList(p) }
        }
    }

    /// Whether files are watched by notification: `TENFOOT_WATCH=poll` polls them every 100 ms instead
    /// (for a file system that sends no events, and as the baseline of `tenfoot-bench reload`).
    static let notifies = ProcessInfo.processInfo.environment["TENFOOT_WATCH"] != "poll"

    /// False when there is clearly no display to open a window on.
    public static var displayAvailable: Bool { SDLWindow.displayAvailable }

    /// Opens the window and runs until quit, or until SIGINT, SIGTERM or SIGHUP (exit 130); then
    /// saves `--save-session` however it closed (exit 3 when that fails after a clean close). Returns
    /// the process exit code.
    public func run() throws(Failure) -> Int32 {
        // Signals only set a flag the frame loop reads, so a signalled window still saves its session.
        let interrupts = Interrupts.watch()
        self.interrupts = interrupts
        let platform = try SDLWindow(
            title: "TenFoot — \(sim.scene.name)", width: options.width, height: options.height,
            assets: assets, notice: { [weak self] in self?.say($0) })
        platform.input.reportsHover = options.hoverTilts
        reportImages()
        let code = frames(on: platform, interrupts: interrupts)
        if let path = options.saveSessionPath, !saveSession(to: path), code == 0 { return 3 }
        return code
    }

    /// The frame loop; returns the exit code when the window should close.
    func frames(on platform: SDLWindow, interrupts: InterruptFlag) -> Int32 {
        var accumulator = 0.0
        _ = platform.secondsSinceLastCall()
        while true {
            if let signal = interrupts.received {
                say("interrupted by \(Window.signalName(signal)); closing the window")
                return 130
            }
            session.input.remoteOverlay = showRemote ? Window.remoteRect : nil
            // Menu at the top level asks before it closes the window (a script or `path` leaves at once).
            sim.confirmsMenuExit = true
            let asked = sim.menuExitAsked
            while let event = platform.nextEvent() {
                if let code = handle(event, on: platform) { return code }
            }
            let raw = platform.secondsSinceLastCall()
            if raw > 0 { fps = fps == 0 ? 1 / raw : fps * 0.95 + 0.05 / raw }
            let dt = min(Window.maxFrameSeconds, raw)
            elapsed += dt
            accumulator += dt
            let ticks = Int(accumulator * Double(Clock.ticksPerSecond))
            if ticks > 0 {
                // Held repeats, long presses and momentum land at their own ticks within the frame.
                session.advance(&sim, by: ticks)
                accumulator -= Double(ticks) / Double(Clock.ticksPerSecond)
            }
            if sim.menuExitAsked != asked, !sim.navigation.exited {
                notice = (Window.menuExitNotice, elapsed + Clock.seconds(Simulator.menuExitWindow))
            }
            // Typed text is wanted only while a text field is edited (it also keeps input-method windows away).
            platform.acceptsText = sim.textTarget != nil
            // Every frame: with notifications a check is one read that finds nothing pending.
            watchScene(platform.rasteriser)
            var list = renderer.displayList(sim)
            decorate(&list)
            platform.show(list)
            platform.pace()
            // Said once a run of frames that leave the bottom of a pile out, not every frame.
            let leftOut = platform.rasteriser.layersLeftOut
            if leftOut > 0, !saidLeftOut { say(Rasteriser.leftOutMessage(leftOut)) }
            saidLeftOut = leftOut > 0
            if sim.navigation.exited { return 0 }
            if let limit = options.seconds, elapsed >= limit { return 0 }
        }
    }

    /// Applies one platform event; returns an exit code when the window should close.
    func handle(_ event: SDLWindow.Event, on platform: SDLWindow) -> Int32? {
        guard case .input(let physical) = event else { return 0 }
        // Debug overlay: Ctrl-click asks the focus tree about the item under the pointer.
        if showDebug, case .pointerDown(let p) = physical, platform.heldModifiers.contains(.ctrl) {
            pointerReport = sim.system.tree.focusabilityReport(atX: p.x, y: p.y, focused: sim.focused)
            return nil
        }
        for tool in session.handle(physical, sim: &sim) {
            if let code = run(tool, on: platform) { return code }
        }
        return sim.navigation.exited ? 0 : nil
    }

    /// Overlays drawn by the window itself: the error banner, the on-screen remote, notices, the
    /// help card and the debug panel.
    func decorate(_ list: inout DisplayList) {
        list.commands += decorations(sim, fps: fps, notices: true)
    }

    /// What the window draws over the scene of `sim`: F12 puts the same over its settled picture (without
    /// the passing notices and the frame rate).
    func decorations(_ sim: Simulator, fps: Double?, notices: Bool) -> [DrawCommand] {
        var out: [DrawCommand] = []
        if let error = loadError ?? sim.failure.map({ "the focus tree cannot be built: \($0)" }) {
            if bannerCache?.text != error { bannerCache = (error, ErrorBanner.commands(error, measurer: measurer)) }
            out += bannerCache!.commands
        }
        if showRemote {
            out += session.remote(sim).commands(in: Window.remoteRect, now: sim.tick)
        }
        if showVoiceOver {
            var list = DisplayList()
            VoiceOverCaption().draw(into: &list, sim: sim)
            out += list.commands
        }
        if notices, let n = notice, elapsed < n.until {
            let focused = sim.focused.flatMap { sim.placedChain(to: $0)?.last?.frame }
            let key = n.text + (focused.map { "@\($0)" } ?? "")
            if noticeCache?.text != key {
                noticeCache = (key, Notice.commands(n.text, measurer: measurer, avoiding: focused))
            }
            out += noticeCache!.commands
        }
        if showHelp { out += helpCard }
        if showDebug { out += DebugOverlay.commands(sim, fps: fps, note: pointerReport) }
        return out
    }

    static func signalName(_ s: Int32) -> String {
        switch s {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(s)"
        }
    }

    /// A message on stderr (control characters escaped: it may hold a path) and, for a few seconds,
    /// at the top of the window.
    func say(_ text: String) {
        ErrorStream.write("tenfoot: " + escapingControlCharacters(text) + "\n")
        notice = (text, elapsed + Window.noticeSeconds)
    }
}
