/// Why a recording did not produce its file, sorted by the contracts' exit codes.
public enum RecordingError: Error, Sendable, CustomStringConvertible, Equatable {
    /// Bad options or input (exit 2).
    case usage(String)
    /// The environment failed: ffmpeg missing or failing, a full disk, an unwritable folder (exit 3).
    case environment(String)
    /// Ctrl-C (SIGINT) or SIGTERM, after cleaning up (exit 130).
    case interrupted

    public var description: String {
        switch self {
        case .usage(let m), .environment(let m): m
        case .interrupted: "interrupted; the partial recording was deleted"
        }
    }

    /// The process exit code (DESIGN.md, Contracts).
    public var exitCode: Int32 {
        switch self {
        case .usage: 2
        case .environment: 3
        case .interrupted: 130
        }
    }
}
