import TenFootCore
import TenFootSim

/// Why a recording (or a screenshot) did not produce its file: what failed, in the recorder's own
/// words. It names no command-line flag and carries no exit code; the command line maps each case to
/// its options and the contracts' exit codes (`tenfoot`'s `RecordingError+CLI.swift`).
public enum RecordingError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The settings cannot make a file of this format; every problem is listed, nothing was rendered.
    case invalidSettings([SettingsProblem])
    /// The output path names no format the recorder writes (its extension, or "" for none).
    case unknownFormat(path: String, extension: String)
    /// The folder the output goes into does not exist.
    case missingFolder(String)
    /// ffmpeg is needed for this format and cannot be found or run.
    case encoderMissing(String)
    /// ffmpeg ran and failed (its last words are in the message).
    case encoderFailed(String)
    /// A file or folder could not be written, moved or created: permissions, a full disk.
    case cannotWrite(String)
    /// Offscreen rendering could not be set up (fonts, the software renderer).
    case rendering(String)
    /// Ctrl-C (SIGINT) or SIGTERM, after cleaning up.
    case interrupted
    /// The script stopped before its end (``ScriptPlayer/stopped``: its work budget), at the event it did not play.
    case scriptStopped(Diagnostic)

    /// One reason settings cannot be used.
    public enum SettingsProblem: Sendable, Equatable, CustomStringConvertible {
        /// The frame rate does not divide the simulator's tick rate (or exceeds `RecordingSettings.maxFPS`).
        case frameRate(Int)
        /// H.264 and VP9 in yuv420p need an even width and height.
        case oddSize(width: Int32, height: Int32)
        case negativeHold
        /// Over an hour of hold (ticks).
        case holdTooLong(Tick)
        /// The script ends after an hour (its last tick), or before its start.
        case scriptTooLong(Tick)

        public var description: String {
            switch self {
            case .frameRate(let fps):
                "the frame rate must divide 1200 (the simulator's ticks per second) and be at most \(RecordingSettings.maxFPS): "
                    + RecordingSettings.allowedFPS.map(String.init).joined(separator: ", ") + "; got \(fps)"
            case .oddSize(let w, let h): "\(w)x\(h): H.264 and VP9 in yuv420p need an even width and height"
            case .negativeHold: "the hold must not be negative"
            case .holdTooLong(let t): "the hold is \(t / Clock.ticksPerSecond) s; the limit is an hour (3600 s)"
            case .scriptTooLong(let t):
                "the script ends at @\(t) (\(t / Clock.ticksPerSecond) s); a recording or screenshot plays at most an hour (@\(RecordingSettings.maxDuration))"
            }
        }
    }

    public var description: String {
        switch self {
        case .invalidSettings(let problems): problems.map(\.description).joined(separator: "\n")
        case .unknownFormat(let path, let ext):
            "cannot tell the format of \(path) (\(ext.isEmpty ? "no extension" : "." + ext)); use .mp4, .webm, .gif or a folder ending in /"
        case .missingFolder(let folder): FilePath.folderProblem(folder) ?? "the folder \(folder) does not exist"
        case .encoderMissing(let m), .encoderFailed(let m), .cannotWrite(let m), .rendering(let m): m
        case .interrupted: "interrupted; the partial recording was deleted"
        case .scriptStopped(let d): d.description
        }
    }

    /// True when the request itself was wrong (settings, the output's name or folder), as opposed to
    /// the environment failing or an interruption.
    public var isBadRequest: Bool {
        switch self {
        case .invalidSettings, .unknownFormat, .missingFolder, .scriptStopped: true
        case .encoderMissing, .encoderFailed, .cannotWrite, .rendering, .interrupted: false
        }
    }
}
