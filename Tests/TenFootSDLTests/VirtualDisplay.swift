import Foundation
import TestSupport
import Testing

/// A virtual display for real-window tests: an ``XvfbServer`` in a folder of its own, xdotool to type into its
/// windows, and `tenfoot` started on it.
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
    private let server: XvfbServer

    init(width: Int = 1280, height: Int = 720) throws {
        let fm = FileManager.default
        folder = fm.temporaryDirectory.appendingPathComponent("tenfoot-xvfb-\(UUID().uuidString)")
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        server = try XvfbServer(xvfb: Self.xvfb, folder: folder, width: width, height: height)
        display = ":\(server.number)"
        environment = server.environment
    }

    func close() {
        server.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    deinit { if server.isRunning { close() } }

    /// What is on the screen now.
    func screen() throws -> XWDImage { try XWDImage(path: server.framebuffer) }

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
