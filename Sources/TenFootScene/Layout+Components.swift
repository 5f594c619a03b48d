import FocusEngine

/// Layout of the components: lockups' headers, monograms and caption buttons, settings rows and sections,
/// segmented pickers, alerts and sheets of each size, and artwork that ignores the safe area (a full-bleed hero).
extension LayoutEngine {
    /// The space a lockup's header takes above its artwork (a caption2 line and a gap).
    func headerHeight(_ node: SceneNode) -> Double {
        guard node.header != nil, node.type != .section else { return 0 }
        return TextStyle.caption2.lineHeight(at: textSize) + ComponentMetrics.headerGap
    }

    /// A component's height that holds one line of `style`: as authored at Large, grown by as much as the
    /// line grows at larger text sizes (Apple's standard components adapt to the text size on their own).
    func grown(_ height: Double, _ style: TextStyle) -> Double {
        height + style.lineHeight(at: textSize) - style.lineHeight
    }

    /// A settings row's height at the layout's text size (its label is a Subtitle 1 line).
    var rowHeight: Double { grown(ComponentMetrics.rowHeight, .subtitle1) }

    /// The space a node's texts take above and below its frame together.
    func decorationHeight(_ node: SceneNode) -> Double { headerHeight(node) + captionHeight(node) }

    /// Natural sizes of the component types (nil for the others).
    func componentSize(_ node: SceneNode, _ proposal: (Double, Double)) -> (Double, Double)? {
        switch node.type {
        case .monogram:
            let w = points(node.width) ?? ComponentMetrics.monogramSize
            return (w, points(node.height) ?? w)
        case .captionButton:
            return ComponentMetrics.captionButtonSize
        case .row, .toggle:
            // A table row spans the list it is in; its height grows with its label's text, and a subtitle's line
            // under the title (UITableViewCell's subtitle style).
            let subtitle = node.type == .row && node.subtitle != nil ? TextStyle.caption1.lineHeight(at: textSize) : 0
            return (proposal.0.isFinite ? proposal.0 : 800, rowHeight + subtitle)
        case .picker where (node.pickerStyle ?? .automatic).isSegmented:
            let widths = segmentWidths(node)
            return (
                widths.reduce(0, +) + 2 * ComponentMetrics.segmentInset, grown(ComponentMetrics.segmentHeight, .callout)
            )
        case .section:
            return sectionSize(node, proposal)
        case .alert:
            return proposal
        default:
            return nil
        }
    }

    /// Each segment's natural width: its label and padding, at least the least width.
    func segmentWidths(_ node: SceneNode) -> [Double] {
        node.options.map {
            max(
                ComponentMetrics.segmentMinWidth,
                textWidth($0, size: TextStyle.callout.size(at: textSize), bold: true) + 2
                    * ComponentMetrics.segmentPadding)
        }
    }

    /// The segments of a segmented picker placed side by side in its track; a track wider than the segments
    /// need shares the extra among them.
    func placeSegments(_ node: SceneNode, in frame: Rect) -> [PlacedNode] {
        let inset = ComponentMetrics.segmentInset
        let natural = segmentWidths(node)
        let room = frame.width - 2 * inset
        let extra = natural.isEmpty ? 0 : max(0, room - natural.reduce(0, +)) / Double(natural.count)
        var x = frame.minX + inset
        return zip(node.segments, natural).map { segment, w in
            let f = Rect(x, frame.minY + inset, w + extra, frame.height - 2 * inset)
            x += w + extra
            return PlacedNode(node: segment, frame: f, box: f, children: [])
        }
    }

    // MARK: Sections

    /// A section's header line: one line of callout text.
    func sectionHeaderHeight(_ node: SceneNode) -> Double {
        node.header == nil ? 0 : TextStyle.callout.lineHeight(at: textSize) + ComponentMetrics.sectionHeaderGap
    }

    func sectionFooterLines(_ node: SceneNode, width: Double) -> [TextLine] {
        guard let f = node.footer?.text, !f.isEmpty else { return [] }
        let key = "\(node.id)|footer|\(width)"
        if let hit = memo?.textLines[key] { return hit }
        let lines = TextLayout.lines(
            f, width: width.isFinite && width > 0 ? width : .infinity, size: TextStyle.caption1.size(at: textSize),
            bold: false,
            direction: direction, measurer: measurer)
        memo?.textLines[key] = lines
        return lines
    }

