// libFuzzer target for finished GIFs as the recorder reads them back (scripts/fuzz.sh gif; docs/robustness.md). One
// file holding only LLVMFuzzerTestOneInput: a plain `swift build` makes an empty program, `--sanitize fuzzer` a fuzzer
// (toolchain.md §10). What the target does with an input is `FuzzTargets.gif`, which the tests also run.
import TenFootCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func gifFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = FuzzTargets.gif(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
