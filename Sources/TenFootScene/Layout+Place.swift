import FocusEngine

// Placing: each node's frame inside the rectangle its parent offers (the second of layout's two steps).
extension LayoutEngine {
    /// Places `node` inside `area` (its full offered rectangle), returning it with its descendants.
    public func place(_ authored: SceneNode, in area: Rect) -> PlacedNode {
        guard let range = authored.dynamicTypeSize else { return placeAtSize(authored, in: area) }
        return limited(to: range).placeAtSize(authored, in: area)
    }

    /// This engine inside a `dynamicTypeSize` range: its text size clamped to it.
    func limited(to range: TextSizeRange) -> LayoutEngine {
        var engine = self
        engine.textSize = range.clamp(textSize)
        engine.limitsText = true
        return engine
    }

    func placeAtSize(_ authored: SceneNode, in offered: Rect) -> PlacedNode {
        let node = authored.adapted(to: textSize)
        // An offset moves the node and everything in it, not what its parent gives its siblings.
        let area = node.offset.map { offered.offsetBy(dx: $0.x, dy: $0.y) } ?? offered
        let size = measure(node, (area.width, area.height))
        // A lockup's header sits above its artwork: the frame starts below it, the box includes it.
        let above = headerHeight(node)
        let outer = Rect(area.minX, area.minY + above, size.0, size.1)
        let p = node.padding
        // Padding that fills the size leaves nothing inside, never less (100 − 99.9 − 0.1 is a hair below zero).
        var inner = Rect(
            outer.minX + p.leading, outer.minY + p.top, max(0, outer.width - p.leading - p.trailing),
            max(0, outer.height - p.top - p.bottom))
        var box = Rect(outer.minX, area.minY, outer.width, above + outer.height + captionHeight(node))
        if node.ignoresSafeArea, Self.bleeds(node.type) {
            inner = bleed(inner, on: node.ignoredSafeAreaEdges)
            box = box.union(inner)
        }
        var placed = PlacedNode(node: node, frame: inner, box: box, children: [])
        if limitsText { placed.textSize = textSize }
        switch node.type {
        case .section:
            placeSection(node, &placed, in: inner)
        case .picker where (node.pickerStyle ?? .automatic).isSegmented:
            placed.children = placeSegments(node, in: inner)
        case .hero where !node.children.isEmpty:
            placed.children = placeHeroActions(node, in: inner)
        case .vstack, .hstack, .sheet:
            placed.children = placeStack(node, in: inner)
        case .search:
            // A search is a column: the simulator gives it its field, keyboard rows and results (Keyboard.swift).
            placed.children = placeStack(node, in: inner)
            openResultsClip(&placed)
        case .zstack:
            // Each child at its own size where the stack's `alignment` says (SwiftUI's ZStack: centred by default),
            // so a full-bleed backdrop's title and buttons can share its leading edge.
            let a = node.alignment ?? .center
            placed.children = node.children.map { child in
                let s = measure(child, (inner.width, inner.height))
                let x: Double
                switch a.horizontal {
                case .leading: x = inner.minX
                case .center: x = inner.midX - s.0 / 2
                case .trailing: x = inner.maxX - s.0
                }
                let y: Double
                switch a.vertical {
                case .top: y = inner.minY
                case .center: y = inner.midY - s.1 / 2
                case .bottom: y = inner.maxY - s.1
                }
                return place(child, in: Rect(x, y, s.0, s.1))
            }
        case .canvas:
            placed.children = node.children.map { child in
                let f = child.frame ?? Rect(0, 0, 0, 0)
                // A canvas child is exactly its frame: the frame's size wins over the intrinsic one.
                var sized = child
                if sized.width == nil { sized.width = .points(f.width) }
                if sized.height == nil { sized.height = .points(f.height) }
                return place(sized, in: f.offsetBy(dx: inner.minX, dy: inner.minY))
            }
        case .scroll:
            // A vertical page: content laid out as a vertical stack with unlimited height, then offset.
            var content = node
            content.type = .vstack
            content.padding = .zero
            let h = stackSize(content, (inner.width, .infinity)).1
            let offset = scroll[node.id] ?? 0
            // The edges move with the content, so what bleeds to them (a hero at the top) scrolls with it.
            var inside = self
            inside.edges = (edges.content.offsetBy(dx: 0, dy: -offset), edges.outer.offsetBy(dx: 0, dy: -offset))
            placed.children = inside.placeStack(content, in: Rect(inner.minX, inner.minY - offset, inner.width, h))
            placed.contentSize = h
            placed.clipBounds = clipBounds(inner, along: .vertical)
        case .shelf:
            let titleH = shelfTitleHeight(node, (inner.width, inner.height))
            let spacing = node.spacing ?? Metrics.itemSpacing
            var x = inner.minX - (scroll[node.id] ?? 0)
            // Items of different heights sit at the row's top unless `alignment` says centre or bottom.
            let sizes = node.children.map { measure($0, (inner.width, inner.height)) }
            let rowHeight = node.alignment == nil ? 0 : sizes.map(\.1).max() ?? 0
            let share: Double =
                switch node.alignment?.vertical {
                case .center?: 0.5
                case .bottom?: 1
                default: 0
                }
            for (k, (child, s)) in zip(node.children, sizes).enumerated() {
                // A ranked row: the item's numeral stands before it, as tall as the item.
                if node.numbered { x += LayoutEngine.numeralWidth(k + 1, itemHeight: s.1, measurer: measurer) }
                let y = inner.minY + titleH + (rowHeight - s.1) * share
                placed.children.append(place(child, in: Rect(x, y, s.0, s.1)))
                x += s.0 + spacing
            }
            placed.contentSize = x - spacing - (inner.minX - (scroll[node.id] ?? 0))
            placed.clipBounds = clipBounds(inner, along: .horizontal)
            if let accessory = node.accessory {
                // The header accessory at the trailing end of the title line; it does not scroll with the row.
                let s = measure(accessory, (inner.width, inner.height))
                let lineH = max(node.font(.headline, at: textSize).lineHeight, s.1)
                placed.children.append(
                    place(accessory, in: Rect(inner.maxX - s.0, inner.minY + (lineH - s.1) / 2, s.0, s.1)))
            }
        case .grid:
            let (cols, colW, _) = gridShape(node, inner.width)
            let spacing = node.spacing ?? Metrics.itemSpacing
            let heights = gridRowHeights(node, cols: cols, colW: colW)
            var y = inner.minY
            let gap = rowGap(node)
            placed.children.reserveCapacity(node.children.count)
            for k in node.children.indices {
                let child = node.children[k]
                let r = k / cols
                let c = k % cols
                if c == 0, r > 0 { y += heights[r - 1] + gap }
                let s = gridCellSize(child, colW)
                // Where an item smaller than its cell sits (Grid(alignment:)): top leading unless told.
                var x = inner.minX + Double(c) * (colW + spacing)
                var top = y
                if let a = node.alignment {
                    let spareW = max(0, colW - s.0)
                    let spareH = max(0, heights[r] - s.1 - decorationHeight(child))
                    x += a.horizontal == .leading ? 0 : a.horizontal == .center ? spareW / 2 : spareW
                    top += a.vertical == .top ? 0 : a.vertical == .center ? spareH / 2 : spareH
                }
                let cell = Rect(x, top, s.0, s.1)
                if child.children.isEmpty, child.type == .poster, child.width == nil, child.header == nil,
                    !child.ignoresSafeArea
                {
                    // A leaf poster: place it directly (no re-measure, no copy).
                    let p = child.padding
                    let frame = Rect(
                        cell.minX + p.leading, cell.minY + p.top, cell.width - p.leading - p.trailing,
                        cell.height - p.top - p.bottom)
                    placed.children.append(
                        PlacedNode(
                            node: child, frame: frame,
                            box: Rect(cell.minX, cell.minY, cell.width, cell.height + captionHeight(child)),
                            children: []))
                } else {
                    var sized = child
                    if sized.width == nil { sized.width = .points(colW) }
                    placed.children.append(place(sized, in: cell))
                }
            }
        case .text:
            placed.textLines = textLines(node, width: inner.width)
        case .tabBar:
            placed.frame = Metrics.screen
            placed.box = Metrics.screen
            placed.children = placeTabBar(node)
        default:
            break
        }
        // A button's label: the button is the label with its padding (SwiftUI's `.padding` inside a label widens the
        // platter and what focus sees), its content inside.
        if node.buttonStyle != nil { placed.frame = outer }
        if node.type == .vstack || node.type == .grid || node.type == .scroll {
            // By index: iterating the placed children would copy each one (its node, children and labels retained).
            let children = placed.children
            if children.indices.dropFirst().allSatisfy({ children[$0 - 1].box.minY <= children[$0].box.minY }) {
                var tallest = 0.0
                for k in children.indices { tallest = max(tallest, children[k].box.height) }
                placed.tallestChild = tallest
            }
        }
        return placed
    }