    func sectionFooterHeight(_ node: SceneNode, width: Double) -> Double {
        let lines = sectionFooterLines(node, width: width)
        return lines.isEmpty
            ? 0 : ComponentMetrics.sectionFooterGap + Double(lines.count) * TextStyle.caption1.lineHeight(at: textSize)
    }

    /// A section as SwiftUI's `Section` in a `Form`: its rows one under the other, spanning the width it is
    /// offered, its header above and its footer (wrapped) below.
    func sectionSize(_ node: SceneNode, _ proposal: (Double, Double)) -> (Double, Double) {
        let rows = sectionRows(node)
        let width = proposal.0.isFinite ? proposal.0 : stackSize(rows, proposal).0
        let body = stackSize(rows, (width, .infinity)).1
        return (width, sectionHeaderHeight(node) + body + sectionFooterHeight(node, width: width))
    }

    /// The rows of a section laid out as a leading-aligned vertical stack.
    func sectionRows(_ node: SceneNode) -> SceneNode {
        var rows = node
        rows.type = .vstack
        rows.padding = .zero
        rows.spacing = node.spacing ?? ComponentMetrics.rowSpacing
        rows.alignment = node.alignment ?? .leading
        rows.width = nil
        rows.height = nil
        // A picker in a form is a row like the others (SwiftUI's Form draws it as one), spanning the list.
        for k in rows.children.indices
        where rows.children[k].type == .picker && rows.children[k].width == nil
            && !(rows.children[k].pickerStyle ?? .automatic).isSegmented
        {
            rows.children[k].width = .fill
            if rows.children[k].height == nil { rows.children[k].height = .points(rowHeight) }
        }
        return rows
    }

    func placeSection(_ node: SceneNode, _ placed: inout PlacedNode, in inner: Rect) {
        let headerH = sectionHeaderHeight(node)
        let rows = sectionRows(node)
        let bodyH = stackSize(rows, (inner.width, .infinity)).1
        placed.children = placeStack(rows, in: Rect(inner.minX, inner.minY + headerH, inner.width, bodyH))
        if let h = node.header?.text {
            var font = TextStyle.callout.font(at: textSize)
            font.bold = false
            let line = TextLayout.fitted(
                h, width: inner.width, size: font.size, bold: false, direction: .natural(direction),
                measurer: measurer)
            placed.labels.append(
                PlacedLabel(
                    role: .header, font: font, lines: [line],
                    frame: Rect(inner.minX, inner.minY, inner.width, font.lineHeight), alignment: .leading)
            )
        }
        let footer = sectionFooterLines(node, width: inner.width)
        if !footer.isEmpty {
            let y = inner.minY + headerH + bodyH + ComponentMetrics.sectionFooterGap
            placed.labels.append(
                PlacedLabel(
                    role: .footer, font: TextStyle.caption1.font(at: textSize), lines: footer,
                    frame: Rect(
                        inner.minX, y, inner.width, Double(footer.count) * TextStyle.caption1.lineHeight(at: textSize)),
                    alignment: .leading))
        }
    }

    // MARK: Presentations

    /// The panel a sheet is drawn in and the area its content is laid out in (60 pt inside; the whole panel
    /// with `ignoresSafeArea`; a full-screen sheet's content in the safe area).
    public static func sheetAreas(_ sheet: SceneNode) -> (panel: Rect, content: Rect) {
        switch sheet.presentation ?? .page {
        case .fullScreen, .push:
            // The content below the title line when there is a title.
            let s = Metrics.safeAreaRect
            let top = sheet.title == nil ? 0 : ComponentMetrics.fullScreenTitleHeight
            return (
                Metrics.screen,
                sheet.ignoresSafeArea ? Metrics.screen : Rect(s.minX, s.minY + top, s.width, s.height - top)
            )
        case .page:
            return (Metrics.sheetPanel, sheet.ignoresSafeArea ? Metrics.sheetPanel : Metrics.sheetContent)
        case .form:
            let p = ComponentMetrics.formPanel
            // As a page sheet: 60 pt in at the sides and the foot, 80 at the top (below the sheet's title).
            let inset = ComponentMetrics.sheetInset
            let top = Metrics.sheetContent.minY - Metrics.sheetPanel.minY
            return (
                p,
                sheet.ignoresSafeArea
                    ? p : Rect(p.minX + inset, p.minY + top, p.width - 2 * inset, p.height - top - inset)
            )
        }
    }

