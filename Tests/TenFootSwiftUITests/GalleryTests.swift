import Foundation
import TenFootCore
import TenFootScene
import TenFootSim
import TenFootSwiftUI
import TenFootSwiftUIReader
import TenFootTools
import TestSupport
import Testing

/// The SwiftUI gallery (`scenes/swiftui/`): realistic tvOS screens written for it, each with expectations in
/// its sidecar, a screenshot in docs/images/swiftui and a line in the README's gallery.
@Suite(.enabled(if: SwiftUIReader.isAvailable)) struct GalleryTests {
    static let folder = TestPaths.scenes + "/swiftui"
    static let screens = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
        $0.hasSuffix(".swift")
    }.sorted()

    static func translate(_ name: String) throws -> SwiftUITranslation {
        try SwiftUIReader.read([folder + "/" + name], options: SwiftUIOptions())
    }

    @Test func theGalleryHasAtLeastEightScreens() {
        #expect(Self.screens.count >= 8, "\(Self.screens)")
    }

    @Test(arguments: screens)
    func behavesAsItsSidecarSays(_ name: String) throws {
        let t = try Self.translate(name)
        #expect(t.scene.expectations.count >= 3, "\(name) needs expectations in its sidecar")
        // An expectation at another text size runs on the view translated at that size, as `tenfoot test` runs it.
        let at: (TextSize) throws -> Scene = { size in
            try SwiftUIReader.read(
                [Self.folder + "/" + name], options: SwiftUIOptions(dynamicTypeSize: size.rawValue)
            ).scene
        }
        for r in ExpectationRunner.run(t.scene, at: at) {
            #expect(r.passed, "\(name): \(r.name): \(r.failure ?? "") [path: \(r.path.joined(separator: " → "))]")
        }
    }

    /// Written for TenFoot: everything is interpreted; the only warnings allowed are the artwork the gallery
    /// does not ship and the documented approximations.
    @Test(arguments: screens)
    func isInterpretedWithoutPlaceholders(_ name: String) throws {
        let t = try Self.translate(name)
        #expect(t.coverage.placeholders == 0, "\(name): \(t.coverage.summary)")
        #expect(t.coverage.modifiersIgnored == 0, "\(name): \(t.coverage.summary)")
        let unexpected = t.warnings.filter {
            !$0.message.hasPrefix("approximated: ") && !$0.message.contains("not found beside the source")
        }
        #expect(unexpected.isEmpty, "\(name): \(unexpected.map(\.description))")
    }

    @Test(arguments: screens)
    func hasAScreenshotAndIsInTheReadme(_ name: String) throws {
        let readme = try String(contentsOfFile: TestPaths.packageRoot + "/README.md", encoding: .utf8)
        let line = try #require(
            readme.split(separator: "\n").first { $0.hasPrefix("| `swiftui/\(name)`") },
            "\(name) is not in the README's gallery")
        let images = line.components(separatedBy: "(docs/images/swiftui/").dropFirst().map { $0.prefix { $0 != ")" } }
        #expect(!images.isEmpty, "\(name): no screenshot linked")
        for image in images {
            #expect(
                FileManager.default.fileExists(atPath: TestPaths.packageRoot + "/docs/images/swiftui/" + image),
                "\(image)")
        }
    }
}
