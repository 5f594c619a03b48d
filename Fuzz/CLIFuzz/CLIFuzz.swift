// libFuzzer target for the command line (scripts/fuzz.sh cli; docs/robustness.md). One file holding
// only LLVMFuzzerTestOneInput: a plain `swift build` makes an empty program, `--sanitize fuzzer` a
// fuzzer (toolchain.md §10).
import TenFootCLI

/// Any bytes as an argument vector: words split at NUL bytes (an argv cannot hold one), each read as
/// UTF-8 with bad bytes replaced, as `CommandLine.arguments` reads them. `CLI.check` parses the words
/// as `tenfoot` would and reads every value its command would read, running nothing. Beyond not
/// trapping, it must answer 0, or 2 with one `tenfoot: ` message whose lines hold no raw control
/// character.
@_cdecl("LLVMFuzzerTestOneInput")
public func cliFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let words = UnsafeBufferPointer(start: data, count: size)
        .split(separator: 0, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    let (status, message) = CLI.check(size == 0 ? [] : words)
    switch status {
    case 0:
        if !message.isEmpty { fatalError("status 0 with a message: \(message)") }
    case 2:
        guard message.hasPrefix("tenfoot: "), message.hasSuffix("\n") else {
            fatalError("badly formed message: \(message.debugDescription)")
        }
        if message.dropLast().unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F }) {
            fatalError("a raw control character in: \(message.debugDescription)")
        }
    default:
        fatalError("status \(status) from parsing alone: \(message)")
    }
    return 0
}
