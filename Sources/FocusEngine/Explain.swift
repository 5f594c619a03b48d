/// The debugger's account of one directional search, modelled on Apple's Quick Look of a focus update:
/// every node considered, with its score or why it was rejected, the route taken, and the winner.
public struct Explanation: Sendable, Hashable, Codable {
    public struct Consideration: Sendable, Hashable, Codable {
        public var id: String
        public var kind: String
        public var frame: Rect
        /// The visible rectangles the search used, when they are not the whole frame (clipped by a
        /// scrolling container or the screen, or partly covered: Visibility.swift).
        public var region: [Rect]?
        /// Gap along the direction and centre offset across it (tvos); the policy's score otherwise.
        public var gap: Double?
        public var offset: Double?
        public var score: Double?
        /// `winner`, `candidate`, or the rejection code (see ``Rejection``).
        public var verdict: String
        public var detail: String?
    }

    public var from: String
    public var direction: Direction
    public var policy: FocusPolicy
    public var region: Rect?
    public var considered: [Consideration]
    public var winner: String?
    public var target: String?
    /// How focus moved (`Route`'s text form), when it did.
    public var route: String?
    /// The target and its route, or why focus stays (`Route`'s text form).
    public var outcome: String

    /// Deterministic, line-diffable text: the winner, then candidates by rank, then rejections in tree order.
    public var text: String {
        var lines = ["explain \(direction.rawValue) from \(from) (policy \(policy.rawValue))"]
        if let region {
            func end(_ v: Double) -> String { v <= -1e8 ? "-∞" : v >= 1e8 ? "∞" : fmt(v) }
            lines.append(
                "search region: x \(end(region.minX))…\(end(region.maxX)), y \(end(region.minY))…\(end(region.maxY))")
        }
        let header = [
            "id", "kind", "frame", policy == .tvos ? "gap" : "score", policy == .tvos ? "offset" : "", "verdict",
        ]
        var rows = [header]
        for c in considered {
            let a = policy == .tvos ? c.gap.map(fmt) ?? "" : c.score.map(fmt) ?? ""
            let b = policy == .tvos ? c.offset.map(fmt) ?? "" : ""
            let visible =
                c.region.map { " visible " + ($0.isEmpty ? "none" : $0.map(\.description).joined(separator: " + ")) }
                ?? ""
            rows.append([
                c.id, c.kind, c.frame.description, a, b, c.verdict + (c.detail.map { " (\($0))" } ?? "") + visible,
            ])
        }
        let widths = (0..<header.count).map { k in rows.map { $0[k].count }.max() ?? 0 }
        for r in rows {
            lines.append(
                "  "
                    + r.enumerated().map { k, v in
                        k == r.count - 1 ? v : v + String(repeating: " ", count: max(0, widths[k] - v.count))
                    }.joined(separator: "  "))
        }
        lines.append("result: \(outcome)")
        return lines.joined(separator: "\n")
    }
}

extension FocusSystem {
    /// Explains the search a swipe from `from` would make now, without moving focus.
    public func explain(from id: String, _ direction: Direction) -> Explanation? {
        guard let from = tree.node(id) else { return nil }
        let result = search(from: from, direction)
        var explanation = Explanation(
            from: id, direction: direction, policy: policy, region: nil, considered: [],
            winner: result.map { tree.ids[$0.item] }, target: result.map { tree.ids[$0.target] },
            route: nil, outcome: "")
        switch policy {
        case .tvos: explanation.considered = tree.explainTVOS(from: from, direction, winner: result)
        case .android, .web:
            explanation.considered = tree.explainPeer(from: from, direction, policy: policy, winner: result)
        }
        if policy == .tvos { explanation.region = tree.searchRegion(from: tree.frames[from], direction) }
        // The outcome as a move would report it (consumed moves and redirects included).
        var probe = self
        probe.state.focused = id
        probe.vetoes = []
        let update = probe.move(direction)
        let route = update.route
        if case .moved = route {
            explanation.route = route.description
            explanation.outcome = "\(update.next ?? "nothing") (\(route))"
        } else {
            explanation.outcome = route.description
        }
        return explanation
    }
}

