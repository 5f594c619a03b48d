import FocusEngine
import Foundation
import TenFootPresentation
import TenFootScene
import TenFootTools
import TestSupport
import Testing

@testable import TenFootSim

@Suite struct SimulatorTests {
    static func trace(_ scene: Scene, _ events: [RemoteEvent]) throws -> [String] {
        var sim = try Simulator(scene: scene)
        var out: [String] = []
        for e in events {
            sim.send(e)
            for _ in 0..<12 {
                sim.step(ticks: 40)
                out.append(
                    "\(sim.tick) \(sim.focused ?? "-") \(fmt(sim.focusProgress(sim.focused ?? ""))) \(sim.scroll.sorted { $0.key < $1.key })"
                )
            }
            out.append(SceneRenderer().displayList(sim).text)
        }
        return out
    }

    /// The same script twice gives identical state traces and display lists.
    @Test func deterministicTraces() throws {
        let events: [RemoteEvent] = [
            .swipe(.right), .swipe(.right), .swipe(.right), .swipe(.right), .swipe(.right), .swipe(.right),
            .swipe(.left), .swipe(.up), .select,
        ]
        let a = try Self.trace(BuiltInScenes.home(), events)
        let b = try Self.trace(BuiltInScenes.home(), events)
        #expect(a == b)
    }

    /// Moving right along a long shelf scrolls it so the focused poster stays fully visible.
    @Test func shelfScrollsToKeepFocusVisible() throws {
        var sim = try Simulator(scene: BuiltInScenes.home())
        for _ in 0..<7 {
            sim.send(.swipe(.right))
            sim.step(ticks: 480)
        }
        #expect(sim.focused == "p8")
        #expect((sim.scroll["upNext"] ?? 0) > 0)
        let (screen, _) = sim.displayLayout()
        let f = try #require(screen.frame(of: "p8"))
        #expect(f.maxX <= 1920 - 80 && f.minX >= 80)
    }

    /// Animations are functions of time: focus grows in, and a blocked move bumps then settles.
    @Test func animationsFollowTheClock() throws {
        var sim = try Simulator(scene: BuiltInScenes.home())
        sim.step(ticks: 1200)
        sim.send(.swipe(.right))
        #expect(sim.focusProgress("p2") < 0.05)
        sim.step(ticks: Motion.focusTicks)
        #expect(sim.focusProgress("p2") == 1)
        #expect(sim.focusProgress("p1") < 1 && sim.focusProgress("p1") > 0)
        sim.step(ticks: Motion.unfocusTicks)
        #expect(sim.focusProgress("p1") == 0)
        sim.send(.swipe(.left))
        sim.send(.swipe(.left))
        #expect(sim.focused == "p1")
        sim.step(ticks: Motion.bumpTicks / 2)
        #expect(sim.bumpOffset().0 < -5)
        sim.step(ticks: Motion.bumpTicks)
        #expect(sim.bumpOffset() == (0, 0))
    }

    /// Menu in a tab's content returns to the tab bar; at the top level it exits to Home.
    @Test func menuAtTopLevelExits() throws {
        var sim = try Simulator(scene: BuiltInScenes.home())
        sim.send(.menu)
        #expect(!sim.navigation.exited)
        #expect(sim.focused == "tabWatchNow")
        sim.send(.menu)
        #expect(sim.navigation.exited)
        #expect(sim.trace.last?.note == .exitedHome)
    }

    /// The trace holds typed entries: each event sent is its remote event (a select on a key, typed text,
    /// Return), with what else happened as a typed note; remote typing shows the key's id as the focus.
    @Test func traceEntriesAreTyped() throws {
        var sim = try Simulator(scene: try SceneDecoder.load(path: TestPaths.scenes + "/login-form.json"))
        let events: [RemoteEvent] = [.swipe(.up), .swipe(.up), .select, .text("ab"), .select, .submit]
        for e in events { sim.send(e) }
        #expect(sim.trace.first?.event == .start)
        #expect(sim.trace.compactMap(\.remoteEvent) == events)
        #expect(
            sim.trace.map(\.note) == [
                nil, nil, nil, nil, .typed(field: "email", text: "ana@example.comab"),
                .typed(field: "email", text: "ana@example.comaba"), .submitted(field: "email"),
            ])
        #expect(sim.trace.entries[3].update?.next == "keyboard.a")
        // Return on the email field is Next: its onSubmit focuses password, whose keyboard opens.
        #expect(
            sim.focused == "keyboard.a" && sim.textEntry.editing == "password"
                && sim.textEntry.fieldValues["email"] == "ana@example.comaba"
        )
    }

    /// Every expect block of every gallery scene passes.
    @Test func galleryExpectationsPass() throws {
        let files = TestPaths.sceneFiles
        #expect(!files.isEmpty)
        for file in files {
            let scene = try SceneDecoder.load(path: file)
            for r in ExpectationRunner.run(scene, loader: SceneDecoder.fileLoader) {
                #expect(r.passed, "\(file): \(r.name): \(r.failure ?? "") (path \(r.path.joined(separator: " → ")))")
            }
        }
    }
}

