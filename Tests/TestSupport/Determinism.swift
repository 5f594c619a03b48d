import Foundation

/// One `tenfoot` command that must give the same bytes in every process: exit status, standard
/// output, standard error and every file it writes. Swift seeds its hashing per process, so
/// Dictionary and Set order differs between processes (and never between two runs inside one test
/// process): only a second process shows an order that leaked into an output.
public struct DeterminismCase: Sendable, CustomStringConvertible {
    public var name: String
    /// The exit status the command must end with (so a case that broke — a typo in its arguments —
    /// fails instead of comparing two identical usage errors).
    public var status: Int32
    /// Relative paths write into the run's own working folder, where every file is compared.
    public var arguments: [String]
    /// Regular expressions for the parts of standard output and error that measure the machine, not
    /// the program (a recording's speed): replaced by `<measured>` before comparing.
    public var measured: [String]

    public init(_ name: String, status: Int32 = 0, _ arguments: [String], measured: [String] = []) {
        self.name = name
        self.status = status
        self.arguments = arguments
        self.measured = measured
    }

    public var description: String { name }
}

/// Everything one run of a command produced.
public struct RunOutput: Sendable, Equatable {
    public var result: ProcessResult
    /// The files the run wrote in its working folder, by relative path.
    public var files: [String: Data]
}

public enum Determinism {
    /// Runs the built `tenfoot` `runs` times, each in a new process started in a fresh, empty working
    /// folder at the same path (so paths in the output match), without a display, and without
    /// `SWIFT_DETERMINISTIC_HASHING` (each process gets its own hash seed, as a user's does).
    public static func run(_ c: DeterminismCase, runs: Int = 2) throws -> [RunOutput] {
        let fm = FileManager.default
        let folder = fm.temporaryDirectory.appendingPathComponent("tenfoot-determinism-\(getpid())-\(c.name)").path
        defer { try? fm.removeItem(atPath: folder) }
        var environment = ProcessInfo.processInfo.environment
        for name in ["SWIFT_DETERMINISTIC_HASHING", "DISPLAY", "WAYLAND_DISPLAY"] { environment[name] = nil }
        var outputs: [RunOutput] = []
        for _ in 0..<runs {
            try? fm.removeItem(atPath: folder)
            try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
            var result = try runProcess(
                TestPaths.tenfoot, c.arguments, environment: environment, currentDirectory: folder, timeout: 120)
            result.stdoutBytes = mask(result.stdoutBytes, c.measured)
            result.stderrBytes = mask(result.stderrBytes, c.measured)
            outputs.append(RunOutput(result: result, files: try files(in: folder)))
        }
        return outputs
    }

    static func mask(_ bytes: Data, _ patterns: [String]) -> Data {
        guard !patterns.isEmpty else { return bytes }
        var text = String(decoding: bytes, as: UTF8.self)
        for pattern in patterns {
            text = text.replacingOccurrences(of: pattern, with: "<measured>", options: .regularExpression)
        }
        return Data(text.utf8)
    }

    /// Every regular file under `folder`, by path relative to it.
    static func files(in folder: String) throws -> [String: Data] {
        var out: [String: Data] = [:]
        let fm = FileManager.default
        for relative in fm.subpaths(atPath: folder) ?? [] {
            var isDirectory: ObjCBool = false
            let path = folder + "/" + relative
            if fm.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                out[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
            }
        }
        return out
    }

    /// What differs between two runs, in words; nil when they are byte-identical.
    public static func difference(_ a: RunOutput, _ b: RunOutput) -> String? {
        var out: [String] = []
        if a.result.status != b.result.status { out.append("exit status \(a.result.status) vs \(b.result.status)") }
        if a.result.stdoutBytes != b.result.stdoutBytes {
            out.append("standard output:\n" + lineDiff(expected: a.result.stdout, actual: b.result.stdout))
        }
        if a.result.stderrBytes != b.result.stderrBytes {
            out.append("standard error:\n" + lineDiff(expected: a.result.stderr, actual: b.result.stderr))
        }
        for name in Set(a.files.keys).union(b.files.keys).sorted() where a.files[name] != b.files[name] {
            switch (a.files[name], b.files[name]) {
            case (nil, _): out.append("\(name): only written by the second run")
            case (_, nil): out.append("\(name): only written by the first run")
            case (let x?, let y?):
                let first =
                    zip(Array(x), Array(y)).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? min(x.count, y.count)
                out.append("\(name): \(x.count) bytes vs \(y.count) bytes, first difference at byte \(first)")
            }
        }
        return out.isEmpty ? nil : out.joined(separator: "\n")
    }
}
