@preconcurrency import CSDL2
import CSDL2Image
import FocusEngine
import Foundation
import SDLTestLock
import TenFootPresentation
import TenFootRaster
import TenFootScene
import TenFootSim
import TestSupport
import Testing

@testable import TenFootRecorder

/// `tenfoot record`: determinism, valid files, clean interruption, usage errors. Serialized, and with every other
/// suite that calls SDL it takes the process's SDL gate (`SDLExclusive`). Clips are short and small (320×180) to
/// keep the suite fast.
@Suite(.serialized, .sdlExclusive) struct RecorderTests {
    static let clip = ["home", "--moves", "right down", "--hold", "0.2", "--size", "320x180"]
    /// The trait of a test that needs ffmpeg and ffprobe: without them it shows as skipped.
    static let needsFFmpeg: ConditionTrait = .enabled(
        if: Tools.hasFFmpeg, "needs ffmpeg and ffprobe (scripts/setup.sh installs them)")

    /// A fresh folder for one test's files.
    static func scratch(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-rec-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    static func tenfoot(_ args: [String], env: [String: String]? = nil) throws -> ProcessResult {
        try runProcess(TestPaths.tenfoot, args, environment: env, timeout: 120)
    }

    static func files(in dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
    }

    /// PNG frames are encoded on two writer threads where there are two cores (`PNGSequenceSink.lanes`): the same
    /// files as one writer makes, byte for byte, and the same frames hard links to the frame before them.
    @Test func framesFromTwoWritersAreThoseOfOne() throws {
        let dir = try Self.scratch("lanes")
        defer { try? FileManager.default.removeItem(at: dir) }
        var settings = RecordingSettings()
        settings.width = 320
        settings.height = 180
        let script = try InputScriptParser.parse("right right down wait 300ms left up")
        var made: [(bytes: [Data], links: [Int])] = []
        for lanes in [1, 2] {
            let recorder = Recorder(
                simulator: try Simulator(scene: BuiltInScenes.home()), script: script, settings: settings)
            let folder = dir.appendingPathComponent("f\(lanes)").path
            let target = try OutputTarget(destination: folder + "/", format: .pngFrames)
            let sink = PNGSequenceSink(target: target, width: 320, height: 180, lanes: lanes)
            #expect(sink.lanes == lanes)
            let stats = try recorder.run(sink: sink, cancellation: Cancellation(), progress: nil)
            #expect(stats.frames == recorder.frameCount)
            try target.commit()
            let names = Self.files(in: URL(fileURLWithPath: folder))
            #expect(names.count == recorder.frameCount)
            var bytes: [Data] = []
            // Each frame's file, numbered by the first frame that file is (a link shares its inode).
            var links: [Int] = []
            var first: [UInt64: Int] = [:]
            for (k, name) in names.enumerated() {
                bytes.append(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
                var st = stat()
                #expect(stat(folder + "/" + name, &st) == 0)
                links.append(first[UInt64(st.st_ino), default: k])
                first[UInt64(st.st_ino)] = first[UInt64(st.st_ino), default: k]
            }
            made.append((bytes, links))
        }
        #expect(made[0].bytes == made[1].bytes)
        #expect(made[0].links == made[1].links)
        // The hold repeats frames: some are links.
        #expect(made[1].links.enumerated().contains { $0.offset != $0.element })
    }

    /// A sink that leaves the frames as drawn (ffmpeg's) gets buffers drawn into again with only what changed since the
    /// frame each holds (`OffscreenCanvas.drawChanges`), buffers in flight coming back in turn: the same frames, byte for
    /// byte, as one that does not (PNG frames, reordered in place), whose buffers are drawn whole.
    @Test func framesDrawnByChangesAreThoseDrawnWhole() throws {
        final class CopySink: FrameSink, @unchecked Sendable {
            let keepsFrames: Bool
            var frames: [Data] = []
            var buffers: Set<UnsafeMutableRawPointer> = []
            init(keepsFrames: Bool) { self.keepsFrames = keepsFrames }
            func start() throws(RecordingError) {}
            func write(_ frame: FrameBuffer, index: Int, repeated: Bool) throws(RecordingError) {
                frames.append(Data(frame.bytes))
                buffers.insert(frame.bytes.baseAddress!)
                // Slower than drawing, as an encoder is: the queue fills, and the buffers come back in turn.
                usleep(3000)
            }
            func finish() throws(RecordingError) {}
            func abort() {}
            func close() {}
            var wasInterrupted: Bool { false }
        }
        var settings = RecordingSettings()
        settings.width = 480
        settings.height = 270
        let script = try InputScriptParser.parse(
            "right right down touch 0.4 -0.3 wait 200ms release left up wait 300ms")
        var made: [[Data]] = []
        for keeps in [false, true] {
            let recorder = Recorder(
                simulator: try Simulator(scene: BuiltInScenes.home()), script: script, settings: settings)
            let sink = CopySink(keepsFrames: keeps)
            let stats = try recorder.run(sink: sink, cancellation: Cancellation(), progress: nil)
            #expect(stats.frames == recorder.frameCount)
            #expect(sink.frames.count == recorder.frameCount)
            #expect(sink.buffers.count > 2, "buffers in flight: \(sink.buffers.count)")
            // Drawn in part where the sink keeps the frames, never where it does not.
            if keeps {
                #expect(stats.renderedInPart > 5, "frames drawn in part: \(stats.renderedInPart)")
            } else {
                #expect(stats.renderedInPart == 0)
            }
            made.append(sink.frames)
        }
        #expect(made[0].count == made[1].count)
        let differ = zip(made[0], made[1]).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(differ == nil, "frame \(differ ?? -1) differs")
        // Frames that change: the recording is not one picture held.
        #expect(Set(made[1]).count > 10)
    }

    /// The frames are drawn on a thread of their own, a step of priority below the caller's, so that on two cores the
    /// encoder never waits for the renderer; the sink starts (ffmpeg with it) and writes at the caller's priority, and
    /// the caller's own is what it was.
    @Test func framesAreDrawnBelowTheEncodersPriority() throws {
        func nice() -> Int32 { getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) }
        final class PrioritySink: FrameSink, @unchecked Sendable {
            let lock = NSLock()
            var started: Int32?
            var written: [Int32] = []
            let read: () -> Int32
            init(_ read: @escaping () -> Int32) { self.read = read }
            func start() throws(RecordingError) { started = read() }
            func write(_ frame: FrameBuffer, index: Int, repeated: Bool) throws(RecordingError) {
                let n = read()
                lock.withLock { written.append(n) }
            }
            func finish() throws(RecordingError) {}
            func abort() {}
            func close() {}
            var wasInterrupted: Bool { false }
        }
        var settings = RecordingSettings()
        settings.width = 160
        settings.height = 90
        let recorder = Recorder(
            simulator: try Simulator(scene: BuiltInScenes.home()), script: try InputScriptParser.parse("right down"),
            settings: settings)
        let before = nice()
        let sink = PrioritySink(nice)
        nonisolated(unsafe) var drawing: [Int32] = []
        let stats = try recorder.run(sink: sink, cancellation: Cancellation()) { _, _ in drawing.append(nice()) }
        #expect(stats.frames == recorder.frameCount)
        // A call a frame while drawing, and the last from the caller once every frame is written.
        #expect(drawing.count == recorder.frameCount + 1)
        #expect(Set(drawing.dropLast()) == [min(19, before + Recorder.drawingYields)])
        #expect(drawing.last == before)
        #expect(sink.started == before)
        #expect(sink.written.count == recorder.frameCount)
        #expect(Set(sink.written) == [before])
        #expect(nice() == before)
    }

    /// A lane waiting for the frame before its own (a repeated frame) is woken when that frame cannot be written, and
    /// throws that frame's error: nothing hangs.
    @Test func aLaneWaitingForAFrameThatFailsThrowsItsError() throws {
        let dir = try Self.scratch("lane-failure")
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = try OutputTarget(destination: dir.appendingPathComponent("frames").path + "/", format: .pngFrames)
        let sink = PNGSequenceSink(target: target, width: 4, height: 4, lanes: 2)
        try sink.start()
        // The staging folder gone: the first frame cannot be written.
        target.discard()
        let pool = FramePool(frameBytes: 64, limit: 1)
        let frame = try #require(pool.acquire())
        let waiting = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var repeatedError: RecordingError?
        Thread {
            do throws(RecordingError) { try sink.write(frame, index: 1, repeated: true) } catch {
                repeatedError = error
            }
            waiting.signal()
        }.start()
        var firstError: RecordingError?
        do throws(RecordingError) { try sink.write(frame, index: 0, repeated: false) } catch { firstError = error }
        #expect(waiting.wait(timeout: .now() + 10) == .success, "the waiting lane was not woken")
        #expect(firstError != nil)
        #expect(repeatedError == firstError)
    }

    /// The names a frames folder replaces are those a recording writes, and no others.
    @Test func frameNamesAreTheRecordersOwn() {
        for k in [0, 7, 99_999, 100_000, 123_456] { #expect(OutputTarget.isFrameName(OutputTarget.frameName(k))) }
        for name in [
            "frame-1.png", "frame-0001.png", "frame-012345.png", "frame-+1234.png", "frame-\u{0661}2345.png",
            "frame-00001.PNG", "frame-.png", "frame--0001.png",
        ] {
            #expect(!OutputTarget.isFrameName(name), "\(name)")
        }
    }

    /// Frames in flight at once: five while they are small, two at 8K (three took 1.36 GB in a turntable of the
    /// largest picture to PNG frames, and no less time).
    @Test func framesInFlightFitTheirBudget() {
        #expect(Recorder.framesInFlight(frameBytes: 1920 * 1080 * 4) == 5)
        #expect(Recorder.framesInFlight(frameBytes: 3840 * 2160 * 4) == 5)
        #expect(Recorder.framesInFlight(frameBytes: 7680 * 4320 * 4) == 2)
        #expect(Recorder.framesInFlight(frameBytes: 0) == 5)
    }

    /// The renderer drawing straight into the encoder's buffer gives the canvas's own bytes.
    @Test func drawingIntoOutsideMemoryMatchesTheCanvas() throws {
        var sim = try Simulator(scene: BuiltInScenes.home())
        sim.play(try InputScriptParser.parse("right down"))
        let list = SceneRenderer().displayList(sim, overlays: [.keys, .path, .remote])
        let canvas = try OffscreenCanvas(width: 320, height: 180, fonts: try FontCache())
        #expect(canvas.isTightlyPacked)
        canvas.draw(list)
        let own = Data(canvas.bytes())
        let outside = UnsafeMutableRawBufferPointer.allocate(byteCount: own.count, alignment: 64)
        defer { outside.deallocate() }
        outside.initializeMemory(as: UInt8.self, repeating: 0x5A)
        canvas.draw(list, into: outside.baseAddress!)
        #expect(Data(outside) == own)
        #expect(Data(canvas.bytes()) == own, "the canvas's own pixels must be left alone")
    }

    /// The same script recorded twice, in two processes, gives byte-identical frames and traces.
    @Test func recordingTwiceGivesIdenticalFramesAndTraces() throws {
        let dir = try Self.scratch("determinism")
        defer { try? FileManager.default.removeItem(at: dir) }
        var outputs: [(frames: [String: Data], trace: Data)] = []
        for run in ["a", "b"] {
            let frames = dir.appendingPathComponent(run).path + "/"
            let trace = dir.appendingPathComponent(run + ".json").path
            let r = try Self.tenfoot(
                ["record"] + Self.clip + ["--overlay", "keys,path,remote", "--out", frames, "--trace", trace])
            #expect(r.status == 0, "\(r.stderr)")
            let names = Self.files(in: URL(fileURLWithPath: frames))
            var contents: [String: Data] = [:]
            for n in names {
                contents[n] = try Data(contentsOf: URL(fileURLWithPath: frames).appendingPathComponent(n))
            }
            outputs.append((contents, try Data(contentsOf: URL(fileURLWithPath: trace))))
        }
        // 2 moves × 0.4 s + 0.2 s hold at 30 fps.
        #expect(outputs[0].frames.count == 30)
        #expect(outputs[0].frames.keys.sorted().first == "frame-00000.png")
        #expect(outputs[0].frames == outputs[1].frames)
        #expect(outputs[0].trace == outputs[1].trace)
        let trace = String(decoding: outputs[0].trace, as: UTF8.self)
        #expect(
            trace.contains(
                #"{"tick": 0, "time": 0, "frame": 0, "event": "right", "before": "p1", "after": "p2", "via": "direct", "heading": "right"}"#
            ))
        #expect(trace.contains(#""tick": 480, "time": 0.4, "frame": 12, "event": "down""#))
        let json = try JSONSerialization.jsonObject(with: outputs[0].trace) as? [String: Any]
        #expect(json?["frames"] as? Int == 30)
    }

    /// With the same ffmpeg, encoded files repeat too (-fflags +bitexact: no random container ids).
    @Test(Self.needsFFmpeg) func encodingTwiceWithTheSameFFmpegGivesIdenticalFiles() throws {
        let dir = try Self.scratch("determinism-video")
        defer { try? FileManager.default.removeItem(at: dir) }
        var videos: [Data] = []
        for run in ["a", "b"] {
            let out = dir.appendingPathComponent(run + ".webm").path
            let r = try Self.tenfoot(["record"] + Self.clip + ["--out", out])
            #expect(r.status == 0, "\(r.stderr)")
            videos.append(try Data(contentsOf: URL(fileURLWithPath: out)))
        }
        #expect(videos[0] == videos[1])
    }

    /// MP4, WebM and GIF: ffprobe reads the expected codec, size, frame count and rate.
    @Test(Self.needsFFmpeg, arguments: [("mp4", "h264"), ("webm", "vp9"), ("gif", "gif")])
    func videosAreValid(_ ext: String, _ codec: String) throws {
        let dir = try Self.scratch("valid-\(ext)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("clip.\(ext)").path
        let r = try Self.tenfoot(["record"] + Self.clip + ["--overlay", "keys", "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("30 frames"))
        let probe = try runProcess(
            try #require(Tools.ffprobe),
            [
                "-v", "error", "-count_frames", "-show_entries",
                "stream=codec_name,width,height,pix_fmt,r_frame_rate,nb_read_frames:format=duration",
                "-of", "default=noprint_wrappers=1", out,
            ])
        var info: [String: String] = [:]
        for line in probe.stdout.split(separator: "\n") {
            let kv = line.split(separator: "=", maxSplits: 1).map(String.init)
            if kv.count == 2 { info[kv[0]] = kv[1] }
        }
        #expect(info["codec_name"] == codec)
        #expect(info["width"] == "320" && info["height"] == "180")
        #expect(info["nb_read_frames"] == "30")
        let duration = Double(info["duration"] ?? "") ?? 0
        if ext == "gif" {
            // GIF delays are whole centiseconds: 30 fps alternates 3 and 4 cs frames.
            #expect(abs(duration - 1.0) < 0.05)
        } else {
            #expect(info["pix_fmt"] == "yuv420p")
            #expect(info["r_frame_rate"] == "30/1")
            #expect(abs(duration - 1.0) < 0.001)
        }
        if ext == "mp4" {
            // +faststart: the index (moov) comes before the media data (mdat).
            let data = try Data(contentsOf: URL(fileURLWithPath: out))
            let moov = data.range(of: Data("moov".utf8))?.lowerBound ?? Int.max
            let mdat = data.range(of: Data("mdat".utf8))?.lowerBound ?? -1
            #expect(moov < mdat)
        }
        #expect(Self.files(in: dir) == ["clip.\(ext)", "clip.vtt"].sorted(), "no temporary files may remain")
    }

    /// Killing ffmpeg mid-run: a non-zero exit with a message naming ffmpeg, and no file left.
    @Test(Self.needsFFmpeg) func killedEncoderLeavesNoFile() throws {
        let dir = try Self.scratch("killed")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("long.mp4").path
        let run = try LongRecording(out: out)
        let ffmpeg = try #require(run.waitForEncoder(), "ffmpeg never started")
        usleep(200_000)
        kill(ffmpeg, SIGKILL)
        let (status, stderr, _) = run.wait()
        #expect(status == 3)
        #expect(stderr.contains("ffmpeg failed"), "\(stderr)")
        #expect(stderr.contains("killed by signal 9"), "\(stderr)")
        #expect(Self.files(in: dir).isEmpty)
    }

    /// Ctrl-C: exit 130 in under a second, ffmpeg gone, the previous recording untouched.
    @Test(Self.needsFFmpeg) func interruptKeepsThePreviousFile() throws {
        let dir = try Self.scratch("sigint")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("demo.mp4").path
        let previous = Data("the previous recording".utf8)
        try previous.write(to: URL(fileURLWithPath: out))
        let run = try LongRecording(out: out)
        let ffmpeg = try #require(run.waitForEncoder(), "ffmpeg never started")
        usleep(200_000)
        kill(run.process.processIdentifier, SIGINT)
        let (status, stderr, seconds) = run.wait()
        #expect(status == 130, "\(stderr)")
        #expect(stderr.contains("interrupted"))
        // The contract is under a second; the margin absorbs a loaded CI machine.
        #expect(seconds < 1.5, "took \(seconds) s to stop")
        #expect(kill(ffmpeg, 0) != 0, "ffmpeg is still running")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == previous)
        #expect(Self.files(in: dir) == ["demo.mp4"])
    }

    /// ffmpeg missing or failing: exit 3, the cause and the install command, no file.
    @Test func missingOrFailingFFmpegIsAnEnvironmentError() throws {
        let dir = try Self.scratch("noffmpeg")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("x.mp4").path
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = "/nonexistent"
        env["TENFOOT_FFMPEG"] = nil
        let missing = try Self.tenfoot(["record"] + Self.clip + ["--out", out], env: env)
        #expect(missing.status == 3)
        #expect(missing.stderr.contains("ffmpeg"))
        #expect(missing.stderr.contains("sudo apt-get install ffmpeg"))
        #expect(missing.stderr.contains("brew install ffmpeg"))
        #expect(Self.files(in: dir).isEmpty)

        let fake = dir.appendingPathComponent("fake-ffmpeg").path
        try "#!/bin/sh\necho 'Unknown encoder libx264' >&2\nexit 1\n".write(
            toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        env = ProcessInfo.processInfo.environment
        env["TENFOOT_FFMPEG"] = fake
        let failing = try Self.tenfoot(["record"] + Self.clip + ["--out", out], env: env)
        #expect(failing.status == 3)
        #expect(failing.stderr.contains("ffmpeg failed: it exited with status 1"), "\(failing.stderr)")
        #expect(failing.stderr.contains("Unknown encoder libx264"))
        #expect(failing.stderr.contains("apt-get install ffmpeg"))
        #expect(Self.files(in: dir) == ["fake-ffmpeg"])
    }

    /// Bad usage exits 2 before anything is rendered, naming every problem at once.
    @Test func usageErrorsExit2() throws {
        let dir = try Self.scratch("usage")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("x.mp4").path
        let script = dir.appendingPathComponent("bad.script").path
        try "right\nright sideways\n".write(toFile: script, atomically: true, encoding: .utf8)
        let cases: [([String], String)] = [
            (
                ["record", "home", "--moves", "right", "--out", dir.appendingPathComponent("x.avi").path],
                "cannot tell the format"
            ),
            (["record", "home", "--moves", "right", "--out", out, "--fps", "29"], "--fps must divide 1200"),
            (["record", "home", "--moves", "right", "--out", out, "--size", "321x180"], "even width and height"),
            (["record", "home", "--moves", "right"], "needs --out"),
            (["record", "home", "--out", out], "needs --moves"),
            (["record", "home", "--moves", "right", "--script", script, "--out", out], "not both"),
            (["record", "home", "--script", script, "--out", out], "bad.script:2:7: error: unknown step \"sideways\""),
            (
                ["record", "home", "--moves", "right rihgt", "--out", out],
                "--moves:1:7: error: unknown step \"rihgt\"; did you mean right?"
            ),
            (["record", "home", "--moves", "right", "--out", out, "--hold", "-1"], "--hold expects a duration"),
            // Rounded to no tick: a thousand moves in one.
            (
                ["record", "home", "--moves", "right", "--out", out, "--gap", "0.0001s"],
                "--gap expects a duration in seconds like 0.4, 400ms or 2s (1 ms…3600 s), got 0.0001s"
            ),
            (["record", "home", "--moves", "right", "--out", out, "--frobnicate"], "unknown option --frobnicate"),
            (["record", "home", "--moves", "right", "--out", out, "--from", "nowhere"], "no node with id \"nowhere\""),
        ]
        for (args, message) in cases {
            let r = try Self.tenfoot(args)
            #expect(r.status == 2, "\(args): \(r.stderr)")
            #expect(r.stderr.contains(message), "\(args): \(r.stderr)")
        }
        // Every problem at once.
        let many = try Self.tenfoot([
            "record", "home", "--moves", "right", "--out", out, "--fps", "29", "--overlay", "keys,clock",
        ])
        #expect(many.status == 2)
        #expect(many.stderr.contains("--fps must divide 1200") && many.stderr.contains("\"clock\""), "\(many.stderr)")
        #expect(Self.files(in: dir) == ["bad.script"])
        let help = try Self.tenfoot(["record", "--help"])
        #expect(help.status == 0 && help.stdout.contains("Usage: tenfoot record"))
    }

    /// The recorder says what failed, typed and in its own words; naming flags and choosing exit
    /// codes is the command line's job.
    @Test func recorderErrorsAreTypedAndNameNoFlags() throws {
        var settings = RecordingSettings()
        settings.fps = 29
        settings.width = 321
        settings.hold = -1
        #expect(
            throws: RecordingError.invalidSettings([.frameRate(29), .oddSize(width: 321, height: 1080), .negativeHold])
        ) {
            try settings.validate(for: .mp4)
        }
        #expect(throws: RecordingError.unknownFormat(path: "clip.avi", extension: "avi")) {
            try OutputFormat(path: "clip.avi")
        }
        #expect(throws: RecordingError.missingFolder("/nonexistent-tenfoot")) {
            try OutputTarget(destination: "/nonexistent-tenfoot/x.mp4", format: .mp4)
        }
        let errors: [RecordingError] = [
            .invalidSettings([.frameRate(29), .oddSize(width: 3, height: 3), .negativeHold]),
            .unknownFormat(path: "a", extension: ""), .missingFolder("f"), .interrupted,
        ]
        for e in errors { #expect(!e.description.contains("--"), "\(e.description)") }
        #expect(errors.map(\.isBadRequest) == [true, true, true, false])
    }

    /// `screenshot` shares record's drawing: the last frame of a recording is the screenshot.
    @Test func screenshotIsTheSettledLastFrame() throws {
        let dir = try Self.scratch("shot")
        defer { try? FileManager.default.removeItem(at: dir) }
        let frames = dir.appendingPathComponent("frames").path + "/"
        let shot = dir.appendingPathComponent("shot.png").path
        // 2 moves (0.8 s) + 1,240 ticks of hold: the last of 55 frames is at 0.8 s + 1 s (the settle time).
        let r = try Self.tenfoot([
            "record", "home", "--moves", "right down", "--hold", "1.0333", "--size", "320x180",
            "--overlay", "path,keys", "--out", frames,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let s = try Self.tenfoot([
            "screenshot", "home", "--moves", "right down", "--size", "320x180", "--overlay", "path,keys", "--out", shot,
        ])
        #expect(s.status == 0, "\(s.stderr)")
        let last = try Data(contentsOf: URL(fileURLWithPath: frames).appendingPathComponent("frame-00054.png"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: shot)) == last)
    }
}

/// Issue 12: faults around the recorder's outputs, in process and through the binary.
extension RecorderTests {
    /// SIGHUP (the terminal closed) stops a recording as Ctrl-C does: exit 130, the temporary gone,
    /// the previous video kept. SIGKILL cannot be handled and leaves `.demo.mp4.partial-PID`; the
    /// next recording to that name removes it (its process is dead).
    @Test(Self.needsFFmpeg) func hangUpIsAnInterruptAndKilledTemporariesAreCleanedUp() throws {
        let dir = try Self.scratch("hup")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("demo.mp4").path
        let previous = Data("the previous recording".utf8)
        try previous.write(to: URL(fileURLWithPath: out))
        let hup = try LongRecording(out: out)
        _ = try #require(hup.waitForEncoder(), "ffmpeg never started")
        usleep(200_000)
        kill(hup.process.processIdentifier, SIGHUP)
        let (status, stderr, seconds) = hup.wait()
        #expect(status == 130, "\(stderr)")
        #expect(stderr.contains("interrupted"))
        #expect(seconds < 1.5, "took \(seconds) s to stop")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == previous)
        #expect(Self.files(in: dir) == ["demo.mp4"])

        let killed = try LongRecording(out: out)
        let ffmpeg = try #require(killed.waitForEncoder(), "ffmpeg never started")
        usleep(200_000)
        let pid = killed.process.processIdentifier
        kill(pid, SIGKILL)
        _ = killed.wait()
        // ffmpeg reads the end of its input and finishes the temporary on its own.
        for _ in 0..<400 where kill(ffmpeg, 0) == 0 { usleep(50_000) }
        // The captions' temporary stays too (written after the video's, before both are put in place).
        #expect(
            Self.files(in: dir).filter { !$0.hasPrefix(".demo.vtt.partial") } == [
                ".demo.mp4.partial-\(pid)", "demo.mp4",
            ])
        let next = try Self.tenfoot(["record"] + Self.clip + ["--out", out])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(Self.files(in: dir) == ["demo.mp4", "demo.vtt"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) != previous)
    }

    /// The recorder and the screenshot refuse a script that ends after an hour, however it was made
    /// (here in code, past what the parser would accept), before a frame is counted or rendered.
    @Test func scriptsPastTheHourAreRefusedBeforeAnythingIsRendered() throws {
        let sim = try Simulator(scene: BuiltInScenes.home())
        let late = Tick.max - 10
        let script = InputScript(entries: [.init(tick: late, event: .swipe(.right), line: 1, column: 1)], endTick: late)
        var settings = RecordingSettings()
        settings.width = 320
        settings.height = 180
        let recorder = Recorder(simulator: sim, script: script, settings: settings)
        #expect(recorder.frameCount == (RecordingSettings.maxDuration + settings.hold) / settings.ticksPerFrame)
        let dir = try Self.scratch("hour")
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = try OutputTarget(destination: dir.appendingPathComponent("frames").path + "/", format: .pngFrames)
        #expect(throws: RecordingError.invalidSettings([.scriptTooLong(late)])) { try recorder.record(to: target) }
        #expect(throws: RecordingError.invalidSettings([.scriptTooLong(late)])) {
            try Screenshot.write(sim, script: script, to: dir.appendingPathComponent("s.png").path, settings: settings)
        }
        #expect(Self.files(in: dir).isEmpty)
        let hour = InputScript(entries: [], endTick: RecordingSettings.maxDuration)
        #expect(RecordingSettings.problems(with: hour).isEmpty)
        #expect(
            RecordingSettings.problems(with: InputScript(entries: [], endTick: RecordingSettings.maxDuration + 1)) == [
                .scriptTooLong(RecordingSettings.maxDuration + 1)
            ])
    }

    /// A script past its work budget is refused before a frame is drawn, at the event `path` stops at (it drew every
    /// frame up to that event, then wrote nothing: 60 swipes in a 10,000-option picker's list took 66 s).
    @Test func aScriptPastItsBudgetIsRefusedBeforeAFrameIsDrawn() throws {
        let sim = try Simulator(scene: BuiltInScenes.home())
        let script = try InputScriptParser.parse(
            String(repeating: "do hide p1\ndo show p1\n", count: 20), file: "moves.txt")
        var settings = RecordingSettings()
        settings.width = 320
        settings.height = 180
        var player = ScriptPlayer(simulator: sim, script: script)
        player.workBudget = 500
        player.playToEnd()
        let expected = try #require(player.stopped)
        let dir = try Self.scratch("budget")
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = try OutputTarget(destination: dir.appendingPathComponent("frames").path + "/", format: .pngFrames)
        var drawn = 0
        #expect(throws: RecordingError.scriptStopped(expected)) {
            try Recorder(simulator: sim, script: script, settings: settings, workBudget: 500).record(to: target) {
                done, _ in drawn = done
            }
        }
        #expect(drawn == 0 && Self.files(in: dir).isEmpty)
        let whole = Recorder(simulator: sim, script: script, settings: settings)
        #expect(throws: Never.self) { try whole.preflight() }
    }

