import FocusEngine
import TenFootCore
import TenFootPresentation
import TenFootScene
import TestSupport
import Testing

@testable import TenFootSim

/// What Select, the crown and Menu do to the components (toggles, the two kinds of picker, alerts), and the
/// one motion model every transition reads.
@Suite struct ComponentBehaviourTests {
    func sim(_ json: String) throws -> Simulator { try Simulator(scene: try SceneDecoder.decode(json, file: "t.json")) }

    /// A picker's width fits its first 1,000 options (`LayoutEngine.maxMeasuredOptions`): each is shaped to be
    /// measured, and 100,000 took 8 s to lay out. An option past them does not widen it.
    @Test func aPickersWidthFitsItsFirstThousandOptions() throws {
        func width(_ options: [String]) throws -> Double {
            let list = options.map { "\"\($0)\"" }.joined(separator: ",")
            let s = try sim(#"{"root": {"type": "picker", "id": "p", "title": "P", "options": [\#(list)]}}"#)
            return try #require(s.placedChain(to: "p")?.last?.frame.width)
        }
        let short = (0..<1000).map { "o\($0)" }
        let long = String(repeating: "W", count: 60)
        #expect(try width(short + [long]) == width(short))
        #expect(try width([long] + short) > width(short))
    }

    /// A toggle flips on Select: its own value, or the Bool state value it is bound to; the trace says so.
    @Test func togglesFlipTheirValueOrTheirState() throws {
        var s = try sim(
            #"{"state": {"hdr": false}, "root": {"type": "vstack", "children": [{"type": "toggle", "id": "a", "title": "A", "isOn": true}, {"type": "toggle", "id": "b", "title": "B", "isOn": {"state": "hdr"}}]}}"#
        )
        let a = try #require(s.index.nodes["a"])
        let b = try #require(s.index.nodes["b"])
        #expect(s.isOn(a) && !s.isOn(b))
        s.send(.select)
        #expect(!s.isOn(a) && s.focused == "a")
        #expect(s.trace.entries.last?.note == .valueChanged(id: "a", value: "Off"))
        s.send(.swipe(.down))
        s.send(.select)
        #expect(s.isOn(b) && s.data.state["hdr"] == .bool(true))
        s.send(.select)
        #expect(!s.isOn(b) && s.data.state["hdr"] == .bool(false))
    }

    /// A navigation-style picker opens its options on a pushed screen, focus on the chosen one; Select on an
    /// option sets the value and comes back; Menu comes back without choosing.
    @Test func navigationPickerOpensItsListAndChooses() throws {
        var s = try sim(
            #"{"root": {"type": "vstack", "children": [{"type": "picker", "id": "q", "title": "Quality", "options": ["Auto", "HD", "4K"], "value": "HD"}, {"type": "button", "id": "next", "title": "Next"}]}}"#
        )
        s.send(.select)
        #expect(s.focused == "q/1" && s.session.backStack.count == 1)
        #expect(s.navigation.transition?.kind == .push)
        s.send(.swipe(.down))
        s.send(.select)
        #expect(s.focused == "q" && s.textEntry.fieldValues["q"] == "4K" && s.session.backStack.isEmpty)
        #expect(s.trace.entries.last?.note == .valueChanged(id: "q", value: "4K"))
        s.send(.select)
        s.send(.swipe(.up))
        s.send(.menu)
        #expect(s.focused == "q" && s.textEntry.fieldValues["q"] == "4K")
        // Left and right are no longer the picker's: they move focus like on any item.
        s.send(.swipe(.down))
        #expect(s.focused == "next")
    }

    /// A segmented picker's segments are items: moving along them chooses; the crown steps the value and
    /// focus follows; focus comes back to the chosen segment; the screen's initial focus is not pulled into it.
    @Test func segmentedPickerSegmentsAreItems() throws {
        var s = try sim(
            #"{"root": {"type": "vstack", "children": [{"type": "button", "id": "top", "title": "Top"}, {"type": "picker", "id": "t", "pickerStyle": "segmented", "options": ["Light", "Dark", "Auto"], "value": "Dark"}]}}"#
        )
        #expect(s.focused == "top")
        s.send(.swipe(.down))
        #expect(s.focused == "t/1")
        s.send(.swipe(.right))
        #expect(s.focused == "t/2" && s.textEntry.fieldValues["t"] == "Auto")
        s.send(.crown(-2))
        #expect(s.focused == "t/0" && s.textEntry.fieldValues["t"] == "Light")
        s.send(.swipe(.up))
        s.send(.swipe(.down))
        #expect(s.focused == "t/0")
        // Past the last segment the move goes on (here nothing is there: a bump, not a value change).
        s.send(.swipe(.left))
        #expect(s.focused == "t/0" && s.textEntry.fieldValues["t"] == "Light")
    }

    /// An alert is a layer of its own: focus on its first button, Menu dismisses it and focus is restored.
    @Test func alertIsALayer() throws {
        var s = try sim(
            #"{"root": {"type": "button", "id": "open", "title": "Open", "onSelect": [{"present": "al"}]}, "sheets": [{"type": "alert", "id": "al", "title": "Delete?", "message": "It cannot be undone.", "children": [{"type": "button", "id": "ok", "title": "Delete"}, {"type": "button", "id": "cancel", "title": "Cancel"}]}]}"#
        )
        s.send(.select)
        #expect(s.focused == "ok" && s.presentation.presented == ["al"])
        let panel = try #require(s.sheets.first)
        #expect(
            panel.frame.width == ComponentMetrics.alertWidth && abs(panel.frame.midX - Metrics.screen.midX) < 0.5
                && abs(panel.frame.midY - Metrics.screen.midY) < 0.5)
        #expect(panel.labels.map(\.role) == [.title, .message])
        s.send(.swipe(.down))
        #expect(s.focused == "cancel")
        s.send(.menu)
        #expect(s.focused == "open" && s.presentation.presented.isEmpty)
    }
}

