import FocusEngine
import TenFootScene
import TenFootSim

/// A Siri Remote (2nd generation) drawn as display-list commands: the clickpad (ring and centre),
/// Back, TV, Play/Pause, and the inert mute and volume buttons. The part used last lights up and
/// fades out; the finger on the touch surface shows as a dot. Pure, so the window's overlay (F3)
/// and a recorded video draw the same remote from the same events.
///
/// Geometry is in units of the rect's width `u`; the remote is `aspect` times as tall as wide.
public struct OnScreenRemote: Sendable, Hashable {
    /// The parts that send remote events when pressed (the window lets the mouse press them).
    public enum Part: String, CaseIterable, Sendable, Hashable {
        case up, down, left, right, select, back, tv, playPause

        /// The event the part sends (held parts repeat or long-press like keys do).
        public var event: RemoteEvent {
            switch self {
            case .up: .swipe(.up)
            case .down: .swipe(.down)
            case .left: .swipe(.left)
            case .right: .swipe(.right)
            case .select: .select
            case .back: .menu
            case .tv: .home
            case .playPause: .playPause
            }
        }
    }

    /// The finger on the touch surface, each axis -1…1 (the simulator's `touch`).
    public struct Finger: Sendable, Hashable {
        public var x: Double, y: Double
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    public var lastEvent: RemoteEvent?
    public var lastEventTick: Tick
    public var finger: Finger?

    /// The remote after `lastEvent` at tick `at`, with the finger at `finger` (nil: not touching).
    public init(lastEvent: RemoteEvent?, at tick: Tick, finger: (x: Double, y: Double)?) {
        self.lastEvent = lastEvent
        self.lastEventTick = tick
        self.finger = finger.map { Finger(x: $0.x, y: $0.y) }
    }

    /// Height ÷ width of the drawing (the real remote is slimmer; this keeps the buttons legible).
    public static let aspect = 3.3
    /// A used part stays lit this long, fading out.
    public static let fadeTicks: Tick = Clock.ticks(seconds: 0.6)

    /// The rect of a remote `width` points wide whose bottom-right corner is `margin` points inside
    /// the 1920×1080 screen's.
    public static func rect(width: Double, margin: Double) -> Rect {
        let h = width * aspect
        return Rect(1920 - margin - width, 1080 - margin - h, width, h)
    }

    // MARK: Layout (fractions of the width)

    static let bodyRadius = 0.3
    static let padCenter = (x: 0.5, y: 0.52)
    static let ringRadius = 0.42
    static let centreRadius = 0.22
    static let buttonRadius = 0.14
    static let buttonCentres: [Part: (x: Double, y: Double)] = [
        .back: (0.28, 1.22), .tv: (0.72, 1.22), .playPause: (0.28, 1.62),
    ]
    static let muteCentre = (x: 0.28, y: 2.02)
    static let volume = (x: 0.58, y: 1.48, w: 0.28, h: 0.68)
    static let labelY = 2.5

    static let bodyColor = Color(44, 46, 52, 240)
    static let ringColor = Color(72, 75, 82)
    static let buttonColor = Color(26, 27, 31)
    static let iconColor = Color(205, 208, 215)
    static let litColor = Color(245, 245, 250)
    static let fingerColor = Color(120, 200, 255, 230)

    // MARK: Hit testing

    /// The part under (x, y) for a remote drawn in `rect`; nil off the remote or on an inert part.
    public static func part(atX x: Double, y: Double, in rect: Rect) -> Part? {
        let u = rect.width
        guard u > 0, rect.contains(x: x, y: y) else { return nil }
        let dx = (x - rect.minX) / u - padCenter.x
        let dy = (y - rect.minY) / u - padCenter.y
        let r = (dx * dx + dy * dy).squareRoot()
        if r <= centreRadius { return .select }
        if r <= ringRadius {
            if abs(dx) > abs(dy) { return dx > 0 ? .right : .left }
            return dy > 0 ? .down : .up
        }
        for part in [Part.back, .tv, .playPause] {
            let c = buttonCentres[part]!
            let bx = (x - rect.minX) / u - c.x
            let by = (y - rect.minY) / u - c.y
            if (bx * bx + by * by).squareRoot() <= buttonRadius * 1.15 { return part }
        }
        return nil
    }

