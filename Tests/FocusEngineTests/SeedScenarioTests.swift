import Testing

@testable import FocusEngine

/// The seeds' screens as rectangle tables (../shared/seeds): each asserts where a swipe goes and how.
@Suite struct SeedScenarioTests {
    static let screen = Rect(0, 0, 1920, 1080)

    func system(_ children: [FocusNode], policy: FocusPolicy = .tvos) throws -> FocusSystem {
        let tree = try FocusTree(layers: [.layer("screen", Self.screen, .init(), children)])
        var s = FocusSystem(tree: tree, policy: policy)
        s.focusInitial()
        return s
    }

    func moved(_ s: inout FocusSystem, from: String, _ d: Direction) -> FocusUpdate {
        s.state.focused = from
        return s.move(d)
    }

    /// focusSection(): VStack{1, 2, Spacer} | Spacer | VStack{Spacer, A, B}.focusSection()
    @Test func focusSectionOneTwoAB() throws {
        let left = FocusNode.container(
            "left", Rect(80, 60, 300, 960), .init(),
            [
                .item("1", Rect(80, 60, 300, 100)), .item("2", Rect(80, 200, 300, 100)),
            ])
        func right(section: Bool) -> FocusNode {
            FocusNode.container(
                "right", Rect(1540, 60, 300, 960), FocusAttributes(isFocusSection: section),
                [
                    .item("A", Rect(1540, 780, 300, 100)), .item("B", Rect(1540, 920, 300, 100)),
                ])
        }
        var without = try system([left, right(section: false)])
        #expect(without.focused == "1")
        let blocked = moved(&without, from: "1", .right)
        #expect(blocked.outcome == .blocked(.nothingInPath))
        var with = try system([left, right(section: true)])
        let u = moved(&with, from: "1", .right)
        #expect(u.next == "A")
        #expect(u.via == .section)
        #expect(u.routedBy == "right")
        #expect(moved(&with, from: "2", .right).next == "A")
    }

    /// TV library: two focus-section columns; rows line up, so moves are direct.
    @Test func tvLibraryColumns() throws {
        let names1 = ["Recent", "Favorites", "Downloaded"]
        let names2 = ["Featured", "Top Picks", "Continue Watching"]
        let col1 = FocusNode.section(
            "c1", Rect(80, 60, 400, 500),
            names1.enumerated().map { .item($1, Rect(80, 60 + Double($0) * 160, 400, 120)) })
        let col2 = FocusNode.section(
            "c2", Rect(560, 60, 400, 500),
            names2.enumerated().map { .item($1, Rect(560, 60 + Double($0) * 160, 400, 120)) })
        var s = try system([col1, col2])
        #expect(s.focused == "Recent")
        for (a, b) in zip(names1, names2) {
            let u = moved(&s, from: a, .right)
            #expect(u.next == b && u.via == .direct)
            #expect(moved(&s, from: b, .left).next == a)
        }
        #expect(moved(&s, from: "Downloaded", .down).outcome == .blocked(.nothingInPath))
    }

    /// UIKitCatalog focus guide dashboard: guide in the empty bottom-right cell.
    @Test func focusGuideDashboard() throws {
        let topLeft = FocusNode.item("topLeft", Rect(100, 100, 300, 120))
        let topRight = FocusNode.item("topRight", Rect(1200, 100, 300, 120))
        let bottomLeft = FocusNode.item("bottomLeft", Rect(100, 700, 300, 120))
        var s = try system([
            topLeft, topRight, bottomLeft, .guide("g", Rect(1200, 700, 300, 120), preferred: ["bottomLeft"]),
        ])
        #expect(s.focused == "topLeft")
        // From topRight a swipe down reaches the guide, which redirects to bottomLeft.
        let down = moved(&s, from: "topRight", .down)
        #expect(down.next == "bottomLeft" && down.via == .guide && down.routedBy == "g")
        // Without a guide (empty preferred = disabled) the same swipe does nothing.
        var t = try system([topLeft, topRight, bottomLeft, .guide("g", Rect(1200, 700, 300, 120), preferred: [])])
        #expect(moved(&t, from: "topRight", .down).outcome == .blocked(.nothingInPath))
        // A disabled guide is ignored, and so is one whose targets are all unfocusable.
        var u = try system([
            topLeft, topRight, bottomLeft,
            .guide("g", Rect(1200, 700, 300, 120), preferred: ["bottomLeft"], enabled: false),
        ])
        #expect(moved(&u, from: "topRight", .down).outcome == .blocked(.nothingInPath))
        // The seeds' dashboard: a guide spanning the gap between two buttons leads to the trailing one.
        var v = try system([
            .item("a", Rect(100, 100, 300, 120)), .guide("span", Rect(400, 100, 800, 120), preferred: ["b"]),
            .item("b", Rect(1200, 600, 300, 120)),
        ])
        let r = moved(&v, from: "a", .right)
        #expect(r.next == "b" && r.via == .guide)
    }

