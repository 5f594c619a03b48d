import FocusEngine
import TenFootCore
import TenFootScene
import TenFootSim
import Testing

/// The one script player: `expect`, `path`, recordings and screenshots all play scripts through it.
@Suite struct ScriptPlayerTests {
    static let script = "right right wait 1s left hold right 1s swipe left fast select menu"

    /// Advancing a frame at a time sends each event at its own tick: the same simulator, trace
    /// included, as playing the whole script at once.
    @Test func frameByFrameEqualsAllAtOnce() throws {
        let script = try InputScriptParser.parse(Self.script)
        var whole = ScriptPlayer(simulator: try Simulator(scene: BuiltInScenes.home()), script: script)
        let all = whole.playToEnd()
        var framed = ScriptPlayer(simulator: try Simulator(scene: BuiltInScenes.home()), script: script)
        var steps: [ScriptPlayer.Step] = []
        for frame in 0...script.endTick / 40 + 1 { steps += framed.advance(to: frame * 40) }
        #expect(steps == all && framed.isFinished)
        #expect(framed.sim.trace == whole.sim.trace)
        #expect(zip(steps, script.entries).allSatisfy { $0.entry == $1 })
        #expect(whole.sim.tick == script.endTick)
    }

    /// Each step is a `path --json` line: the move, the focus right after it, and its route's fields.
    @Test func stepsAreThePathLines() throws {
        var player = ScriptPlayer(
            simulator: try Simulator(scene: BuiltInScenes.home()),
            script: try InputScriptParser.parse("right left left menu menu"))
        let lines = try player.playToEnd().map(JSONLine.encode)
        #expect(
            lines == [
                #"{"move": "right", "focus": "p2", "via": "direct"}"#,
                #"{"move": "left", "focus": "p1", "via": "direct"}"#,
                #"{"move": "left", "focus": "p1", "blocked": "nothing focusable in the path"}"#,
                #"{"move": "menu", "focus": "tabWatchNow", "via": "programmatic", "by": "tabs/tabs"}"#,
                #"{"move": "menu", "focus": "tabWatchNow", "exit": "home"}"#,
            ])
    }

    /// Presses for `expect` blocks: a gap apart from tick 0, ending a gap after the last.
    @Test func pressesAreAGapApart() {
        let s = InputScript(presses: [.swipe(.right), .select], gap: 480)
        #expect(s.entries.map(\.tick) == [0, 480] && s.endTick == 960)
    }
}
