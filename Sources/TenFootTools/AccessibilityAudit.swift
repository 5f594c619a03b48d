import FocusEngine
import TenFootCore
import TenFootPresentation
import TenFootScene
import TenFootSim

/// `tenfoot audit --accessibility`: what stops people who use VoiceOver or Large Text (docs/accessibility.md,
/// "The audit"). The rules here read the layout and the focus graph; contrast and the sign of focus are
/// measured on drawn pixels by the command (``PixelFinding``), which adds them to the same list.
public enum AccessibilityAudit {
    /// One screen at one text size: its simulator (at the initial focus) and the focus graph from there.
    public struct Screen {
        public let size: TextSize
        public let sim: Simulator
        public var graph: FocusAudit
        /// Where its nodes are, found once: the rules of its own size and of every size compared with it read them
        /// (the Large screen's were found twice, 0.25 s at 100,000 nodes).
        let placed: Placements

        /// `like`: a screen whose focus graph is this one's when their focus trees are the same (a screen whose
        /// frames no text size changes, a pile of thousands among them, is searched once, not at every size).
        public init(size: TextSize, sim: Simulator, like other: Screen? = nil) {
            self.size = size
            self.sim = sim
            placed = Placements(sim)
            if let other, other.sim.focused == sim.focused, other.sim.policy == sim.policy,
                other.sim.presentation.presented.isEmpty == sim.presentation.presented.isEmpty,
                other.sim.system.tree.isSameModel(as: sim.system.tree)
            {
                graph = other.graph
            } else {
                graph = SceneAudit.graph(sim)
            }
        }
    }

    /// The tvOS minimum text size (HIG, Typography: 23 pt on tvOS).
    public static let minimumTextSize = 23.0

    /// The rules that need no text size but the screen's own: items VoiceOver cannot name, text below the
    /// minimum, items whose lift covers a neighbour.
    public static func findings(_ screen: Screen, namesOnly: Bool = false) -> [AuditFinding] {
        var out: [AuditFinding] = []
        let sim = screen.sim
        let placed = screen.placed
        let unnamed = screen.graph.items.filter { id in
            guard !KeyboardIDs.isSystem(id), let p = placed.nodes[id] else { return false }
            return !placed.isTab(id) && p.node.segment == nil && placed.isUnnamed(id)
        }
        let announcements = sim.announcements(for: Set(unnamed))
        for id in unnamed {
            guard let p = placed.nodes[id], let said = announcements[id] else { continue }
            let n = p.node
            let what =
                n.icon.map { "its symbol \(quoted($0)) is not a name" }
                ?? (n.image != nil ? "its picture is not a name" : "it has no title")
            out.append(
                finding(
                    "no-accessible-name", n, sim.scene,
                    "\(quoted(id)) (\(n.type.rawValue)) has no accessible name: VoiceOver says only \(quoted(said.text)) (\(what)); give it an accessibilityLabel"
                ))
        }
        if namesOnly { return out }
        for n in sim.scene.allNodes {
            guard let size = n.fontSize, size < minimumTextSize else { continue }
            out.append(
                finding(
                    "text-too-small", n, sim.scene,
                    "\(quoted(n.id)) is \(fmt(size)) pt, below tvOS's \(fmt(minimumTextSize)) pt minimum at the default text size"
                ))
        }
        out += liftOverlaps(sim, placed, items: screen.graph.items)
        return out
    }

    /// The rules of a larger text size, each against the screen at Large: text cut short, items that now
    /// overlap, content pushed off the screen where nothing scrolls to it, items no swipe reaches any more.
    /// Each finding names the size; a problem already there at Large is reported at Large only.
    public static func findings(_ screen: Screen, comparedWith large: Screen) -> [AuditFinding] {
        findings(screen, comparedWith: Baseline(large))
    }

    /// The screen at Large as every other size is compared with it: where its nodes are and which of its texts
    /// are cut short, found once for all the sizes (each is the whole screen drawn and walked).
    public struct Baseline {
        public let screen: Screen
        let placed: Placements
        let cuts: [String: Cut]
        let reachable: Set<String>

