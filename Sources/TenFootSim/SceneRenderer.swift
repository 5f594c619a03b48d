import FocusEngine
import TenFootScene

/// Dark or light appearance (tvOS has both).
public enum Appearance: String, Sendable, CaseIterable {
    case dark, light

    var background: Color { self == .dark ? Color(16, 18, 24) : Color(235, 236, 240) }
    var primaryText: Color { self == .dark ? Color(240, 240, 245) : Color(20, 20, 24) }
    var secondaryText: Color { self == .dark ? Color(150, 152, 162) : Color(90, 92, 100) }
    var platter: Color { self == .dark ? Color(255, 255, 255, 38) : Color(0, 0, 0, 26) }
    var focusedPlatter: Color { Color(250, 250, 252) }
    var focusedText: Color { Color(12, 12, 14) }
}

/// Builds the display list of the simulator's current state: the tvOS look (lift, shadow,
/// highlight, parallax tilt, bump), drawn from layout frames and animation state. No SDL here.
public struct SceneRenderer: Sendable {
    public var appearance: Appearance
    public init(appearance: Appearance = .dark) { self.appearance = appearance }

    /// Corner radius of posters and cards (tvOS uses small continuous corners).
    public static let cornerRadius = 12.0
    /// Shadow of a fully lifted item: blur and drop, in points; it falls farther as the item rises.
    public static let liftedShadowBlur = 32.0
    public static let liftedShadowDrop = 28.0
    /// Maximum parallax shift (points) and skew (fraction of height) at full finger deflection.
    public static let parallaxShift = 10.0
    public static let parallaxSkew = 0.035
    /// The opacity of the 5-pt strips that fade the tab bar's scrim out below its band.
    static let scrimFade = [0.6, 0.48, 0.36, 0.25, 0.15, 0.07]

    public func displayList(_ sim: Simulator) -> DisplayList {
        var list = DisplayList()
        list.add(.clear(appearance.background))
        // The layout at the target scroll offsets, shifted while scroll animations run: no relayout per frame.
        let screen = sim.screen, sheets = sim.sheets
        let shifts = sim.scrollShifts()
        var pass = Pass(shifts: shifts)
        draw(screen, sim, &list, &pass, shift: (0, 0), clip: nil)
        drawLifted(pass.lifted, sim, &list)
        // The tab bar is system chrome, drawn above the content and its lifted items.
        for strip in pass.chrome { drawTabBar(strip, sim, &list) }
        for sheet in sheets {
            list.add(.rect(Metrics.screen, radius: 0, color: Color(0, 0, 0, 170)))
            list.add(.rect(Metrics.sheetPanel, radius: 24, color: appearance == .dark ? Color(36, 38, 46) : Color(250, 250, 252)))
            if let t = sheet.node.title {
                list.add(label(t, Metrics.sheetPanel.midX, .center, y: Metrics.sheetPanel.minY + 16, size: TextStyle.title3.size, bold: true, color: appearance.primaryText, maxWidth: Metrics.sheetPanel.width - 40, sim))
            }
            // Nothing of a sheet's content is drawn outside its panel.
            var sheetPass = Pass(shifts: shifts)
            list.add(.clip(Metrics.sheetPanel))
            for c in sheet.children { draw(c, sim, &list, &sheetPass, shift: (0, 0), clip: Metrics.sheetPanel) }
            drawLifted(sheetPass.lifted, sim, &list, clip: Metrics.sheetPanel)
            list.add(.clip(nil))
        }
        return list
    }

    /// What one walk of a placed tree collects for later: lifted items (drawn above their neighbours,
    /// with the clip they were in), the tab bars (drawn above everything), and the scroll shifts.
    struct Pass {
        var shifts: [String: (Double, Double)]
        var lifted: [(node: PlacedNode, progress: Double, clip: Rect?)] = []
        var chrome: [PlacedNode] = []
    }

