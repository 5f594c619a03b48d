import FocusEngine
import TenFootScene
import TenFootSim

/// Sheets of each size, alerts and action sheets, and the transitions between screens: a presented layer slides
/// up (an alert grows) as the screen dims, and goes away the same way back; a pushed screen slides in from the
/// trailing side over the one it leaves. All read the simulator's animations (one motion model, `Motion`), so a
/// frame is a function of the tick.
extension SceneRenderer {
    /// How dark the screen gets under a sheet, an alert and an action sheet.
    static let sheetDim = 170.0
    static let alertDim = 150.0
    /// The opacity of the veil of background colour behind an action sheet.
    static let actionSheetVeil = 0.94

    /// The presented layers, bottom first, then those going away, each at its transition's progress.
    func drawPresentations(_ sim: Simulator, _ list: inout DisplayList, shifts: [String: (Double, Double)]) {
        for placed in sim.sheets {
            let appearing = sim.presentation.transitions.last { $0.id == placed.id && $0.appearing }
            let p = appearing.map { $0.motion.progress(at: sim.tick) } ?? 1
            if placed.node.presentation == .push { pushAside(&list, sim, progress: p) }
            drawPresentation(placed, sim, &list, shifts: shifts, progress: p)
        }
        for t in sim.presentation.transitions where !t.appearing && t.motion.isRunning(at: sim.tick) {
            guard let placed = t.placed, !sim.presentation.presented.contains(t.id) else { continue }
            let p = 1 - t.motion.progress(at: sim.tick)
            if placed.node.presentation == .push { pushAside(&list, sim, progress: p) }
            drawPresentation(placed, sim, &list, shifts: shifts, progress: p)
        }
    }

    /// Under a pushed destination coming in (`progress` 0 → 1), what is drawn so far drifts towards the leading
    /// side and darkens, as the screen under a navigation push does.
    func pushAside(_ list: inout DisplayList, _ sim: Simulator, progress p: Double) {
        var moved = DisplayList()
        moved.add(.clear(appearance.background))
        moved.commands += drifted(list, sim, inward: p).commands
        list = moved
    }

    /// How far a push slides: the screen's width, towards the leading side (negative right to left).
    func pushWidth(_ sim: Simulator) -> Double {
        Metrics.screen.width * (sim.scene.layoutDirection.isRightToLeft ? -1 : 1)
    }

    /// What lies under a push `inward` of the way in: drifted a little towards the leading side, and darkened.
    func drifted(_ under: DisplayList, _ sim: Simulator, inward: Double) -> DisplayList {
        var list = DisplayList()
        list.commands += under.transformed(Placement(dx: -Motion.navigationParallax * pushWidth(sim) * inward)).commands
        list.add(.clip(nil))
        list.add(.rect(Metrics.screen, radius: 0, color: Color(0, 0, 0, UInt8((110 * inward).rounded()))))
        list.add(.alpha(1))
        return list
    }

    /// One sheet or alert at `progress` (0: not yet in, 1: in place).
    func drawPresentation(
        _ placed: PlacedNode, _ sim: Simulator, _ list: inout DisplayList, shifts: [String: (Double, Double)],
        progress p: Double
    ) {
        let n = placed.node
        // Rows rest on the panel (or the full-screen cover's background); an action sheet's are on its veil.
        var inner = self
        let full = n.type == .sheet && (n.presentation == .fullScreen || n.presentation == .push)
        inner.rowSurface = full ? appearance.background : appearance.panel
        inner.translucentRows = n.alertStyle == .actionSheet
        inner.drawLayer(placed, sim, &list, shifts: shifts, progress: p)
    }

    func drawLayer(
        _ placed: PlacedNode, _ sim: Simulator, _ list: inout DisplayList, shifts: [String: (Double, Double)],
        progress p: Double
    ) {
        let n = placed.node
        var layer = DisplayList()
        let motion: Placement
        if n.type == .alert {
            let sheet = n.alertStyle == .actionSheet
            // tvOS blurs the screen behind an alert or action sheet, then an alert dims it; an action sheet has
            // no panel of its own: the screen all but disappears behind a veil of the background colour, its
            // texts and buttons on that veil.
            if p > 0.01 { list.add(.blur(radius: SceneRenderer.alertBlur * p)) }
            list.add(
                .rect(
                    Metrics.screen, radius: 0,
                    color: sheet
                        ? appearance.background.withAlpha(SceneRenderer.actionSheetVeil * p)
                        : Color(0, 0, 0, UInt8((SceneRenderer.alertDim * p).rounded()))))
            if !sheet { layer.add(.rect(placed.frame, radius: 28, color: appearance.panel)) }
            drawLabels(placed.labels, shift: (0, 0), sim, &layer)
            var pass = Pass(shifts: shifts)
            for c in placed.children { draw(c, sim, &layer, &pass, shift: (0, 0), clip: nil) }
            drawLifted(pass.lifted, sim, &layer)
            // An alert grows into place about its centre.
            let scale = Motion.alertStartScale + (1 - Motion.alertStartScale) * p
            motion = Placement(scale: scale, about: (placed.frame.midX, placed.frame.midY))
        } else {
            let (panel, _) = LayoutEngine.sheetAreas(n)
            let pushed = n.presentation == .push
            let full = pushed || n.presentation == .fullScreen
            if !full {
                list.add(
                    .rect(
                        Metrics.screen, radius: 0, color: Color(0, 0, 0, UInt8((SceneRenderer.sheetDim * p).rounded())))
                )
            }
            layer.add(.rect(panel, radius: full ? 0 : 24, color: full ? appearance.background : appearance.panel))
            if let t = n.title {
                layer.add(
                    label(
                        t, panel.midX, .center, y: panel.minY + (full ? Metrics.safeArea.top : 16),
                        size: TextStyle.title3.size(at: sim.textSize(of: placed)), bold: true,
                        color: appearance.primaryText,
                        maxWidth: panel.width - 40, sim))
            }
            // Nothing of a sheet's content is drawn outside its panel.
            var pass = Pass(shifts: shifts)
            layer.add(.clip(panel))
            for c in placed.children { draw(c, sim, &layer, &pass, shift: (0, 0), clip: panel) }
            drawLifted(pass.lifted, sim, &layer, clip: panel)
            layer.add(.clip(nil))
            // A sheet slides up from below the screen; a pushed destination in from the trailing side.
            if pushed {
                motion = Placement(dx: (1 - p) * pushWidth(sim))
            } else {
                motion = Placement(dy: (1 - p) * (Metrics.screen.maxY - panel.minY))
            }
        }
        list.commands += layer.transformed(motion).commands
    }

    /// A navigation push or pop: the screen on top slides in from (or out to) the trailing side; the one under
    /// it drifts the other way a little and darkens. The screen left underneath is drawn as it was left.
    func navigation(_ t: ScreenTransition, _ sim: Simulator) -> DisplayList {
        let p = t.motion.progress(at: sim.tick)
        let current = screenList(sim)
        let other = screenList(t.otherScreen)
        // How far the top screen is in: a push brings the current one in, a pop takes the other one out.
        let (under, over, inward) = t.kind == .push ? (other, current, p) : (current, other, 1 - p)
        var list = drifted(under, sim, inward: inward)
        list.commands += over.transformed(Placement(dx: (1 - inward) * pushWidth(sim))).commands
        list.add(.clip(nil))
        return list
    }
}
