// libFuzzer target for repro bundles replayed (scripts/fuzz.sh replay; docs/robustness.md). One file holding only
// LLVMFuzzerTestOneInput: a plain `swift build` makes an empty program, `--sanitize fuzzer` a fuzzer
// (toolchain.md §10). What the target does with an input is `FuzzTargets.replay`, which the tests also run.
import TenFootCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func replayFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = FuzzTargets.replay(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
