import FocusEngine
import TenFootPresentation
import TenFootScene
import TenFootSim

/// Physical input in, Siri Remote events out: the mapping table plus the state machines that give
/// held keys, sticks, triggers and mouse drags their feel. Pure (no SDL, no clock): the caller
/// stamps each input with the simulator tick it arrived at and asks for the timed events
/// (repeats, long presses, momentum) with `advance(until:)` before handling inputs of a later tick.
///
/// Every keyboard, controller and mouse drives the same remote: a direction held on two devices
/// repeats once, and an unplugged controller lets go of what it held without effect.
public struct RemoteInput: Sendable {
    public let mapping: InputMapping
    /// Where the on-screen remote is drawn, when shown: mouse presses on it press its buttons.
    public var remoteOverlay: Rect?
    /// The pointer, moved with no button down, is a finger on the touch surface: its offset from the screen's
    /// centre, full deflection `hoverReach` of the half-screen away (Apple's Parallax Previewer tilts under the
    /// mouse; `tenfoot preview`).
    public var hoverTilts = false
    static let hoverReach = 0.6
    var hoverTouch: [Double]?

    var held: HeldInput
    var momentum: Momentum?
    var pads: [Int: Pad] = [:]
    var drag: DragGesture?
    /// The mouse went down on the on-screen remote; its up belongs to it too.
    var pointerOnRemote = false
    /// A press on the drawn remote's clickpad, where it started, and whether it has become a finger on the touch
    /// surface (moved past the click slop: the press is let go without effect, the finger tilts the focused item).
    var remoteSurface: (start: ScreenPoint, touching: Bool)?

    /// The analog state of one controller.
    struct Pad: Sendable {
        var swipeSticks: [Stick: StickDirection] = [:]
        var touchSticks: [Stick: TouchStick] = [:]
        var triggers: [Trigger: TriggerButton] = [:]
    }

    public init(mapping: InputMapping = .default) {
        self.mapping = mapping
        held = HeldInput(tuning: mapping.tuning)
    }

    /// Applies one physical input at `tick`; returns what happens at once. `editing` says text typed now has
    /// a field to go to (a text field's entry screen, or a search with focus on its keyboard): then
    /// characters (W A S D too) and Space type, Backspace deletes, Return submits and Escape is Menu.
    public mutating func handle(_ input: PhysicalInput, at tick: Tick, editing: Bool) -> [InputAction] {
        switch input {
        case .keyDown(let name, let mods):
            if editing, mods.isDisjoint(with: [.ctrl, .alt, .gui]) {
                switch name {
                // Return is the hardware return key: it submits (Next, or Done on the last field).
                case "return", "keypadenter":
                    momentum = nil
                    return [.remote(.submit)]
                case "escape":
                    momentum = nil
                    return [.remote(.menu)]
                case "backspace": return [.remote(.delete(1))]
                // Characters arrive as text.
                case _ where KeyName.types(name): return []
                default: break
                }
            }
            guard let action = mapping.action(forKey: name, modifiers: mods) else { return [] }
            return press(action, source: .key(name), at: tick)
        case .keyUp(let name):
            return held.release(.key(name), at: tick).map(InputAction.remote)
        case .text(let s):
            return editing && !s.isEmpty ? [.remote(.text(s))] : []
        case .buttonDown(let b, let c):
            guard let action = mapping.buttons[b] else { return [] }
            return press(action, source: .button(b, controller: c), at: tick)
        case .buttonUp(let b, let c):
            return held.release(.button(b, controller: c), at: tick).map(InputAction.remote)
        case .axis(let axis, let value, let c):
            return analog(axis, value, controller: c, at: tick)
        case .controllerRemoved(let c):
            held.cancelAll(where: { $0.controller == c }, at: tick)
            // Its finger leaves the touch surface; its sticks and triggers start afresh if it returns.
            let touching = pads[c]?.touchSticks.values.contains(where: \.touching) ?? false
            pads[c] = nil
            return touching ? [.remote(.release)] : []
        case .pointerDown(let p):
            return pointerDown(p, at: tick)
        case .pointerMove(let p):
            if pointerOnRemote, var surface = remoteSurface, let r = remoteOverlay {
                guard surface.touching || distance(p, surface.start) >= mapping.tuning.clickSlop else { return [] }
                var out: [InputAction] = []
                if !surface.touching {
                    held.cancelAll(where: { $0 == .onScreenRemote }, at: tick)
                    surface.touching = true
                }
                remoteSurface = surface
                if let f = OnScreenRemote.touch(atX: p.x, y: p.y, in: r, clamped: true) {
                    out.append(.remote(.touch(f.x, f.y)))
                }
                return out
            }
            guard !pointerOnRemote, var d = drag else { return [] }
            let (becameDrag, events) = d.move(to: p, at: tick, tuning: mapping.tuning)
            drag = d
            // A click that moves is a drag: the click's press is let go without effect.
            if becameDrag { held.cancelAll(where: { $0 == .mouse }, at: tick) }
            return mapping.dragSwipes ? events.map(InputAction.remote) : []
        case .pointerHover(let p):
            guard hoverTilts, drag == nil, !pointerOnRemote else { return [] }
            if let r = remoteOverlay, r.contains(x: p.x, y: p.y) { return [] }
            func axis(_ v: Double, _ half: Double) -> Double {
                ((max(-1, min(1, (v - half) / (half * Self.hoverReach))) * 50).rounded()) / 50
            }
            let t = [axis(p.x, Letterbox.screen.width / 2), axis(p.y, Letterbox.screen.height / 2)]
            guard t != hoverTouch else { return [] }
            hoverTouch = t
            return [.remote(.touch(t[0], t[1]))]
        case .pointerUp(let p):
            if pointerOnRemote {
                pointerOnRemote = false
                defer { remoteSurface = nil }
                if remoteSurface?.touching == true { return [.remote(.release)] }
                return held.release(.onScreenRemote, at: tick).map(InputAction.remote)
            }
            guard var d = drag else { return [] }
            drag = nil
            var out = held.release(.mouse, at: tick).map(InputAction.remote)
            guard mapping.dragSwipes else { return out }
            let ending = d.end(at: p, tick: tick, tuning: mapping.tuning)
            out += ending.events.map(InputAction.remote)
            if let f = ending.flick {
                momentum = Momentum(
                    direction: f.direction, moves: f.moves, gaps: mapping.tuning.momentumGaps, from: tick)
            }
            return out
        case .wheel(let detents):
            guard detents != 0 else { return [] }
            switch mapping.wheel {
            // Turning the wheel towards you steps forward, as the ring turned clockwise does.
            case .crown: return [.remote(.crown(-detents))]
            case .swipe:
                momentum = nil
                return [.remote(.swipe(detents > 0 ? .up : .down))]
            case .none: return []
            }
        case .focusLost:
            held.cancelAll(at: tick)
            momentum = nil
            drag = nil
            pointerOnRemote = false
            let surfaceTouched = remoteSurface?.touching == true
            remoteSurface = nil
            let touching = surfaceTouched || pads.values.contains { $0.touchSticks.values.contains(where: \.touching) }
            pads = [:]
            return touching ? [.remote(.release)] : []
        }
    }

