import Foundation
import TenFootRecorder
import TenFootScene
import TenFootSim
import Testing

@testable import TenFootCLI

/// A script that stops at its work budget is an error in the command's words: the script's file, line and column,
/// exit 2 (`path`, `explain`, `bundle`, a bundle's replay in `run`; `record` and `screenshot` through the recorder's
/// error). The budget itself is tested with the player (`HostileScriptTests`).
@Suite struct ScriptBudgetCLITests {
    /// An interrupt is said as "tenfoot: interrupted" whatever stopped: a `test` whose commit the interrupt held said
    /// "the partial recording was deleted", and the command line says a bare "interrupted" once, with 130.
    @Test func anInterruptedCommitIsSaidAsEveryInterrupt() {
        for option in ["--out", "--junit", "--report"] {
            let e = RecordingError.interrupted.cliError(for: option)
            #expect(e.message == "interrupted" && e.code == ExitCode.interrupted)
        }
    }

    @Test func aStoppedScriptIsALocatedUsageError() throws {
        let script = try InputScriptParser.parse(
            String(repeating: "do hide p1\ndo show p1\n", count: 20), file: "moves.txt")
        var player = ScriptPlayer(simulator: try Simulator(scene: BuiltInScenes.home()), script: script)
        player.workBudget = 500
        player.playToEnd()
        let error = try #require(throws: CLIError.self) { try CLI.checkPlayed(player) }
        #expect(error.code == ExitCode.usage)
        #expect(error.message.hasPrefix("moves.txt:"))
        #expect(error.message.contains(": error: the script stops before this event: "))
        let stopped = try #require(player.stopped)
        #expect(RecordingError.scriptStopped(stopped).cliError.message == error.message)
        #expect(RecordingError.scriptStopped(stopped).cliError.code == ExitCode.usage)

        var whole = ScriptPlayer(simulator: try Simulator(scene: BuiltInScenes.home()), script: script)
        whole.playToEnd()
        #expect(throws: Never.self) { try CLI.checkPlayed(whole) }
    }
}
