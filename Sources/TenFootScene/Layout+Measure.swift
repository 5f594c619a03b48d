import FocusEngine

// Measuring: the size each kind of node wants when offered a size (the first of layout's two steps).
extension LayoutEngine {
    /// The options a picker's width is fitted to, from the first: each is shaped to be measured, and a picker of
    /// 100,000 options took 8 s to lay out (its list, a row an option, is laid out only when it opens).
    public static let maxMeasuredOptions = 1_000

    /// The size `node` wants when offered `proposal` (width, height).
    public func measure(_ authored: SceneNode, _ proposal: (Double, Double)) -> (Double, Double) {
        measured(authored, proposal).size
    }

    /// ``measure(_:_:)`` with the least width the node measures the same at (up to the width offered; infinite when
    /// not known, as for a node that does not measure by fitting).
    func measured(_ authored: SceneNode, _ proposal: (Double, Double)) -> (size: (Double, Double), floor: Double) {
        guard let memo else { return (measureUnmemoised(authored, proposal), .infinity) }
        let node = authored.storageIdentity
        let reuse = memo.reusesFittedSizes ? reusing(authored, memo) : nil
        let fits = reuse?.fits ?? .no
        if fits != .no, let known = reuse?.size(at: proposal.0, textSize, limitsText: limitsText) {
            return (known.size, known.floor)
        }
        let key = LayoutMemo.MeasureKey(
            node: node, width: proposal.0, height: proposal.1, textSize: textSize, limitsText: limitsText)
        if let hit = memo.sizes[key] { return (hit.size, hit.floor) }
        memo.countMeasuring()
        let size = measureUnmemoised(authored, proposal)
        let floor: Double
        switch fits {
        case .no: floor = .infinity
        case .yes: floor = size.0
        case .workedOut: floor = memo.measuredFloor
        }
        memo.sizes[key] = (authored, size, floor)
        if fits != .no { memo.nodes[node]?.keep((proposal.0, size, floor, textSize, limitsText)) }
        return (size, floor)
    }

    /// How `node`'s measured size is reused: by ``fitting(_:)`` unless it takes the offer (``isFlexible(_:horizontal:)``),
    /// found once a node.
    private func reusing(_ node: SceneNode, _ memo: LayoutMemo) -> LayoutMemo.Reuse {
        if let hit = memo.nodes[node.storageIdentity] { return hit }
        let value =
            !isFlexible(node, horizontal: true) && !isFlexible(node, horizontal: false) ? fitting(node) : .no
        let reuse = LayoutMemo.Reuse(node: node, fits: value)
        memo.nodes[node.storageIdentity] = reuse
        return reuse
    }

    /// Which of a stack's children (guides aside) take the offer: any across each axis, and any but spacers.
    private func flexibleChildren(_ node: SceneNode) -> FlexibleChildren {
        func found() -> FlexibleChildren {
            var out = FlexibleChildren()
            for child in node.children where child.type != .focusGuide {
                let (h, v) = (isFlexible(child, horizontal: true), isFlexible(child, horizontal: false))
                out.horizontally = out.horizontally || h
                out.vertically = out.vertically || v
                out.horizontallyNotSpacers = out.horizontallyNotSpacers || (h && child.type != .spacer)
                out.verticallyNotSpacers = out.verticallyNotSpacers || (v && child.type != .spacer)
            }
            return out
        }
        guard let memo else { return found() }
        if let hit = memo.flexibleChildren[node.storageIdentity] { return hit.value }
        let value = found()
        memo.flexibleChildren[node.storageIdentity] = (node, value)
        return value
    }

    struct FlexibleChildren {
        var horizontally = false, vertically = false
        var horizontallyNotSpacers = false, verticallyNotSpacers = false
    }

    private func measureUnmemoised(_ authored: SceneNode, _ proposal: (Double, Double)) -> (Double, Double) {
        guard let range = authored.dynamicTypeSize else { return measureAtSize(authored, proposal) }
        return limited(to: range).measureAtSize(authored, proposal)
    }

