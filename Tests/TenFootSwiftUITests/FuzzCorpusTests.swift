import Foundation
import TestSupport
import Testing

@testable import TenFootSwiftUIReader

/// The SwiftUI fuzz target's committed corpus (`Fuzz/Seeds/swiftui`: the inputs its rounds kept for the coverage they
/// add, merged to the fewest that keep it) replayed through the target (`SwiftUIFuzzTarget`) in the ordinary debug
/// build: a reader that traps, or answers an error that says nothing, on an input the fuzzer once reached fails here.
/// The corpus also seeds the next round (`scripts/fuzz.sh swiftui`), which starts where the last one stopped.
@Suite struct SwiftUIFuzzCorpusTests {
    @Test func theCorpusReplays() throws {
        let folder = TestPaths.packageRoot + "/Fuzz/Seeds/swiftui"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names.count >= 100)
        var accepted = 0
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
            if bytes.withUnsafeBufferPointer(SwiftUIFuzzTarget.run) { accepted += 1 }
        }
        // Most of what the fuzzer keeps is broken Swift; some of it opens.
        #expect(accepted > 0)
    }
}
