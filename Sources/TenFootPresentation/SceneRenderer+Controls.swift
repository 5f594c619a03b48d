import FocusEngine
import TenFootScene
import TenFootSim

/// The controls: buttons, keys, fields, pickers, toggles, settings rows and caption buttons, lifted as tvOS lifts
/// them.
extension SceneRenderer {
    // MARK: Controls

    /// The corner radius of a control drawn in `frame`: its `shape` (a capsule's ends are half circles), else
    /// the standard one.
    func controlRadius(_ n: SceneNode, _ frame: Rect) -> Double {
        n.segment != nil
            ? frame.height / 2
            : (n.shape ?? NodeShape(kind: .roundedRectangle)).radius(in: frame, standard: SceneRenderer.controlRadius)
    }

    /// A key of the on-screen keyboard: its character alone on the dark screen, a white tile under it when
    /// focused (the linear keyboard's look); the line's buttons (set switches, Next, Done) on a platter.
    func drawKey(_ p: PlacedNode, _ lift: Lift, _ sim: Simulator, progress: Double, _ list: inout DisplayList) {
        let n = p.node
        let frame = lift.frame
        let on = progress > 0.5
        let pressed = sim.pressDepth(n.id)
        let radius = 12.0
        if progress > 0 || pressed > 0 {
            list.add(
                shadow(
                    n, frame, radius: radius, progress: max(progress, pressed * 0.5), pressed: pressed, contents: nil))
        }
        let onLine = p.frame.height < Keyboard.keyHeight
        if on {
            list.add(.rect(frame, radius: radius, color: appearance.focusedPlatter))
        } else if onLine {
            list.add(.rect(frame, radius: radius, color: appearance.platter))
        }
        let grow = frame.height / max(1, p.frame.height)
        // A key's label reads left to right in a right-to-left scene too (`#+=`, `.com`): marks keep its order.
        let title =
            sim.scene.layoutDirection.isRightToLeft ? "\u{200E}" + (n.title ?? "") + "\u{200E}" : (n.title ?? "")
        let size = (onLine || (n.title ?? "").count > 1 ? TextStyle.callout.size : 40) * grow
        let color = on ? appearance.focusedText : (onLine ? appearance.primaryText : appearance.secondaryText)
        // Centred in the key, as wide as the key (a letter key has no room for a button's padding).
        let y = frame.midY - size * 0.62
        list.add(
            label(
                title, frame.midX, .center, y: y, size: size, bold: on || onLine, color: color, maxWidth: frame.width,
                sim))
    }

