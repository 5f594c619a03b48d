import Foundation
import TenFootCore
import TenFootScene
import TenFootSim
import TenFootSwiftUI
import TenFootSwiftUIReader
import TenFootTools
import Testing

/// Every SwiftUI example of the seed documents that shows focus behaviour is a fixture here: the `.swift` file
/// re-creates the example and its sidecar states what the seed says, as `expect` blocks run on the simulator.
@Suite(.enabled(if: SwiftUIReader.isAvailable)) struct SeedFixtureTests {
    static let fixtures = Fixtures.all

    @Test(arguments: fixtures)
    func behavesAsItsSeedSays(_ name: String) throws {
        let t = try Fixtures.translate(name)
        #expect(!t.scene.expectations.isEmpty, "\(name) has no expectations in its sidecar")
        for r in ExpectationRunner.run(t.scene) {
            #expect(r.passed, "\(name): \(r.name): \(r.failure ?? "") [path: \(r.path.joined(separator: " → "))]")
        }
    }

    @Test(arguments: fixtures)
    func hasNoPlaceholders(_ name: String) throws {
        let t = try Fixtures.translate(name)
        #expect(
            t.coverage.placeholders == 0,
            "\(name): \(t.coverage.summary)\n\(t.warnings.map(\.description).joined(separator: "\n"))")
    }
}
