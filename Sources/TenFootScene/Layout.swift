import FocusEngine

/// What a layout pass measured (sizes, text lines, grid row heights, flexibility): a node is measured by its
/// parent and again when placed, and a grid walks every cell each time.
///
/// `@unchecked Sendable` because the Sendable `LayoutEngine` holds it, yet it never crosses threads: each pass
/// has a memo of its own, used only by that pass on the calling thread. A pass over the same scene at other
/// scroll offsets (nothing measured depends on them) starts from a copy of the last pass's
/// (``init(carrying:)``): a list of 100,000 rows was measured again for every swipe that scrolled it. Text lines
/// and row heights are keyed by id, so a copy is only for a pass over the very same scene, with the same
/// measurer, direction and text size.
public final class LayoutMemo: @unchecked Sendable {
    public init() {}

    /// A memo for another pass over the same scene: what `other` measured, copied (the passes never share one).
    public init(carrying other: LayoutMemo) {
        rowHeights = other.rowHeights
        textLines = other.textLines
        textBreaks = other.textBreaks
        sizes = other.sizes
        flexible = other.flexible
        nodes = other.nodes
        fitsOffer = other.fitsOffer
        flexibleChildren = other.flexibleChildren
        givesWay = other.givesWay
        squeezeOffers = other.squeezeOffers
        widestWords = other.widestWords
    }

    var rowHeights: [String: [Double]] = [:]
    /// A section footer's lines by node id and offered width.
    var textLines: [String: [TextLine]] = [:]
    /// Each text node's lines, and what their breaking needed
    /// (``TextLayout/lines(_:width:size:bold:lineLimit:direction:measurer:needed:)``), by id and offered width.
    var textBreaks: [TextKey: (lines: [TextLine], needed: Double)] = [:]

    struct TextKey: Hashable {
        var id: String
        var width: Double
    }
    /// Sizes measured, by the node's storage and what it was offered: a stack is measured by every ancestor's
    /// measuring and placing, so without this a tree `d` deep is measured `d` times over. The node is kept so
    /// that its storage's identity is not reused by another node during the pass.
    var sizes: [MeasureKey: (node: SceneNode, size: (Double, Double), floor: Double)] = [:]
    /// Whether a node grows along an axis, by its storage (it walks the node's whole subtree).
    var flexible: [FlexibleKey: (node: SceneNode, value: Bool)] = [:]
    /// For each node, by its storage, how its size is reused (`LayoutEngine.reusing`) and the last few sizes it was
    /// measured to by fitting (`LayoutEngine.fitting`), what it was offered, and the least width it measures the same
    /// at: offered a width from that floor to the one it had (and any height), it measures the same. Placing a stack
    /// offers each child its measured size, so each level of a deep tree offered everything below it a new size: `d`
    /// levels measured each node `d` times (63 stacks of 1,570 buttons: 8 s of `path`; 62 of 200 texts, 1.5 s).
    /// Three sizes are kept: a stack is measured in the width it is offered and placed in the width it took, so its
    /// children are offered the two in turn, and one kept size answered neither (63 levels of 1,300 texts measured
    /// each level some thirty times over).
    var nodes: [ObjectIdentifier: Reuse] = [:]
    /// How a node's size depends on its offer (`LayoutEngine.fitting`), by its storage.
    var fitsOffer: [ObjectIdentifier: (node: SceneNode, value: LayoutEngine.Fitting)] = [:]
    /// The offers each row that squeezed its children was measured in, by its storage, with the width it took then
    /// (the last few): placed in that width, it squeezes them as it did in that offer, as SwiftUI places a stack's
    /// children by the proposal it was measured with.
    var squeezeOffers:
        [ObjectIdentifier: (
            node: SceneNode, offers: [(took: Double, offer: (Double, Double), textSize: TextSize, limitsText: Bool)]
        )] = [:]
    /// Each text's widest word (`LayoutEngine.widestWord`), by its storage.
    var widestWords: [ObjectIdentifier: (node: SceneNode, value: Double)] = [:]
    /// Whether a node gives way in a row too narrow for it (`LayoutEngine.gives(way:)`), by its storage (it walks the
    /// node's subtree).
    var givesWay: [ObjectIdentifier: (node: SceneNode, value: Bool)] = [:]
    /// Which of each stack's children take the offer (`LayoutEngine.flexibleChildren`), by its storage.
    var flexibleChildren: [ObjectIdentifier: (node: SceneNode, value: LayoutEngine.FlexibleChildren)] = [:]
    /// The floor (see `nodes`) of the node measured last, in the width inside its padding: how a stack of
    /// text hears its children's, and its measuring its own.
    var measuredFloor = Double.infinity
    /// Whether `nodes` answers with a size kept (off: every offer measured, a test's reference).
    package var reusesFittedSizes = true
    /// How many nodes were measured, each measuring counted once (what the memo could not answer): a pass's work.
    package private(set) var measurings = 0
    func countMeasuring() { measurings += 1 }

