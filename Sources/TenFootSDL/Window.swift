@preconcurrency import CSDL2
import CSDL2Image
import Foundation
import FocusEngine
import TenFootScene
import TenFootSim

/// The interactive window: real input and real elapsed time feed the fixed-step simulator through an
/// accumulator; each frame's display list is rasterised and presented with vsync.
public final class Window {
    public struct Options {
        public var scenePath: String?
        public var policy: FocusPolicy = .tvos
        public var appearance: Appearance = .dark
        public var width: Int32 = 1280
        public var height: Int32 = 720
        /// Quit after this many seconds (tests); nil runs until quit.
        public var seconds: Double?
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
    var lastGood: Scene
    var loadError: String?
    var sceneStamp: Date?
    var showDebug = false
    var showHelp = false

    /// Frame time is clamped so a stall (a debugger, a slow reload) cannot make the clock spiral.
    static let maxFrameSeconds = 0.25
    /// How often the scene file's modification time is checked.
    static let watchInterval = 0.1

    public init(options: Options, scene: Scene, loadError: String?) throws {
        self.options = options
        self.lastGood = scene
        self.loadError = loadError
        self.renderer = SceneRenderer(appearance: options.appearance)
        self.sim = try Simulator(scene: scene, policy: options.policy)
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
        guard SDL_InitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else { throw .noDisplay("cannot start SDL video: \(SDLError.last)") }
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
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

        var previous = SDL_GetPerformanceCounter()
        let frequency = Double(SDL_GetPerformanceFrequency())
        var accumulator = 0.0
        var elapsed = 0.0
        var lastWatch = 0.0
        var event = SDL_Event()
        while true {
            while SDL_PollEvent(&event) != 0 {
                if let code = handle(event, window: window, rasteriser: rasteriser) { return code }
            }
            let now = SDL_GetPerformanceCounter()
            let dt = min(Window.maxFrameSeconds, Double(now - previous) / frequency)
            previous = now
            elapsed += dt
            accumulator += dt
            let ticks = Int(accumulator * Double(Clock.ticksPerSecond))
            if ticks > 0 {
                sim.step(ticks: ticks)
                accumulator -= Double(ticks) / Double(Clock.ticksPerSecond)
            }
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
        switch SDL_EventType(rawValue: event.type) {
        case SDL_QUIT:
            return 0
        case SDL_KEYDOWN:
            let mods = UInt32(event.key.keysym.mod)
            let ctrl = mods & UInt32(KMOD_CTRL.rawValue) != 0
            let shift = mods & UInt32(KMOD_SHIFT.rawValue) != 0
            guard let action = KeyMap.action(keycode: event.key.keysym.sym, ctrl: ctrl, shift: shift) else { return nil }
            switch action {
            case .quit: return 0
            case .remote(let e):
                sim.send(e)
                if sim.exited { return 0 }
            case .toggleFullscreen:
                let full = SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0
                SDL_SetWindowFullscreen(window, full ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
            case .toggleDebug: showDebug.toggle()
            case .toggleHelp: showHelp.toggle()
            case .reload: reload(rasteriser, reset: true)
            case .screenshot, .record, .toggleRemote: break
            }
        default:
            break
        }
        return nil
    }

    func watchScene(_ rasteriser: Rasteriser) {
        guard let path = options.scenePath else { return }
        let stamp = Window.modificationDate(path)
        if stamp != sceneStamp {
            sceneStamp = stamp
            reload(rasteriser, reset: false)
        }
    }

    /// Reloads the scene file: keeps the last good scene on screen with the error when it fails.
    func reload(_ rasteriser: Rasteriser, reset: Bool) {
        guard let path = options.scenePath else { return }
        do {
            let scene = try SceneDecoder.load(path: path)
            let keep = reset ? nil : sim.focused
            var next = try Simulator(scene: scene, policy: options.policy)
            if let keep { next.restoreFocus(keep) }
            sim = next
            lastGood = scene
            loadError = nil
            rasteriser.reloadImages()
        } catch let e as SceneLoadError {
            loadError = e.description
            FileHandle.standardError.write(Data((e.description + "\n").utf8))
        } catch {
            loadError = "\(path): \(error)"
        }
    }

    /// Overlays drawn by the window itself: the error banner and the help card.
    func decorate(_ list: inout DisplayList) {
        if let error = loadError { list.commands += ErrorBanner.commands(error) }
        if showHelp {
            let keys = ["Arrows / WASD  swipe", "Return / Space  select", "Escape / Backspace  Menu", "P  Play/Pause", "Tab / Shift-Tab  next / previous",
                        "F1  this help", "F2  debug overlay", "F5  reload and reset", "F11 / Ctrl+F  fullscreen", "Ctrl+Q  quit"]
            list.add(.rect(Rect(560, 200, 800, 80 + Double(keys.count) * 48), radius: 24, color: Color(20, 22, 30, 235)))
            for (k, line) in keys.enumerated() {
                list.add(.text(line, x: 620, y: 240 + Double(k) * 48, size: 31, bold: false, color: Color(240, 240, 245), centered: false, maxWidth: nil))
            }
        }
        if showDebug, let id = sim.focused {
            list.add(.rect(Rect(1400, 900, 480, 120), radius: 16, color: Color(0, 0, 0, 200)))
            list.add(.text("focused: \(id)", x: 1420, y: 920, size: 25, bold: true, color: Color(120, 255, 160), centered: false, maxWidth: 440))
            list.add(.text(sim.lastUpdate?.description ?? "", x: 1420, y: 960, size: 23, bold: false, color: Color(220, 220, 220), centered: false, maxWidth: 440))
        }
    }
}