    /// An alert (UIAlertController): its title and message centred and wrapped, its buttons stacked under them,
    /// in a compact panel in the middle of the screen; an action sheet's column stands without a panel. The
    /// placed alert's frame is its panel.
    mutating func placeAlert(_ alert: SceneNode) -> PlacedNode {
        let sheet = alert.alertStyle == .actionSheet
        let width = sheet ? ComponentMetrics.actionSheetWidth : ComponentMetrics.alertWidth
        let pad = sheet ? 0 : ComponentMetrics.alertPadding
        let textWidth = width - 2 * pad
        func lines(_ text: String?, _ font: TextFont) -> [TextLine] {
            guard let t = text, !t.isEmpty else { return [] }
            return TextLayout.lines(
                t, width: textWidth, size: font.size, bold: font.bold, direction: direction, measurer: measurer)
        }
        let titleFont = TextStyle.headline.font(at: textSize)
        let messageFont = TextStyle.callout.font(at: textSize)
        let title = lines(alert.title, titleFont)
        let message = lines(alert.message, messageFont)
        let titleH = Double(title.count) * titleFont.lineHeight
        let messageH = Double(message.count) * messageFont.lineHeight
        let textH = titleH + (titleH > 0 && messageH > 0 ? ComponentMetrics.alertTextGap : 0) + messageH
        // The buttons: a leading-free centred column, each as wide as the column unless it sets a width.
        var column = alert
        column.type = .vstack
        column.alignment = .center
        column.spacing = alert.spacing ?? ComponentMetrics.alertButtonSpacing
        column.padding = .zero
        column.children = alert.children.map { child in
            var c = child
            if c.width == nil, c.type == .button {
                c.width = .points(sheet ? width : ComponentMetrics.alertButtonWidth)
            }
            return c
        }
        let buttons = stackSize(column, (width, .infinity))
        let gap = textH > 0 && buttons.1 > 0 ? ComponentMetrics.alertButtonsGap : 0
        let height = pad + textH + gap + buttons.1 + pad
        let panel = Rect(Metrics.screen.midX - width / 2, Metrics.screen.midY - height / 2, width, height)
        edges = (panel, panel)
        var placed = PlacedNode(node: alert, frame: panel, box: panel, children: [])
        var y = panel.minY + pad
        if !title.isEmpty {
            placed.labels.append(
                PlacedLabel(
                    role: .title, font: titleFont, lines: title, frame: Rect(panel.minX + pad, y, textWidth, titleH),
                    alignment: .center))
            y += titleH + (messageH > 0 ? ComponentMetrics.alertTextGap : 0)
        }
        if !message.isEmpty {
            placed.labels.append(
                PlacedLabel(
                    role: .message, font: messageFont, lines: message,
                    frame: Rect(panel.minX + pad, y, textWidth, messageH), alignment: .center))
            y += messageH
        }
        y += gap
        placed.children = placeStack(column, in: Rect(panel.minX, y, width, buttons.1))
        return placed
    }

    // MARK: Full bleed

    /// A node that ignores the safe area (SwiftUI `.ignoresSafeArea()`) below the root: its frame reaches to
    /// the outer edge (the screen's, a sheet panel's) on each side where it meets the content area's edge — a
    /// hero at the top of a tab's page reaches up under the translucent tab bar and out to the screen's sides.
    /// Its neighbours stay where they are. A `zstack` that bleeds lays its layers out in the larger frame
    /// (`ZStack { backdrop; gradient }.ignoresSafeArea()`, a background's layers filling the screen), as SwiftUI
    /// does; other containers keep their frames (a scrolling one's bounds reach the screen's edge already, its
    /// content inset to the safe area as a tvOS collection view's is).
    /// Only the edges `ignored` names bleed (`.ignoresSafeArea(edges: .horizontal)` reaches out to the sides alone).
    func bleed(_ frame: Rect, on ignored: SafeAreaEdges) -> Rect {
        let (content, outer) = edges
        var meets = SafeAreaEdges()
        if abs(frame.minX - content.minX) < 0.5 { meets.insert(.leading) }
        if abs(frame.maxX - content.maxX) < 0.5 { meets.insert(.trailing) }
        if abs(frame.minY - content.minY) < 0.5 { meets.insert(.top) }
        if abs(frame.maxY - content.maxY) < 0.5 { meets.insert(.bottom) }
        return meets.intersection(ignored).expand(frame, to: outer)
    }

    static func bleeds(_ type: NodeType) -> Bool {
        switch type {
        case .zstack: true
        default: !type.isContainer
        }
    }
}
