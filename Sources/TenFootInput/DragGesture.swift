import FocusEngine
import TenFootScene
import TenFootSim

/// The mouse as a finger on the Siri Remote's touch surface, from button down to button up.
///
/// Moving less than `clickSlop` is still a click. Beyond it the finger is on the surface: its
/// offset from an anchor is the touch position (the parallax tilt, -1…1 at `swipeDistance`), and
/// each `swipeDistance` along one axis is a swipe, after which the anchor restarts under the finger.
/// On release the speed over the last `flickWindow` decides the momentum (`Momentum`).
struct DragGesture: Sendable {
    let origin: ScreenPoint
    private(set) var anchor: ScreenPoint
    /// Past the click slop: a drag, not a click.
    private(set) var dragging = false
    /// At least one swipe happened during the drag.
    private(set) var swiped = false
    private var lastTouch: [Double] = []
    private var samples: [(tick: Tick, point: ScreenPoint)] = []

    /// Mouse events come once a frame: a span shorter than a 60 Hz frame says nothing about speed.
    static let shortestSpan: Tick = Clock.ticks(seconds: 1.0 / 60)

    init(at point: ScreenPoint, tick: Tick) {
        origin = point
        anchor = point
        samples = [(tick, point)]
    }

    /// What happened when the drag ended.
    struct Ending {
        var events: [RemoteEvent]
        var flick: (direction: Direction, moves: Int)?
    }

    /// The finger moved to `point`. Returns whether this move turned the click into a drag, and the
    /// swipes and touch positions it caused.
    mutating func move(to point: ScreenPoint, at tick: Tick, tuning t: InputTuning) -> (
        becameDrag: Bool, events: [RemoteEvent]
    ) {
        sample(point, tick, t)
        var becameDrag = false
        if !dragging {
            guard distance(point, origin) >= t.clickSlop else { return (false, []) }
            dragging = true
            becameDrag = true
        }
        var events: [RemoteEvent] = []
        let dx = point.x - anchor.x
        let dy = point.y - anchor.y
        if max(abs(dx), abs(dy)) >= t.swipeDistance {
            events.append(.swipe(abs(dx) >= abs(dy) ? (dx > 0 ? .right : .left) : (dy > 0 ? .down : .up)))
            swiped = true
            anchor = point
        }
        let touch = [
            quantize((point.x - anchor.x) / t.swipeDistance, t.touchStep),
            quantize((point.y - anchor.y) / t.swipeDistance, t.touchStep),
        ]
        if touch != lastTouch {
            lastTouch = touch
            events.append(.touch(touch[0], touch[1]))
        }
        return (becameDrag, events)
    }

    /// The button came up at `point`: the finger lifts, and a fast enough drag flicks.
    mutating func end(at point: ScreenPoint, tick: Tick, tuning t: InputTuning) -> Ending {
        var ending = Ending(events: [], flick: nil)
        guard dragging else { return ending }
        var moved = move(to: point, at: tick, tuning: t).events
        if let first = samples.first, let last = samples.last, samples.count >= 2 {
            let seconds = Clock.seconds(max(Self.shortestSpan, last.tick - first.tick))
            let vx = (last.point.x - first.point.x) / seconds
            let vy = (last.point.y - first.point.y) / seconds
            let horizontal = abs(vx) >= abs(vy)
            let speed = horizontal ? abs(vx) : abs(vy)
            let direction: Direction = horizontal ? (vx > 0 ? .right : .left) : (vy > 0 ? .down : .up)
            let moves = Momentum.moves(speed: speed, tuning: t)
            if moves > 0 {
                // A quick flick that never covered a swipe's distance still moves once, then coasts.
                if !swiped, !moved.contains(.swipe(direction)) { moved.append(.swipe(direction)) }
                ending.flick = (direction, moves)
            }
        }
        ending.events = moved.filter { if case .touch = $0 { false } else { true } }
        if !lastTouch.isEmpty { ending.events.append(.release) }
        return ending
    }

    /// Keeps the samples of the last `flickWindow` (and the newest, however old).
    private mutating func sample(_ point: ScreenPoint, _ tick: Tick, _ t: InputTuning) {
        samples.append((tick, point))
        samples.removeAll { $0.tick < tick - t.flickWindow }
    }
}

func distance(_ a: ScreenPoint, _ b: ScreenPoint) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
}
