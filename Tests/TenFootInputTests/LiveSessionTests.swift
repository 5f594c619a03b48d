import FocusEngine
import TenFootPresentation
import TenFootScene
import TenFootSim
import TestSupport
import Testing

@testable import TenFootInput

/// A live session drives the simulator, records every remote event at its tick, and the saved
/// script replays to exactly the same states.
@Suite struct LiveSessionTests {
    struct Run {
        var sim: Simulator
        var session = LiveSession()
        var tools: [Tool] = []
        /// Ticks per frame, as the window steps (60 Hz).
        let frame: Tick = 20

        init(_ scene: Scene) throws { sim = try Simulator(scene: scene) }

        mutating func at(_ t: Tick, _ inputs: PhysicalInput...) {
            while sim.tick < t { session.advance(&sim, by: min(frame, t - sim.tick)) }
            for p in inputs { tools += session.handle(p, sim: &sim) }
        }

        /// Saves, parses and replays the session on a fresh simulator of the same scene.
        func replayed() throws -> (Simulator, String) {
            let text = session.recording.text(
                endingAt: sim.tick, header: ["TenFoot live session", "scene: \(sim.scene.name)"])
            var fresh = try Simulator(scene: sim.scene)
            fresh.play(try InputScriptParser.parse(text))
            return (fresh, text)
        }
    }

    func expectSameState(_ a: Simulator, _ b: Simulator) {
        #expect(a.tick == b.tick)
        #expect(a.trace == b.trace)
        #expect(a.focused == b.focused)
        #expect(a.textEntry.fieldValues == b.textEntry.fieldValues)
        #expect(a.textEntry.editing == b.textEntry.editing)
        #expect(a.touch?.x == b.touch?.x && a.touch?.y == b.touch?.y)
        #expect(SceneRenderer().displayList(a) == SceneRenderer().displayList(b))
    }

    @Test func keysPadsAndMouseReplayExactly() throws {
        var run = try Run(BuiltInScenes.home())
        run.at(0, key("right"))
        run.at(700, keyUp("right"))  // two moves: the press and one repeat
        run.at(800, .buttonDown(.dpadDown, controller: 0))
        run.at(900, .buttonUp(.dpadDown, controller: 0))
        run.at(1000, .axis(.leftX, 0.9, controller: 1))
        run.at(1300, .axis(.leftX, 0, controller: 1))
        run.at(1400, .axis(.rightX, 0.63, controller: 0))
        run.at(1500, .axis(.rightX, 0, controller: 0))
        run.at(1600, .pointerDown(pt(100, 500)))
        run.at(1620, .pointerMove(pt(200, 500)))
        run.at(1640, .pointerMove(pt(400, 500)))
        run.at(1660, .pointerUp(pt(400, 500)))
        run.at(2500, .wheel(-1))
        run.at(2600, .buttonDown(.south, controller: 0))
        run.at(2700, .buttonUp(.south, controller: 0), key("f3"), keyUp("f3"))
        run.at(3000, key("escape"))
        run.at(3100, keyUp("escape"))
        run.at(4000)
        #expect(run.tools == [.remote])
        let events = run.session.recording.entries.map(\.event.description)
        #expect(events.filter { $0 == "right" }.count >= 5)
        #expect(events.contains("touch 0.65 0") && events.contains("release") && events.contains("crown 1"))
        #expect(events.suffix(2) == ["select", "menu"])

        let (replayed, text) = try run.replayed()
        #expect(text.hasPrefix("# TenFoot live session\n# scene: "))
        #expect(text.hasSuffix("@4000 # end\n"))
        expectSameState(run.sim, replayed)
    }