    /// The tab bar (system chrome: 68 pt high, 46 pt from the top, tabs centred): the selected tab's
    /// content in the safe area below it, then the strip of tab items (after it: drawn above it).
    func placeTabBar(_ node: SceneNode) -> [PlacedNode] {
        // The bar and its labels grow with the text size; the content below moves down as much.
        let font = TextStyle.callout.font(at: textSize)
        let barHeight = grown(Metrics.tabBarHeight, .callout)
        let contentTop = Metrics.tabBarContentTop + barHeight - Metrics.tabBarHeight
        let widths = node.tabs.map { tab in
            let icon = tab.icon != nil ? TabBarMetrics.iconSize + (tab.title.isEmpty ? 0 : TabBarMetrics.iconGap) : 0
            return min(
                TabBarMetrics.maxTabWidth,
                max(
                    tab.title.isEmpty ? TabBarMetrics.iconOnlyWidth : 120,
                    textWidth(tab.title, size: font.size, bold: false) + icon + 2 * TabBarMetrics.tabPadding))
        }
        let total = widths.reduce(0, +) + Double(max(0, widths.count - 1)) * TabBarMetrics.tabSpacing
        var x = Metrics.screen.midX - total / 2
        var strip = SceneNode(
            type: .hstack, id: TabBarMetrics.stripID(node.id), hasExplicitID: false, location: node.location)
        strip.tabBarPart = .strip(selected: selectedTabs[node.id] ?? node.tabs.first?.id)
        var tabs: [PlacedNode] = []
        for (tab, w) in zip(node.tabs, widths) {
            var item = SceneNode(type: .button, id: tab.id, hasExplicitID: true, location: tab.location)
            item.title = tab.title
            item.icon = tab.icon
            let f = Rect(x, Metrics.tabBarTop, w, barHeight)
            tabs.append(PlacedNode(node: item, frame: f, box: f, children: []))
            x += w + TabBarMetrics.tabSpacing
        }
        let stripFrame = Rect(Metrics.screen.minX, Metrics.tabBarTop, Metrics.screen.width, barHeight)
        let placedStrip = PlacedNode(node: strip, frame: stripFrame, box: stripFrame, children: tabs)
        let selected = selectedTabs[node.id] ?? node.tabs.first?.id
        var out: [PlacedNode] = []
        if let tab = node.tabs.first(where: { $0.id == selected }) {
            let s = Metrics.safeArea
            let area = Rect(
                s.leading, contentTop, Metrics.screen.width - s.leading - s.trailing,
                Metrics.screen.height - contentTop - s.bottom)
            var below = self
            below.edges = tab.content.type == .canvas ? (Metrics.screen, Metrics.screen) : (area, Metrics.screen)
            let content = below.place(tab.content, aligningIn: tab.content.type == .canvas ? Metrics.screen : area)
            // The content area below the bar, whatever the content's own size.
            var holder = SceneNode(
                type: .vstack, id: TabBarMetrics.contentID(node.id, tab: tab.id), hasExplicitID: false,
                location: tab.location)
            holder.tabBarPart = .content
            let frame = Rect(
                Metrics.screen.minX, contentTop, Metrics.screen.width, Metrics.screen.height - contentTop)
            out.append(PlacedNode(node: holder, frame: frame, box: frame.union(content.box), children: [content]))
        }
        // The bar after the content: system chrome drawn above it (UITabBarController).
        out.append(placedStrip)
        return out
    }