    struct MeasureKey: Hashable {
        var node: ObjectIdentifier
        var width: Double, height: Double
        var textSize: TextSize
        var limitsText: Bool
    }

    /// What is known of how one node's size is reused: how it depends on the offer (`LayoutEngine.reusing`), and its
    /// last few sizes measured by fitting (``nodes``), each with the widths it holds at. One lookup a measuring: three
    /// were most of a deep tree's layout.
    struct Reuse {
        typealias Size = (
            offered: Double, size: (Double, Double), floor: Double, textSize: TextSize, limitsText: Bool
        )
        let node: SceneNode
        let fits: LayoutEngine.Fitting
        private var sizes: (Size?, Size?, Size?) = (nil, nil, nil)
        private var next = 0

        init(node: SceneNode, fits: LayoutEngine.Fitting) {
            self.node = node
            self.fits = fits
        }

        /// The size kept for offers of `width` at a text size: one offered at least `width` whose floor is at most it.
        func size(at width: Double, _ textSize: TextSize, limitsText: Bool) -> Size? {
            // Looked at in place: this is asked once a child each time a stack is measured.
            func holds(_ s: Size?) -> Bool {
                guard let s else { return false }
                return s.floor <= width && width <= s.offered && s.textSize == textSize && s.limitsText == limitsText
            }
            return holds(sizes.0) ? sizes.0 : holds(sizes.1) ? sizes.1 : holds(sizes.2) ? sizes.2 : nil
        }

        /// Keeps `size` in place of the oldest.
        mutating func keep(_ size: Size) {
            switch next {
            case 0: sizes.0 = size
            case 1: sizes.1 = size
            default: sizes.2 = size
            }
            next = (next + 1) % 3
        }
    }

    struct FlexibleKey: Hashable {
        var node: ObjectIdentifier
        var horizontal: Bool
    }
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
    /// The text size setting: text and the components that adapt to it grow. Inside a node's
    /// `dynamicTypeSize` range, the setting clamped to it (``limitsText``).
    public var textSize: TextSize
    /// Whether `textSize` is a `dynamicTypeSize` range's clamp of the setting: what is placed records it.
    var limitsText = false

    /// The memo of the `place(root:)` call in progress; nil outside one.
    var memo: LayoutMemo?
    /// Where the content being placed may go (the safe area, the area below a tab bar, a sheet's
    /// content area) and the edges beyond it (the screen, a sheet's panel): a scrolling container whose
    /// frame meets the content area's edge shows its content up to the outer edge there.
    var edges = (content: Metrics.safeAreaRect, outer: Metrics.screen)

    public init(
        measurer: any TextMeasurer = FixedAdvanceMeasurer(), scroll: [String: Double] = [:],
        selectedTabs: [String: String] = [:],
        direction: LayoutDirection = .leftToRight, textSize: TextSize = .large
    ) {
        self.textSize = textSize
        self.measurer = measurer
        self.scroll = scroll
        self.selectedTabs = selectedTabs
        self.direction = direction
    }

    /// Lays out a root (the screen's, or a sheet's) in the screen; a sheet's content sits in its panel.
    /// Right to left, the placement is mirrored about the screen's centre.
    public func place(root: SceneNode) -> PlacedNode { place(root: root, memo: LayoutMemo()) }

