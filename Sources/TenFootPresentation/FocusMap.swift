import FocusEngine
import Foundation
import TenFootScene
import TenFootSim

/// A picture of a screen's focus graph: every item's frame, and an arrow for each swipe that moves
/// focus (one-way moves in orange, items no swipe reaches in red); sections and guides outlined.
/// Built as display-list commands, so the same map becomes an SVG (no SDL) or a PNG (offscreen).
public enum FocusMap {
    package static let itemFill = Color(52, 58, 74)
    static let unreachableFill = Color(150, 40, 48)
    static let twoWay = Color(150, 160, 180)
    static let oneWay = Color(255, 160, 40)
    static let sectionColor = Color(80, 150, 255)
    static let guideColor = Color(190, 110, 255)
    /// How far apart the two arrows of a two-way pair run, in points.
    package static let laneOffset = 7.0

    /// The largest area a map of the whole content covers, in points from its top-left corner: 7,680 ×
    /// 4,320 (four screens by four), drawn at one pixel a point; what lies beyond is left out and counted
    /// in the map's caption. (A 10,000-poster catalogue is about 900,000 pt tall: no picture shows it
    /// readably; `tenfoot audit` checks all of it.)
    public static let maxExtent = (width: 7680.0, height: 4320.0)

    /// The part of the page a map shows: the screen and every item, section and guide of the front
    /// layer as laid out (shelves' items past the screen's edge, a page's content below it), with a
    /// margin, cut to ``maxExtent``; and how many items lie outside it.
    public static func extent(_ sim: Simulator) -> (area: Rect, omitted: Int) {
        let tree = sim.system.tree
        var area = Rect(0, 0, Letterbox.screen.width, Letterbox.screen.height)
        if let root = tree.activeLayerRoot {
            for n in tree.descendants(root) where tree.isFocusable(n) || tree.isSection(n) || tree.roles[n] == .guide {
                let f = tree.frames[n]
                if !f.isEmpty, f.width < 1e6, f.height < 1e6 { area = area.union(f) }
            }
        }
        let margin = 40.0
        area = Rect(area.minX - margin, area.minY - margin, area.width + 2 * margin, area.height + 2 * margin)
        let cut = Rect(area.minX, area.minY, min(area.width, maxExtent.width), min(area.height, maxExtent.height))
        let omitted = tree.focusableItems.filter { !cut.contains(tree.frames[$0]) }.count
        return (cut, omitted)
    }

    /// The map of the screen only (the part the viewer sees at the start).
    public static func commands(_ sim: Simulator) -> [DrawCommand] { commands(sim, area: nil) }