@Suite struct TabBarTests {
    static let tabs = """
        {"root": {"type": "tabBar", "id": "bar", "tabs": [
          {"id": "tA", "title": "First", "content": {"type": "hstack", "id": "ca", "children": [{"type": "button", "id": "a1", "title": "A1"}, {"type": "button", "id": "a2", "title": "A2"}]}},
          {"id": "tB", "title": "Second", "content": {"type": "vstack", "id": "cb", "children": [{"type": "button", "id": "b1", "title": "B1"}, {"type": "button", "id": "b2", "title": "B2"}]}}
        ]}}
        """

    /// Select on a tab enters its content; the item focused there is not selected too (its link does not push).
    @Test func selectOnATabDoesNotSelectTheItemItEnters() throws {
        let scene = try SceneDecoder.decode(
            """
            {"root": {"type": "tabBar", "id": "bar", "tabs": [
              {"id": "tA", "title": "First", "content": {"type": "hstack", "children": [{"type": "button", "id": "a1", "title": "A1"}]}},
              {"id": "tB", "title": "Second", "content": {"type": "vstack", "children": [{"type": "button", "id": "b1", "title": "B1", "onSelect": [{"present": "s"}]}]}}
            ]}, "sheets": [{"type": "sheet", "id": "s", "children": [{"type": "button", "id": "x", "title": "X"}]}]}
            """, file: "t.json")
        var sim = try Simulator(scene: scene)
        sim.send(.swipe(.right))
        #expect(sim.focused == "tB")
        sim.send(.select)
        #expect(sim.focused == "b1")
        #expect(sim.presentation.presented.isEmpty)
    }

