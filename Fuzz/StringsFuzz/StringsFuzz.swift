// libFuzzer target for apps' string tables (`.strings`, `.xcstrings`) as the SwiftUI reader reads them (scripts/fuzz.sh
// strings; docs/robustness.md). One file holding only LLVMFuzzerTestOneInput: a plain `swift build` makes an empty
// program, `--sanitize fuzzer` a fuzzer (toolchain.md §10). What the target does with an input is
// `FuzzTargets.strings`, which the tests also run.
import TenFootCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func stringsFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = FuzzTargets.strings(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