    func placeStack(_ node: SceneNode, in inner: Rect) -> [PlacedNode] {
        let horizontal = node.type == .hstack
        let kids = node.children
        let spacing = node.spacing ?? (horizontal ? Metrics.itemSpacing : Metrics.stackSpacing)
        let laid = kids.filter { $0.type != .focusGuide }
        // A row that squeezed its children when measured squeezes them in the offer it was measured in (its width is
        // what they took, in which their shares would be smaller).
        let offer =
            horizontal
            ? squeezeOffer(node, took: inner.width) ?? (inner.width, inner.height) : (inner.width, inner.height)
        var sizes = laid.map { child -> (Double, Double) in
            let m = measure(child, offer)
            return (m.0, m.1 + decorationHeight(child))
        }
        if horizontal, case .squeezed(let fitted, _) = squeezed(laid, sizes, spacing: spacing, offer: offer) {
            sizes = fitted
        }
        // What can grow along the stack shares what the rest leave (SwiftUI offers flexible views the space left).
        func fills(_ c: SceneNode) -> Bool { isFlexible(c, horizontal: horizontal) }
        let used =
            zip(laid, sizes).filter { !fills($0.0) }.map { horizontal ? $0.1.0 : $0.1.1 }.reduce(0, +)
            + Double(max(0, laid.count - 1)) * spacing
        let flex = laid.filter(fills).count
        let spare = max(0, (horizontal ? inner.width : inner.height) - used)
        let share = flex > 0 ? spare / Double(flex) : 0
        // Content longer than the stack overflows both ends evenly, as SwiftUI centres a view larger than the
        // space it was offered: a form a little too tall for the screen loses its margins, not its last button.
        let overflow = max(0, used - (horizontal ? inner.width : inner.height))
        var cursor = (horizontal ? inner.minX : inner.minY) - overflow / 2
        var out: [PlacedNode] = []
        var k = 0
        for child in kids {
            if child.type == .focusGuide {
                out.append(PlacedNode(node: child, frame: child.frame ?? .zero, box: .zero, children: []))
                continue
            }
            var (w, h) = sizes[k]
            k += 1
            let isFlex = fills(child)
            if horizontal {
                if isFlex { w = share }
                let y: Double
                switch node.alignment?.vertical {
                case .top?: y = inner.minY
                case .bottom?: y = inner.maxY - h
                case .center?, nil: y = child.height == .fill ? inner.minY : inner.midY - h / 2
                }
                let contentH = h - decorationHeight(child)
                out.append(place(child, in: Rect(cursor, y, w, child.type == .spacer ? inner.height : contentH)))
                cursor += w + spacing
            } else {
                if isFlex { h = share }
                let x: Double
                switch node.alignment?.horizontal {
                case .leading?: x = inner.minX
                case .trailing?: x = inner.maxX - w
                case .center?, nil: x = inner.midX - w / 2
                }
                let contentH = child.type == .spacer || isFlex ? h : h - decorationHeight(child)
                out.append(place(child, in: Rect(x, cursor, w, contentH)))
                cursor += h + spacing
            }
        }
        return out
    }