        public init(_ large: Screen) {
            screen = large
            placed = large.placed
            cuts = AccessibilityAudit.cuts(large)
            reachable = Set(large.graph.items).subtracting(large.graph.unreachable)
        }
    }

    public static func findings(_ screen: Screen, comparedWith base: Baseline) -> [AuditFinding] {
        var out: [AuditFinding] = []
        let large = base.screen
        let isLarge = screen.size == large.size
        let at = "at \(screen.size.settingsLabel) (\(screen.size.rawValue))"
        let placed = isLarge ? base.placed : screen.placed
        let before = base.placed
        let scene = screen.sim.scene
        // Text cut short: what the screen draws ends in "…" where the item's words go on.
        let cutAtLarge = isLarge ? [:] : base.cuts
        for (id, cut) in (isLarge ? base.cuts : cuts(screen)).sorted(by: { $0.key < $1.key })
        where cutAtLarge[id] == nil {
            guard let p = placed.nodes[id] else { continue }
            let shown = cut.shown.count > 40 ? "…" + cut.shown.suffix(40) : cut.shown
            out.append(
                finding(
                    "text-truncated", p.node, scene,
                    "\(quoted(id)): \(quoted(clip(cut.text))) is cut short \(at): it ends \(quoted(shown))\(p.node.lineLimit.map { " (lineLimit \($0))" } ?? "")"
                ))
        }
        // Focusable items that overlap here and did not at Large (an overlap at Large is the design's).
        let items = screen.graph.items.filter { placed.nodes[$0] != nil && !placed.isTab($0) }
        let boxes = items.map { placed.nodes[$0]!.frame }
        let atLarge = items.map { before.nodes[$0]?.frame }
        for (a, b) in isLarge ? [] : newOverlaps(boxes, before: atLarge) {
            let (x, y) = (items[a], items[b])
            out.append(
                finding(
                    "items-overlap", placed.nodes[x]!.node, scene,
                    "\(quoted(x)) and \(quoted(y)) overlap \(at): their frames cross, so one covers the other"))
        }
        // Content beyond the screen that no scrolling container brings in.
        for (id, p) in placed.ordered where p.node.type.isFocusableByDefault || p.node.type == .text {
            guard let edge = offscreen(p.frame), !placed.scrolls(toward: edge, id) else { continue }
            if !isLarge, let q = before.nodes[id], offscreen(q.frame) != nil { continue }
            out.append(
                finding(
                    "offscreen-content", p.node, scene,
                    "\(quoted(id)) is pushed off the \(edge) of the screen \(at), and nothing scrolls to it"))
        }
        if !isLarge {
            for id in screen.graph.unreachable where base.reachable.contains(id) {
                guard let p = placed.nodes[id] else { continue }
                out.append(
                    finding(
                        "unreachable-at-size", p.node, scene,
                        "\(quoted(id)) is reached by swipes at Large but not \(at)"))
            }
        }
        return out
    }

    /// A finding of an accessibility rule about `n` (its severity the rule's).
    public static func finding(_ code: String, _ n: SceneNode, _ scene: Scene, _ message: String) -> AuditFinding {
        AuditFinding(
            code: code, severity: AuditRules.rule(code)!.severity, message: message, item: n.id, file: scene.file,
            location: n.location)
    }

    // MARK: Lift

    /// A focusable item whose lifted frame (the renderer's focus scale) covers another focusable item: the gap
    /// between them is smaller than the lift.
    static func liftOverlaps(_ sim: Simulator, _ placed: Placements, items: [String]) -> [AuditFinding] {
        let renderer = SceneRenderer()
        let ids = items.filter { placed.nodes[$0] != nil && !placed.isTab($0) && !KeyboardIDs.isSystem($0) }
        let frames = ids.map { placed.nodes[$0]!.frame }
        var scales = [Double](repeating: 1, count: ids.count)
        let lifted: [Rect?] = ids.indices.map { k in
            let p = placed.nodes[ids[k]]!
            guard !p.node.focusEffectDisabled else { return nil }
            let s = renderer.fullScale(p.node, p.frame)
            guard s > 1 else { return nil }
            scales[k] = s
            let f = p.frame
            return Rect(f.midX - f.width * s / 2, f.midY - f.height * s / 2, f.width * s, f.height * s)
        }
        // The segments of one segmented picker share a track: the lifted one covers its neighbours by design.
        let segments = ids.map { placed.nodes[$0]!.node.segment?.picker }
        let covered = liftCovers(frames, lifted: lifted) { k, j in segments[k] != nil && segments[k] == segments[j] }
        var out: [AuditFinding] = []
        for (k, id) in ids.enumerated() {
            guard let j = covered[k], let l = lifted[k], let cover = l.intersection(frames[j]) else { continue }
            out.append(
                finding(
                    "lift-overlap", placed.nodes[id]!.node, sim.scene,
                    "\(quoted(id)) grows \(fmt(((scales[k] - 1) * 100).rounded()))% when focused and covers \(quoted(ids[j])) by \(fmt(min(cover.width, cover.height).rounded())) pt: the gap between them is smaller than the lift"
                ))
        }
        return out
    }