    /// A bar whose defaultFocus names a tab opens on that tab: its content is the one below.
    @Test func aBarOpensOnTheTabItsDefaultFocusNames() throws {
        let scene = try SceneDecoder.decode(
            Self.tabs.replacingOccurrences(of: #""id": "bar","#, with: #""id": "bar", "defaultFocus": "tB","#),
            file: "t.json")
        var sim = try Simulator(scene: scene)
        #expect(sim.focused == "tB")
        sim.send(.swipe(.down))
        #expect(sim.focused == "b1")
    }

    /// The tab bar slides away while focus is in the content and comes back with Menu.
    @Test func tabBarHidesWhileFocusIsInContent() throws {
        var sim = try Simulator(scene: BuiltInScenes.home())
        sim.step(ticks: 1200)
        #expect(sim.focused == "p1")
        #expect(sim.tabBarShown() == 0)
        #expect(!SceneRenderer().displayList(sim).text.contains("text \"Search\""))
        sim.send(.menu)
        sim.step(ticks: 1200)
        #expect(sim.focused == "tabWatchNow")
        #expect(sim.tabBarShown() == 1)
        #expect(SceneRenderer().displayList(sim).text.contains("text \"Search\""))
    }

    /// Down from a tab is a normal geometric move from the selected tab; when nothing focusable lies
    /// directly below it, the closest item is focused instead (UITabBarController). The content does
    /// not remember where focus left it (only a `remembersLastFocus` container in it would).
    @Test func downFromATabIsAGeometricMoveFromTheSelectedTab() throws {
        var sim = try Simulator(scene: try SceneDecoder.decode(Self.tabs, file: "t.json"))
        #expect(sim.focused == "tA")
        sim.send(.swipe(.right))
        #expect(sim.focused == "tB")
        let down = sim.send(.swipe(.down))
        #expect(sim.focused == "b1" && down?.via == .section)  // nothing below "Second": the closest item
        sim.send(.swipe(.down))
        #expect(sim.focused == "b2")
        sim.send(.swipe(.up))
        sim.send(.swipe(.up))
        #expect(sim.focused == "tB")
        sim.send(.swipe(.left))
        sim.send(.swipe(.down))
        #expect(sim.focused == "a2")  // of a1 and a2 in one row, a2 is nearer across to "First"
        sim.send(.swipe(.up))
        sim.send(.swipe(.right))
        sim.send(.swipe(.down))
        #expect(sim.focused == "b1")
    }

    /// Up from the top of the content brings the bar back on the selected tab; on the bar, up bumps
    /// and left and right move along the tabs (selecting them).
    @Test func upFromTheTopOfTheContentBringsTheBarBackAndUpOnTheBarBumps() throws {
        var sim = try Simulator(scene: BuiltInScenes.home())
        try sim.start(from: "p4")
        #expect(sim.tabBarShown() == 0)
        let up = sim.send(.swipe(.up))
        #expect(sim.focused == "tabWatchNow" && up?.heading == .move(.up))
        #expect(sim.navigation.tabBarChange.visible)
        let bump = sim.send(.swipe(.up))
        #expect(bump?.outcome == .blocked(.nothingInPath) && sim.focused == "tabWatchNow")
        sim.send(.swipe(.right))
        #expect(sim.focused == "tabMovies" && sim.navigation.selectedTabs["tabs"] == "tabMovies")
    }

    /// Menu from deep in the content shows the bar on the selected tab whatever the scroll, and the
    /// content under the shown bar cannot take focus: Right goes to the next tab, not to a poster
    /// scrolled under the bar (issue 13's report: it went back into the content).
    @Test func menuShowsTheBarOverScrolledContentAndRightSelectsTheNextTab() throws {
        var sim = try Simulator(scene: BuiltInScenes.home())
        try sim.start(from: "w4")
        for _ in 0..<2 {
            sim.send(.swipe(.down))
            sim.step(ticks: 600)
        }
        #expect(sim.focused == "s4")  // the fourth shelf
        #expect((sim.scroll["watchNow"] ?? 0) > 1000)
        sim.send(.menu)
        #expect(sim.focused == "tabWatchNow")
        // Something of the content lies under the band the bar covers, and is out of reach there.
        let tree = sim.system.tree
        let under = tree.focusableItems.filter {
            tree.frames[$0].overlaps(Metrics.tabBarBand) && !tree.ids[$0].hasPrefix("tab")
        }
        #expect(!under.isEmpty)
        for n in under { #expect(tree.visibility(tree.ids[n])?.coveredBy == ["tabs/tabs"]) }
        sim.send(.swipe(.right))
        #expect(sim.focused == "tabMovies")
    }

    /// Select on a focused tab enters the content through its preferred focus chain.
    @Test func selectOnATabEntersTheContentsPreferredFocus() throws {
        var sim = try Simulator(scene: BuiltInScenes.home())
        try sim.start(from: "tabMovies")
        let u = sim.send(.select)
        #expect(sim.focused == "mg1" && u?.routedBy == "tabs/tabMovies/content")
        #expect(!sim.navigation.tabBarChange.visible)
    }

    /// `tenfoot audit` follows the bar as the simulator drives it: the tabs are in the graph, a swipe
    /// up that finds nothing in the content goes to the selected tab, and down from it is geometric, so
    /// nothing is a trap and the content area catches the moves from tabs with nothing right below.
    @Test func auditFollowsTheTabBar() throws {
        let sim = try Simulator(scene: BuiltInScenes.home())
        let graph = SceneAudit(sim, subject: "home", measurer: FixedAdvanceMeasurer()).graph
        #expect(graph.items.contains("tabWatchNow") && graph.items.contains("p1"))
        #expect(graph.traps.isEmpty && graph.unreachable.isEmpty)
        #expect(graph.edges.contains { $0.from == "p1" && $0.direction == .up && $0.to == "tabWatchNow" })
        #expect(graph.edges.contains { $0.from == "tabWatchNow" && $0.direction == .down && $0.to == "p3" })
        // another tab's content is another screen
        #expect(!graph.edges.contains { $0.from == "tabMovies" && $0.direction == .down })
        let tabs = try Simulator(scene: try SceneDecoder.decode(Self.tabs, file: "t.json"))
        #expect(SceneAudit(tabs, subject: "t", measurer: FixedAdvanceMeasurer()).graph.sectionsThatNeverCatch.isEmpty)
    }

    /// A graph whose swipes were cut short says so in a warning on the first such item (so `--strict` fails),
    /// with how many and the limit; a graph without any says nothing of it.
    @Test func auditSaysWhenSwipesWereCutShort() throws {
        let sim = try Simulator(scene: BuiltInScenes.home())
        var graph = SceneAudit.graph(sim)
        #expect(graph.cutShort.isEmpty)
        let plain = SceneAudit(sim, subject: "home", measurer: FixedAdvanceMeasurer(), graph: graph)
        #expect(!plain.findings.contains { $0.code == "swipes-cut-short" })
        graph.cutShort = ["p1", "p2"]
        let cut = SceneAudit(sim, subject: "home", measurer: FixedAdvanceMeasurer(), graph: graph)
        let found = cut.findings.filter { $0.code == "swipes-cut-short" }
        #expect(found.count == 1 && found.first?.item == "p1" && found.first?.severity == .warning)
        #expect(found.first?.message.contains("swipes from 2 of the") == true, "\(found)")
        #expect(cut.failsStrict)
    }

    /// The bar is drawn after the content and its lifted items, never under them.
    @Test func theBarIsDrawnAboveTheContent() throws {
        var sim = try Simulator(scene: BuiltInScenes.home())
        try sim.start(from: "m2")
        sim.send(.menu)
        sim.step(ticks: 1200)
        let text = SceneRenderer().displayList(sim).text
        let tab = try #require(text.range(of: "text \"Watch Now\""))
        for poster in ["seed=m2|", "seed=s1|", "seed=w3|"] {
            if let art = text.range(of: poster) {
                #expect(art.lowerBound < tab.lowerBound, "\(poster) is drawn above the bar")
            }
        }
    }

    /// --from an item in another tab selects that tab first.
    @Test func startFromAnItemInAnotherTab() throws {
        var sim = try Simulator(scene: try SceneDecoder.decode(Self.tabs, file: "t.json"))
        try sim.start(from: "b2")
        #expect(sim.focused == "b2")
        #expect(sim.navigation.selectedTabs["bar"] == "tB")
    }
}

@Suite struct HotReloadTests {
    static func scene(_ posters: [String]) throws -> Scene {
        let items = posters.map { #"{"type": "poster", "id": "\#($0)", "title": "\#($0)"}"# }.joined(separator: ", ")
        return try SceneDecoder.decode(
            #"{"root": {"type": "shelf", "id": "row", "children": [\#(items)]}}"#, file: "t.json")
    }

    @Test func reloadKeepsFocusAndScroll() throws {
        var sim = try Simulator(scene: try Self.scene((1...12).map { "p\($0)" }))
        for _ in 0..<8 {
            sim.send(.swipe(.right))
            sim.step(ticks: 480)
        }
        #expect(sim.focused == "p9")
        let offset = sim.scroll["row"] ?? 0
        #expect(offset > 0)
        let report = try sim.reload(try Self.scene((1...12).map { "p\($0)" } + ["new"]))
        #expect(report.added == ["new"])
        #expect(sim.focused == "p9")
        #expect(sim.scroll["row"] == offset)
    }

    @Test func reloadMovesFocusToANearbySurvivor() throws {
        var sim = try Simulator(scene: try Self.scene(["a", "b", "c", "d"]))
        sim.send(.swipe(.right))
        sim.send(.swipe(.right))
        #expect(sim.focused == "c")
        let report = try sim.reload(try Self.scene(["a", "b", "d"]))
        #expect(report.removed == ["c"])
        #expect(sim.focused == "d" || sim.focused == "b")
    }
}

/// `open`: pushing another scene file as a new screen.
@Suite struct NavigationTests {
    /// An `open` that cannot load says so as a blocked update instead of doing nothing silently.
    /// A save reports what the author changed, briefly: never the keyboard a search builds, at most three ids of
    /// each list and how many more.
    @Test func aReloadReportsOnlyWhatChangedBriefly() throws {
        func scene(_ buttons: [String]) throws -> Scene {
            let items = buttons.map { #"{"type": "button", "id": "\#($0)", "title": "\#($0)"}"# }.joined(separator: ",")
            return try SceneDecoder.decode(
                #"{"root": {"type": "tabBar", "id": "bar", "tabs": [{"id": "home", "title": "Home", "content": {"type": "vstack", "children": [\#(items)]}}, {"id": "find", "title": "Search", "content": {"type": "search", "id": "s", "children": []}}]}}"#,
                file: "t.json")
        }
        var sim = try Simulator(scene: try scene(["a", "b"]))
        #expect(sim.scene.allNodes.contains { KeyboardIDs.isSystem($0.id) })
        let report = try sim.reload(try scene(["a", "c", "d", "e", "f", "g"]))
        #expect(report.added == ["c", "d", "e", "f", "g"] && report.removed == ["b"])
        #expect(report.description.hasPrefix("added c, d, e and 2 more; removed b; focus"))
    }

    /// The window's safety catch: Menu at the top level asks first and leaves on a second press within two
    /// seconds; without it (scripts, `path`, `test`) the first press leaves, as on tvOS.
    @Test func theWindowsMenuAsksBeforeLeaving() throws {
        let scene = try SceneDecoder.decode(
            #"{"root": {"type": "vstack", "children": [{"type": "button", "id": "a", "title": "A"}]}}"#, file: "t.json")
        var sim = try Simulator(scene: scene)
        sim.confirmsMenuExit = true
        sim.send(.menu)
        #expect(!sim.navigation.exited && sim.menuExitAsked == 0 && sim.focused == "a")
        // Too late: it asks again.
        sim.step(ticks: Simulator.menuExitWindow + 1)
        sim.send(.menu)
        #expect(!sim.navigation.exited && sim.menuExitAsked == Simulator.menuExitWindow + 1)
        sim.step(ticks: Clock.ticks(seconds: 1))
        sim.send(.menu)
        #expect(sim.navigation.exited)
        var plain = try Simulator(scene: scene)
        plain.send(.menu)
        #expect(plain.navigation.exited)
    }

    @Test func aFailedOpenIsReported() throws {
        var sim = try Simulator(
            scene: try SceneDecoder.decode(
                #"{"root": {"type": "hstack", "children": [{"type": "button", "id": "a", "title": "A", "onSelect": [{"open": "missing.json"}]}]}}"#,
                file: "/tmp/x/t.json"))
        sim.sceneLoader = SceneDecoder.fileLoader
        let u = sim.send(.select)
        guard case .blocked(let why)? = u?.outcome else {
            Issue.record("expected a blocked update, got \(String(describing: u))")
            return
        }
        #expect(why.description.contains("cannot open /tmp/x/missing.json: 1:1: "), "\(why)")
        // A long path is said once, cut.
        let long = String(repeating: "d/", count: 1_000) + "x.json"
        var far = try Simulator(
            scene: try SceneDecoder.decode(
                #"{"root": {"type": "hstack", "children": [{"type": "button", "id": "a", "title": "A", "onSelect": [{"open": "\#(long)"}]}]}}"#,
                file: "/tmp/x/t.json"))
        far.sceneLoader = SceneDecoder.fileLoader
        guard case .blocked(let farWhy)? = far.send(.select)?.outcome else {
            Issue.record("expected a blocked update")
            return
        }
        #expect(farWhy.description.count < 400, "\(farWhy.description.count)")
        #expect(farWhy.description.hasPrefix("cannot open /tmp/x/d/d/d/"), "\(farWhy)")
        #expect(farWhy.description.contains("d/d…/d/d/"), "\(farWhy)")
        #expect(
            farWhy.description.hasSuffix("/d/d/x.json: 1:1: cannot read the file (missing or unreadable)"), "\(farWhy)")
    }
}

/// A runtime `append` keeps the decoder's node limit: past it the press is refused and says why.
@Suite struct AppendLimitTests {
    @Test func appendPastTheNodeLimitIsRefused() throws {
        let template = 60_000
        let spacers = Array(repeating: #"{"type":"spacer"}"#, count: template - 1).joined(separator: ",")
        let text =
            #"{"root": {"type": "vstack", "id": "list", "children": [{"type": "button", "id": "add", "onSelect": [{"append": {"type": "vstack", "id": "block{n}", "children": ["#
            + spacers + #"]}, "to": "list"}]}]}}"#
        var sim = try Simulator(scene: SceneDecoder.decode(text, file: "t.json"))
        let first = sim.send(.select)
        #expect(first.map { if case .blocked = $0.outcome { false } else { true } } ?? true, "the first block fits")
        #expect(sim.scene.allNodes.count == 2 + template)
        let refused = sim.send(.select)
        let second = try #require(refused)
        #expect(
            second.outcome
                == .blocked(
                    .described(
                        "cannot append to list: the scene would have \(2 + 2 * template) nodes, more than the limit of 100000"
                    )))
        #expect(sim.scene.allNodes.count == 2 + template, "nothing was added")
    }

    /// A refused append ends its action list: the `focus $last` written after it neither runs nor replaces the
    /// refusal with a failure of its own (the thirteenth attack reported the focus, not the append).
    @Test func aRefusedAppendEndsItsActions() throws {
        let text =
            #"{"root": {"type": "vstack", "id": "list", "children": [{"type": "button", "id": "add", "onSelect": [{"append": {"type": "vstack", "id": "blk{n}", "children": [{"type": "button", "id": "x"}]}, "to": "list"}, {"focus": "$last"}, {"set": "count", "to": 1}]}]}}"#
        var sim = try Simulator(scene: SceneDecoder.decode(text, file: "t.json"))
        _ = sim.send(.select)
        #expect(sim.scene.allNodes.count == 4, "the first copy fits")
        let focusedAfterFirst = sim.focused
        sim.data.state["count"] = nil
        // The second copy would hold a second "x".
        _ = sim.send(.swipe(.up))
        let before = sim.focused
        let sent = sim.send(.select)
        if before == "add" {
            let update = try #require(sent)
            guard case .blocked(.described(let why)) = update.outcome else {
                Issue.record("\(update.outcome)")
                return
            }
            #expect(why.hasPrefix("cannot append to list: a copy of \"blk{n}\" would repeat the id \"x\""), "\(why)")
            #expect(sim.focused == "add")
            #expect(sim.data.state["count"] == nil, "the actions after the refused append did not run")
            #expect(sim.scene.allNodes.count == 4)
        } else {
            Issue.record("focus is on \(before ?? "nothing") after \(focusedAfterFirst ?? "nothing"), not on add")
        }
    }

    /// Copies put each into the last nest no deeper than a file may: the insert that would pass 64 levels is refused
    /// and says why (the fourteenth attack nested 103 levels with 100 of them).
    @Test func copiesNestNoDeeperThanAFile() throws {
        let text =
            #"{"root": {"type": "vstack", "id": "r", "children": [{"type": "button", "id": "add", "title": "Add", "onSelect": [{"append": {"type": "vstack", "id": "w{n}", "children": []}, "to": "list"}]}, {"type": "vstack", "id": "list", "children": []}]}}"#
        var sim = try Simulator(scene: SceneDecoder.decode(text, file: "t.json"))
        let lines =
            ["do insert w{n} into list", "do insert w{n} into w0"] + (2...70).map { "do insert w{n} into w0-\($0)" }
        sim.play(try InputScriptParser.parse(lines.joined(separator: "\n")))
        func depth(_ n: SceneNode) -> Int { 1 + (n.children.map(depth).max() ?? 0) }
        #expect(depth(sim.scene.root) - 1 <= SceneLimits.maxDepth)
        #expect(sim.data.refused == 8, "the first past the limit and the seven into the copies it did not make")
        #expect(
            sim.trace.entries.contains { e in
                if case .dataRefused(let why)? = e.note {
                    return why.hasSuffix(
                        "a copy in \"w0-63\" would nest 65 levels deep; a scene nests at most 64 (SceneLimits.maxDepth)"
                    )
                }
                return false
            })
    }

    /// An append that would pass the scene's text limit is refused before anything is laid out, and says why; so is
    /// an insert.
    @Test func appendPastTheTextLimitIsRefused() throws {
        let text =
            #"{"root": {"type": "vstack", "id": "list", "children": [{"type": "text", "id": "t", "text": "\#(String(repeating: "a", count: SceneLimits.maxTextLength))"}]}}"#
        var sim = try Simulator(scene: SceneDecoder.decode(text, file: "t.json"))
        #expect(sim.scene.textCharacters == SceneLimits.maxTextLength)
        var block = sim.scene.root
        block.id = "block"
        block.children = (0..<SceneLimits.maxSceneText / SceneLimits.maxTextLength).map { k in
            var t = sim.scene.root.children[0]
            t.id = "t\(k)"
            return t
        }
        let update = try #require(try sim.append(block, to: "list"))
        #expect(
            update.outcome
                == .blocked(
                    .described(
                        "cannot append to list: the scene would have 204000 characters of text, more than the limit of 200000 (SceneLimits.maxSceneText)"
                    )))
        #expect(sim.scene.allNodes.count == 2, "nothing was added")
        if case .success = sim.copies(of: [block], at: 1, titles: true) { Issue.record("a copy past the limit") }
        block.children.removeLast()
        if case .failure(let why) = sim.copies(of: [block], at: 1, titles: true) { Issue.record("\(why)") }
    }
}
