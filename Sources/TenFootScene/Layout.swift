import FocusEngine

/// Grid row heights worked out during one `place(root:)` call: a grid is measured by its parent and
/// again when placed, and each time walks every cell.
///
/// `@unchecked Sendable` because the Sendable `LayoutEngine` holds it, yet it never crosses threads:
/// `place(root:)` makes a fresh memo for its own copy of the engine, used only by that call on the
/// calling thread and gone when it returns; outside a pass there is none. So no result outlives the
/// pass either (a later pass with another measurer or another scene measures afresh).
final class LayoutMemo: @unchecked Sendable {
    var rowHeights: [String: [Double]] = [:]
    /// A text's lines by node id and offered width (a text is measured by its parent and again when placed).
    var textLines: [String: [TextLine]] = [:]
}

/// The two-step layout (measure, then place), pure and headless: scene in, frames out.
public struct LayoutEngine: Sendable {
    public var measurer: any TextMeasurer
    /// Scroll offsets by container id (points along the container's axis), applied while placing.
    public var scroll: [String: Double]
    /// The selected tab per tab bar id.
    public var selectedTabs: [String: String]
    /// The scene's `layoutDirection`: right to left places everything mirrored (``mirrored(_:)``) and
    /// orders text from its paragraphs' own direction, right to left when they have none.
    public var direction: LayoutDirection

    /// The memo of the `place(root:)` call in progress; nil outside one.
    var memo: LayoutMemo?
    /// Where the content being placed may go (the safe area, the area below a tab bar, a sheet's
    /// content area) and the edges beyond it (the screen, a sheet's panel): a scrolling container whose
    /// frame meets the content area's edge shows its content up to the outer edge there.
    var edges = (content: Metrics.safeAreaRect, outer: Metrics.screen)

    public init(measurer: any TextMeasurer = FixedAdvanceMeasurer(), scroll: [String: Double] = [:], selectedTabs: [String: String] = [:],
                direction: LayoutDirection = .leftToRight) {
        self.measurer = measurer; self.scroll = scroll; self.selectedTabs = selectedTabs; self.direction = direction
    }

    /// Lays out a root (the screen's, or a sheet's) in the screen; a sheet's content sits in its panel.
    /// Right to left, the placement is mirrored about the screen's centre.
    public func place(root: SceneNode) -> PlacedNode {
        var pass = self
        pass.memo = LayoutMemo()
        let placed = pass.placeRoot(root)
        return direction.isRightToLeft ? LayoutEngine.mirrored(placed) : placed
    }

    /// A placement mirrored about the screen's vertical centre line (the safe area, a sheet's panel and the tab
    /// bar are symmetric about it): what is leading goes to the right, a row's first child to its right end, a
    /// shelf's items run leftwards, a grid fills its rows from the right. Frames the scene gives — a canvas's
    /// children, a guide's `frame` — are where they say, as UIKit frames are: a canvas's content moves with the
    /// canvas, unmirrored.
    public static func mirrored(_ p: PlacedNode) -> PlacedNode {
        func flip(_ r: Rect) -> Rect { Rect(2 * Metrics.screen.midX - r.maxX, r.minY, r.width, r.height) }
        func shift(_ p: PlacedNode, _ dx: Double) -> PlacedNode {
            var q = p
            q.frame = p.frame.offsetBy(dx: dx, dy: 0)
            q.box = p.box.offsetBy(dx: dx, dy: 0)
            q.clipBounds = p.clipBounds?.offsetBy(dx: dx, dy: 0)
            q.children = p.children.map { shift($0, dx) }
            return q
        }
        var q = p
        q.frame = flip(p.frame)
        q.box = flip(p.box)
        q.clipBounds = p.clipBounds.map(flip)
        q.labels = p.labels.map { var l = $0; l.frame = flip(l.frame); return l }
        if p.type == .canvas {
            q.children = p.children.map { shift($0, q.frame.minX - p.frame.minX) }
        } else {
            // A guide's own frame in a stack is in screen points already.
            q.children = p.children.map { $0.type == .focusGuide && $0.node.frame != nil ? $0 : mirrored($0) }
        }
        return q
    }

    /// The room a text's symbol takes before its lines (SwiftUI's Label): a square of the text's size and half
    /// that again as a gap; nothing without a symbol, and no gap when there is no text.
    public static func symbolColumn(_ node: SceneNode) -> Double {
        guard node.icon != nil else { return 0 }
        let size = (node.textStyle ?? .body).size
        return size + (node.title?.isEmpty ?? true ? 0 : size / 2)
    }

