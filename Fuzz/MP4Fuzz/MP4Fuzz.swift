// libFuzzer target for finished MP4s as the recorder reads them back (scripts/fuzz.sh mp4; docs/robustness.md). One
// file holding only LLVMFuzzerTestOneInput: a plain `swift build` makes an empty program, `--sanitize fuzzer` a fuzzer
// (toolchain.md §10). What the target does with an input is `FuzzTargets.mp4`, which the tests also run.
import TenFootCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func mp4FuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = FuzzTargets.mp4(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
