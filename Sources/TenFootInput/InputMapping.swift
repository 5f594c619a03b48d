import FocusEngine
import TenFootScene
import TenFootSim

/// A function of the window rather than of the remote: help, overlays, files, window state.
/// Tools live on function keys so letters and arrows stay the remote's (DESIGN.md, Keys).
public enum Tool: String, CaseIterable, Sendable, Hashable {
    case help, debug, remote, reload
    case saveSession = "savesession"
    case fullscreen, screenshot, record, quit
    /// The next larger text size (after Accessibility XXXL, Large again), and the next smaller one.
    case largerText = "largertext"
    case smallerText = "smallertext"
    /// What VoiceOver says for the focused item, as a caption strip.
    case voiceOver = "voiceover"
}

/// What a binding does: send a remote event (held ones repeat or long-press, see `RemoteInput`)
/// or run a tool.
public enum InputAction: Sendable, Hashable, CustomStringConvertible {
    case remote(RemoteEvent)
    case tool(Tool)

    /// Parses a binding's value: a remote event name (`right`, `select`, `playpause`), `crown N`,
    /// or a tool name (`help`, `savesession`, `quit`).
    public init?(name: String) {
        if let e = RemoteEvent(buttonName: name) {
            self = .remote(e)
        } else if let t = Tool(rawValue: name) {
            self = .tool(t)
        } else if name.hasPrefix("crown "), let n = Int(name.dropFirst(6)), n != 0,
            (-Self.maxCrownDetents...Self.maxCrownDetents).contains(n)
        {
            self = .remote(.crown(n))
        } else {
            return nil
        }
    }

    /// The most detents one binding turns the crown by, either way.
    public static let maxCrownDetents = 10

    /// Every value a binding may take, for messages and suggestions.
    public static let names: [String] =
        RemoteEvent.buttonNames + ["crown 1", "crown -1"] + Tool.allCases.map(\.rawValue)

    public var description: String {
        switch self {
        case .remote(let e): e.description
        case .tool(let t): t.rawValue
        }
    }
}

/// What a stick steers: swipes (like the D-pad, with dead zone and hysteresis), the finger position
/// on the touch surface (the parallax tilt), or nothing.
public enum StickRole: String, CaseIterable, Sendable, Hashable {
    case swipe, touch, none
}

/// What the mouse wheel turns: the crown (pickers), swipes up and down, or nothing.
public enum WheelRole: String, CaseIterable, Sendable, Hashable {
    case crown, swipe, none
}

/// Every number that shapes how held and analog input feels. Timings start from `RepeatTiming`
/// (the one place their defaults live, shared with scripts); the analog thresholds are here. A
/// mapping file may override each (docs/input.md).
public struct InputTuning: Sendable, Hashable {
    /// Held directions: first repeat, interval, acceleration, fastest (RepeatTiming).
    public var repeats: RepeatSchedule = .standard
    /// Holding select this long is a long select.
    public var longPress: Tick = RepeatTiming.longPress
    /// Holding Menu this long goes Home.
    public var menuHoldHome: Tick = RepeatTiming.menuHoldHome
    /// The gaps between the extra moves of the strongest flick; weaker flicks use the last few.
    public var momentumGaps: [Tick] = RepeatTiming.flickGaps
    /// A drag's speed at release is measured over its last this-long.
    public var flickWindow: Tick = RepeatTiming.flickWindow

    /// A stick counts as pushed in a direction past this fraction of its travel…
    public var stickEngage = 0.5
    /// …and as centred again below this one. The gap is the hysteresis: a stick resting near the
    /// threshold cannot flicker between held and let go, and below it is the dead zone.
    public var stickRelease = 0.3
    /// A pushed stick turns to the other axis only when that axis is past `stickEngage` and this
    /// many times the held one, so a diagonal never alternates between two directions.
    public var stickSwitchRatio = 1.5
    /// A touch stick nearer the centre than this is a finger lifted off the surface…
    public var touchDeadZone = 0.15
    /// …and its position moves in steps of this size, so a resting stick's noise sends nothing and
    /// saved sessions stay short.
    public var touchStep = 0.05
    /// A trigger pulled past this fraction is pressed, and released below `triggerRelease`.
    public var triggerEngage = 0.5
    public var triggerRelease = 0.3
    /// Dragging this many points along one axis moves focus one item (a swipe across the surface).
    public var swipeDistance = 200.0
    /// A mouse press that moves less than this many points is a click, not a drag.
    public var clickSlop = 12.0
    /// Releasing a drag faster than this (points per second) flicks: focus keeps moving, decelerating…
    public var flickSpeed = 2000.0
    /// …one more item for each this much more speed, up to the number of momentum gaps.
    public var flickSpeedPerMove = 1500.0

    public init() {}
}

