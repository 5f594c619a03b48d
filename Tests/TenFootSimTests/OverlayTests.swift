import Testing
@testable import TenFootSim
import TenFootScene
import FocusEngine

/// The recording overlays: pure functions of the simulator, drawn as display-list commands.
@Suite struct OverlayTests {
    static func home(after moves: String, plus ticks: Tick = 0) throws -> Simulator {
        var sim = try Simulator(scene: BuiltInScenes.home())
        sim.play(try InputScriptParser.parse(moves))
        sim.step(ticks: ticks)
        return sim
    }

    @Test(arguments: [
        ("keys", Overlays.keys), ("path,remote", [.path, .remote]), ("keys, path ,remote", [.keys, .path, .remote]), ("", []),
    ] as [(String, Overlays)])
    func overlayListsParse(_ text: String, _ expected: Overlays) throws {
        #expect(try Overlays(parsing: text) == expected)
    }

    @Test func unknownOverlaysAreAllNamed() {
        #expect(throws: OverlayError.self) { try Overlays(parsing: "keys,trail,clock") }
        do { _ = try Overlays(parsing: "keys,trail,clock") } catch { #expect(error.message.contains("\"trail\", \"clock\"")) }
    }

    /// Each remote event lights its button: the ring for swipes, the centre for select, Back for Menu.
    @Test(arguments: [
        ("right", RemoteButton.right), ("up", .up), ("select", .select), ("longselect", .select), ("menu", .back),
        ("home", .tv), ("playpause", .playPause), ("submit", .select), ("touch 0.5 0.1", .touchSurface), ("crown 2", .touchSurface),
    ])
    func traceEventsMapToButtons(_ event: String, _ button: RemoteButton) {
        #expect(RemoteButton(traceEvent: event) == button)
    }

    @Test func pressLightsThenFades() throws {
        var sim = try Self.home(after: "")
        sim.send(.swipe(.right))
        #expect(RemoteOverlay.lighting(sim)[.right] == 1)
        sim.step(ticks: RemoteOverlay.litTicks + RemoteOverlay.fadeTicks / 2)
        let half = try #require(RemoteOverlay.lighting(sim)[.right])
        #expect(half > 0.4 && half < 0.6)
        sim.step(ticks: RemoteOverlay.fadeTicks)
        #expect(RemoteOverlay.lighting(sim).isEmpty)
    }

    /// The path is the sequence of items focus reached, starting at the initial focus.
    @Test func pathVisitsFollowFocus() throws {
        let sim = try Self.home(after: "right right left left")
        #expect(FocusPathOverlay.visits(sim).map(\.id) == ["p1", "p2", "p3", "p2", "p1"])
    }

    /// Captions fold repeats, say where focus went, and say why a move was blocked.
    @Test func captionsNameThePressesAndTheResult() throws {
        let moved = try Self.home(after: "right right")
        var list = DisplayList()
        KeyCaptionOverlay().draw(into: &list, sim: moved)
        #expect(list.text.contains("\"→ right ×2\""))
        #expect(list.text.contains("\"p2 → p3\""))

        let blocked = try Self.home(after: "left")
        list = DisplayList()
        KeyCaptionOverlay().draw(into: &list, sim: blocked)
        #expect(list.text.contains("p1: blocked, nothing focusable in the path"))

        let later = try Self.home(after: "right", plus: KeyCaptionOverlay.showTicks)
        list = DisplayList()
        KeyCaptionOverlay().draw(into: &list, sim: later)
        #expect(list.commands.isEmpty)
    }

    /// Overlays only add commands after the scene's own, in a fixed order, and are deterministic.
    @Test func overlaysDrawOnTopDeterministically() throws {
        let sim = try Self.home(after: "right down")
        let plain = SceneRenderer().displayList(sim)
        let all = SceneRenderer().displayList(sim, overlays: [.keys, .path, .remote])
        #expect(Array(all.commands.prefix(plain.commands.count)) == plain.commands)
        #expect(all.commands.count > plain.commands.count)
        #expect(SceneRenderer().displayList(try Self.home(after: "right down"), overlays: [.keys, .path, .remote]) == all)
    }
}
