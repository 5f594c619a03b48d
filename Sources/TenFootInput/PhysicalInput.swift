import FocusEngine

/// A controller button named by where it sits, not by a vendor's label: `south` is Xbox A,
/// PlayStation Cross and the bottom button of a Nintendo pad alike (SDL's GameController layout).
public enum ControllerButton: String, CaseIterable, Sendable, Hashable {
    case south, east, west, north
    case dpadUp, dpadDown, dpadLeft, dpadRight
    case leftShoulder, rightShoulder
    case start, back, guide
    /// The sticks pressed in (L3 / R3).
    case leftStickButton, rightStickButton
    /// Share / capture / microphone.
    case misc
}

/// A controller's analog input. Sticks run -1…1 with y growing downwards; triggers 0…1.
public enum ControllerAxis: String, CaseIterable, Sendable, Hashable {
    case leftX, leftY, rightX, rightY, leftTrigger, rightTrigger
}

/// The two sticks, for mapping: each steers swipes, the touch position, or nothing.
public enum Stick: String, CaseIterable, Sendable, Hashable {
    case leftStick, rightStick
}

/// The two triggers, for mapping: each works like a held button once pulled past its threshold.
public enum Trigger: String, CaseIterable, Sendable, Hashable {
    case leftTrigger, rightTrigger
}

/// Keyboard modifiers held with a key.
public struct KeyModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = KeyModifiers(rawValue: 1)
    public static let ctrl = KeyModifiers(rawValue: 2)
    public static let alt = KeyModifiers(rawValue: 4)
    /// Command / Windows / Super.
    public static let gui = KeyModifiers(rawValue: 8)

    /// The prefix a mapping file writes for these modifiers, in a fixed order: `ctrl+alt+shift+`.
    public var prefix: String {
        var s = ""
        if contains(.ctrl) { s += "ctrl+" }
        if contains(.alt) { s += "alt+" }
        if contains(.gui) { s += "gui+" }
        if contains(.shift) { s += "shift+" }
        return s
    }
}

/// A point on the 1920×1080-point screen (the display list's space).
public struct ScreenPoint: Sendable, Hashable {
    public var x: Double, y: Double
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
}

/// One physical input, as the platform edge reports it: what happened, never what it means. The
/// mapping (`InputMapping`) and the state machines of `RemoteInput` turn these into remote events.
public enum PhysicalInput: Sendable, Hashable {
    /// A key went down (the platform's own auto-repeat is not reported; TenFoot repeats itself).
    /// The name is a `KeyName`.
    case keyDown(String, KeyModifiers)
    case keyUp(String)
    /// Text typed (the platform's text input: layouts, dead keys and IMEs already applied).
    case text(String)
    case buttonDown(ControllerButton, controller: Int)
    case buttonUp(ControllerButton, controller: Int)
    case axis(ControllerAxis, Double, controller: Int)
    /// A controller was unplugged: whatever it held is let go without taking effect.
    case controllerRemoved(Int)
    /// The mouse (or trackpad) button went down, moved, came up — in screen points.
    case pointerDown(ScreenPoint)
    case pointerMove(ScreenPoint)
    case pointerUp(ScreenPoint)
    /// The pointer moved with no button down (reported only when the window asks: `tenfoot preview`).
    case pointerHover(ScreenPoint)
    /// The wheel turned by whole detents; positive is away from the user (scrolling up).
    case wheel(Int)
    /// The window lost keyboard focus: everything held is let go without taking effect.
    case focusLost
}

/// Key names: SDL's key names lowercased with spaces removed (`up`, `return`, `keypadenter`,
/// `pageup`, `a`, `1`, `f3`), so a mapping file can name any key the platform knows.
public enum KeyName {
    /// Other spellings a mapping file may use, and the name they stand for.
    public static let aliases: [String: String] = [
        "enter": "keypadenter", "esc": "escape", "pgup": "pageup", "pgdn": "pagedown", "pagedn": "pagedown",
        "arrowup": "up", "arrowdown": "down", "arrowleft": "left", "arrowright": "right", "bksp": "backspace",
        "del": "delete", "spacebar": "space",
    ]

    /// The canonical form of a key name: lowercase, no spaces, aliases resolved.
    public static func normalize(_ name: String) -> String {
        let n = name.lowercased().filter { $0 != " " }
        return aliases[n] ?? n
    }

    /// True for keys that type a character (letters, digits, punctuation, space): while a text field
    /// is being edited these go into the field as text, not to the remote.
    public static func types(_ name: String) -> Bool {
        name == "space" || name.count == 1 || (name.hasPrefix("keypad") && name.count == 7)
    }
}
