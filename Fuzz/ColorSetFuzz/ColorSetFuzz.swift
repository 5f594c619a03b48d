// libFuzzer target for asset catalogues' colour sets (`NAME.colorset/Contents.json`) as the SwiftUI reader reads them
// (scripts/fuzz.sh colorset; docs/robustness.md). One file holding only LLVMFuzzerTestOneInput: a plain `swift build`
// makes an empty program, `--sanitize fuzzer` a fuzzer (toolchain.md §10). What the target does with an input is
// `FuzzTargets.colorSet`, which the tests also run.
import TenFootCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func colorSetFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = FuzzTargets.colorSet(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