/// Press feedback and transitions are pure functions of the tick: the same events at the same ticks give
/// the same frames, and a frame can be computed for any tick.
@Suite struct MotionModelTests {
    @Test func curvesRunFromZeroToOne() {
        for c in [Curve.linear, .easeOut, .easeOutQuad, .easeInOut] {
            #expect(c(0) == 0 && c(1) == 1)
            #expect(c(0.25) < c(0.5) && c(0.5) < c(0.75))
        }
        #expect(Curve.pulse(0) == 0 && Curve.pulse(0.5) == 1 && Curve.pulse(1) == 0)
        let a = Animation(start: 100, duration: 200, curve: .linear)
        #expect(a.progress(at: 50) == 0 && a.progress(at: 200) == 0.5 && a.progress(at: 400) == 1)
        #expect(a.isRunning(at: 100) && !a.isRunning(at: 300) && !a.isRunning(at: 99))
        #expect(Animation(start: 0, duration: 0, curve: .easeOut).progress(at: 0) == 1)
    }

    /// Select plays the pressed state: the item sinks (its drawn frame shrinks) and comes back by the end.
    @Test func selectPressesTheFocusedItem() throws {
        var s = try Simulator(
            scene: try SceneDecoder.decode(
                #"{"root": {"type": "hstack", "children": [{"type": "poster", "id": "p"}, {"type": "poster", "id": "q"}]}}"#,
                file: "t.json"))
        s.step(ticks: 600)
        func drawn() -> Rect? {
            for c in SceneRenderer().displayList(s).commands {
                if case .artwork(let r, _, let seed, _, _) = c, seed.hasPrefix("p|") { return r }
                if case .parallax(let i) = c, case .artwork(let seed, _, _) = i.content, seed.hasPrefix("p|") {
                    return i.frame
                }
            }
            return nil
        }
        let rest = try #require(drawn())
        s.send(.select)
        s.step(ticks: Motion.pressTicks / 2)
        #expect(abs(s.pressDepth("p") - 1) < 0.01 && s.pressDepth("q") == 0)
        let pressed = try #require(drawn())
        #expect(pressed.width < rest.width * 0.97 && abs(pressed.midX - rest.midX) < 0.5)
        s.step(ticks: Motion.pressTicks)
        #expect(s.pressDepth("p") == 0 && !s.isAnimating)
        #expect(try #require(drawn()) == rest)
    }

