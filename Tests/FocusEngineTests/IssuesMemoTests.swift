import TestSupport
import Testing

@testable import FocusEngine

/// `FocusTree.IssuesMemo`: a tree built from the same nodes as one of the last two takes its issues; a tree built
/// right after it that differs in anything the issues come from (what is disabled or hidden, a frame, an opaque node,
/// the options) has its own.
@Suite struct IssuesMemoTests {
    static let screen = Rect(0, 0, 1920, 1080)

    static func layers(_ b: FocusNode, over: [FocusNode] = []) -> [FocusNode] {
        [.layer("screen", screen, .init(), [.item("a", Rect(100, 100, 200, 100)), b] + over)]
    }

    static func issues(_ tree: FocusTree, _ id: String) -> [FocusabilityIssue] {
        guard let n = tree.node(id), let k = tree.issueNodes.firstIndex(of: Int32(n)) else { return [] }
        return tree.issueLists[k]
    }

    @Test func aTreeBuiltRightAfterAnotherHasItsOwnIssues() throws {
        let plain = Self.layers(.item("b", Rect(400, 100, 200, 100)))
        for _ in 0..<3 {
            let first = try FocusTree(layers: plain)
            #expect(Self.issues(first, "b").isEmpty)
            let again = try FocusTree(layers: plain)
            #expect(MovedTreeTests.differences(first, again).isEmpty)

            _ = try FocusTree(layers: plain)
            let disabled = try FocusTree(
                layers: Self.layers(.item("b", Rect(400, 100, 200, 100), .init(focusable: .automatic, disabled: true))))
            #expect(Self.issues(disabled, "b") == [.disabled(by: "")])

            _ = try FocusTree(layers: plain)
            let hidden = try FocusTree(
                layers: Self.layers(.item("b", Rect(400, 100, 200, 100), .init(focusable: .automatic, hidden: true))))
            #expect(Self.issues(hidden, "b") == [.hidden(by: "")])

            _ = try FocusTree(layers: plain)
            let away = try FocusTree(layers: Self.layers(.item("b", Rect(40_000, 100, 200, 100))))
            #expect(Self.issues(away, "b") == [.offscreen])

            _ = try FocusTree(layers: plain)
            var cover = FocusAttributes()
            cover.opaque = true
            let covered = try FocusTree(
                layers: Self.layers(
                    .item("b", Rect(400, 100, 200, 100)),
                    over: [FocusNode(id: "wall", role: .item, frame: Rect(350, 50, 300, 200), attributes: cover)]))
            #expect(Self.issues(covered, "b") == [.covered(by: "wall")])

            let activate = Self.layers(.item("b", Rect(400, 100, 200, 100), .init(focusable: .activate)))
            _ = try FocusTree(layers: activate)
            let keyboard = try FocusTree(layers: activate, options: .init(fullKeyboardAccess: false))
            #expect(Self.issues(keyboard, "b") == [.activateNeedsFullKeyboardAccess])
        }
    }
}
