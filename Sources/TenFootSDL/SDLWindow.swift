// SDL_stdinc.h is included textually by each SDL module map (CSDL2, CSDL2Image, CSDL2TTF, CSDL2X11), so Clang
// merges their copies of the `SDL_bool` enum and files see `SDL_TRUE` only through the copy it kept, which
// depends on the order the modules were built (a clean build once failed with "cannot find 'SDL_TRUE'").
// Importing every one of them makes the constants visible whichever copy wins.
@preconcurrency import CSDL2
import CSDL2Image
import CSDL2TTF
import Foundation
import TenFootInput
import TenFootPresentation
import TenFootRaster
import TenFootScene
import TenFootSim

#if canImport(CSDL2X11)
    import CSDL2X11
#endif

/// The platform window: an SDL window and renderer (vsync when the driver offers it), the rasteriser
/// drawing into it, the input edge (`SDLInput`) and the wall clock. It decides nothing: the app above
/// (`TenFootApp.Window`) chooses what to draw, what input means and how time advances.
public final class SDLWindow {
    /// Why the window could not open (the command line turns it into exit code 3 and a headless hint).
    public enum Failure: Error, CustomStringConvertible {
        /// No display to open a window on, or SDL's video could not start.
        case noDisplay(String)
        /// The window opened but drawing could not be set up.
        case sdl(String)
        public var description: String {
            switch self {
            case .noDisplay(let why), .sdl(let why): why
            }
        }
    }

    /// What the window reports: the user closed it, or a physical input (already translated, with
    /// pointer positions in screen points through the letterbox).
    public enum Event {
        case quit
        case input(PhysicalInput)
    }

    /// False when there is clearly no display to open a window on (Linux with neither X11 nor Wayland
    /// and no SDL driver chosen by hand).
    public static var displayAvailable: Bool {
        #if os(Linux)
            let env = ProcessInfo.processInfo.environment
            return env["SDL_VIDEODRIVER"] != nil || !(env["DISPLAY"] ?? "").isEmpty
                || !(env["WAYLAND_DISPLAY"] ?? "").isEmpty
        #else
            return true
        #endif
    }

    /// Video drivers that show nothing: SDL falls back to them when no display answers (`DISPLAY`
    /// naming a display with no X server), and a window there would run unseen and never close.
    static let invisibleDrivers: Set<String> = ["offscreen", "dummy", "evdev"]

    /// Why the driver SDL started cannot show a window (nil when it can): an invisible driver that
    /// nobody asked for with `SDL_VIDEODRIVER` (tests ask for `dummy` on purpose).
    static func invisibleFallback(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let name = SDL_GetCurrentVideoDriver().map({ String(cString: $0) }) else {
            return "SDL started no video driver"
        }
        let asked = (environment["SDL_VIDEODRIVER"] ?? "").lowercased().split(separator: ",").map(String.init)
        guard invisibleDrivers.contains(name), !asked.contains(name.lowercased()) else { return nil }
        var displays: [String] = []
        if let x = environment["DISPLAY"], !x.isEmpty { displays.append("the X display \(x)") }
        if let w = environment["WAYLAND_DISPLAY"], !w.isEmpty { displays.append("the Wayland display \(w)") }
        let which = displays.isEmpty ? "the display" : displays.joined(separator: " or ")
        return
            "cannot open \(which): no display server answers there (SDL fell back to its invisible \"\(name)\" driver)"
    }

