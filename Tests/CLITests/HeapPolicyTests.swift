import Foundation
import Testing

@testable import TenFootCLI

/// The heap policy `tenfoot` applies at start-up is one glibc takes, with the option numbers its header
/// gives (a wrong number that glibc also knows, such as `M_TOP_PAD`, would be taken without a word).
@Suite struct HeapPolicyTests {
    @Test func theOptionsAreGlibcsAndGlibcTakesThem() throws {
        #if os(Linux)
            let header = try String(contentsOfFile: "/usr/include/malloc.h", encoding: .utf8)
            func defined(_ name: String) -> Int32? {
                for line in header.split(separator: "\n") {
                    let words = line.split(whereSeparator: \.isWhitespace)
                    if words.count == 3, words[0] == "#define", words[1] == name { return Int32(words[2]) }
                }
                return nil
            }
            #expect(defined("M_TRIM_THRESHOLD") == HeapPolicy.trimThresholdOption)
            #expect(defined("M_MMAP_THRESHOLD") == HeapPolicy.mmapThresholdOption)
            // glibc refuses a mapping threshold above its maximum (32 MB on 64-bit systems) by returning 0.
            #expect(HeapPolicy.apply())
        #endif
    }
}

/// What the CLI readies on another thread while the SwiftUI reader translates (`CLI.warmUp`): its small scene decodes
/// and lays out, so the warm-up does the work it is there for.
@Suite struct CLIWarmUpTests {
    @Test func theWarmUpSceneLaysOut() {
        #expect(CLI.warmUp())
    }
}
