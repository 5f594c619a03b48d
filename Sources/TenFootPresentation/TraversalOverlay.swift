import FocusEngine
import TenFootCore
import TenFootScene
import TenFootSim

/// Overlays burned into recordings and screenshots (`--overlay keys,path,remote`). Each is a pure
/// function of the simulator's state (its trace, clock and layout), so frames stay deterministic and
/// the window can draw the same pictures.
public struct Overlays: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A caption of each press, with where focus went.
    public static let keys = Overlays(rawValue: 1)
    /// The focus path: a trail through the centres of the items focus visited.
    public static let path = Overlays(rawValue: 2)
    /// A small Siri Remote lighting up the button just used (the window's F3 remote, `OnScreenRemote`).
    public static let remote = Overlays(rawValue: 4)
    /// The F2 debug overlay (`DebugOverlay`): the last move's search path and candidates, sections,
    /// guides and the safe area. The simulator must record explanations (`recordsExplanations`).
    public static let debug = Overlays(rawValue: 8)
    /// What VoiceOver says for the focused item, as a caption strip (`VoiceOverCaption`).
    public static let voiceover = Overlays(rawValue: 16)

    /// Not an overlay but how they speak (`--preset presentation`): captions name items by their titles, the
    /// path's trail fades away behind focus. Without it (`--preset spec`), ids and the whole trail.
    public static let presentation = Overlays(rawValue: 32)

    public static let names: [(String, Overlays)] = [
        ("keys", .keys), ("path", .path), ("remote", .remote), ("debug", .debug), ("voiceover", .voiceover),
    ]

    /// Where recordings put the remote: the lower-right corner, a little smaller than the window's
    /// (180 pt) so it covers less of the content.
    public static let remoteRect = OnScreenRemote.rect(width: 150, margin: 40)

    /// The remote's corner for a frame: the lower right, else the lower left, the upper right, the upper left —
    /// the first that the focused item, lifted, does not reach (the lower right when it reaches them all).
    public static func remoteRect(avoiding focused: Rect?) -> Rect {
        guard let f = focused?.lifted else { return remoteRect }
        let r = remoteRect
        let left = Metrics.screen.maxX - r.maxX
        let top = Metrics.screen.maxY - r.maxY
        let corners = [r, r.offsetBy(dx: left - r.minX, dy: 0), r.offsetBy(dx: 0, dy: top - r.minY)]
        let all = corners + [r.offsetBy(dx: left - r.minX, dy: top - r.minY)]
        return all.first { !$0.overlaps(f) } ?? r
    }

    /// Where the focused item is drawn now (the placement shown, sheets over the screen), nil without focus.
    public static func focusedFrame(_ sim: Simulator) -> Rect? {
        sim.focused.flatMap { drawnFrame(sim, id: $0) }
    }

    /// Where the item `id` is drawn now (the placement shown, sheets over the screen), nil when it is not drawn.
    public static func drawnFrame(_ sim: Simulator, id: String) -> Rect? {
        let (screen, sheets) = sim.displayLayout()
        func find(_ p: PlacedNode) -> Rect? {
            if p.id == id { return p.frame }
            for c in p.children { if let hit = find(c) { return hit } }
            return nil
        }
        for layer in sheets.reversed() + [screen] { if let hit = find(layer) { return hit } }
        return nil
    }

    /// Parses a comma-separated list such as `keys,path`; the error names every unknown entry.
    public init(parsing text: String) throws(OverlayError) {
        var set: Overlays = []
        var unknown: [String] = []
        for part in text.split(separator: ",").map({ String($0.filter { $0 != " " }) }) where !part.isEmpty {
            if let hit = Overlays.names.first(where: { $0.0 == part }) {
                set.insert(hit.1)
            } else {
                unknown.append(part)
            }
        }
        guard unknown.isEmpty else {
            throw OverlayError(
                message:
                    "unknown overlay \(unknown.prefix(5).map { quoted($0) }.joined(separator: ", "))\(unknown.count > 5 ? " and \(unknown.count - 5) more" : "") (expected keys, path, remote, debug, voiceover)"
            )
        }
        self = set
    }
}