    func measureAtSize(_ authored: SceneNode, _ proposal: (Double, Double)) -> (Double, Double) {
        let node = authored.adapted(to: textSize)
        let inner = (
            max(0, proposal.0 - node.padding.leading - node.padding.trailing),
            max(0, proposal.1 - node.padding.top - node.padding.bottom)
        )
        var (w, h) = intrinsic(node, inner)
        if let memo, [.text, .vstack, .hstack, .zstack].contains(node.type) {
            // The floor heard inside the padding, as the least width offered outside it that reaches it.
            let padding = node.padding
            memo.measuredFloor = LayoutEngine.leastOffer(
                reaching: memo.measuredFloor, taking: padding.leading + padding.trailing
            ) { p in max(0, p - padding.leading - padding.trailing) }
        }
        if case .points(let v)? = node.width { w = v } else if node.width == .fill, inner.0.isFinite { w = inner.0 }
        if case .points(let v)? = node.height {
            // A card's height is its artwork's, as its aspect is: the platter's text band comes on top.
            h = v + LayoutEngine.cardBandHeight(node, textSize: textSize)
        } else if node.height == .fill, inner.1.isFinite {
            h = inner.1
        }
        if node.type == .hero { h = max(h, heroNeededHeight(node, width: inner.0.isFinite ? inner.0 : w)) }
        if !w.isFinite { w = 0 }
        if !h.isFinite { h = 0 }
        return (w + node.padding.leading + node.padding.trailing, h + node.padding.top + node.padding.bottom)
    }

    /// The caption height under a poster or card (title, subtitle).
    func captionHeight(_ node: SceneNode) -> Double {
        switch node.type {
        case .poster, .monogram, .captionButton: break
        case .card where !node.isCardPlatter: break
        default: return 0
        }
        guard node.title != nil || node.subtitle != nil || node.footer != nil else { return 0 }
        var h = Metrics.captionGap
        if node.title != nil { h += node.font(.caption1, at: textSize).lineHeight }
        if node.subtitle != nil { h += TextStyle.caption2.lineHeight(at: textSize) }
        if node.footer != nil { h += TextStyle.caption2.lineHeight(at: textSize) }
        return h
    }

