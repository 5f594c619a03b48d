// libFuzzer target for SwiftUI sources (scripts/fuzz.sh swiftui; docs/robustness.md). One file holding only
// LLVMFuzzerTestOneInput: a plain `swift build` makes an empty program, `--sanitize fuzzer` a fuzzer
// (toolchain.md §10). What it does with an input is `SwiftUIFuzzTarget`, which the tests replay over the corpus.
import TenFootSwiftUIReader

@_cdecl("LLVMFuzzerTestOneInput")
public func swiftUIFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = SwiftUIFuzzTarget.run(UnsafeBufferPointer(start: data, count: size))
    return 0
}
