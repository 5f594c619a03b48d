import Foundation
import TenFootSwiftUI
import TenFootSwiftUIReader
import Testing

/// A development aid: TENFOOT_SWIFTUI_DUMP=Fixture.swift prints its translation (skipped otherwise).
@Test(.enabled(if: ProcessInfo.processInfo.environment["TENFOOT_SWIFTUI_DUMP"] != nil))
func dumpFixture() throws {
    let spec = ProcessInfo.processInfo.environment["TENFOOT_SWIFTUI_DUMP"]!.split(separator: ":").map(String.init)
    do {
        let t = try SwiftUIReader.read(
            [spec[0].hasPrefix("/") ? spec[0] : Fixtures.path(spec[0])],
            options: SwiftUIOptions(view: spec.count > 1 ? spec[1] : nil, readsSidecar: false))
        print(t.json)
        if let out = ProcessInfo.processInfo.environment["TENFOOT_SWIFTUI_DUMP_OUT"] {
            try t.json.write(toFile: out, atomically: true, encoding: .utf8)
        }
        for w in t.warnings { print(w) }
        print(t.coverage.summary)
        for i in t.items { print(i.id, i.source, i.origin) }
    } catch { print("ERROR", error) }
}