    /// A GIF has no length limit but the hour every recording has: its palette is made as the frames are drawn, and
    /// ffmpeg applies it frame by frame, so neither holds the frames (ffmpeg once held them all: 768 MB was its limit).
    @Test func aLongGIFIsAllowed() throws {
        let settings = RecordingSettings()
        let hour = InputScript(entries: [], endTick: RecordingSettings.maxDuration - settings.hold)
        #expect(settings.frameCount(for: hour) * Int(settings.width) * Int(settings.height) * 4 > 768 << 20)
        #expect(throws: Never.self) { try settings.validate(for: .gif, script: hour) }
    }

    /// The outputs of one command go in place together: when the second cannot, the first is put
    /// back as it was, and no temporary remains.
    @Test func outputsAreCommittedTogetherOrNotAtAll() throws {
        let dir = try Self.scratch("commit")
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.txt").path
        let b = dir.appendingPathComponent("b.json").path
        try Data("old a".utf8).write(to: URL(fileURLWithPath: a))
        let first = try OutputFile(destination: a)
        let second = try OutputFile(destination: b)
        // A folder appears where the second goes after it was staged (one named at the start is refused then).
        try FileManager.default.createDirectory(atPath: b, withIntermediateDirectories: false)
        try first.write("new a")
        try first.close()
        try second.write("new b")
        try second.close()
        #expect(
            Set(Self.files(in: dir)) == [
                "a.txt", "b.json", ".a.txt.partial-\(getpid())", ".b.json.partial-\(getpid())",
            ])
        #expect(throws: RecordingError.cannotWrite("cannot write \(b): it is a folder")) {
            try OutputFiles.commit([first, second])
        }
        #expect(try String(contentsOfFile: a, encoding: .utf8) == "old a")
        #expect(Self.files(in: dir) == ["a.txt", "b.json"])
        // Without the obstacle both go in; a file keeps the permissions of the one it replaces.
        try FileManager.default.removeItem(atPath: b)
        chmod(a, 0o600)
        let again = try OutputFile(destination: a)
        let other = try OutputFile(destination: b)
        for f in [again, other] {
            try f.write("new")
            try f.close()
        }
        try OutputFiles.commit([again, other])
        #expect(
            try String(contentsOfFile: a, encoding: .utf8) == "new"
                && (try String(contentsOfFile: b, encoding: .utf8)) == "new")
        #expect((try FileManager.default.attributesOfItem(atPath: a)[.posixPermissions] as? Int) == 0o600)
        #expect(Self.files(in: dir) == ["a.txt", "b.json"])
    }

    /// PNGs are encoded in memory (IMG_SavePNG to a path hides write errors): the bytes decode to
    /// the same pixels.
    @Test func pngsEncodedInMemoryDecodeToTheSamePixels() throws {
        let canvas = try OffscreenCanvas(width: 64, height: 36, fonts: try FontCache())
        canvas.draw(SceneRenderer().displayList(try Simulator(scene: BuiltInScenes.home())))
        let png = try canvas.pngData()
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let decoded = try #require(
            png.withUnsafeBytes { bytes in IMG_Load_RW(SDL_RWFromConstMem(bytes.baseAddress, Int32(bytes.count)), 1) })
        defer { SDL_FreeSurface(decoded) }
        let argb = try #require(SDL_ConvertSurfaceFormat(decoded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0))
        defer { SDL_FreeSurface(argb) }
        for (x, y) in [(0, 0), (10, 5), (32, 18), (63, 35)] {
            let row = argb.pointee.pixels.assumingMemoryBound(to: UInt8.self) + y * Int(argb.pointee.pitch)
            let pixel = UnsafeRawPointer(row + x * 4).loadUnaligned(as: UInt32.self)
            #expect(pixel == canvas.pixel(x: x, y: y), "(\(x), \(y))")
        }
    }
}