    public let input = SDLInput()
    /// Draws display lists into the window: the canvas's, or the one drawing through SDL's renderer.
    public var rasteriser: Rasteriser { canvas?.rasteriser ?? rendererRasteriser! }
    /// Drawing through SDL's renderer (a GPU's). Optional only so it is released before the renderer.
    private var rendererRasteriser: Rasteriser?
    private let window: OpaquePointer
    /// SDL's renderer, where it draws the window (nil: the canvas does).
    private let renderer: OpaquePointer?
    /// Where there is no GPU to draw with, TenFoot's own rasteriser draws the window's frames into the window's memory
    /// (in bands of rows on every core, only the rows that changed) and SDL copies those rows to the screen. Made again
    /// when the window's size changes.
    private var canvas: OffscreenCanvas?
    private let fonts: FontCache
    /// Says what the window cannot do (a canvas it could not make at a new size), once a size.
    private let notice: (String) -> Void
    private var failedSize: (Int32, Int32)?
    /// The window's memory the canvas drew the last frame into (another one after a resize).
    private var lastSurface: UnsafeMutablePointer<SDL_Surface>?
    /// The screen may have lost what the window showed (uncovered, resized): the next frame is shown whole.
    private var showWhole = true
    /// The window's memory may no longer hold the last frame (resized: SDL makes it again, maybe at the same address):
    /// the next frame is drawn whole.
    private var drawWhole = true
    /// When the last paced frame ended (``pace()``).
    private var lastPaced: UInt64 = 0
    /// The rows of output pixels the last frame drew (all of them where SDL's renderer draws).
    public private(set) var lastRows: [Range<Int32>] = []
    /// The parts of them it showed, where pixels may have changed (the whole window where SDL's renderer draws).
    public private(set) var lastShown: [OutputArea] = []
    /// How long the last frame took to hand its changed areas to the screen, in seconds (where TenFoot draws the
    /// window: under X11 the server's copy of them, which SDL waits for; 0 where SDL's renderer draws).
    public private(set) var lastShowingSeconds = 0.0
    private let controllersReady: Bool
    private var previousCounter: UInt64
    private var pending: [PhysicalInput] = []
    private var textInputOn: Bool
    /// F11's state, kept here: SDL's own flag follows what the window manager did, and with none it says
    /// nothing useful.
    private var fullscreen = false
    /// Where the window was and how big before fullscreen, to return to.
    private var windowed: SDL_Rect?
    /// Fullscreen done by hand where no window manager would do it: borderless, over the whole display.
    private var coversDisplay = false
    /// Since when (seconds of `SDL_GetTicks`) SDL's size has differed from the real one in fullscreen.
    private var mismatchSince: Double?
    /// How long a window manager may take to make a window fullscreen before it is done by hand.
    static let fullscreenGrace = 0.5