    /// For each frame with a lifted frame, the first other frame (by left edge, then index) that the lifted one
    /// covers by more than a point each way and the frame itself does not overlap, unless `skip(k, j)`.
    ///
    /// Such a frame lies beside the item, past one of its edges and within the lift's reach of it: four bands,
    /// each a range of one sorted order. (Every frame whose left edge the lifted one reached was looked at: 100,000
    /// buttons in a staircase, each overlapping the next, took minutes.)
    static func liftCovers(_ frames: [Rect], lifted: [Rect?], skip: (Int, Int) -> Bool) -> [Int?] {
        func sorted(_ key: (Rect) -> Double) -> (order: [Int], keys: [Double]) {
            let order = frames.indices.sorted { (key(frames[$0]), $0) < (key(frames[$1]), $1) }
            return (order, order.map { key(frames[$0]) })
        }
        let byMaxX = sorted(\.maxX)
        let byMinX = sorted(\.minX)
        let byMaxY = sorted(\.maxY)
        let byMinY = sorted(\.minY)
        /// The frames whose key is past `lo` and at most `hi` (below `hi` with `below`), in order of that key.
        func band(_ b: (order: [Int], keys: [Double]), above lo: Double, upTo hi: Double, below: Bool = false)
            -> ArraySlice<Int>
        {
            func first(_ p: (Double) -> Bool) -> Int {
                var (l, h) = (0, b.keys.count)
                while l < h {
                    let m = (l + h) / 2
                    if p(b.keys[m]) { h = m } else { l = m + 1 }
                }
                return l
            }
            let from = first { $0 > lo }
            let to = below ? first { $0 >= hi } : first { $0 > hi }
            return b.order[from..<max(from, to)]
        }
        return frames.indices.map { k in
            guard let l = lifted[k] else { return nil }
            let f = frames[k]
            let bands = [
                band(byMaxX, above: l.minX + 1, upTo: f.minX),  // left of it
                band(byMinX, above: f.maxX.nextDown, upTo: l.maxX - 1, below: true),  // right
                band(byMaxY, above: l.minY + 1, upTo: f.minY),  // above
                band(byMinY, above: f.maxY.nextDown, upTo: l.maxY - 1, below: true),  // below
            ]
            var best: Int?
            for j in bands.joined() where j != k {
                let g = frames[j]
                if let b = best, (g.minX, j) >= (frames[b].minX, b) { continue }
                guard !skip(k, j), !g.overlaps(f), let cover = l.intersection(g), cover.width > 1, cover.height > 1
                else { continue }
                best = j
            }
            return best
        }
    }

    // MARK: Text

    struct Cut {
        var text: String
        var shown: String
    }

    /// At most 60 characters of `text`, for a message.
    static func clip(_ text: String) -> String { text.count > 60 ? String(text.prefix(59)) + "…" : text }

    /// The items whose words the settled screen draws cut short (a line ending in "…" that the words do not
    /// end with), by id: the first cut line of each.
    static func cuts(_ screen: Screen) -> [String: Cut] {
        var out: [String: Cut] = [:]
        cuts(screen.sim, into: &out)
        // What scrolls into view when focus moves there (the first items, each settled with focus on it).
        for id in screen.graph.items.prefix(focusedScreens(placing: placedCount(screen.sim)))
        where !KeyboardIDs.isSystem(id) {
            var moved = screen.sim
            guard (try? moved.start(from: id)) != nil else { continue }
            cuts(moved, into: &out)
        }
        return out
    }