    /// Buttons, fields, pickers, rows, toggles and segments: a platter (white when focused) with their label.
    func drawControl(_ p: PlacedNode, _ lift: Lift, _ sim: Simulator, progress: Double, _ list: inout DisplayList) {
        let n = p.node
        let frame = lift.frame
        let on = progress > 0.5
        let dim = (n.disabled ? 0.4 : 1.0) * sim.dataFade(n.id)  // fading in or out after a data change
        let radius = controlRadius(n, frame)
        let pressed = sim.pressDepth(n.id)
        if progress > 0 || pressed > 0 {
            list.add(
                shadow(
                    n, frame, radius: radius, progress: max(progress, pressed * 0.5), pressed: pressed, contents: nil))
        }
        let rowLike = n.type == .row || n.type == .toggle || (n.type == .picker && n.width == .fill)
        if on {
            list.add(.rect(frame, radius: radius, color: appearance.focusedPlatter.withAlpha(dim)))
        } else if let s = n.segment {
            // A chosen segment keeps a lighter pill while focus is elsewhere.
            if sim.textEntry.fieldValues[s.picker] == s.option {
                list.add(.rect(frame, radius: radius, color: appearance.chosenSegment.withAlpha(dim)))
            }
        } else if p.onBackdrop {
            // On a picture, a platter that reads whatever the picture (tvOS's material over artwork).
            list.add(.rect(frame, radius: radius, color: appearance.backdropPlatter.withAlpha(dim)))
        } else {
            let fill = (rowLike ? appearance.rowPlatter : appearance.platter).withAlpha(dim)
            list.add(
                .rect(
                    frame, radius: radius,
                    color: rowLike && progress == 0 ? surfaceForRows().map(fill.over) ?? fill : fill))
        }
        let grow = frame.height / max(1, p.frame.height)
        let color = (on ? appearance.focusedText : appearance.primaryText).withAlpha(dim)
        let secondary = (on ? appearance.focusedSecondaryText : appearance.secondaryText).withAlpha(dim)
        switch n.type {
        case .row, .toggle:
            drawRow(p, frame, sim, grow: grow, color: color, secondary: secondary, &list)
        case .picker where n.segment == nil:
            drawRow(p, frame, sim, grow: grow, color: color, secondary: secondary, &list)
        case .textField:
            // The keyboard's own field shows the text it was built with (the edited field's, or the query).
            let system = n.id == KeyboardIDs.field || n.id == KeyboardIDs.entryField
            let value = system ? (n.value ?? "") : (sim.textEntry.fieldValues[n.id] ?? n.value ?? "")
            let shown =
                value.isEmpty
                ? (n.placeholder ?? n.title ?? "") : (n.secure ? String(repeating: "•", count: value.count) : value)
            // The caret ends the text; before a placeholder, it starts it (nothing is typed yet).
            let caret =
                sim.textEntry.editing == n.id || n.id == KeyboardIDs.entryField
                || (n.id == KeyboardIDs.field && sim.textTarget != nil && sim.textEntry.entry == nil)
            let text = caret ? (value.isEmpty ? "|" + shown : shown + "|") : shown
            // A placeholder is dimmer than a typed value.
            drawLabel(
                text, icon: nil, in: frame, size: TextStyle.headline.size(at: sim.textSize(of: p)) * grow, iconSize: 0,
                gap: 0, bold: true,
                color: value.isEmpty ? color.withAlpha(0.55) : color, sim, &list)
        default:
            if let s = n.segment {
                let chosen = sim.textEntry.fieldValues[s.picker] == s.option
                let c = on ? color : (chosen ? appearance.primaryText : appearance.secondaryText).withAlpha(dim)
                drawLabel(
                    n.title ?? "", icon: nil, in: frame, size: TextStyle.callout.size(at: sim.textSize(of: p)) * grow,
                    iconSize: 0,
                    gap: 0, bold: on || chosen, color: c, sim, &list)
            } else if (n.textAlignment ?? .center) != .center {
                let font = n.font(.headline, at: sim.textSize(of: p))
                drawLeadingLabel(
                    n.title ?? "", icon: n.icon.flatMap(Icons.drawable), in: frame,
                    size: font.size * grow,
                    bold: font.bold,
                    trailing: n.textAlignment == .trailing, color: color, sim, &list)
            } else {
                let font = n.font(.headline, at: sim.textSize(of: p))
                drawLabel(
                    n.title ?? "", icon: n.icon.flatMap(Icons.drawable), in: frame,
                    size: font.size * grow,
                    iconSize: Metrics.buttonIconSize * grow * font.size / TextStyle.headline.size,
                    gap: Metrics.buttonIconGap * grow * font.size / TextStyle.headline.size, bold: font.bold,
                    color: color, sim, &list)
            }
        }
    }

    /// A label at the leading (or trailing) end of a control, its symbol first: left-aligned buttons of lists and
    /// menus (UIButton's `contentHorizontalAlignment = .leading`).
    func drawLeadingLabel(
        _ title: String, icon: Icon?, in frame: Rect, size: Double, bold: Bool, trailing: Bool, color: Color,
        _ sim: Simulator, _ list: inout DisplayList
    ) {
        let rtl = sim.scene.layoutDirection.isRightToLeft
        let fromLeft = trailing == rtl
        let pad = Metrics.buttonPadding * min(1.2, frame.height / Metrics.buttonHeight)
        let iconSize = icon == nil ? 0 : size * 1.15
        let gap = icon == nil ? 0 : size * 0.42
        let line = TextLayout.fitted(
            title, width: max(0, frame.width - 2 * pad - iconSize - gap), size: size, bold: bold,
            direction: .natural(sim.scene.layoutDirection), measurer: sim.measurer)
        let total = iconSize + gap + line.width
        let start = fromLeft ? frame.minX + pad : frame.maxX - pad - total
        if let icon {
            let iconX = rtl ? start + total - iconSize : start
            list.add(.icon(icon, Rect(iconX, frame.midY - iconSize / 2, iconSize, iconSize), color: color))
        }
        list.add(
            .textLine(
                line, x: rtl ? start + line.width : start + iconSize + gap, y: frame.midY - size * 0.62,
                anchor: rtl ? .right : .left, color: color))
    }

