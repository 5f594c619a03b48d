import Foundation
import Testing
import TenFootSwiftUI

/// `make test` on a machine with the toolchain's parser must exercise the real thing: this fails (rather than
/// skips) when the build did not find SwiftParser, unless TENFOOT_SWIFT_HOST_LIBS is set empty on purpose.
@Test func parserIsAvailableWhereTheToolchainShipsIt() {
    let forcedOff = ProcessInfo.processInfo.environment["TENFOOT_SWIFT_HOST_LIBS"] == ""
    #expect(SwiftUIReader.isAvailable != forcedOff)
}
