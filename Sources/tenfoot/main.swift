import Foundation
import TenFootCLI
import TenFootRecorder

/// `tenfoot`: the Apple TV 10-foot interface simulator. Exit codes (DESIGN.md): 0 success, 1 a check
/// failed, 2 bad usage or input, 3 the environment failed, 130 interrupted.
let raw = (1..<max(1, Int(CommandLine.argc))).map { k in
    CommandLine.unsafeArgv[k].map {
        Array(UnsafeBufferPointer(start: $0, count: strlen($0))).map { UInt8(bitPattern: $0) }
    } ?? []
}
// Swift reads the command line from /proc/self/cmdline: where /proc is not mounted it sees none, not even the name.
if CommandLine.argc == 0 {
    FileHandle.standardError.write(
        Data("tenfoot: cannot read its command line: /proc is not mounted here (mount -t proc proc /proc)\n".utf8))
    exit(3)
}
Reaper.main(raw)
exit(CLI.main(raw: raw))