    /// ``place(root:)`` with what this pass measures kept in `memo` (which may hold a pass's over the same scene).
    public func place(root: SceneNode, memo: LayoutMemo) -> PlacedNode {
        var pass = self
        pass.memo = memo
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
        q.labels = p.labels.map {
            var l = $0
            l.frame = flip(l.frame)
            return l
        }
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
    public static func symbolColumn(_ node: SceneNode, textSize: TextSize) -> Double {
        guard node.icon != nil else { return 0 }
        let size = node.font(.body, at: textSize).size
        return size + (node.title?.isEmpty ?? true ? 0 : size / 2)
    }

    /// The width of one line of `text` as drawn in this layout's direction.
    func textWidth(_ text: String, size: Double, bold: Bool) -> Double {
        measurer.line(text, size: size, bold: bold, direction: .natural(direction)).width
    }

    /// ``textWidth(_:size:bold:)``, or when the line is wider than `limit`, the width of a start of it that already
    /// is (doubling from about a line's worth): a title of 4,000 characters offered a button's room is not
    /// measured whole.
    func textWidth(_ text: String, size: Double, bold: Bool, upTo limit: Double) -> Double {
        guard limit.isFinite, size.isFinite else { return textWidth(text, size: size, bold: bold) }
        var n = Int(min(Double(text.utf8.count), max(0, limit) / max(size, 1) * 2 + 16))
        while let end = text.index(text.startIndex, offsetBy: n, limitedBy: text.endIndex), end < text.endIndex {
            let width = textWidth(String(text[..<end]), size: size, bold: bold)
            if width > limit { return width }
            n *= 2
        }
        return textWidth(text, size: size, bold: bold)
    }

    /// A text node's lines in `width` (wrapped, limited to its `lineLimit`; beside its symbol when it has one),
    /// memoised for the pass.
    func textLines(_ node: SceneNode, width: Double) -> [TextLine] { textBreak(node, width: width).lines }

    /// ``textLines(_:width:)``, and the widest line their breaking found to fit (inside the symbol column).
    func textBreak(_ node: SceneNode, width: Double) -> (lines: [TextLine], needed: Double) {
        let key = LayoutMemo.TextKey(id: node.id, width: width)
        if let hit = memo?.textBreaks[key] { return hit }
        let font = node.font(.body, at: textSize)
        let room = width - LayoutEngine.symbolColumn(node, textSize: textSize)
        var needed = 0.0
        let lines =
            node.title?.isEmpty ?? true
            ? []
            : TextLayout.lines(
                node.title ?? "", width: room > 0 ? room : .infinity, size: font.size, bold: font.bold,
                lineLimit: node.lineLimit, direction: direction, measurer: measurer, needed: &needed)
        memo?.textBreaks[key] = (lines, needed)
        return (lines, needed)
    }

    mutating func placeRoot(_ root: SceneNode) -> PlacedNode {
        if let range = root.dynamicTypeSize, !limitsText {
            var engine = limited(to: range)
            return engine.placeRoot(root)
        }
        if root.type == .alert { return placeAlert(root) }
        if root.type == .sheet {
            // A sheet's content sits in its panel, 60 pt in; with `ignoresSafeArea`, in the whole panel.
            let (panel, area) = LayoutEngine.sheetAreas(root)
            edges = (area, panel)
            // SwiftUI centres a sheet's content in it (a VStack in `.sheet` or `.fullScreenCover`), under its
            // centred title; a pushed screen starts at its top-leading corner, as a screen does.
            if root.alignment == nil, root.presentation != .push {
                var centred = root
                centred.alignment = .center
                return place(centred, aligningIn: area)
            }
            return place(root, aligningIn: area)
        }
        if root.type == .canvas {
            edges = (Metrics.screen, Metrics.screen)
            return place(root, aligningIn: Metrics.screen)
        }
        if root.ignoresSafeArea {
            let area = root.ignoredSafeAreaEdges.expand(Metrics.safeAreaRect, to: Metrics.screen)
            edges = (area, Metrics.screen)
            return place(root, aligningIn: area)
        }
        return place(root, aligningIn: Metrics.safeAreaRect)
    }

    /// A scrolling container's bounds along `axis`: its frame, reaching to the outer edge on each side
    /// where it meets the content area's edge (within half a point).
    func clipBounds(_ frame: Rect, along axis: ScrollAxes) -> Rect {
        bleed(frame, on: axis == .horizontal ? .horizontal : .vertical)
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
        var x = area.minX
        var y = area.minY
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
}