    /// Timed events due before `tick`, in tick order: repeats of held input, long presses,
    /// momentum. (Half-open, so an input handled at `tick` comes before what falls due at `tick`:
    /// a release cancels a repeat due at the same tick, as `hold` in scripts does.)
    public mutating func advance(until tick: Tick) -> [TimedEvent] {
        var out = held.advance(until: tick)
        if var m = momentum {
            if let e = m.advance(until: tick) { out.append(e) }
            momentum = m.isFinished ? nil : m
        }
        return out.enumerated().sorted { ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset) }.map(\.element)
    }

    /// True while focus is coasting after a flick.
    public var isCoasting: Bool { momentum != nil }

    // MARK: Pieces

    /// A button-like press: tools run at once; remote events go through the held-input machine.
    /// Any press stops momentum, as touching the surface stops a coasting list on tvOS.
    mutating func press(_ action: InputAction, source: InputSource, at tick: Tick) -> [InputAction] {
        switch action {
        case .tool(let t):
            return [.tool(t)]
        case .remote(let e):
            momentum = nil
            return held.press(e, source: source, at: tick).map(InputAction.remote)
        }
    }

    mutating func analog(_ axis: ControllerAxis, _ value: Double, controller c: Int, at tick: Tick) -> [InputAction] {
        var pad = pads[c] ?? Pad()
        defer { pads[c] = pad }
        let t = mapping.tuning
        switch axis {
        case .leftTrigger, .rightTrigger:
            let trigger: Trigger = axis == .leftTrigger ? .leftTrigger : .rightTrigger
            var state = pad.triggers[trigger] ?? TriggerButton()
            let change = state.update(max(0, min(1, value)), tuning: t)
            pad.triggers[trigger] = state
            guard let pressed = change, let action = mapping.triggers[trigger] else { return [] }
            let source = InputSource.trigger(trigger, controller: c)
            return pressed
                ? press(action, source: source, at: tick) : held.release(source, at: tick).map(InputAction.remote)
        case .leftX, .leftY, .rightX, .rightY:
            let stick: Stick = axis == .leftX || axis == .leftY ? .leftStick : .rightStick
            let v = max(-1, min(1, value))
            let x: Double? = axis == .leftX || axis == .rightX ? v : nil
            let y: Double? = x == nil ? v : nil
            switch mapping.sticks[stick] ?? StickRole.none {
            case .swipe:
                var state = pad.swipeSticks[stick] ?? StickDirection()
                let (released, pressed) = state.update(x: x, y: y, tuning: t)
                pad.swipeSticks[stick] = state
                let source = InputSource.stick(stick, controller: c)
                var out: [InputAction] = []
                if released != nil { out += held.release(source, at: tick).map(InputAction.remote) }
                if let d = pressed { out += press(.remote(.swipe(d)), source: source, at: tick) }
                return out
            case .touch:
                var state = pad.touchSticks[stick] ?? TouchStick()
                let event = state.update(x: x, y: y, tuning: t)
                pad.touchSticks[stick] = state
                return event.map { [.remote($0)] } ?? []
            case .none:
                return []
            }
        }
    }

    mutating func pointerDown(_ p: ScreenPoint, at tick: Tick) -> [InputAction] {
        momentum = nil
        if let r = remoteOverlay, r.contains(x: p.x, y: p.y) {
            // On the drawn remote: its buttons, pressed and held like keys; the body absorbs the rest.
            pointerOnRemote = true
            guard let part = OnScreenRemote.part(atX: p.x, y: p.y, in: r) else { return [] }
            // The clickpad is also the touch surface: a press there that moves becomes a finger on it.
            if OnScreenRemote.touch(atX: p.x, y: p.y, in: r) != nil { remoteSurface = (p, false) }
            return held.press(part.event, source: .onScreenRemote, at: tick).map(InputAction.remote)
        }
        drag = DragGesture(at: p, tick: tick)
        guard let click = mapping.click else { return [] }
        return press(click, source: .mouse, at: tick)
    }
}