    /// A settings row (UITableViewCell, value1 style): its symbol and label at the leading end; its value, then
    /// its chevron or checkmark at the trailing end. A toggle's value is On or Off; a picker's its choice.
    func drawRow(
        _ p: PlacedNode, _ frame: Rect, _ sim: Simulator, grow: Double, color: Color, secondary: Color,
        _ list: inout DisplayList
    ) {
        let n = p.node
        let rtl = sim.scene.layoutDirection.isRightToLeft
        let direction = TextDirection.natural(sim.scene.layoutDirection)
        let size = n.font(.subtitle1, at: sim.textSize(of: p)).size * grow
        let pad = ComponentMetrics.rowPadding * grow
        let accessorySize = ComponentMetrics.rowAccessorySize * grow
        let value: String?
        var accessory = n.accessoryType ?? .none
        switch n.type {
        case .toggle: value = SceneNode.toggleText(sim.isOn(n))
        case .picker:
            value = sim.textEntry.fieldValues[n.id] ?? n.options.first ?? ""
            accessory = .disclosureIndicator
        default: value = n.value
        }
        // Trailing: the accessory, then the value before it.
        var trailing = rtl ? frame.minX + pad : frame.maxX - pad
        func take(_ w: Double) -> Double {
            defer { trailing += rtl ? w : -w }
            return rtl ? trailing : trailing - w
        }
        if accessory != .none,
            let icon = Icons.resolve(accessory == .checkmark ? "checkmark" : (rtl ? "chevron.left" : "chevron.right"))
        {
            let x = take(accessorySize)
            list.add(
                .icon(
                    icon, Rect(x, frame.midY - accessorySize / 2, accessorySize, accessorySize),
                    color: accessory == .checkmark ? color : secondary))
            _ = take(pad / 2)
        }
        var room = frame.width - 2 * pad - (accessory != .none ? accessorySize + pad / 2 : 0)
        if let value, !value.isEmpty {
            let line = TextLayout.fitted(
                value, width: max(0, room * 0.45), size: size, bold: false, direction: direction, measurer: sim.measurer
            )
            let x = take(line.width)
            list.add(.textLine(line, x: x, y: frame.midY - size * 0.62, anchor: .left, color: secondary))
            room -= line.width + pad / 2
        }
        // Leading: the symbol and the label.
        let icon = n.icon.flatMap(Icons.drawable)
        let iconSize = icon == nil ? 0 : size
        let gap = icon == nil ? 0 : size * 0.5
        let start = rtl ? frame.maxX - pad : frame.minX + pad
        if let icon {
            list.add(
                .icon(
                    icon, Rect(rtl ? start - iconSize : start, frame.midY - iconSize / 2, iconSize, iconSize),
                    color: color))
        }
        let title = TextLayout.fitted(
            n.title ?? "", width: max(0, room - iconSize - gap), size: size, bold: false, direction: direction,
            measurer: sim.measurer)
        let x = rtl ? start - iconSize - gap : start + iconSize + gap
        guard n.type == .row, let subtitle = n.subtitle, !subtitle.isEmpty else {
            list.add(.textLine(title, x: x, y: frame.midY - size * 0.62, anchor: rtl ? .right : .left, color: color))
            return
        }
        // The subtitle style: the title above the middle, a caption line under it in the secondary colour.
        let small = TextStyle.caption1.size(at: sim.textSize(of: p)) * grow
        let line = TextLayout.fitted(
            subtitle, width: max(0, room - iconSize - gap), size: small, bold: false, direction: direction,
            measurer: sim.measurer)
        let top = frame.midY - (size + small) * 0.62
        list.add(.textLine(title, x: x, y: top, anchor: rtl ? .right : .left, color: color))
        list.add(.textLine(line, x: x, y: top + size * 1.24, anchor: rtl ? .right : .left, color: secondary))
    }

    /// A caption button (TVCaptionButtonView): a platter with its symbol, its title and subtitle under it.
    func drawCaptionButton(_ p: PlacedNode, _ lift: Lift, _ sim: Simulator, progress: Double, _ list: inout DisplayList)
    {
        let n = p.node
        let frame = lift.frame
        let on = progress > 0.5
        let dim = (n.disabled ? 0.4 : 1.0) * sim.dataFade(n.id)  // fading in or out after a data change
        let radius = (n.shape ?? NodeShape(kind: .roundedRectangle)).radius(in: frame, standard: 20)
        let pressed = sim.pressDepth(n.id)
        if progress > 0 || pressed > 0 {
            list.add(
                shadow(
                    n, frame, radius: radius, progress: max(progress, pressed * 0.5), pressed: pressed, contents: nil))
        }
        list.add(
            .rect(frame, radius: radius, color: (on ? appearance.focusedPlatter : appearance.platter).withAlpha(dim)))
        if let icon = n.icon.flatMap(Icons.drawable) {
            let s = ComponentMetrics.captionButtonIconSize * frame.height / max(1, p.frame.height)
            list.add(
                .icon(
                    icon, Rect(frame.midX - s / 2, frame.midY - s / 2, s, s),
                    color: (on ? appearance.focusedText : appearance.primaryText).withAlpha(dim)))
        }
        drawLockupTexts(p, frame, sim, progress: progress, &list)
    }
}
