import FocusEngine
import TenFootScene
import TenFootSim

/// Dark or light appearance (tvOS has both).
public enum Appearance: String, Sendable, CaseIterable {
    case dark, light

    var background: Color { self == .dark ? Color(16, 18, 24) : Color(235, 236, 240) }
    var primaryText: Color { self == .dark ? Color(240, 240, 245) : Color(20, 20, 24) }
    var secondaryText: Color { self == .dark ? Color(170, 172, 182) : Color(90, 92, 100) }
    var platter: Color { self == .dark ? Color(255, 255, 255, 38) : Color(0, 0, 0, 26) }
    var focusedPlatter: Color { Color(250, 250, 252) }
    var focusedText: Color { Color(12, 12, 14) }
    /// A focused control's secondary text (a row's value) on the white platter.
    var focusedSecondaryText: Color { Color(90, 92, 100) }
    /// The darkest a lifted item's shadow gets. On a light background a shadow reads at much less: the
    /// light appearance's is a soft grey that never hides what it falls on.
    var artworkShadowOpacity: Double { self == .dark ? 0.5 : 0.22 }
    var controlShadowOpacity: Double { self == .dark ? 0.38 : 0.14 }
    /// A settings row at rest: a faint platter (tvOS Settings), lighter than a button's.
    var rowPlatter: Color { self == .dark ? Color(255, 255, 255, 20) : Color(0, 0, 0, 12) }
    /// A segmented picker's track, and its chosen segment while focus is elsewhere.
    var segmentTrack: Color { self == .dark ? Color(255, 255, 255, 26) : Color(0, 0, 0, 20) }
    var chosenSegment: Color { self == .dark ? Color(255, 255, 255, 70) : Color(255, 255, 255, 230) }
    /// A sheet's panel, a form sheet's and an alert's.
    var panel: Color { self == .dark ? Color(36, 38, 46) : Color(250, 250, 252) }
    /// A resting control's platter over a picture (a hero's actions): the dark appearance's translucent white,
    /// and in the light appearance a light platter that dark text reads on, over a dark picture too.
    var backdropPlatter: Color { self == .dark ? platter : Color(246, 246, 248, 225) }
    /// A card's platter (`.buttonStyle(.card)`) at rest and lifted: opaque, so its shadow stays under it.
    var cardPlatter: Color { self == .dark ? Color(46, 48, 57) : Color(250, 250, 252) }
    var focusedCardPlatter: Color { self == .dark ? Color(66, 68, 79) : Color(255, 255, 255) }
    /// A card's subtitle and footer on its platter: lighter than elsewhere, for 4.5:1 on the lifted platter.
    var cardSecondaryText: Color { self == .dark ? Color(198, 200, 210) : secondaryText }
    /// A monogram's circle without a photo.
    var monogram: Color { self == .dark ? Color(88, 92, 108) : Color(160, 164, 178) }
}

/// Builds the display list of the simulator's current state: the tvOS look (lift, shadow, sheen, the
/// pressed state, parallax tilt, bump, transitions), drawn from layout frames and animation state. No SDL
/// here. Items are drawn in `SceneRenderer+Items`, sheets, alerts and screen transitions in
/// `SceneRenderer+Presentations`.
public struct SceneRenderer: Sendable {
    public var appearance: Appearance
    public init(appearance: Appearance = .dark) { self.appearance = appearance }

    /// The opaque colour settings rows rest on (the screen's background, a sheet's or alert's panel): a resting
    /// row's translucent platter is composited over it here, so the rasteriser fills it without blending (a
    /// form's rows are most of its pixels). nil: the screen's background.
    var rowSurface: Color? = nil
    /// Rows drawn translucent (on an action sheet's veil, which is not opaque).
    var translucentRows = false
    func surfaceForRows() -> Color? { translucentRows ? nil : rowSurface ?? appearance.background }