    /// The width of one line of `text` as drawn in this layout's direction.
    func textWidth(_ text: String, size: Double, bold: Bool) -> Double {
        measurer.line(text, size: size, bold: bold, direction: .natural(direction)).width
    }

    /// A text node's lines in `width` (wrapped, limited to its `lineLimit`; beside its symbol when it has one),
    /// memoised for the pass.
    func textLines(_ node: SceneNode, width: Double) -> [TextLine] {
        let key = "\(node.id)|\(width)"
        if let hit = memo?.textLines[key] { return hit }
        let style = node.textStyle ?? .body
        let room = width - LayoutEngine.symbolColumn(node)
        let lines = node.title?.isEmpty ?? true ? [] : TextLayout.lines(node.title ?? "", width: room > 0 ? room : .infinity, size: style.size, bold: style.bold,
                                                                       lineLimit: node.lineLimit, direction: direction, measurer: measurer)
        memo?.textLines[key] = lines
        return lines
    }

    mutating func placeRoot(_ root: SceneNode) -> PlacedNode {
        if root.type == .alert { return placeAlert(root) }
        if root.type == .sheet {
            // A sheet's content sits in its panel, 60 pt in; with `ignoresSafeArea`, in the whole panel.
            let (panel, area) = LayoutEngine.sheetAreas(root)
            edges = (area, panel)
            return place(root, aligningIn: area)
        }
        if root.type == .canvas || root.ignoresSafeArea {
            edges = (Metrics.screen, Metrics.screen)
            return place(root, aligningIn: Metrics.screen)
        }
        return place(root, aligningIn: Metrics.safeAreaRect)
    }

    /// A scrolling container's bounds along `axis`: its frame, reaching to the outer edge on each side
    /// where it meets the content area's edge (within half a point).
    func clipBounds(_ frame: Rect, along axis: ScrollAxes) -> Rect {
        var b = frame
        let (content, outer) = edges
        if axis == .horizontal {
            let x0 = abs(frame.minX - content.minX) < 0.5 ? outer.minX : frame.minX
            let x1 = abs(frame.maxX - content.maxX) < 0.5 ? outer.maxX : frame.maxX
            b.x = x0; b.width = x1 - x0
        } else {
            let y0 = abs(frame.minY - content.minY) < 0.5 ? outer.minY : frame.minY
            let y1 = abs(frame.maxY - content.maxY) < 0.5 ? outer.maxY : frame.maxY
            b.y = y0; b.height = y1 - y0
        }
        return b
    }

    /// Places a root — the screen's, a tab's content, a sheet — in the area it is given: where its `alignment`
    /// says, as SwiftUI's window (or `.frame(maxWidth: .infinity, maxHeight: .infinity, alignment:)`) places its
    /// content: `center` in the middle of the area, `top` at the top centre, `bottomTrailing` in that corner. On
    /// an axis the name says nothing about (`leading` and `trailing` say nothing vertically; a row's `top`,
    /// `center` and `bottom` say nothing horizontally), and without an alignment, the root starts at the area's
    /// top-leading corner. (A stack's alignment also places its children across its axis, as ever.)
    func place(_ root: SceneNode, aligningIn area: Rect) -> PlacedNode {
        guard let a = root.alignment, root.type.isContainer else { return place(root, in: area) }
        let size = measure(root, (area.width, area.height))
        let row = root.type == .hstack
        // SwiftUI's names: `top` is (centre, top); `leading` is (leading, centre), but a column's `leading` has
        // always meant its children only, so it leaves the vertical alone.
        let namesHorizontal = !row
        let namesVertical = row || !(a.vertical == .center && a.horizontal != .center)
        var x = area.minX, y = area.minY
        if namesHorizontal {
            switch a.horizontal {
            case .leading: break
            case .center: x = area.midX - size.0 / 2
            case .trailing: x = area.maxX - size.0
            }
        }
        if namesVertical {
            switch a.vertical {
            case .top: break
            case .center: y = area.midY - size.1 / 2
            case .bottom: y = area.maxY - size.1
            }
        }
        // Offered the same room (so it measures the same), from its new corner.
        return place(root, in: Rect(max(area.minX, x), max(area.minY, y), area.width, area.height))
    }

    // MARK: Measure