/// A recording long enough to interrupt (ten minutes of hold at 320×180), with its ffmpeg child.
struct LongRecording {
    let process = Process()
    let errURL: URL
    var started = Date()

    init(out: String) throws {
        process.executableURL = URL(fileURLWithPath: TestPaths.tenfoot)
        process.arguments = ["record", "home", "--moves", "right", "--hold", "600", "--size", "320x180", "--out", out]
        errURL = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-long-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errURL)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
    }

    /// The ffmpeg child's pid, once it runs (nil after 20 s).
    func waitForEncoder() -> pid_t? {
        for _ in 0..<400 {
            if let child = Self.children(of: process.processIdentifier).first { return child }
            usleep(50_000)
        }
        return nil
    }

    /// Exit status, standard error, and seconds from now until the process ended (killed after 20 s).
    func wait() -> (Int32, String, Double) {
        let t0 = Date()
        let deadline = t0.addingTimeInterval(20)
        while process.isRunning, Date() < deadline { usleep(5_000) }
        let seconds = Date().timeIntervalSince(t0)
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let err = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: errURL)
        return (process.terminationStatus, err, seconds)
    }

    /// Child processes of `pid`, from /proc (Linux).
    static func children(of pid: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { name -> pid_t? in
            guard let p = pid_t(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            // After the command: state, then the parent's pid.
            return fields.count > 1 && pid_t(fields[1]) == pid && !stat.contains(") Z") ? p : nil
        }
    }
}