    /// Screens the layout rules look at with focus moved, at most: one per focusable item up to this many.
    public static let maxFocusedScreens = 40

    /// The most nodes the screens with focus moved may lay out at one text size: a screen of many nodes is looked at
    /// with focus on fewer items (4,000 buttons: 10 at each size; each is the whole screen laid out again, and 40
    /// at each of 12 sizes took 23 s in a release build). Screens of up to 1,000 nodes get all 40.
    public static let focusedSweepNodes = 40_000

    /// How many screens with focus moved a screen of `nodes` placed nodes is looked at with, at one text size: none
    /// past ``focusedSweepNodes``.
    public static func focusedScreens(placing nodes: Int) -> Int {
        min(maxFocusedScreens, focusedSweepNodes / max(1, nodes))
    }

    /// The most nodes the text sizes may place together, Large's included (every size is compared with it): a
    /// screen of more is looked at in fewer sizes. Each size is the screen laid out, drawn and walked again:
    /// 99,999 buttons at all 9 took 65 s (release, load 2).
    public static let sizeSweepNodes = 300_000

    /// Characters of text that cost a size as much as a node placed: each size wraps every text again. The costliest
    /// text, dense in direction controls and changing script every character or two, took 3.2 s a size for 200,000
    /// characters (the scene's limit), 99,999 buttons 7.2 s (release): four characters weigh a node. (Since a face
    /// keeps its short runs' widths, that text takes about 0.4 s a size: the weight errs on the safe side.)
    public static let charactersPerNode = 4

    /// What one text size of `sim`'s screen costs, in nodes (``sizeSweepNodes``): the nodes it places, and its
    /// characters of text in ``charactersPerNode``.
    public static func sizeWeight(_ sim: Simulator) -> Int {
        placedCount(sim) + sim.scene.textCharacters / charactersPerNode
    }

    /// The sizes of `requested` (smallest first) a screen that places `nodes` nodes a size (its ``sizeWeight(_:)``)
    /// is looked at in: all while they place at most ``sizeSweepNodes`` together with Large; past that as many as
    /// fit, spread evenly over the sizes other than Large, the largest always among them, and Large if it was asked
    /// for.
    public static func sizesLookedAt(_ requested: [TextSize], placing nodes: Int) -> [TextSize] {
        let others = requested.filter { $0 != .large }
        let room = max(1, sizeSweepNodes / max(1, nodes) - 1)
        guard others.count > room else { return requested }
        let kept = Set((1...room).map { others[$0 * others.count / room - 1] })
        return requested.filter { $0 == .large || kept.contains($0) }
    }

    /// The steps of evaluation reading a SwiftUI screen again at the other sizes may take together, when a view reads
    /// the text size: a screen of 12,000 views read in 102,000 steps took 1.4 s a size in release (13 s for nine).
    /// Real apps' screens take a few thousand.
    public static let rereadingSteps = 200_000

    /// The sizes of `requested` a SwiftUI screen whose reading took `steps` steps of evaluation is looked at in, when
    /// it is read again at each: as many others as ``rereadingSteps`` holds, spread as ``sizesLookedAt(_:placing:)``
    /// spreads them.
    public static func sizesLookedAt(_ requested: [TextSize], reading steps: Int) -> [TextSize] {
        let others = requested.filter { $0 != .large }
        let room = max(1, rereadingSteps / max(1, steps))
        guard others.count > room else { return requested }
        let kept = Set((1...room).map { others[$0 * others.count / room - 1] })
        return requested.filter { $0 == .large || kept.contains($0) }
    }

    /// The warning that a SwiftUI screen read again at each size was looked at in fewer sizes than asked for.
    public static func sizesCutShort(
        requested: [TextSize], lookedAt: [TextSize], reading steps: Int, scene: Scene
    ) -> AuditFinding {
        let names = lookedAt.map(\.rawValue)
        let listed = names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
        return finding(
            "sizes-cut-short", scene.root, scene,
            "a view reads the text size (@Environment(\\.dynamicTypeSize)), so the screen is read from its source again at each size, and reading it took \(steps) steps of evaluation: its text sizes were looked at in \(lookedAt.count) of the \(requested.count) asked for (\(listed)); reading again may take \(rereadingSteps) steps together (AccessibilityAudit.rereadingSteps); a problem that first appears at a size passed over is reported at the next size looked at, or not at all"
        )
    }