    /// Starts SDL's video, opens the window and its renderer. Game controllers are optional: without
    /// them (`notice` says why) the keyboard and mouse still work. `assets`: the scene's pictures, decoded.
    public init(title: String, width: Int32, height: Int32, assets: AssetTable, notice: @escaping (String) -> Void)
        throws(Failure)
    {
        guard SDLWindow.displayAvailable else {
            throw .noDisplay("no display: DISPLAY and WAYLAND_DISPLAY are not set")
        }
        do throws(SDLError) { try SDLLibraries.load() } catch { throw .sdl(error.description) }
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        // A window's own memory (drawn by TenFoot where there is no GPU, or by SDL's software renderer) is copied to
        // the screen as it is (X11: shared memory), not through an OpenGL texture drawn by the processor.
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        SDLInput.prepare()
        guard SDL_InitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else {
            throw .noDisplay("cannot start SDL video: \(SDLError.last)")
        }
        if let why = SDLWindow.invisibleFallback() {
            SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
            throw .noDisplay(why)
        }
        controllersReady = SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) == 0
        if !controllersReady { notice("no game controllers: \(SDLError.last)") }
        input.onNotice = notice
        self.notice = notice
        let centered = Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK | 0)
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
        guard let w = SDL_CreateWindow(title, centered, centered, width, height, flags) else {
            let why = SDLError.last
            SDLWindow.quit(controllers: controllersReady, input: input)
            throw .noDisplay("cannot open a window: \(why)")
        }
        guard let r = SDL_CreateRenderer(w, -1, SDL_RENDERER_PRESENTVSYNC.rawValue) ?? SDL_CreateRenderer(w, -1, 0)
        else {
            let why = SDLError.last
            SDL_DestroyWindow(w)
            SDLWindow.quit(controllers: controllersReady, input: input)
            throw .sdl("cannot create a renderer: \(why)")
        }
        let fonts: FontCache
        do { fonts = try FontCache() } catch {
            SDL_DestroyRenderer(r)
            SDL_DestroyWindow(w)
            SDLWindow.quit(controllers: controllersReady, input: input)
            throw .sdl(error.description)
        }
        self.fonts = fonts
        window = w
        if SDLWindow.drawsWithCanvas(renderer: r) {
            SDL_DestroyRenderer(r)
            renderer = nil
            do {
                guard let surface = SDL_GetWindowSurface(w) else {
                    throw SDLError("no window surface: \(SDLError.last)")
                }
                canvas = try SDLWindow.canvas(for: surface, fonts: fonts, assets: assets)
            } catch {
                SDL_DestroyWindow(w)
                SDLWindow.quit(controllers: controllersReady, input: input)
                throw .sdl("cannot draw the window: \(error)")
            }
        } else {
            renderer = r
            rendererRasteriser = Rasteriser(renderer: r, fonts: fonts, assets: assets)
        }
        textInputOn = SDL_IsTextInputActive() == SDL_TRUE
        previousCounter = SDL_GetPerformanceCounter()
    }

    deinit {
        rendererRasteriser?.destroyTextures()  // its textures belong to the renderer
        rendererRasteriser = nil
        canvas = nil
        if let renderer { SDL_DestroyRenderer(renderer) }
        SDL_DestroyWindow(window)
        SDLWindow.quit(controllers: controllersReady, input: input)
    }

    private static func quit(controllers: Bool, input: SDLInput) {
        input.closeAll()
        if controllers { SDL_QuitSubSystem(SDL_INIT_GAMECONTROLLER) }
        SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
    }

    /// The next event waiting, or nil when there is none. One SDL event may carry several inputs;
    /// they come one by one.
    public func nextEvent() -> Event? {
        if !pending.isEmpty { return .input(pending.removeFirst()) }
        followRealSize()
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        input.windowSize = (Double(w), Double(h))
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            if event.type == SDL_QUIT.rawValue { return .quit }
            if event.type == SDL_WINDOWEVENT.rawValue {
                if SDLWindow.losesPicture(event.window.event) { showWhole = true }
                if SDLWindow.resizes(event.window.event) { drawWhole = true }
            }
            pending = input.translate(event)
            if !pending.isEmpty { return .input(pending.removeFirst()) }
        }
        return nil
    }

    /// The keyboard modifiers held now (for a pointer press: Ctrl-click).
    public var heldModifiers: KeyModifiers {
        SDLInput.modifiers(UInt16(truncatingIfNeeded: SDL_GetModState().rawValue))
    }

    /// Wall-clock seconds since the previous call (or since the window opened).
    public func secondsSinceLastCall() -> Double {
        let now = SDL_GetPerformanceCounter()
        defer { previousCounter = now }
        return Double(now - previousCounter) / Double(SDL_GetPerformanceFrequency())
    }

    /// Switches between a window and the whole display, and back to the window's own place and size. With
    /// no window manager to ask (a bare X server, Xvfb), the window is made to cover the display by hand.
    public func toggleFullscreen() {
        if fullscreen {
            fullscreen = false
            mismatchSince = nil
            if coversDisplay {
                coversDisplay = false
                SDL_SetWindowBordered(window, SDL_TRUE)
            } else {
                SDL_SetWindowFullscreen(window, 0)
            }
            // Setting the size again also puts SDL right where a window manager did not do what SDL expected.
            if let r = windowed {
                SDL_SetWindowSize(window, r.w, r.h)
                SDL_SetWindowPosition(window, r.x, r.y)
            }
            return
        }
        var r = SDL_Rect()
        SDL_GetWindowPosition(window, &r.x, &r.y)
        SDL_GetWindowSize(window, &r.w, &r.h)
        windowed = r
        fullscreen = true
        if SDLWindow.hasWindowManager(window) == false {
            coverDisplay()
        } else {
            SDL_SetWindowFullscreen(window, SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
        }
    }

    /// Fullscreen without a window manager: no border, the display's place and size (what a window manager
    /// would do; with none, the X server applies it as asked).
    private func coverDisplay() {
        var bounds = SDL_Rect()
        guard SDL_GetDisplayBounds(max(0, SDL_GetWindowDisplayIndex(window)), &bounds) == 0 else { return }
        coversDisplay = true
        SDL_SetWindowBordered(window, SDL_FALSE)
        SDL_SetWindowPosition(window, bounds.x, bounds.y)
        SDL_SetWindowSize(window, bounds.w, bounds.h)
    }

    /// Keeps SDL's size (which the renderer draws for) equal to the window's real size, so the picture always
    /// fits the window: a stale size is replaced by the real one, and a fullscreen request that no window
    /// manager carried out within `fullscreenGrace` is withdrawn and done by hand.
    private func followRealSize() {
        guard let real = SDLWindow.realSize(window) else { return }
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        guard real.width != w || real.height != h else {
            mismatchSince = nil
            return
        }
        if SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN.rawValue == 0 {
            SDL_SetWindowSize(window, real.width, real.height)
            return
        }
        let now = Double(SDL_GetTicks64()) / 1000
        guard let since = mismatchSince else {
            mismatchSince = now
            return
        }
        guard now - since >= SDLWindow.fullscreenGrace else { return }
        mismatchSince = nil
        SDL_SetWindowFullscreen(window, 0)
        if let r = windowed { SDL_SetWindowSize(window, r.w, r.h) }
        coverDisplay()
    }

    /// The window's size as the windowing system has it, where SDL can be wrong about it (X11); nil elsewhere.
    static func realSize(_ window: OpaquePointer) -> (width: Int32, height: Int32)? {
        #if canImport(CSDL2X11)
            var w: Int32 = 0
            var h: Int32 = 0
            return tenfoot_x11_window_size(window, &w, &h) == 1 ? (w, h) : nil
        #else
            return nil
        #endif
    }

    /// Whether a window manager runs (X11); nil where the question does not arise.
    static func hasWindowManager(_ window: OpaquePointer) -> Bool? {
        #if canImport(CSDL2X11)
            let answer = tenfoot_x11_has_window_manager(window)
            return answer < 0 ? nil : answer == 1
        #else
            return nil
        #endif
    }

    /// Whether typed text is reported (`PhysicalInput.text`); off, input-method windows stay away.
    public var acceptsText: Bool {
        get { textInputOn }
        set {
            guard newValue != textInputOn else { return }
            if newValue { SDL_StartTextInput() } else { SDL_StopTextInput() }
            textInputOn = newValue
        }
    }

    /// Draws a frame and presents it (waiting for vsync when the renderer has it). The canvas draws and shows only the
    /// rows that changed since the frame before (all of them after a resize or when the window was uncovered).
    public func show(_ list: DisplayList) {
        guard let canvas = currentCanvas(), let surface = lastSurface else {
            if let renderer {
                rasteriser.draw(list)
                SDL_RenderPresent(renderer)
                var (w, h): (Int32, Int32) = (0, 0)
                SDL_GetRendererOutputSize(renderer, &w, &h)
                lastRows = [0..<h]
                lastShown = [OutputArea(rows: 0..<h, columns: 0..<w)]
                lastShowingSeconds = 0
            }
            return
        }
        let s = surface.pointee
        let format = s.format.pointee.format
        if format == SDL_PIXELFORMAT_RGB888.rawValue || format == SDL_PIXELFORMAT_ARGB8888.rawValue,
            Int(s.pitch) == Int(s.w) * 4
        {
            // RGB888 on X11: the top byte is not shown, and the canvas's frame is opaque wherever it is drawn.
            lastRows = canvas.drawChanges(list, into: s.pixels)
            lastShown = canvas.changedAreas
        } else {
            canvas.draw(list)
            let bytes = canvas.bytes()
            SDL_ConvertPixels(
                s.w, s.h, SDL_PIXELFORMAT_ARGB8888.rawValue, bytes.baseAddress, Int32(canvas.pitch),
                format, s.pixels, s.pitch)
            lastRows = [0..<s.h]
            lastShown = [OutputArea(rows: 0..<s.h, columns: 0..<s.w)]
        }
        let showing = SDL_GetPerformanceCounter()
        defer {
            lastShowingSeconds =
                Double(SDL_GetPerformanceCounter() - showing) / Double(SDL_GetPerformanceFrequency())
        }
        if showWhole {
            showWhole = false
            SDL_UpdateWindowSurface(window)
        } else if !lastShown.isEmpty {
            // Only where pixels may have changed: the X server copies what it is shown (at 4K, full rows were an eighth
            // of the processor's time).
            let rects = lastShown.map {
                SDL_Rect(
                    x: $0.columns.lowerBound, y: $0.rows.lowerBound, w: Int32($0.columns.count),
                    h: Int32($0.rows.count))
            }
            SDL_UpdateWindowSurfaceRects(window, rects, Int32(rects.count))
        }
    }

    /// Whether the screen may have lost what a window showed after a window event of this kind (`SDL_WindowEventID`).
    static func losesPicture(_ kind: UInt8) -> Bool {
        let kinds: [SDL_WindowEventID] = [
            SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_RESIZED, SDL_WINDOWEVENT_SIZE_CHANGED,
            SDL_WINDOWEVENT_MAXIMIZED, SDL_WINDOWEVENT_RESTORED,
        ]
        return kinds.contains { UInt8($0.rawValue) == kind }
    }

    /// Whether a window event of this kind changes the window's size (and its memory).
    static func resizes(_ kind: UInt8) -> Bool {
        let kinds: [SDL_WindowEventID] = [
            SDL_WINDOWEVENT_RESIZED, SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_MAXIMIZED, SDL_WINDOWEVENT_RESTORED,
        ]
        return kinds.contains { UInt8($0.rawValue) == kind }
    }

    /// The canvas for the window's memory as it is now: made again at a new size, told to draw whole into new memory.
    private func currentCanvas() -> OffscreenCanvas? {
        guard let old = canvas, let surface = SDL_GetWindowSurface(window) else { return nil }
        if surface != lastSurface || drawWhole {
            lastSurface = surface
            showWhole = true
            drawWhole = false
            old.forgetLastFrame()
        }
        let (w, h) = (surface.pointee.w, surface.pointee.h)
        if old.width != w || old.height != h {
            do throws(SDLError) {
                let made = try SDLWindow.canvas(for: surface, fonts: fonts, assets: old.rasteriser.assets)
                made.follow(old)
                canvas = made
                failedSize = nil
            } catch {
                // Nothing is drawn at this size; said once.
                if failedSize.map({ $0 != (w, h) }) ?? true { notice("cannot draw the window at \(w)x\(h): \(error)") }
                failedSize = (w, h)
                return nil
            }
        }
        return canvas
    }

    /// A canvas the size of the window's memory, in as many bands as a stream of such frames gets.
    private static func canvas(
        for surface: UnsafeMutablePointer<SDL_Surface>, fonts: FontCache, assets: AssetTable
    ) throws(SDLError) -> OffscreenCanvas {
        let (w, h) = (surface.pointee.w, surface.pointee.h)
        return try OffscreenCanvas(
            width: w, height: h, fonts: fonts, assets: assets, bands: OffscreenCanvas.streamBands(width: w, height: h),
            largest: (16384, 16384))
    }

    /// Whether TenFoot draws the window itself rather than through `renderer`: when SDL's renderer draws with the
    /// processor too (its software one, or OpenGL done by the processor, such as Mesa's llvmpipe under Xvfb or on a
    /// machine with no GPU driver), where TenFoot's rasteriser draws the same frame five to eight times faster
    /// (docs/performance.md).
    /// `TENFOOT_WINDOW_DRAWING` chooses: `tenfoot` or `renderer`.
    static func drawsWithCanvas(
        renderer: OpaquePointer, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Bool {
        switch environment["TENFOOT_WINDOW_DRAWING"]?.lowercased() {
        case "tenfoot": return true
        case "renderer": return false
        default: break
        }
        let name = name(of: renderer)
        if name == "software" { return true }
        guard name.hasPrefix("opengl"), let gl = openGLRenderer() else { return false }
        return processorOpenGL(gl)
    }

    /// Whether an OpenGL driver named `gl` (`GL_RENDERER`) draws with the processor.
    static func processorOpenGL(_ gl: String) -> Bool {
        let name = gl.lowercased()
        return ["llvmpipe", "softpipe", "swrast", "software rasterizer", "swr", "lavapipe"].contains {
            name.contains($0)
        }
    }

    /// The current OpenGL context's `GL_RENDERER` (the context SDL's OpenGL renderer just made).
    private static func openGLRenderer() -> String? {
        guard let address = SDL_GL_GetProcAddress("glGetString") else { return nil }
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        let getString = unsafeBitCast(address, to: GetString.self)
        guard let name = getString(0x1F01) else { return nil }  // GL_RENDERER
        return String(cString: name)
    }

    /// Where TenFoot draws the window (nothing there waits for the display's refresh), waits out the rest of a 60th of
    /// a second since the last frame, so that a window showing nothing new does not spin a core.
    public func pace() {
        let frequency = SDL_GetPerformanceFrequency()
        defer { lastPaced = SDL_GetPerformanceCounter() }
        guard canvas != nil, lastPaced > 0 else { return }
        let spent = Double(SDL_GetPerformanceCounter() - lastPaced) / Double(frequency)
        let rest = 1.0 / 60 - spent
        if rest > 0.0005 { usleep(UInt32(rest * 1_000_000)) }
    }

    /// Who draws the window: "tenfoot" (its own rasteriser, into the window's memory) or the renderer SDL picked
    /// ("opengl", …).
    public var rendererName: String { renderer.map(SDLWindow.name(of:)) ?? "tenfoot" }

    static func name(of renderer: OpaquePointer) -> String {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name else { return "unknown" }
        return String(cString: name)
    }

    /// Returns once the renderer has drawn all it was asked to: reads one pixel back, which waits for a GPU (or
    /// llvmpipe's threads); the canvas has drawn and shown its frame by the time `show` returns. For benchmarks, which
    /// time whole frames.
    public func finish() {
        guard let renderer else { return }
        var pixel: UInt32 = 0
        var one = SDL_Rect(x: 0, y: 0, w: 1, h: 1)
        _ = SDL_RenderReadPixels(renderer, &one, SDL_PIXELFORMAT_ARGB8888.rawValue, &pixel, 4)
    }
}