    /// The size `node` wants when offered `proposal` (width, height).
    public func measure(_ node: SceneNode, _ proposal: (Double, Double)) -> (Double, Double) {
        let inner = (max(0, proposal.0 - node.padding.leading - node.padding.trailing), max(0, proposal.1 - node.padding.top - node.padding.bottom))
        var (w, h) = intrinsic(node, inner)
        if case .points(let v)? = node.width { w = v } else if node.width == .fill, inner.0.isFinite { w = inner.0 }
        if case .points(let v)? = node.height { h = v } else if node.height == .fill, inner.1.isFinite { h = inner.1 }
        if !w.isFinite { w = 0 }
        if !h.isFinite { h = 0 }
        return (w + node.padding.leading + node.padding.trailing, h + node.padding.top + node.padding.bottom)
    }

    /// The caption height under a poster or card (title, subtitle).
    func captionHeight(_ node: SceneNode) -> Double {
        switch node.type {
        case .poster, .card, .monogram, .captionButton: break
        default: return 0
        }
        guard node.title != nil || node.subtitle != nil || node.footer != nil else { return 0 }
        var h = Metrics.captionGap
        if node.title != nil { h += TextStyle.caption1.lineHeight }
        if node.subtitle != nil { h += TextStyle.caption2.lineHeight }
        if node.footer != nil { h += TextStyle.caption2.lineHeight }
        return h
    }

    func intrinsic(_ node: SceneNode, _ proposal: (Double, Double)) -> (Double, Double) {
        if let s = componentSize(node, proposal) { return s }
        switch node.type {
        case .spacer:
            return (0, 0)
        case .focusGuide:
            // A guide on a canvas fills its frame; in stacks guides take no space (see placeStack).
            return proposal
        case .poster:
            let w = points(node.width) ?? Metrics.posterWidth
            return (w, points(node.height) ?? (w * (node.aspect ?? (node.shape?.kind == .circle ? 1 : Metrics.posterAspect))))
        case .card:
            // 410 × 230 (16:9), or the card's own aspect at its width; a circle is square.
            guard let a = node.aspect ?? (node.shape?.kind == .circle ? 1 : nil) else { return Metrics.cardSize }
            let w = points(node.width) ?? Metrics.cardSize.0
            return (w, w * a)
        case .image:
            let w = points(node.width) ?? 560
            return (w, w * (node.aspect ?? (node.shape?.kind == .circle ? 1 : 0.5625)))
        case .button:
            // A symbol alone is a compact button; a title (after its symbol) is at least 200 wide.
            // A circle button (.buttonBorderShape(.circle)) is as wide as it is high.
            if node.shape?.kind == .circle { return (Metrics.buttonHeight, Metrics.buttonHeight) }
            guard let title = node.title else {
                return (node.icon != nil ? Metrics.buttonIconSize + 2 * Metrics.buttonPadding : Metrics.buttonMinWidth, Metrics.buttonHeight)
            }
            let tw = textWidth(title, size: TextStyle.headline.size, bold: true)
            let iw = node.icon != nil ? Metrics.buttonIconSize + Metrics.buttonIconGap : 0
            return (max(Metrics.buttonMinWidth, tw + iw + 2 * Metrics.buttonPadding), Metrics.buttonHeight)
        case .text:
            // SwiftUI's Text: as wide as its longest line, wrapping to the width it is offered (or given).
            let style = node.textStyle ?? .body
            let lines = textLines(node, width: points(node.width) ?? proposal.0)
            return ((lines.map(\.width).max() ?? 0) + LayoutEngine.symbolColumn(node), Double(max(1, lines.count)) * style.lineHeight)
        case .textField:
            return Metrics.fieldSize
        case .picker:
            return Metrics.pickerSize
        case .hero:
            return (proposal.0, Metrics.heroHeight)
        case .tabBar:
            return (proposal.0, proposal.1)
        case .canvas, .scroll:
            return (proposal.0.isFinite ? proposal.0 : 0, proposal.1.isFinite ? proposal.1 : 0)
        case .shelf:
            let row = node.children.map { measure($0, proposal) }
            let itemsH = zip(node.children, row).map { $0.1.1 + decorationHeight($0.0) }.max() ?? 0
            return (proposal.0, shelfTitleHeight(node, proposal) + itemsH)
        case .grid:
            let (cols, colW, rows) = gridShape(node, points(node.width) ?? proposal.0)
            let spacing = node.spacing ?? Metrics.itemSpacing
            let rowHeights = gridRowHeights(node, cols: cols, colW: colW)
            let h = rowHeights.reduce(0, +) + Double(max(0, rows - 1)) * rowGap(node)
            return (Double(cols) * colW + Double(max(0, cols - 1)) * spacing, h)
        case .vstack, .hstack, .zstack, .sheet:
            return stackSize(node, proposal)
        case .monogram, .captionButton, .row, .toggle, .section, .alert:
            return proposal  // sized by componentSize
        }
    }

