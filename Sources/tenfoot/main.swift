import Foundation
import TenFootCLI

/// `tenfoot`: the Apple TV 10-foot interface simulator. Exit codes (DESIGN.md): 0 success, 1 a check
/// failed, 2 bad usage or input, 3 the environment failed, 130 interrupted.
exit(CLI.main(Array(CommandLine.arguments.dropFirst())))
