import TenFootRecorder

extension RecordingError {
    /// The recorder's failure in the command line's words: the options that caused it, and the exit
    /// code of the contracts (2 bad request, 3 environment, 130 interrupted).
    var cliError: CLIError { cliError(for: "--out") }

    /// The same, naming `option` as the output that could not be written where it names one.
    func cliError(for option: String) -> CLIError {
        switch self {
        case .invalidSettings(let problems):
            return .usage(
                problems.map { problem in
                    switch problem {
                    case .frameRate: "--fps: " + problem.description
                    case .oddSize: "--size " + problem.description
                    case .negativeHold: "--hold must not be negative"
                    case .holdTooLong: "--hold: " + problem.description
                    case .scriptTooLong: "--moves/--script: " + problem.description
                    }
                }.joined(separator: "\n"))
        case .unknownFormat, .missingFolder:
            return .usage(option + ": " + description)
        case .scriptStopped:
            return .usage(description)
        case .encoderMissing:
            return CLIError(
                message: description + " (or record PNG frames into a folder: --out frames/)",
                code: ExitCode.environment)
        case .encoderFailed, .cannotWrite, .rendering:
            return CLIError(message: description, code: ExitCode.environment)
        case .interrupted:
            // Said as every interrupt is, once (the signal's own exit may say it too): a `test` or `map` whose commit
            // an interrupt held said "the partial recording was deleted" of a recording it never made.
            return CLIError(message: "interrupted", code: ExitCode.interrupted)
        }
    }
}