    func points(_ l: Length?) -> Double? { if case .points(let v)? = l { v } else { nil } }

    /// A shelf's title line and the gap below it (none without a title or accessory); an accessory taller
    /// than the headline line makes the line taller.
    func shelfTitleHeight(_ node: SceneNode, _ proposal: (Double, Double)) -> Double {
        guard node.title != nil || node.accessory != nil else { return 0 }
        let accessoryH = node.accessory.map { measure($0, proposal).1 } ?? 0
        return max(TextStyle.headline.lineHeight, accessoryH) + Metrics.shelfTitleGap
    }

    /// Vertical gap between grid rows. Row heights include captions, and captions count toward the
    /// HIG's 100-pt minimum, so the default gap is what remains of 100 pt after the caption (at least 40).
    func rowGap(_ node: SceneNode) -> Double {
        if let s = node.spacing { return s }
        let caption = node.children.first.map(decorationHeight) ?? 0
        return max(Metrics.itemSpacing, Metrics.gridRowSpacing - caption)
    }

    /// Columns, column width and rows. The column width is the first child's numeric `width`, else the
    /// tvOS width for the column count (made for the 1,760-pt safe width), narrowed to fit a narrower
    /// offer (a grid in a sheet's panel fits the panel).
    func gridShape(_ node: SceneNode, _ width: Double) -> (Int, Double, Int) {
        let cols = node.columns ?? 6
        let spacing = node.spacing ?? Metrics.itemSpacing
        let fitted = width.isFinite && width > 0 ? max(0, (width - Double(cols - 1) * spacing) / Double(cols)) : nil
        let standard = Metrics.gridWidths[cols].map { tvOS in fitted.map { min(tvOS, $0) } ?? tvOS }
        let colW = node.children.first.flatMap { points($0.width) } ?? standard ?? fitted ?? 0
        let rows = (node.children.count + cols - 1) / cols
        return (cols, colW, rows)
    }

    func gridRowHeights(_ node: SceneNode, cols: Int, colW: Double) -> [Double] {
        let key = "\(node.id)|\(colW)|\(node.children.count)"
        if let hit = memo?.rowHeights[key] { return hit }
        var heights: [Double] = []
        heights.reserveCapacity(node.children.count / cols + 1)
        for start in stride(from: 0, to: node.children.count, by: cols) {
            var tallest = 0.0
            for k in start ..< min(start + cols, node.children.count) {
                let child = node.children[k]
                tallest = max(tallest, gridCellSize(child, colW).1 + decorationHeight(child))
            }
            heights.append(tallest)
        }
        memo?.rowHeights[key] = heights
        return heights
    }

    /// A grid cell's size: the column width unless the child sets its own.
    func gridCellSize(_ child: SceneNode, _ colW: Double) -> (Double, Double) {
        if child.width != nil { return measure(child, (colW, .infinity)) }
        switch child.type {
        case .poster:
            // The common case, without copying the node: artwork at the column width.
            let h = points(child.height) ?? colW * (child.aspect ?? Metrics.posterAspect)
            return (colW + child.padding.leading + child.padding.trailing, h + child.padding.top + child.padding.bottom)
        default:
            var sized = child
            sized.width = .points(colW)
            return measure(sized, (colW, .infinity))
        }
    }

    func isFlexible(_ node: SceneNode, horizontal: Bool) -> Bool {
        if node.type == .spacer { return true }
        let l = horizontal ? node.width : node.height
        if l == .fill { return true }
        if l != nil { return false }
        switch node.type {
        case .hstack where horizontal, .vstack where !horizontal, .zstack:
            return node.children.contains { isFlexible($0, horizontal: horizontal) }
        case .hstack, .vstack:
            return node.children.contains { isFlexible($0, horizontal: horizontal) }
        case .canvas, .scroll: return true
        case .shelf, .hero, .row, .toggle, .section: return horizontal
        default: return false
        }
    }