public struct OverlayError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}

extension SceneRenderer {
    /// The scene's display list with the overlays drawn on top (debug, path, keys, then the remote).
    public func displayList(_ sim: Simulator, overlays: Overlays) -> DisplayList {
        var list = displayList(sim)
        if overlays.contains(.debug) { list.commands += DebugOverlay.commands(sim) }
        let titles = overlays.contains(.presentation)
        if overlays.contains(.path) { FocusPathOverlay(fades: titles).draw(into: &list, sim: sim) }
        if overlays.contains(.keys) { KeyCaptionOverlay(titles: titles).draw(into: &list, sim: sim) }
        if overlays.contains(.voiceover) { VoiceOverCaption().draw(into: &list, sim: sim) }
        if overlays.contains(.remote) {
            let corner = Overlays.remoteRect(avoiding: Overlays.focusedFrame(sim))
            list.commands += OnScreenRemote(showing: sim).commands(in: corner, now: sim.tick)
        }
        return list
    }
}

/// The focus path: the centres of the items focus visited, joined by a trail that fades with age;
/// the newest segment grows while the focus animation runs.
public struct FocusPathOverlay: Sendable {
    /// How many visited items the trail keeps.
    public static let length = 16
    static let color = Color(255, 204, 0)
    static let lineWidth = 6.0
    static let dot = 16.0
    static let head = 28.0
    /// With `fades`, a visit's dot and the segment to it fade out over this long after focus left it.
    public static let fadeTicks: Tick = Clock.ticks(seconds: 2.5)
    /// A trail that fades (`--preset presentation`): only the recent moves show, a short tail behind focus.
    public var fades = false

    public init(fades: Bool = false) { self.fades = fades }

    /// The items focus visited, oldest first, with the tick each was reached.
    public static func visits(_ sim: Simulator) -> [(id: String, tick: Tick)] {
        var out: [(id: String, tick: Tick)] = []
        for entry in sim.trace {
            guard let u = entry.update, case .moved = u.outcome, let next = u.next else { continue }
            if out.last?.id != next { out.append((next, entry.tick)) }
        }
        return Array(out.suffix(length))
    }

    public func draw(into list: inout DisplayList, sim: Simulator) {
        let visits = FocusPathOverlay.visits(sim)
        guard !visits.isEmpty else { return }
        let (screen, sheets) = sim.displayLayout()
        var centres: [String: (Double, Double)] = [:]
        func collect(_ p: PlacedNode) {
            centres[p.id] = (p.frame.midX, p.frame.midY)
            for c in p.children { collect(c) }
        }
        collect(screen)
        for s in sheets { collect(s) }
        let points = visits.map { centres[$0.id] }
        let n = Double(points.count)
        let growth = min(1, Double(sim.tick - visits[visits.count - 1].tick) / Double(Motion.focusTicks))
        let eased = 1 - (1 - growth) * (1 - growth)
        func fading(since tick: Tick) -> Double {
            max(0, 1 - Double(sim.tick - tick) / Double(FocusPathOverlay.fadeTicks))
        }
        for k in points.indices {
            guard let p = points[k] else { continue }
            let isHead = k == points.count - 1
            // Older visits are fainter; with `fades`, the segment into a visit fades with the time since that
            // move, and a dot behind focus with the time since focus left it.
            let rank = 0.35 + 0.65 * Double(k + 1) / n
            let segmentAlpha = fades ? fading(since: visits[k].tick) : rank
            let dotAlpha = fades ? (isHead ? 1 : fading(since: visits[k + 1].tick)) : rank
            if k > 0, segmentAlpha > 0.01, let q = points[k - 1] {
                // The newest segment grows from the previous item toward the new one.
                let t = isHead ? eased : 1
                let end = (q.0 + (p.0 - q.0) * t, q.1 + (p.1 - q.1) * t)
                list.add(
                    .line(
                        x1: q.0, y1: q.1, x2: end.0, y2: end.1, width: FocusPathOverlay.lineWidth,
                        color: FocusPathOverlay.color.withAlpha(segmentAlpha)))
            }
            if !isHead, dotAlpha > 0.01 { dot(p, FocusPathOverlay.dot, dotAlpha, &list) }
        }
        if let p = points[points.count - 1] {
            let q = points.count > 1 ? points[points.count - 2] ?? p : p
            dot((q.0 + (p.0 - q.0) * eased, q.1 + (p.1 - q.1) * eased), FocusPathOverlay.head, 1, &list)
        }
    }

