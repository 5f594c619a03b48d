import Foundation
import TestSupport
import Testing

/// An Xvfb server for real-window tests: it picks a free display itself (`-displayfd`), keeps its
/// framebuffer as an XWD file we can read (`-fbdir`), and is killed for sure when closed.
final class VirtualDisplay {
    static let xvfb = Tools.xvfb ?? "/usr/bin/Xvfb"
    static let xdotool = Tools.xdotool ?? "/usr/bin/xdotool"
    /// The trait of a test that needs a virtual display: without Xvfb and xdotool it shows as skipped.
    static let needed: ConditionTrait = .enabled(
        if: Tools.hasVirtualDisplay, "needs Xvfb and xdotool (scripts/setup.sh installs them)")

    let folder: URL
    let display: String
    /// The environment for programs on this display (SDL pinned to x11 and the software renderer).
    let environment: [String: String]
    private let server: Process

    init(width: Int = 1280, height: Int = 720) throws {
        let fm = FileManager.default
        folder = fm.temporaryDirectory.appendingPathComponent("tenfoot-xvfb-\(UUID().uuidString)")
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        server = Process()
        server.executableURL = URL(fileURLWithPath: Self.xvfb)
        server.arguments = [
            "-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-fbdir", folder.path, "-nolisten", "tcp",
        ]
        let out = Pipe()
        server.standardOutput = out
        server.standardError = FileHandle.nullDevice
        try server.run()
        // Xvfb writes the display number it chose once it is ready.
        var text = ""
        while !text.contains("\n") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            server.terminate()
            throw XvfbError(message: "Xvfb did not start (said \(text.debugDescription))")
        }
        display = ":\(number)"
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        env["SDL_VIDEODRIVER"] = "x11"
        env["SDL_RENDER_DRIVER"] = "software"
        environment = env
    }

    struct XvfbError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Xvfb can ignore SIGTERM while clients linger: SIGKILL after a short grace period.
    func close() {
        server.terminate()
        for _ in 0..<20 where server.isRunning { usleep(50_000) }
        if server.isRunning { kill(server.processIdentifier, SIGKILL) }
        server.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    deinit { if server.isRunning { close() } }

    /// What is on the screen now.
    func screen() throws -> XWDImage { try XWDImage(path: folder.appendingPathComponent("Xvfb_screen0").path) }

    @discardableResult
    func xdotool(_ args: String...) throws -> String {
        try runProcess(Self.xdotool, args, environment: environment, timeout: 10).stdout
    }

    /// Starts `tenfoot` on this display with `arguments`, in `directory` (default: the display's folder); its
    /// standard error goes to `stderr` when given.
    func launch(_ arguments: [String], in directory: URL? = nil, stderr: URL? = nil) throws -> Process {
        let app = Process()
        app.executableURL = URL(fileURLWithPath: TestPaths.tenfoot)
        app.arguments = arguments
        app.environment = environment
        app.currentDirectoryURL = directory ?? folder
        if let stderr {
            _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
            app.standardError = try FileHandle(forWritingTo: stderr)
        } else {
            app.standardError = FileHandle.nullDevice
        }
        try app.run()
        return app
    }

    /// The id of the first window whose name contains `name`, waiting up to `seconds`.
    func window(named name: String, seconds: Double = 10) throws -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let id = try xdotool("search", "--name", name).split(separator: "\n").first { return String(id) }
            usleep(100_000)
        }
        return nil
    }
}
