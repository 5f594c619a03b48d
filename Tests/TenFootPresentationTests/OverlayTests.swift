import FocusEngine
import TenFootScene
import Testing

@testable import TenFootPresentation
@testable import TenFootSim

/// The recording overlays: pure functions of the simulator, drawn as display-list commands.
@Suite struct OverlayTests {
    static func home(after moves: String, plus ticks: Tick = 0) throws -> Simulator {
        var sim = try Simulator(scene: BuiltInScenes.home())
        sim.play(try InputScriptParser.parse(moves))
        sim.step(ticks: ticks)
        return sim
    }

    @Test(
        arguments: [
            ("keys", Overlays.keys), ("path,remote", [.path, .remote]),
            ("keys, path ,remote", [.keys, .path, .remote]), ("debug", .debug), ("", []),
        ] as [(String, Overlays)])
    func overlayListsParse(_ text: String, _ expected: Overlays) throws {
        #expect(try Overlays(parsing: text) == expected)
    }

    @Test func unknownOverlaysAreAllNamed() {
        #expect(throws: OverlayError.self) { try Overlays(parsing: "keys,trail,clock") }
        do { _ = try Overlays(parsing: "keys,trail,clock") } catch {
            #expect(error.message.contains("\"trail\", \"clock\""))
        }
    }

    /// The remote overlay is the window's on-screen remote, lit by the simulator's last press.
    @Test func remoteOverlayIsTheOnScreenRemote() throws {
        let sim = try Self.home(after: "right select")
        let all = SceneRenderer().displayList(sim, overlays: .remote)
        let plain = SceneRenderer().displayList(sim)
        let remote = OnScreenRemote(showing: sim)
        #expect(remote.lastEvent == .select)
        #expect(
            Array(all.commands.dropFirst(plain.commands.count))
                == remote.commands(in: Overlays.remoteRect, now: sim.tick))
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
        #expect(list.text.contains("\"p1 blocked: nothing focusable in the path\""))

