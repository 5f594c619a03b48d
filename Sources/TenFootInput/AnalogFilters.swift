import FocusEngine
import TenFootScene
import TenFootSim

/// A stick steering swipes: which direction it holds, with a dead zone and hysteresis so it never
/// jitters between held and let go, nor between two directions on a diagonal.
///
/// Pushed past `stickEngage` along its dominant axis it holds that direction (and the held-input
/// machine repeats it like a D-pad); it lets go only below `stickRelease`; it turns to the other
/// axis only when that one is past `stickEngage` and `stickSwitchRatio` times the held one.
struct StickDirection: Sendable, Hashable {
    var x = 0.0, y = 0.0
    private(set) var held: Direction?

    /// How far the stick is pushed towards `d` (negative: away from it).
    func along(_ d: Direction) -> Double {
        switch d {
        case .right: x
        case .left: -x
        case .down: y
        case .up: -y
        }
    }

    /// The direction of the larger axis (nil at rest).
    var dominant: Direction? {
        if x == 0, y == 0 { return nil }
        if abs(x) >= abs(y) { return x > 0 ? .right : .left }
        return y > 0 ? .down : .up
    }

    /// Applies new axis values; returns the direction let go and the one newly held, if any.
    mutating func update(x: Double? = nil, y: Double? = nil, tuning t: InputTuning) -> (
        released: Direction?, pressed: Direction?
    ) {
        if let x { self.x = x }
        if let y { self.y = y }
        var released: Direction?
        if let h = held {
            let pushed = along(h)
            if pushed < t.stickRelease {
                held = nil
                released = h
            } else {
                guard let d = dominant, d != h, d.isHorizontal != h.isHorizontal,
                    along(d) >= t.stickEngage, along(d) >= pushed * t.stickSwitchRatio
                else { return (nil, nil) }
                held = d
                return (h, d)
            }
        }
        if let d = dominant, along(d) >= t.stickEngage {
            held = d
            return (released, d)
        }
        return (released, nil)
    }
}

/// A stick steering the finger on the touch surface (the parallax tilt). Positions move in
/// `touchStep` steps and only changes are sent, so a resting stick sends nothing; inside the dead
/// zone the finger lifts.
struct TouchStick: Sendable, Hashable {
    var x = 0.0, y = 0.0
    private(set) var touching = false
    private var last: [Double] = []

    /// The finger lifts only below this fraction of the dead zone, so a stick resting at its edge
    /// does not touch and lift on alternate frames.
    static let liftFraction = 2.0 / 3.0

    mutating func update(x: Double? = nil, y: Double? = nil, tuning t: InputTuning) -> RemoteEvent? {
        if let x { self.x = x }
        if let y { self.y = y }
        let m = (self.x * self.x + self.y * self.y).squareRoot()
        if touching ? m < t.touchDeadZone * Self.liftFraction : m < t.touchDeadZone {
            guard touching else { return nil }
            touching = false
            last = []
            return .release
        }
        let q = [quantize(self.x, t.touchStep), quantize(self.y, t.touchStep)]
        guard !touching || q != last else { return nil }
        touching = true
        last = q
        return .touch(q[0], q[1])
    }
}

/// A value on a grid of `step`, clamped to -1…1.
func quantize(_ v: Double, _ step: Double) -> Double {
    max(-1, min(1, (v / step).rounded() * step))
}

/// A trigger as a button: pressed past `triggerEngage`, released below `triggerRelease`.
struct TriggerButton: Sendable, Hashable {
    private(set) var pressed = false

    /// Applies a new value (0…1); returns the new state when it changed.
    mutating func update(_ v: Double, tuning t: InputTuning) -> Bool? {
        if !pressed, v >= t.triggerEngage {
            pressed = true
            return true
        }
        if pressed, v < t.triggerRelease {
            pressed = false
            return false
        }
        return nil
    }
}
