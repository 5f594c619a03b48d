// SDL_stdinc.h is included textually by each SDL module map (CSDL2, CSDL2Image, CSDL2TTF, CSDL2X11), so Clang
// merges their copies of the `SDL_bool` enum and files see `SDL_TRUE` only through the copy it kept, which
// depends on the order the modules were built (a clean build once failed with "cannot find 'SDL_TRUE'").
// Importing every one of them makes the constants visible whichever copy wins.
@preconcurrency import CSDL2
import CSDL2Image
import CSDL2TTF
import FocusEngine
import TenFootInput
import TenFootPresentation
import TenFootSim

#if canImport(CSDL2X11)
    import CSDL2X11
#endif

/// The SDL edge of input: SDL events in, `PhysicalInput` out, deciding nothing about meaning
/// (that is `RemoteInput`'s). It names keys (SDL's key names, normalised), names controller
/// buttons by position, converts mouse coordinates to screen points, and keeps game controllers
/// open as they come and go (hot-plug), so several at once can drive the remote.
///
/// Designed around events only: pushed events do not update `SDL_GetKeyboardState`, so nothing
/// here polls device state.
public final class SDLInput {
    /// Open game controllers by joystick instance id (a reconnected pad gets a new id).
    public private(set) var controllers: [SDL_JoystickID: OpaquePointer] = [:]
    /// The window's size in window coordinates (mouse positions are in these); the 1920×1080
    /// screen is letterboxed into it exactly as the rasteriser draws it.
    public var windowSize: (width: Double, height: Double) = (1920, 1080)
    /// Told about controllers connecting and disconnecting (the window prints it).
    public var onNotice: ((String) -> Void)?

    /// Sets the hints that must be in place before the game controller subsystem starts:
    /// buttons by position, so a Nintendo pad's bottom button is `south` like everyone else's.
    public static func prepare() {
        SDL_SetHint(SDL_HINT_GAMECONTROLLER_USE_BUTTON_LABELS, "0")
    }

    /// Report pointer motion with no button down (`pointerHover`): the parallax previewer tilts under it.
    public var reportsHover = false

    public init() {}

    deinit { closeAll() }

    /// Closes every open controller (before the game controller subsystem quits).
    public func closeAll() {
        for id in controllers.keys.sorted() { if let pad = controllers[id] { SDL_GameControllerClose(pad) } }
        controllers = [:]
    }