    /// Corner radius of posters and cards (tvOS uses small continuous corners).
    public static let cornerRadius = 12.0
    /// Corner radius of buttons, fields, pickers and rows.
    public static let controlRadius = 14.0
    /// Shadow of a fully lifted item: blur and drop, in points; it falls farther as the item rises. A
    /// control's is smaller: it rises less, and its neighbours are closer.
    public static let liftedShadowBlur = 36.0
    public static let liftedShadowDrop = 22.0
    public static let controlShadowBlur = 14.0
    public static let controlShadowDrop = 8.0
    /// How much the screen behind an alert or action sheet is blurred (points, about a Gaussian's sigma).
    static let alertBlur = 24.0
    /// The tab bar's scrim: its opacity over the band, then a fade from there to none below it over this
    /// height (points), smooth, so it has no edge of its own.
    static let scrimOpacity = 0.72
    static let scrimFadeHeight = 40.0

    public func displayList(_ sim: Simulator) -> DisplayList {
        if let t = sim.navigation.transition, t.motion.isRunning(at: sim.tick) { return navigation(t, sim) }
        return screenList(sim)
    }

    /// The screen, its tab bar and its presented sheets and alerts.
    func screenList(_ sim: Simulator) -> DisplayList {
        var list = DisplayList()
        list.add(.clear(appearance.background))
        // The layout at the target scroll offsets, shifted while scroll animations run: no relayout per frame.
        let screen = sim.screen
        let shifts = sim.scrollShifts()
        var pass = Pass(shifts: shifts)
        draw(screen, sim, &list, &pass, shift: (0, 0), clip: nil)
        // Items a data action removed, fading out where they were (Simulator+DataMotion), under the lifted ones.
        for ghost in sim.vanishingItems() { drawItem(ghost, sim, progress: 0, &list) }
        // Idle dimming: a veil over what is not lifted.
        let idle = sim.idleLevel
        if idle > 0, let d = sim.idleDimming {
            list.add(.rect(Metrics.screen, radius: 0, color: Color(0, 0, 0).withAlpha(d.veil * idle)))
        }
        drawLifted(pass.lifted, sim, &list)
        // The tab bar is system chrome, drawn above the content and its lifted items.
        for strip in pass.chrome { drawTabBar(strip, sim, &list) }
        drawPresentations(sim, &list, shifts: shifts)
        return list
    }

    /// What one walk of a placed tree collects for later: lifted items (drawn above their neighbours,
    /// with the clip they were in), the tab bars (drawn above everything), and the scroll shifts.
    struct Pass {
        var shifts: [String: (Double, Double)]
        /// With each, a labelled button's content (``drawLabelButton(_:_:progress:content:_:)``).
        var lifted: [(node: PlacedNode, progress: Double, clip: Rect?, content: DisplayList?)] = []
        var chrome: [PlacedNode] = []
    }

    /// Lifted items go on top of their neighbours, least lifted first, each inside its container's
    /// clip; `clip` is the one in force before and after.
    func drawLifted(
        _ lifted: [(node: PlacedNode, progress: Double, clip: Rect?, content: DisplayList?)], _ sim: Simulator,
        _ list: inout DisplayList,
        clip: Rect? = nil
    ) {
        var current = clip
        for item in lifted.sorted(by: { $0.progress < $1.progress }) {
            if item.clip != current {
                list.add(.clip(item.clip))
                current = item.clip
            }
            if let content = item.content {
                drawLabelButton(item.node, sim, progress: item.progress, content: content, &list)
            } else {
                drawItem(item.node, sim, progress: item.progress, &list)
            }
        }
        if current != clip { list.add(.clip(clip)) }
    }