    func dot(_ p: (Double, Double), _ d: Double, _ alpha: Double, _ list: inout DisplayList) {
        list.add(
            .rect(
                Rect(p.0 - d / 2 - 3, p.1 - d / 2 - 3, d + 6, d + 6), radius: d / 2 + 3,
                color: Color(0, 0, 0, 140).withAlpha(alpha)))
        list.add(
            .rect(Rect(p.0 - d / 2, p.1 - d / 2, d, d), radius: d / 2, color: FocusPathOverlay.color.withAlpha(alpha)))
    }
}

/// A caption of each press along the bottom of the screen: the recent presses as key caps (repeats
/// folded into "×3"), and above them what the newest did to focus.
public struct KeyCaptionOverlay: Sendable {
    /// A press stays on screen this long, fading out over the last `fadeTicks`.
    public static let showTicks: Tick = Clock.ticks(seconds: 2.5)
    public static let fadeTicks: Tick = Clock.ticks(seconds: 0.5)
    /// At most this many key caps at once (the oldest leave first).
    public static let maxCaps = 6
    static let capSize = 30.0
    static let capHeight = 54.0
    static let capPadding = 22.0
    static let capGap = 12.0
    static let resultSize = 27.0
    static let bottom = Metrics.screen.maxY - Metrics.safeArea.bottom
    static let capColor = Color(20, 20, 24, 200)
    static let newestColor = Color(250, 250, 252, 230)
    /// Items named by their titles (`--preset presentation`) rather than their ids.
    public var titles = false

    /// Caption widths are estimated, not measured (no fonts here): generous DejaVu Sans averages
    /// per em, so the text always fits its plate.
    static let regularAdvance = 0.6
    static let boldAdvance = 0.68

    public init(titles: Bool = false) { self.titles = titles }

    static func width(_ text: String, size: Double, bold: Bool) -> Double {
        Double(text.count) * size * (bold ? boldAdvance : regularAdvance)
    }

    struct Cap {
        var label: String
        var tick: Tick
        var count: Int
        var entry: TraceEntry
    }

    /// A key cap's label: arrows for swipes, spelled-out names for the rest.
    static func label(_ event: RemoteEvent) -> String {
        switch event {
        case .swipe(.up): "↑ up"
        case .swipe(.down): "↓ down"
        case .swipe(.left): "← left"
        case .swipe(.right): "→ right"
        case .longSelect: "long select"
        case .playPause: "play/pause"
        default: event.description
        }
    }

    /// What a press did to focus, in a few words: `p1 → p2`, `p1 → p4 (guide g)`, `p1 stays`,
    /// `p1 blocked: nothing focusable in the path` (the route in its text form).
    static func result(_ e: TraceEntry, name: (String) -> String = { $0 }) -> String? {
        guard let u = e.update else { return e.note?.description }
        let from = u.previous.map(name) ?? "nothing"
        switch u.route {
        case .moved(let via, _):
            return "\(from) → \(u.next.map(name) ?? "nothing")" + (via == .direct ? "" : " (\(u.route))")
        case .unchanged:
            return "\(from) stays"
        case let route:
            return "\(from) \(route)"
        }
    }