    /// Crème brûlée: a row of buttons, a picture, and a button below but not under the row.
    @Test func cremeBruleeRow() throws {
        let row = (0..<4).map { FocusNode.item("r\($0)", Rect(80 + Double($0) * 300, 60, 260, 86)) }
        let image = FocusNode(id: "image", role: .item, frame: Rect(80, 200, 1000, 500))  // not focusable
        let add = FocusNode.item("add", Rect(1500, 800, 340, 86))
        var plain = try system(row + [image, .container("bottom", Rect(80, 780, 1760, 130), .init(), [add])])
        #expect(moved(&plain, from: "r0", .down).outcome == .blocked(.nothingInPath))
        var fixed = try system(row + [image, .section("bottom", Rect(80, 780, 1760, 130), [add])])
        for k in 0..<4 {
            let u = moved(&fixed, from: "r\(k)", .down)
            #expect(u.next == "add" && u.via == .section)
        }
        // Going back up is the same geometry problem: nothing is above the button.
        #expect(moved(&fixed, from: "add", .up).outcome == .blocked(.nothingInPath))
    }

    /// Recipe grid beside a short category list: lower rows cannot go left until the list is a
    /// full-height section.
    @Test func recipeGridBesideCategories() throws {
        let cats = (0..<3).map { FocusNode.item("cat\($0)", Rect(80, 60 + Double($0) * 120, 300, 90)) }
        let grid = (0..<12).map { k in
            FocusNode.item("g\(k)", Rect(500 + Double(k % 4) * 340, 60 + Double(k / 4) * 330, 300, 290))
        }
        var plain = try system([.container("list", Rect(80, 60, 300, 960), .init(), cats)] + grid)
        // The first row's beam covers the short list: nearest across the direction wins.
        #expect(moved(&plain, from: "g0", .left).next == "cat1")
        #expect(moved(&plain, from: "g8", .left).outcome == .blocked(.nothingInPath))
        var fixed = try system([.section("list", Rect(80, 60, 300, 960), cats)] + grid)
        let u = moved(&fixed, from: "g8", .left)
        #expect(u.next == "cat2" && u.via == .section)
        #expect(moved(&fixed, from: "g4", .left).next == "cat2")
    }

    /// Login form: prefersDefaultFocus follows state; resetFocus re-evaluates the scope.
    @Test func loginFormPrefersDefaultFocus() throws {
        func form(filled: Bool) throws -> FocusSystem {
            try system([
                .container(
                    "form", Rect(660, 200, 600, 700), FocusAttributes(focusScope: "login"),
                    [
                        .item(
                            "email", Rect(660, 200, 600, 86),
                            FocusAttributes(
                                focusable: .edit, prefersDefaultFocus: !filled, prefersDefaultFocusIn: "login")),
                        .item("password", Rect(660, 330, 600, 86), FocusAttributes(focusable: .edit)),
                        .item(
                            "login", Rect(660, 460, 600, 86),
                            FocusAttributes(
                                focusable: .automatic, prefersDefaultFocus: filled, prefersDefaultFocusIn: "login")),
                        .item("reset", Rect(660, 590, 600, 86)),
                    ])
            ])
        }
        #expect(try form(filled: false).focused == "email")
        var filled = try form(filled: true)
        #expect(filled.focused == "login")
        filled.state.focused = "reset"
        let u = filled.resetFocus(in: "login")
        #expect(u.next == "login" && u.via == .default)
    }

