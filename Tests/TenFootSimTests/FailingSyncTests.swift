import FocusEngine
import TenFootScene
import Testing

@testable import TenFootSim

/// A focus tree that cannot be built is an error that reaches whoever drives the simulator: the event stops,
/// `failure` says why, the trace has it, and the simulator goes on once trees build again. No scene makes a
/// build fail on purpose, so the tests inject the fault (`treeBuildFault`).
@Suite struct FailingSyncTests {
    static let scene = try! SceneDecoder.decode(
        #"""
        { "name": "t", "state": { "on": false },
          "root": { "type": "vstack", "children": [
            { "type": "button", "id": "open", "title": "Open", "onSelect": [{ "present": "s" }] },
            { "type": "button", "id": "flip", "title": "Flip", "onSelect": [{ "set": "on", "to": true }] } ] },
          "sheets": [ { "type": "sheet", "id": "s", "children": [
            { "type": "button", "id": "close", "title": "Close", "onSelect": [{ "dismiss": true }] } ] } ] }
        """#, file: "t.json")
    static let fault = FocusTreeError.duplicateID("twice")

    @Test func aSheetWhoseTreeCannotBeBuiltIsAnErrorNotAMove() throws {
        var sim = try Simulator(scene: Self.scene)
        #expect(sim.focused == "open")
        sim.treeBuildFault = (sim.focusTreeBuilds, Self.fault)
        let update = sim.send(.select)
        #expect(update == nil)
        #expect(sim.failure == Self.fault)
        #expect(sim.presentation.presented.isEmpty, "the sheet the tree could not show is not left presented")
        #expect(sim.focused == "open")
        let last = try #require(sim.trace.entries.last)
        #expect(last.note == .layoutFailed(Self.fault.description))
        // Trees build again: the same press presents the sheet, and the failure is gone.
        sim.treeBuildFault = nil
        sim.send(.select)
        #expect(sim.failure == nil)
        #expect(sim.focused == "close")
    }

    @Test func aStateWriteWhoseTreeCannotBeBuiltIsAnError() throws {
        var sim = try Simulator(scene: Self.scene)
        sim.send(.swipe(.down))
        #expect(sim.focused == "flip")
        sim.treeBuildFault = (sim.focusTreeBuilds, Self.fault)
        sim.send(.select)
        #expect(sim.failure == Self.fault)
        #expect(sim.trace.entries.last?.note == .layoutFailed(Self.fault.description))
    }

    @Test func theScriptPlayerReportsTheFailedStep() throws {
        var sim = try Simulator(scene: Self.scene)
        sim.treeBuildFault = (sim.focusTreeBuilds, Self.fault)
        var player = ScriptPlayer(simulator: sim, script: try InputScriptParser.parse("down select"))
        let steps = player.playToEnd()
        #expect(steps.count == 2)
        #expect(steps[0].failure == nil, "a move needs no new tree")
        #expect(steps[1].failure == Self.fault.description)
    }

    @Test func startingWhereTheTreeCannotBeBuiltSaysSo() throws {
        let tabs = try SceneDecoder.decode(
            #"""
            { "name": "t", "root": { "type": "tabBar", "id": "bar", "tabs": [
              { "id": "a", "title": "A", "content": { "type": "button", "id": "x", "title": "X" } },
              { "id": "b", "title": "B", "content": { "type": "button", "id": "y", "title": "Y" } } ] } }
            """#, file: "t.json")
        var sim = try Simulator(scene: tabs)
        sim.treeBuildFault = (sim.focusTreeBuilds, Self.fault)
        #expect(throws: StartError.self) { try sim.start(from: "y") }
        #expect(sim.failure == Self.fault)
    }
}
