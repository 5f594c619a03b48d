import FocusEngine
import TenFootScene

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

    /// `fps`: measured by the window (nil in headless renders); `note`: an extra panel line, such as
    /// the focusability report of the item under the pointer.
    public static func commands(_ sim: Simulator, fps: Double? = nil, note: String? = nil) -> [DrawCommand] {
        var out: [DrawCommand] = []
        let tree = sim.system.tree
        let s = Metrics.safeArea
        out.append(.outline(Rect(s.leading, s.top, 1920 - s.leading - s.trailing, 1080 - s.top - s.bottom), radius: 0, width: 1, color: safeAreaColor))
        if let root = tree.activeLayerRoot {
            for n in tree.descendants(root) {
                let f = tree.frames[n]
                if tree.isSection(n) {
                    out.append(.outline(f, radius: 0, width: 2, color: sectionColor))
                    out.append(.text("section \(tree.ids[n])", x: f.minX + 4, y: f.minY + 2, size: 18, bold: false, color: sectionColor, centered: false, maxWidth: nil))
                } else if tree.roles[n] == .guide {
                    let a = tree.attributes(n)
                    let color = a.guideEnabled && !a.preferred.isEmpty ? guideColor : guideColor.withAlpha(0.4)
                    out.append(.outline(f, radius: 0, width: 2, color: color))
                    out.append(.text("guide \(tree.ids[n]) → \(a.preferred.joined(separator: ", "))", x: f.minX + 4, y: f.minY + 2, size: 18, bold: false, color: color, centered: false, maxWidth: nil))
                }
            }
        }
        // The last move: its search region (clipped to the screen), candidates and route.
        if let e = sim.lastExplanation {
            if let region = e.region?.intersection(Metrics.screen) {
                out.append(.rect(region, radius: 0, color: pathColor.withAlpha(0.08)))
                out.append(.outline(region, radius: 0, width: 2, color: pathColor))
            }
            for c in e.considered where c.verdict == "winner" || c.verdict == Rejection.fartherThanWinner.rawValue || c.gap != nil {
                let color = c.verdict == "winner" ? focusColor : candidateColor
                out.append(.outline(c.frame, radius: 0, width: 2, color: color))
                let score = c.gap.map { "gap \(fmt($0)) · off \(fmt(c.offset ?? 0))" } ?? c.score.map { "score \(fmt($0))" } ?? ""
                out.append(.text("\(c.id) \(score) \(c.verdict)", x: c.frame.minX + 4, y: c.frame.maxY - 24, size: 18, bold: false, color: color, centered: false, maxWidth: max(c.frame.width, 240)))
            }
        }
        if let id = sim.focused, let n = tree.node(id) {
            out.append(.outline(tree.frames[n], radius: 0, width: 3, color: focusColor))
        }
        // The panel.
        var lines = ["focused: \(sim.focused ?? "nothing")"]
        if let u = sim.lastUpdate { lines.append("last: \(u)") }
        if let e = sim.lastExplanation { lines.append("route: \(e.outcome)") }
        let values = sim.system.focusedValues.merging(sim.system.state.sceneValues.mapValues { $0 }) { a, _ in a }
        if !values.isEmpty { lines.append("values: " + values.keys.sorted().map { "\($0)=\(values[$0]!)" }.joined(separator: ", ")) }
        lines.append("policy \(sim.policy.rawValue) · tick \(sim.tick)" + (fps.map { " · \(Int($0.rounded())) fps" } ?? ""))
        if let note { lines += note.split(separator: "\n").map(String.init) }
        let h = Double(lines.count) * 30 + 24
        // Bottom corner away from the focused item, so the panel never hides it.
        let focusedRight = sim.focused.flatMap { tree.node($0) }.map { tree.frames[$0].midX > 960 } ?? true
        let panel = Rect(focusedRight ? 80 : 1920 - 80 - 760, 1080 - 60 - h, 760, h)
        out.append(.rect(panel, radius: 14, color: Color(0, 0, 0, 200)))
        for (k, line) in lines.enumerated() {
            out.append(.text(line, x: panel.minX + 16, y: panel.minY + 12 + Double(k) * 30, size: 21, bold: k == 0, color: k == 0 ? focusColor : Color(225, 225, 230), centered: false, maxWidth: panel.width - 32))
        }
        return out
    }
}
