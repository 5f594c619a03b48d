import Foundation

/// The one motion model: everything that moves on screen — the focus lift and its trail, scrolling, the
/// bump, the tab bar sliding, the hero's cross-fade, the pressed state, sheet, alert and navigation
/// transitions — is an ``Animation``: a start tick, a length and a ``Curve``. Where it is at a tick is a pure
/// function of that tick, so the same events at the same ticks draw the same frames (recordings are
/// byte-identical), and a frame can be drawn for any tick without stepping through the ones before.
///
/// Apple publishes no durations or curves (tvos-focus.md §0.3, §C5); the lengths below are TenFoot's.
/// Focusing runs faster than unfocusing (the "trail" the HIG describes) and both speed up when focus moves
/// quickly (§A3, §C5).
public enum Motion {
    public static let focusTicks: Tick = Clock.ticks(seconds: 0.15)
    public static let unfocusTicks: Tick = Clock.ticks(seconds: 0.30)
    public static let scrollTicks: Tick = Clock.ticks(seconds: 0.35)
    public static let bumpTicks: Tick = Clock.ticks(seconds: 0.25)
    /// Moves closer together than this count as "fast": animations run at `fastFactor` of their length.
    public static let fastMoveTicks: Tick = Clock.ticks(seconds: 0.2)
    public static let fastFactor = 0.5
    /// How far a blocked move nudges the focused item, in points.
    public static let bumpDistance = 14.0
    /// Extra room kept between a scrolled-to item and the viewport edge, beyond its lifted size.
    public static let scrollMargin = 10.0
    /// How long the hero takes to cross-fade to a new focused value.
    public static let heroFadeTicks: Tick = Clock.ticks(seconds: 0.4)
    /// The pressed (highlighted) state of a click: the item sinks toward the surface and comes back up
    /// (HIG Focus: "highlighted … might briefly … animate"; tvos-focus.md §C4).
    public static let pressTicks: Tick = Clock.ticks(seconds: 0.2)
    /// How far a pressed item sinks at the bottom of the press: its lifted frame × this.
    public static let pressScale = 0.94
    /// A sheet or a full-screen presentation sliding up into place (and down on dismissal).
    public static let sheetTicks: Tick = Clock.ticks(seconds: 0.35)
    /// An alert or action sheet appearing: the panel grows from `alertStartScale` as the screen dims.
    public static let alertTicks: Tick = Clock.ticks(seconds: 0.25)
    public static let alertStartScale = 0.9
    /// The tilt springing back when the finger lifts: a critically damped spring, (1 + ωt)·e^(−ωt) of the
    /// deflection, ω = `tiltSpringRate` per second, at rest (exactly 0) from `tiltReturnTicks` on (it is then
    /// under 0.5 % of the way).
    public static let tiltSpringRate = 14.0
    public static let tiltReturnTicks: Tick = Clock.ticks(seconds: 0.55)
    public static func tiltSpring(_ elapsed: Tick) -> Double {
        guard elapsed < tiltReturnTicks else { return 0 }
        let t = tiltSpringRate * Double(max(0, elapsed)) / Double(Clock.ticksPerSecond)
        return (1 + t) * exp(-t)
    }
    /// A navigation push or pop: the new screen slides in from the trailing side over the old one.
    public static let navigationTicks: Tick = Clock.ticks(seconds: 0.4)
    /// How far the screen underneath drifts the other way during a push (a share of the screen's width).
    public static let navigationParallax = 0.3
    /// A focused lockup's caption that is cut short scrolls (UILabel's `enablesMarqueeWhenAncestorFocused`,
    /// Apple's advice for long text at large sizes): it rests `marqueeDelayTicks` after focus lands, slides by
    /// its whole width and a `marqueeGap` at `marqueeSpeed` points a second until its start is back in place,
    /// and again. The first slide starts after anything a screenshot settles (one second).
    public static let marqueeDelayTicks: Tick = Clock.ticks(seconds: 2)
    public static let marqueeSpeed = 60.0
    public static let marqueeGap = 60.0
    /// How far a marquee of a text `width` points wide has slid, `elapsed` ticks after focus landed: 0 while it
    /// rests, up to `width + marqueeGap` (where the following copy stands in the first's place).
    public static func marqueeOffset(width: Double, elapsed: Tick) -> Double {
        let travel = width + marqueeGap
        guard travel > 0, elapsed > 0 else { return 0 }
        let slide = Clock.ticks(seconds: travel / marqueeSpeed)
        let cycle = marqueeDelayTicks + slide
        let t = elapsed % cycle - marqueeDelayTicks
        return t <= 0 ? 0 : travel * Double(t) / Double(slide)
    }
}

/// A timing curve: maps linear progress 0…1 to eased progress.
public enum Curve: Sendable, Hashable {
    case linear
    /// Ease-out cubic: fast start, gentle landing (the focus lift, sheets, alerts, pushes).
    case easeOut
    /// Ease-out quadratic (the tab bar sliding).
    case easeOutQuad
    /// Ease-in-out cubic (scrolling).
    case easeInOut
    /// Out and back: 0 → 1 at the middle → 0 (the bump, the press), a parabola close to sin πt, identical on
    /// every platform.
    case pulse

    public func callAsFunction(_ t: Double) -> Double {
        switch self {
        case .linear: return t
        case .easeOut: return 1 - (1 - t) * (1 - t) * (1 - t)
        case .easeOutQuad: return 1 - (1 - t) * (1 - t)
        case .easeInOut: return t < 0.5 ? 4 * t * t * t : 1 - pow3(-2 * t + 2) / 2
        case .pulse:
            let f = t - t.rounded(.down)
            return 4 * f * (1 - f)
        }
    }
}

/// One timed change, read as a pure function of the simulator's tick.
public struct Animation: Sendable, Hashable {
    public var start: Tick
    public var duration: Tick
    public var curve: Curve

    public init(start: Tick, duration: Tick, curve: Curve) {
        self.start = start
        self.duration = duration
        self.curve = curve
    }

    /// Linear progress at `tick`: 0 before the start, 1 from the end on (and for a zero-length animation).
    public func linear(at tick: Tick) -> Double {
        guard duration > 0 else { return 1 }
        return max(0, min(1, Double(tick - start) / Double(duration)))
    }

    /// Eased progress at `tick`, through the curve.
    public func progress(at tick: Tick) -> Double { curve(linear(at: tick)) }

    /// Whether it is still moving at `tick`.
    public func isRunning(at tick: Tick) -> Bool { tick >= start && tick - start < duration }

    /// A value interpolated from `from` to `to` at `tick`.
    public func value(from: Double, to: Double, at tick: Tick) -> Double { from + (to - from) * progress(at: tick) }
}

func pow3(_ x: Double) -> Double { x * x * x }
