import TenFootPresentation
import TenFootSim

/// The default mapping in words: the one table that the window's F1 help card and `tenfoot run
/// --help` both list. Each line names the default bindings it describes, and a test checks that
/// every default key and controller button is described, so the table cannot drift from the mapping.
public enum KeyGuide {
    /// Lines that belong together (the help card sets groups apart; `--help` gives each a heading).
    public enum Group: String, CaseIterable, Sendable {
        case keyboard, controller, mouse, tools

        public var title: String {
            switch self {
            case .keyboard: "Keys"
            case .controller: "Game controllers (buttons by position)"
            case .mouse: "Mouse"
            case .tools: "Tools"
            }
        }
    }

    /// The default bindings a line describes (nothing for the mouse, sticks and typing).
    public enum Bindings: Sendable, Hashable {
        case keys([String])
        case buttons([ControllerButton])
        case none
    }

    public struct Line: Sendable, Hashable {
        public var group: Group
        /// What to press, as people write it: "Arrows / WASD".
        public var keys: String
        /// What it does.
        public var does: String
        public var bindings: Bindings
    }

    public static let lines: [Line] = [
        Line(
            group: .keyboard, keys: "Arrows / WASD", does: "swipe (hold: repeat)",
            bindings: .keys(["up", "w", "down", "s", "left", "a", "right", "d"])),
        Line(
            group: .keyboard, keys: "Return / Space", does: "select (hold: long select)",
            bindings: .keys(["return", "keypadenter", "space"])),
        Line(
            group: .keyboard, keys: "Escape / Backspace", does: "Menu (hold: Home)",
            bindings: .keys(["escape", "backspace"])),
        Line(group: .keyboard, keys: "P", does: "Play/Pause", bindings: .keys(["p"])),
        Line(
            group: .keyboard, keys: "Tab / Shift-Tab", does: "next / previous", bindings: .keys(["tab", "shift+tab"])),
        Line(
            group: .keyboard, keys: "Page Up / Down", does: "page up / down", bindings: .keys(["pageup", "pagedown"])),
        Line(
            group: .keyboard, keys: "Typing",
            does: "goes into the field being edited or the search; Backspace deletes, Return submits, Escape cancels",
            bindings: .none),
        Line(
            group: .controller, keys: "D-pad / left stick", does: "swipe (hold: repeat)",
            bindings: .buttons([.dpadUp, .dpadDown, .dpadLeft, .dpadRight])),
        Line(
            group: .controller, keys: "South (A) / East (B)", does: "select / Menu (Back is Menu too)",
            bindings: .buttons([.south, .east, .back])),
        Line(
            group: .controller, keys: "Start / Guide", does: "Play/Pause / Home", bindings: .buttons([.start, .guide])),
        Line(
            group: .controller, keys: "Shoulders", does: "page up / down",
            bindings: .buttons([.leftShoulder, .rightShoulder])),
        Line(
            group: .controller, keys: "Triggers / right stick", does: "turn the crown / tilt the focused item",
            bindings: .none),
        Line(group: .mouse, keys: "Drag", does: "swipe (a fast flick coasts on)", bindings: .none),
        Line(group: .mouse, keys: "Click / wheel", does: "select / turn the crown", bindings: .none),
        Line(group: .tools, keys: "F1", does: "this help", bindings: .keys(["f1"])),
        Line(
            group: .tools, keys: "F2", does: "debug overlay (Ctrl-click: why an item is not focusable)",
            bindings: .keys(["f2"])),
        Line(group: .tools, keys: "F3", does: "on-screen remote", bindings: .keys(["f3"])),
        Line(group: .tools, keys: "F5", does: "reload and reset", bindings: .keys(["f5"])),
        Line(
            group: .tools, keys: "F6 / Shift+F6", does: "larger / smaller text size (Large … Accessibility XXXL)",
            bindings: .keys(["f6", "shift+f6"])),
        Line(
            group: .tools, keys: "F7", does: "VoiceOver captions: what it says for the focused item",
            bindings: .keys(["f7"])),
        Line(group: .tools, keys: "F9", does: "start / stop a take (rendered to an MP4)", bindings: .keys(["f9"])),
        Line(group: .tools, keys: "F10", does: "save the session", bindings: .keys(["f10"])),
        Line(group: .tools, keys: "F11 / Ctrl+F", does: "fullscreen", bindings: .keys(["f11", "ctrl+f"])),
        Line(group: .tools, keys: "F12", does: "screenshot", bindings: .keys(["f12"])),
        Line(group: .tools, keys: "Ctrl+Q", does: "quit", bindings: .keys(["ctrl+q"])),
    ]

    /// The F1 help card's groups: each group's lines under its title.
    public static var helpGroups: [HelpCard.Group] {
        grouped.map {
            HelpCard.Group(title: $0.group.title, rows: $0.lines.map { HelpCard.Row(keys: $0.keys, does: $0.does) })
        }
    }

    /// The lines of each group, in the groups' order.
    public static var grouped: [(group: Group, lines: [Line])] {
        Group.allCases.map { g in (g, lines.filter { $0.group == g }) }
    }
}