    func stackSize(_ node: SceneNode, _ proposal: (Double, Double)) -> (Double, Double) {
        let kids = node.children.filter { $0.type != .focusGuide }
        if node.type == .zstack {
            let sizes = kids.map { measure($0, proposal) }
            return (sizes.map(\.0).max() ?? 0, sizes.map(\.1).max() ?? 0)
        }
        let horizontal = node.type == .hstack
        let spacing = node.spacing ?? (horizontal ? Metrics.itemSpacing : Metrics.stackSpacing)
        let sizes = kids.map { child -> (Double, Double) in
            let m = measure(child, proposal)
            return (m.0, m.1 + decorationHeight(child))
        }
        let gaps = Double(max(0, kids.count - 1)) * spacing
        if horizontal {
            // An unbounded axis (a scrolling page's content) has nothing to fill: flexible children shrink.
            let flexible = proposal.0.isFinite && kids.contains { isFlexible($0, horizontal: true) }
            let w = flexible ? proposal.0 : sizes.map(\.0).reduce(0, +) + gaps
            let tall = proposal.1.isFinite && kids.contains { isFlexible($0, horizontal: false) && $0.type != .spacer }
            return (w, tall ? proposal.1 : sizes.map(\.1).max() ?? 0)
        } else {
            let flexible = proposal.1.isFinite && kids.contains { isFlexible($0, horizontal: false) }
            let h = flexible ? proposal.1 : sizes.map(\.1).reduce(0, +) + gaps
            let wide = proposal.0.isFinite && kids.contains { isFlexible($0, horizontal: true) && $0.type != .spacer }
            return (wide ? proposal.0 : sizes.map(\.0).max() ?? 0, h)
        }
    }

    // MARK: Place

