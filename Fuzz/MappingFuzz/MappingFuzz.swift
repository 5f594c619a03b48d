// libFuzzer target for input mapping files (scripts/fuzz.sh mapping; docs/robustness.md). One file holding only
// LLVMFuzzerTestOneInput: a plain `swift build` makes an empty program, `--sanitize fuzzer` a fuzzer
// (toolchain.md §10). What the target does with an input is `FuzzTargets.mapping`, which the tests also run.
import TenFootCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func mappingFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = FuzzTargets.mapping(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