    /// The finger's position on the touch surface (each axis −1…1, as the drawn finger shows it) for a point over
    /// the clickpad of a remote drawn in `rect`, clamped to the surface; nil off the clickpad.
    public static func touch(atX x: Double, y: Double, in rect: Rect, clamped: Bool = false) -> (x: Double, y: Double)?
    {
        let u = rect.width
        guard u > 0 else { return nil }
        let dx = (x - rect.minX) / u - padCenter.x
        let dy = (y - rect.minY) / u - padCenter.y
        guard clamped || (dx * dx + dy * dy).squareRoot() <= ringRadius else { return nil }
        let k = ringRadius * 0.85
        return (max(-1, min(1, dx / k)), max(-1, min(1, dy / k)))
    }

    // MARK: Drawing

    /// How lit the last event's part is at `now`: 1 just after it, 0 after `fadeTicks`.
    public func litLevel(at now: Tick) -> Double {
        guard lastEvent != nil, now >= lastEventTick else { return 0 }
        return max(0, 1 - Double(now - lastEventTick) / Double(Self.fadeTicks))
    }

    /// The part a remote event lights, if any (page, next/previous and crown light the ring).
    public static func part(for event: RemoteEvent) -> Part? {
        switch event {
        case .swipe(let d): Part(rawValue: d.rawValue)
        case .select, .longSelect: .select
        case .menu: .back
        case .home: .tv
        case .playPause: .playPause
        default: nil
        }
    }

    /// The drawing of the remote in `rect` at tick `now`.
    public func commands(in rect: Rect, now: Tick) -> [DrawCommand] {
        let u = rect.width
        var out: [DrawCommand] = []
        let level = litLevel(at: now)
        let lit = lastEvent.flatMap(Self.part(for:))
        func at(_ x: Double, _ y: Double) -> (Double, Double) { (rect.minX + x * u, rect.minY + y * u) }
        func circle(_ cx: Double, _ cy: Double, _ radius: Double, _ color: Color) {
            let (x, y) = at(cx, cy)
            out.append(
                .rect(
                    Rect(x - radius * u, y - radius * u, 2 * radius * u, 2 * radius * u), radius: radius * u,
                    color: color))
        }
        func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ color: Color, width: Double = 3) {
            let (a, b) = at(x1, y1)
            let (c, d) = at(x2, y2)
            out.append(.line(x1: a, y1: b, x2: c, y2: d, width: width, color: color))
        }

        out.append(.shadow(rect, radius: Self.bodyRadius * u, blur: 24, offsetY: 10, opacity: 0.5, contents: nil))
        out.append(.rect(rect, radius: Self.bodyRadius * u, color: Self.bodyColor))

        // Clickpad: the ring (lit whole for ring-wide events), its four direction marks, the centre.
        let pc = Self.padCenter
        let ringLit = lit == nil && lastEvent.map(Self.lightsRing) == true ? level : 0
        circle(pc.x, pc.y, Self.ringRadius, Self.ringColor)
        if ringLit > 0 { circle(pc.x, pc.y, Self.ringRadius, Self.litColor.withAlpha(ringLit * 0.6)) }
        let markRadius = (Self.ringRadius + Self.centreRadius) / 2
        for d in Direction.allCases {
            let (mx, my) = Self.offset(d, markRadius)
            circle(pc.x + mx, pc.y + my, 0.025, Self.iconColor)
            if lit?.rawValue == d.rawValue, level > 0 {
                circle(pc.x + mx, pc.y + my, 0.07, Self.litColor.withAlpha(level))
            }
        }
        circle(pc.x, pc.y, Self.centreRadius, Self.buttonColor)
        if lit == .select, level > 0 {
            circle(pc.x, pc.y, Self.centreRadius, Self.litColor.withAlpha(level * (lastEvent == .longSelect ? 1 : 0.8)))
        }
        if let l = lit, let d = Direction(rawValue: l.rawValue), level > 0 {
            // A chevron in the centre pointing the way the swipe went.
            let (tx, ty) = Self.offset(d, 0.09)
            let (bx, by) = Self.offset(d, -0.02)
            let (sx, sy) = d.isHorizontal ? (0.0, 0.08) : (0.08, 0.0)
            let c = Self.litColor.withAlpha(level)
            line(pc.x + bx + sx, pc.y + by + sy, pc.x + tx, pc.y + ty, c, width: 4)
            line(pc.x + bx - sx, pc.y + by - sy, pc.x + tx, pc.y + ty, c, width: 4)
        }

