import Dispatch
import FocusEngine
import Foundation
import TenFootPresentation
import TenFootScene
import TenFootSim

/// Where the focus policies disagree on a screen: every (item, direction) whose swipe, from a fresh
/// state, lands on a different item (or is blocked) under one policy than under another. The graph is
/// the audit's (`SceneAudit.graph`: with a tab bar, as the simulator drives it), once per policy.
/// Useful when porting a layout from Android TV or the web to tvOS (`tenfoot diff`).
public struct PolicyDiff: Sendable, Encodable {
    public struct Difference: Sendable, Hashable, Encodable {
        public var item: String
        public var direction: Direction
        /// Where the swipe lands under each policy, in the order the policies were given; nil: blocked.
        public var outcomes: [Outcome]
    }

    public struct Outcome: Sendable, Hashable, Encodable {
        public var policy: FocusPolicy
        /// The item focus moves to; nil when the swipe moves nothing.
        public var to: String?

        enum CodingKeys: String, CodingKey { case policy, to }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(policy, forKey: .policy)
            try c.encode(to, forKey: .to)  // null when blocked
        }
    }

    public var scene: String
    public var policies: [FocusPolicy]
    /// The (item, direction) pairs compared: the first policy's focusable items × four directions.
    public var pairs: Int
    /// In item order (the first policy's tree order), then up, down, left, right.
    public var differences: [Difference]

    /// Compares the policies on simulators of one scene that differ only in their policy (`sims[k]`
    /// runs `policies[k]`).
    public init(scene: String, _ sims: [Simulator]) {
        self.scene = scene
        policies = sims.map(\.policy)
        // Each policy's graph on its own core: the peers' rules look at every item for every swipe.
        let slots = ThreadResults<FocusAudit>(count: sims.count)
        DispatchQueue.concurrentPerform(iterations: sims.count) { k in slots[k] = SceneAudit.graph(sims[k]) }
        let graphs = slots.values
        let items = graphs.first?.items ?? []
        pairs = items.count * Direction.allCases.count
        let moves: [[String: String]] = graphs.map { g in
            Dictionary(
                g.edges.map { ("\($0.from)\u{0}\($0.direction.rawValue)", $0.to) }, uniquingKeysWith: { a, _ in a })
        }
        var out: [Difference] = []
        for item in items {
            for d in Direction.allCases {
                let key = "\(item)\u{0}\(d.rawValue)"
                let outcomes = zip(policies, moves).map { Outcome(policy: $0, to: $1[key]) }
                if Set(outcomes.map(\.to)).count > 1 {
                    out.append(Difference(item: item, direction: d, outcomes: outcomes))
                }
            }
        }
        differences = out
    }

    /// One line per difference: `r8B left: tvos → dinnerB, android → (blocked)`, after a summary.
    public var text: String {
        var lines = [
            "diff \(scene): \(policies.map(\.rawValue).joined(separator: ", ")) — \(differences.count) of \(pairs) swipes (item × direction) differ"
        ]
        for d in differences {
            lines.append(
                "\(d.item) \(d.direction.rawValue): "
                    + d.outcomes.map { "\($0.policy.rawValue) → \($0.to ?? "(blocked)")" }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }
}

extension FocusMap {
    /// One colour per policy, in the order given (the first two: blue and orange).
    public static let policyColors = [Color(80, 170, 255), Color(255, 150, 40), Color(120, 220, 120)]

    /// The policy diff over the whole content: every item, and for each (item, direction) where the
    /// policies disagree an arrow per policy in its colour (side by side), a short bar where it is blocked;
    /// a legend names the colours.
    public static func policyDiff(_ diff: PolicyDiff, _ sim: Simulator, area: Rect) -> [DrawCommand] {
        let tree = sim.system.tree
        var out: [DrawCommand] = [.clear(Color(18, 20, 26))]
        out.append(
            .outline(
                Rect(0, 0, Letterbox.screen.width, Letterbox.screen.height), radius: 0, width: 3,
                color: Color(90, 96, 110)))
        for n in tree.focusableItems where area.contains(tree.frames[n]) {
            let f = tree.frames[n]
            out.append(.rect(f, radius: 6, color: itemFill))
            out.append(
                .text(
                    tree.ids[n], x: f.midX, y: f.midY - 12, size: 20, bold: true, color: Color(235, 235, 240),
                    centered: true, maxWidth: f.width - 4))
        }
        var legendY = area.minY + 8
        for (k, policy) in diff.policies.enumerated() {
            out.append(
                .text(
                    "\(policy.rawValue)", x: area.minX + 8, y: legendY, size: 24, bold: true,
                    color: policyColors[k % policyColors.count], centered: false, maxWidth: nil))
            legendY += 30
        }
        out.append(
            .text(
                "\(diff.differences.count) of \(diff.pairs) swipes differ; a bar: blocked", x: area.minX + 8,
                y: legendY, size: 20, bold: false, color: Color(180, 186, 200), centered: false, maxWidth: nil))
        for d in diff.differences {
            guard let a = tree.node(d.item), area.contains(tree.frames[a]) else { continue }
            let fa = tree.frames[a]
            for (k, o) in d.outcomes.enumerated() {
                let color = policyColors[k % policyColors.count]
                let lane = (Double(k) - Double(d.outcomes.count - 1) / 2) * 3 * laneOffset
                if let to = o.to, let b = tree.node(to), area.contains(tree.frames[b]) {
                    out += arrow(from: fa, to: tree.frames[b], d.direction, lane: lane, color).map { cmd in
                        if case .line(let x1, let y1, let x2, let y2, _, let c) = cmd {
                            return .line(x1: x1, y1: y1, x2: x2, y2: y2, width: 3, color: c)
                        }
                        return cmd
                    }
                } else if o.to == nil {
                    // Blocked: a bar across the edge the swipe leaves by.
                    let (cx, cy): (Double, Double) =
                        switch d.direction {
                        case .up: (fa.midX + lane, fa.minY - 10)
                        case .down: (fa.midX + lane, fa.maxY + 10)
                        case .left: (fa.minX - 10, fa.midY + lane)
                        case .right: (fa.maxX + 10, fa.midY + lane)
                        }
                    let (hx, hy) = d.direction.isHorizontal ? (0.0, 12.0) : (12.0, 0.0)
                    out.append(.line(x1: cx - hx, y1: cy - hy, x2: cx + hx, y2: cy + hy, width: 4, color: color))
                }
            }
        }
        return out
    }
}