    /// The physical inputs an SDL event carries (none for events that are not input).
    public func translate(_ event: SDL_Event) -> [PhysicalInput] {
        switch SDL_EventType(rawValue: event.type) {
        case SDL_KEYDOWN:
            // The system's auto-repeat is not a press: TenFoot repeats held keys on its own schedule.
            guard event.key.repeat == 0 else { return [] }
            return [.keyDown(Self.keyName(event.key.keysym.sym), Self.modifiers(event.key.keysym.mod))]
        case SDL_KEYUP:
            return [.keyUp(Self.keyName(event.key.keysym.sym))]
        case SDL_TEXTINPUT:
            var text = event.text.text
            let s = withUnsafeBytes(of: &text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            return s.isEmpty ? [] : [.text(s)]
        case SDL_CONTROLLERDEVICEADDED:
            open(deviceIndex: event.cdevice.which)
            return []
        case SDL_CONTROLLERDEVICEREMOVED:
            let id = event.cdevice.which
            guard let pad = controllers.removeValue(forKey: id) else { return [] }
            SDL_GameControllerClose(pad)
            onNotice?("controller \(id) disconnected")
            return [.controllerRemoved(Int(id))]
        case SDL_CONTROLLERBUTTONDOWN, SDL_CONTROLLERBUTTONUP:
            guard let b = Self.button(event.cbutton.button) else { return [] }
            let c = Int(event.cbutton.which)
            return [
                event.type == SDL_CONTROLLERBUTTONDOWN.rawValue
                    ? .buttonDown(b, controller: c) : .buttonUp(b, controller: c)
            ]
        case SDL_CONTROLLERAXISMOTION:
            guard let a = Self.axis(event.caxis.axis) else { return [] }
            return [.axis(a, max(-1, min(1, Double(event.caxis.value) / 32767)), controller: Int(event.caxis.which))]
        case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT):
            return [.pointerDown(point(event.button.x, event.button.y))]
        case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT):
            return [.pointerUp(point(event.button.x, event.button.y))]
        case SDL_MOUSEMOTION where event.motion.state & Self.leftButtonMask != 0:
            return [.pointerMove(point(event.motion.x, event.motion.y))]
        case SDL_MOUSEMOTION where reportsHover && event.motion.state == 0:
            return [.pointerHover(point(event.motion.x, event.motion.y))]
        case SDL_MOUSEWHEEL:
            let flipped = event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue
            let y = Int(event.wheel.y) * (flipped ? -1 : 1)
            return y == 0 ? [] : [.wheel(y)]
        case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_FOCUS_LOST.rawValue):
            return [.focusLost]
        default:
            return []
        }
    }

    /// Opens the controller at `deviceIndex` unless it is open already (SDL reports controllers
    /// present at start-up as added, and may report one twice).
    func open(deviceIndex: Int32) {
        guard SDL_IsGameController(deviceIndex) == SDL_TRUE, let pad = SDL_GameControllerOpen(deviceIndex) else {
            return
        }
        let id = SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(pad))
        if controllers[id] != nil {
            SDL_GameControllerClose(pad)  // opening again only added a reference
            return
        }
        controllers[id] = pad
        let name = SDL_GameControllerName(pad).map { String(cString: $0) } ?? "game controller"
        onNotice?("controller \(id) connected: \(name)")
    }

    // MARK: Names

    /// SDL_BUTTON_LMASK is a function-like macro, so not imported.
    static let leftButtonMask = UInt32(1) << (UInt32(SDL_BUTTON_LEFT) - 1)

    /// A key's name as mapping files write it: SDL's name, lowercase, without spaces.
    static func keyName(_ sym: SDL_Keycode) -> String {
        let name = KeyName.normalize(String(cString: SDL_GetKeyName(sym)))
        return name.isEmpty ? "keycode\(sym)" : name
    }

    static func modifiers(_ mod: UInt16) -> KeyModifiers {
        let m = UInt32(mod)
        var out: KeyModifiers = []
        if m & UInt32(KMOD_SHIFT.rawValue) != 0 { out.insert(.shift) }
        if m & UInt32(KMOD_CTRL.rawValue) != 0 { out.insert(.ctrl) }
        if m & UInt32(KMOD_ALT.rawValue) != 0 { out.insert(.alt) }
        if m & UInt32(KMOD_GUI.rawValue) != 0 { out.insert(.gui) }
        return out
    }

    /// SDL's GameController buttons by where they sit (SDL's layout is positional: A is the bottom).
    static func button(_ raw: UInt8) -> ControllerButton? {
        switch SDL_GameControllerButton(rawValue: Int32(raw)) {
        case SDL_CONTROLLER_BUTTON_A: .south
        case SDL_CONTROLLER_BUTTON_B: .east
        case SDL_CONTROLLER_BUTTON_X: .west
        case SDL_CONTROLLER_BUTTON_Y: .north
        case SDL_CONTROLLER_BUTTON_BACK: .back
        case SDL_CONTROLLER_BUTTON_GUIDE: .guide
        case SDL_CONTROLLER_BUTTON_START: .start
        case SDL_CONTROLLER_BUTTON_LEFTSTICK: .leftStickButton
        case SDL_CONTROLLER_BUTTON_RIGHTSTICK: .rightStickButton
        case SDL_CONTROLLER_BUTTON_LEFTSHOULDER: .leftShoulder
        case SDL_CONTROLLER_BUTTON_RIGHTSHOULDER: .rightShoulder
        case SDL_CONTROLLER_BUTTON_DPAD_UP: .dpadUp
        case SDL_CONTROLLER_BUTTON_DPAD_DOWN: .dpadDown
        case SDL_CONTROLLER_BUTTON_DPAD_LEFT: .dpadLeft
        case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: .dpadRight
        case SDL_CONTROLLER_BUTTON_MISC1: .misc
        default: nil
        }
    }

    static func axis(_ raw: UInt8) -> ControllerAxis? {
        switch SDL_GameControllerAxis(rawValue: Int32(raw)) {
        case SDL_CONTROLLER_AXIS_LEFTX: .leftX
        case SDL_CONTROLLER_AXIS_LEFTY: .leftY
        case SDL_CONTROLLER_AXIS_RIGHTX: .rightX
        case SDL_CONTROLLER_AXIS_RIGHTY: .rightY
        case SDL_CONTROLLER_AXIS_TRIGGERLEFT: .leftTrigger
        case SDL_CONTROLLER_AXIS_TRIGGERRIGHT: .rightTrigger
        default: nil
        }
    }

    /// Every key name SDL knows (for checking mapping files): the scancode names, normalised.
    /// Reads SDL's static name table, so it works before SDL is initialised.
    public static let knownKeyNames: Set<String> = {
        var names: Set<String> = []
        for code in 0..<Int32(SDL_NUM_SCANCODES.rawValue) {
            let n = KeyName.normalize(String(cString: SDL_GetScancodeName(SDL_Scancode(rawValue: UInt32(code)))))
            if !n.isEmpty { names.insert(n) }
        }
        return names.union(KeyName.aliases.values)
    }()

    // MARK: Points

    /// Window coordinates → screen points, through the same letterbox the rasteriser draws with.
    func point(_ x: Int32, _ y: Int32) -> ScreenPoint {
        let p = Letterbox(outputWidth: windowSize.width, outputHeight: windowSize.height).screenPoint(
            x: Double(x), y: Double(y))
        return ScreenPoint(p.x, p.y)
    }
}
