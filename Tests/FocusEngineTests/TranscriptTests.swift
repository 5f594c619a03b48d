import Foundation
import TestSupport
import Testing

@testable import FocusEngine

/// Everything the engine answers about 300 seeded rich screens (RichTree), as one transcript per seed:
/// why each node can or cannot take focus, each container's preferred focus, the sequential order,
/// every swipe from every focusable item, and a session of 40 random requests (swipes, Tab, programmatic
/// focus, resets, reloads that remove items, sheets presented and dismissed, vetoes, focus written from
/// outside). The reference holds one digest per seed, recorded with the engine before its storage was
/// restructured (issue 14), so any change of behaviour shows as a changed digest.
@Suite struct TranscriptTests {
    static let seeds = UInt64(1)...300
    static let reference = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures"
    ).path

    static func transcript(seed: UInt64) throws -> [String] {
        let rich = RichTree(seed: seed)
        let tree = try FocusTree(layers: rich.layers)
        var lines: [String] = []
        for n in 0..<tree.count {
            let issues = tree.checkFocusability(tree.ids[n])!.map(\.description).joined(separator: "; ")
            let preferred =
                tree.roles[n] == .item ? "" : " preferred=\(tree.preferredFocus(of: n).map { tree.ids[$0] } ?? "-")"
            lines.append("node \(tree.ids[n]) \(tree.roles[n].rawValue) [\(issues)]\(preferred)")
        }
        lines.append("sequential " + tree.sequentialOrder().map { tree.ids[$0] }.joined(separator: " "))
        for item in tree.focusableItems {
            for d in Direction.allCases {
                var probe = FocusSystem(tree: tree, state: FocusState(focused: tree.ids[item]))
                lines.append("swipe " + Canonical.update(probe.move(d)) + " | " + Canonical.state(probe))
            }
        }

        // A session. The sheet, when there is one, comes and goes; reloads drop some items.
        var rng = SplitMix(seed: seed ^ 0x5eed)
        let base = try FocusTree(layers: [rich.screen])
        let withSheet = rich.sheet.map { _ in tree }
        let pruned = try FocusTree(layers: [rich.screenWithout(seed: seed)])
        var s = FocusSystem(tree: base)
        var sheetShown = false
        lines.append("initial " + Canonical.update(s.focusInitial()))
        let ids = rich.ids + ["screen", "missing"]
        for _ in 0..<40 {
            let r = rng.int(100)
            let update: FocusUpdate?
            switch r {
            case 0..<55: update = s.move(Direction.allCases[rng.int(4)])
            case 55..<63: update = s.moveSequential(forward: rng.int(2) == 0)
            case 63..<71: update = s.requestFocus(ids[rng.int(ids.count)])
            case 71..<76: update = s.resetFocus(in: (rich.scopes + ["", "zz"])[rng.int(5)])
            case 76..<81:
                let id = ids[rng.int(ids.count)]
                s.state.focused = id
                lines.append("written \(id)")
                update = nil
            case 81..<86: update = s.replaceTree(rng.int(2) == 0 ? pruned : (sheetShown ? withSheet! : base))
            case 86..<92:
                if let withSheet, !sheetShown {
                    update = s.present(in: withSheet)
                    sheetShown = true
                } else if sheetShown {
                    update = s.dismiss("sheet", restores: rng.int(3) != 0, in: base)
                    sheetShown = false
                } else {
                    update = s.focusInitial()
                }
            case 92..<96:
                let locked = ids[rng.int(ids.count)]
                s.vetoes = [{ u, _ in u.next == locked ? "\(locked) is locked" : nil }]
                lines.append("veto \(locked)")
                update = nil
            default: update = s.focusInitial()
            }
            if let update { lines.append(Canonical.update(update)) }
            lines.append("  " + Canonical.state(s))
        }
        return lines
    }

    /// `TENFOOT_RECORD_SNAPSHOTS=1` re-records the digests (and fails, so the new file is reviewed).
    @Test func everyAnswerMatchesTheReference() throws {
        var digests: [String] = []
        for seed in Self.seeds {
            let lines = try Self.transcript(seed: seed)
            digests.append("seed \(seed): \(lines.count) lines, \(Canonical.digest(lines.joined(separator: "\n")))")
        }
        do {
            try assertSnapshot(
                of: digests.joined(separator: "\n") + "\n", as: .text, named: "engine-transcripts", in: Self.reference)
        } catch {
            // Name the first seed that changed and show its transcript, so the change can be read.
            let reference =
                (try? String(contentsOfFile: Self.reference + "/engine-transcripts.txt", encoding: .utf8)) ?? ""
            let old = reference.split(separator: "\n").map(String.init)
            if let k = digests.indices.first(where: { $0 >= old.count || old[$0] != digests[$0] }) {
                let seed = Self.seeds.lowerBound + UInt64(k)
                let now = try Self.transcript(seed: seed).joined(separator: "\n")
                Issue.record("seed \(seed) changed; its transcript now:\n\(now)")
            }
            throw error
        }
    }

    @Test func transcriptsAreLongEnoughToMeanSomething() throws {
        var moved = 0
        var redirected = 0
        var consumed = 0
        var vetoed = 0
        var issues = 0
        for seed in UInt64(1)...60 {
            for line in try Self.transcript(seed: seed) {
                if line.contains(" moved ") { moved += 1 }
                if line.contains(" moved remembered ") || line.contains(" moved default ")
                    || line.contains(" moved guide ") || line.contains(" moved section ")
                {
                    redirected += 1
                }
                if line.contains("consumed(") { consumed += 1 }
                if line.contains("vetoed(") { vetoed += 1 }
                if line.hasPrefix("node "), !line.contains("[]"), line.contains(" item ") { issues += 1 }
            }
        }
        #expect(
            moved > 1000 && redirected > 100 && consumed > 20 && vetoed > 0 && issues > 100,
            "moved \(moved), redirected \(redirected), consumed \(consumed), vetoed \(vetoed), items with issues \(issues)"
        )
    }
}
