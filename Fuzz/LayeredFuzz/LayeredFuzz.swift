// libFuzzer target for layered images (.lsr archives and layer lists) (scripts/fuzz.sh layered; docs/robustness.md). One file holding only
// LLVMFuzzerTestOneInput: a plain `swift build` makes an empty program, `--sanitize fuzzer` a fuzzer
// (toolchain.md §10). What the target does with an input is `FuzzTargets.layered`, which the tests also run.
import TenFootCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func layeredFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = FuzzTargets.layered(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