    /// The clip inside a scrolling container: its bounds along its axis, within the clip in force.
    func clip(inside placed: PlacedNode, bounds: Rect, shift: (Double, Double), _ outer: Rect?) -> Rect? {
        let b = bounds.offsetBy(dx: shift.0, dy: shift.1)
        let axis: ScrollAxes = placed.type == .shelf ? .horizontal : .vertical
        let inner = (outer ?? Metrics.screen).clipped(to: b, along: axis)
        // Bounds that reach the screen's edges clip nothing the screen does not.
        return inner == (outer ?? Metrics.screen) ? outer : inner
    }

    func draw(
        _ placed: PlacedNode, _ sim: Simulator, _ list: inout DisplayList, _ pass: inout Pass,
        shift: (Double, Double), clip: Rect?
    ) {
        // A neighbour sliding to its new place after a data change carries its subtree along.
        var shift = shift
        if let s = sim.dataSlide(placed.id) { shift = (shift.0 + s.0, shift.1 + s.1) }
        // Cull what lies entirely off screen (captions included); stacks and grids hold their children
        // inside their box, so a whole off-screen container is skipped at once. (Checked before the
        // node is touched: catalogues have thousands of off-screen items.)
        let box = placed.box.offsetBy(dx: shift.0, dy: shift.1)
        if !box.overlaps(Metrics.screen) {
            if placed.children.isEmpty { return }
            let t = placed.type
            if t != .shelf && t != .scroll && t != .tabBar && t != .canvas { return }
        }
        if placed.isHidden { return }
        let n = placed.node
        var p = placed
        if shift != (0, 0) {
            p.frame = p.frame.offsetBy(dx: shift.0, dy: shift.1)
            p.box = box
        }
        var inner = shift
        if let s = pass.shifts[n.id] { inner = (inner.0 + s.0, inner.1 + s.1) }
        // An opaque node is drawn above what comes before it, lifted items included (the focus engine
        // treats what it covers as hidden): those go down first.
        if n.opaque, !pass.lifted.isEmpty {
            drawLifted(pass.lifted, sim, &list, clip: clip)
            pass.lifted = []
        }
        // A container that is a button's label: its content drawn on the button, lifted with it.
        if n.buttonStyle != nil {
            var content = DisplayList()
            var inside = Pass(shifts: pass.shifts)
            for child in placed.children { draw(child, sim, &content, &inside, shift: inner, clip: clip) }
            drawLifted(inside.lifted, sim, &content, clip: clip)
            pass.chrome += inside.chrome
            let progress = sim.focusProgress(n.id)
            if progress > 0.001 || sim.pressDepth(n.id) > 0 {
                pass.lifted.append((p, progress, clip, content))
            } else {
                drawLabelButton(p, sim, progress: 0, content: content, &list)
            }
            return
        }
        // A shelf's header accessory keeps its place while the row scrolls.
        var pinned: String?
        switch n.type {
        case .text:
            drawText(p, sim, &list)
        case .hstack where n.isTabStrip:
            pass.chrome.append(p)
            return
        case .shelf:
            pinned = n.accessory?.id
            if let t = n.title {
                let rtl = sim.scene.layoutDirection.isRightToLeft
                let room = p.frame.width - (placed.children.last.map { $0.id == pinned ? $0.frame.width + 40 : 0 } ?? 0)
                list.add(
                    label(
                        t, rtl ? p.frame.maxX : p.frame.minX, rtl ? .right : .left, y: p.frame.minY,
                        size: n.font(.headline, at: sim.textSize(of: p)).size, bold: true,
                        color: appearance.secondaryText,
                        maxWidth: room, sim)
                )
            }
        case .section:
            drawLabels(p.labels, shift: shift, sim, &list)
        case .picker where (n.pickerStyle ?? .automatic).isSegmented:
            // The track; the segments are items of their own.
            list.add(
                .rect(
                    p.frame, radius: p.frame.height / 2, color: appearance.segmentTrack.withAlpha(n.disabled ? 0.4 : 1))
            )
        case .poster, .card, .button, .image, .textField, .picker, .hero, .monogram, .captionButton, .row, .toggle:
            let progress = sim.focusProgress(n.id)
            if progress > 0.001 || sim.pressDepth(n.id) > 0 {
                pass.lifted.append((p, progress, clip, nil))
            } else {
                drawItem(p, sim, progress: 0, &list)
            }
        default:
            break
        }
        // By index: a for-in loop would copy every child (and its node) before culling it. Children that
        // run top to bottom are searched for the visible band instead of visited one by one.
        var range = placed.children.indices
        if let tallest = placed.verticalRun, placed.children.count > 64 {
            let top = Metrics.screen.minY - tallest - inner.1
            let bottom = Metrics.screen.maxY - inner.1
            let kids = placed.children
            func firstIndex(where minYAbove: Double) -> Int {
                var lo = 0
                var hi = kids.count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if kids[mid].box.minY < minYAbove { lo = mid + 1 } else { hi = mid }
                }
                return lo
            }
            range = firstIndex(where: top)..<firstIndex(where: bottom + 0.001)
        }
        // A scrolling container shows its content only inside its bounds, along its axis.
        var innerClip = clip
        if let bounds = placed.clipBounds { innerClip = self.clip(inside: placed, bounds: bounds, shift: shift, clip) }
        if innerClip != clip { list.add(.clip(innerClip)) }
        for k in range {
            if n.numbered, placed.children[k].id != pinned {
                drawNumeral(k + 1, beside: placed.children[k], inner, sim, &list)
            }
            draw(
                placed.children[k], sim, &list, &pass, shift: pinned == placed.children[k].id ? shift : inner,
                clip: innerClip)
        }
        if innerClip != clip { list.add(.clip(clip)) }
    }

    /// A ranked shelf's numeral (the TV app's Top Charts): large and bold before its item, its foot on the item's,
    /// scrolling with it (after it on the right in a right-to-left layout).
    func drawNumeral(
        _ rank: Int, beside item: PlacedNode, _ shift: (Double, Double), _ sim: Simulator, _ list: inout DisplayList
    ) {
        let f = item.frame.offsetBy(dx: shift.0, dy: shift.1)
        let size = LayoutEngine.numeralSize(f.height)
        guard f.maxX + size * 2 > Metrics.screen.minX, f.minX - size * 2 < Metrics.screen.maxX else { return }
        let rtl = sim.scene.layoutDirection.isRightToLeft
        let x = rtl ? f.maxX + LayoutEngine.numeralGap : f.minX - LayoutEngine.numeralGap
        list.add(
            label(
                String(rank), x, rtl ? .left : .right, y: f.maxY - size * 0.95, size: size, bold: true,
                color: appearance.secondaryText.withAlpha(0.9), maxWidth: nil, sim))
    }

    /// The tab bar: a translucent capsule behind the tabs; the selected tab on a platter (white when
    /// focused). It slides up out of view while focus is in the content.
    func drawTabBar(_ strip: PlacedNode, _ sim: Simulator, _ list: inout DisplayList) {
        guard let first = strip.children.first, let last = strip.children.last else { return }
        let shown = sim.tabBarShown()
        guard shown > 0.01 else { return }
        let barHeight = strip.frame.height
        let dy = -(Metrics.tabBarTop + barHeight + 20) * (1 - shown)
        // A translucent scrim over the band the shown bar covers (content under it cannot take focus),
        // fading out below the bar.
        let band = Rect(0, 0, Metrics.tabBarBand.width, max(Metrics.tabBarBand.maxY, strip.frame.maxY)).offsetBy(
            dx: 0, dy: dy)
        list.add(.rect(band, radius: 0, color: appearance.background.withAlpha(SceneRenderer.scrimOpacity * shown)))
        list.add(
            .gradient(
                Rect(band.minX, band.maxY, band.width, SceneRenderer.scrimFadeHeight), color: appearance.background,
                top: SceneRenderer.scrimOpacity * shown, bottom: 0, smooth: true))
        let pill = Rect(
            first.frame.minX - 16, Metrics.tabBarTop + dy, last.frame.maxX - first.frame.minX + 32, barHeight)
        list.add(
            .rect(
                pill, radius: barHeight / 2,
                color: appearance == .dark ? Color(60, 62, 72, 200) : Color(255, 255, 255, 210)))
        let selectedTab = strip.children.first { tab in sim.navigation.selectedTabs.values.contains(tab.id) }?.id
        for tab in strip.children {
            let f = tab.frame.offsetBy(dx: 0, dy: dy).insetBy(dx: 4, dy: 6)
            let focusedNow = sim.focusProgress(tab.id)
            let selected = tab.id == selectedTab
            if focusedNow > 0.01 {
                list.add(
                    .shadow(
                        f, radius: f.height / 2, blur: 16 * focusedNow, offsetY: 6 * focusedNow,
                        opacity: 0.4 * focusedNow, contents: nil))
                list.add(.rect(f, radius: f.height / 2, color: appearance.focusedPlatter.withAlpha(focusedNow)))
            } else if selected {
                list.add(.rect(f, radius: f.height / 2, color: appearance.platter))
            }
            let color =
                focusedNow > 0.5
                ? appearance.focusedText : (selected ? appearance.primaryText : appearance.secondaryText)
            drawLabel(
                tab.node.title ?? tab.id, icon: tab.node.icon.flatMap(Icons.drawable), in: f,
                size: TextStyle.callout.size(at: sim.textSize(of: strip)), iconSize: TabBarMetrics.iconSize,
                gap: TabBarMetrics.iconGap,
                bold: selected || focusedNow > 0.5, color: color, sim, &list)
        }
    }

    /// One line of `text` shaped by the simulator's measurer in the scene's direction, fitted to `maxWidth` with an
    /// ellipsis, placed by `anchor` at `x`.
    func label(
        _ text: String, _ x: Double, _ anchor: TextAnchor, y: Double, size: Double, bold: Bool, color: Color,
        maxWidth: Double?, _ sim: Simulator
    ) -> DrawCommand {
        let direction = TextDirection.natural(sim.scene.layoutDirection)
        let line =
            maxWidth.map {
                TextLayout.fitted(
                    text, width: max(0, $0), size: size, bold: bold, direction: direction, measurer: sim.measurer)
            }
            ?? sim.measurer.line(text, size: size, bold: bold, direction: direction)
        return .textLine(line, x: x, y: y, anchor: anchor, color: color)
    }

    /// A control's label centred in `frame`: its symbol, then its title (the symbol on the leading side).
    func drawLabel(
        _ title: String, icon: Icon?, in frame: Rect, size: Double, iconSize: Double, gap: Double, bold: Bool,
        color: Color, _ sim: Simulator, _ list: inout DisplayList
    ) {
        let textY = frame.midY - size * 0.62
        guard let icon else {
            list.add(
                label(
                    title, frame.midX, .center, y: textY, size: size, bold: bold, color: color,
                    maxWidth: frame.width - 20, sim))
            return
        }
        guard !title.isEmpty else {
            list.add(
                .icon(
                    icon, Rect(frame.midX - iconSize / 2, frame.midY - iconSize / 2, iconSize, iconSize), color: color))
            return
        }
        let direction = TextDirection.natural(sim.scene.layoutDirection)
        let line = TextLayout.fitted(
            title, width: max(0, frame.width - 20 - iconSize - gap), size: size, bold: bold, direction: direction,
            measurer: sim.measurer)
        let total = iconSize + gap + line.width
        let start = frame.midX - total / 2
        let rtl = sim.scene.layoutDirection.isRightToLeft
        let iconX = rtl ? start + total - iconSize : start
        list.add(.icon(icon, Rect(iconX, frame.midY - iconSize / 2, iconSize, iconSize), color: color))
        list.add(
            .textLine(
                line, x: rtl ? start + line.width : start + iconSize + gap, y: textY, anchor: rtl ? .right : .left,
                color: color))
    }

    /// A text node's lines as layout made them, each where `textAlignment` puts it in the frame (leading by
    /// default: the left, or the right when the layout is right to left).
    func drawText(_ p: PlacedNode, _ sim: Simulator, _ list: inout DisplayList) {
        let n = p.node
        let style = n.font(.body, at: sim.textSize(of: p))
        let lines =
            p.textLines ?? [
                sim.measurer.line(
                    n.title ?? "", size: style.size, bold: style.bold, direction: .natural(sim.scene.layoutDirection))
            ]
        let rtl = sim.scene.layoutDirection.isRightToLeft
        // A symbol (SwiftUI's Label, or Image(systemName:)) leads, centred on the first line; the lines take the rest.
        var column = p.frame
        if let icon = n.icon.flatMap(Icons.drawable) {
            let side = LayoutEngine.symbolColumn(n, textSize: sim.textSize(of: p))
            var x = rtl ? p.frame.maxX - style.size : p.frame.minX
            // A symbol with no words (Image(systemName:)) stands where the alignment puts a line.
            if (n.title ?? "").isEmpty {
                switch n.textAlignment {
                case .center?: x = p.frame.midX - style.size / 2
                case .trailing?: x = rtl ? p.frame.minX : p.frame.maxX - style.size
                default: break
                }
            }
            let square = Rect(x, p.frame.minY + (style.lineHeight - style.size) / 2, style.size, style.size)
            list.add(.icon(icon, square, color: textColor(n)))
            column = Rect(
                rtl ? p.frame.minX : p.frame.minX + side, p.frame.minY, max(0, p.frame.width - side), p.frame.height)
        }
        drawLines(
            lines, in: column, font: style, alignment: n.textAlignment ?? .leading, color: textColor(n), sim, &list)
    }

    /// Lines of `style` one under the other from the top of `frame`, each placed by `alignment` (leading: the
    /// left, or the right when the layout is right to left).
    func drawLines(
        _ lines: [TextLine], in frame: Rect, font style: TextFont, alignment: HorizontalAlignment, color: Color,
        _ sim: Simulator, _ list: inout DisplayList
    ) {
        let rtl = sim.scene.layoutDirection.isRightToLeft
        let (x, anchor): (Double, TextAnchor)
        switch (alignment, rtl) {
        case (.leading, false), (.trailing, true): (x, anchor) = (frame.minX, .left)
        case (.leading, true), (.trailing, false): (x, anchor) = (frame.maxX, .right)
        case (.center, _): (x, anchor) = (frame.midX, .center)
        }
        var y = frame.minY + (style.lineHeight - style.size) / 2
        for line in lines {
            list.add(.textLine(line, x: x, y: y, anchor: anchor, color: color))
            y += style.lineHeight
        }
    }

    /// Text layout placed around a node (a section's header and footer, an alert's title and message).
    func drawLabels(_ labels: [PlacedLabel], shift: (Double, Double), _ sim: Simulator, _ list: inout DisplayList) {
        for l in labels {
            let color: Color
            switch l.role {
            case .title: color = appearance.primaryText
            case .message, .header, .footer: color = appearance.secondaryText
            }
            drawLines(
                l.lines, in: l.frame.offsetBy(dx: shift.0, dy: shift.1), font: l.font, alignment: l.alignment,
                color: color, sim, &list)
        }
    }

    func textColor(_ n: SceneNode) -> Color {
        if let color = n.color { return color }
        return appearance.primaryText
    }
}

extension Simulator {
    /// The text size `p` was laid out at: the setting, clamped where a `dynamicTypeSize` range holds it.
    func textSize(of p: PlacedNode) -> TextSize { p.textSize ?? scene.textSize }
}