    /// A search's results scroll under its keyboard line: their clip opens up to the line's bottom, so a
    /// focused result in the first row lifts into the gap above it instead of being cut flat at the row's
    /// top (the scroll's own frame starts where the first row does).
    func openResultsClip(_ placed: inout PlacedNode) {
        guard let last = placed.children.indices.last, last > 0, placed.children[last].node.type == .scroll,
            var bounds = placed.children[last].clipBounds
        else { return }
        let above = placed.children[last - 1].frame.maxY
        guard above < bounds.minY else { return }
        bounds.height += bounds.minY - above
        bounds.y = above
        placed.children[last].clipBounds = bounds
    }
}

extension LayoutEngine {
    /// A ranked shelf's numerals (`numbered`): bold, this share of the item's height, drawn before the item with
    /// `numeralGap` between (room for the item to lift without covering its numeral), their foot on the item's.
    public static let numeralScale = 0.62
    public static let numeralGap = 28.0

    /// The room the numeral of `rank` takes before an item `itemHeight` high.
    public static func numeralWidth(_ rank: Int, itemHeight: Double, measurer: any TextMeasurer) -> Double {
        measurer.width(of: String(rank), size: numeralSize(itemHeight), bold: true) + numeralGap
    }

    public static func numeralSize(_ itemHeight: Double) -> Double { (itemHeight * numeralScale).rounded() }

    /// A hero's foot: how far above its bottom its texts and actions stop (a full-bleed hero's picture fades into
    /// the background there).
    public static func heroFoot(_ node: SceneNode, frame: Rect) -> Double {
        node.ignoresSafeArea ? min(ComponentMetrics.heroFoot, frame.height / 4) : 0
    }