    /// The map; with `area`, only what lies in it (items outside are left out, with their arrows), and a
    /// caption saying how many were.
    public static func commands(_ sim: Simulator, area: Rect?, omitted: Int = 0) -> [DrawCommand] {
        let tree = sim.system.tree
        let audit = sim.system.auditOnEveryCore(initial: sim.focused)
        var out: [DrawCommand] = [.clear(Color(18, 20, 26))]
        if let area {
            out.append(.rect(area, radius: 0, color: Color(18, 20, 26)))
            // The screen as it first shows, so the picture says what is on screen and what scrolls in.
            out.append(
                .outline(
                    Rect(0, 0, Letterbox.screen.width, Letterbox.screen.height), radius: 0, width: 3,
                    color: Color(90, 96, 110)))
            out.append(
                .text(
                    "screen", x: 8, y: 1080 - 30, size: 20, bold: false, color: Color(120, 126, 140), centered: false,
                    maxWidth: nil))
            if omitted > 0 {
                out.append(
                    .text(
                        "\(omitted) items beyond \(Int(maxExtent.width)) × \(Int(maxExtent.height)) pt are not drawn (tenfoot audit checks them all)",
                        x: area.minX + 8, y: area.minY + 8, size: 22, bold: true, color: oneWay, centered: false,
                        maxWidth: nil))
            }
        }
        func shown(_ f: Rect) -> Bool { area.map { $0.contains(f) } ?? true }
        guard let root = tree.activeLayerRoot else { return out }
        let unreachable = Set(audit.unreachable)
        for n in tree.descendants(root) {
            let f = tree.frames[n]
            guard shown(f) || area == nil || tree.isSection(n) else { continue }
            if tree.isSection(n) {
                out.append(.outline(f, radius: 0, width: 2, color: sectionColor))
                out.append(
                    .text(
                        "section " + tree.ids[n], x: f.minX + 4, y: f.minY + 2, size: 18, bold: false,
                        color: sectionColor, centered: false, maxWidth: f.width))
            } else if tree.roles[n] == .guide {
                out.append(.outline(f, radius: 0, width: 2, color: guideColor))
                out.append(
                    .text(
                        "guide " + tree.ids[n] + " → " + tree.attributes(n).preferred.joined(separator: ", "),
                        x: f.minX + 4, y: f.minY + 2, size: 18, bold: false, color: guideColor, centered: false,
                        maxWidth: f.width))
            }
        }
        for n in tree.focusableItems {
            let f = tree.frames[n]
            guard shown(f) else { continue }
            out.append(.rect(f, radius: 6, color: unreachable.contains(tree.ids[n]) ? unreachableFill : itemFill))
            out.append(
                .text(
                    tree.ids[n], x: f.midX, y: f.midY - 12, size: 20, bold: true, color: Color(235, 235, 240),
                    centered: true, maxWidth: f.width - 4))
        }
        let oneWay = Set(audit.oneWay.map(\.move))
        for e in audit.edges {
            guard let a = tree.node(e.from), let b = tree.node(e.to) else { continue }
            let fa = tree.frames[a]
            let fb = tree.frames[b]
            guard shown(fa), shown(fb) else { continue }
            let lane = e.direction == .right || e.direction == .down ? -laneOffset : laneOffset
            let color = oneWay.contains(e.move) ? Self.oneWay : Self.twoWay
            out += arrow(from: fa, to: fb, e.direction, lane: lane, color)
        }
        if !audit.cutShort.isEmpty {
            let corner = area.map { ($0.minX + 8, $0.minY + 40) } ?? (8, 8)
            out.append(
                .text(
                    Self.cutShortCaption(audit.cutShort.count), x: corner.0, y: corner.1, size: 22, bold: true,
                    color: Self.oneWay, centered: false, maxWidth: Letterbox.screen.width - 16))
        }
        return out
    }

    /// What the map says when swipes from `count` items stopped at their share of the graph's work.
    public static func cutShortCaption(_ count: Int) -> String {
        "swipes from \(count) piled items stopped at their share of the work: arrows may not be tvOS's (audit: swipes-cut-short)"
    }

    /// Moves a point from a frame's centre out to its edge along the line toward `target`.
    package static func clip(from p: (Double, Double), toward q: (Double, Double), _ f: Rect) -> (Double, Double) {
        let dx = q.0 - p.0
        let dy = q.1 - p.1
        var t = 1.0
        if dx != 0 { t = min(t, abs((dx > 0 ? f.maxX - p.0 : p.0 - f.minX) / dx)) }
        if dy != 0 { t = min(t, abs((dy > 0 ? f.maxY - p.1 : p.1 - f.minY) / dy)) }
        return (p.0 + dx * t, p.1 + dy * t)
    }

    /// An arrow for a move from frame `a` to frame `b`: moved `lane` across the direction (so the two ways of a
    /// pair, or several policies, stay apart), from edge to edge rather than centre to centre.
    package static func arrow(from a: Rect, to b: Rect, _ direction: Direction, lane: Double, _ c: Color)
        -> [DrawCommand]
    {
        var (x1, y1) = (a.midX, a.midY)
        var (x2, y2) = (b.midX, b.midY)
        if direction.isHorizontal {
            y1 += lane
            y2 += lane
        } else {
            x1 += lane
            x2 += lane
        }
        (x1, y1) = clip(from: (x1, y1), toward: (x2, y2), a)
        (x2, y2) = clip(from: (x2, y2), toward: (x1, y1), b)
        return arrow(x1, y1, x2, y2, c)
    }

