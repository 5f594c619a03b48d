/// Durations of the focus animations. Apple publishes none; focusing runs faster than unfocusing
/// (the "trail" HIG describes) and both speed up when focus moves quickly (tvos-focus.md §A3, §C5).
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
}
