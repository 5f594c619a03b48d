import FocusEngine
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

    public static let names: [(String, Overlays)] = [
        ("keys", .keys), ("path", .path), ("remote", .remote), ("debug", .debug), ("voiceover", .voiceover),
    ]

    /// Where recordings put the remote: the lower-right corner, a little smaller than the window's
    /// (180 pt) so it covers less of the content.
    public static let remoteRect = OnScreenRemote.rect(width: 150, margin: 40)

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
                    "unknown overlay \(unknown.map { "\"\($0)\"" }.joined(separator: ", ")) (expected keys, path, remote, debug, voiceover)"
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
        if overlays.contains(.path) { FocusPathOverlay().draw(into: &list, sim: sim) }
        if overlays.contains(.keys) { KeyCaptionOverlay().draw(into: &list, sim: sim) }
        if overlays.contains(.voiceover) { VoiceOverCaption().draw(into: &list, sim: sim) }
        if overlays.contains(.remote) {
            list.commands += OnScreenRemote(showing: sim).commands(in: Overlays.remoteRect, now: sim.tick)
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

    public init() {}

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
        for k in points.indices {
            guard let p = points[k] else { continue }
            let alpha = 0.35 + 0.65 * Double(k + 1) / n
            if k > 0, let q = points[k - 1] {
                // The newest segment grows from the previous item toward the new one.
                let t = k == points.count - 1 ? eased : 1
                let end = (q.0 + (p.0 - q.0) * t, q.1 + (p.1 - q.1) * t)
                list.add(
                    .line(
                        x1: q.0, y1: q.1, x2: end.0, y2: end.1, width: FocusPathOverlay.lineWidth,
                        color: FocusPathOverlay.color.withAlpha(alpha)))
            }
            if k < points.count - 1 { dot(p, FocusPathOverlay.dot, alpha, &list) }
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

    /// Caption widths are estimated, not measured (no fonts here): generous DejaVu Sans averages
    /// per em, so the text always fits its plate.
    static let regularAdvance = 0.6
    static let boldAdvance = 0.68

    public init() {}

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
    static func result(_ e: TraceEntry) -> String? {
        guard let u = e.update else { return e.note?.description }
        let from = u.previous ?? "nothing"
        switch u.route {
        case .moved(let via, _):
            return "\(from) → \(u.next ?? "nothing")" + (via == .direct ? "" : " (\(u.route))")
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
        let y = KeyCaptionOverlay.bottom - KeyCaptionOverlay.capHeight
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
        if let line = KeyCaptionOverlay.result(newest.entry) {
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