    /// Editing a text field live: letters go in as text (not swipes), Backspace deletes, Return submits.
    @Test func textEditingReplaysExactly() throws {
        var run = try Run(try SceneDecoder.load(path: TestPaths.scenes + "/login-form.json"))
        #expect(run.sim.focused == "logIn")
        run.at(0, key("up"))
        run.at(50, keyUp("up"))
        run.at(100, key("return"))
        run.at(200, keyUp("return"))
        #expect(run.sim.textEntry.editing == "password")
        run.at(300, key("a"), .text("a"))
        run.at(310, keyUp("a"))
        run.at(320, key("b", .shift), .text("B"), keyUp("b"))
        run.at(330, key("w"), .text("w"), keyUp("w"))
        run.at(340, key("backspace"), keyUp("backspace"))
        run.at(400, key("return"))
        run.at(450, keyUp("return"))
        run.at(600)
        #expect(run.sim.textEntry.editing == nil)
        #expect(run.sim.textEntry.fieldValues["password"] == "hunter2aB")
        #expect(run.sim.focused == "logIn")
        #expect(
            run.session.recording.entries.map(\.event.description) == [
                "up", "select", #"type "a""#, #"type "B""#, #"type "w""#, "delete 1", "submit",
            ])
        let (replayed, _) = try run.replayed()
        expectSameState(run.sim, replayed)
    }

    @Test func theOnScreenRemoteShowsTheLastPressAndTheFinger() throws {
        var run = try Run(BuiltInScenes.home())
        run.at(0, key("right"))
        run.at(10, keyUp("right"), .axis(.rightX, 0.5, controller: 0))
        let remote = run.session.remote(run.sim)
        #expect(remote.lastEvent == .swipe(.right) && remote.lastEventTick == 0)
        #expect(remote.finger == OnScreenRemote.Finger(x: 0.5, y: 0))
    }

    @Test func restartingTheRecordingCountsFromTheNewStart() throws {
        var run = try Run(BuiltInScenes.home())
        run.at(100, key("right"))
        run.session.restartRecording(at: run.sim.tick)
        run.at(300, keyUp("right"), key("p"))
        #expect(run.session.recording.script(endingAt: run.sim.tick).timedText == "@200 playpause\n@200 # end\n")
    }

    /// A take (F9) is the recording's events since its mark, timed from the mark, and replays on the
    /// simulator as it was then — also after the recording restarted (a reload) at a later tick.
    @Test func takesReplayFromTheirMark() throws {
        var run = try Run(BuiltInScenes.home())
        run.at(0, key("right"), keyUp("right"))
        run.session.restartRecording(at: 400)  // as after a reload: the recording's ticks now count from 400
        run.at(400)
        let mark = run.session.recording.mark(at: run.sim.tick)
        let before = run.sim
        run.at(600, key("right"), keyUp("right"))
        run.at(900, key("down"), keyUp("down"))
        run.at(1000)
        let take = run.session.recording.take(since: mark, endingAt: run.sim.tick)
        #expect(take.entries.map(\.tick) == [200, 500])
        #expect(take.entries.map(\.event) == [.swipe(.right), .swipe(.down)])
        #expect(take.endTick == 600)
        var replay = before
        replay.play(take)
        #expect(replay.focused == run.sim.focused)
        #expect(replay.tick == run.sim.tick)
    }

    /// A window left open for more than an hour saves a session every command can read back: its first
    /// hour, with a comment that says what was left out (a script past an hour is refused on reading).
    @Test func aSessionPastAnHourSavesItsFirstHour() throws {
        var recording = SessionRecording(startTick: 500)
        let hour = InputScriptParser.maxDuration
        recording.record(.swipe(.right), at: 500 + 1200)
        recording.record(.swipe(.down), at: 500 + hour)  // the last tick a script may hold
        recording.record(.select, at: 500 + hour + 1)
        recording.record(.menu, at: 500 + hour + 72_000)
        let end: Tick = 500 + hour + Clock.ticks(seconds: 300)  // 65 minutes in
        #expect(recording.isTruncated(endingAt: end))
        let text = recording.text(endingAt: end, header: ["TenFoot live session"])
        #expect(
            text.hasPrefix(
                "# TenFoot live session\n# the session ran 65 min; a script holds an hour, so its first hour is saved (2 later events left out)\n"
            ))
        let script = try InputScriptParser.parse(text)
        #expect(script.entries.map(\.event) == [.swipe(.right), .swipe(.down)])
        #expect(script.endTick == hour)

        // Within the hour nothing changes.
        #expect(!recording.isTruncated(endingAt: 500 + hour))
        #expect(!recording.text(endingAt: 500 + hour).contains("first hour"))
    }
}
