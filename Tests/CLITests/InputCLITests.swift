import Foundation
import TestSupport
import Testing

/// `tenfoot run`'s input options, end to end through the built binary.
@Suite struct InputCLITests {
    func tenfoot(_ args: [String], env: [String: String]? = nil) throws -> ProcessResult {
        try runProcess(TestPaths.tenfoot, args, environment: env)
    }

    func tempDir() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tenfoot-input-cli-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func runHelpDocumentsTheInputOptions() throws {
        let r = try tenfoot(["run", "--help"])
        #expect(r.status == 0)
        for text in [
            "--input-map FILE", "--save-session FILE", "Game controllers (buttons by position):", "Mouse:", "Tools:",
        ] {
            #expect(r.stdout.contains(text), "run --help lacks \(text)")
        }
        // The key guide's rows, as the F1 card lists them.
        for (keys, does) in [
            ("F3", "on-screen remote"), ("F10", "save the session"), ("Drag", "swipe (a fast flick coasts on)"),
            ("Arrows / WASD", "swipe (hold: repeat)"),
        ] {
            #expect(
                r.stdout.split(separator: "\n").contains { $0.hasPrefix("  \(keys) ") && $0.hasSuffix(" \(does)") },
                "run --help lacks \(keys) \(does)")
        }
    }

    /// A broken mapping file stops `run` before any window, with every problem's file:line:column.
    @Test func aBadMappingFileIsBadInput() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("keys.json").path
        try "{\n  \"keyboard\": { \"j\": \"lef\", \"numlok\": \"up\" },\n  \"thresholds\": { \"clickSlop\": -1 }\n}\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
        let r = try tenfoot(["run", "--input-map", file], env: env)
        #expect(r.status == 2)
        #expect(
            r.stderr.contains("\(file):2:22: error: unknown event or tool \"lef\" for \"j\"; did you mean \"left\"?"))
        #expect(r.stderr.contains("\(file):2:29: error: unknown key \"numlok\"; did you mean \"numlock\"?"))
        #expect(r.stderr.contains("\(file):3:32: error: \"clickSlop\" is a number from 0 to 200, got -1"))
        let missing = try tenfoot(["run", "--input-map", dir.appendingPathComponent("none.json").path], env: env)
        #expect(missing.status == 2 && missing.stderr.contains("none.json:1:1: error: cannot read the mapping file"))
    }

    /// `--save-session` writes the (here empty) session as a script with ticks when the window closes.
    @Test func saveSessionWritesAScriptOnExit() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let map = dir.appendingPathComponent("keys.json").path
        try #"{ "keyboard": { "j": "left" }, "timing": { "initialDelay": 0.3 } }"#.write(
            toFile: map, atomically: true, encoding: .utf8)
        let file = dir.appendingPathComponent("session.txt").path
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        env["SDL_RENDER_DRIVER"] = "software"
        let r = try tenfoot(["run", "--seconds", "0.3", "--input-map", map, "--save-session", file], env: env)
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.hasPrefix("# TenFoot live session\n# scene: "))
        #expect(text.contains("# focus at start: p1 (the from line below)\n") && text.contains("\nfrom \"p1\"\n"))
        #expect(text.split(separator: "\n").last?.hasSuffix(" # end") == true)
        #expect(r.stderr.contains("saved the session to \(file) (0 events)"))
    }

    /// The window saves `--save-session` when it is stopped by SIGINT, SIGTERM or SIGHUP too (once
    /// only on closing it), and exits 130. The signals reach a flag the frame loop reads.
    @Test func saveSessionIsWrittenOnSignals() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        env["SDL_RENDER_DRIVER"] = "software"
        for (name, sig) in [("INT", SIGINT), ("TERM", SIGTERM), ("HUP", SIGHUP)] {
            let file = dir.appendingPathComponent("session-\(name).txt").path
            let p = Process()
            p.executableURL = URL(fileURLWithPath: TestPaths.tenfoot)
            p.arguments = ["run", "--seconds", "60", "--save-session", file]
            p.environment = env
            let errURL = dir.appendingPathComponent("err-\(name).txt")
            _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
            p.standardError = try FileHandle(forWritingTo: errURL)
            p.standardOutput = FileHandle.nullDevice
            try p.run()
            // Ready when the three signals no longer have their default action (a Dispatch source takes them).
            #expect(
                Self.waitUntilHandling([SIGINT, SIGTERM, SIGHUP], pid: p.processIdentifier),
                "the window never took the signals")
            kill(p.processIdentifier, sig)
            let deadline = Date().addingTimeInterval(20)
            while p.isRunning, Date() < deadline { usleep(20_000) }
            if p.isRunning { kill(p.processIdentifier, SIGKILL) }
            p.waitUntilExit()
            let stderr = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
            #expect(
                p.terminationReason == .exit && p.terminationStatus == 130,
                "SIG\(name): \(p.terminationStatus) \(stderr)")
            #expect(stderr.contains("interrupted by SIG\(name)"), "\(stderr)")
            #expect(stderr.contains("saved the session to \(file) (0 events)"), "\(stderr)")
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(text.hasPrefix("# TenFoot live session\n") && text.hasSuffix(" # end\n"))
        }
    }

    /// Started under `nohup` (SIGHUP ignored), the window keeps SIGHUP ignored: a hang-up does not
    /// close it.
    @Test func nohupKeepsHangUpsIgnored() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("session.txt").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/nohup")
        p.arguments = [TestPaths.tenfoot, "run", "--seconds", "1.5", "--save-session", file]
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        env["SDL_RENDER_DRIVER"] = "software"
        p.environment = env
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        #expect(Self.waitUntilHandling([SIGINT, SIGTERM, SIGHUP], pid: p.processIdentifier))
        kill(p.processIdentifier, SIGHUP)
        p.waitUntilExit()
        #expect(p.terminationReason == .exit && p.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: file))
    }

    /// A session that cannot be saved on closing (a full disk) keeps the previous file and makes the
    /// exit status 3.
    @Test func aSessionThatCannotBeSavedKeepsThePreviousOneAndExits3() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("session.txt").path
        try "the previous session\n".write(toFile: file, atomically: true, encoding: .utf8)
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        env["SDL_RENDER_DRIVER"] = "software"
        env["TENFOOT_TEST_WRITE_LIMIT"] = "20"
        let r = try tenfoot(["run", "--seconds", "0.2", "--save-session", file], env: env)
        #expect(r.status == 3, "\(r.stderr)")
        #expect(
            r.stderr.contains("cannot save the session to \(file): cannot write \(file): No space left on device"),
            "\(r.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "the previous session\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["session.txt"])
    }

    /// Polls /proc/PID/status until every signal in `signals` is caught or ignored (Linux), for up
    /// to 20 s.
    /// `tenfoot ARGUMENTS` (the window) with no display: SDL's dummy video driver and the software renderer, in
    /// `dir`, its standard error to `stderr` and its output thrown away. Not started.
    static func window(_ arguments: [String], in dir: URL, stderr: FileHandle = .nullDevice) -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: TestPaths.tenfoot)
        p.arguments = arguments
        p.currentDirectoryURL = dir
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        env["SDL_RENDER_DRIVER"] = "software"
        p.environment = env
        p.standardError = stderr
        p.standardOutput = FileHandle.nullDevice
        return p
    }

    static func waitUntilHandling(_ signals: [Int32], pid: pid_t) -> Bool {
        let mask = signals.reduce(UInt64(0)) { $0 | (1 << UInt64($1 - 1)) }
        func bits(_ field: String, in status: String) -> UInt64 {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else { return 0 }
            return UInt64(line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces), radix: 16) ?? 0
        }
        for _ in 0..<400 {
            if let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                (bits("SigIgn", in: status) | bits("SigCgt", in: status)) & mask == mask
            {
                return true
            }
            usleep(50_000)
        }
        return false
    }
}