    package static func arrow(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ c: Color) -> [DrawCommand] {
        let len = ((x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1)).squareRoot()
        guard len > 1 else { return [] }
        let ux = (x2 - x1) / len
        let uy = (y2 - y1) / len
        let head = min(14, len / 3)
        return [
            .line(x1: x1, y1: y1, x2: x2, y2: y2, width: 2, color: c),
            .line(
                x1: x2, y1: y2, x2: x2 - head * (ux * 0.87 - uy * 0.5), y2: y2 - head * (uy * 0.87 + ux * 0.5),
                width: 2, color: c),
            .line(
                x1: x2, y1: y2, x2: x2 - head * (ux * 0.87 + uy * 0.5), y2: y2 - head * (uy * 0.87 - ux * 0.5),
                width: 2, color: c),
        ]
    }
}

/// Writes display-list commands as an SVG document (by default the screen's 1920×1080 viewBox; a map of
/// the whole content passes its own), for pictures that need no SDL.
public enum SVGWriter {
    /// The font family a run names, as the font's own name table calls it.
    static func family(_ f: FontFamily) -> String {
        switch f {
        case .dejaVuSans: "DejaVu Sans"
        case .notoSansArabicUI: "Noto Sans Arabic UI"
        case .notoSansHebrew: "Noto Sans Hebrew"
        case .notoSansDevanagariUI: "Noto Sans Devanagari UI"
        case .notoSansThaiUI: "Noto Sans Thai UI"
        case .droidSansFallback: "Droid Sans Fallback"
        case .notoColorEmoji: "Noto Color Emoji"
        }
    }

    public static func svg(
        _ commands: [DrawCommand], width: Int = 1920, height: Int = 1080, viewBox: Rect = Rect(0, 0, 1920, 1080)
    ) -> String {
        func c(_ color: Color) -> String {
            "rgb(\(color.r),\(color.g),\(color.b))"
                + (color.a < 255 ? "\" fill-opacity=\"\(fmt(Double(color.a) / 255))" : "")
        }
        func stroke(_ color: Color) -> String { "rgb(\(color.r),\(color.g),\(color.b))" }
        func esc(_ s: String) -> String { XMLText.escaped(s) }
        let box = "\(fmt(viewBox.minX)) \(fmt(viewBox.minY)) \(fmt(viewBox.width)) \(fmt(viewBox.height))"
        var out = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(box)\" width=\"\(width)\" height=\"\(height)\" font-family=\"DejaVu Sans, sans-serif\">"
        ]
        for cmd in commands {
            switch cmd {
            case .clear(let color):
                out.append(
                    "<rect x=\"\(fmt(viewBox.minX))\" y=\"\(fmt(viewBox.minY))\" width=\"\(fmt(viewBox.width))\" height=\"\(fmt(viewBox.height))\" fill=\"\(c(color))\"/>"
                )
            case .rect(let r, let radius, let color):
                out.append(
                    "<rect x=\"\(fmt(r.minX))\" y=\"\(fmt(r.minY))\" width=\"\(fmt(r.width))\" height=\"\(fmt(r.height))\" rx=\"\(fmt(radius))\" fill=\"\(c(color))\"/>"
                )
            case .outline(let r, let radius, let w, let color):
                out.append(
                    "<rect x=\"\(fmt(r.minX))\" y=\"\(fmt(r.minY))\" width=\"\(fmt(r.width))\" height=\"\(fmt(r.height))\" rx=\"\(fmt(radius))\" fill=\"none\" stroke=\"\(stroke(color))\" stroke-width=\"\(fmt(w))\" stroke-dasharray=\"8 4\"/>"
                )
            case .line(let x1, let y1, let x2, let y2, let w, let color):
                out.append(
                    "<line x1=\"\(fmt(x1))\" y1=\"\(fmt(y1))\" x2=\"\(fmt(x2))\" y2=\"\(fmt(y2))\" stroke=\"\(stroke(color))\" stroke-width=\"\(fmt(w))\"/>"
                )
            case .text(let s, let x, let y, let size, let bold, let color, let centered, _):
                out.append(
                    "<text x=\"\(fmt(x))\" y=\"\(fmt(y + size))\" font-size=\"\(fmt(size))\"\(bold ? " font-weight=\"bold\"" : "")\(centered ? " text-anchor=\"middle\"" : "") fill=\"\(stroke(color))\">\(esc(s))</text>"
                )
            case .textLine(let line, let x, let y, let anchor, let color):
                // One element a run, where layout put it; a right-to-left run anchored at its right edge, so the
                // viewer orders its characters (shaping them with whatever font it has for the family named).
                var left = anchor.left(x, width: line.width)
                for run in line.runs {
                    let anchor =
                        run.isRightToLeft ? " direction=\"rtl\" x=\"\(fmt(left + run.width))\"" : " x=\"\(fmt(left))\""
                    out.append(
                        "<text\(anchor) y=\"\(fmt(y + line.size))\" font-size=\"\(fmt(line.size))\"\(line.bold ? " font-weight=\"bold\"" : "") font-family=\"\(SVGWriter.family(run.font)), sans-serif\" fill=\"\(stroke(color))\">\(esc(run.text))</text>"
                    )
                    left += run.width
                }
            case .icon(let icon, let r, let color):
                // The symbol's code point in the Phosphor font, named for viewers without it.
                out.append(
                    "<text x=\"\(fmt(r.midX))\" y=\"\(fmt(r.maxY))\" font-size=\"\(fmt(r.height))\" text-anchor=\"middle\" font-family=\"Phosphor\" fill=\"\(stroke(color))\"><title>\(esc(icon.name))</title>&#x\(String(icon.codePoint, radix: 16, uppercase: true));</text>"
                )
            default:
                break
            }
        }
        out.append("</svg>")
        return out.joined(separator: "\n") + "\n"
    }
}