        // Back, TV, Play/Pause (lit when used), mute and volume (inert).
        for part in [Part.back, .tv, .playPause] {
            let c = Self.buttonCentres[part]!
            let on = lit == part ? level : 0
            circle(c.x, c.y, Self.buttonRadius, Self.buttonColor)
            if on > 0 { circle(c.x, c.y, Self.buttonRadius, Self.litColor.withAlpha(on)) }
            drawIcon(part, c, on > 0.5 ? Self.buttonColor : Self.iconColor, line: line, rect: rect)
        }
        circle(Self.muteCentre.x, Self.muteCentre.y, Self.buttonRadius, Self.buttonColor)
        let v = Self.volume
        let (vx, vy) = at(v.x, v.y)
        out.append(.rect(Rect(vx, vy, v.w * u, v.h * u), radius: v.w * u / 2, color: Self.buttonColor))
        line(v.x + v.w / 2 - 0.05, v.y + 0.14, v.x + v.w / 2 + 0.05, v.y + 0.14, Self.iconColor)
        line(v.x + v.w / 2, v.y + 0.09, v.x + v.w / 2, v.y + 0.19, Self.iconColor)
        line(v.x + v.w / 2 - 0.05, v.y + v.h - 0.14, v.x + v.w / 2 + 0.05, v.y + v.h - 0.14, Self.iconColor)

        // The finger on the touch surface (the whole clickpad, ring included).
        if let f = finger {
            let fx = max(-1, min(1, f.x))
            let fy = max(-1, min(1, f.y))
            circle(pc.x + fx * Self.ringRadius * 0.85, pc.y + fy * Self.ringRadius * 0.85, 0.065, Self.fingerColor)
        }

        // The last event's name, fading with the light.
        if let e = lastEvent, level > 0 {
            var name = e.description
            if name.count > 14 { name = String(name.prefix(13)) + "…" }
            let (lx, ly) = at(0.5, Self.labelY)
            out.append(
                .text(
                    name, x: lx, y: ly, size: max(12, 0.13 * u), bold: true, color: Self.litColor.withAlpha(level),
                    centered: true, maxWidth: u * 0.9))
        }
        return out
    }

    /// Events that light the whole ring: page moves, next/previous and crown rotation.
    package static func lightsRing(_ e: RemoteEvent) -> Bool {
        switch e {
        case .pageUp, .pageDown, .next, .previous, .crown: true
        default: false
        }
    }

    /// (dx, dy) of `distance` in direction `d` (y grows downwards).
    static func offset(_ d: Direction, _ distance: Double) -> (Double, Double) {
        switch d {
        case .up: (0, -distance)
        case .down: (0, distance)
        case .left: (-distance, 0)
        case .right: (distance, 0)
        }
    }

    /// The glyph of a button, drawn with lines and small rects so it needs no font.
    func drawIcon(
        _ part: Part, _ c: (x: Double, y: Double), _ color: Color,
        line: (Double, Double, Double, Double, Color, Double) -> Void, rect: Rect
    ) {
        switch part {
        case .back:
            line(c.x + 0.03, c.y - 0.06, c.x - 0.03, c.y, color, 3)
            line(c.x - 0.03, c.y, c.x + 0.03, c.y + 0.06, color, 3)
        case .tv:
            line(c.x - 0.07, c.y - 0.045, c.x + 0.07, c.y - 0.045, color, 2)
            line(c.x - 0.07, c.y + 0.04, c.x + 0.07, c.y + 0.04, color, 2)
            line(c.x - 0.07, c.y - 0.045, c.x - 0.07, c.y + 0.04, color, 2)
            line(c.x + 0.07, c.y - 0.045, c.x + 0.07, c.y + 0.04, color, 2)
            line(c.x - 0.03, c.y + 0.07, c.x + 0.03, c.y + 0.07, color, 2)
        case .playPause:
            line(c.x - 0.07, c.y - 0.05, c.x - 0.07, c.y + 0.05, color, 2)
            line(c.x - 0.07, c.y - 0.05, c.x, c.y, color, 2)
            line(c.x - 0.07, c.y + 0.05, c.x, c.y, color, 2)
            line(c.x + 0.03, c.y - 0.05, c.x + 0.03, c.y + 0.05, color, 3)
            line(c.x + 0.07, c.y - 0.05, c.x + 0.07, c.y + 0.05, color, 3)
        default:
            break
        }
    }
}

extension OnScreenRemote {
    /// The remote as a simulator shows it now: lit by the last remote event in its trace (touches
    /// and releases only move the finger), with its current finger position. For renderers that do
    /// not track events themselves, such as the recorder playing a script.
    public init(showing sim: Simulator) {
        var last: (RemoteEvent, Tick)?
        for entry in sim.trace.reversed() {
            guard let e = entry.remoteEvent else { continue }
            if case .touch = e { continue }
            if e == .release { continue }
            last = (e, entry.tick)
            break
        }
        self.init(lastEvent: last?.0, at: last?.1 ?? 0, finger: sim.touch)
    }
}