    /// The warning that a screen was looked at in fewer sizes than asked for, at the screen's root.
    /// `characters` of text are counted in (``charactersPerNode``) when there are any.
    public static func sizesCutShort(
        requested: [TextSize], lookedAt: [TextSize], placing nodes: Int, characters: Int = 0, scene: Scene
    ) -> AuditFinding {
        let names = lookedAt.map(\.rawValue)
        let listed = names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
        let what =
            characters / charactersPerNode == 0
            ? "places \(nodes) nodes"
            : "places \(nodes) nodes and draws \(characters) characters of text"
        let text =
            characters / charactersPerNode == 0 ? "" : ", \(charactersPerNode) characters of text counting as one"
        return finding(
            "sizes-cut-short", scene.root, scene,
            "the screen \(what), so its text sizes were looked at in \(lookedAt.count) of the \(requested.count) asked for (\(listed)): the sizes may place \(sizeSweepNodes) nodes together\(text), Large's included (AccessibilityAudit.sizeSweepNodes); a problem that first appears at a size passed over is reported at the next size looked at, or not at all"
        )
    }

    /// The nodes a simulator's screen and presented sheets place.
    public static func placedCount(_ sim: Simulator) -> Int {
        func count(_ p: PlacedNode) -> Int { p.children.reduce(1) { $0 + count($1) } }
        return ([sim.screen] + sim.sheets).reduce(0) { $0 + count($1) }
    }

    /// The words a node draws of its own: its title, subtitle, header, footer and value, then what it shows as its
    /// value (`shown`: a picker's choice), in that order.
    static func said(by n: SceneNode, showing shown: String?) -> [String?] {
        [n.title, n.subtitle, n.header?.text, n.footer?.text, n.value, shown]
    }

    static func cuts(_ sim: Simulator, into out: inout [String: Cut]) {
        var settled = sim
        settled.step(ticks: Clock.ticks(seconds: 1))
        var owners = TextOwners(settled)
        // No node says anything: no line can be owned, and drawing 100,000 images to find none took 0.5 s a size.
        guard !owners.saysNothing() else { return }
        for command in SceneRenderer().displayList(settled).commands {
            guard case .textLine(let line, let x, let y, let anchor, _) = command, line.text.hasSuffix("…") else {
                continue
            }
            let left: Double
            switch anchor {
            case .left: left = x
            case .center: left = x - line.width / 2
            case .right: left = x - line.width
            }
            guard let n = owners.owner(of: line.text, at: (left + line.width / 2, y + line.size / 2)),
                out[n.id] == nil
            else { continue }
            let words = said(by: n, showing: settled.shownValue(n)).compactMap { $0 }
            guard let full = words.first(where: { $0.hasPrefix(String(line.text.dropLast())) }), full != line.text
            else { continue }
            // A focusable lockup's caption shows whole when focused: it slides along (a marquee), as tvOS does.
            if full == n.title, SceneRenderer.captionMarquees(n) { continue }
            out[n.id] = Cut(text: full, shown: line.text)
        }
    }

    /// The node drawn text belongs to: a text whose string (or a line of it) it is, an item whose title,
    /// subtitle, header, footer, value or shown value (a picker's choice) it is (or begins, when cut with "…"), byte for
    /// byte; the one whose box holds the
    /// text's centre when several do (else the one whose box is within 40 points of it). For many texts of one screen, make a ``TextOwners`` once.
    public static func owner(of shown: String, at centre: (Double, Double), in sim: Simulator) -> SceneNode? {
        var owners = TextOwners(sim)
        return owners.owner(of: shown, at: centre)
    }