    /// The sidebar with defaultFocus: initial focus goes to the named item, not the top-most one.
    @Test func sidebarDefaultFocus() throws {
        let s = try system([
            .container(
                "sidebar", Rect(80, 60, 400, 500), FocusAttributes(defaultFocus: "library"),
                [
                    .item("home", Rect(80, 60, 400, 100)), .item("library", Rect(80, 200, 400, 100)),
                    .item("settings", Rect(80, 340, 400, 100)),
                ])
        ])
        #expect(s.focused == "library")
    }

    /// A wider item searches a wider path; touching edges are not in the path.
    @Test func searchRegionWidthAndTouchingEdges() throws {
        var s = try system([
            .item("wide", Rect(100, 100, 1000, 100)),
            .item("under-right", Rect(900, 400, 100, 100)),
            .item("touching", Rect(1100, 400, 100, 100)),
        ])
        #expect(moved(&s, from: "wide", .down).next == "under-right")
        #expect(moved(&s, from: "under-right", .up).next == "wide")
        #expect(moved(&s, from: "touching", .up).outcome == .blocked(.nothingInPath))
    }

    /// Ranking: nearest along the direction, then nearest across it, then tree order — both orders.
    @Test(arguments: [false, true]) func rankingBothOrders(_ swapped: Bool) throws {
        let near = FocusNode.item("near", Rect(400, 150, 100, 100))
        let far = FocusNode.item("far", Rect(600, 100, 100, 100))
        let aligned = FocusNode.item("aligned", Rect(800, 100, 100, 100))
        let offset = FocusNode.item("offset", Rect(800, 150, 100, 100))
        let src = FocusNode.item("src", Rect(100, 100, 100, 100))
        var s = try system(swapped ? [src, far, near] : [src, near, far])
        #expect(moved(&s, from: "src", .right).next == "near")
        var t = try system(swapped ? [src, offset, aligned] : [src, aligned, offset])
        #expect(moved(&t, from: "src", .right).next == "aligned")
        let twinA = FocusNode.item("twinA", Rect(400, 100, 100, 100))
        let twinB = FocusNode.item("twinB", Rect(400, 100, 100, 100))
        var u = try system(swapped ? [src, twinB, twinA] : [src, twinA, twinB])
        #expect(moved(&u, from: "src", .right).next == (swapped ? "twinB" : "twinA"))
    }

    /// Remembered focus: re-entering a shelf returns to the item focused when focus left.
    @Test func remembersLastFocus() throws {
        let shelf = FocusNode.container(
            "shelf", Rect(80, 100, 1760, 390), FocusAttributes(remembersLastFocus: true, scrollAxes: .horizontal),
            (0..<6).map { .item("p\($0)", Rect(80 + Double($0) * 300, 100, 260, 390)) })
        let below = FocusNode.container(
            "row2", Rect(80, 600, 1760, 390), .init(),
            (0..<6).map { .item("q\($0)", Rect(80 + Double($0) * 300, 600, 260, 390)) })
        var s = try system([shelf, below])
        s.state.focused = "p3"
        #expect(s.move(.down).next == "q3")
        #expect(s.move(.left).next == "q2")
        let back = s.move(.up)
        #expect(back.next == "p3" && back.via == .remembered)
    }

    /// Sheets: focus moves in, cannot leave, and is restored on dismissal.
    @Test func sheetLayerRestoration() throws {
        let screen = FocusNode.layer(
            "screen", Self.screen, .init(),
            [.item("filters", Rect(100, 100, 300, 86)), .item("other", Rect(500, 100, 300, 86))])
        var s = FocusSystem(tree: try FocusTree(layers: [screen]))
        s.focusInitial()
        let sheet = FocusNode.layer("sheet", Self.screen, .init(), [.item("close", Rect(800, 500, 300, 86))])
        let presented = s.present(in: try FocusTree(layers: [screen, sheet]))
        #expect(presented.next == "close")
        #expect(s.move(.left).outcome == .blocked(.nothingInPath))
        #expect(!s.requestFocus("other").moved)
        let back = s.dismiss("sheet", in: try FocusTree(layers: [screen]))
        #expect(back.next == "filters" && back.via == .restored)
    }

    /// onMoveCommand: a rating picker consumes left and right, not up and down.
    @Test func moveHandlerConsumes() throws {
        var s = try system([
            .item(
                "rating", Rect(100, 100, 500, 86),
                FocusAttributes(focusable: .activate, consumesMoves: [.left, .right])),
            .item("next", Rect(700, 100, 300, 86)), .item("below", Rect(100, 300, 300, 86)),
        ])
        #expect(moved(&s, from: "rating", .right).outcome == .consumed(by: "rating"))
        #expect(moved(&s, from: "rating", .down).next == "below")
    }

