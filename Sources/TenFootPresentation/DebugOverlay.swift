import FocusEngine
import TenFootScene
import TenFootSim

/// The F2 debug overlay, modelled on Apple's Quick Look of a focus update: the focused item outlined,
/// the last move's search path, the candidates found in it with their distances, focus sections and
/// guides outlined (guides are otherwise invisible), the route taken, the safe area, and a panel with
/// the focused id, the last update, the published focused values and the frame rate.
public enum DebugOverlay {
    static let focusColor = Color(80, 255, 140)
    static let pathColor = Color(255, 70, 70)
    static let candidateColor = Color(200, 110, 255)
    static let sectionColor = Color(80, 150, 255)
    static let guideColor = Color(80, 200, 255)
    static let safeAreaColor = Color(255, 255, 255, 70)

    static let labelSize = 18.0
    static let labelHeight = 24.0
    static let labelBackground = Color(0, 0, 0, 170)
    static let panelWidth = 760.0
    static let panelTextSize = 21.0
    static let panelLineHeight = 30.0
    /// The panel never grows past this many lines (a long report ends with "…").
    static let panelMaxLines = 18

    /// A label to place near a frame: at its top or bottom edge, inside.
    struct Label {
        var text: String
        var frame: Rect
        var atBottom: Bool
        var color: Color
    }

    /// `fps`: measured by the window (nil in headless renders); `note`: extra panel lines, such as
    /// the focusability report of the item under the pointer (wrapped to the panel's width).
    public static func commands(_ sim: Simulator, fps: Double? = nil, note: String? = nil) -> [DrawCommand] {
        var out: [DrawCommand] = []
        var labels: [Label] = []
        let tree = sim.system.tree
        let measurer = sim.measurer
        let s = Metrics.safeArea
        out.append(
            .outline(
                Rect(s.leading, s.top, 1920 - s.leading - s.trailing, 1080 - s.top - s.bottom), radius: 0, width: 1,
                color: safeAreaColor))
        if let root = tree.activeLayerRoot {
            for n in tree.descendants(root) {
                let f = tree.frames[n]
                if tree.isSection(n) {
                    out.append(.outline(f, radius: 0, width: 2, color: sectionColor))
                    labels.append(Label(text: "section \(tree.ids[n])", frame: f, atBottom: false, color: sectionColor))
                } else if tree.roles[n] == .guide {
                    let a = tree.attributes(n)
                    let color = a.guideEnabled && !a.preferred.isEmpty ? guideColor : guideColor.withAlpha(0.4)
                    out.append(.outline(f, radius: 0, width: 2, color: color))
                    labels.append(
                        Label(
                            text: "guide \(tree.ids[n]) → \(a.preferred.joined(separator: ", "))", frame: f,
                            atBottom: false, color: color))
                }
            }
        }
        // The last move: its search region (clipped to the screen), candidates and route.
        if let e = sim.navigation.lastExplanation {
            if let region = e.region?.intersection(Metrics.screen) {
                out.append(.rect(region, radius: 0, color: pathColor.withAlpha(0.08)))
                out.append(.outline(region, radius: 0, width: 2, color: pathColor))
            }
            for c in e.considered
            where c.verdict == "winner" || c.verdict == Rejection.fartherThanWinner.rawValue || c.gap != nil {
                let color = c.verdict == "winner" ? focusColor : candidateColor
                out.append(.outline(c.frame, radius: 0, width: 2, color: color))
                let score =
                    c.gap.map { "gap \(fmt($0)) · off \(fmt(c.offset ?? 0))" } ?? c.score.map { "score \(fmt($0))" }
                    ?? ""
                labels.append(
                    Label(text: "\(c.id) \(score) \(c.verdict)", frame: c.frame, atBottom: true, color: color))
            }
        }
        if let id = sim.focused, let n = tree.node(id) {
            out.append(.outline(tree.frames[n], radius: 0, width: 3, color: focusColor))
        }
        out += place(labels, measurer: measurer)
        // The panel.
        var lines = ["focused: \(sim.focused ?? "nothing")"]
        if let u = sim.navigation.lastUpdate { lines.append("last: \(u)") }
        if let e = sim.navigation.lastExplanation { lines.append("route: \(e.outcome)") }
        let values = sim.system.focusedValues.merging(sim.system.state.sceneValues.mapValues { $0 }) { a, _ in a }
        if !values.isEmpty {
            lines.append("values: " + values.keys.sorted().map { "\($0)=\(values[$0]!)" }.joined(separator: ", "))
        }
        lines.append(
            "policy \(sim.policy.rawValue) · tick \(sim.tick)" + (fps.map { " · \(Int($0.rounded())) fps" } ?? ""))
        if let note { lines.append(note) }
        var wrapped: [(text: String, first: Bool)] = []
        for (k, line) in lines.enumerated() {
            wrapped += TextWrap.lines(
                line, width: panelWidth - 32, size: panelTextSize, bold: k == 0, measurer: measurer
            ).map { ($0, k == 0) }
        }
        if wrapped.count > panelMaxLines { wrapped = Array(wrapped.prefix(panelMaxLines - 1)) + [("…", false)] }
        let h = Double(wrapped.count) * panelLineHeight + 24
        // Bottom corner away from the focused item, so the panel never hides it; nearly opaque, so a bright
        // item under it does not show through the report.
        let focusedRight = sim.focused.flatMap { tree.node($0) }.map { tree.frames[$0].midX > 960 } ?? true
        let panel = Rect(focusedRight ? 80 : 1920 - 80 - panelWidth, 1080 - 60 - h, panelWidth, h)
        out.append(.rect(panel, radius: 14, color: Color(0, 0, 0, 240)))
        for (k, line) in wrapped.enumerated() {
            out.append(
                .text(
                    line.text, x: panel.minX + 16, y: panel.minY + 12 + Double(k) * panelLineHeight,
                    size: panelTextSize, bold: line.first,
                    color: line.first ? focusColor : Color(225, 225, 230), centered: false, maxWidth: panel.width - 32))
        }
        return out
    }

    /// Labels at their frames' top (or bottom) left corner, each moved along its frame (then past it) until
    /// it overlaps no label placed before it, on a dark backing so it reads over anything; none leaves the screen.
    static func place(_ labels: [Label], measurer: any TextMeasurer) -> [DrawCommand] {
        var placed: [Rect] = []
        var out: [DrawCommand] = []
        for label in labels {
            let width = min(1920, measurer.width(of: label.text, size: labelSize, bold: false) / TextWrap.fill + 8)
            let x = max(0, min(label.frame.minX, 1920 - width))
            let step = label.atBottom ? -labelHeight : labelHeight
            let start = label.atBottom ? label.frame.maxY - labelHeight : label.frame.minY
            var box = Rect(x, start, width, labelHeight)
            // Along the frame first, then beyond it; at most a screen's height of tries.
            for _ in 0..<Int(1080 / labelHeight) where placed.contains(where: { $0.overlaps(box) }) {
                box = Rect(x, box.minY + step, width, labelHeight)
            }
            box = Rect(x, max(0, min(box.minY, 1080 - labelHeight)), width, labelHeight)
            placed.append(box)
            out.append(.rect(box, radius: 4, color: labelBackground))
            out.append(
                .text(
                    label.text, x: box.minX + 4, y: box.minY + (labelHeight - labelSize) / 2, size: labelSize,
                    bold: false,
                    color: label.color, centered: false, maxWidth: width - 8))
        }
        return out
    }
}
