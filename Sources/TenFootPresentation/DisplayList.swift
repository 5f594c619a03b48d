import FocusEngine
import Foundation
import TenFootScene
import TenFootSim

/// One value-typed drawing instruction. The simulator builds a list of these; the SDL rasteriser
/// applies them in order and decides nothing.
public enum DrawCommand: Hashable, Sendable, CustomStringConvertible {
    /// Fills the whole canvas.
    case clear(Color)
    /// A filled rounded rectangle.
    case rect(Rect, radius: Double, color: Color)
    /// A rounded rectangle's outline.
    case outline(Rect, radius: Double, width: Double, color: Color)
    /// A soft drop shadow under a rounded rectangle (blur radius and vertical offset in points); with
    /// `contents`, under the picture's opaque part instead (its alpha, as `masksFocusEffectToContents`).
    case shadow(Rect, radius: Double, blur: Double, offsetY: Double, opacity: Double, contents: Picture?)
    /// Generated artwork, deterministic per seed text: a two-colour gradient (from `tint` when given) with the
    /// title lettered, its corners rounded by `radius`.
    case artwork(Rect, radius: Double, seed: String, title: String, tint: Color?)
    /// A picture from a file, fitted or filled into the rect and cut to its rounded corners (`radius`; half the
    /// shorter side is a circle or a capsule).
    case image(Rect, radius: Double, picture: Picture)
    /// A focused artwork item turned in 3D under the finger, in perspective: its layers at their depths, clipped by
    /// its rounded rect, the sheen over it (``ParallaxItem``; the SDL edge fills it with a span rasteriser).
    case parallax(ParallaxItem)
    /// A label with its top-left (or top-centre) at `origin`, fitted to `maxWidth` with an ellipsis: the
    /// rasteriser shapes it (pictures drawn over the scene: overlays, the focus map).
    case text(String, x: Double, y: Double, size: Double, bold: Bool, color: Color, centered: Bool, maxWidth: Double?)
    /// A line of scene text as layout measured it: its runs in visual order, each with its font and direction;
    /// its left edge, centre or right edge (`anchor`) at `x`, and the top of its line box at `y` (the primary
    /// font's ascent above the baseline every run shares). The rasteriser keeps the anchor where it is when
    /// its pixel widths differ a little from the measured ones (hinting at another scale).
    case textLine(TextLine, x: Double, y: Double, anchor: TextAnchor, color: Color)
    /// A symbol from the icon font, drawn in the square `rect` (its caption, if any, lettered in its middle).
    case icon(Icon, Rect, color: Color)
    /// A vertical fade of one colour, `top` opacity at the rect's top edge to `bottom` at its foot (smoothstep
    /// between them when `smooth`), drawn per output pixel row and dithered so that no band shows (the scrim
    /// under the tab bar, the foot of the hero).
    case gradient(Rect, color: Color, top: Double, bottom: Double, smooth: Bool)
    /// Blurs everything drawn so far (a Gaussian of about `radius` points: three box passes), as tvOS blurs the
    /// screen behind an alert or action sheet.
    case blur(radius: Double)
    /// A line segment (debug overlay, arrows).
    case line(x1: Double, y1: Double, x2: Double, y2: Double, width: Double, color: Color)
    /// Restricts drawing to a rectangle until the next clip (nil: the whole canvas).
    case clip(Rect?)
    /// Opacity of the artwork and images drawn after it, until the next `alpha` (1 = opaque): cross-fades.
    case alpha(Double)

    public var description: String {
        switch self {
        case .clear(let c): return "clear \(c)"
        case .rect(let r, let radius, let c): return "rect \(r) r\(fmt(radius)) \(c)"
        case .outline(let r, let radius, let w, let c): return "outline \(r) r\(fmt(radius)) w\(fmt(w)) \(c)"
        case .shadow(let r, let radius, let blur, let dy, let o, let contents):
            return "shadow \(r) r\(fmt(radius)) blur\(fmt(blur)) dy\(fmt(dy)) o\(fmt(o))"
                + (contents.map { " following \($0)" } ?? "")
        case .artwork(let r, let radius, let seed, let title, let tint):
            return "artwork \(r) r\(fmt(radius)) seed=\(seed) title=\(title)" + (tint.map { " tint \($0)" } ?? "")
        case .image(let r, let radius, let picture): return "image \(r) r\(fmt(radius)) \(picture)"
        case .parallax(let item): return item.description
        case .text(let s, let x, let y, let size, let bold, let c, let centered, _):
            return "text \"\(s)\" \(fmt(x)),\(fmt(y)) \(fmt(size))\(bold ? "b" : "") \(c)\(centered ? " centered" : "")"
        case .textLine(let line, let x, let y, let anchor, let c):
            return
                "text \"\(line.text)\" \(fmt(x)),\(fmt(y)) \(fmt(line.size))\(line.bold ? "b" : "") \(c)\(anchor.suffix)"
                + DrawCommand.runs(line)
        case .icon(let icon, let r, let c):
            return "icon \(icon.name) \(r) \(c)" + (icon.glyph != icon.name ? " (\(icon.glyph))" : "")
        case .gradient(let r, let c, let top, let bottom, let smooth):
            return "gradient \(r) \(c) \(fmt(top))→\(fmt(bottom))\(smooth ? " smooth" : "")"
        case .blur(let radius): return "blur r\(fmt(radius))"
        case .line(let x1, let y1, let x2, let y2, let w, let c):
            return "line \(fmt(x1)),\(fmt(y1)) \(fmt(x2)),\(fmt(y2)) w\(fmt(w)) \(c)"
        case .clip(let r): return "clip \(r.map(\.description) ?? "none")"
        case .alpha(let a): return "alpha \(fmt(a))"
        }
    }
}

