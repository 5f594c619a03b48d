import FocusEngine
import Foundation
import TenFootCore
import TenFootScene
import Testing

@testable import TenFootSim

/// Input scripts written to break the parser (issue 12): durations and ticks that once trapped
/// converting to `Int` or adding past `Int.max` are refused at their place, and a script is at most
/// an hour long, so a recording of one ends.
@Suite struct HostileScriptTests {
    @Test(arguments: [
        ("hold right 1e300s", "<script>:1:12: error: duration 1e300s is longer than an hour"),
        ("wait 9e15s", "<script>:1:6: error: duration 9e15s is longer than an hour"),
        ("right wait 1e20ms", "<script>:1:12: error: duration 1e20ms is longer than an hour"),
        ("wait 3601s", "<script>:1:6: error: duration 3601s is longer than an hour"),
        // Numbers are decimal: Swift's reading takes hexadecimal, nan and inf too.
        ("wait 0x10s", "<script>:1:6: error: expected a duration like 500ms or 2s, got 0x10s"),
        ("wait nans", "<script>:1:6: error: expected a duration like 500ms or 2s, got nans"),
        ("wait 1e2e3s", "<script>:1:6: error: expected a duration like 500ms or 2s, got 1e2e3s"),
        (
            "@9223372036854775807 right",
            "<script>:1:1: error: tick @9223372036854775807 is past an hour, the longest a script may run (@4320000)"
        ),
        (
            "@99999999999999999 right",
            "<script>:1:1: error: tick @99999999999999999 is past an hour, the longest a script may run (@4320000)"
        ),
        (
            "@99999999999999999999 right",
            "<script>:1:1: error: expected a tick after '@', like @1200, got \"@99999999999999999999\""
        ),
        (
            "@4319000 right\nwait 1s",
            "<script>:2:1: error: the script runs past an hour here (@4319000 + 1200 ticks; the limit is @4320000)"
        ),
        (
            "@4320000 right right",
            "<script>:1:16: error: the script runs past an hour here (@4320000 + 480 ticks; the limit is @4320000)"
        ),
        (
            "wait 3000s\nhold right 601s",
            "<script>:2:6: error: the script runs past an hour here (@3600000 + 721200 ticks; the limit is @4320000)"
        ),
        (
            "right*1000 wait 3599s",
            "<script>:1:12: error: the script runs past an hour here (@480000 + 4318800 ticks; the limit is @4320000)"
        ),
        ("wait 3599s swipe left fast swipe left fast", "<script>:1:34: error: the script runs past an hour here"),
    ])
    func timeBeyondAnHourIsRefusedWhereItIs(_ text: String, _ message: String) {
        do {
            let s = try InputScriptParser.parse(text)
            Issue.record("\(text) parsed, ending at @\(s.endTick)")
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }

    /// Exactly an hour is allowed.
    /// A script holds at most 200,000 events (2.7 million `@0 up` lines took 13 s and 1.6 GB to play), refused at
    /// the step past it; a byte order mark may start it, as it may any file TenFoot reads.
    @Test func eventsAreCountedAndAByteOrderMarkIsAllowed() throws {
        let fits = String(repeating: "@0 up\n", count: InputScriptParser.maxEvents)
        #expect(try InputScriptParser.parse(fits).entries.count == InputScriptParser.maxEvents)
        #expect(throws: Diagnostic.self) { try InputScriptParser.parse(fits + "@0 down\n", file: "s.txt") }
        do { _ = try InputScriptParser.parse(fits + "@0 down\n", file: "s.txt") } catch {
            #expect(
                error.description == "s.txt:200001:4: error: the script holds more than 200000 events here; split it")
        }
        #expect(
            try InputScriptParser.parse("\u{FEFF}right down").entries.map(\.event) == [.swipe(.right), .swipe(.down)])
    }

    @Test func anHourIsTheLimitItself() throws {
        #expect(try InputScriptParser.parse("wait 3600s").endTick == InputScriptParser.maxDuration)
        #expect(try InputScriptParser.parse("@4320000 right").entries.last?.tick == InputScriptParser.maxDuration)
        #expect(try InputScriptParser.parse("wait 3599.6s right").endTick == InputScriptParser.maxDuration)
    }

    @Test func textAndSizeLimits() {
        let long = String(repeating: "x", count: InputScriptParser.maxTextLength + 1)
        #expect(throws: Diagnostic.self) { try InputScriptParser.parse("type \"\(long)\"") }
        #expect((try? InputScriptParser.parse("type \"\(long.dropFirst())\"")) != nil)
        do { _ = try InputScriptParser.parse("right", gap: -1) } catch {
            #expect(
                error.description
                    == "<script>:1:1: error: the gap between steps must be from 0 to an hour, got -1 ticks")
        }
    }

    /// Messages quote what they echo short and escaped.
    @Test func messagesCutAndEscapeTheInput() {
        do { _ = try InputScriptParser.parse(String(repeating: "z", count: 100_000) + "\u{1B}") } catch {
            #expect(error.description.count < 200 && !error.description.contains("\u{1B}"))
        }
    }

    /// Found by the script fuzzer: a backslash before a line break put the break into a `type` text,
    /// whose timed form (what sessions are saved as) could then not be read back.
    @Test func aTextEndsOnItsLine() {
        for text in ["type \"a\\\nb\"", "type \"a\\\r\nb\"", "type \"a\r\nb\""] {
            do {
                _ = try InputScriptParser.parse(text)
                Issue.record("\(text) parsed")
            } catch {
                #expect(error.description == "<script>:1:6: error: unterminated text: expected a closing \"", "\(text)")
            }
        }
    }

    /// Lines end at CR LF too (a script saved on Windows): line numbers count them, and an `@N` alone
    /// on its line stays a time mark.
    @Test func crlfLinesAreLines() throws {
        let s = try InputScriptParser.parse("@0 right\r\n@480 left\r\n# note\r\n@960 # end\r\n")
        #expect(s.entries.map(\.line) == [1, 2] && s.entries.map(\.tick) == [0, 480] && s.endTick == 960)
        do { _ = try InputScriptParser.parse("right\r\nsideways") } catch {
            #expect(error.description.hasPrefix("<script>:2:1: error: unknown step \"sideways\""))
        }
    }

    /// The clock saturates rather than trapping, and never runs backwards.
    @Test func theSimulatorClockSaturates() throws {
        var sim = try Simulator(scene: BuiltInScenes.home())
        sim.step(ticks: 10)
        sim.step(ticks: -5)
        #expect(sim.tick == 10)
        sim.step(ticks: .max)
        sim.step(ticks: .max)
        #expect(sim.tick == .max)
    }

    /// A list of `n` buttons, `b0`…
    static func list(_ n: Int) throws -> Scene {
        let buttons = (0..<n).map { #"{"type": "button", "id": "b\#($0)", "title": "B"}"# }.joined(separator: ",")
        return try SceneDecoder.decode(
            #"{"name": "w", "root": {"type": "vstack", "id": "list", "children": [\#(buttons)]}}"#, file: "w.json")
    }

    /// Every data action costs the screen's nodes (it indexes the screen, lays it out and builds its focus tree again,
    /// or walks it for its template), so a script of them on a huge screen ran for minutes: a script stops at its work budget, at the event it did not
    /// play, in its file's words; what it played is what those events alone give.
    @Test func aScriptStopsAtItsWorkBudget() throws {
        let scene = try Self.list(1000)
        let script = try InputScriptParser.parse(
            String(repeating: "do hide b5\ndo show b5\n", count: 50), file: "s.txt")
        var player = ScriptPlayer(simulator: try Simulator(scene: scene), script: script)
        player.workBudget = 60_000
        let steps = player.playToEnd()
        let stopped = try #require(player.stopped)
        #expect(player.isFinished && steps.count > 0 && steps.count < script.entries.count)
        let next = script.entries[steps.count]
        #expect(stopped.file == "s.txt" && stopped.location == SourceLocation(line: next.line, column: next.column))
        #expect(
            stopped.message.hasPrefix(
                "the script stops before this event: the \(steps.count) events before it made "))
        #expect(
            stopped.message.contains(
                " units of work, more than the 60000 a script may (ScriptPlayer.workBudget); on this screen of 1001 nodes a data action makes 25007, a state change 16004, a swipe that scrolls 12003; split the script"
            ))
        var alone = ScriptPlayer(
            simulator: try Simulator(scene: scene),
            script: InputScript(entries: Array(script.entries.prefix(steps.count)), endTick: next.tick))
        #expect(alone.playToEnd() == steps)
        // The default budget plays it whole.
        var whole = ScriptPlayer(simulator: try Simulator(scene: scene), script: script)
        #expect(whole.playToEnd().count == script.entries.count && whole.stopped == nil && whole.sim.work > 60_000)
    }

    /// Typing into a search matches every title as long as the query again at each key: counted, as a pass over the
    /// screen is (1,000 typed keys over 1,000 titles of 95 characters took 24 s and were barely counted).
    @Test func typingIntoASearchIsWork() throws {
        let title = String(repeating: "a", count: 95)
        let buttons = (0..<1000).map { #"{"type": "button", "id": "r\#($0)", "title": "\#(title)"}"# }
        let scene = try SceneDecoder.decode(
            #"{"root": {"type": "search", "id": "s", "children": [\#(buttons.joined(separator: ","))]}}"#,
            file: "s.json")
        let script = try InputScriptParser.parse(String(repeating: "type \"z\"\n", count: 1000), file: "z.txt")
        // Past the titles' length, a key reads none of them: the script plays whole, counted for the keys before.
        var player = ScriptPlayer(simulator: try Simulator(scene: scene), script: script)
        #expect(player.playToEnd().count == 1000 && player.stopped == nil)
        #expect(player.sim.work > 95 * 1000 * 96 / Simulator.WorkCost.matchedBytesPerUnit)
        // A key over the same titles matches each once more: the work grows with the titles read.
        var one = try Simulator(scene: scene)
        let before = one.work
        _ = one.send(.text("z"))
        one.step(ticks: 1)
        #expect(one.work - before >= 1000 * 96 / Simulator.WorkCost.matchedBytesPerUnit)
    }

    /// An `open` whose scene cannot be loaded is read and refused again at every select: it counts as reading a file at
    /// the size limit (a hundred selects on a 29 MB scene that does not parse took 22 s).
    @Test func aFailedOpenIsWork() throws {
        var sim = try Simulator(
            scene: try SceneDecoder.decode(
                #"{"name": "o", "root": {"type": "button", "id": "go", "title": "Go", "onSelect": [{"open": "bad.json"}]}}"#,
                file: "o.json"))
        sim.sceneLoader = { path in .failure(Diagnostics(file: path, "does not parse")) }
        let before = sim.work
        sim.send(.select)
        #expect(sim.work - before >= Simulator.WorkCost.failedOpen)
    }

    /// A picker's list of options is a screen made, shown and, once an option is chosen, freed: 10 select pairs on a
    /// picker of 100,000 options took 6.5 s in a release build while counted only as the list's start.
    @Test func aPickersListCountsItsMakingAndItsFreeing() throws {
        let options = (0..<1000).map { "\"o\($0)\"" }.joined(separator: ",")
        var sim = try Simulator(
            scene: try SceneDecoder.decode(
                #"{"name": "p", "root": {"type": "picker", "id": "p", "title": "P", "options": [\#(options)]}}"#,
                file: "p.json"))
        var before = sim.work
        sim.send(.select)
        #expect(sim.focused == "p/0")
        let list = sim.index.weight
        #expect(sim.work - before >= list * (Simulator.WorkCost.make + Simulator.WorkCost.start))
        before = sim.work
        sim.send(.select)
        #expect(sim.focused == "p" && sim.work - before >= list * Simulator.WorkCost.dismantle)
    }

    /// A swipe counts what its search looked at: entering a focus section looks at every item in it (20,000 swipes
    /// into a section of 90,000 buttons took 27 s, counted one unit each); a swipe between two buttons, a unit or so.
    @Test func aSwipeCountsTheItemsItsSearchLooksAt() throws {
        let inner = (0..<2000).map {
            #"{"type": "button", "id": "s\#($0)", "title": "x", "frame": [\#(Double($0 % 100) * 2), \#(300 + Double($0 / 100) * 2), 1.5, 1.5]}"#
        }.joined(separator: ",")
        var sim = try Simulator(
            scene: try SceneDecoder.decode(
                #"{"name": "s", "root": {"type": "canvas", "id": "c", "children": [{"type": "canvas", "id": "left", "focusSection": true, "frame": [100, 0, 300, 2000], "children": [{"type": "button", "id": "a", "title": "A", "frame": [0, 100, 300, 86]}]}, {"type": "canvas", "id": "sec", "focusSection": true, "frame": [600, 0, 300, 2000], "children": [\#(inner)]}]}}"#,
                file: "s.json"))
        var before = sim.work
        sim.send(.swipe(.right))
        #expect(sim.focused?.hasPrefix("s") == true)
        #expect(sim.work - before >= 2 * 2000 / Simulator.WorkCost.examinedPerUnit)
        before = sim.work
        sim.send(.swipe(.left))
        #expect(sim.focused == "a" && sim.work - before < 10)
    }

    /// A refused data action is work too (it looked for its template): a walk over the scene. Thousands of refused
    /// inserts on a screen of 90,000 nodes took half a minute.
    @Test func refusedDataActionsAreWork() throws {
        var sim = try Simulator(scene: try Self.list(1000))
        let before = sim.work
        sim.send(.data(.insert(template: "nothing", into: "list", at: nil)))
        #expect(sim.data.refused == 1 && sim.work - before == 1001 * Simulator.WorkCost.walk)
    }

    /// What VoiceOver says is found by walking the placed screen up to the focused item: 534 moves at the end of a
    /// screen of 90,000 nodes took 24 s in a release build while counted as a sixteenth of a layout each. Each walk
    /// counts the nodes it visits, so moves at the start of a long list cost little and those at its end a walk each.
    @Test func announcementsCountTheNodesTheyWalk() throws {
        func work(from id: String) throws -> Int {
            let buttons = (0..<1000).map { #"{"type": "button", "id": "b\#($0)", "title": "B"}"# }.joined(
                separator: ",")
            var sim = try Simulator(
                scene: try SceneDecoder.decode(
                    #"{"name": "w", "root": {"type": "scroll", "id": "list", "children": [\#(buttons)]}}"#,
                    file: "w.json"))
            try sim.start(from: id)
            var player = ScriptPlayer(simulator: sim, script: try InputScriptParser.parse("up down", file: "s.txt"))
            player.speaks = true
            let before = player.sim.work
            player.playToEnd()
            return player.sim.work - before
        }
        // Two announcements an event (before and after), each walking from the root to the item: the list, then
        // the buttons before it.
        #expect(try work(from: "b1") <= 4 * 4)
        #expect(try work(from: "b999") >= 4 * 999)
    }

    /// A screen saved by `open` or Menu keeps no screens to go back to: each one saved the stack before it, whose
    /// last screen held the one before that in its transition, so 100 `open` and Menu pairs on a screen of 20,000
    /// nodes held 1.4 GB.
    @Test func openAndMenuPairsHoldNoChainOfScreens() throws {
        let other = try Self.list(200)
        var sim = try Simulator(
            scene: try SceneDecoder.decode(
                #"{"name": "o", "root": {"type": "button", "id": "go", "title": "Go", "onSelect": [{"open": "l.json"}]}}"#,
                file: "o.json"))
        sim.sceneLoader = { _ in .success(other) }
        for _ in 0..<5 {
            sim.send(.select)
            #expect(sim.session.backStack.count == 1 && sim.session.backStack[0].simulator.session.backStack.isEmpty)
            sim.send(.menu)
            #expect(sim.session.backStack.isEmpty && sim.focused == "go")
        }
        #expect(sim.navigation.transition?.otherScreen.session.backStack.isEmpty == true)
    }

    /// The budget is weighed between events, so one event's actions stop at a limit of their own: one select of
    /// 3,000 `set` and `focus` pairs ran 48 s. Actions that ask the engine where focus goes count a walk each (400,000
    /// `resetFocus` in one select took 51 s, uncounted), and every action counts.
    @Test func oneEventsActionsStopAtTheirLimit() throws {
        let pairs = (0..<200).map { k in
            #"{"set": "x", "to": \#(k % 2)}, {"focus": "b\#(k % 7)"}, {"resetFocus": "list"}"#
        }.joined(separator: ", ")
        let buttons = (0..<100).map { #"{"type": "button", "id": "b\#($0)", "title": "B"}"# }.joined(separator: ",")
        var sim = try Simulator(
            scene: try SceneDecoder.decode(
                #"{"name": "e", "state": {"x": 1}, "root": {"type": "vstack", "id": "list", "children": [{"type": "button", "id": "go", "title": "Go", "onSelect": [\#(pairs)]}, \#(buttons)]}}"#,
                file: "e.json"))
        sim.eventWorkLimit = 50_000
        let before = sim.work
        sim.send(.select)
        #expect(sim.data.lastRefusal?.hasPrefix("the actions stop before action ") == true)
        #expect(
            sim.data.lastRefusal?.hasSuffix(" of 600: they made more than 50000 units of work in one event") == true)
        // Past the limit by one action at most: a tree build and a walk.
        #expect(sim.work - before > 50_000 && sim.work - before < 50_000 + 5 * sim.index.weight)
    }

    /// An `open` counts what reading the scene cost where that is more than its nodes: a one-button scene padded with
    /// 31 MB of spaces, opened and left 2,000 times, ran past a minute.
    @Test func anOpenCountsWhatReadingItCost() throws {
        var scene = try Self.list(1)
        scene.readWork = 1_000_000
        let padded = scene
        var sim = try Simulator(
            scene: try SceneDecoder.decode(
                #"{"name": "o", "root": {"type": "button", "id": "go", "title": "Go", "onSelect": [{"open": "p.json"}]}}"#,
                file: "o.json"))
        sim.sceneLoader = { _ in .success(padded) }
        let before = sim.work
        sim.send(.select)
        #expect(sim.work - before >= 1_000_000)
        // As a file: the loader says what it read.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("open-cost-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let text =
            #"{"name": "p", "root": {"type": "button", "id": "b", "title": "B"}}"#
            + String(repeating: " ", count: 320_000)
        try text.write(toFile: dir + "/p.json", atomically: false, encoding: .utf8)
        #expect(
            try SceneDecoder.load(path: dir + "/p.json").readWork == text.utf8.count / SceneDecoder.readBytesPerUnit)
    }

    /// A state change builds the focus tree again (its conditions may have changed): 20 selects of a button that sets
    /// state twice took 3.6 s on a screen of 90,000 nodes, and were not counted; one select running 300 `set`s built
    /// the tree 300 times (9 s on 20,000 nodes). `set`s in a row build it once, and each build counts; a swipe that neither scrolls
    /// nor changes state counts nothing.
    @Test func stateChangesAreWork() throws {
        var sim = try Simulator(
            scene: try SceneDecoder.decode(
                #"{"name": "s", "state": {"x": 1}, "root": {"type": "vstack", "children": [{"type": "button", "id": "b", "title": "B", "onSelect": [{"set": "x", "to": 2}, {"set": "x", "to": 1}]}, {"type": "button", "id": "c", "title": "C"}]}}"#,
                file: "s.json"))
        let nodes = sim.index.weight
        var before = sim.work
        let builds = sim.focusTreeBuilds
        sim.send(.select)
        // One build for `set`s in a row, however many (only a value bound to an item needs its own).
        #expect(sim.focusTreeBuilds - builds == 1)
        #expect(sim.work - before == nodes * Simulator.WorkCost.build + 2)  // and one for each action
        before = sim.work
        sim.send(.swipe(.down))
        #expect(sim.focused == "c" && sim.work == before)
    }
}
