import FocusEngine
import Foundation
import TenFootCore
import TenFootPresentation
import TenFootScene
import Testing

@testable import TenFootSim

/// Data actions and the system-generated focus updates after them (issue 18, docs/focus-engine.md
/// "Data changes"): each rule of research-data-changes.md as a small scene.
@Suite struct DataActionTests {
    /// [Play][Mark as watched][Trailer] over a shelf of four posters; `extra` goes into the scene object.
    static func scene(_ extra: String = "", shelf: String = "") -> Scene {
        let text = #"""
            { "name": "t", \#(extra) "root": { "type": "vstack", "id": "page", "spacing": 40, "children": [
              { "type": "hstack", "id": "actions", "spacing": 40, "children": [
                { "type": "button", "id": "play", "title": "Play" },
                { "type": "button", "id": "watch", "title": "Mark as Watched", "onSelect": [{"disable": "watch"}] },
                { "type": "button", "id": "trailer", "title": "Trailer" } ] },
              { "type": "shelf", "id": "shelf", "spacing": 40, \#(shelf) "children": [
                { "type": "poster", "id": "p0" }, { "type": "poster", "id": "p1" },
                { "type": "poster", "id": "p2" }, { "type": "poster", "id": "p3" } ] } ] } }
            """#
        return try! SceneDecoder.decode(text, file: "t.json")
    }

    static func run(_ scene: Scene, from: String, _ script: String) throws -> (Simulator, [FocusUpdate?]) {
        var sim = try Simulator(scene: scene)
        try sim.start(from: from)
        let updates = sim.play(try InputScriptParser.parse(script))
        return (sim, updates)
    }

    /// S3: a button that disables itself loses focus to the top-leading item of its row (R0 from its
    /// parent), not to its neighbour; the update says `system`.
    @Test func disabledButtonFocusGoesToTheRowsPreferredItem() throws {
        let (sim, updates) = try Self.run(Self.scene(), from: "watch", "select")
        #expect(sim.focused == "play")
        #expect(updates[0]?.via == .system && updates[0]?.heading == .changed && updates[0]?.previous == "watch")
        #expect(Route(updates[0]).description == "system (by actions)" || Route(updates[0]).kind == .moved(.system))
    }

    /// The HIG's advice as the scene's opt-in: one discrete step, the neighbour that follows.
    @Test func adjacentRecoveryTakesTheNeighbour() throws {
        let (sim, updates) = try Self.run(Self.scene(#""focusRecovery": "adjacent","#), from: "watch", "select")
        #expect(sim.focused == "trailer")
        #expect(updates[0]?.via == .adjacent)
    }

    /// S6: removing the focused cell of a collection focuses the cell that takes its index, else the
    /// one before; the last cell removed climbs out of the collection (S1).
    @Test func removingTheFocusedCellFocusesTheOneAtItsIndex() throws {
        let (sim, _) = try Self.run(Self.scene(), from: "p1", "do remove p1")
        #expect(sim.focused == "p2")
        let (last, _) = try Self.run(Self.scene(), from: "p3", "do remove p3")
        #expect(last.focused == "p2")
        let (empty, _) = try Self.run(Self.scene(), from: "p0", "do remove p0 do remove p1 do remove p2 do remove p3")
        #expect(empty.focused == "play")
    }

    /// S7: inserts before focus, moves and changes elsewhere leave focus on its item (no update).
    @Test func insertsAndMovesKeepFocusOnTheItem() throws {
        let (sim, updates) = try Self.run(
            Self.scene(), from: "p2", "do insert p0 into shelf at 0 do move p2 to 0 do remove p3 do disable play")
        #expect(sim.focused == "p2")
        #expect(updates.allSatisfy { $0 == nil })
        let shelf = try #require(sim.index.nodes["shelf"])
        #expect(shelf.children.map(\.id) == ["p2", "p0-2", "p0", "p1"])
    }

    /// S4: reloadData sends focus to the first visible cell of the collection; `late` (no cells yet)
    /// climbs past it to the screen's preferred item. Reload under `adjacent` keeps the focused index.
    @Test func reloadResetsFocusAsTvOSDoes() throws {
        let (sim, updates) = try Self.run(Self.scene(), from: "p2", "do reload shelf")
        #expect(sim.focused == "p0" && updates[0]?.via == .system && updates[0]?.routedBy == "shelf")
        let (late, _) = try Self.run(Self.scene(), from: "p2", "do reload shelf late")
        #expect(late.focused == "play")
        let (kept, _) = try Self.run(Self.scene(shelf: #""focusRecovery": "adjacent","#), from: "p2", "do reload shelf")
        #expect(kept.focused == "p2")
    }

    /// On a tab screen the climb out of the tab's content reaches the tab bar controller: focus goes to
    /// the selected tab (the reported reset "up to the tab bar"), as when its last item is removed.
    @Test func climbingOutOfATabGoesToTheTabBar() throws {
        let scene = try SceneDecoder.decode(
            #"{"root": {"type": "tabBar", "id": "tabs", "tabs": [{"id": "tabHome", "title": "Home", "content": {"type": "shelf", "id": "grid", "children": [{"type": "poster", "id": "g0"}, {"type": "poster", "id": "g1"}]}}, {"id": "tabSearch", "title": "Search", "content": {"type": "vstack", "id": "s", "children": [{"type": "button", "id": "b", "title": "B"}]}}]}}"#,
            file: "t.json")
        let (early, _) = try Self.run(scene, from: "g1", "do reload grid")
        #expect(early.focused == "g0")
        let (late, updates) = try Self.run(scene, from: "g1", "do reload grid late")
        #expect(late.focused == "tabHome" && updates[0]?.via == .system)
        let (emptied, _) = try Self.run(scene, from: "g1", "do remove g0 do remove g1")
        #expect(emptied.focused == "tabHome")
    }

    /// Hiding the container that holds focus climbs above it (S2); nothing focusable left: nil, and
    /// focus comes back as soon as something focusable appears (S12).
    @Test func hidingAndReappearing() throws {
        let (sim, _) = try Self.run(Self.scene(), from: "p1", "do hide shelf")
        #expect(sim.focused == "play")
        let (gone, _) = try Self.run(Self.scene(), from: "p1", "do hide shelf do hide actions")
        #expect(gone.focused == nil)
        let (back, _) = try Self.run(Self.scene(), from: "p1", "do hide shelf do hide actions do show shelf")
        #expect(back.focused == "p0")
    }

    /// S9: remembered focus is an index path — an insert before it makes re-entry land on the item now
    /// at that index; past the end it is forgotten; reload clears it.
    @Test func rememberedFocusFollowsIndexPaths() throws {
        let s = Self.scene(shelf: #""remembersLastFocus": true,"#)
        let (shifted, _) = try Self.run(s, from: "p2", "up do insert p3 into shelf at 0 down")
        #expect(shifted.focused == "p1")
        #expect(shifted.navigation.lastUpdate?.via == .remembered)
        let (reloaded, _) = try Self.run(s, from: "p2", "up do reload shelf")
        #expect(reloaded.system.state.remembered["shelf"] == nil)
        let (past, _) = try Self.run(s, from: "p3", "up do remove p0")
        #expect(past.system.state.remembered["shelf"] == nil)
    }

    /// `replaceChildren` diffs by id: focus follows its item; when its item leaves, the cell at its index.
    @Test func replaceChildrenDiffsByID() throws {
        let (kept, _) = try Self.run(Self.scene(), from: "p1", #"do replaceChildren shelf with "p3 p1""#)
        #expect(kept.focused == "p1")
        let (lost, _) = try Self.run(Self.scene(), from: "p1", #"do replaceChildren shelf with "p0 p3 p2""#)
        #expect(lost.focused == "p3")
    }

    /// A covered layer's data changes never move focus out of the sheet.
    @Test func changesUnderASheetLeaveFocusAlone() throws {
        let scene = try SceneDecoder.decode(
            #"{"root": {"type": "hstack", "id": "row", "children": [{"type": "button", "id": "a", "title": "A", "onSelect": [{"present": "s"}]}, {"type": "button", "id": "b", "title": "B"}]}, "sheets": [{"type": "sheet", "id": "s", "children": [{"type": "button", "id": "ok", "title": "OK", "onSelect": [{"remove": "a"}, {"dismiss": true}]}]}]}"#,
            file: "t.json")
        var sim = try Simulator(scene: scene)
        sim.send(.select)
        #expect(sim.focused == "ok")
        sim.play(try InputScriptParser.parse("do remove b"))
        #expect(sim.focused == "ok")
        sim.send(.select)  // removes "a" (the restore target), then dismisses: nothing is left to focus
        #expect(sim.focused == nil)
        #expect(sim.system.state.restoreOnDismiss.isEmpty)
    }

    /// onReachEnd pages in more items as focus nears the end; focus stays on its item and the shelf
    /// does not jump; `limit` stops it; `mode: reload` shows the bug.
    @Test func onReachEndPagesInMore() throws {
        let more =
            #""onReachEnd": {"threshold": 1, "count": 4, "limit": 2, "template": {"type": "poster", "id": "more{n}"}},"#
        var sim = try Simulator(scene: Self.scene(shelf: more))
        try sim.start(from: "p1")
        sim.send(.swipe(.right))
        #expect(sim.focused == "p2")
        #expect(sim.index.nodes["shelf"]?.children.count == 8)
        #expect(sim.index.nodes["more4"] != nil && sim.index.nodes["more7"] != nil)
        let offset = sim.scroll["shelf"] ?? 0
        sim.send(.swipe(.right))
        #expect(sim.focused == "p3" && (sim.scroll["shelf"] ?? 0) >= offset)
        for _ in 0..<20 { sim.send(.swipe(.right)) }
        #expect(sim.index.nodes["shelf"]?.children.count == 12, "two pages at most")
        let reloading =
            #""onReachEnd": {"threshold": 1, "template": {"type": "poster", "id": "more{n}"}, "mode": "reload"},"#
        var bug = try Simulator(scene: Self.scene(shelf: reloading))
        try bug.start(from: "p2")
        bug.step(ticks: 1200)  // well past any scroll: only p0… are visible at offset 0 after the reset
        bug.send(.swipe(.right))
        #expect(bug.focused == "p0", "reloadData resets focus to the first visible cell")
    }

    /// A page of thousands is put in place in one change of the scene (one at a time, each rebuilt the index: 10,000
    /// took 23 s), with the ids one at a time gave it: "{n}" the item's index, a taken id given "-2", "-3"…
    @Test func onReachEndPutsAPageInPlaceAtOnce() throws {
        let page = 3_000
        let more =
            #""onReachEnd": {"threshold": 1, "count": \#(page), "limit": 1, "template": {"type": "poster", "id": "more{n}", "title": "More {n}"}},"#
        var sim = try Simulator(scene: Self.scene(shelf: more))
        try sim.start(from: "p1")
        let before = sim.work
        sim.send(.swipe(.right))
        #expect(sim.focused == "p2")
        #expect(sim.index.nodes["shelf"]?.children.count == 4 + page)
        #expect(sim.index.nodes["more4"]?.title == "More 4" && sim.index.nodes["more\(3 + page)"] != nil)
        #expect(sim.work - before < 20 * sim.index.weight, "\(sim.work - before) units for a page")
        let fixed =
            #""onReachEnd": {"threshold": 1, "count": 3, "limit": 1, "template": {"type": "poster", "id": "more"}},"#
        var same = try Simulator(scene: Self.scene(shelf: fixed))
        try same.start(from: "p1")
        same.send(.swipe(.right))
        #expect(same.index.nodes["shelf"]?.children.suffix(3).map(\.id) == ["more", "more-2", "more-3"])
    }

    /// The window shows the change: the removed poster fades out where it was, its neighbours slide
    /// from their old places, an inserted one fades in — all functions of the clock, over 0.3 s.
    @Test func dataChangesAnimateAsFunctionsOfTime() throws {
        var sim = try Simulator(scene: Self.scene())
        try sim.start(from: "play")
        sim.step(ticks: 1200)
        func artwork(_ id: String, _ list: DisplayList) -> [Rect] {
            list.commands.compactMap { c -> Rect? in
                if case .artwork(let r, _, let seed, _, _) = c, seed.hasPrefix(id + "|") { return r }
                if case .parallax(let i) = c, case .artwork(let seed, _, _) = i.content, seed.hasPrefix(id + "|") {
                    return i.frame
                }
                return nil
            }
        }
        let p1 = try #require(sim.placed("p1")).frame
        let p2 = try #require(sim.placed("p2")).frame
        sim.play(try InputScriptParser.parse("@0 do remove p1"))
        let start = SceneRenderer().displayList(sim)
        #expect(artwork("p2", start).first?.minX == p2.minX, "p2 starts where it was")
        #expect(artwork("p1", start).count == 1, "p1's ghost is drawn")
        sim.step(ticks: Motion.dataChangeTicks / 2)
        let mid = SceneRenderer().displayList(sim)
        let x = try #require(artwork("p2", mid).first).minX
        #expect(x < p2.minX && x > p1.minX, "p2 slides from \(p2.minX) towards \(p1.minX): \(x)")
        #expect(mid.commands.contains { if case .alpha(let a) = $0 { a > 0 && a < 1 } else { false } })
        #expect(sim.dataFade("p1") > 0 && sim.dataFade("p1") < 1)
        sim.step(ticks: Motion.dataChangeTicks)
        let end = SceneRenderer().displayList(sim)
        #expect(artwork("p2", end).first?.minX == p1.minX && artwork("p1", end).isEmpty)
        #expect(sim.vanishingItems().isEmpty && sim.dataSlide("p2") == nil)
        // An insert fades in.
        sim.play(try InputScriptParser.parse("@0 do insert p0 into shelf at 0"))
        #expect(sim.dataFade("p0-2") == 0)
        sim.step(ticks: Motion.dataChangeTicks)
        #expect(sim.dataFade("p0-2") == 1)
    }

    /// A copy renames only its own id: one that would repeat an id inside it (a container copied beside itself) is
    /// refused and changes nothing, where it used to leave two nodes of one id and a focus tree that could not be built;
    /// so is a tab bar copied into a container (it is the scene's root, as the decoder holds a file to).
    @Test func aCopyThatWouldRepeatAnIdIsRefused() throws {
        let tabs = #"""
            { "root": { "type": "tabBar", "id": "bar", "tabs": [
                { "id": "home", "title": "Home", "content": { "type": "vstack", "id": "page", "children": [
                  { "type": "hstack", "id": "row", "children": [ { "type": "button", "id": "a", "title": "A" } ] },
                  { "type": "hstack", "id": "more", "children": [ { "type": "button", "id": "b", "title": "B" } ] },
                  { "type": "button", "id": "add", "title": "Add" } ] } } ] } }
            """#
        let scene = try SceneDecoder.decode(tabs, file: "t.json")
        let (sim, updates) = try Self.run(
            scene, from: "a", "do insert bar into row at 0 do insert more into page right")
        #expect(updates.count == 3 && sim.index.nodes.count == 7, "nothing was added")
        #expect(sim.focused == "a" && updates.last??.next == "a", "the focus tree is whole")
        let notes = sim.trace.entries.compactMap(\.note).map(\.description)
        #expect(notes.count == 2)
        #expect(notes.first?.contains("a tabBar is system chrome") == true, "\(notes)")
        let sheets = try SceneDecoder.decode(
            #"{"root": {"type": "vstack", "id": "list", "children": [{"type": "button", "id": "a", "title": "A"}]}, "sheets": [{"type": "sheet", "id": "sh", "children": [{"type": "button", "id": "z{n}", "title": "Z"}]}]}"#,
            file: "t.json")
        let (withSheet, _) = try Self.run(sheets, from: "a", "do insert sh into list")
        #expect(withSheet.scene.root.children.count == 1)
        #expect(
            withSheet.trace.entries.compactMap(\.note).first?.description.contains(
                "a sheet is presented over the screen") == true)
        #expect(notes.last?.contains(#"a copy of "more" would repeat the id "b""#) == true, "\(notes)")
        // A file cannot ask for it either.
        let append = tabs.replacingOccurrences(
            of: #""title": "Add" }"#,
            with: #""title": "Add", "onSelect": [{"append": {"type": "tabBar", "tabs": []}, "to": "page"}] }"#)
        #expect(throws: Diagnostics.self) { try SceneDecoder.decode(append, file: "t.json") }
        do { _ = try SceneDecoder.decode(append, file: "t.json") } catch {
            #expect(
                "\(error)".contains(#"t.json:5:80: error: a tabBar is system chrome: it is the scene's "root""#),
                "\(error)")
        }
    }

    /// "{n}" written out cannot make an id or a title longer than a file may hold: a copy that would is refused, saying
    /// which and how long; the text a page brings is counted as written out.
    @Test func aCopyIsHeldToTheLimitsAfterItsIndexIsWrittenOut() throws {
        let longID = String(repeating: "{n}", count: 66) + "ab"
        let longTitle = String(repeating: "{n}", count: 1333)
        let items = (0..<1000).map { #"{"type": "button", "id": "b\#($0)", "title": "B"}"# }.joined(separator: ",")
        let text = #"""
            { "root": { "type": "vstack", "id": "page", "children": [
              { "type": "vstack", "id": "list", "children": [ \#(items) ] },
              { "type": "vstack", "id": "templates", "children": [
                { "type": "button", "id": "\#(longID)", "title": "T" },
                { "type": "button", "id": "t{n}", "title": "\#(longTitle)" } ] } ] } }
            """#
        let scene = try SceneDecoder.decode(text, file: "t.json")
        #expect(longID.count == SceneLimits.maxIDLength && longTitle.count < SceneLimits.maxTextLength)
        let (sim, _) = try Self.run(
            scene, from: "b0",
            "do insert \(longID) into templates do insert t{n} into templates do insert t{n} into list")
        let notes = sim.trace.entries.compactMap(\.note).map(\.description)
        #expect(notes.count == 1, "\(notes)")
        #expect(notes.first?.contains("a title of 5332 characters; a string is at most 4000") == true, "\(notes)")
        #expect(sim.scene.root.children[1].children.count == 4, "both copies at index 2 and 3 fit")
        let (far, _) = try Self.run(scene, from: "b0", "do insert \(longID) into list")
        #expect(
            far.trace.entries.compactMap(\.note).first?.description.contains(
                "would be 266 characters long; an id is at most 200") == true)
    }

    /// Refused actions change nothing and say why; the node limit is one of them.
    @Test func refusedActionsSayWhy() throws {
        let (sim, _) = try Self.run(
            Self.scene(), from: "p1",
            "do remove nothing do move p1 to 9 do insert nope into shelf do insert p0 into play")
        #expect(sim.focused == "p1")
        let notes = sim.trace.entries.compactMap(\.note).map(\.description)
        #expect(notes.count == 4)
        #expect(notes[0].contains("no node with id \"nothing\""))
        #expect(notes[1].contains("past the end"))
        #expect(notes[2].contains("no template or node"))
        #expect(notes[3].contains("not a container"))
        // The script player says so per step (`path --json` prints it as "refused").
        var player = ScriptPlayer(
            simulator: try Simulator(scene: Self.scene()),
            script: try InputScriptParser.parse("do remove nothing right"))
        let steps = player.playToEnd()
        #expect(steps[0].refused == "remove nothing: no node with id \"nothing\"" && steps[1].refused == nil)
        #expect(try JSONLine.encode(steps[0]).hasSuffix(#""refused": "remove nothing: no node with id \"nothing\""}"#))
        var big = try Simulator(scene: Self.scene())
        let limit = SceneLimits.maxNodes
        let huge = try SceneDecoder.decode(
            #"{"root": {"type": "vstack", "id": "v", "children": [\#((0 ..< 2).map { #"{"type": "poster", "id": "x\#($0)"}"# }.joined(separator: ","))]}}"#,
            file: "t.json")
        big = try Simulator(scene: huge)
        var n = huge.root.children[0]
        n.id = "big"
        n.type = .vstack
        n.children = Array(repeating: huge.root.children[1], count: limit)
        #expect(
            big.nodeLimitRefusal(adding: n, into: "v")?.description.contains("a scene holds at most 100000") == true)
    }

    /// The script form reads back what it writes.
    @Test func scriptFormRoundTrips() throws {
        let actions: [DataAction] = [
            .disable("a"), .enable("a"), .hide("b"), .show("b"), .remove("c"),
            .insert(template: "row{n}", into: "list", at: 2),
            .insert(template: "p0", into: "shelf", at: nil), .move("p1", to: 0),
            .replaceChildren("list", with: ["r1", "r3"]),
            .reload("shelf", late: false), .reload("shelf", late: true),
        ]
        let text = actions.map { RemoteEvent.data($0).description }.joined(separator: "\n")
        let script = try InputScriptParser.parse(text)
        #expect(script.entries.map(\.event) == actions.map(RemoteEvent.data))
        #expect(throws: Diagnostic.self) { try InputScriptParser.parse("do explode x") }
        #expect(throws: Diagnostic.self) { try InputScriptParser.parse("do insert p0 to shelf") }
    }

    /// Scene files: bad data actions are errors with their place.
    @Test func badDataActionsAreErrors() {
        func errors(_ action: String) -> String {
            do {
                _ = try SceneDecoder.decode(
                    #"{"root": {"type": "hstack", "id": "h", "children": [{"type": "button", "id": "b", "onSelect": [\#(action)]}]}}"#,
                    file: "t.json")
                return ""
            } catch { return "\(error)" }
        }
        #expect(errors(#"{"remove": "zz"}"#).contains("zz"))
        #expect(errors(#"{"insert": {"type": "poster", "id": "n{n}"}}"#).contains("needs \"into\""))
        #expect(errors(#"{"move": "b"}"#).contains("needs \"to\""))
        #expect(errors(#"{"remove": "b", "into": "h"}"#).contains("\"into\" belongs to \"insert\""))
        #expect(errors(#"{"insert": {"type": "poster", "id": "n{n}"}, "into": "h", "at": -1}"#).contains("child index"))
        #expect(errors(#"{"reload": "h", "cells": "soon"}"#).contains("cells"))
        #expect(errors(#"{"insert": {"type": "poster", "id": "n{n}"}, "into": "h", "at": 0}"#).isEmpty)
    }
}
