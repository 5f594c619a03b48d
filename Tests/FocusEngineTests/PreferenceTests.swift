import Testing

@testable import FocusEngine

/// Preferences as tvos-focus.md §A13 reads Apple's statements together, and who restores focus after a
/// transition (§A5).
@Suite struct PreferenceTests {
    static let screen = Rect(0, 0, 1920, 1080)

    func system(_ children: [FocusNode], screen attributes: FocusAttributes = .init()) throws -> FocusSystem {
        var s = FocusSystem(tree: try FocusTree(layers: [.layer("screen", Self.screen, attributes, children)]))
        s.focusInitial()
        return s
    }

    /// A form with its own scope below a menu button at the top left.
    func formBelowMenu() -> [FocusNode] {
        [
            .item("menu", Rect(80, 60, 200, 86)),
            .container(
                "form", Rect(80, 300, 800, 500), FocusAttributes(focusScope: "form"),
                [
                    .item("email", Rect(80, 300, 700, 86)),
                    .item(
                        "password", Rect(80, 420, 700, 86),
                        FocusAttributes(focusable: .automatic, prefersDefaultFocus: true)),
                    .item("submit", Rect(80, 540, 300, 86)),
                ]),
        ]
    }

    /// "If focus was supposed to be somewhere else in the view hierarchy, then our modifiers will not
    /// impact global focus": the screen's default search lands on the menu button, outside the scope.
    @Test func scopeBesideOtherContentDoesNotDecideInitialFocus() throws {
        let s = try system(formBelowMenu())
        #expect(s.focused == "menu")
    }

    /// …while the scope's preference still decides `resetFocus(in:)` and entry through the scope's own
    /// preferred chain.
    @Test func scopePreferenceDecidesResetAndEntryThroughItsChain() throws {
        var s = try system(formBelowMenu())
        let reset = s.resetFocus(in: "form")
        #expect(reset.next == "password" && reset.via == .default && reset.routedBy == "form")
        s.state.focused = "menu"
        #expect(s.requestFocus("form").next == "password")
        var t = try system(formBelowMenu() + [.guide("toForm", Rect(400, 60, 300, 86), preferred: ["form"])])
        #expect(t.move(.right).next == "password")  // a guide naming the scope enters through its chain
    }

    /// A scope that wraps the whole screen (the WWDC20 login form): the default search arrives inside
    /// it, so its preference redirects the initial focus — at the root, or nested a level down.
    @Test func scopeTheDefaultSearchArrivesInDecidesInitialFocus() throws {
        #expect(try system(formBelowMenu().dropFirst().map { $0 }).focused == "password")
        let wrapped = FocusNode.container("page", Self.screen, .init(), formBelowMenu().dropFirst().map { $0 })
        #expect(try system([wrapped]).focused == "password")
        // Nested scopes: the outermost one with a preference decides.
        let inner = FocusNode.container(
            "inner", Rect(80, 300, 800, 300), FocusAttributes(focusScope: "inner"),
            [
                .item("top", Rect(80, 300, 300, 86)),
                .item(
                    "innerPick", Rect(80, 420, 300, 86),
                    FocusAttributes(focusable: .automatic, prefersDefaultFocus: true)),
            ])
        let outer = FocusNode.container(
            "outer", Rect(80, 300, 800, 600), FocusAttributes(focusScope: "outer"),
            [
                inner,
                .item(
                    "outerPick", Rect(80, 700, 300, 86),
                    FocusAttributes(focusable: .automatic, prefersDefaultFocus: true)),
            ])
        #expect(try system([outer]).focused == "outerPick")
        let outerWithout = FocusNode.container(
            "outer", Rect(80, 300, 800, 600), FocusAttributes(focusScope: "outer"), [inner])
        #expect(try system([outerWithout]).focused == "innerPick")
    }

    /// A `defaultFocus` anywhere in the screen still decides where focus starts (SwiftUI evaluates
    /// default focus when the window first appears), even beside other content.
    @Test func nestedDefaultFocusStillDecidesInitialFocus() throws {
        let s = try system([
            .item("menu", Rect(80, 60, 200, 86)),
            .container(
                "list", Rect(80, 300, 800, 500), FocusAttributes(defaultFocus: "second"),
                [
                    .item("first", Rect(80, 300, 700, 86)), .item("second", Rect(80, 420, 700, 86)),
                ]),
        ])
        #expect(s.focused == "second")
    }