        let later = try Self.home(after: "right", plus: KeyCaptionOverlay.showTicks)
        list = DisplayList()
        KeyCaptionOverlay().draw(into: &list, sim: later)
        #expect(list.commands.isEmpty)
    }

    /// `--preset presentation` names items by what people see: their titles.
    @Test func presentationCaptionsSayTitles() throws {
        let moved = try Self.home(after: "right")
        var list = DisplayList()
        KeyCaptionOverlay(titles: true).draw(into: &list, sim: moved)
        #expect(list.text.contains("\"Northern Lights → The Long Way Home\""), "\(list.text)")
        #expect(!list.text.contains("p1 → p2"))
    }

    /// Overlays keep off the focused item: the remote takes another corner, the captions the top of the screen.
    @Test func overlaysNeverCoverTheFocusedItem() throws {
        let corner = Overlays.remoteRect
        #expect(Overlays.remoteRect(avoiding: nil) == corner)
        #expect(Overlays.remoteRect(avoiding: Rect(0, 0, 300, 300)) == corner)
        let moved = Overlays.remoteRect(avoiding: Rect(corner.minX - 40, corner.minY + 40, 200, 200))
        #expect(moved != corner && !moved.overlaps(Rect(corner.minX - 40, corner.minY + 40, 200, 200).lifted))
        // Down into the home's second shelf and below: the captions move above once focus reaches their band.
        for moves in ["right", "down down down right"] {
            let sim = try Self.home(after: moves, plus: Motion.focusTicks)
            var list = DisplayList()
            KeyCaptionOverlay().draw(into: &list, sim: sim)
            let focused = try #require(Overlays.focusedFrame(sim)).lifted
            for case .rect(let r, _, _) in list.commands {
                #expect(!r.overlaps(focused), "\(moves): \(r) over \(focused)")
            }
            let all = SceneRenderer().displayList(sim, overlays: [.remote])
            for case .rect(let r, _, _) in all.commands.dropFirst(SceneRenderer().displayList(sim).commands.count) {
                #expect(!r.overlaps(focused), "\(moves): the remote over \(focused)")
            }
        }
    }

    /// The presentation preset's trail fades behind focus: a visit left long ago is not drawn.
    @Test func thePresentationTrailFades() throws {
        let sim = try Self.home(after: "right right", plus: FocusPathOverlay.fadeTicks * 2)
        var faded = DisplayList()
        FocusPathOverlay(fades: true).draw(into: &faded, sim: sim)
        var whole = DisplayList()
        FocusPathOverlay().draw(into: &whole, sim: sim)
        #expect(faded.commands.count < whole.commands.count)
        // Only the head (focus) remains.
        #expect(faded.commands.count == 2, "\(faded.text)")
    }

    /// Overlays only add commands after the scene's own, in a fixed order, and are deterministic.
    @Test func overlaysDrawOnTopDeterministically() throws {
        let sim = try Self.home(after: "right down")
        let plain = SceneRenderer().displayList(sim)
        let all = SceneRenderer().displayList(sim, overlays: [.keys, .path, .remote])
        #expect(Array(all.commands.prefix(plain.commands.count)) == plain.commands)
        #expect(all.commands.count > plain.commands.count)
        #expect(
            SceneRenderer().displayList(try Self.home(after: "right down"), overlays: [.keys, .path, .remote]) == all)
    }

    /// One letterbox for drawing and pointing: the screen fits the output, centred, and an output
    /// position maps back to the point drawn there.
    @Test(arguments: [(1280.0, 720.0), (1000.0, 1000.0), (3000.0, 1080.0), (641.0, 361.0)])
    func letterboxFitsAndMapsBack(_ w: Double, _ h: Double) {
        let box = Letterbox(outputWidth: w, outputHeight: h)
        #expect(box.scale == min(w / 1920, h / 1080))
        // Centred: the bars on either side differ by at most the rounding of the origin.
        #expect(abs(box.originX - (w - box.outputX(1920))) <= 1)
        #expect(abs(box.originY - (h - box.outputY(1080))) <= 1)
        let p = box.screenPoint(x: box.outputX(960), y: box.outputY(540))
        #expect(abs(p.x - 960) < 1e-9 && abs(p.y - 540) < 1e-9)
        #expect(box.originX == box.originX.rounded() && box.originY == box.originY.rounded())
    }

    @Test func letterboxNeverScalesToNothing() {
        let box = Letterbox(outputWidth: 0, outputHeight: 0)
        #expect(box.scale == Letterbox.minimumScale)
        #expect(box.screenPoint(x: 0, y: 0).x.isFinite)
    }
}

/// The pictures over the scene wrap by the scene's rule, with a path cut at its separators first.
@Suite struct TextWrapTests {
    let m = FixedAdvanceMeasurer()

    /// At size 10 a character is 5.5 points; the width is divided by `TextWrap.fill` so that `columns` fit.
    func lines(_ text: String, columns: Int) -> [String] {
        TextWrap.lines(text, width: (Double(columns) + 0.5) * 5.5 / TextWrap.fill, size: 10, bold: false, measurer: m)
    }

    @Test func wordsFillLinesAsSceneTextDoes() {
        #expect(lines("Press Menu to go back", columns: 10) == ["Press Menu", "to go back"])
        #expect(lines("a well-known rule", columns: 8) == ["a well-", "known", "rule"])
        #expect(lines("東京の天気は晴れ", columns: 4) == ["東京の天", "気は晴れ"])
        #expect(lines("one\n\ntwo", columns: 10) == ["one", "", "two"])
    }

    @Test func aLongPathIsCutAtItsSeparatorsThenBetweenCharacters() {
        #expect(
            lines("see scenes/home/shelves.json now", columns: 12) == ["see", "scenes/home/", "shelves.json", "now"])
        #expect(lines("abcdefghijklmno", columns: 6) == ["abcdef", "ghijkl", "mno"])
        #expect(lines("a/b/c/d/e/f/g/h", columns: 5) == ["a/b/", "c/d/", "e/f/", "g/h"])
    }
}
