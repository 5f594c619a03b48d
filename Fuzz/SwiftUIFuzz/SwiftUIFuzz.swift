// libFuzzer target for SwiftUI sources (scripts/fuzz.sh swiftui; docs/robustness.md). One file holding only
// LLVMFuzzerTestOneInput: a plain `swift build` makes an empty program, `--sanitize fuzzer` a fuzzer
// (toolchain.md §10).
import TenFootSwiftUI
import TenFootSwiftUIReader

/// Any bytes as the text of a `.swift` file (bad UTF-8 replaced, as a file read as text is) in a folder that
/// does not exist, so the reader finds no neighbours and reads nothing else. Beyond not trapping, hanging or
/// exhausting memory, it must answer a scene or an error that says something.
@_cdecl("LLVMFuzzerTestOneInput")
public func swiftUIFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    // A tenth of each evaluation budget: an input that fans out to the budget took 5-8 s under AddressSanitizer,
    // and a few such inputs held the fuzzer at 13 runs a second. The cut is the same code at a smaller count.
    var options = SwiftUIOptions()
    options.workBudget /= 10
    options.nodeBudget /= 10
    do {
        _ = try SwiftUIReader.read(source: text, file: "/nonexistent/tenfoot-fuzz/Fuzzed.swift", options: options)
    } catch {
        if "\(error)".isEmpty { fatalError("an error that says nothing") }
    }
    return 0
}
