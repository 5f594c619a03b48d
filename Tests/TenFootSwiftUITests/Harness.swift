import Foundation
import TenFootCore
import TenFootScene
import TenFootSim
import TenFootSwiftUI
import TenFootSwiftUIReader
import TenFootTools
import TestSupport

/// The SwiftUI fixtures: small `.swift` files that re-create the seed documents' examples (and their sidecars).
enum Fixtures {
    static let folder = TestPaths.packageRoot + "/Tests/TenFootSwiftUITests/Fixtures"

    static func path(_ name: String) -> String { folder + "/" + name }

    static func translate(_ name: String, view: String? = nil, preview: String? = nil) throws -> SwiftUITranslation {
        try SwiftUIReader.read([path(name)], options: SwiftUIOptions(preview: preview, view: view))
    }

    /// Every fixture file, sorted.
    static var all: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".swift") }
            .sorted()
    }
}

/// Presses on a fresh simulator; the focused id after each.
func focusPath(_ scene: Scene, from: String? = nil, _ presses: [String]) throws -> [String] {
    var sim = try Simulator(scene: scene)
    if let from { try sim.start(from: from) }
    var out: [String] = [sim.focused ?? "(nothing)"]
    for p in presses {
        _ = sim.send(RemoteEvent(name: p)!)
        sim.step(ticks: ExpectationRunner.gap)
        out.append(sim.navigation.exited ? "(home)" : (sim.focused ?? "(nothing)"))
    }
    return out
}
