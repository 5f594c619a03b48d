import Foundation

/// The outside programs some tests need, found once. Tests that need one say so with
/// `@Test(.enabled(if: Tools.hasFFmpeg, "…"))`, so without it they show as skipped, never as
/// passed; `scripts/setup.sh` (run by `make test`) installs them all, and on CI a test fails when any is
/// missing (`CLITests.ciHasEveryTool`).
public enum Tools {
    public static let ffmpeg = find("ffmpeg")
    public static let ffprobe = find("ffprobe")
    /// Video recording, and reading the videos back.
    public static var hasFFmpeg: Bool { ffmpeg != nil && ffprobe != nil }

    public static let xvfb = find("Xvfb")
    public static let xdotool = find("xdotool")
    /// The real-window tests: a virtual X server and a way to type into its windows.
    public static var hasVirtualDisplay: Bool { xvfb != nil && xdotool != nil }

    /// A python3 that has the `jsonschema` module (the scene schema test).
    public static let pythonWithJSONSchema: String? = {
        for python in ["/usr/bin/python3", find("python3")].compactMap({ $0 }) {
            if (try? runProcess(python, ["-c", "import jsonschema"], timeout: 30))?.status == 0 { return python }
        }
        return nil
    }()

    /// True on a CI machine (`CI` set), which must have every tool.
    public static let onCI = ProcessInfo.processInfo.environment["CI"] != nil

    /// An executable named `name` in the standard places, then on PATH.
    public static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"] + path.split(separator: ":").map(String.init)
        return folders.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
