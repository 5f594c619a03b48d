import Testing

@testable import FocusEngine

/// The rest of the model: vetoes, focused and scene values, programmatic focus reasons, default focus
/// priorities, the debugger and the audit.
@Suite struct EngineBehaviourTests {
    static let screen = Rect(0, 0, 1920, 1080)
    func system(_ children: [FocusNode]) throws -> FocusSystem {
        var s = FocusSystem(tree: try FocusTree(layers: [.layer("screen", Self.screen, .init(), children)]))
        s.focusInitial()
        return s
    }

    @Test func vetoCancelsTheUpdate() throws {
        var s = try system([.item("a", Rect(100, 100, 200, 100)), .item("b", Rect(400, 100, 200, 100))])
        s.vetoes = [{ update, _ in update.next == "b" ? "b is locked" : nil }]
        let u = s.move(.right)
        #expect(u.outcome == .vetoed(by: "b is locked"))
        #expect(s.focused == "a")
    }

    @Test func focusedValuesAndSceneValues() throws {
        var s = try system([
            .container(
                "detail", Rect(0, 0, 900, 500), FocusAttributes(focusedSceneValues: ["recipe": "soup"]),
                [
                    .item(
                        "a", Rect(100, 100, 200, 100),
                        FocusAttributes(focusable: .automatic, focusedValues: ["selection": "a"]))
                ]),
            .item("plain", Rect(1000, 100, 200, 100)),
        ])
        #expect(s.focusedValues == ["selection": "a"])
        #expect(s.state.sceneValues == ["recipe": "soup"])
        s.move(.right)
        #expect(s.focused == "plain")
        #expect(s.focusedValues.isEmpty)  // focused values follow focus…
        // …scene values persist while focus is on items that publish nothing
        #expect(s.state.sceneValues == ["recipe": "soup"])
    }

    @Test func programmaticFocusSaysWhyNot() throws {
        var s = try system([
            .item("a", Rect(100, 100, 200, 100)),
            .item("off", Rect(400, 100, 200, 100), FocusAttributes(focusable: .automatic, disabled: true)),
            FocusNode(id: "label", role: .item, frame: Rect(700, 100, 200, 100)),
        ])
        guard case .blocked(let why1) = s.requestFocus("off").outcome else {
            Issue.record("expected blocked")
            return
        }
        #expect(why1 == .cannotTakeFocus("off", [.disabled(by: "")]), "\(why1)")
        guard case .blocked(let why2) = s.requestFocus("nowhere").outcome else {
            Issue.record("expected blocked")
            return
        }
        #expect(why2 == .noNode("nowhere"))
        guard case .blocked(let why3) = s.requestFocus("label").outcome else {
            Issue.record("expected blocked")
            return
        }
        #expect(why3 == .cannotTakeFocus("label", [.notFocusable]), "\(why3)")
        #expect(s.focused == "a")
    }

    /// `automatic` priority: the default applies when focus moves into the branch automatically, not on
    /// a user's swipe; `userInitiated` applies to swipes too.
    @Test(arguments: [DefaultFocusPriority.automatic, .userInitiated]) func defaultFocusPriority(
        _ priority: DefaultFocusPriority
    ) throws {
        var s = try system([
            .item("left", Rect(100, 300, 200, 100)),
            .container(
                "menu", Rect(500, 100, 300, 700),
                FocusAttributes(defaultFocus: "bottom", defaultFocusPriority: priority),
                [
                    .item("top", Rect(500, 100, 300, 100)), .item("middle", Rect(500, 300, 300, 100)),
                    .item("bottom", Rect(500, 600, 300, 100)),
                ]),
        ])
        s.state.focused = "left"
        let u = s.move(.right)
        #expect(u.next == (priority == .userInitiated ? "bottom" : "middle"))
        #expect(s.requestFocus("menu").next == "bottom")  // programmatic entry honours the default either way
    }

    @Test func explainListsEveryDecision() throws {
        let s = try system([
            .item("a", Rect(100, 100, 200, 100)),
            .item("near", Rect(400, 120, 200, 100)),
            .item("far", Rect(800, 100, 200, 100)),
            .item("below", Rect(400, 600, 200, 100)),
            .item("off", Rect(1100, 100, 200, 100), FocusAttributes(focusable: .automatic, disabled: true)),
            .guide("g", Rect(350, 400, 100, 100), preferred: ["far"]),
        ])
        let e = try #require(s.explain(from: "a", .right))
        let verdicts = Dictionary(uniqueKeysWithValues: e.considered.map { ($0.id, $0.verdict) })
        #expect(verdicts["near"] == "winner")
        #expect(verdicts["far"] == "farther-than-winner")
        #expect(verdicts["below"] == "outside-path")
        #expect(verdicts["off"] == "unfocusable")
        #expect(verdicts["g"] == "outside-path")
        #expect(e.considered.first?.id == "near")
        #expect(e.text.contains("result: near (direct)"))
        #expect(e.text == s.explain(from: "a", .right)?.text)  // deterministic
    }

    @Test func auditFindsUnreachableOneWayAndTraps() throws {
        let s = try system([
            .item("a", Rect(100, 100, 200, 100)),
            .item("b", Rect(400, 100, 200, 100)),
            .item("lonely", Rect(1500, 800, 200, 100)),  // nothing in any path leads here
            .item("c", Rect(100, 400, 500, 100)),  // wide: up from c reaches a, down from a reaches c
            .guide("idle", Rect(1700, 600, 100, 100), preferred: ["a"]),
        ])
        let a = s.audit()
        #expect(a.unreachable == ["lonely"])
        #expect(a.deadEnds == ["lonely"])
        #expect(a.oneWay.contains { $0.from == "b" && $0.direction == .down && $0.to == "c" })
        #expect(a.guidesThatNeverFire == ["idle"])
    }

    /// Ctrl-click in the debug overlay: the front-most item under the point answers, focusable or not;
    /// containers and empty space do not.
    @Test func hitTestFindsTheFrontMostItem() throws {
        let s = try system([
            .container(
                "row", Rect(0, 0, 1920, 400), .init(),
                [
                    .item("under", Rect(100, 100, 300, 200)),
                    .item("over", Rect(200, 150, 300, 200), FocusAttributes(focusable: .automatic, disabled: true)),
                ])
        ])
        let tree = s.tree
        #expect(tree.item(atX: 150, y: 120).map { tree.ids[$0] } == "under")
        #expect(tree.item(atX: 250, y: 200).map { tree.ids[$0] } == "over")
        #expect(tree.item(atX: 1000, y: 200) == nil, "the container alone is not an item")
        #expect(
            tree.focusabilityReport(atX: 150, y: 120, focused: s.focused)
                == "\"under\" is currently focused.\nvisible region: [100, 100, 300, 200] (the whole frame)")
        #expect(tree.focusabilityReport(atX: 250, y: 200).contains("ISSUE: it is disabled"))
        #expect(tree.focusabilityReport(atX: 1000.5, y: 2000) == "nothing at 1000.5, 2000")
    }
}
