import FocusEngine
import TenFootScene
import Testing

@testable import TenFootSim

/// Page presses are the app's (tvos-focus.md §A13): nothing moves unless the scene opts in.
@Suite struct PagePressTests {
    static func scene(opted: Bool) throws -> Scene {
        let handlers = opted ? #", "onPageDown": [{"page": "down"}], "onPageUp": [{"page": "up"}]"# : ""
        let posters = (0..<30).map { #"{"type": "poster", "id": "c\#($0)"}"# }.joined(separator: ", ")
        return try SceneDecoder.decode(
            #"{"root": {"type": "scroll", "id": "page"\#(handlers), "children": [{"type": "grid", "id": "g", "columns": 6, "children": [\#(posters)]}]}}"#,
            file: "t.json")
    }

    /// With no handler in the scene, page up and page down move nothing (so a controller's shoulder
    /// buttons do nothing by default, as on tvOS).
    @Test func pagePressesWithoutAHandlerMoveNothing() throws {
        var sim = try Simulator(scene: try Self.scene(opted: false))
        #expect(sim.send(.pageDown) == nil && sim.focused == "c0")
        #expect(sim.send(.pageUp) == nil && sim.focused == "c0")
        #expect(sim.trace.entries.last.map { Route($0.update) } == .unchanged)
    }

    /// A container that opts in (onPageDown / onPageUp with the `page` action) pages its focused
    /// descendants: the presses travel up from the focused item to the nearest handler.
    @Test func aContainerOptsInToPaging() throws {
        var sim = try Simulator(scene: try Self.scene(opted: true))
        sim.send(.pageDown)
        #expect(sim.focused == "c12")  // two rows of 390-pt posters make a screen
        sim.send(.pageDown)
        #expect(sim.focused == "c24")
        sim.send(.pageUp)
        #expect(sim.focused == "c12")
    }
}

/// Who restores focus after a sheet goes (tvos-focus.md §A5).
@Suite struct PresenterRestorationTests {
    /// `restoresFocusAfterTransition` set where UIKit sets it, on the presenting screen: dismissing
    /// the sheet then focuses the screen's preferred item, not the one that presented it.
    @Test(arguments: [true, false]) func presentingScreenDecidesRestoration(_ restores: Bool) throws {
        let scene = try SceneDecoder.decode(
            #"{"root": {"type": "hstack", "restoresFocusAfterTransition": \#(restores), "children": [{"type": "button", "id": "first", "title": "First"}, {"type": "button", "id": "open", "title": "Open", "onSelect": [{"present": "s"}]}]}, "sheets": [{"type": "sheet", "id": "s", "children": [{"type": "button", "id": "close", "title": "Close", "onSelect": [{"dismiss": true}]}]}]}"#,
            file: "t.json")
        var sim = try Simulator(scene: scene)
        try sim.start(from: "open")
        sim.send(.select)
        #expect(sim.focused == "close")
        let back = sim.send(.select)
        #expect(sim.focused == (restores ? "open" : "first"))
        #expect(back?.via == (restores ? .restored : .default))
    }
}