    /// checkFocusability names every rule that fails.
    @Test func checkFocusabilityReasons() throws {
        let tree = try FocusTree(layers: [
            .layer(
                "screen", Self.screen, .init(),
                [
                    .container(
                        "box", Rect(0, 0, 500, 500), FocusAttributes(disabled: true),
                        [.item("inDisabled", Rect(10, 10, 100, 100))]),
                    .item("hidden", Rect(200, 600, 100, 100), FocusAttributes(focusable: .automatic, hidden: true)),
                    .item("zero", Rect(300, 600, 0, 100)),
                    .item("off", Rect(3000, 600, 100, 100)),
                    .item("under", Rect(600, 600, 100, 100)),
                    FocusNode(
                        id: "cover", role: .container, frame: Rect(550, 550, 300, 300),
                        attributes: FocusAttributes(opaque: true)),
                    FocusNode(id: "label", role: .item, frame: Rect(900, 600, 100, 40)),
                    .item("fine", Rect(1200, 600, 100, 100)),
                ])
        ])
        #expect(tree.checkFocusability("inDisabled") == [.disabled(by: "box")])
        #expect(tree.checkFocusability("hidden") == [.hidden(by: "")])
        #expect(tree.checkFocusability("zero") == [.zeroSized])
        #expect(tree.checkFocusability("off") == [.offscreen])
        #expect(tree.checkFocusability("under") == [.covered(by: "cover")])
        #expect(tree.checkFocusability("label") == [.notFocusable])
        #expect(tree.checkFocusability("fine") == [])
        #expect(tree.focusabilityReport("fine").contains("should be focusable"))
    }

    /// Full keyboard access: activate-only items take focus only with it on; tvOS treats all as focusable.
    @Test func activateNeedsFullKeyboardAccess() throws {
        let layers: [FocusNode] = [
            .layer(
                "screen", Self.screen, .init(),
                [.item("btn", Rect(0, 0, 100, 100), FocusAttributes(focusable: .activate))])
        ]
        #expect(try FocusTree(layers: layers).isFocusable(id: "btn"))
        #expect(try FocusTree(layers: layers, options: .init(fullKeyboardAccess: true)).isFocusable(id: "btn"))
        #expect(try !FocusTree(layers: layers, options: .init(fullKeyboardAccess: false)).isFocusable(id: "btn"))
    }

    /// Removing the focused item moves focus to the nearest survivor.
    @Test func survivorAfterRemoval() throws {
        var s = try system((0..<5).map { .item("p\($0)", Rect(80 + Double($0) * 300, 100, 260, 390)) })
        s.state.focused = "p2"
        let u = s.replaceTree(
            try FocusTree(layers: [
                .layer(
                    "screen", Self.screen, .init(),
                    [0, 1, 3, 4].map { .item("p\($0)", Rect(80 + Double($0) * 300, 100, 260, 390)) })
            ]))
        #expect(u.next == "p1" || u.next == "p3")
        #expect(u.via == .survivor)
    }

    /// Guide chains terminate: two guides preferring each other lead nowhere and are passed over.
    @Test func guideCycleTerminates() throws {
        var s = try system([
            .item("a", Rect(100, 100, 100, 100)),
            .guide("g1", Rect(300, 100, 100, 100), preferred: ["g2"]),
            .guide("g2", Rect(100, 300, 100, 100), preferred: ["g1"]),
            .item("b", Rect(600, 100, 100, 100)),
        ])
        #expect(moved(&s, from: "a", .right).next == "b")
    }

    /// Sequential order visits a section's items before leaving it.
    @Test func sequentialOrderKeepsSectionsTogether() throws {
        var s = try system([
            .section(
                "left", Rect(80, 60, 300, 900),
                [.item("l1", Rect(80, 60, 300, 100)), .item("l2", Rect(80, 700, 300, 100))]),
            .item("r1", Rect(600, 300, 300, 100)),
        ])
        #expect(s.focused == "l1")
        #expect(s.moveSequential(forward: true).next == "l2")
        #expect(s.moveSequential(forward: true).next == "r1")
        #expect(s.moveSequential(forward: false).next == "l2")
    }
}