    /// Places `node` inside `area` (its full offered rectangle), returning it with its descendants.
    public func place(_ node: SceneNode, in area: Rect) -> PlacedNode {
        let size = measure(node, (area.width, area.height))
        // A lockup's header sits above its artwork: the frame starts below it, the box includes it.
        let above = headerHeight(node)
        let outer = Rect(area.minX, area.minY + above, size.0, size.1)
        let p = node.padding
        var inner = Rect(outer.minX + p.leading, outer.minY + p.top, outer.width - p.leading - p.trailing, outer.height - p.top - p.bottom)
        var box = Rect(outer.minX, area.minY, outer.width, above + outer.height + captionHeight(node))
        if node.ignoresSafeArea, !node.type.isContainer {
            inner = bleed(inner)
            box = box.union(inner)
        }
        var placed = PlacedNode(node: node, frame: inner, box: box, children: [])
        switch node.type {
        case .section:
            placeSection(node, &placed, in: inner)
        case .picker where (node.pickerStyle ?? .automatic).isSegmented:
            placed.children = placeSegments(node, in: inner)
        case .vstack, .hstack, .sheet:
            placed.children = placeStack(node, in: inner)
        case .zstack:
            placed.children = node.children.map { child in
                let s = measure(child, (inner.width, inner.height))
                return place(child, in: Rect(inner.midX - s.0 / 2, inner.midY - s.1 / 2, s.0, s.1))
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
            for child in node.children {
                let s = measure(child, (inner.width, inner.height))
                placed.children.append(place(child, in: Rect(x, inner.minY + titleH, s.0, s.1)))
                x += s.0 + spacing
            }
            placed.contentSize = x - spacing - (inner.minX - (scroll[node.id] ?? 0))
            placed.clipBounds = clipBounds(inner, along: .horizontal)
            if let accessory = node.accessory {
                // The header accessory at the trailing end of the title line; it does not scroll with the row.
                let s = measure(accessory, (inner.width, inner.height))
                let lineH = max(TextStyle.headline.lineHeight, s.1)
                placed.children.append(place(accessory, in: Rect(inner.maxX - s.0, inner.minY + (lineH - s.1) / 2, s.0, s.1)))
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
                let r = k / cols, c = k % cols
                if c == 0, r > 0 { y += heights[r - 1] + gap }
                let s = gridCellSize(child, colW)
                let cell = Rect(inner.minX + Double(c) * (colW + spacing), y, s.0, s.1)
                if child.children.isEmpty, child.type == .poster, child.width == nil, child.header == nil, !child.ignoresSafeArea {
                    // A leaf poster: place it directly (no re-measure, no copy).
                    let p = child.padding
                    let frame = Rect(cell.minX + p.leading, cell.minY + p.top, cell.width - p.leading - p.trailing, cell.height - p.top - p.bottom)
                    placed.children.append(PlacedNode(node: child, frame: frame, box: Rect(cell.minX, cell.minY, cell.width, cell.height + captionHeight(child)), children: []))
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
        if node.type == .vstack || node.type == .grid || node.type == .scroll,
           zip(placed.children, placed.children.dropFirst()).allSatisfy({ $0.box.minY <= $1.box.minY }) {
            placed.tallestChild = placed.children.reduce(0) { max($0, $1.box.height) }
        }
        return placed
    }

    /// The tab bar (system chrome: 68 pt high, 46 pt from the top, tabs centred): the selected tab's
    /// content in the safe area below it, then the strip of tab items (after it: drawn above it).
    func placeTabBar(_ node: SceneNode) -> [PlacedNode] {
        let widths = node.tabs.map { tab in
            let icon = tab.icon != nil ? TabBarMetrics.iconSize + (tab.title.isEmpty ? 0 : TabBarMetrics.iconGap) : 0
            return max(tab.title.isEmpty ? TabBarMetrics.iconOnlyWidth : 120, textWidth(tab.title, size: TabBarMetrics.fontSize, bold: false) + icon + 2 * TabBarMetrics.tabPadding)
        }
        let total = widths.reduce(0, +) + Double(max(0, widths.count - 1)) * TabBarMetrics.tabSpacing
        var x = Metrics.screen.midX - total / 2
        var strip = SceneNode(type: .hstack, id: TabBarMetrics.stripID(node.id), hasExplicitID: false, location: node.location)
        strip.tabBarPart = .strip(selected: selectedTabs[node.id] ?? node.tabs.first?.id)
        var tabs: [PlacedNode] = []
        for (tab, w) in zip(node.tabs, widths) {
            var item = SceneNode(type: .button, id: tab.id, hasExplicitID: true, location: tab.location)
            item.title = tab.title
            item.icon = tab.icon
            let f = Rect(x, Metrics.tabBarTop, w, Metrics.tabBarHeight)
            tabs.append(PlacedNode(node: item, frame: f, box: f, children: []))
            x += w + TabBarMetrics.tabSpacing
        }
        let stripFrame = Rect(Metrics.screen.minX, Metrics.tabBarTop, Metrics.screen.width, Metrics.tabBarHeight)
        let placedStrip = PlacedNode(node: strip, frame: stripFrame, box: stripFrame, children: tabs)
        let selected = selectedTabs[node.id] ?? node.tabs.first?.id
        var out: [PlacedNode] = []
        if let tab = node.tabs.first(where: { $0.id == selected }) {
            let s = Metrics.safeArea
            let area = Rect(s.leading, Metrics.tabBarContentTop, Metrics.screen.width - s.leading - s.trailing, Metrics.screen.height - Metrics.tabBarContentTop - s.bottom)
            var below = self
            below.edges = tab.content.type == .canvas ? (Metrics.screen, Metrics.screen) : (area, Metrics.screen)
            let content = below.place(tab.content, aligningIn: tab.content.type == .canvas ? Metrics.screen : area)
            // The content area below the bar, whatever the content's own size.
            var holder = SceneNode(type: .vstack, id: TabBarMetrics.contentID(node.id, tab: tab.id), hasExplicitID: false, location: tab.location)
            holder.tabBarPart = .content
            let frame = Rect(Metrics.screen.minX, Metrics.tabBarContentTop, Metrics.screen.width, Metrics.screen.height - Metrics.tabBarContentTop)
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
        let sizes = laid.map { child -> (Double, Double) in
            let m = measure(child, (inner.width, inner.height))
            return (m.0, m.1 + decorationHeight(child))
        }
        func fills(_ c: SceneNode) -> Bool { c.type == .spacer || (horizontal ? c.width == .fill : c.height == .fill) }
        let used = zip(laid, sizes).filter { !fills($0.0) }.map { horizontal ? $0.1.0 : $0.1.1 }.reduce(0, +)
            + Double(max(0, laid.count - 1)) * spacing
        let flex = laid.filter(fills).count
        let spare = max(0, (horizontal ? inner.width : inner.height) - used)
        let share = flex > 0 ? spare / Double(flex) : 0
        var cursor = horizontal ? inner.minX : inner.minY
        var out: [PlacedNode] = []
        var k = 0
        for child in kids {
            if child.type == .focusGuide {
                out.append(PlacedNode(node: child, frame: child.frame ?? .zero, box: .zero, children: []))
                continue
            }
            var (w, h) = sizes[k]
            k += 1
            let isFlex = child.type == .spacer || (horizontal ? child.width == .fill : child.height == .fill)
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
}
