import Foundation
import TestSupport
import Testing

@testable import TenFootCLI

/// Every committed fuzz corpus (`Fuzz/Seeds/KIND/`) replayed through its target in the ordinary debug build, as
/// `scripts/fuzz.sh` runs it under the sanitizers: a reader that crashes, traps or breaks a promise on an input
/// the fuzzers once found (or were seeded with) fails here. One input at a time: the targets share a scratch
/// folder.
@Suite(.serialized) struct FuzzCorpusTests {
    static let seeds = TestPaths.packageRoot + "/Fuzz/Seeds"

    /// Each corpus folder has its target, and each target has a corpus.
    @Test func everyCorpusHasItsTargetAndEveryTargetACorpus() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.seeds).sorted()
        let targets = FuzzTargets.all.map(\.name).filter { $0 != "scene" }
        // Scene files are seeded from scenes/ and the CLI fixtures, which the other tests read whole. The SwiftUI
        // target is the SwiftUI reader's own (`SwiftUIFuzzCorpusTests` replays its corpus).
        #expect(folders == (targets + ["swiftui"]).sorted())
    }

    @Test(arguments: FuzzTargets.all.map(\.name).filter { $0 != "scene" })
    func theCorpusReplays(_ kind: String) throws {
        let run = try #require(FuzzTargets.all.first { $0.name == kind }?.run)
        let folder = Self.seeds + "/" + kind
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(!names.isEmpty)
        var accepted = 0
        for name in names where run(Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))) {
            accepted += 1
        }
        // The seeds are inputs the reader takes: a corpus rejected whole would test only the first checks.
        #expect(accepted > 0, "\(kind): no input of the corpus is accepted")
    }

    /// The scene target over the gallery's scenes (its seeds).
    @Test func theSceneTargetReadsTheGallery() throws {
        let scenes = try FileManager.default.contentsOfDirectory(atPath: TestPaths.scenes).filter {
            $0.hasSuffix(".json")
        }.sorted()
        for name in scenes.prefix(8) {
            #expect(FuzzTargets.scene(Array(try Data(contentsOf: URL(fileURLWithPath: TestPaths.scenes + "/" + name)))))
        }
    }

    /// The replay target keeps a replay inside its copy: a seed bundle replays, and its images point there.
    @Test func aSeedBundleReplaysInsideItsCopy() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Self.seeds + "/replay/scene.tenfoot")))
        let bundle = try ReproBundle.read(bytes: bytes, path: "scene.tenfoot")
        #expect(bundle.members["files/art/p.png"] != nil && bundle.members["files/art/s.lsr"] != nil)
        #expect(FuzzTargets.replay(bytes))
        #expect(
            FuzzTargets.layered(Array(try Data(contentsOf: URL(fileURLWithPath: Self.seeds + "/layered/stored.lsr")))))
    }
}