    /// What each node of a screen says, read once and sorted, so the owner of each drawn text is found by a
    /// search instead of a walk of the whole screen: 2,000 overlapping buttons, each text looked for over every
    /// node, took a quarter of `audit`'s time.
    public struct TextOwners {
        /// The screen and its sheets (`sim`'s), read when the first owner is asked for: most screens an audit settles draw no
        /// text cut short, and reading every line of each (3,000-character texts, 40 focused screens at each size)
        /// was a quarter of the audit's time.
        private let sim: Simulator
        private var read = false
        /// The placed nodes in walk order (the screen, then each sheet; a node before its children).
        private var placed: [PlacedNode] = []
        /// Each node's title, subtitle, header, footer, value and shown value, as UTF-8, sorted (by text, then walk
        /// order).
        private var fields: [(text: [UInt8], node: Int)] = []
        /// Each node's laid-out lines of text.
        private var lines: [TextBytes: [Int]] = [:]
        /// The nodes that say each text looked for, in walk order (a screen draws one text many times over).
        private var saying: [TextBytes: [Int]] = [:]

        public init(_ sim: Simulator) { self.sim = sim }

        /// Reads what each node says, once.
        private mutating func readScreen() {
            guard !read else { return }
            read = true
            var stack = ([sim.screen] + sim.sheets).reversed().map { $0 }
            while let p = stack.popLast() {
                let k = placed.count
                placed.append(p)
                let n = p.node
                // What it shows as its value too: a picker's choice is its option, not a field of its own.
                let shown = sim.shownValue(n)
                for value in AccessibilityAudit.said(by: n, showing: shown == n.value ? nil : shown) {
                    if let v = value, !v.isEmpty { fields.append((Array(v.utf8), k)) }
                }
                for line in p.textLines ?? [] where lines[TextBytes(line.text)]?.last != k {
                    lines[TextBytes(line.text), default: []].append(k)
                }
                stack += p.children.reversed()
            }
            fields.sort { a, b in
                a.text.lexicographicallyPrecedes(b.text) || (a.text == b.text && a.node < b.node)
            }
        }

        /// True when no node of the screen or its sheets has a text field or a laid-out line: ``owner(of:at:)`` finds no
        /// owner of any text. Stops at the first node that says something, without reading the screen.
        public func saysNothing() -> Bool {
            var stack = [sim.screen] + sim.sheets
            while let p = stack.popLast() {
                let n = p.node
                for value in AccessibilityAudit.said(by: n, showing: sim.shownValue(n)) {
                    if let v = value, !v.isEmpty { return false }
                }
                if !(p.textLines ?? []).isEmpty { return false }
                stack += p.children
            }
            return true
        }

        /// ``AccessibilityAudit/owner(of:at:in:)`` on this screen.
        public mutating func owner(of shown: String, at centre: (Double, Double)) -> SceneNode? {
            readScreen()
            let candidates = nodes(saying: shown)
            func holds(_ r: Rect, within margin: Double) -> Bool {
                centre.0 >= r.minX - margin && centre.0 <= r.maxX + margin && centre.1 >= r.minY - margin
                    && centre.1 <= r.maxY + margin
            }
            // A box that holds the text before one that is only near it: a picker right above a button whose title
            // begins as its choice does took the button's cut line, and the button was reported a size late.
            let found =
                candidates.first { holds(placed[$0].box, within: 0) } ?? candidates.first {
                    holds(placed[$0].box, within: 40)
                } ?? candidates.first
            return found.map { placed[$0].node }
        }

        /// The nodes that say `shown`, in walk order: a field says it when it is `shown`, or begins with what a cut
        /// text shows before its "…"; a line when it is `shown`.
        private mutating func nodes(saying shown: String) -> [Int] {
            if let known = saying[TextBytes(shown)] { return known }
            var found = Set(lines[TextBytes(shown)] ?? [])
            found.formUnion(nodes(saying: Array(shown.utf8), prefix: false))
            if shown.hasSuffix("…") {
                let cut = Array(shown.dropLast().utf8)
                if !cut.isEmpty { found.formUnion(nodes(saying: cut, prefix: true)) }
            }
            let sorted = found.sorted()
            saying[TextBytes(shown)] = sorted
            return sorted
        }