    /// Lifted items go on top of their neighbours, least lifted first, each inside its container's
    /// clip; `clip` is the one in force before and after.
    func drawLifted(_ lifted: [(node: PlacedNode, progress: Double, clip: Rect?)], _ sim: Simulator, _ list: inout DisplayList, clip: Rect? = nil) {
        var current = clip
        for item in lifted.sorted(by: { $0.progress < $1.progress }) {
            if item.clip != current { list.add(.clip(item.clip)); current = item.clip }
            drawItem(item.node, sim, progress: item.progress, &list)
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

    func draw(_ placed: PlacedNode, _ sim: Simulator, _ list: inout DisplayList, _ pass: inout Pass,
              shift: (Double, Double), clip: Rect?) {
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
        switch n.type {
        case .text:
            drawText(p, sim, &list)
        case .hstack where n.isTabStrip:
            pass.chrome.append(p)
            return
        case .shelf:
            if let t = n.title {
                let rtl = sim.scene.layoutDirection.isRightToLeft
                list.add(label(t, rtl ? p.frame.maxX : p.frame.minX, rtl ? .right : .left, y: p.frame.minY, size: TextStyle.headline.size, bold: true, color: appearance.secondaryText, maxWidth: p.frame.width, sim))
            }
        case .poster, .card, .button, .image, .textField, .picker, .hero:
            let progress = sim.focusProgress(n.id)
            if progress > 0.001 { pass.lifted.append((p, progress, clip)) } else { drawItem(p, sim, progress: 0, &list) }
        default:
            break
        }
        // By index: a for-in loop would copy every child (and its node) before culling it. Children that
        // run top to bottom are searched for the visible band instead of visited one by one.
        var range = placed.children.indices
        if let tallest = placed.verticalRun, placed.children.count > 64 {
            let top = Metrics.screen.minY - tallest - inner.1, bottom = Metrics.screen.maxY - inner.1
            let kids = placed.children
            func firstIndex(where minYAbove: Double) -> Int {
                var lo = 0, hi = kids.count
                while lo < hi { let mid = (lo + hi) / 2; if kids[mid].box.minY < minYAbove { lo = mid + 1 } else { hi = mid } }
                return lo
            }
            range = firstIndex(where: top) ..< firstIndex(where: bottom + 0.001)
        }
        // A scrolling container shows its content only inside its bounds, along its axis.
        var innerClip = clip
        if let bounds = placed.clipBounds { innerClip = self.clip(inside: placed, bounds: bounds, shift: shift, clip) }
        if innerClip != clip { list.add(.clip(innerClip)) }
        for k in range { draw(placed.children[k], sim, &list, &pass, shift: inner, clip: innerClip) }
        if innerClip != clip { list.add(.clip(clip)) }
    }

    /// The tab bar: a translucent capsule behind the tabs; the selected tab on a platter (white when
    /// focused). It slides up out of view while focus is in the content.
    func drawTabBar(_ strip: PlacedNode, _ sim: Simulator, _ list: inout DisplayList) {
        guard let first = strip.children.first, let last = strip.children.last else { return }
        let shown = sim.tabBarShown()
        guard shown > 0.01 else { return }
        let dy = -(Metrics.tabBarTop + Metrics.tabBarHeight + 20) * (1 - shown)
        // A translucent scrim over the band the shown bar covers (content under it cannot take focus),
        // fading out below the bar.
        let band = Metrics.tabBarBand.offsetBy(dx: 0, dy: dy)
        list.add(.rect(band, radius: 0, color: appearance.background.withAlpha(0.72 * shown)))
        for (k, alpha) in SceneRenderer.scrimFade.enumerated() {
            let strip = Rect(band.minX, band.maxY + Double(k) * 5, band.width, 5)
            list.add(.rect(strip, radius: 0, color: appearance.background.withAlpha(alpha * shown)))
        }
        let pill = Rect(first.frame.minX - 16, Metrics.tabBarTop + dy, last.frame.maxX - first.frame.minX + 32, Metrics.tabBarHeight)
        list.add(.rect(pill, radius: Metrics.tabBarHeight / 2, color: appearance == .dark ? Color(60, 62, 72, 200) : Color(255, 255, 255, 210)))
        let selectedTab = strip.children.first { tab in sim.selectedTabs.values.contains(tab.id) }?.id
        for tab in strip.children {
            let f = tab.frame.offsetBy(dx: 0, dy: dy).insetBy(dx: 4, dy: 6)
            let focusedNow = sim.focusProgress(tab.id)
            let selected = tab.id == selectedTab
            if focusedNow > 0.01 {
                list.add(.shadow(f, radius: f.height / 2, blur: 16 * focusedNow, offsetY: 6 * focusedNow, opacity: 0.4 * focusedNow))
                list.add(.rect(f, radius: f.height / 2, color: appearance.focusedPlatter.withAlpha(focusedNow)))
            } else if selected {
                list.add(.rect(f, radius: f.height / 2, color: appearance.platter))
            }
            let color = focusedNow > 0.5 ? appearance.focusedText : (selected ? appearance.primaryText : appearance.secondaryText)
            drawLabel(tab.node.title ?? tab.id, icon: tab.node.icon.flatMap(Icons.resolve), in: f, size: TabBarMetrics.fontSize, iconSize: TabBarMetrics.iconSize, gap: TabBarMetrics.iconGap,
                      bold: selected || focusedNow > 0.5, color: color, sim, &list)
        }
    }

    /// One line of `text` shaped by the simulator's measurer in the scene's direction, fitted to `maxWidth` with an
    /// ellipsis, placed by `anchor` at `x`.
    func label(_ text: String, _ x: Double, _ anchor: TextAnchor, y: Double, size: Double, bold: Bool, color: Color, maxWidth: Double?, _ sim: Simulator) -> DrawCommand {
        let direction = TextDirection.natural(sim.scene.layoutDirection)
        let line = maxWidth.map { TextLayout.fitted(text, width: max(0, $0), size: size, bold: bold, direction: direction, measurer: sim.measurer) }
            ?? sim.measurer.line(text, size: size, bold: bold, direction: direction)
        return .textLine(line, x: x, y: y, anchor: anchor, color: color)
    }

    /// A control's label centred in `frame`: its symbol, then its title (the symbol on the leading side).
    func drawLabel(_ title: String, icon: Icon?, in frame: Rect, size: Double, iconSize: Double, gap: Double, bold: Bool, color: Color, _ sim: Simulator, _ list: inout DisplayList) {
        let textY = frame.midY - size * 0.62
        guard let icon else {
            list.add(label(title, frame.midX, .center, y: textY, size: size, bold: bold, color: color, maxWidth: frame.width - 20, sim))
            return
        }
        guard !title.isEmpty else {
            list.add(.icon(icon, Rect(frame.midX - iconSize / 2, frame.midY - iconSize / 2, iconSize, iconSize), color: color))
            return
        }
        let direction = TextDirection.natural(sim.scene.layoutDirection)
        let line = TextLayout.fitted(title, width: max(0, frame.width - 20 - iconSize - gap), size: size, bold: bold, direction: direction, measurer: sim.measurer)
        let total = iconSize + gap + line.width
        let start = frame.midX - total / 2
        let rtl = sim.scene.layoutDirection.isRightToLeft
        let iconX = rtl ? start + total - iconSize : start
        list.add(.icon(icon, Rect(iconX, frame.midY - iconSize / 2, iconSize, iconSize), color: color))
        list.add(.textLine(line, x: rtl ? start + line.width : start + iconSize + gap, y: textY, anchor: rtl ? .right : .left, color: color))
    }

    /// A text node's lines as layout made them, each where `textAlignment` puts it in the frame (leading by
    /// default: the left, or the right when the layout is right to left).
    func drawText(_ p: PlacedNode, _ sim: Simulator, _ list: inout DisplayList) {
        let n = p.node
        let style = n.textStyle ?? .body
        let lines = p.textLines ?? [sim.measurer.line(n.title ?? "", size: style.size, bold: style.bold, direction: .natural(sim.scene.layoutDirection))]
        let rtl = sim.scene.layoutDirection.isRightToLeft
        var y = p.frame.minY + (style.lineHeight - style.size) / 2
        // A symbol (SwiftUI's Label, or Image(systemName:)) leads, centred on the first line; the lines take the rest.
        var column = p.frame
        if let icon = n.icon.flatMap(Icons.resolve) {
            let side = LayoutEngine.symbolColumn(n)
            let square = Rect(rtl ? p.frame.maxX - style.size : p.frame.minX, p.frame.minY + (style.lineHeight - style.size) / 2, style.size, style.size)
            list.add(.icon(icon, square, color: textColor(n)))
            column = Rect(rtl ? p.frame.minX : p.frame.minX + side, p.frame.minY, max(0, p.frame.width - side), p.frame.height)
        }
        let (x, anchor): (Double, TextAnchor)
        switch (n.textAlignment ?? .leading, rtl) {
        case (.leading, false), (.trailing, true): (x, anchor) = (column.minX, .left)
        case (.leading, true), (.trailing, false): (x, anchor) = (column.maxX, .right)
        case (.center, _): (x, anchor) = (column.midX, .center)
        }
        for line in lines {
            list.add(.textLine(line, x: x, y: y, anchor: anchor, color: textColor(n)))
            y += style.lineHeight
        }
    }

    func textColor(_ n: SceneNode) -> Color {
        if let hex = n.color, let (r, g, b) = parseHexColor(hex) { return Color(r, g, b) }
        return appearance.primaryText
    }

    /// One content item at focus progress `progress` (0 rest, 1 lifted).
    func drawItem(_ p: PlacedNode, _ sim: Simulator, progress: Double, _ list: inout DisplayList) {
        let n = p.node
        let focused = sim.focused == n.id
        let effect = !n.focusEffectDisabled && n.isFocusable
        var frame = p.frame
        var skew = 0.0
        var lightX = 0.5, lightY = 0.15
        if effect, progress > 0 {
            // Controls grow like posters (+70 pt on the longest side) but never more than 10 %.
            let full = n.type == .button || n.type == .textField || n.type == .picker ? min(1.1, LiftMetrics.scale(for: frame)) : LiftMetrics.scale(for: frame)
            let scale = 1 + (full - 1) * progress
            frame = Rect(frame.midX - frame.width * scale / 2, frame.midY - frame.height * scale / 2, frame.width * scale, frame.height * scale)
            if focused {
                let (bx, by) = sim.bumpOffset()
                frame = frame.offsetBy(dx: bx, dy: by)
                if let t = sim.touch {
                    frame = frame.offsetBy(dx: t.x * SceneRenderer.parallaxShift, dy: t.y * SceneRenderer.parallaxShift)
                    skew = t.x * SceneRenderer.parallaxSkew
                    lightX = 0.5 + 0.4 * t.x; lightY = 0.15 + 0.3 * t.y
                }
            }
            list.add(.shadow(frame, radius: SceneRenderer.cornerRadius, blur: SceneRenderer.liftedShadowBlur * progress, offsetY: SceneRenderer.liftedShadowDrop * progress, opacity: 0.55 * progress))
        }
        let dim = n.disabled ? 0.4 : 1.0
        switch n.type {
        case .hero:
            // The backdrop follows the focused scene value it is bound to (`value`), else its own title.
            let shown = n.value.flatMap { sim.system.state.sceneValues[$0] } ?? n.title ?? ""
            func backdrop(_ value: String) -> DrawCommand {
                n.image.map { .image(frame, radius: SceneRenderer.cornerRadius, path: $0, skew: 0) }
                    ?? .artwork(frame, radius: SceneRenderer.cornerRadius, seed: "hero|" + value, title: "", skew: 0)
            }
            // Cross-fade from the previous value's backdrop when the focused scene value changed.
            if let key = n.value, let change = sim.sceneValueChanges[key], sim.tick - change.tick < Motion.heroFadeTicks {
                let p = Double(sim.tick - change.tick) / Double(Motion.heroFadeTicks)
                list.add(backdrop(change.old ?? n.title ?? ""))
                list.add(.alpha(p))
                list.add(backdrop(shown))
                list.add(.alpha(1))
            } else {
                list.add(backdrop(shown))
            }
            // The title and subtitle at the leading edge of the backdrop.
            let rtl = sim.scene.layoutDirection.isRightToLeft
            list.add(label(shown, rtl ? frame.maxX - 60 : frame.minX + 60, rtl ? .right : .left, y: frame.maxY - 150, size: TextStyle.title1.size, bold: true, color: Color(255, 255, 255), maxWidth: frame.width - 120, sim))
            if let sub = n.subtitle {
                list.add(label(sub, rtl ? frame.maxX - 62 : frame.minX + 62, rtl ? .right : .left, y: frame.maxY - 58, size: TextStyle.callout.size, bold: false, color: Color(235, 235, 240), maxWidth: frame.width - 120, sim))
            }
        case .poster, .card, .image:
            if let img = n.image {
                list.add(.image(frame, radius: SceneRenderer.cornerRadius, path: img, skew: skew))
            } else {
                list.add(.artwork(frame, radius: SceneRenderer.cornerRadius, seed: n.id + "|" + (n.title ?? ""), title: n.title ?? "", skew: skew))
            }
            if n.disabled { list.add(.rect(frame, radius: SceneRenderer.cornerRadius, color: appearance.background.withAlpha(0.6))) }
            if effect, progress > 0 {
                list.add(.highlight(frame, radius: SceneRenderer.cornerRadius, x: lightX, y: lightY, opacity: 0.28 * progress))
            }
            // Captions sit under the lifted artwork (focusedFrameGuide), brighter when focused.
            var y = frame.maxY + Metrics.captionGap
            if let t = n.title, n.type == .poster || n.type == .card {
                list.add(label(t, p.frame.midX, .center, y: y, size: TextStyle.caption1.size, bold: progress > 0.5, color: (progress > 0.5 ? appearance.primaryText : appearance.secondaryText).withAlpha(dim), maxWidth: frame.width + 24, sim))
                y += TextStyle.caption1.lineHeight
            }
            if let s = n.subtitle, n.type == .poster || n.type == .card {
                list.add(label(s, p.frame.midX, .center, y: y, size: TextStyle.caption2.size, bold: false, color: appearance.secondaryText.withAlpha(dim), maxWidth: frame.width + 24, sim))
            }
        case .button, .textField, .picker:
            let on = progress > 0.5
            let platter = on ? appearance.focusedPlatter : appearance.platter
            list.add(.rect(frame, radius: 14, color: platter.withAlpha(dim)))
            let text: String
            switch n.type {
            case .textField:
                let value = sim.fieldValues[n.id] ?? n.value ?? ""
                let shown = value.isEmpty ? (n.placeholder ?? n.title ?? "") : (n.secure ? String(repeating: "•", count: value.count) : value)
                text = shown + (sim.editing == n.id ? "|" : "")
            case .picker: text = (n.title.map { $0 + ": " } ?? "") + "‹ " + (sim.fieldValues[n.id] ?? n.options.first ?? "") + " ›"
            default: text = n.title ?? ""
            }
            // A text field's placeholder is dimmer than a typed value.
            let isPlaceholder = n.type == .textField && (sim.fieldValues[n.id] ?? n.value ?? "").isEmpty
            let color = (on ? appearance.focusedText : appearance.primaryText).withAlpha(dim * (isPlaceholder ? 0.55 : 1))
            let grow = 1 + 0.1 * progress
            drawLabel(text, icon: n.type == .button ? n.icon.flatMap(Icons.resolve) : nil, in: frame, size: TextStyle.headline.size * grow,
                      iconSize: Metrics.buttonIconSize * grow, gap: Metrics.buttonIconGap * grow, bold: true, color: color, sim, &list)
        default:
            break
        }
    }
}