extension DrawCommand {
    /// A line's runs when there is more to say than "one left-to-right run in the primary font": each as
    /// script, direction, font, width and text, in visual order.
    static func runs(_ line: TextLine) -> String {
        if line.runs.count == 1, let r = line.runs.first, !r.isRightToLeft, r.font == .dejaVuSans,
            line.direction == .leftToRight
        {
            return ""
        }
        let runs = line.runs.map { r in
            "\(r.script) \(r.isRightToLeft ? "rtl" : "ltr") \(r.font.rawValue) \(fmt(r.width)) \"\(r.text)\""
        }
        return " w\(fmt(line.width))" + (line.direction == .rightToLeft ? " rtl" : "") + " ["
            + runs.joined(separator: " | ") + "]"
    }
}

/// A picture file as an `image` command draws it: its path (relative to the scene), how it fills its rect, and
/// the colour behind a fitted picture where it does not reach (nil: nothing).
public struct Picture: Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var mode: ContentMode
    public var background: Color?
    /// A shade baked into the picture where it is prepared (a full-bleed hero's scrim and foot), so steady frames
    /// copy it instead of blending full-width strips over it.
    public var shade: PictureShade?

    public init(path: String, mode: ContentMode = .fill, background: Color? = nil, shade: PictureShade? = nil) {
        self.path = path
        self.mode = mode
        self.background = background
        self.shade = shade
    }

    public var description: String {
        path + (mode == .fit ? " fit" : "") + (background.map { " on \($0)" } ?? "") + (shade.map { " \($0)" } ?? "")
    }
}

/// Black rising smoothly (smoothstep) to `scrim` opacity from `scrimTop` to `footTop`, then held; and from
/// `footTop` to the bottom, `foot` rising to opaque over it. Heights are shares of the picture's height.
public struct PictureShade: Hashable, Sendable, CustomStringConvertible {
    public var scrimTop: Double
    public var footTop: Double
    public var scrim: Double
    public var foot: Color

    public init(scrimTop: Double, footTop: Double, scrim: Double, foot: Color) {
        self.scrimTop = scrimTop
        self.footTop = footTop
        self.scrim = scrim
        self.foot = foot
    }

    /// The scrim's and the foot's opacity at `t`, a share of the height from the top.
    public func opacities(at t: Double) -> (scrim: Double, foot: Double) {
        func smooth(_ x: Double) -> Double {
            let c = max(0, min(1, x))
            return c * c * (3 - 2 * c)
        }
        let s = footTop > scrimTop ? smooth((t - scrimTop) / (footTop - scrimTop)) : (t >= footTop ? 1 : 0)
        let f = footTop < 1 ? smooth((t - footTop) / (1 - footTop)) : 0
        return (scrim * s, f)
    }

    public var description: String { "shaded from \(fmt(scrimTop)) (\(fmt(scrim))), foot \(fmt(footTop)) \(foot)" }
}

/// Which point of a line of text a `textLine` command's `x` is.
public enum TextAnchor: Sendable, Hashable {
    case left, center, right

    var suffix: String {
        switch self {
        case .left: ""
        case .center: " centered"
        case .right: " right"
        }
    }

    /// The line's left edge for a line `width` wide anchored at `x`.
    public func left(_ x: Double, width: Double) -> Double {
        switch self {
        case .left: x
        case .center: x - width / 2
        case .right: x - width
        }
    }
}

/// A frame to draw: commands in a 1920×1080-point logical space.
public struct DisplayList: Hashable, Sendable {
    public var commands: [DrawCommand] = []
    public init(commands: [DrawCommand] = []) { self.commands = commands }
    public mutating func add(_ c: DrawCommand) { commands.append(c) }
    /// The clip in force after the commands so far (nil: the whole canvas).
    public var currentClip: Rect? {
        for c in commands.reversed() { if case .clip(let r) = c { return r } }
        return nil
    }
    /// One command a line: the reviewable text snapshot.
    public var text: String { commands.map(\.description).joined(separator: "\n") }
}
