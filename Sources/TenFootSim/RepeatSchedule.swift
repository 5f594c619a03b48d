/// When a held direction moves focus: once on the press, again after an initial delay, then at
/// intervals that shrink by a factor each time down to a floor (tvOS fast scrolling). Scripts
/// (`hold right 2s`) and live input (a held key, D-pad or stick) both walk this one schedule.
public struct RepeatSchedule: Sendable, Hashable {
    /// The first repeat comes this long after the press…
    public var initialDelay: Tick
    /// …the second this long after the first,
    public var interval: Tick
    /// each later gap is the previous one times this factor (below 1: accelerating),
    public var acceleration: Double
    /// and no gap is shorter than this, so focus cannot outrun rendering.
    public var fastest: Tick

    public init(initialDelay: Tick, interval: Tick, acceleration: Double, fastest: Tick) {
        self.initialDelay = initialDelay
        self.interval = interval
        self.acceleration = acceleration
        self.fastest = fastest
    }

    /// The defaults of `RepeatTiming`.
    public static let standard = RepeatSchedule(
        initialDelay: RepeatTiming.initialDelay, interval: RepeatTiming.interval,
        acceleration: RepeatTiming.acceleration, fastest: RepeatTiming.fastest)

    /// A position in the schedule: the offset (from the press) of the next repeat.
    public struct Cursor: Sendable, Hashable {
        public private(set) var offset: Tick
        var gap: Double
        let schedule: RepeatSchedule

        /// Moves to the repeat after this one.
        public mutating func advance() {
            offset += Tick(gap.rounded())
            gap = max(Double(schedule.fastest), gap * schedule.acceleration)
        }
    }

    /// The first repeat after the press.
    public var firstRepeat: Cursor { Cursor(offset: initialDelay, gap: Double(interval), schedule: self) }

    /// The offsets from the press at which a direction held for `duration` moves focus (the press
    /// itself at 0; a repeat due exactly at the release does not happen).
    public func offsets(holding duration: Tick) -> [Tick] {
        var out: [Tick] = [0]
        var cursor = firstRepeat
        while cursor.offset < duration {
            out.append(cursor.offset)
            cursor.advance()
        }
        return out
    }
}
