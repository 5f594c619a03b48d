import Foundation
import TenFootPresentation
import TenFootRaster
import TenFootRecorder
import TenFootScene
import TenFootSim
import TestSupport
import Testing

@testable import TenFootCLI

/// The focused looks the contrast rule measures are bounded by the pixels they draw: a pile of thousands of
/// items in one place is measured focused at one item, and every gallery scene still at all 24.
@Suite struct AccessibilityAuditBudgetTests {
    @Test func pilesAreMeasuredFocusedAtFewerItems() {
        #expect(AuditCommand.focusedLooks(drawing: 0) == 24)
        #expect(AuditCommand.focusedLooks(drawing: 10.0 / 3) == 24)
        #expect(AuditCommand.focusedLooks(drawing: 3.34) == 23)
        #expect(AuditCommand.focusedLooks(drawing: 40) == 2)
        #expect(AuditCommand.focusedLooks(drawing: 48) == 1)
        #expect(AuditCommand.focusedLooks(drawing: Rasteriser.maxOverdrawScreens) == 1)
    }

    @Test func everyGalleryScreenGetsEveryFocusedLook() throws {
        var looked = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: TestPaths.scenes).sorted()
        where name.hasSuffix(".json") {
            let path = TestPaths.scenes + "/" + name
            let scene = try SceneDecoder.decode(String(contentsOfFile: path, encoding: .utf8), file: path)
            var sim = try Simulator(scene: scene)
            sim.step(ticks: Screenshot.settleTime)
            let screens = Rasteriser.drawnScreens(SceneRenderer().displayList(sim).commands)
            #expect(AuditCommand.focusedLooks(drawing: screens) == 24, "\(name) draws \(screens) screens")
            looked += 1
        }
        #expect(looked > 20)
    }
}
