@preconcurrency import CSDL2
import FocusEngine
import TenFootSim

/// What a key does in the window: a remote event, or a tool function. Letters and arrows belong to
/// the remote; tools live on function keys (DESIGN.md, Keys).
public enum KeyAction: Equatable, Sendable {
    case remote(RemoteEvent)
    case quit
    case toggleFullscreen
    case toggleDebug
    case toggleHelp
    case toggleRemote
    case screenshot
    case record
    case reload
}

public enum KeyMap {
    /// The default mapping of a key press (`keycode`, with Ctrl or Shift held).
    public static func action(keycode: Int32, ctrl: Bool, shift: Bool) -> KeyAction? {
        switch keycode {
        case Int32(SDLK_q.rawValue) where ctrl: return .quit
        case Int32(SDLK_f.rawValue) where ctrl: return .toggleFullscreen
        case Int32(SDLK_UP.rawValue), Int32(SDLK_w.rawValue): return .remote(.swipe(.up))
        case Int32(SDLK_DOWN.rawValue), Int32(SDLK_s.rawValue): return .remote(.swipe(.down))
        case Int32(SDLK_LEFT.rawValue), Int32(SDLK_a.rawValue): return .remote(.swipe(.left))
        case Int32(SDLK_RIGHT.rawValue), Int32(SDLK_d.rawValue): return .remote(.swipe(.right))
        case Int32(SDLK_RETURN.rawValue), Int32(SDLK_KP_ENTER.rawValue), Int32(SDLK_SPACE.rawValue): return .remote(.select)
        case Int32(SDLK_ESCAPE.rawValue), Int32(SDLK_BACKSPACE.rawValue): return .remote(.menu)
        case Int32(SDLK_p.rawValue): return .remote(.playPause)
        case Int32(SDLK_TAB.rawValue): return .remote(shift ? .previous : .next)
        case Int32(SDLK_PAGEUP.rawValue): return .remote(.pageUp)
        case Int32(SDLK_PAGEDOWN.rawValue): return .remote(.pageDown)
        case Int32(SDLK_F1.rawValue): return .toggleHelp
        case Int32(SDLK_F2.rawValue): return .toggleDebug
        case Int32(SDLK_F3.rawValue): return .toggleRemote
        case Int32(SDLK_F5.rawValue): return .reload
        case Int32(SDLK_F9.rawValue): return .record
        case Int32(SDLK_F11.rawValue): return .toggleFullscreen
        case Int32(SDLK_F12.rawValue): return .screenshot
        default: return nil
        }
    }
}
