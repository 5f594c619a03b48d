import FocusEngine
import TenFootScene
import TenFootSim

/// A similarity transform of the 1920×1080 point space: scale about a centre, then move. Transitions draw a
/// screen, a sheet or an alert through one (sliding, growing) without laying anything out again.
public struct Placement: Sendable, Hashable {
    public var scale: Double
    public var centre: (x: Double, y: Double)
    public var dx: Double
    public var dy: Double

    public init(scale: Double = 1, about centre: (x: Double, y: Double) = (0, 0), dx: Double = 0, dy: Double = 0) {
        self.scale = scale
        self.centre = centre
        self.dx = dx
        self.dy = dy
    }

    public static func == (a: Placement, b: Placement) -> Bool {
        a.scale == b.scale && a.centre == b.centre && a.dx == b.dx && a.dy == b.dy
    }
    public func hash(into h: inout Hasher) {
        h.combine(scale)
        h.combine(centre.x)
        h.combine(centre.y)
        h.combine(dx)
        h.combine(dy)
    }

    public var isIdentity: Bool { scale == 1 && dx == 0 && dy == 0 }

    func x(_ x: Double) -> Double { centre.x + (x - centre.x) * scale + dx }
    func y(_ y: Double) -> Double { centre.y + (y - centre.y) * scale + dy }
    func rect(_ r: Rect) -> Rect { Rect(x(r.minX), y(r.minY), r.width * scale, r.height * scale) }
    func length(_ l: Double) -> Double { l * scale }
}

extension DrawCommand {
    /// The command drawn through `t`. A `clear` becomes a fill of the moved screen, so a screen sliding in
    /// covers only what it has reached.
    public func transformed(_ t: Placement) -> DrawCommand {
        switch self {
        case .clear(let c): return .rect(t.rect(Metrics.screen), radius: 0, color: c)
        case .rect(let r, let radius, let c): return .rect(t.rect(r), radius: t.length(radius), color: c)
        case .outline(let r, let radius, let w, let c):
            return .outline(t.rect(r), radius: t.length(radius), width: t.length(w), color: c)
        case .shadow(let r, let radius, let blur, let dy, let o, let contents):
            return .shadow(
                t.rect(r), radius: t.length(radius), blur: t.length(blur), offsetY: t.length(dy), opacity: o,
                contents: contents)
        case .artwork(let r, let radius, let seed, let title, let tint):
            return .artwork(t.rect(r), radius: t.length(radius), seed: seed, title: title, tint: tint)
        case .image(let r, let radius, let picture):
            return .image(t.rect(r), radius: t.length(radius), picture: picture)
        case .parallax(var item):
            // The same picture, moved and scaled: the eye's distance and the depths scale with it.
            item.frame = t.rect(item.frame)
            item.radius = t.length(item.radius)
            item.pose.centre = Point2(t.x(item.pose.centre.x), t.y(item.pose.centre.y))
            item.pose.eye = t.length(item.pose.eye)
            item.maxDepth = t.length(item.maxDepth)
            // Overlays are in the frame's own coordinates (origin at its corner): only scaled.
            if t.scale != 1 { item.overlays = item.overlays.map { $0.transformed(Placement(scale: t.scale)) } }
            return .parallax(item)
        case .text(let s, let x, let y, let size, let bold, let c, let centered, let maxWidth):
            return .text(
                s, x: t.x(x), y: t.y(y), size: t.length(size), bold: bold, color: c, centered: centered,
                maxWidth: maxWidth.map(t.length))
        case .textLine(let line, let x, let y, let anchor, let c):
            return .textLine(t.scale == 1 ? line : line.scaled(t.scale), x: t.x(x), y: t.y(y), anchor: anchor, color: c)
        case .icon(let icon, let r, let c): return .icon(icon, t.rect(r), color: c)
        case .gradient(let r, let c, let top, let bottom, let smooth):
            return .gradient(t.rect(r), color: c, top: top, bottom: bottom, smooth: smooth)
        case .line(let x1, let y1, let x2, let y2, let w, let c):
            return .line(x1: t.x(x1), y1: t.y(y1), x2: t.x(x2), y2: t.y(y2), width: t.length(w), color: c)
        case .clip(let r): return .clip(r.map(t.rect))
        case .alpha: return self
        case .blur(let radius): return .blur(radius: t.length(radius))
        }
    }
}

extension DisplayList {
    /// Every command drawn through `t`; clips outside the list are the caller's.
    public func transformed(_ t: Placement) -> DisplayList {
        t.isIdentity ? self : DisplayList(commands: commands.map { $0.transformed(t) })
    }
}

extension DrawCommand {
    /// The command with a text's or symbol's colour found in `turns` turned to the colour it maps to (an opacity
    /// kept); anything else as it is.
    public func recoloured(_ turns: [Color: Color]) -> DrawCommand {
        func turned(_ c: Color) -> Color {
            guard let to = turns[Color(c.r, c.g, c.b)] else { return c }
            return Color(to.r, to.g, to.b, c.a)
        }
        switch self {
        case .text(let s, let x, let y, let size, let bold, let c, let centered, let maxWidth):
            return .text(
                s, x: x, y: y, size: size, bold: bold, color: turned(c), centered: centered, maxWidth: maxWidth)
        case .textLine(let line, let x, let y, let anchor, let c):
            return .textLine(line, x: x, y: y, anchor: anchor, color: turned(c))
        case .icon(let icon, let r, let c): return .icon(icon, r, color: turned(c))
        default: return self
        }
    }
}

extension TextLine {
    /// The same line drawn `factor` times as large (its runs keep their text, fonts and order).
    func scaled(_ factor: Double) -> TextLine {
        var l = self
        l.size *= factor
        l.width *= factor
        l.runs = runs.map {
            var r = $0
            r.width *= factor
            return r
        }
        return l
    }
}
