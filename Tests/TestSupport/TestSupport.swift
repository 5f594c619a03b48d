import Foundation

/// Shared helpers for the test targets.
public enum TestPaths {
    /// The package root (the folder holding Package.swift).
    public static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url.path
            }
        }
        return FileManager.default.currentDirectoryPath
    }()

    public static var scenes: String { packageRoot + "/scenes" }

    /// Every scene file of the gallery (`scenes/*.json`), sorted.
    public static var sceneFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: scenes)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
            .map { scenes + "/" + $0 }
    }

    /// The built `tenfoot` executable next to the test bundle.
    public static var tenfoot: String {
        let fm = FileManager.default
        for config in ["debug", "release"] {
            let p = packageRoot + "/.build/\(config)/tenfoot"
            if fm.isExecutableFile(atPath: p) { return p }
        }
        return packageRoot + "/.build/debug/tenfoot"
    }
}

/// A finished process: its exit status and everything it wrote.
public struct ProcessResult: Sendable, Equatable {
    public var status: Int32
    public var stdoutBytes: Data
    public var stderrBytes: Data
    public var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
    public var stderr: String { String(decoding: stderrBytes, as: UTF8.self) }
}

/// Runs a process to the end (terminated after `timeout` seconds) and captures its output.
/// `currentDirectory` is the child's working folder (the test process's own is never changed).
public func runProcess(
    _ path: String, _ args: [String], environment: [String: String]? = nil,
    currentDirectory: String? = nil, timeout: Double = 60
) throws -> ProcessResult {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: path)
    p.arguments = args
    if let environment { p.environment = environment }
    if let currentDirectory { p.currentDirectoryURL = URL(fileURLWithPath: currentDirectory, isDirectory: true) }
    // Files, not pipes: a chatty child can never block on a full pipe.
    let dir = FileManager.default.temporaryDirectory
    let outURL = dir.appendingPathComponent("tenfoot-test-\(UUID().uuidString).out")
    let errURL = dir.appendingPathComponent("tenfoot-test-\(UUID().uuidString).err")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    defer {
        try? FileManager.default.removeItem(at: outURL)
        try? FileManager.default.removeItem(at: errURL)
    }
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    p.standardOutput = out
    p.standardError = err
    try p.run()
    let deadline = Date().addingTimeInterval(timeout)
    while p.isRunning, Date() < deadline { usleep(20_000) }
    if p.isRunning { p.terminate() }
    p.waitUntilExit()
    try out.close()
    try err.close()
    return ProcessResult(
        status: p.terminationStatus,
        stdoutBytes: (try? Data(contentsOf: outURL)) ?? Data(),
        stderrBytes: (try? Data(contentsOf: errURL)) ?? Data())
}
