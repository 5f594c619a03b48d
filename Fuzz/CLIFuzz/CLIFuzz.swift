// libFuzzer target for the command line (scripts/fuzz.sh cli; docs/robustness.md). One file holding only
// LLVMFuzzerTestOneInput: a plain `swift build` makes an empty program, `--sanitize fuzzer` a fuzzer
// (toolchain.md §10). What the target does with an input is `FuzzTargets.cli`, which the tests also run.
import TenFootCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func cliFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = FuzzTargets.cli(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
