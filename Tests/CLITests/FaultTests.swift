import Foundation
import TestSupport
import Testing

/// Issue 12, part 2: faults around the outputs, through the built binary. Each case checks the exit
/// status, the message and every file left in the folder (hidden temporaries included). A full disk
/// is either real (a small tmpfs, when this process may mount one) or injected
/// (`TENFOOT_TEST_WRITE_LIMIT`: the output writer's writes fail with ENOSPC after that many bytes),
/// so the injected cases run everywhere.
@Suite(.serialized) struct FaultTests {
    static let needsFFmpeg: ConditionTrait = .enabled(
        if: Tools.hasFFmpeg, "needs ffmpeg and ffprobe (scripts/setup.sh installs them)")
    static let needsTmpfs: ConditionTrait = .enabled(
        if: Tools.canMountTmpfs, "needs permission to mount a tmpfs (root)")
    static let small = ["--size", "320x180"]
    static let clip = ["home", "--moves", "right down", "--hold", "0.2"] + small

    static func scratch(_ name: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-fault-\(name)-\(getpid())")
            .path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    static func tenfoot(_ args: [String], env extra: [String: String] = [:], timeout: Double = 120) throws
        -> ProcessResult
    {
        var env = ProcessInfo.processInfo.environment
        env["SDL_RENDER_DRIVER"] = "software"
        for (k, v) in extra { env[k] = v }
        return try runProcess(TestPaths.tenfoot, args, environment: env, timeout: timeout)
    }

    /// Every name in a folder, hidden ones too, sorted.
    static func files(_ dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
    }

    static func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    /// An executable shell script standing in for ffmpeg.
    static func fakeEncoder(_ dir: String, _ body: String) throws -> String {
        let path = dir + "/fake-ffmpeg"
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    /// The id of a process that has ended (for stale temporaries).
    static func deadPID() throws -> pid_t {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/true")
        try p.run()
        p.waitUntilExit()
        return p.processIdentifier
    }

    // MARK: Injected write failures (always run)

    /// `screenshot` on a full disk once truncated the good PNG in place and exited 0 (IMG_SavePNG
    /// reports success on ENOSPC). Now: exit 3, the cause, the previous PNG byte for byte, nothing else.
    @Test func screenshotOnAFullDiskKeepsThePreviousPicture() throws {
        let dir = try Self.scratch("shot")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/shot.png"
        let good = try Self.tenfoot(["screenshot", "home", "--out", out] + Self.small)
        #expect(good.status == 0, "\(good.stderr)")
        let previous = try #require(Self.bytes(out))
        for limit in ["0", "100", "4096"] {
            let r = try Self.tenfoot(
                ["screenshot", "home", "--moves", "right", "--out", out] + Self.small,
                env: ["TENFOOT_TEST_WRITE_LIMIT": limit])
            #expect(r.status == 3, "\(limit): \(r.stderr)")
            #expect(r.stderr == "tenfoot: cannot write \(out): No space left on device\n", "\(r.stderr)")
            #expect(Self.bytes(out) == previous)
            #expect(Self.files(dir) == ["shot.png"])
        }
        // With room, the new picture replaces the old one.
        let r = try Self.tenfoot(["screenshot", "home", "--moves", "right", "--out", out] + Self.small)
        #expect(r.status == 0 && Self.bytes(out) != previous && Self.files(dir) == ["shot.png"])
    }

    /// `record --out frames/` on a full disk once replaced good frames with empty files and exited 0.
    @Test func framesOnAFullDiskKeepThePreviousFrames() throws {
        let dir = try Self.scratch("frames")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let frames = dir + "/frames"
        let good = try Self.tenfoot(["record"] + Self.clip + ["--out", frames + "/"])
        #expect(good.status == 0, "\(good.stderr)")
        let names = Self.files(frames)
        #expect(names.count == 30 && names.first == "frame-00000.png")
        let previous = names.map { Self.bytes(frames + "/" + $0) }
        try "notes".write(toFile: frames + "/notes.txt", atomically: false, encoding: .utf8)
        let r = try Self.tenfoot(
            ["record", "home", "--moves", "left", "--hold", "0.1", "--out", frames + "/"] + Self.small,
            env: ["TENFOOT_TEST_WRITE_LIMIT": "60000"])
        #expect(r.status == 3, "\(r.stderr)")
        #expect(r.stderr.contains("No space left on device"), "\(r.stderr)")
        #expect(Self.files(frames) == names + ["notes.txt"])
        #expect(names.map { Self.bytes(frames + "/" + $0) } == previous)
        #expect(Self.files(dir) == ["frames"])
    }

    /// Started with standard error (or input) closed, a command with a warning to say does its work: the warning is
    /// lost, the output is the same (Foundation's write to a closed standard error trapped: SIGILL), and no file the
    /// command opens takes descriptor 2 and the warning with it.
    @Test func aClosedStandardErrorStopsNothing() throws {
        let dir = try Self.scratch("closed-stderr")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let app = TestPaths.packageRoot + "/Benchmarks/Fixtures/App60"
        let open = try Self.tenfoot(["convert", app])
        #expect(open.status == 0 && !open.stderr.isEmpty, "\(open.stderr)")
        for closing in ["2>&-", "<&- 2>&-"] {
            let r = try runProcess(
                "/bin/sh",
                ["-c", "exec \"$0\" convert \"$1\" > \"$2\" \(closing)", TestPaths.tenfoot, app, dir + "/out.json"])
            #expect(r.status == 0, "\(closing): \(r.stderr)")
            #expect(try String(contentsOfFile: dir + "/out.json", encoding: .utf8) == open.stdout, "\(closing)")
        }
        // A warning (a picture that is not there) and a picture file: the file holds a PNG only.
        let scene = dir + "/s.json"
        try #"{"root": {"type": "poster", "id": "p", "title": "P", "image": "missing.png"}}"#.write(
            toFile: scene, atomically: true, encoding: .utf8)
        let warned = try Self.tenfoot(["screenshot", scene, "--size", "320x180", "--out", dir + "/open.png"])
        #expect(warned.status == 0 && warned.stderr.contains("missing.png"), "\(warned.stderr)")
        let shot = dir + "/shot.png"
        let r = try runProcess(
            "/bin/sh",
            ["-c", "exec \"$0\" screenshot \"$1\" --size 320x180 --out \"$2\" 2>&-", TestPaths.tenfoot, scene, shot])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: shot))
                == Data(contentsOf: URL(fileURLWithPath: dir + "/open.png")))
    }

    /// Frames are encoded on two threads but written in order, so a disk that fills fills at the same frame in every
    /// run, said the same way (written as they were encoded, the frame named changed from run to run).
    @Test func aFullDiskStopsFramesAtTheSameFrameEveryRun() throws {
        let dir = try Self.scratch("frames-order")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var messages: Set<String> = []
        for _ in 0..<6 {
            let r = try Self.tenfoot(
                ["record", "home", "--moves", "right right down wait 500ms left", "--out", dir + "/f/"] + Self.small,
                env: ["TENFOOT_TEST_WRITE_LIMIT": "300000"])
            #expect(r.status == 3, "\(r.stderr)")
            // The temporary folder is named after the process.
            messages.insert(r.stderr.replacing(/partial-[0-9]+/, with: "partial-PID"))
        }
        #expect(messages.count == 1, "\(messages.sorted())")
        #expect(messages.first?.contains("No space left on device") == true)
        #expect(Self.files(dir).isEmpty)
    }

    /// `--trace` that cannot be written once exited 3 but committed the video: the outputs of one
    /// command go in place together or not at all.
    @Test(Self.needsFFmpeg) func aTraceThatCannotBeWrittenKeepsTheVideoOut() throws {
        let dir = try Self.scratch("trace")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let video = dir + "/demo.mp4"
        let trace = dir + "/demo.json"
        let good = try Self.tenfoot(["record"] + Self.clip + ["--out", video, "--trace", trace])
        #expect(good.status == 0, "\(good.stderr)")
        let (oldVideo, oldTrace) = (try #require(Self.bytes(video)), try #require(Self.bytes(trace)))
        let moves = ["record", "home", "--moves", "left", "--hold", "0.1"] + Self.small
        // The trace is the only file TenFoot writes itself here (ffmpeg writes the video): a full disk
        // for it alone.
        let full = try Self.tenfoot(
            moves + ["--out", video, "--trace", trace], env: ["TENFOOT_TEST_WRITE_LIMIT": "10"])
        #expect(full.status == 3, "\(full.stderr)")
        #expect(full.stderr == "tenfoot: cannot write \(trace): No space left on device\n", "\(full.stderr)")
        #expect(Self.bytes(video) == oldVideo && Self.bytes(trace) == oldTrace)
        #expect(Self.files(dir) == ["demo.json", "demo.mp4", "demo.vtt"])
        // A trace whose name is taken by a folder is refused before anything is drawn, as a FIFO is (it failed only
        // when it was moved into place, after the video was, and the video was put back).
        let folder = dir + "/folder.json"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let blocked = try Self.tenfoot(moves + ["--out", video, "--trace", folder])
        #expect(blocked.status == 2, "\(blocked.stderr)")
        #expect(
            blocked.stderr == "tenfoot: cannot write \(folder): it is a folder, not a file; name a file to write\n",
            "\(blocked.stderr)")
        #expect(Self.bytes(video) == oldVideo)
        #expect(Self.files(dir) == ["demo.json", "demo.mp4", "demo.vtt", "folder.json"] && Self.files(folder).isEmpty)
        // A screenshot's too: it was drawn, then refused with 3.
        try FileManager.default.createDirectory(atPath: dir + "/folder.png", withIntermediateDirectories: false)
        let drawn = try Self.tenfoot(["screenshot", "home", "--out", dir + "/folder.png"])
        #expect(
            drawn.status == 2
                && drawn.stderr
                    == "tenfoot: cannot write \(dir)/folder.png: it is a folder, not a file; name a file to write\n",
            "\(drawn.stderr)")
    }

    /// `map`, `test --junit` and `--save-session` go through the same writer.
    @Test func mapAndJUnitOnAFullDiskKeepThePreviousFiles() throws {
        let dir = try Self.scratch("map")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for name in ["map.svg", "map.png", "results.xml"] {
            let out = dir + "/" + name
            try Data("previous \(name)".utf8).write(to: URL(fileURLWithPath: out))
            let args =
                name == "results.xml"
                ? ["test", TestPaths.scenes + "/home.json", "--junit", out]
                : ["map", "home", "--out", out] + Self.small
            let r = try Self.tenfoot(args, env: ["TENFOOT_TEST_WRITE_LIMIT": "100"])
            #expect(r.status == 3, "\(name): \(r.stderr)")
            #expect(
                r.stderr.hasSuffix("tenfoot: cannot write \(out): No space left on device\n"), "\(name): \(r.stderr)")
            #expect(Self.bytes(out) == Data("previous \(name)".utf8), "\(name)")
            let written = try Self.tenfoot(args)
            #expect(
                written.status == 0 && Self.bytes(out) != Data("previous \(name)".utf8), "\(name): \(written.stderr)")
        }
        #expect(Self.files(dir) == ["map.png", "map.svg", "results.xml"])
    }

    // MARK: A disk that really fills up (a small tmpfs)

    /// On a real full disk: the screenshot, the frames folder and the video (ffmpeg exits 0 after
    /// "Error writing trailer … No space left on device", or fails) all exit 3 with the previous
    /// output kept and no temporary left.
    @Test(Self.needsTmpfs) func aFullTmpfsKeepsEveryPreviousOutput() throws {
        let disk = try #require(SmallDisk(bytes: 2 << 20))
        defer { disk.unmount() }
        let shot = disk.path + "/shot.png"
        let frames = disk.path + "/frames"
        var outputs = [shot]
        #expect(try Self.tenfoot(["screenshot", "home", "--out", shot] + Self.small).status == 0)
        #expect(try Self.tenfoot(["record"] + Self.clip + ["--out", frames + "/"]).status == 0)
        let frameNames = Self.files(frames)
        outputs += frameNames.map { frames + "/" + $0 }
        let video = disk.path + "/demo.mp4"
        if Tools.hasFFmpeg {
            #expect(try Self.tenfoot(["record"] + Self.clip + ["--out", video]).status == 0)
            outputs.append(video)
        }
        let before = outputs.map(Self.bytes)
        let listing = Self.files(disk.path)
        #expect(!listing.contains("filler"))
        try disk.fill(leaving: 8 * 1024)
        let runs: [[String]] =
            [
                ["screenshot", "home", "--moves", "right", "--out", shot] + Self.small,
                ["record", "home", "--moves", "left", "--hold", "0.2", "--out", frames + "/"] + Self.small,
            ]
            + (Tools.hasFFmpeg
                ? [["record", "home", "--moves", "left", "--hold", "0.2", "--out", video] + Self.small] : [])
        for args in runs {
            let r = try Self.tenfoot(args)
            #expect(r.status == 3, "\(args): \(r.stderr)")
            #expect(
                r.stderr.contains("No space left on device") || r.stderr.contains("the disk is full")
                    || r.stderr.contains("is not whole"),
                "\(args): \(r.stderr)")
            #expect(outputs.map(Self.bytes) == before, "\(args)")
            #expect(
                Self.files(disk.path) == (listing + ["filler"]).sorted() && Self.files(frames) == frameNames,
                "\(args): \(Self.files(disk.path)) \(Self.files(frames))")
        }
    }

    // MARK: Encoders that fail quietly

    /// An encoder that exits 0 having written nothing, or garbage, is caught by reading the result
    /// back (`MP4File`): exit 3, the previous video kept, no temporary left.
    @Test(Self.needsFFmpeg) func anEncoderThatWritesNothingOrGarbageIsNotCommitted() throws {
        let dir = try Self.scratch("garbage")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let video = dir + "/demo.mp4"
        try Data("the previous video".utf8).write(to: URL(fileURLWithPath: video))
        let cases = [
            ("nothing", "cat > /dev/null\nexit 0"),
            ("garbage", "for a; do out=\"$a\"; done\ncat > \"$out\"\nexit 0"),
        ]
        for (name, body) in cases {
            let fake = try Self.fakeEncoder(dir, body)
            let r = try Self.tenfoot(["record"] + Self.clip + ["--out", video], env: ["TENFOOT_FFMPEG": fake])
            #expect(r.status == 3, "\(name): \(r.stderr)")
            #expect(r.stderr.contains("ffmpeg finished, but the video it wrote is not whole"), "\(name): \(r.stderr)")
            #expect(
                r.stderr.contains(
                    "it does not read as an MP4: "
                        + (name == "nothing" ? "it is empty" : "it is not an MP4 (it does not begin with an ftyp box)")),
                "\(name): \(r.stderr)")
            #expect(Self.bytes(video) == Data("the previous video".utf8))
            #expect(Self.files(dir) == ["demo.mp4", "fake-ffmpeg"])
        }
    }

    /// An encoder that stops reading its input once blocked `record` forever. It is stopped when it
    /// accepts nothing for the stall limit (60 s; 1 s here): exit 3, the previous video kept. So is one whose child
    /// keeps its pipes open (a wrapper script's): `record` waited for that child for ever, a thread spinning, until
    /// stopping the encoder stopped every process it started.
    @Test(Self.needsFFmpeg, arguments: [false, true]) func aStalledEncoderFailsInsteadOfHanging(_ child: Bool) throws {
        let dir = try Self.scratch("stall")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let video = dir + "/demo.mp4"
        try Data("the previous video".utf8).write(to: URL(fileURLWithPath: video))
        let marker = "tenfoot-stalled-child-\(getpid())"
        let fake = try Self.fakeEncoder(
            dir, "echo 'waiting for nothing' >&2\n" + (child ? "bash -c 'exec -a \(marker) sleep 60'" : "exec sleep 60")
        )
        let started = Date()
        let r = try Self.tenfoot(
            ["record"] + Self.clip + ["--out", video],
            env: ["TENFOOT_FFMPEG": fake, "TENFOOT_ENCODER_STALL_SECONDS": "1"], timeout: 30)
        let seconds = Date().timeIntervalSince(started)
        #expect(r.status == 3, "\(r.stderr)")
        #expect(
            r.stderr.contains("ffmpeg stopped reading its input: it did not take a frame in 1 s, so it was stopped"),
            "\(r.stderr)")
        #expect(r.stderr.contains("waiting for nothing"))
        #expect(seconds < 20, "took \(seconds) s")
        #expect(Self.bytes(video) == Data("the previous video".utf8))
        #expect(Self.files(dir) == ["demo.mp4", "fake-ffmpeg"])
        let left = try runProcess("/usr/bin/pgrep", ["-f", marker])
        #expect(left.stdout.isEmpty, "the encoder's child is still running: \(left.stdout)")
    }

    /// Encoders that never end, or end leaving something behind, do not keep `record` waiting: one that reads its
    /// input and then sleeps is stopped once it has used no processor time for the stall limit; one that ends leaving a
    /// child holding its pipes is done with, and the child stopped (in its group, or holding its pipes from a session of
    /// its own); one that stops reading after a double fork is stopped with the grandchild
    /// init adopted (its process group); one that reads a few kilobytes a minute is stopped when a frame is not taken
    /// within the stall limit. Each waited for ever, or left a process running.
    /// This test process is made a subreaper first, as `systemd --user` or `tini -s` is for what runs under them: a
    /// leftover in a session of its own was handed to it rather than to init, and survived.
    @Test(
        Self.needsFFmpeg,
        arguments: [
            "readsThenSleeps", "endsLeavingAChild", "endsLeavingASession", "endsLeavingAClosedSession",
            "endsLeavingAGroupOfItsOwn", "doubleForks", "readsSlowly",
        ])
    func anEncoderThatDoesNotEndIsStopped(_ kind: String) throws {
        #expect(Self.becomeSubreaper())
        let dir = try Self.scratch("unended-\(kind)")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let video = dir + "/demo.mp4"
        try Data("the previous video".utf8).write(to: URL(fileURLWithPath: video))
        let marker = "sleep 61.\(getpid() % 1000)"
        let body =
            switch kind {
            case "readsThenSleeps": "cat >/dev/null\nexec \(marker)"
            case "endsLeavingAChild": "\(marker) &\nexec cat >/dev/null"
            // In a session of its own: neither the group nor the tree reaches it, only the pipe it holds.
            case "endsLeavingASession": "setsid \(marker) &\nexec cat >/dev/null"
            // Holding none of its pipes either: only the session it is in says whose it is.
            case "endsLeavingAClosedSession": "setsid \(marker) </dev/null >/dev/null 2>&1 &\nexec cat >/dev/null"
            // A job in a process group of its own (not a session), orphaned, holding nothing: it outlived the
            // recording, and one that kept the video open could write over it once it was in place.
            case "endsLeavingAGroupOfItsOwn":
                "perl -e 'setpgrp(0, 0); exec @ARGV' \(marker) </dev/null >/dev/null 2>&1 &\nexec cat >/dev/null"
            // 8 KB at a time, a minute apart: never stalled by the bytes, but no frame is taken within the limit.
            case "readsSlowly": "while head -c 8192 >/dev/null; do \(marker); done"
            default: "( \(marker) & )\nexec sleep 60"
            }
        let fake = try Self.fakeEncoder(dir, body)
        let started = Date()
        let r = try Self.tenfoot(
            ["record"] + Self.clip + ["--out", video],
            env: ["TENFOOT_FFMPEG": fake, "TENFOOT_ENCODER_STALL_SECONDS": "1"], timeout: 60)
        let seconds = Date().timeIntervalSince(started)
        #expect(r.status == 3, "\(r.stderr)")
        let said: String =
            switch kind {
            case "readsThenSleeps": "ffmpeg did not finish the video"
            case "endsLeavingAChild", "endsLeavingASession", "endsLeavingAClosedSession", "endsLeavingAGroupOfItsOwn":
                "the video it wrote is not whole"
            default: "ffmpeg stopped reading its input: it did not take a frame in 1 s"
            }
        #expect(r.stderr.contains(said), "\(r.stderr)")
        #expect(seconds < 30, "took \(seconds) s")
        #expect(Self.bytes(video) == Data("the previous video".utf8))
        #expect(Self.files(dir) == ["demo.mp4", "fake-ffmpeg"])
        let left = try runProcess("/usr/bin/pgrep", ["-f", marker])
        #expect(left.stdout.isEmpty, "the encoder's child is still running: \(left.stdout)")
        _ = try? runProcess("/usr/bin/pkill", ["-f", marker])
    }

    /// A process the encoder did not start is not stopped with it, even holding its pipes: a watcher started after
    /// it, from elsewhere, that opened the encoder's input through /proc was taken for a leftover and killed.
    @Test(Self.needsFFmpeg) func aWatcherOfTheEncodersPipesIsSpared() throws {
        let dir = try Self.scratch("watcher")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fake = try Self.fakeEncoder(
            dir, "echo $$ > \(dir)/encoder\nwhile [ ! -e \(dir)/go ]; do sleep 0.05; done\nexec cat >/dev/null")
        let marker = "sleep 69.\(getpid() % 1000)"
        let process = try Self.startRecording(into: dir, encoder: fake)
        var encoder = ""
        for _ in 0..<600 where encoder.isEmpty {
            usleep(50_000)
            encoder =
                (try? String(contentsOfFile: dir + "/encoder", encoding: .utf8))?.trimmingCharacters(
                    in: .whitespacesAndNewlines) ?? ""
        }
        #expect(!encoder.isEmpty, "the encoder never started")
        // In a session of its own, under a shell that started after the encoder and waits for it: not the encoder's,
        // though it holds the encoder's input and nothing older is its parent. (It lets go of what it inherited from
        // this process first: Foundation counts the shell running while anything holds the socket it gave it.)
        let watch = """
            for f in /proc/$$/fd/*; do n=${f##*/}; [ "$n" -gt 2 ] && eval "exec $n>&-"; done
            sh -c 'exec 3</proc/\(encoder)/fd/0; exec \(marker)' &
            wait
            """
        let watcher = try runProcess("/usr/bin/setsid", ["/bin/bash", "-c", watch])
        #expect(watcher.status == 0)
        var watching = ""
        for _ in 0..<100 where watching.isEmpty {
            usleep(50_000)
            watching = try runProcess("/usr/bin/pgrep", ["-f", marker]).stdout
        }
        #expect(!watching.isEmpty, "the watcher never started")
        _ = FileManager.default.createFile(atPath: dir + "/go", contents: nil)
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(process.terminationStatus == 3)
        let left = try runProcess("/usr/bin/pgrep", ["-f", marker])
        #expect(!left.stdout.isEmpty, "the watcher was stopped")
        _ = try? runProcess("/usr/bin/pkill", ["-KILL", "-f", marker])
    }

    /// Started through the dynamic loader, `/proc/self/exe` is the loader, not tenfoot: tenfoot runs its reaper
    /// through the loader too (the encoder ran directly, and what it left in a session of its own outlived the
    /// recording), and finds what lies beside it (its SwiftUI reader) beside itself, not beside the loader.
    @Test(Self.needsFFmpeg) func aRecordingStartedThroughTheLoaderRunsUnderAReaper() throws {
        let loaders = ["/lib64/ld-linux-x86-64.so.2", "/lib/ld-linux-aarch64.so.1"]
        guard let loader = loaders.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return }
        let dir = try Self.scratch("loader")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var env = ProcessInfo.processInfo.environment
        env["SDL_RENDER_DRIVER"] = "software"
        env["TENFOOT_SWIFTUI_READER"] = nil
        let r = try runProcess(
            loader, [TestPaths.tenfoot, "record"] + Self.clip + ["--out", dir + "/demo.mp4"], environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Self.files(dir) == ["demo.mp4", "demo.vtt"])

        let marker = "sleep 63.\(getpid() % 1000)"
        env["TENFOOT_FFMPEG"] = try Self.fakeEncoder(
            dir, "setsid \(marker) </dev/null >/dev/null 2>&1 &\nexec cat >/dev/null")
        let left = try runProcess(
            loader, [TestPaths.tenfoot, "record"] + Self.clip + ["--out", dir + "/left.mp4"], environment: env)
        #expect(left.status == 3, "\(left.stderr)")
        let running = try runProcess("/usr/bin/pgrep", ["-f", marker])
        #expect(running.stdout.isEmpty, "the encoder's leftover is still running: \(running.stdout)")
        _ = try? runProcess("/usr/bin/pkill", ["-f", marker])

        let view = try runProcess(
            loader, [TestPaths.tenfoot, "path", SwiftUICLITests.fixture("FiltersSheet.swift")], environment: env)
        #expect(view.status == 0 && view.stdout == "sort\n", "\(view.stderr)")

        // Its file deleted while it runs (a rebuild), the next recordings of a batch still run under a reaper: it was
        // started from the file's path, and the later encoders ran directly, their leftovers running on.
        let copy = dir + "/tenfoot-copy"
        try FileManager.default.copyItem(atPath: TestPaths.tenfoot, toPath: copy)
        env["TENFOOT_ASSETS"] = TestPaths.packageRoot + "/Assets"
        env["TENFOOT_FFMPEG"] = try Self.fakeEncoder(
            dir, "rm -f \(copy)\nsetsid \(marker) </dev/null >/dev/null 2>&1 &\nexec cat >/dev/null")
        try (1...3).map { "home --moves right --size 320x180 --out \(dir)/b\($0).mp4" }.joined(separator: "\n")
            .write(toFile: dir + "/batch.txt", atomically: true, encoding: .utf8)
        let batch = try runProcess(loader, [copy, "record", "--batch", dir + "/batch.txt"], environment: env)
        #expect(batch.status == 3, "\(batch.stderr)")
        #expect(!FileManager.default.fileExists(atPath: copy))
        let after = try runProcess("/usr/bin/pgrep", ["-f", marker])
        #expect(after.stdout.isEmpty, "the encoders' leftovers are still running: \(after.stdout)")
        _ = try? runProcess("/usr/bin/pkill", ["-f", marker])
    }

    /// A name holding a line feed is echoed escaped, never as a line of its own that reads as tenfoot's: an `--out`
    /// name (`x` + line feed + `fake.json:1:1: error: …`) printed a second line, and so did the folder of a `--junit`,
    /// and `record`'s result line on standard output.
    @Test func aLineFeedInANameCannotForgeAMessageLine() throws {
        let forged = "fake.json:1:1: error: forged line"
        for args in [
            ["screenshot", "home", "--out", "x\n\(forged).xyz"],
            ["map", "home", "--out=x\n\(forged).xyz"],
            ["test", TestPaths.scenes + "/home.json", "--junit", "nodir\n\(forged)/j.xml"],
        ] {
            let r = try Self.tenfoot(args)
            #expect(r.status == 2, "\(args): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(args): \(r.stderr)")
            #expect(r.stderr.contains("\\n\(forged)"), "\(args): \(r.stderr)")
        }
        // So is a result line on standard output that names it.
        guard Tools.hasFFmpeg else { return }
        let dir = try Self.scratch("forged")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Self.tenfoot(["record"] + Self.clip + ["--out", dir + "/x\n\(forged).gif"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").count == 1, "\(r.stdout)")
        #expect(r.stdout.contains("x\\n\(forged).gif: "), "\(r.stdout)")
    }

    /// A signal after the video was read back and before it is put in place puts nothing in place: exit 130, the old
    /// video kept. The video was put in place and tenfoot exited 0 when the commit came before the orderly stop's
    /// deadline. Here ffprobe (beside the encoder, as a custom build's is found) answers, closes its output and
    /// interrupts tenfoot (its reaper's parent): ten times, since where the signal lands is a race (the build before
    /// exited 0 in about one run of four). A WebM: ffprobe reads it back (an MP4 is read in the process).
    @Test(Self.needsFFmpeg) func aSignalAfterTheVideoIsReadBackPutsNothingInPlace() throws {
        let dir = try Self.scratch("late-signal")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let video = dir + "/demo.webm"
        let fake = try Self.fakeEncoder(dir, "exec \(try #require(Tools.ffmpeg)) \"$@\"")
        let probe = dir + "/ffprobe"
        try """
        #!/bin/sh
        out=$(\(try #require(Tools.ffprobe)) "$@") || exit $?
        printf '%s\\n' "$out"
        exec >&- 2>&-
        kill -INT $(ps -o ppid= -p $PPID)

        """.write(toFile: probe, atomically: true, encoding: .utf8)
        chmod(probe, 0o755)
        for run in 1...10 {
            try Data("the previous video".utf8).write(to: URL(fileURLWithPath: video))
            try? FileManager.default.removeItem(atPath: dir + "/demo.vtt")
            let r = try Self.tenfoot(["record"] + Self.clip + ["--out", video], env: ["TENFOOT_FFMPEG": fake])
            #expect(r.status == 130, "run \(run): \(r.stderr)")
            #expect(Self.bytes(video) == Data("the previous video".utf8), "run \(run)")
            #expect(Self.files(dir) == ["demo.webm", "fake-ffmpeg", "ffprobe"], "run \(run)")
        }
    }

    /// Where /proc is not mounted (a chroot, a bare container) every command trapped (Foundation's `Bundle.main`);
    /// Swift sees no command line there at all: tenfoot says so and exits 3. (Needs a mount namespace: root.)
    @Test func withoutProcTenfootSaysWhyItCannotRun() throws {
        let r = try runProcess(
            "/usr/bin/unshare",
            ["-m", "/bin/sh", "-c", "umount -l /proc || exit 99; exec \(TestPaths.tenfoot) --version"])
        guard r.status != 99, !r.stderr.contains("unshare:") else { return }
        #expect(r.status == 3, "\(r.stderr)")
        #expect(r.stderr.contains("cannot read its command line: /proc is not mounted"), "\(r.stderr)")
    }

    /// `record` of the short clip into `dir`/`name` with the encoder given, started and left running.
    static func startRecording(into dir: String, encoder: String, name: String = "demo.mp4") throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestPaths.tenfoot)
        process.arguments = ["record"] + Self.clip + ["--out", dir + "/" + name]
        var env = ProcessInfo.processInfo.environment
        env["SDL_RENDER_DRIVER"] = "software"
        env["TENFOOT_FFMPEG"] = encoder
        process.environment = env
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Makes this process the subreaper of what it starts (`PR_SET_CHILD_SUBREAPER`), as a service manager is.
    static func becomeSubreaper() -> Bool {
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        guard let symbol = dlsym(nil, "prctl") else { return false }
        return unsafeBitCast(symbol, to: Prctl.self)(36, 1, 0, 0, 0) == 0
    }

    /// Ctrl-C while ffprobe reads the video back stops ffprobe too: in a process group of its own, it gets no signal
    /// from the terminal, and was left running. (A WebM: an MP4 is read in the process.)
    @Test(Self.needsFFmpeg) func anInterruptStopsFFprobe() throws {
        let dir = try Self.scratch("probe-interrupt")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let real = "/usr/bin/ffmpeg"
        let fake = try Self.fakeEncoder(dir, "exec \(real) \"$@\"")
        let marker = "sleep 63.\(getpid() % 1000)"
        try "#!/bin/sh\nexec \(marker)\n".write(toFile: dir + "/ffprobe", atomically: true, encoding: .utf8)
        chmod(dir + "/ffprobe", 0o755)
        let process = try Self.startRecording(into: dir, encoder: fake, name: "demo.webm")
        var probing = false
        for _ in 0..<600 where !probing {
            usleep(50_000)
            probing = !(try runProcess("/usr/bin/pgrep", ["-f", marker])).stdout.isEmpty
        }
        #expect(probing, "ffprobe never started")
        kill(process.processIdentifier, SIGINT)
        // (Foundation counts the process running while anything holds the socket it gave it, ffprobe too: the fake
        // ffprobe is looked for itself.)
        var left = "?"
        for _ in 0..<100 where !left.isEmpty {
            usleep(50_000)
            left = try runProcess("/usr/bin/pgrep", ["-f", marker]).stdout
        }
        #expect(left.isEmpty, "ffprobe is still running: \(left)")
        _ = try? runProcess("/usr/bin/pkill", ["-f", marker])
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline { usleep(5_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(Self.files(dir) == ["fake-ffmpeg", "ffprobe"])
    }

    // MARK: Stale temporaries

    /// Temporaries of dead processes (SIGKILL, a power cut) for the destination being written are
    /// removed; a live process's, other names' and names off our pattern stay.
    @Test func staleTemporariesOfDeadProcessesAreRemoved() throws {
        let dir = try Self.scratch("stale")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let dead = try Self.deadPID()
        let alive = getpid()
        let planted = [
            ".shot.png.partial-\(dead)", ".shot.png.old-\(dead)", ".shot.png.partial-\(alive)", ".shot.png.partial-12x",
            ".other.png.partial-\(dead)", "shot.png.partial-\(dead)",
        ]
        for name in planted { try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/" + name)) }
        let frames = dir + "/frames"
        for name in [".tenfoot-partial-\(dead)", ".tenfoot-old-\(dead)", ".tenfoot-partial-\(alive)"] {
            try FileManager.default.createDirectory(atPath: frames + "/" + name, withIntermediateDirectories: true)
            try Data("x".utf8).write(to: URL(fileURLWithPath: frames + "/" + name + "/frame-00000.png"))
        }
        let r = try Self.tenfoot(["screenshot", "home", "--out", dir + "/shot.png"] + Self.small)
        #expect(r.status == 0, "\(r.stderr)")
        // Sorted like the listing: where the live PID sorts among the names depends on its digits.
        #expect(
            Self.files(dir)
                == [
                    ".other.png.partial-\(dead)", ".shot.png.partial-12x", ".shot.png.partial-\(alive)", "frames",
                    "shot.png",
                    "shot.png.partial-\(dead)",
                ].sorted())
        let f = try Self.tenfoot(
            ["record", "home", "--moves", "right", "--hold", "0", "--fps", "10", "--out", frames + "/"] + Self.small)
        #expect(f.status == 0, "\(f.stderr)")
        #expect(Self.files(frames) == [".tenfoot-partial-\(alive)"] + (0..<4).map { "frame-0000\($0).png" })
    }

    /// What a writer removes is only what it could have made: a folder with a temporary's name beside a picture, a
    /// frames temporary holding anything but frames, and a folder named like a frame are the user's. A frame's name
    /// taken by a folder is refused (exit 3), the folder and everything in it kept; they were deleted, exit 0.
    @Test func foldersNamedLikeOurFilesAreNeverDeleted() throws {
        let dir = try Self.scratch("ours")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let dead = try Self.deadPID()
        let frames = dir + "/frames"
        let kept = [
            dir + "/.shot.png.partial-\(dead)/sub/a.txt", frames + "/.tenfoot-partial-\(dead)/notes.txt",
            frames + "/frame-00009.png/x.txt",
        ]
        for path in kept {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data("mine".utf8).write(to: URL(fileURLWithPath: path))
        }
        let r = try Self.tenfoot(["screenshot", "home", "--out", dir + "/shot.png"] + Self.small)
        #expect(r.status == 0, "\(r.stderr)")
        let f = try Self.tenfoot(
            ["record", "home", "--moves", "right", "--hold", "0", "--fps", "10", "--out", frames + "/"] + Self.small)
        #expect(f.status == 0, "\(f.stderr)")
        try FileManager.default.removeItem(atPath: frames + "/frame-00002.png")
        try FileManager.default.createDirectory(atPath: frames + "/frame-00002.png", withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: frames + "/frame-00002.png/y.txt"))
        let refused = try Self.tenfoot(
            ["record", "home", "--moves", "right", "--hold", "0", "--fps", "10", "--out", frames + "/"] + Self.small)
        #expect(
            refused.status == 3 && refused.stderr.contains("frame-00002.png: it is a folder, not a file"),
            "\(refused.stderr)")
        for path in kept + [frames + "/frame-00002.png/y.txt"] {
            #expect(Self.bytes(path) == Data("mine".utf8), "\(path)")
        }
        // The first recording's frames are still there, the refused one left nothing.
        #expect(Self.files(frames).filter { Self.isFile(frames + "/" + $0) }.count == 3)
        #expect(!Self.files(frames).contains { $0.hasPrefix(".tenfoot-") && $0 != ".tenfoot-partial-\(dead)" })
    }

    /// `test --junit missing/j.xml` ran every test, then was refused: an output's folder is looked at first.
    @Test func outputsIntoAMissingFolderAreRefusedBeforeTheWork() throws {
        let dir = try Self.scratch("missing")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (option, path) in [("--junit", dir + "/none/j.xml"), ("--report", dir + "/none/r")] {
            let r = try Self.tenfoot(["test", TestPaths.scenes + "/home.json", option, path])
            #expect(r.status == 2, "\(r.stderr)")
            #expect(r.stderr.contains("\(option): the folder \(dir)/none does not exist"), "\(r.stderr)")
            #expect(!r.stdout.contains("passed"), "the tests ran: \(r.stdout)")
        }
        #expect(Self.files(dir).isEmpty)
    }

    static func isFile(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && !isDir.boolValue
    }

    // MARK: The one-hour limit, defence in depth

    /// `record --moves "@99999999999999999 right"` once rendered without end. The script parser
    /// bounds `@` ticks; the recorder and the screenshot refuse any script ending after an hour too.
    @Test func aScriptPastTheHourIsRefusedQuickly() throws {
        let dir = try Self.scratch("hour")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for moves in ["@99999999999999999 right", "@4320001 right", "@4319999 wait 1s"] {
            for command in [
                ["record", "home", "--moves", moves, "--out", dir + "/frames/"],
                ["screenshot", "home", "--moves", moves, "--out", dir + "/s.png"],
            ] {
                let r = try Self.tenfoot(command + Self.small, timeout: 30)
                #expect(r.status == 2, "\(command): \(r.stderr)")
                #expect(r.stderr.contains("hour"), "\(command): \(r.stderr)")
            }
        }
        #expect(Self.files(dir).isEmpty)
    }

    // MARK: The display

    /// `DISPLAY` naming a display with no X server: SDL falls back to an invisible driver, and the
    /// window once ran unseen for ever. It says so and exits 3, as with no DISPLAY at all.
    @Test func aDisplayWithNoServerIsAnEnvironmentError() throws {
        var number = 900
        while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") { number += 1 }
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = ":\(number)"
        for key in ["WAYLAND_DISPLAY", "SDL_VIDEODRIVER"] { env[key] = nil }
        let started = Date()
        let r = try runProcess(TestPaths.tenfoot, ["run"], environment: env, timeout: 30)
        #expect(r.status == 3, "\(r.stderr)")
        #expect(
            r.stderr.contains("tenfoot: cannot open the X display :\(number): no display server answers there"),
            "\(r.stderr)")
        #expect(r.stderr.contains("tenfoot screenshot home --out shot.png"))
        #expect(Date().timeIntervalSince(started) < 20)
    }

    // MARK: One-character paths

    /// Foundation's `deletingLastPathComponent` traps on a one-character relative path: a trace, an
    /// output or a scene file named `a` once crashed `tenfoot` (exit 132).
    @Test func oneCharacterPathsAreOrdinaryPaths() throws {
        let dir = try Self.scratch("onechar")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try String(contentsOfFile: TestPaths.scenes + "/home.json", encoding: .utf8).write(
            toFile: dir + "/a", atomically: true, encoding: .utf8)
        let trace = try runProcess(
            TestPaths.tenfoot, ["record", "home", "--moves", "right", "--out", "f/", "--trace", "a"],
            currentDirectory: dir)
        #expect(
            trace.status == 2 && trace.stderr == "tenfoot: --trace expects a .json file, got a\n", "\(trace.stderr)")
        let shot = try runProcess(
            TestPaths.tenfoot, ["screenshot", "a", "--size", "320x180", "--out", "s.png"],
            environment: ProcessInfo.processInfo.environment.merging(["SDL_RENDER_DRIVER": "software"]) { $1 },
            currentDirectory: dir)
        #expect(shot.status == 0, "\(shot.stderr)")
        #expect(Self.files(dir) == ["a", "s.png"])
    }

    /// A folder named on the command line is walked for SwiftUI sources: the walk looks at 20,000
    /// entries at most (`tenfoot path /` walked the whole disk) and does not follow links to folders
    /// (two links to a parent made it exponential).
    @Test func foldersAreWalkedBoundedAndWithoutLoops() throws {
        let dir = try Self.scratch("walk")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/loop/a", withIntermediateDirectories: true)
        for name in ["up", "again", "more"] {
            try FileManager.default.createSymbolicLink(
                atPath: dir + "/loop/a/" + name, withDestinationPath: dir + "/loop")
        }
        for args in [["path", "/", "right"], ["path", dir + "/loop", "right"], [dir + "/loop", "--policy", "web"]] {
            let r = try Self.tenfoot(args, env: ["DISPLAY": "", "WAYLAND_DISPLAY": ""], timeout: 60)
            #expect(r.status == 2, "\(args): \(r.status) \(r.stderr)")
        }
    }

    // MARK: Control characters

    /// Plain-text outputs escape control characters from ids, names and paths as `--json` does, so a
    /// file cannot drive the terminal. (An id with one may be refused by the scene reader; either
    /// way no raw control character comes out.)
    @Test func plainTextOutputsEscapeControlCharacters() throws {
        let dir = try Self.scratch("escape")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = dir + "/e\u{1B}[32m.json"
        try
            #"{"name": "N", "root": {"type": "vstack", "children": [{"type": "button", "id": "a\u001b[31mb", "title": "x"}, {"type": "button", "id": "c", "title": "y"}]}, "expect": [{"name": "bell\u0007", "from": "c", "press": ["up"], "focus": ["c"]}]}"#
            .write(toFile: scene, atomically: true, encoding: .utf8)
        let plain =
            #"{"root": {"type": "vstack", "children": [{"type": "button", "id": "p", "title": "x"}]}, "expect": [{"name": "n", "press": ["down"], "focus": ["p"], "via": ["direct"]}]}"#
        let other = dir + "/f\u{1B}]0;title\u{07}.json"
        try plain.write(toFile: other, atomically: true, encoding: .utf8)
        let runs = [
            ["path", scene, "up", "--from", "c"], ["audit", scene], ["explain", scene, "up", "--from", "c"],
            ["test", scene],
            ["test", other], ["audit", other], ["path", other, "sideways\u{1B}[2J"],
            ["screenshot", other, "--out", dir + "/x\u{1B}.gif"],
        ]
        for args in runs {
            let r = try Self.tenfoot(args)
            let raw = (r.stdout + r.stderr).unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" }
            #expect(raw.isEmpty, "\(args): \((r.stdout + r.stderr).debugDescription)")
        }
        let audit = try Self.tenfoot(["audit", other])
        #expect(audit.stdout.contains(#"f\u001b]0;title\u0007.json"#), "\(audit.stdout)")
        let test = try Self.tenfoot(["test", other])
        #expect(test.status == 1 && test.stdout.contains(#"f\u001b]0;title\u0007.json:1:"#), "\(test.stdout)")
    }
}