/// The table from physical inputs to remote events and tools, with the tuning. `default` is the
/// mapping of the issue and docs/input.md; a JSON file changes it (`InputMapping.load`).
public struct InputMapping: Sendable, Hashable {
    /// Keys by name, with modifiers as a prefix: `tab`, `shift+tab`, `ctrl+q`.
    public var keys: [String: InputAction]
    public var buttons: [ControllerButton: InputAction]
    public var sticks: [Stick: StickRole]
    public var triggers: [Trigger: InputAction]
    /// True when a mouse drag is a swipe on the touch surface (with momentum and tilt).
    public var dragSwipes: Bool
    public var click: InputAction?
    public var wheel: WheelRole
    public var tuning: InputTuning

    public init(
        keys: [String: InputAction], buttons: [ControllerButton: InputAction], sticks: [Stick: StickRole],
        triggers: [Trigger: InputAction], dragSwipes: Bool, click: InputAction?, wheel: WheelRole, tuning: InputTuning
    ) {
        self.keys = keys
        self.buttons = buttons
        self.sticks = sticks
        self.triggers = triggers
        self.dragSwipes = dragSwipes
        self.click = click
        self.wheel = wheel
        self.tuning = tuning
    }

    /// The binding of a key pressed with `modifiers`. An exact binding (`shift+tab`) wins; without
    /// one, Shift alone is ignored (Shift+Right is still right) but Ctrl, Alt and GUI are not (Ctrl+W
    /// is not a swipe).
    public func action(forKey name: String, modifiers: KeyModifiers) -> InputAction? {
        if let a = keys[modifiers.prefix + name] { return a }
        if modifiers.subtracting(.shift).isEmpty { return keys[name] }
        return nil
    }

    // MARK: Defaults

    /// The default keyboard table, in the order docs/input.md lists it.
    public static let defaultKeys: [(String, InputAction)] = [
        ("up", .remote(.swipe(.up))), ("w", .remote(.swipe(.up))),
        ("down", .remote(.swipe(.down))), ("s", .remote(.swipe(.down))),
        ("left", .remote(.swipe(.left))), ("a", .remote(.swipe(.left))),
        ("right", .remote(.swipe(.right))), ("d", .remote(.swipe(.right))),
        ("return", .remote(.select)), ("keypadenter", .remote(.select)), ("space", .remote(.select)),
        ("escape", .remote(.menu)), ("backspace", .remote(.menu)),
        ("p", .remote(.playPause)),
        ("tab", .remote(.next)), ("shift+tab", .remote(.previous)),
        ("pageup", .remote(.pageUp)), ("pagedown", .remote(.pageDown)),
        ("f1", .tool(.help)), ("f2", .tool(.debug)), ("f3", .tool(.remote)), ("f5", .tool(.reload)),
        ("f6", .tool(.largerText)), ("shift+f6", .tool(.smallerText)), ("f7", .tool(.voiceOver)),
        ("f9", .tool(.record)), ("f10", .tool(.saveSession)), ("f11", .tool(.fullscreen)),
        ("ctrl+f", .tool(.fullscreen)),
        ("f12", .tool(.screenshot)), ("ctrl+q", .tool(.quit)),
    ]

    /// The default controller buttons (by position). West, north, the stick buttons and misc are free.
    public static let defaultButtons: [(ControllerButton, InputAction)] = [
        (.dpadUp, .remote(.swipe(.up))), (.dpadDown, .remote(.swipe(.down))),
        (.dpadLeft, .remote(.swipe(.left))), (.dpadRight, .remote(.swipe(.right))),
        (.south, .remote(.select)), (.east, .remote(.menu)), (.back, .remote(.menu)),
        (.start, .remote(.playPause)), (.guide, .remote(.home)),
        (.leftShoulder, .remote(.pageUp)), (.rightShoulder, .remote(.pageDown)),
    ]

    public static let defaultSticks: [(Stick, StickRole)] = [(.leftStick, .swipe), (.rightStick, .touch)]
    public static let defaultTriggers: [(Trigger, InputAction)] = [
        (.leftTrigger, .remote(.crown(-1))), (.rightTrigger, .remote(.crown(1))),
    ]

    public static let `default` = InputMapping(
        keys: Dictionary(uniqueKeysWithValues: defaultKeys),
        buttons: Dictionary(uniqueKeysWithValues: defaultButtons),
        sticks: Dictionary(uniqueKeysWithValues: defaultSticks),
        triggers: Dictionary(uniqueKeysWithValues: defaultTriggers),
        dragSwipes: true, click: .remote(.select), wheel: .crown, tuning: InputTuning())

    /// An empty table (a mapping file with `"replace": true` starts from it): nothing bound, default tuning.
    public static let empty = InputMapping(
        keys: [:], buttons: [:], sticks: [:], triggers: [:], dragSwipes: false,
        click: nil, wheel: .none, tuning: InputTuning())
}