    public func draw(into list: inout DisplayList, sim: Simulator) {
        var caps: [Cap] = []
        for e in sim.trace where sim.tick - e.tick < KeyCaptionOverlay.showTicks {
            guard let event = e.remoteEvent else { continue }
            let label = KeyCaptionOverlay.label(event)
            if let last = caps.last, last.label == label {
                caps[caps.count - 1].count += 1
                caps[caps.count - 1].tick = e.tick
                caps[caps.count - 1].entry = e
            } else {
                caps.append(Cap(label: label, tick: e.tick, count: 1, entry: e))
            }
        }
        caps = Array(caps.suffix(KeyCaptionOverlay.maxCaps))
        guard let newest = caps.last else { return }
        func alpha(_ tick: Tick) -> Double {
            let left = KeyCaptionOverlay.showTicks - (sim.tick - tick)
            return min(1, Double(left) / Double(KeyCaptionOverlay.fadeTicks))
        }
        let texts = caps.map { $0.count > 1 ? "\($0.label) ×\($0.count)" : $0.label }
        let widths = texts.map {
            KeyCaptionOverlay.width($0, size: KeyCaptionOverlay.capSize, bold: true) + 2 * KeyCaptionOverlay.capPadding
        }
        let total = widths.reduce(0, +) + KeyCaptionOverlay.capGap * Double(max(0, widths.count - 1))
        var x = Metrics.screen.midX - total / 2
        // Along the foot of the screen; along its top when the focused item, lifted, reaches the foot's band.
        var y = KeyCaptionOverlay.bottom - KeyCaptionOverlay.capHeight
        let band = Rect(0, y - 58, Metrics.screen.width, KeyCaptionOverlay.bottom - (y - 58))
        if let f = Overlays.focusedFrame(sim)?.lifted, f.overlaps(band) { y = Metrics.safeArea.top + 58 }
        for (k, cap) in caps.enumerated() {
            let a = alpha(cap.tick)
            let isNewest = k == caps.count - 1
            let frame = Rect(x, y, widths[k], KeyCaptionOverlay.capHeight)
            list.add(
                .rect(
                    frame, radius: 12,
                    color: (isNewest ? KeyCaptionOverlay.newestColor : KeyCaptionOverlay.capColor).withAlpha(a)))
            let textColor = isNewest ? Color(12, 12, 14) : Color(240, 240, 245)
            list.add(
                .text(
                    texts[k], x: frame.midX, y: frame.midY - KeyCaptionOverlay.capSize * 0.62,
                    size: KeyCaptionOverlay.capSize, bold: true, color: textColor.withAlpha(a), centered: true,
                    maxWidth: nil))
            x += widths[k] + KeyCaptionOverlay.capGap
        }
        let name = { (id: String) -> String in
            guard self.titles else { return id }
            guard let n = sim.placedChain(to: id)?.last?.node else { return id }
            return n.title ?? n.accessibleName ?? id
        }
        if let line = KeyCaptionOverlay.result(newest.entry, name: name) {
            let a = alpha(newest.tick)
            let w = KeyCaptionOverlay.width(line, size: KeyCaptionOverlay.resultSize, bold: false) + 40
            let frame = Rect(Metrics.screen.midX - w / 2, y - 58, w, 44)
            list.add(.rect(frame, radius: 10, color: Color(0, 0, 0, 150).withAlpha(a)))
            list.add(
                .text(
                    line, x: frame.midX, y: frame.midY - KeyCaptionOverlay.resultSize * 0.62,
                    size: KeyCaptionOverlay.resultSize, bold: false, color: Color(255, 214, 10).withAlpha(a),
                    centered: true, maxWidth: nil))
        }
    }
}

extension Rect {
    /// The frame an item reaches when lifted (about a tenth more on each side, the most any focus effect grows).
    var lifted: Rect { insetBy(dx: -width * 0.1, dy: -height * 0.1) }
}