extension FocusTree {
    func explainTVOS(from: Int, _ direction: Direction, winner: SearchResult?) -> [Explanation.Consideration] {
        let source = frames[from]
        var ranked: [(SearchKey, Explanation.Consideration)] = []
        var rejected: [Explanation.Consideration] = []
        let top = activeLayerRoot ?? 0
        for n in 0..<count {
            let role = roles[n]
            if role == .layer { continue }
            if role == .container && !isSection(n) { continue }
            let kindName = role == .container ? "section" : role.rawValue
            var c = Explanation.Consideration(id: ids[n], kind: kindName, frame: frames[n], verdict: "")
            func reject(_ r: Rejection, _ detail: String? = nil) {
                c.verdict = r.rawValue
                c.detail = detail
                rejected.append(c)
            }
            if layer(of: n) != layerRoots.count - 1 || n < top {
                reject(.notInActiveLayer)
                continue
            }
            if n == from {
                reject(.isFocused)
                continue
            }
            switch role {
            case .item where !isFocusable(n):
                reject(.unfocusable, issues(of: n).map(\.code).joined(separator: ", "))
                continue
            case .guide:
                if has(.guideDisabled, n) {
                    reject(.guideDisabled)
                    continue
                }
                if !has(.hasPreferred, n) {
                    reject(.guideEmpty)
                    continue
                }
            case .container:
                if focusableDescendants(of: n).isEmpty {
                    reject(.sectionEmpty)
                    continue
                }
                if isAncestor(n, of: from) {
                    reject(.sectionContainsFocus)
                    continue
                }
            default: break
            }
            if frames[n].extentBeyond(source.leadingEdge(direction), direction) <= 0 {
                reject(.behindLeadingEdge)
                continue
            }
            if frames[n].crossOverlap(source, direction) <= 0 {
                reject(.outsidePath)
                continue
            }
            let seen = region(n, from: from, direction)
            if seen != [frames[n]] { c.region = seen }
            guard let key = pathKey(n, from: from, source: source, direction) else {
                reject(.hiddenInPath)
                continue
            }
            c.gap = key.gap
            c.offset = key.offset
            let r = resolveTarget(n, focused: from, source: source, direction)
            if let rejection = r.rejection {
                reject(rejection)
                continue
            }
            if let w = winner, w.target == n {
                c.verdict = "winner"
                if r.item != n, let item = r.item { c.detail = "→ \(ids[item])" }
            } else {
                c.verdict = Rejection.fartherThanWinner.rawValue
                if r.item != n, let item = r.item { c.detail = "→ \(ids[item])" }
            }
            ranked.append((key, c))
        }
        return ranked.sorted { $0.0 < $1.0 }.map(\.1) + rejected
    }

    func explainPeer(from: Int, _ direction: Direction, policy: FocusPolicy, winner: SearchResult?) -> [Explanation
        .Consideration]
    {
        let source = frames[from]
        var candidates: [(Double, Int, Explanation.Consideration)] = []
        var rejected: [Explanation.Consideration] = []
        for n in 0..<count where roles[n] == .item {
            var c = Explanation.Consideration(id: ids[n], kind: "item", frame: frames[n], verdict: "")
            if n == from {
                c.verdict = Rejection.isFocused.rawValue
                rejected.append(c)
                continue
            }
            if !isFocusable(n) {
                c.verdict = Rejection.unfocusable.rawValue
                c.detail = issues(of: n).map(\.code).joined(separator: ", ")
                rejected.append(c)
                continue
            }
            let f = frames[n]
            let ok: Bool
            let score: Double
            switch policy {
            case .android:
                ok = AndroidFocusFinder.isCandidate(source, f, direction)
                score = AndroidFocusFinder.weightedDistance(
                    AndroidFocusFinder.majorAxisDistance(direction, source, f),
                    AndroidFocusFinder.minorAxisDistance(direction, source, f))
                c.detail = AndroidFocusFinder.beamsOverlap(direction, source, f) ? "in beam" : "off beam"
            default:
                ok = WebSpatialNavigation.isCandidate(source, f, direction) || (source.contains(f) && f != source)
                score = WebSpatialNavigation.distance(source, f, direction)
            }
            if !ok {
                c.verdict = Rejection.policyNotCandidate.rawValue
                rejected.append(c)
                continue
            }
            c.score = score
            c.verdict = winner?.item == n ? "winner" : "candidate"
            candidates.append((winner?.item == n ? -Double.infinity : score, n, c))
        }
        return candidates.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }.map(\.2) + rejected
    }
}