extension DrawCommand {
    /// The command with its points mapped by `x ↦ x·scale + dx`, `y ↦ y·scale + dy` and its sizes (text,
    /// line widths, radii) scaled: how a map of an area larger than the screen is drawn through the
    /// screen-sized display list. Only the kinds maps use are mapped; others are returned as they are.
    func mapped(scale k: Double, dx: Double, dy: Double) -> DrawCommand {
        func r(_ f: Rect) -> Rect { Rect(f.minX * k + dx, f.minY * k + dy, f.width * k, f.height * k) }
        switch self {
        case .rect(let f, let radius, let color): return .rect(r(f), radius: radius * k, color: color)
        case .outline(let f, let radius, let width, let color):
            return .outline(r(f), radius: radius * k, width: width * k, color: color)
        case .line(let x1, let y1, let x2, let y2, let width, let color):
            return .line(
                x1: x1 * k + dx, y1: y1 * k + dy, x2: x2 * k + dx, y2: y2 * k + dy, width: width * k, color: color)
        case .text(let s, let x, let y, let size, let bold, let color, let centered, let maxWidth):
            return .text(
                s, x: x * k + dx, y: y * k + dy, size: size * k, bold: bold, color: color, centered: centered,
                maxWidth: maxWidth.map { $0 * k })
        default: return self
        }
    }
}

extension FocusMap {
    /// The map's commands for an output of `width` × `height` pixels showing `area` (scaled to fit,
    /// centred): mapped into the screen's coordinates as the letterbox of that output places them, so
    /// the rasteriser draws `area` at `min(width / area.width, height / area.height)` pixels a point.
    public static func fitted(_ commands: [DrawCommand], area: Rect, width: Double, height: Double) -> [DrawCommand] {
        let q = min(width / area.width, height / area.height)
        let padX = (width - area.width * q) / 2
        let padY = (height - area.height * q) / 2
        let box = Letterbox(outputWidth: width, outputHeight: height)
        // pixel = (p − area.origin)·q + pad = box.origin + logical·box.scale.
        let k = q / box.scale
        let dx = (padX - area.minX * q - box.originX) / box.scale
        let dy = (padY - area.minY * q - box.originY) / box.scale
        return commands.map { $0.mapped(scale: k, dx: dx, dy: dy) }
    }
}

extension FocusMap {
    /// `map.png` → `map-tab-movies.png`: a page's file beside the first.
    public static func pagePath(_ path: String, page: String) -> String {
        guard !page.isEmpty else { return path }
        let safe = String(page.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return path + "-" + safe }
        return String(path[..<dot]) + "-" + safe + String(path[dot...])
    }
}
