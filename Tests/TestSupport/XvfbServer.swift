import Foundation

/// An Xvfb server for the real-window tests and the window benchmarks: it picks a free display itself
/// (`-displayfd`), keeps its framebuffer as an XWD file in `folder` (`-fbdir`, read with ``XWDImage``) unless asked
/// to keep it in memory, and is killed for sure when stopped.
public final class XvfbServer {
    public let folder: URL
    /// The display number Xvfb chose.
    public let number: Int
    /// The environment for programs on this display: SDL pinned to x11 and the software renderer.
    public let environment: [String: String]
    private let process: Process

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Starts Xvfb (`xvfb`, the program) on a `width` × `height` screen whose framebuffer is kept in `folder`
    /// (`framebufferFile` false: in memory, as a display's is, for a benchmark of the window's own frames: every
    /// present into a file-backed framebuffer writes the file's pages).
    public init(xvfb: String, folder: URL, width: Int = 1280, height: Int = 720, framebufferFile: Bool = true) throws {
        self.folder = folder
        process = Process()
        process.executableURL = URL(fileURLWithPath: xvfb)
        process.arguments =
            ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"]
            + (framebufferFile ? ["-fbdir", folder.path] : [])
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Xvfb writes the display number it chose once it is ready.
        var text = ""
        while !text.contains("\n") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            process.waitUntilExit()
            throw Failure(description: "Xvfb did not start (said \(text.debugDescription))")
        }
        self.number = number
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = ":\(number)"
        env["SDL_VIDEODRIVER"] = "x11"
        env["SDL_RENDER_DRIVER"] = "software"
        environment = env
    }

    /// The screen's framebuffer file.
    public var framebuffer: String { folder.appendingPathComponent("Xvfb_screen0").path }

    public var isRunning: Bool { process.isRunning }

    /// Stops the server. Xvfb can ignore SIGTERM while clients linger: SIGKILL after a short grace period.
    public func stop() {
        process.terminate()
        for _ in 0..<20 where process.isRunning { usleep(50_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { if process.isRunning { stop() } }
}