    /// A pushed destination (`"presentation": "push"`) comes in from the trailing side over the whole screen as a
    /// navigation push does (0.4 s), the screen under it drifting the other way; Menu pops it, focus restored.
    @Test func aPushedDestinationSlidesInAndMenuPopsIt() throws {
        var s = try Simulator(
            scene: try SceneDecoder.decode(
                #"{"root": {"type": "hstack", "children": [{"type": "button", "id": "a", "title": "A"}, {"type": "button", "id": "b", "title": "B", "onSelect": [{"present": "d"}]}]}, "sheets": [{"type": "sheet", "id": "d", "presentation": "push", "title": "Details", "children": [{"type": "button", "id": "x", "title": "X"}]}]}"#,
                file: "t.json"))
        func layerLeft() -> Double? {
            for c in SceneRenderer().displayList(s).commands {
                if case .rect(let r, 0, _) = c, r.width == Metrics.screen.width, r.height == Metrics.screen.height,
                    r.minX > 0
                {
                    return r.minX
                }
            }
            return nil
        }
        s.send(.swipe(.right))
        s.step(ticks: Motion.unfocusTicks * 2)
        s.send(.select)
        #expect(s.focused == "x")
        s.step(ticks: Motion.navigationTicks / 3)
        // The destination's background is part way in from the trailing edge; the screen has drifted left.
        let moving = try #require(layerLeft())
        #expect(moving > 0 && moving < Metrics.screen.width)
        s.step(ticks: Motion.navigationTicks)
        #expect(!s.isAnimating)
        let list = SceneRenderer().displayList(s).commands
        #expect(
            list.contains {
                if case .rect(let r, 0, _) = $0 { return r == Metrics.screen } else { return false }
            })
        s.send(.menu)
        #expect(s.focused == "b")
        s.step(ticks: Motion.navigationTicks / 2)
        #expect(s.isAnimating)
        s.step(ticks: Motion.navigationTicks)
        #expect(!s.isAnimating)
    }

    /// A sheet slides up from below as it appears and is in place when its transition ends; an alert grows.
    @Test func presentationsSlideAndGrow() throws {
        var s = try Simulator(
            scene: try SceneDecoder.decode(
                #"{"root": {"type": "hstack", "children": [{"type": "button", "id": "a", "title": "A", "onSelect": [{"present": "s"}]}, {"type": "button", "id": "b", "title": "B", "onSelect": [{"present": "al"}]}]}, "sheets": [{"type": "sheet", "id": "s", "children": [{"type": "button", "id": "x", "title": "X", "onSelect": [{"dismiss": true}]}]}, {"type": "alert", "id": "al", "title": "T", "children": [{"type": "button", "id": "y", "title": "Y", "onSelect": [{"dismiss": true}]}]}]}"#,
                file: "t.json"))
        func panelTop(_ radius: Double) -> Double? {
            for c in SceneRenderer().displayList(s).commands {
                if case .rect(let r, let rr, _) = c, rr == radius, r.width > 1000 { return r.minY }
            }
            return nil
        }
        s.send(.select)
        s.step(ticks: Motion.sheetTicks / 3)
        let moving = try #require(panelTop(24))
        #expect(moving > Metrics.sheetPanel.minY + 10)
        s.step(ticks: Motion.sheetTicks)
        #expect(try #require(panelTop(24)) == Metrics.sheetPanel.minY)
        s.send(.select)  // Done: it slides away, and is gone once the transition ends
        s.step(ticks: Motion.sheetTicks / 3)
        #expect(try #require(panelTop(24)) > Metrics.sheetPanel.minY)
        s.step(ticks: Motion.sheetTicks)
        #expect(panelTop(24) == nil)
        // The alert's panel grows about its centre.
        s.send(.swipe(.right))
        s.send(.select)
        s.step(ticks: 1)
        let placed = try #require(s.sheets.first)
        var early: Rect?
        // The panel: the rounded rect as wide as an alert (its radius scales with it).
        for c in SceneRenderer().displayList(s).commands {
            if case .rect(let r, let radius, _) = c, radius > 20, radius <= 28, r.width > 500 { early = r }
        }
        let grown = try #require(early)
        #expect(grown.width < placed.frame.width && abs(grown.midX - placed.frame.midX) < 0.5)
    }

    /// Two runs of the same presses at the same ticks draw identical display lists, frame by frame.
    @Test func transitionsAreFunctionsOfTheTick() throws {
        let scene = try SceneDecoder.load(path: TestPaths.scenes + "/settings.json")
        func frames() throws -> [String] {
            var s = try Simulator(scene: scene)
            var out: [String] = []
            for e in [
                RemoteEvent.swipe(.right), .swipe(.down), .swipe(.down), .swipe(.down), .select, .swipe(.down), .select,
            ] {
                s.send(e)
                for _ in 0..<6 {
                    s.step(ticks: 37)
                    out.append(SceneRenderer().displayList(s).text)
                }
            }
            return out
        }
        let a = try frames()
        let b = try frames()
        #expect(a == b && Set(a).count > 20)
    }
}

