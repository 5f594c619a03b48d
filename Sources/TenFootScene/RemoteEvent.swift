import FocusEngine
import Foundation

/// The Siri Remote's vocabulary: the one set of events every input, script, `expect` block and
/// trace uses (DESIGN.md, Contracts). It lives with the scene format because `expect` blocks name
/// these events; every other list of event names is derived from `buttons`.
public enum RemoteEvent: Sendable, Hashable, CustomStringConvertible {
    case swipe(Direction)
    case select
    case longSelect
    case menu
    case home
    case playPause
    case next
    case previous
    case pageUp
    case pageDown
    /// Finger position on the touch surface, each axis -1…1 (drives the parallax tilt).
    case touch(Double, Double)
    /// The finger left the touch surface.
    case release
    /// Rotation of the clickpad ring / crown, in detents (pickers).
    case crown(Int)
    /// Text typed into the field being edited (a desktop keyboard's characters).
    case text(String)
    /// Backspace: the last N characters of the field being edited go (`delete 3` in scripts).
    case delete(Int)
    /// A desktop keyboard's Return while a field is being edited: the hardware return key, which submits
    /// (Next, or Done on the last field; a search's `onSubmit`). `submit` in scripts.
    case submit
    /// Not a press: a scripted change to the scene's data at this tick (`do remove p3`).
    case data(DataAction)

    /// The presses a remote button or swipe makes, in the contracts' order: what `expect` blocks and
    /// mapping files name. (Touches, crown turns and typed text carry values; `release` names no press.)
    public static let buttons: [RemoteEvent] = [
        .swipe(.up), .swipe(.down), .swipe(.left), .swipe(.right), .select, .longSelect, .menu, .home,
        .playPause, .next, .previous, .pageUp, .pageDown,
    ]

    /// The names of `buttons`: `up`, `select`, `playpause`, ….
    public static let buttonNames: [String] = buttons.map(\.description)

    /// A button's press by name (`right`, `select`, `playpause`, …).
    public init?(buttonName name: String) {
        guard let k = RemoteEvent.buttonNames.firstIndex(of: name) else { return nil }
        self = RemoteEvent.buttons[k]
    }

    /// An event that takes no value, by name: a button's press, or `release`.
    public init?(name: String) {
        if name == RemoteEvent.release.description {
            self = .release
            return
        }
        self.init(buttonName: name)
    }

    /// Held down, the event repeats (directions, page moves, next/previous, crown steps); select and
    /// Menu are tap-or-hold instead, and the rest happen once.
    public var repeatsWhileHeld: Bool {
        switch self {
        case .swipe, .pageUp, .pageDown, .next, .previous, .crown: true
        default: false
        }
    }

    /// The event as scripts write it: `right`, `crown 2`, `touch 0.5 -0.2`, `type "hello"`.
    public var description: String {
        switch self {
        case .swipe(let d): d.rawValue
        case .select: "select"
        case .longSelect: "longselect"
        case .menu: "menu"
        case .home: "home"
        case .playPause: "playpause"
        case .next: "next"
        case .previous: "previous"
        case .pageUp: "pageup"
        case .pageDown: "pagedown"
        case .touch(let x, let y): "touch \(fmt(x)) \(fmt(y))"
        case .release: "release"
        case .crown(let n): "crown \(n)"
        case .text(let s): "type " + RemoteEvent.quote(s)
        case .delete(let n): "delete \(n)"
        case .submit: "submit"
        case .data(let a): "do \(a)"
        }
    }

    /// A word in quotes, with `\` and `"` escaped as the script tokenizer reads them back (typed text, a
    /// script's `from`).
    package static func quote(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

extension RemoteEvent {
    /// A button press or swipe a viewer sees as one step (not a touch's movement, typed text or a data action).
    public var isPress: Bool {
        switch self {
        case .swipe, .select, .longSelect, .menu, .home, .playPause, .next, .previous, .pageUp, .pageDown: true
        default: false
        }
    }
}
