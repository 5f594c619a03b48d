import Foundation
import Testing
@testable import TenFootSim
import TenFootScene
import FocusEngine
import TestSupport

/// The display list of every gallery scene after its first move, as reviewable text: a change in the
/// look (sizes, positions, colours, the focus effect) shows up as a diff. Re-record on purpose with
/// TENFOOT_RECORD_SNAPSHOTS=1 (never on CI).
@Suite struct DisplayListSnapshotTests {
    static let scenes = ["home", "creme-brulee", "filters-sheet", "focus-guide-dashboard", "login-form", "rating-picker", "tv-library-sections"]

    @Test(arguments: scenes) func snapshot(_ name: String) throws {
        var sim = try Simulator(scene: try SceneDecoder.load(path: TestPaths.scenes + "/\(name).json"))
        sim.step(ticks: 600)
        sim.send(.swipe(.right))
        sim.step(ticks: 90)  // mid-animation: the lift is part of the snapshot
        let got = SceneRenderer().displayList(sim).text + "\n"
        let path = TestPaths.packageRoot + "/Tests/TenFootSimTests/Snapshots/\(name).txt"
        let env = ProcessInfo.processInfo.environment
        if env["TENFOOT_RECORD_SNAPSHOTS"] != nil, env["CI"] == nil { try got.write(toFile: path, atomically: true, encoding: .utf8) }
        let want = try String(contentsOfFile: path, encoding: .utf8)
        #expect(got == want, "display list of \(name) changed; re-record with TENFOOT_RECORD_SNAPSHOTS=1 and review the diff")
    }
}
