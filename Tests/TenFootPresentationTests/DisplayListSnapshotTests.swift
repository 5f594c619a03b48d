import FocusEngine
import Foundation
import TenFootPresentation
import TenFootScene
import TestSupport
import Testing

@testable import TenFootSim

/// The display list of every gallery scene after its first move, as reviewable text: a change in the
/// look (sizes, positions, colours, the focus effect) shows up as a diff. Re-record on purpose with
/// TENFOOT_RECORD_SNAPSHOTS=1 (never on CI); a recording run fails, so run again without it.
@Suite struct DisplayListSnapshotTests {
    static let scenes = [
        "home", "creme-brulee", "filters-sheet", "focus-guide-dashboard", "login-form", "rating-picker",
        "tv-library-sections",
        "streaming-home", "settings", "artwork-shapes",
    ]

    @Test(arguments: scenes) func snapshot(_ name: String) throws {
        var sim = try Simulator(scene: try SceneDecoder.load(path: TestPaths.scenes + "/\(name).json"))
        sim.step(ticks: 600)
        sim.send(.swipe(.right))
        sim.step(ticks: 90)  // mid-animation: the lift is part of the snapshot
        try assertSnapshot(
            of: SceneRenderer().displayList(sim).text + "\n", as: .text, named: name,
            in: TestPaths.packageRoot + "/Tests/TenFootPresentationTests/Snapshots")
    }

    /// Each sheet size presented and settled (page, form, full-screen cover): the panel's size and place,
    /// its title, and the dimmed screen behind it.
    @Test(arguments: ["openPage", "openForm", "openFull"]) func sheetSize(_ button: String) throws {
        var sim = try Simulator(scene: try SceneDecoder.load(path: TestPaths.scenes + "/sheet-sizes.json"))
        try sim.start(from: button)
        sim.step(ticks: 600)
        sim.send(.select)
        sim.step(ticks: 1200)
        #expect(sim.presentation.presented.count == 1)
        try assertSnapshot(
            of: SceneRenderer().displayList(sim).text + "\n", as: .text, named: "sheet-sizes-\(button)",
            in: TestPaths.packageRoot + "/Tests/TenFootPresentationTests/Snapshots")
    }
}
