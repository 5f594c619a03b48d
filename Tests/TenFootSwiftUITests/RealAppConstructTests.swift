import Foundation
import TenFootCore
import TenFootScene
import TenFootSwiftUI
import TenFootSwiftUIReader
import TenFootTools
import TestSupport
import Testing

/// What real apps' SwiftUI holds that clean examples do not (issue 29, docs/swiftui.md "Real apps' code"): each
/// construct as a small fixture of our own in `RealAppFixtures/`, which must open and behave as its sidecar says.
@Suite(.enabled(if: SwiftUIReader.isAvailable)) struct RealAppConstructTests {
    static let folder = TestPaths.packageRoot + "/Tests/TenFootSwiftUITests/RealAppFixtures"
    static let fixtures = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
        $0.hasSuffix(".swift")
    }.sorted()

    @Test func thereAreFixtures() { #expect(Self.fixtures.count >= 2) }

    @Test(arguments: fixtures)
    func opensAndBehavesAsItsSidecarSays(_ name: String) throws {
        let t = try SwiftUIReader.read([Self.folder + "/" + name])
        #expect(!t.scene.expectations.isEmpty, "\(name) has no expectations in its sidecar")
        for r in ExpectationRunner.run(t.scene) {
            #expect(r.passed, "\(name): \(r.name): \(r.failure ?? "") [path: \(r.path.joined(separator: " → "))]")
        }
    }

    /// A view inside an extension of a type declared nowhere opens by its own name too.
    @Test func aViewInAnExtensionOpensByItsOwnName() throws {
        let t = try SwiftUIReader.read(
            [Self.folder + "/ExtensionNestedView.swift"], options: SwiftUIOptions(view: "AccountRow"))
        #expect(t.scene.allNodes.contains { $0.id == "sign-in" })
    }

    /// What the scene format refuses is given way on, with a warning that says so.
    @Test func aRefusedConstructIsApproximatedNotFatal() throws {
        let t = try SwiftUIReader.read([Self.folder + "/SearchInSheet.swift"])
        #expect(t.warnings.contains { $0.message.contains("a search belongs on the screen, not in a sheet") })
        #expect(!t.scene.allNodes.contains { $0.type == .search })
    }

    /// Pasted code opens, each reading said in a warning.
    @Test func pastedCodeOpensWithWarnings() throws {
        let body = try SwiftUIReader.read([Self.folder + "/PastedBody.swift"])
        #expect(body.warnings.contains { $0.message.contains("a body with no struct around it") })
        #expect(body.warnings.contains { $0.message.contains("typographic quotes") })
        #expect(body.scene.allNodes.contains { $0.title == "A “quoted” word stays as it is" })
        let fragment = try SwiftUIReader.read([Self.folder + "/PastedFragment.swift"])
        #expect(fragment.warnings.contains { $0.message.contains("view code with no struct around it") })
        let card = try SwiftUIReader.read([Self.folder + "/BodyWithoutConformance.swift"])
        #expect(card.warnings.contains { $0.message.contains("does not declare : View") })
    }
}