        /// The nodes with a field equal to `text`, or beginning with it: the sorted fields from the first not
        /// before it, as long as they match.
        private func nodes(saying text: [UInt8], prefix: Bool) -> [Int] {
            var lo = 0
            var hi = fields.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if fields[mid].text.lexicographicallyPrecedes(text) { lo = mid + 1 } else { hi = mid }
            }
            var out: [Int] = []
            while lo < fields.count, prefix ? fields[lo].text.starts(with: text) : fields[lo].text == text {
                out.append(fields[lo].node)
                lo += 1
            }
            return out
        }
    }

    // MARK: Geometry

    /// Which edge of the screen a frame passes, if any.
    static func offscreen(_ f: Rect) -> String? {
        let s = Metrics.screen
        if f.maxY > s.maxY + 0.5 { return "bottom" }
        if f.maxX > s.maxX + 0.5 { return "right" }
        if f.minX < s.minX - 0.5 { return "left" }
        if f.minY < s.minY - 0.5 { return "top" }
        return nil
    }

    /// Whether two frames overlap by more than a point each way.
    static func crossing(_ a: Rect, _ b: Rect) -> Bool {
        min(a.maxX, b.maxX) - max(a.minX, b.minX) > 1 && min(a.maxY, b.maxY) - max(a.minY, b.minY) > 1
    }

    /// For each frame that overlaps a later one (more than a point each way) where their frames `before` did not
    /// overlap, the first such later one, in order: `(a, b)` with `a < b`, at most one pair an `a` (the audit
    /// names each item once). Frames identical now and before are taken together, so a pile of thousands in one
    /// place costs what one frame does (5,000 listed every pair: 12.5 million, 47 s and 494 MB over the sizes);
    /// the rest are found by sweeping along x or along y, whichever has fewer frames to walk past (a sweep along x
    /// walks a column's every frame: 100,000 text fields in two columns took 22 s a size).
    static func newOverlaps(_ frames: [Rect], before: [Rect?]) -> [(Int, Int)] {
        func transposed(_ r: Rect) -> Rect { Rect(x: r.y, y: r.x, width: r.height, height: r.width) }
        guard sweepCost(frames.map { ($0.minY, $0.maxY) }) < sweepCost(frames.map { ($0.minX, $0.maxX) }) else {
            return newOverlapsSweepingX(frames, before: before)
        }
        // Crossing and overlapping do not change when x and y trade places.
        return newOverlapsSweepingX(frames.map(transposed), before: before.map { $0.map(transposed) })
    }

    /// About how many frames a sweep along an axis walks past: for each span (a frame's start and end on the axis),
    /// the spans that start within it, short of its last point (``crossing(_:_:)`` needs more than a point).
    static func sweepCost(_ spans: [(start: Double, end: Double)]) -> Int {
        let starts = spans.map(\.start).sorted()
        func below(_ v: Double) -> Int {
            var (lo, hi) = (0, starts.count)
            while lo < hi {
                let mid = (lo + hi) / 2
                if starts[mid] < v { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        return spans.reduce(0) { $0 + max(0, below($1.end - 1) - below($1.start)) }
    }

    /// ``newOverlaps(_:before:)`` sweeping along x.
    static func newOverlapsSweepingX(_ frames: [Rect], before: [Rect?]) -> [(Int, Int)] {
        struct Key: Hashable {
            var now: Rect
            var before: Rect?
        }
        var groupOf: [Key: Int] = [:]
        var members: [[Int]] = []  // each group's frames, in order
        for (k, f) in frames.enumerated() {
            let key = Key(now: f, before: before[k])
            if let g = groupOf[key] {
                members[g].append(k)
            } else {
                groupOf[key] = members.count
                members.append([k])
            }
        }
        func isNew(_ g: Int, _ h: Int) -> Bool {
            let (a, b) = (members[g][0], members[h][0])
            guard crossing(frames[a], frames[b]) else { return false }
            guard let x = before[a], let y = before[b] else { return true }
            return !x.overlaps(y)
        }
        var first = [Int](repeating: .max, count: frames.count)
        // The first of `into`'s frames after each of `from`'s.
        func pair(_ from: [Int], _ into: [Int]) {
            var j = 0
            for a in from {
                while j < into.count, into[j] <= a { j += 1 }
                if j == into.count { break }
                first[a] = min(first[a], into[j])
            }
        }
        // Two frames that did not move cannot be new overlaps (crossing now, they overlapped then): a frame that did not
        // move is paired with the moved ones only (a canvas's frames never move; a staircase of 20,000 took 20 s a size).
        func moved(_ g: Int) -> Bool { before[members[g][0]] != frames[members[g][0]] }
        let order = members.indices.sorted { (frames[members[$0][0]].minX, $0) < (frames[members[$1][0]].minX, $1) }
        let movedPlaces = order.indices.filter { moved(order[$0]) }
        for (k, g) in order.enumerated() {
            if isNew(g, g) { pair(members[g], members[g]) }
            let right = frames[members[g][0]].maxX - 1
            // The later groups to pair it with, in order: every one if it moved, else the moved ones.
            var next: Int
            if moved(g) {
                next = k + 1
            } else {
                var (lo, hi) = (0, movedPlaces.count)
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if movedPlaces[mid] <= k { lo = mid + 1 } else { hi = mid }
                }
                next = lo
            }
            while true {
                let place = moved(g) ? next : (next < movedPlaces.count ? movedPlaces[next] : order.count)
                guard place < order.count else { break }
                next += 1
                let h = order[place]
                if frames[members[h][0]].minX >= right { break }
                guard isNew(g, h) else { continue }
                pair(members[g], members[h])
                pair(members[h], members[g])
            }
        }
        return first.indices.compactMap { a in first[a] == .max ? nil : (a, first[a]) }
    }

    /// The placed screen by id, with each node's ancestors.
    struct Placements {
        var nodes: [String: PlacedNode] = [:]
        var ordered: [(String, PlacedNode)] = []
        /// Every node placed, each with the index of its parent here (-1 for a root); `first` holds the index of the
        /// first node of each id. Each node's chain of ancestors was a copy of its own: under 63 stacks, 99,929
        /// buttons' chains held 6 million nodes (over 800 MB).
        private var tree: [(node: PlacedNode, parent: Int)] = []
        private var first: [String: Int] = [:]

        init(_ sim: Simulator) {
            let count = AccessibilityAudit.placedCount(sim)
            nodes.reserveCapacity(count)
            ordered.reserveCapacity(count)
            tree.reserveCapacity(count)
            first.reserveCapacity(count)
            func walk(_ p: PlacedNode, _ parent: Int) {
                let here = tree.count
                tree.append((p, parent))
                if nodes[p.id] == nil {
                    nodes[p.id] = p
                    ordered.append((p.id, p))
                    first[p.id] = here
                }
                for c in p.children { walk(c, here) }
            }
            for root in [sim.screen] + sim.sheets { walk(root, -1) }
        }

        /// Whether any ancestor of the first node named `id` is one `test` is true of, nearest first.
        func anyAncestor(of id: String, _ test: (PlacedNode) -> Bool) -> Bool {
            guard var k = first[id] else { return false }
            while tree[k].parent >= 0 {
                k = tree[k].parent
                if test(tree[k].node) { return true }
            }
            return false
        }

        /// Whether the item has no words of its own for VoiceOver: not hidden, no combining container around it,
        /// no name (a symbol is not one). Cheap: the announcement is asked only for these.
        func isUnnamed(_ id: String) -> Bool {
            guard let p = nodes[id] else { return false }
            func silences(_ n: PlacedNode) -> Bool {
                n.node.accessibilityHidden || n.node.accessibilityElement == .combine
            }
            if silences(p) || anyAncestor(of: id, silences) { return false }
            return p.node.accessibleName == nil
        }

        func isTab(_ id: String) -> Bool {
            guard let k = first[id], tree[k].parent >= 0, case .strip? = tree[tree[k].parent].node.node.tabBarPart
            else { return false }
            return true
        }

        func ancestor(of id: String, isOneOf types: Set<NodeType>) -> Bool {
            anyAncestor(of: id) { types.contains($0.node.type) }
        }

        /// Whether a container around `id` scrolls toward `edge` (a scroll vertically, a shelf sideways).
        func scrolls(toward edge: String, _ id: String) -> Bool {
            let kinds: Set<NodeType> = edge == "left" || edge == "right" ? [.shelf] : [.scroll, .search]
            return ancestor(of: id, isOneOf: kinds)
        }
    }
}