    /// `restoresFocusAfterTransition` is the presenting view controller's: a screen that does not
    /// restore gets its preferred item after a sheet goes, whatever the sheet says.
    @Test(arguments: [(true, true), (true, false), (false, true), (false, false)])
    func restoringFocusNeedsThePresenterAndTheSheet(_ presenter: Bool, _ sheet: Bool) throws {
        let children: [FocusNode] = [
            .item("first", Rect(100, 100, 300, 86)), .item("filters", Rect(500, 100, 300, 86)),
        ]
        let screen = FocusNode.layer(
            "screen", Self.screen, FocusAttributes(restoresFocusAfterTransition: presenter), children)
        var s = FocusSystem(tree: try FocusTree(layers: [screen]), state: FocusState(focused: "filters"))
        s.present(
            in: try FocusTree(layers: [
                screen, .layer("sheet", Self.screen, .init(), [.item("close", Rect(800, 500, 300, 86))]),
            ]))
        let back = s.dismiss("sheet", restores: sheet, in: try FocusTree(layers: [screen]))
        if presenter && sheet {
            #expect(back.next == "filters" && back.via == .restored)
        } else {
            #expect(back.next == "first" && back.via == .default)
        }
    }

    /// Guides that each name the next one: `fan` times over, `depth` long, the last naming an item that cannot take
    /// focus (`to` nil) or one that can.
    func guideChain(depth: Int, fan: Int, to item: String?) throws -> FocusTree {
        var nodes: [FocusNode] = [
            .item("a", Rect(80, 60, 200, 86)), .item("off", Rect(80, 600, 200, 86), FocusAttributes(disabled: true)),
            .item("z", Rect(800, 600, 200, 86)),
        ]
        for k in 0..<depth {
            let next = k + 1 < depth ? "g\(k + 1)" : (item ?? "off")
            nodes.append(.guide("g\(k)", Rect(400, 60, 10, 86), preferred: Array(repeating: next, count: fan)))
        }
        return try FocusTree(layers: [.layer("screen", Self.screen, FocusAttributes(), nodes)])
    }

    /// A search enters each guide once: guides naming the next one twice over, 40 deep, were tried 2⁴⁰ times over
    /// (one swipe never ended), and 70,000 guides each naming the next overflowed the stack. A chain is followed
    /// for ``FocusTree/maxPreferenceDepth`` links.
    @Test func guideChainsAreFollowedOnceAndToALimit() throws {
        #expect(try guideChain(depth: 40, fan: 2, to: nil).preferredFocus(of: "g0") == nil)
        #expect(try guideChain(depth: 4, fan: 300, to: "z").preferredFocus(of: "g0") == "z")
        let limit = FocusTree.maxPreferenceDepth
        #expect(try guideChain(depth: limit - 1, fan: 1, to: "z").preferredFocus(of: "g0") == "z")
        #expect(try guideChain(depth: limit, fan: 1, to: "z").preferredFocus(of: "g0") == nil)
        #expect(try guideChain(depth: 70_000, fan: 1, to: "z").preferredFocus(of: "g0") == nil)
    }

    /// What a resolution and a swipe look at is bounded: 1,000 guides each naming all 1,000 read a million names a
    /// resolution, and a swipe past 90,000 guides, each leading down a chain of 100 to nothing, took 20 s.
    @Test func resolutionsAndSwipesLookAtABoundedAmount() throws {
        var many: [FocusNode] = [.item("a", Rect(80, 60, 200, 86))]
        let names = (0..<300).map { "g\($0)" }
        for name in names { many.append(.guide(name, Rect(400, 600, 10, 86), preferred: names)) }
        #expect(
            try FocusTree(layers: [.layer("screen", Self.screen, FocusAttributes(), many)]).preferredFocus(of: "g0")
                == nil)

        var nodes: [FocusNode] = [
            .item("a", Rect(0, 500, 10, 86)), .item("z", Rect(1900, 500, 10, 86)),
            .item("off", Rect(0, 900, 10, 86), FocusAttributes(disabled: true)),
        ]
        for k in 0..<100 {
            nodes.append(.guide("c\(k)", Rect(0, 1000, 1, 1), preferred: [k < 99 ? "c\(k + 1)" : "off"]))
        }
        for k in 0..<5_000 {
            nodes.append(.guide("w\(k)", Rect(20 + Double(k) * 0.3, 500, 0.2, 86), preferred: ["c0"]))
        }
        var system = FocusSystem(tree: try FocusTree(layers: [.layer("screen", Self.screen, FocusAttributes(), nodes)]))
        system.state = FocusState(focused: "a")
        #expect(system.move(.right).next == "z")
        #expect(system.examined > FocusTree.maxSearchLooks && system.examined < 2 * FocusTree.maxSearchLooks)
    }
}
