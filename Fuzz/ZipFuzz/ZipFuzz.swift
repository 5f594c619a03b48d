// libFuzzer target for ZIP archives (.lsr) (scripts/fuzz.sh zip; docs/robustness.md). One file holding only
// LLVMFuzzerTestOneInput: a plain `swift build` makes an empty program, `--sanitize fuzzer` a fuzzer
// (toolchain.md §10). What the target does with an input is `FuzzTargets.zip`, which the tests also run.
import TenFootCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func zipFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = FuzzTargets.zip(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