    /// The text band at the foot of a card's platter (`.buttonStyle(.card)`): its title, subtitle and footer
    /// sit inside the card, padded, under the artwork; 0 for a card with no text (the artwork is the card) and a
    /// round one (its caption is under it, as a poster's).
    public static func cardBandHeight(_ node: SceneNode, textSize: TextSize) -> Double {
        guard node.isCardPlatter else { return 0 }
        var h = 2 * Metrics.cardBandPadding
        if node.title != nil { h += node.font(.caption1, at: textSize).lineHeight }
        if node.subtitle != nil { h += TextStyle.caption2.lineHeight(at: textSize) }
        if node.footer != nil { h += TextStyle.caption2.lineHeight(at: textSize) }
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
            return (
                w,
                points(node.height) ?? (w * (node.aspect ?? (node.shape?.kind == .circle ? 1 : Metrics.posterAspect)))
            )
        case .card:
            // Artwork of 410 × 230 (16:9), or of the card's own aspect at its width (a circle is square), with
            // the platter's text band under it.
            let band = LayoutEngine.cardBandHeight(node, textSize: textSize)
            guard let a = node.aspect ?? (node.shape?.kind == .circle ? 1 : nil) else {
                return (Metrics.cardSize.0, Metrics.cardSize.1 + band)
            }
            let w = points(node.width) ?? Metrics.cardSize.0
            return (w, w * a + band)
        case .image:
            let aspect = node.aspect ?? (node.shape?.kind == .circle ? 1 : 0.5625)
            // Given a height alone, a picture keeps its shape as it does given a width alone (a 14-point badge
            // is not 560 wide).
            if node.width == nil, let h = points(node.height), aspect > 0 {
                return (min(h / aspect, SceneLimits.maxSize), h)
            }
            let w = points(node.width) ?? 560
            return (w, w * aspect)
        case .button:
            // A symbol alone is a compact button; a title (after its symbol) is at least 200 wide.
            // A circle button (.buttonBorderShape(.circle)) is as wide as it is high.
            // Its height grows with its title's text size.
            let font = node.font(.headline, at: textSize)
            let height = Metrics.buttonHeight + font.lineHeight - TextStyle.headline.lineHeight
            if node.shape?.kind == .circle { return (height, height) }
            guard let title = node.title else {
                return (
                    node.icon != nil ? Metrics.buttonIconSize + 2 * Metrics.buttonPadding : Metrics.buttonMinWidth,
                    height
                )
            }
            // The symbol grows with the title.
            let symbolScale = font.size / TextStyle.headline.size
            let iw = node.icon != nil ? (Metrics.buttonIconSize + Metrics.buttonIconGap) * symbolScale : 0
            // No wider than it is offered: a long title is cut short with "…" inside the button, as tvOS cuts a
            // button's label, instead of the button running off the screen.
            let offered = proposal.0.isFinite && proposal.0 > 0 ? max(Metrics.buttonMinWidth, proposal.0) : nil
            let room = offered.map { $0 - iw - 2 * Metrics.buttonPadding } ?? .infinity
            let tw = textWidth(title, size: font.size, bold: font.bold, upTo: room)
            let natural = max(Metrics.buttonMinWidth, tw + iw + 2 * Metrics.buttonPadding)
            return (min(natural, offered ?? natural), height)
        case .text:
            // SwiftUI's Text: as wide as its longest line, wrapping to the width it is offered (or given).
            let font = node.font(.body, at: textSize)
            let (lines, needed) = textBreak(node, width: points(node.width) ?? proposal.0)
            memo?.measuredFloor = textFloor(node, lines, needed: needed, offered: proposal.0)
            return (
                (lines.map(\.width).max() ?? 0) + LayoutEngine.symbolColumn(node, textSize: textSize),
                Double(max(1, lines.count)) * font.lineHeight
            )
        case .textField:
            return (Metrics.fieldSize.0, grown(Metrics.fieldSize.1, .headline))
        case .picker:
            // The standard width, wider where its label and longest option need more (as they grow with the
            // text size), within what it is offered.
            let font = node.font(.subtitle1, at: textSize)
            let pad = ComponentMetrics.rowPadding
            let longest =
                node.options.prefix(LayoutEngine.maxMeasuredOptions).map {
                    textWidth($0, size: font.size, bold: false)
                }.max() ?? 0
            let content =
                2 * pad + textWidth(node.title ?? "", size: font.size, bold: false) + pad + longest
                + ComponentMetrics.rowAccessorySize + pad / 2
            let room = proposal.0.isFinite ? max(Metrics.pickerSize.0, proposal.0) : content
            return (min(max(Metrics.pickerSize.0, content), room), grown(Metrics.pickerSize.1, .headline))
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
        case .vstack, .hstack, .zstack, .sheet, .search:
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
        return max(node.font(.headline, at: textSize).lineHeight, accessoryH) + Metrics.shelfTitleGap
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
            for k in start..<min(start + cols, node.children.count) {
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
        guard let memo else { return isFlexibleUnmemoised(node, horizontal: horizontal) }
        let key = LayoutMemo.FlexibleKey(node: node.storageIdentity, horizontal: horizontal)
        if let hit = memo.flexible[key] { return hit.value }
        let value = isFlexibleUnmemoised(node, horizontal: horizontal)
        memo.flexible[key] = (node, value)
        return value
    }

    private func isFlexibleUnmemoised(_ node: SceneNode, horizontal: Bool) -> Bool {
        if node.type == .spacer { return true }
        let l = horizontal ? node.width : node.height
        if l == .fill { return true }
        if l != nil { return false }
        switch node.type {
        case .hstack where horizontal, .vstack where !horizontal, .zstack:
            return node.children.contains { isFlexible($0, horizontal: horizontal) }
        case .hstack, .vstack, .search:
            // Across a stack, a spacer grows nothing (it stretches along its stack only).
            return node.children.contains { $0.type != .spacer && isFlexible($0, horizontal: horizontal) }
        case .canvas, .scroll: return true
        case .shelf, .hero, .row, .toggle, .section: return horizontal
        default: return false
        }
    }

    /// How a node's size depends on the width it is offered (`LayoutMemo.nodes`).
    enum Fitting: UInt8 {
        /// Not only by fitting in it.
        case no
        /// Only by fitting in it: offered a width between its last width and the width it was offered then (and any
        /// height), it measures the same. Stacks with no size of their own holding buttons (cut to the offered width
        /// when wider), posters, cards, images, monograms, caption buttons, text fields and such stacks, but not a row
        /// holding what gives way (`squeezed`), whose floor is worked out.
        case yes
        /// The least width it measures the same at is worked out, not its own width. Text, stacks holding it, and
        /// stacks of a given size (of text or not): a text's lines are the same at any width from the widest line its
        /// breaker found to fit on the way to the width it was broken in (every comparison the breaker made comes out
        /// the same), and a stack of a given size measures its children in the offer all the same; but a line's width
        /// is not the width its breaking needed once padding and symbol columns are added and taken away again, so
        /// the least such width is worked out from the widths the breaker compares.
        case workedOut
    }

    /// How `node`'s size depends on its offer. Not a node that lays its content out in the offer rather than in its
    /// own size (a section or a shelf of a given width), nor anything that takes the offer (`isFlexible`), nor a node
    /// `largeText` changes at some sizes.
    func fitting(_ node: SceneNode) -> Fitting {
        guard let memo else { return fittingUnmemoised(node) }
        if let hit = memo.fitsOffer[node.storageIdentity] { return hit.value }
        let value = fittingUnmemoised(node)
        memo.fitsOffer[node.storageIdentity] = (node, value)
        return value
    }

    private func fittingUnmemoised(_ node: SceneNode) -> Fitting {
        // What `largeText` changes at a size (a height that fills, another type) is not what this reads.
        guard node.largeText == nil else { return .no }
        switch node.type {
        case .button, .poster, .card, .image, .monogram, .captionButton, .textField: return .yes
        case .text: return .workedOut
        case .vstack, .hstack, .zstack:
            // A stack of a given size measures its children in the offer all the same: its floor is theirs.
            let sized = node.width != nil || node.height != nil
            guard node.width != .fill, node.height != .fill else { return .no }
            // A row that squeezes its children works its floor out (`squeezed`).
            var kind =
                sized || (node.type == .hstack && node.children.contains { gives(way: $0) }) ? Fitting.workedOut : .yes
            // A stack lays no guide out.
            for child in node.children where child.type != .focusGuide {
                switch fitting(child) {
                case .no: return .no
                case .workedOut: kind = .workedOut
                case .yes: break
                }
            }
            return kind
        default: return .no
        }
    }

    /// The least width `room` reaches `floor` at, where `room` takes about `taking` away (padding, a symbol column)
    /// as the layout works it out, never less for a wider width: found from the sum, then a few steps of its last
    /// bit; infinite when not found. Minus infinity (a size that does not depend on the width) stays so.
    static func leastOffer(reaching floor: Double, taking: Double, _ room: (Double) -> Double) -> Double {
        guard floor.isFinite else { return floor }
        var p = floor + taking
        for _ in 0..<8 {
            if room(p) >= floor {
                for _ in 0..<8 where room(p.nextDown) >= floor { p = p.nextDown }
                return p
            }
            p = p.nextUp
        }
        return .infinity
    }

    /// The least width inside a text's padding its lines (`lines`, broken in `offered`) are the same at: the width
    /// the breaker is given must hold every line it found to fit on the way (`needed`, at least the longest line
    /// kept), and be more than nothing (none is no limit). Minus infinity for a text of a given width or without
    /// lines; infinite when a line limit cut its lines (the line cut with "…" is not the line broken, which must fit
    /// too).
    func textFloor(_ node: SceneNode, _ lines: [TextLine], needed: Double, offered: Double) -> Double {
        if points(node.width) != nil || lines.isEmpty { return -.infinity }
        if let limit = node.lineLimit, lines.count >= limit { return .infinity }
        let column = LayoutEngine.symbolColumn(node, textSize: textSize)
        let longest = max(needed, lines.map(\.width).max()!)
        // Broken with no limit (offered no more than the symbol column), or lines of no width: left alone.
        guard offered - column > 0, longest > 0 else { return .infinity }
        return LayoutEngine.leastOffer(reaching: longest, taking: column) { $0 - column }
    }

    func stackSize(_ node: SceneNode, _ proposal: (Double, Double)) -> (Double, Double) {
        let kids = node.children.filter { $0.type != .focusGuide }
        // Each child is offered the whole proposal: the stack measures the same at any width that reaches every
        // child's floor (`LayoutMemo.nodes`), and for a row, that fits its children as they are (`squeezed`).
        var floor = -Double.infinity
        defer { memo?.measuredFloor = floor }
        if node.type == .zstack {
            let sizes = kids.map { child in
                let m = measured(child, proposal)
                floor = max(floor, m.floor)
                return m.size
            }
            return (sizes.map(\.0).max() ?? 0, sizes.map(\.1).max() ?? 0)
        }
        let horizontal = node.type == .hstack
        let spacing = node.spacing ?? (horizontal ? Metrics.itemSpacing : Metrics.stackSpacing)
        let sizes = kids.map { child -> (Double, Double) in
            let m = measured(child, proposal)
            floor = max(floor, m.floor)
            return (m.size.0, m.size.1 + decorationHeight(child))
        }
        let gaps = Double(max(0, kids.count - 1)) * spacing
        let flexibleKids = flexibleChildren(node)
        if horizontal {
            var sizes = sizes
            var offer = proposal
            if let measured = squeezeOffer(node, took: proposal.0), measured.0 > proposal.0 {
                // Measured in a wider offer, the row took this width: placed in it, it squeezes its children as it did
                // there (as SwiftUI places a stack's children by the proposal it was measured with).
                offer = measured
                sizes = kids.map { child in
                    let m = measure(child, measured)
                    return (m.0, m.1 + decorationHeight(child))
                }
                floor = max(floor, proposal.0)
            }
            switch squeezed(kids, sizes, spacing: spacing, offer: offer) {
            case .fits(let widest):
                // Offered less than the children's widths, the stack would squeeze them.
                floor = max(floor, widest)
            case .squeezed(let fitted, let least):
                sizes = fitted
                floor = max(floor, least)
                remember(squeezing: node, took: sizes.map(\.0).reduce(0, +) + gaps, in: offer)
            case .unsqueezable: break
            }
            // An unbounded axis (a scrolling page's content) has nothing to fill: flexible children shrink.
            let flexible = proposal.0.isFinite && flexibleKids.horizontally
            let w = flexible ? proposal.0 : sizes.map(\.0).reduce(0, +) + gaps
            let tall = proposal.1.isFinite && flexibleKids.verticallyNotSpacers
            return (w, tall ? proposal.1 : sizes.map(\.1).max() ?? 0)
        } else {
            let flexible = proposal.1.isFinite && flexibleKids.vertically
            let h = flexible ? proposal.1 : sizes.map(\.1).reduce(0, +) + gaps
            let wide = proposal.0.isFinite && flexibleKids.horizontallyNotSpacers
            return (wide ? proposal.0 : sizes.map(\.0).max() ?? 0, h)
        }
    }

    /// How a row's children fit across `offer`.
    enum Squeeze {
        /// Side by side in the offer (any unbounded one), each at the size it measured; narrower than `widest` (their
        /// widths and the gaps), the row would squeeze them.
        case fits(widest: Double)
        /// Wider than the offer together: the children's sizes (decorations included) once those holding text gave
        /// way, the same at any offer from `floor` up to this one.
        case squeezed([(Double, Double)], floor: Double)
        /// Nothing in the row gives way to a narrower offer.
        case unsqueezable
    }

    /// SwiftUI's HStack offers its children the width left, least flexible first, each an even share of what the ones
    /// before it left: an image keeps its size and the texts beside it wrap (or, under a line limit, end in "…")
    /// instead of running past the stack. Here the children holding text give way (`sizes` measured in the whole
    /// offer), shortest first; the others, and those that take the width left (spacers, fills), keep their sizes.
    func squeezed(_ kids: [SceneNode], _ sizes: [(Double, Double)], spacing: Double, offer: (Double, Double))
        -> Squeeze
    {
        let yields = kids.map { gives(way: $0) }
        let yielding = kids.indices.filter { yields[$0] }
        guard !yielding.isEmpty else { return .unsqueezable }
        let gaps = Double(max(0, kids.count - 1)) * spacing
        let fills = kids.map { isFlexible($0, horizontal: true) }
        var kept = gaps
        for k in kids.indices where !fills[k] && !yields[k] { kept += sizes[k].0 }
        let wanted = yielding.reduce(0) { $0 + sizes[$1].0 }
        guard offer.0.isFinite, wanted > offer.0 - kept + LayoutEngine.squeezeTolerance else {
            return .fits(widest: kept + wanted)
        }
        var out = sizes
        let order = yielding.sorted { (sizes[$0].0, $0) < (sizes[$1].0, $1) }
        // Each child's share, and the least share it measures the same in (its floor, or the width it keeps).
        // A text is given at least its widest word: broken inside words to fit a share beside a chevron, it made a
        // column of letters many lines tall (a status beside a row of buttons).
        let words = order.map { widestWord(kids[$0]) }
        var needs: [(share: Double, least: Double)] = []
        var room = offer.0 - kept
        for (n, k) in order.enumerated() {
            let share = LayoutEngine.share(room / Double(order.count - n), word: words[n])
            var least = sizes[k].0
            // A row offered less than a text's widest word measured it broken inside words: it gets its word.
            if sizes[k].0 > share || share > offer.0 {
                let m = measured(kids[k], (share, offer.1))
                out[k] = (m.size.0, m.size.1 + decorationHeight(kids[k]))
                least = m.floor
            }
            needs.append((share, least))
            room -= out[k].0
        }
        // A narrower offer takes its shortfall from every share: the squeeze is the same while each share still
        // reaches what its child needs (a share of nothing, or of a widest word, stays so).
        func same(at width: Double) -> Bool {
            var room = width - kept
            for (n, k) in order.enumerated() {
                let share = LayoutEngine.share(room / Double(order.count - n), word: words[n])
                if share != needs[n].share, share < needs[n].least { return false }
                room -= out[k].0
            }
            return true
        }
        var floor = -Double.infinity
        for (n, need) in needs.enumerated() where need.share > words[n] {
            floor = max(floor, offer.0 - Double(order.count - n) * (need.share - need.least))
        }
        floor = min(floor, offer.0)
        for _ in 0..<8 where !same(at: floor) { floor = floor.nextUp }
        return .squeezed(out, floor: same(at: floor) ? floor : offer.0)
    }

    /// The width of a wrapping text's widest word (of its first ``widestWordsRead``), with its symbol column and
    /// padding: the least share a squeezed row gives it. Nothing for a text of limited lines, which ends in "…"
    /// instead, nor for other nodes (a stack's texts keep theirs when it squeezes).
    func widestWord(_ node: SceneNode) -> Double {
        guard node.type == .text, node.largeText == nil, node.lineLimit == nil else { return 0 }
        if let hit = memo?.widestWords[node.storageIdentity] { return hit.value }
        let font = node.font(.body, at: textSize)
        let words = (node.title ?? "").split(whereSeparator: \.isWhitespace).prefix(LayoutEngine.widestWordsRead)
        let widest = words.map { textWidth(String($0), size: font.size, bold: font.bold) }.max() ?? 0
        let value =
            widest + LayoutEngine.symbolColumn(node, textSize: textSize) + node.padding.leading + node.padding.trailing
        memo?.widestWords[node.storageIdentity] = (node, value)
        return value
    }

    /// A squeezed child's share: `even` (what is left over the children left), at least `word` (``widestWord(_:)``)
    /// while anything is left; nothing when nothing is (a text offered nothing keeps its lines unbroken).
    static func share(_ even: Double, word: Double) -> Double { even > 0 ? max(even, word) : 0 }

    /// The words of a text ``widestWord(_:)`` measures (a text of 4,000 characters is not measured word by word).
    static let widestWordsRead = 64

    /// Keeps the offer a row squeezed its children in, with the width it took (`LayoutMemo.squeezeOffers`).
    func remember(squeezing node: SceneNode, took: Double, in offer: (Double, Double)) {
        guard let memo else { return }
        var kept = memo.squeezeOffers[node.storageIdentity]?.offers ?? []
        kept.removeAll { $0.took == took && $0.textSize == textSize && $0.limitsText == limitsText }
        kept.append((took, offer, textSize, limitsText))
        if kept.count > 4 { kept.removeFirst() }
        memo.squeezeOffers[node.storageIdentity] = (node, kept)
    }

    /// The offer `node` was measured in when it squeezed its children and took `width` (to a hair: the width a parent
    /// places it in is its size with padding added and taken away again); nil when none is known.
    func squeezeOffer(_ node: SceneNode, took width: Double) -> (Double, Double)? {
        memo?.squeezeOffers[node.storageIdentity]?.offers.last {
            $0.textSize == textSize && $0.limitsText == limitsText
                && abs($0.took - width) <= 1e-9 * max(1, abs(width))
        }?.offer
    }

    /// A row's children that outrun it by less than this are left as they are (a width summed from others can land a
    /// hair over the width they were measured to fill).
    static let squeezeTolerance = 0.001

    /// Whether a child of a row gives way to a narrower offer (`squeezed`): text, and stacks of no given width that
    /// hold it, but not what takes the width left anyway. Buttons keep their widths, as controls do at the larger text
    /// sizes: cut to share a row, their titles were cut short and a grid's rows fell out of reach.
    func gives(way node: SceneNode) -> Bool {
        guard let memo else { return givesWayUnmemoised(node) }
        if let hit = memo.givesWay[node.storageIdentity] { return hit.value }
        let value = givesWayUnmemoised(node)
        memo.givesWay[node.storageIdentity] = (node, value)
        return value
    }

    private func givesWayUnmemoised(_ node: SceneNode) -> Bool {
        guard node.width == nil, !isFlexible(node, horizontal: true) else { return false }
        switch node.type {
        case .text: return true
        case .vstack, .hstack, .zstack: return node.children.contains { gives(way: $0) }
        default: return false
        }
    }
}
