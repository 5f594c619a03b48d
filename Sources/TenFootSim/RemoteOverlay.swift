import FocusEngine
import TenFootScene

/// A button (or part of the clickpad) of the Siri Remote (2nd generation, 2021).
public enum RemoteButton: String, Sendable, Hashable, CaseIterable {
    /// The four edges of the clickpad ring, its centre (click) and its touch surface.
    case up, down, left, right, select, touchSurface
    case back, tv, playPause, mute, volumeUp, volumeDown

    /// The button a remote event uses (nil: nothing on the remote, such as typed text).
    public init?(_ event: RemoteEvent) {
        switch event {
        case .swipe(let d):
            switch d {
            case .up: self = .up
            case .down: self = .down
            case .left: self = .left
            case .right: self = .right
            }
        case .select, .longSelect: self = .select
        case .menu: self = .back
        case .home: self = .tv
        case .playPause: self = .playPause
        // Sequential moves and paging have no button of their own; show them on the ring.
        case .next: self = .right
        case .previous: self = .left
        case .pageUp: self = .up
        case .pageDown: self = .down
        case .touch, .release, .crown: self = .touchSurface
        case .text: return nil
        }
    }

    /// The button of a trace entry's event name (`right`, `submit`, `touch 0.1 0.2`, …).
    public init?(traceEvent name: String) {
        if let e = RemoteEvent(name: name) { self.init(e); return }
        if name == "submit" { self = .select; return }
        if name.hasPrefix("touch ") || name.hasPrefix("crown ") { self = .touchSurface; return }
        return nil
    }
}

/// A small Siri Remote drawn with display-list commands, lighting up the button just used: recordings
/// burn it in (`--overlay remote`) and the window can show the same drawing.
///
/// Geometry is in remote points (`RemoteOverlay.size`), placed at `origin` and multiplied by `scale`
/// in the 1920×1080 screen space.
public struct RemoteOverlay: Sendable {
    /// The drawing's size in remote points (the real remote is 35 × 136 mm; this keeps its proportions
    /// loosely while leaving room for the buttons to read at 720p).
    public static let size = (width: 130.0, height: 380.0)
    /// A press shows fully lit this long…
    public static let litTicks: Tick = Clock.ticks(seconds: 0.15)
    /// …then fades out over this long.
    public static let fadeTicks: Tick = Clock.ticks(seconds: 0.35)

    static let body = Color(196, 199, 205, 235)
    static let bodyEdge = Color(120, 122, 128, 235)
    static let key = Color(52, 53, 58)
    static let ring = Color(34, 35, 39)
    static let glyph = Color(225, 226, 230)
    static let lit = Color(90, 200, 250)
    static let finger = Color(255, 255, 255, 200)

    public var origin: (x: Double, y: Double)
    public var scale: Double

    /// By default: in the lower-right corner, inside the safe area.
    public init(origin: (x: Double, y: Double)? = nil, scale: Double = 0.9) {
        self.scale = scale
        self.origin = origin ?? (Metrics.screen.maxX - Metrics.safeArea.trailing - RemoteOverlay.size.width * scale,
                                 Metrics.screen.maxY - Metrics.safeArea.bottom - RemoteOverlay.size.height * scale)
    }

    /// How lit each button is at the simulator's current tick (0…1), from the trace.
    public static func lighting(_ sim: Simulator) -> [RemoteButton: Double] {
        var out: [RemoteButton: Double] = [:]
        for entry in sim.trace.reversed() {
            let age = sim.tick - entry.tick
            if age >= litTicks + fadeTicks { break }
            guard let b = RemoteButton(traceEvent: entry.event), out[b] == nil else { continue }
            out[b] = age <= litTicks ? 1 : 1 - Double(age - litTicks) / Double(fadeTicks)
        }
        return out
    }

    /// Draws the remote for the simulator's state: buttons lit from the trace, the finger on the
    /// touch surface while it rests there.
    public func draw(into list: inout DisplayList, sim: Simulator) {
        draw(into: &list, lit: RemoteOverlay.lighting(sim), touch: sim.touch)
    }