/// A focus tree that cannot be built mid-session reaches the user as an error, with the event it followed:
/// `path` says so and exits 2, `test` fails the expectation with the reason. No scene does it on purpose, so the
/// fault is injected (`TENFOOT_TEST_FAIL_FOCUS_TREE`: builds fail once that many trees were built).
extension FaultTests {
    @Test func aFocusTreeThatCannotBeBuiltReachesTheUser() throws {
        let scene = TestPaths.packageRoot + "/scenes/filters-sheet.json"
        let ok = try Self.tenfoot(["path", scene, "right", "select"])
        #expect(ok.status == 0 && ok.stdout == "filters\ngenre\n")
        let failed = try Self.tenfoot(
            ["path", scene, "right", "select"], env: ["TENFOOT_TEST_FAIL_FOCUS_TREE": "1"])
        #expect(failed.status == 2)
        #expect(failed.stdout == "filters\nfilters\n", "the sheet the tree could not show took no focus")
        #expect(
            failed.stderr.contains("MOVE:1:7: error: after select (event 2): the focus tree cannot be built")
                && failed.stderr.contains("(a fault the test injected)"), "\(failed.stderr)")
        let json = try Self.tenfoot(
            ["path", scene, "--json", "right", "select"], env: ["TENFOOT_TEST_FAIL_FOCUS_TREE": "1"])
        #expect(json.stdout.contains("\"failure\""), "\(json.stdout)")
    }
}
