import FocusEngine

/// Idle dimming (HIG, tvOS "focused idle"): after a while without input, out-of-focus content dims while the
/// focused item grows a little larger; any input restores it at once. A pure function of the ticks since the
/// last input. Off unless the host turns it on: the window does (`--idle-dim`), recordings and screenshots
/// only when asked, so they do not change with how long a script waits.
public struct IdleDimming: Sendable, Hashable {
    /// Time without input before dimming starts.
    public var after: Tick
    /// How long the dimming takes to reach full.
    public var fade: Tick
    /// The veil's opacity over out-of-focus content at full dimming (black).
    public var veil: Double
    /// How many points the focused item's longest side grows on top of its lift (UIKit's
    /// `_idleModeFocusSizeOffset`, 20 pt in the older builds the rest of the calibration comes from).
    public var growth: Double

    public static let defaultAfter: Tick = Clock.ticks(seconds: 30)
    public static let defaultFade: Tick = Clock.ticks(seconds: 1.5)

    public init(
        after: Tick = IdleDimming.defaultAfter, fade: Tick = IdleDimming.defaultFade, veil: Double = 0.45,
        growth: Double = 20
    ) {
        self.after = max(0, after)
        self.fade = max(0, fade)
        self.veil = veil
        self.growth = growth
    }

    /// How dimmed, 0 (not at all) … 1, `idle` ticks after the last input (eased in and out).
    public func level(idle: Tick) -> Double {
        guard idle >= after else { return 0 }
        guard fade > 0 else { return 1 }
        let t = min(1, Double(idle - after) / Double(fade))
        return Curve.easeInOut(t)
    }
}

extension Simulator {
    /// How dimmed the screen is now (0 with idle dimming off).
    public var idleLevel: Double {
        guard let d = idleDimming else { return 0 }
        return d.level(idle: tick - session.lastInput)
    }

    /// Whether the dimming is on its way in.
    var isDimming: Bool {
        guard let d = idleDimming else { return false }
        let idle = tick - session.lastInput
        return idle >= d.after && idle < d.after + d.fade
    }
}