    /// How far a hero's texts and actions stand in from the safe area's leading edge: a full-bleed hero's on that
    /// edge, where the shelves below start (the TV app's), a banner's inside its rounded corners.
    public static func heroInset(_ node: SceneNode) -> Double {
        node.ignoresSafeArea ? 0 : ComponentMetrics.heroTextInset
    }

    func heroActionsInColumn(_ sizes: [(Double, Double)], spacing: Double, room: Double) -> Bool {
        sizes.map(\.0).reduce(0, +) + spacing * Double(max(0, sizes.count - 1)) > room
    }

    /// The height a hero with actions needs for its texts and actions above its foot (it grows to it rather than
    /// push its title off its top at a large text size).
    func heroNeededHeight(_ node: SceneNode, width: Double) -> Double {
        guard !node.children.isEmpty else { return 0 }
        let left = Metrics.safeAreaRect.minX + LayoutEngine.heroInset(node)
        let room = min(width, Metrics.safeAreaRect.maxX) - left
        let sizes = node.children.map { measure($0, (width, .infinity)) }
        let spacing = node.spacing ?? Metrics.itemSpacing
        let actions =
            heroActionsInColumn(sizes, spacing: spacing, room: room)
            ? sizes.map(\.1).reduce(0, +) + ComponentMetrics.heroColumnSpacing * Double(max(0, sizes.count - 1))
            : sizes.map(\.1).max() ?? 0
        let title = TextStyle.title1.lineHeight(at: textSize)
        let subtitle = TextStyle.callout.lineHeight(at: textSize)
        let texts =
            ComponentMetrics.heroTextsAboveActions + ComponentMetrics.heroSubtitleRise + ComponentMetrics.heroTitleRise
            + (title - TextStyle.title1.lineHeight) + (subtitle - TextStyle.callout.lineHeight)
        let foot = node.ignoresSafeArea ? ComponentMetrics.heroFoot : 0
        return foot + ComponentMetrics.heroActionsGap + actions + texts + ComponentMetrics.heroTextInset
    }

    /// A hero's actions (its children, SwiftUI's buttons over a backdrop): a row at the leading edge of its texts,
    /// at their own sizes, `spacing` apart (40 by default), its foot `heroActionsGap` above the hero's foot. The
    /// title and subtitle stand above the row.
    func placeHeroActions(_ node: SceneNode, in inner: Rect) -> [PlacedNode] {
        placeHeroRowOrColumn(node, in: inner).map { action in
            var a = action
            a.onBackdrop = true
            return a
        }
    }

    private func placeHeroRowOrColumn(_ node: SceneNode, in inner: Rect) -> [PlacedNode] {
        let spacing = node.spacing ?? Metrics.itemSpacing
        let left = max(inner.minX, Metrics.safeAreaRect.minX) + LayoutEngine.heroInset(node)
        let sizes = node.children.map { measure($0, (inner.width, inner.height)) }
        let rowH = sizes.map(\.1).max() ?? 0
        let bottom = inner.maxY - LayoutEngine.heroFoot(node, frame: inner) - ComponentMetrics.heroActionsGap
        var out: [PlacedNode] = []
        let room = min(inner.maxX, Metrics.safeAreaRect.maxX) - left
        guard heroActionsInColumn(sizes, spacing: spacing, room: room) else {
            var x = left
            for (child, s) in zip(node.children, sizes) {
                out.append(place(child, in: Rect(x, bottom - rowH + (rowH - s.1) / 2, s.0, s.1)))
                x += s.0 + spacing
            }
            return out
        }
        // Too wide for one row (long titles, a large text size): a column at the same leading edge, as a row of
        // buttons becomes a column where it stops fitting (ViewThatFits).
        let gap = ComponentMetrics.heroColumnSpacing
        var y = bottom - sizes.map(\.1).reduce(0, +) - gap * Double(max(0, sizes.count - 1))
        // One width, the widest's (within the room), as a column of buttons is drawn.
        let width = min(sizes.map(\.0).max() ?? 0, room)
        for (child, s) in zip(node.children, sizes) {
            var sized = child
            if sized.width == nil { sized.width = .points(width) }
            out.append(place(sized, in: Rect(left, y, width, s.1)))
            y += s.1 + gap
        }
        return out
    }
}
