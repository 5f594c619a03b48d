import TenFootSwiftUI

/// What the SwiftUI fuzz target (`Fuzz/SwiftUIFuzz`, `scripts/fuzz.sh swiftui`) does with an input, here so that the
/// tests replay the committed corpus (`Fuzz/Seeds/swiftui`) through the same code in the ordinary build.
package enum SwiftUIFuzzTarget {
    /// Any bytes as the text of a `.swift` file (bad UTF-8 replaced, as a file read as text is) in a folder that does
    /// not exist, so the reader finds no neighbours and reads nothing else. Beyond not trapping, hanging or exhausting
    /// memory, it must answer a scene or an error that says something. True when it answers a scene.
    ///
    /// Each evaluation budget is a tenth of the command line's: an input that fans out to the budget took 5–8 s under
    /// AddressSanitizer, and a few such inputs held the fuzzer at 13 runs a second. The cut is the same code at a
    /// smaller count.
    package static func run(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        var options = SwiftUIOptions()
        options.workBudget /= 10
        options.nodeBudget /= 10
        do {
            _ = try SwiftUIReader.read(source: text, file: "/nonexistent/tenfoot-fuzz/Fuzzed.swift", options: options)
            return true
        } catch {
            if "\(error)".isEmpty { fatalError("an error that says nothing") }
            return false
        }
    }
}
