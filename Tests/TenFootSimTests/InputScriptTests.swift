import FocusEngine
import TenFootCore
import TenFootPresentation
import TenFootScene
import Testing

@testable import TenFootSim

@Suite struct InputScriptTests {
    func parse(_ s: String) throws -> InputScript { try InputScriptParser.parse(s) }

    /// `--preset presentation`: presses at least the gap apart, later steps moved with them, a held button's repeats
    /// kept together, the end after the last press.
    @Test func pacedScriptsGiveEachPressTime() throws {
        let script = try InputScriptParser.parse("right right wait 2s select hold left 0.6s")
        let paced = script.paced(minimumGap: Clock.ticks(seconds: 1))
        let presses = paced.entries.filter(\.event.isPress)
        #expect(presses[0].tick == script.entries[0].tick)
        #expect(presses[1].tick - presses[0].tick == Clock.ticks(seconds: 1))
        // The wait keeps its length: select comes as long after the second right as it did.
        let before = script.entries.filter(\.event.isPress)
        #expect(presses[2].tick - presses[1].tick == before[2].tick - before[1].tick)
        // The held left's repeats keep their spacing.
        let held = zip(presses.dropFirst(3), before.dropFirst(3)).map { $0.tick - $1.tick }
        #expect(Set(held).count == 1, "\(held)")
        #expect(paced.endTick >= presses.last!.tick + Clock.ticks(seconds: 1))
        #expect(paced.entries.count == script.entries.count)
    }

    @Test func stepsAreSpacedByTheGap() throws {
        let s = try parse("right right down wait 500ms select menu")
        #expect(s.entries.map(\.tick) == [0, 480, 960, 2040, 2520])
        #expect(s.entries.map(\.event.description) == ["right", "right", "down", "select", "menu"])
        #expect(s.endTick == 3000)
    }

    @Test func repeatsHoldsSwipesTextTouchCrown() throws {
        let s = try parse(
            """
            right*3   # three moves
            hold select 1s
            hold right 1s
            swipe left fast
            type "hello world"
            touch 0.5 -0.25 release crown -2
            """)
        let names = s.entries.map(\.event.description)
        #expect(names.prefix(4) == ["right", "right", "right", "longselect"])
        #expect(names.filter { $0 == "right" }.count > 5)  // the hold repeats, accelerating
        #expect(names.filter { $0 == "left" }.count == 1 + RepeatTiming.flickGaps.count)
        #expect(names.contains(#"type "hello world""#))
        #expect(names.contains("touch 0.5 -0.25"))
        #expect(names.contains("crown -2"))
    }

    @Test func timedLinesReplayExactly() throws {
        let s = try parse("right down*2 hold left 2s")
        let again = try parse(s.timedText)
        #expect(again.entries.map(\.tick) == s.entries.map(\.tick))
        #expect(again.entries.map(\.event) == s.entries.map(\.event))
        #expect(again.endTick == s.endTick)
    }

    @Test(arguments: [
        ("right\nsideways", "<script>:2:1: error: unknown step \"sideways\""),
        ("wait 5 parsecs", "<script>:1:6: error: expected a duration like 500ms or 2s, got 5"),
        ("right*0", "<script>:1:1: error: expected a count from 1 to 1000 after '*', got 0"),
        ("type hello", "<script>:1:1: error: expected a quoted text after type"),
        ("@100 right\n@50 left", "<script>:2:1: error: tick @50 is earlier than the previous step (@100)"),
        ("touch 2 0", "<script>:1:1: error: touch coordinates run from -1 to 1"),
        ("type \"open", "<script>:1:6: error: unterminated text: expected a closing \""),
        ("selct", "did you mean select?"),
    ])
    func errorsNameLineAndColumn(_ text: String, _ message: String) {
        do {
            _ = try InputScriptParser.parse(text)
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
            #expect(error.severity == .error && error.file == "<script>")
        }
    }

    /// A speed word is read up to a comma or a comment, like every other word: `swipe left fast,
    /// right` is a flick and then a move (the speed was once read as "fast," and refused).
    @Test(arguments: ["swipe left fast, right", "swipe left fast,right", "swipe left fast# flick\nright"])
    func swipeSpeedEndsAtACommaOrComment(_ text: String) throws {
        let s = try parse(text)
        let names = s.entries.map(\.event.description)
        #expect(names == Array(repeating: "left", count: 1 + RepeatTiming.flickGaps.count) + ["right"], "\(text)")
    }

    /// A live session saved with ticks replays to the same states.
    @Test func replayGivesIdenticalStates() throws {
        var live = try Simulator(scene: BuiltInScenes.home())
        let script = try parse("right right down swipe right fast up menu down")
        live.play(script)
        var replay = try Simulator(scene: BuiltInScenes.home())
        replay.play(try parse(script.timedText))
        #expect(live.tick == replay.tick)
        #expect(live.focused == replay.focused)
        #expect(live.trace == replay.trace)
        #expect(SceneRenderer().displayList(live) == SceneRenderer().displayList(replay))
    }

    /// `from ID` says where a saved session or take starts; it reads back from the timed text (quotes
    /// and backslashes in the id escaped), and comes first, once.
    @Test func fromLinesSayWhereTheScriptStarts() throws {
        let s = try parse("from \"p2\"\nright down")
        #expect(s.from == "p2" && s.entries.map(\.event.description) == ["right", "down"])
        #expect(try parse("from p3 right").from == "p3")
        var odd = s
        odd.from = #"a "quoted" \ id"#
        #expect(odd.timedText.hasPrefix(#"from "a \"quoted\" \\ id""# + "\n@0 right\n"))
        let back = try parse(odd.timedText)
        #expect(
            back.from == odd.from && back.entries.map(\.tick) == odd.entries.map(\.tick) && back.endTick == odd.endTick)
        #expect(try parse("right").timedText == "@0 right\n@480 # end\n")
        #expect(try parse("wait 1s").timedText == "@1200 # end\n")
        for (bad, message) in [
            ("right from p2", "from comes first"), ("from a from b", "from appears twice"),
            ("from", "expected an item id after from"),
            ("wait 1s from a", "from comes first"),
        ] {
            #expect(throws: Diagnostic.self, "\(bad)") { try parse(bad) }
            do { _ = try parse(bad) } catch let error as Diagnostic {
                #expect(error.message.contains(message), "\(bad): \(error)")
            }
        }
    }
}
