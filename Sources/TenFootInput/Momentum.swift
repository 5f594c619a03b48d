import FocusEngine
import TenFootScene
import TenFootSim

/// Focus coasting after a flick, as tvOS scrolls after a strong swipe: a few more moves in the same
/// direction at growing gaps, so it decelerates and stops. A pure state machine over ticks.
///
/// The gaps are the tail of `InputTuning.momentumGaps` (by default `RepeatTiming.flickGaps`, the
/// same as `swipe X fast` in scripts): the strongest flick uses them all, a weaker one only the last
/// few, so every flick ends with the same slow-down.
struct Momentum: Sendable, Hashable {
    let direction: Direction
    /// The ticks of the moves still to come.
    private(set) var due: [Tick]

    /// Coasting `moves` more items after a flick released at `tick`.
    init(direction: Direction, moves: Int, gaps: [Tick], from tick: Tick) {
        self.direction = direction
        var t = tick
        due = gaps.suffix(max(0, moves)).map {
            t += $0
            return t
        }
    }

    /// How many items a flick released at `speed` (points per second) coasts: none below
    /// `flickSpeed`, then one more per `flickSpeedPerMove`, up to the number of gaps.
    static func moves(speed: Double, tuning: InputTuning) -> Int {
        guard speed >= tuning.flickSpeed else { return 0 }
        return min(tuning.momentumGaps.count, 1 + Int((speed - tuning.flickSpeed) / tuning.flickSpeedPerMove))
    }

    var isFinished: Bool { due.isEmpty }

    /// The move due before `tick`, if any. At most one per call: when a slow frame lets several
    /// fall due, the rest are pushed to `tick` and later (the coast keeps its length but never
    /// outruns drawing).
    mutating func advance(until tick: Tick) -> TimedEvent? {
        guard let first = due.first, first < tick else { return nil }
        due.removeFirst()
        if let next = due.first, next < tick {
            let shift = tick - next
            due = due.map { $0 + shift }
        }
        return TimedEvent(tick: first, event: .swipe(direction))
    }
}