/// Large Text while the app runs.
@Suite struct TextSizeChangeTests {
    func sim(_ json: String) throws -> Simulator { try Simulator(scene: try SceneDecoder.decode(json, file: "t.json")) }

    /// The window's F6: the screen is laid out again at the new size with focus, state and sheets kept.
    @Test func aTextSizeChangeKeepsFocus() throws {
        var s = try sim(
            #"{"root": {"type": "vstack", "children": [{"type": "button", "id": "a", "title": "A"}, {"type": "button", "id": "b", "title": "B"}, {"type": "text", "id": "t", "text": "Hello"}]}}"#
        )
        s.send(.swipe(.down))
        #expect(s.focused == "b")
        let before = s.screen.children.first { $0.id == "t" }!.frame.height
        try s.setTextSize(.accessibility3)
        #expect(s.focused == "b" && s.scene.textSize == .accessibility3)
        #expect(s.screen.children.first { $0.id == "t" }!.frame.height > before)
        s.send(.swipe(.up))
        #expect(s.focused == "a")
    }

    /// A size chosen on an opened screen holds on the screen Menu returns to.
    @Test func theScreenReturnedToTakesTheNewSize() throws {
        var s = try Simulator(
            scene: try SceneDecoder.decode(
                #"{"root": {"type": "vstack", "children": [{"type": "button", "id": "a", "title": "Open", "onSelect": [{"open": "next.json"}]}]}}"#,
                file: "/virtual/first.json"))
        s.sceneLoader = { path in
            do {
                return .success(
                    try SceneDecoder.decode(#"{"root": {"type": "button", "id": "b", "title": "Next"}}"#, file: path))
            } catch let e as Diagnostics { return .failure(e) } catch { fatalError("\(error)") }
        }
        let height = s.screen.children[0].frame.height
        s.send(.select)
        #expect(s.focused == "b")
        try s.setTextSize(.accessibility3)
        s.send(.menu)
        #expect(s.focused == "a" && s.scene.textSize == .accessibility3)
        #expect(s.screen.children[0].frame.height > height)
    }
}