    /// Draws the remote with the given buttons lit (0…1) and the finger at `touch` (-1…1 per axis).
    public func draw(into list: inout DisplayList, lit: [RemoteButton: Double], touch: (x: Double, y: Double)?) {
        func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
            Rect(origin.x + x * scale, origin.y + y * scale, w * scale, h * scale)
        }
        func circle(_ cx: Double, _ cy: Double, _ d: Double, _ c: Color) {
            list.add(.rect(r(cx - d / 2, cy - d / 2, d, d), radius: d * scale / 2, color: c))
        }
        func glow(_ b: RemoteButton, over base: Color) -> Color {
            guard let a = lit[b], a > 0 else { return base }
            return mix(base, RemoteOverlay.lit, a)
        }
        func label(_ s: String, _ cx: Double, _ cy: Double, _ size: Double) {
            list.add(.text(s, x: origin.x + cx * scale, y: origin.y + (cy - size * 0.62) * scale, size: size * scale,
                           bold: true, color: RemoteOverlay.glyph, centered: true, maxWidth: nil))
        }
        let (w, h) = RemoteOverlay.size
        list.add(.shadow(r(0, 0, w, h), radius: 40 * scale, blur: 24, offsetY: 10, opacity: 0.45))
        list.add(.rect(r(-2, -2, w + 4, h + 4), radius: 42 * scale, color: RemoteOverlay.bodyEdge))
        list.add(.rect(r(0, 0, w, h), radius: 40 * scale, color: RemoteOverlay.body))

        // The clickpad: a ring with four pressable edges around a centre button; the whole ring is
        // also the touch surface.
        let (cx, cy) = (w / 2, 85.0)
        circle(cx, cy, 112, glow(.touchSurface, over: RemoteOverlay.ring))
        for (b, dx, dy) in [(RemoteButton.up, 0.0, -41.0), (.down, 0, 41), (.left, -41, 0), (.right, 41, 0)] {
            if let a = lit[b], a > 0 {
                circle(cx + dx, cy + dy, 28, RemoteOverlay.lit.withAlpha(a))
            } else {
                circle(cx + dx, cy + dy, 6, Color(120, 122, 130))
            }
        }
        circle(cx, cy, 58, glow(.select, over: RemoteOverlay.key))
        if let t = touch { circle(cx + t.x * 40, cy + t.y * 40, 18, RemoteOverlay.finger) }

        // Back and TV; Play/Pause and mute; the volume rocker on the right.
        circle(38, 180, 46, glow(.back, over: RemoteOverlay.key))
        label("‹", 38, 178, 34)
        circle(92, 180, 46, glow(.tv, over: RemoteOverlay.key))
        list.add(.outline(r(80, 172, 24, 15), radius: 2, width: max(1, 2 * scale), color: RemoteOverlay.glyph))
        circle(38, 240, 46, glow(.playPause, over: RemoteOverlay.key))
        label("▶‖", 38, 240, 17)
        circle(38, 300, 46, glow(.mute, over: RemoteOverlay.key))
        label("×", 38, 300, 22)
        list.add(.rect(r(69, 217, 46, 106), radius: 23 * scale, color: RemoteOverlay.key))
        if let a = lit[.volumeUp], a > 0 { list.add(.rect(r(69, 217, 46, 53), radius: 23 * scale, color: RemoteOverlay.lit.withAlpha(a))) }
        if let a = lit[.volumeDown], a > 0 { list.add(.rect(r(69, 270, 46, 53), radius: 23 * scale, color: RemoteOverlay.lit.withAlpha(a))) }
        label("+", 92, 240, 24)
        label("−", 92, 300, 24)
    }
}

/// Linear blend from `a` to `b` (t = 0…1), alpha included.
func mix(_ a: Color, _ b: Color, _ t: Double) -> Color {
    func m(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) + (Double(y) - Double(x)) * max(0, min(1, t))).rounded()) }
    return Color(m(a.r, b.r), m(a.g, b.g), m(a.b, b.b), m(a.a, b.a))
}
