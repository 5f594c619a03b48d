import Foundation
import TenFootSwiftUI
import Testing

/// `make test` on a machine with the toolchain's parser must exercise the real thing: this fails (rather than
/// skips) when the build did not find SwiftParser, unless TENFOOT_SWIFT_HOST_LIBS is set empty on purpose.
@Test func parserIsAvailableWhereTheToolchainShipsIt() {
    let forcedOff = ProcessInfo.processInfo.environment["TENFOOT_SWIFT_HOST_LIBS"] == ""
    #expect(SwiftUIReader.isAvailable != forcedOff)
}

/// Without the parser, `.swift` input says what is missing in one line (and the rest of TenFoot still builds).
@Test func withoutTheParserSwiftInputSaysWhatIsMissing() {
    do {
        _ = try SwiftUIReader.read(
            source: "import SwiftUI\nstruct V: View { var body: some View { Text(\"Hi\") } }", file: "V.swift")
        #expect(SwiftUIReader.isAvailable)
    } catch {
        #expect(!SwiftUIReader.isAvailable)
        guard case .parserUnavailable(let message) = error else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(message == SwiftUIReader.unavailableMessage && !message.contains("\n"))
    }
}
