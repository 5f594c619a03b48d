// libFuzzer target for test reports (`tenfoot report merge`) (scripts/fuzz.sh report; docs/robustness.md). One file
// holding only LLVMFuzzerTestOneInput: a plain `swift build` makes an empty program, `--sanitize fuzzer` a fuzzer
// (toolchain.md §10). What the target does with an input is `FuzzTargets.report`, which the tests also run.
import TenFootCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func reportFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = FuzzTargets.report(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
