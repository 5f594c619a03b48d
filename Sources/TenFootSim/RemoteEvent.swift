import Foundation
import FocusEngine

/// The Siri Remote's vocabulary: the one set of events every input, script, `expect` block and
/// trace uses (DESIGN.md, Contracts).
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
    /// Text typed into the field being edited.
    case text(String)

    /// Parses a bare event name (`right`, `select`, `playpause`, …).
    public init?(name: String) {
        switch name {
        case "up": self = .swipe(.up)
        case "down": self = .swipe(.down)
        case "left": self = .swipe(.left)
        case "right": self = .swipe(.right)
        case "select": self = .select
        case "longselect": self = .longSelect
        case "menu": self = .menu
        case "home": self = .home
        case "playpause": self = .playPause
        case "next": self = .next
        case "previous": self = .previous
        case "pageup": self = .pageUp
        case "pagedown": self = .pageDown
        case "release": self = .release
        default: return nil
        }
    }

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
        case .text(let s): "type \(JSONQuote.quote(s))"
        }
    }
}

enum JSONQuote {
    static func quote(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
