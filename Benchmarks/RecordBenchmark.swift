import FocusEngine
import Foundation
import TenFootRaster
import TenFootRecorder
import TenFootScene
import TenFootSim

/// `tenfoot-bench record`: a traversal of the built-in home scene recorded to MP4 at 1080p30, 720p30 and 4K30
/// (3840×2160, the scene drawn at 2× scale) and to a 640×360 GIF, each against ffmpeg alone encoding the same frames
/// from memory with the same arguments in the same run (the frames pre-rendered, then piped with no rendering).
/// Prints the split of the recording's time and the ratios; each figure is the median of `runs` alternating runs (3
/// unless given). `heights` (1080,720,2160,360) picks rows; all unless given.
enum RecordBenchmark {
    /// 25 steps at the default 0.4 s gap: 10 seconds across four shelves, scrolling both ways.
    static let moves =
        "right right right right down right right right down left left down right right up up left left left down down right right right left"
    /// The first 10 of them, for 4 seconds at 4K: each distinct frame is held in memory for ffmpeg alone (33 MB).
    static let shortMoves = moves.split(separator: " ").prefix(10).joined(separator: " ")

    struct Sample {
        var stats: RecordingStats
        var encoderCPU: Double
    }

    /// One recording compared: its size, format, clip, and the goals it is held to (real time: issue 8; the share of
    /// ffmpeg alone: issue 8's 0.8 and issue 32's 0.9 for MP4, issue 32's 1.0, "at or below ffmpeg piped", for GIF).
    struct Row {
        var width: Int32
        var height: Int32
        var format: OutputFormat
        var moves: String
        var seconds: Double
        var realTimeGoal: Double?
        var shareGoals: [(Double, String)]
    }

    static let rows = [
        Row(
            width: 1920, height: 1080, format: .mp4, moves: moves, seconds: 10, realTimeGoal: 1.5,
            shareGoals: [(0.8, "issue 8"), (0.9, "issue 32")]),
        Row(
            width: 1280, height: 720, format: .mp4, moves: moves, seconds: 10, realTimeGoal: 3.0,
            shareGoals: [(0.8, "issue 8")]),
        Row(
            width: 3840, height: 2160, format: .mp4, moves: shortMoves, seconds: 4, realTimeGoal: nil,
            shareGoals: [(0.9, "issue 32")]),
        Row(
            width: 640, height: 360, format: .gif, moves: moves, seconds: 10, realTimeGoal: nil,
            shareGoals: [(1.0, "issue 32")]),
    ]

    static func run(runs: Int, heights: [Int32]?) {
        let runs = max(1, runs)
        print("record: home-scene traversals at 30 fps, median of \(runs) runs; load average \(loadAverage())")
        for row in rows where heights?.contains(row.height) ?? true {
            let (w, h) = (row.width, row.height)
            let script = try! InputScriptParser.parse(row.moves)
            let videoSeconds = row.seconds
            var settings = RecordingSettings()
            settings.width = w
            settings.height = h
            settings.fps = 30
            settings.hold = Clock.ticks(seconds: videoSeconds) - script.endTick
            let preset = FFmpeg.x264Preset(width: w, height: h)
            let frames = preRender(script, settings)
            var recorded: [Sample] = []
            var alone: [Double] = []
            var aloneCPU: [Double] = []
            for _ in 0..<runs {
                recorded.append(record(script, settings, row.format))
                let (wall, cpu) = encodeAlone(frames, settings, row.format)
                alone.append(wall)
                aloneCPU.append(cpu)
            }
            let s = recorded.sorted { $0.stats.wallSeconds < $1.stats.wallSeconds }[runs / 2]
            let st = s.stats
            let n = Double(st.frames)
            let aloneWall = median(alone)
            let realtime = videoSeconds / st.wallSeconds
            let share = aloneWall / st.wallSeconds
            print("")
            print(
                "\(w)x\(h)p30 \(row.format.rawValue.uppercased()), \(row.moves.split(separator: " ").count) moves, \(fmt(videoSeconds)) s of video (load average now \(loadAverage()))\(row.format == .mp4 ? ", preset \(preset)" : ""): \(st.frames) frames, \(st.rendered) drawn (\(st.renderedInPart) of them only where they changed; \(st.frames - st.rendered) unchanged, re-sent)"
            )
            let goal = row.realTimeGoal.map {
                String(format: " (goal %.1fx: %@)", $0, realtime >= $0 ? "met" : "NOT met")
            }
            print(
                String(
                    format: "  record:      %6.2f s wall  %6.1f fps  %5.2fx real time%@   runs: %@",
                    st.wallSeconds, st.fps, realtime, goal ?? "",
                    recorded.map { String(format: "%.2f", $0.stats.wallSeconds) }.joined(separator: " / ")))
            print(
                String(
                    format: "  ffmpeg alone:%6.2f s wall  %6.1f fps  %5.2fx real time   runs: %@", aloneWall,
                    n / aloneWall, videoSeconds / aloneWall,
                    alone.map { String(format: "%.2f", $0) }.joined(separator: " / ")))
            let goals = row.shareGoals.map { g, issue in
                String(format: "%.2f, %@: %@", g, issue, share >= g ? "met" : "NOT met")
            }
            print(String(format: "  record / ffmpeg alone: %.2f (goal %@)", share, goals.joined(separator: "; ")))
            print(
                String(
                    format:
                        "  split (drawing thread): display lists %.1f ms/frame, rasterising %.1f ms/frame (%.1f ms per drawn frame), read-back 0 (drawn in place; a copy costs %.2f ms/frame), waiting for the encoder %.1f ms/frame",
                    st.listSeconds / n * 1000, st.drawSeconds / n * 1000,
                    st.drawSeconds / Double(max(1, st.rendered)) * 1000,
                    frames.copySeconds / n * 1000, st.waitSeconds / n * 1000))
            print(
                String(
                    format: "  rendering alone (no encoder): %.1f ms/frame wall, %.1f ms CPU, %.0f fps",
                    frames.renderSeconds / n * 1000, frames.renderCPUSeconds / n * 1000, n / frames.renderSeconds))
            let tenfootCPU = st.processCPUSeconds / n * 1000
            let ffmpegCPU = s.encoderCPU / n * 1000
            print(
                String(
                    format:
                        "  CPU per frame (not stretched by other load): rendering %.1f ms (drawing thread), all of tenfoot %.1f ms (with pipe writes), ffmpeg %.1f ms; %.1f ms in all, so two idle cores could run at most %.0f fps (%.2fx real time)",
                    st.renderCPUSeconds / n * 1000, tenfootCPU, ffmpegCPU, tenfootCPU + ffmpegCPU,
                    2000 / (tenfootCPU + ffmpegCPU), 2000 / (tenfootCPU + ffmpegCPU) / 30))
            print(
                String(
                    format:
                        "  split (encoder): pipe writes %.1f ms/frame on the writer thread, ffmpeg finishing and the video read back %.2f s, ffmpeg CPU %.2f s (%.1f ms/frame; alone %.1f ms/frame)",
                    st.writeSeconds / n * 1000, st.finishSeconds, s.encoderCPU, s.encoderCPU / n * 1000,
                    median(aloneCPU) / n * 1000))
            if row.format == .gif {
                print(
                    String(
                        format:
                            "  the palette's pass (every frame drawn once, before ffmpeg starts): %.2f s (%.1f ms/frame)",
                        st.paletteSeconds, st.paletteSeconds / n * 1000))
            }
        }
    }

    static func temporaryFile(_ format: OutputFormat) -> String {
        NSTemporaryDirectory() + "tenfoot-bench-\(getpid()).\(format.rawValue)"
    }

    static func record(_ script: InputScript, _ settings: RecordingSettings, _ format: OutputFormat) -> Sample {
        let sim = try! Simulator(scene: BuiltInScenes.home())
        let recorder = Recorder(simulator: sim, script: script, settings: settings)
        let out = temporaryFile(format)
        defer { try? FileManager.default.removeItem(atPath: out) }
        let cpu0 = FFmpeg.childCPUSeconds()
        do {
            let target = try OutputTarget(destination: out, format: format)
            let stats = try recorder.record(to: target)
            try target.commit()
            return Sample(stats: stats, encoderCPU: FFmpeg.childCPUSeconds() - cpu0)
        } catch {
            fatalError("recording failed: \(error)")
        }
    }

    /// The recording's frames in memory: each distinct frame once, and which one every frame shows.
    struct Frames {
        var distinct: [[UInt8]] = []
        var order: [Int] = []
        /// Simulator, display lists and rasterising with no encoder running (wall and CPU).
        var renderSeconds = 0.0
        var renderCPUSeconds = 0.0
        /// Copying each drawn frame out of the canvas: what a read-back would cost.
        var copySeconds = 0.0
    }

    /// The recording's frames in memory: each distinct frame once, and which one every frame shows.
    static func preRender(_ script: InputScript, _ settings: RecordingSettings) -> Frames {
        var session = ScriptPlayer(simulator: try! Simulator(scene: BuiltInScenes.home()), script: script)
        let composer = try! FrameComposer(
            width: settings.width, height: settings.height, appearance: settings.appearance,
            overlays: settings.overlays, assets: AssetTable())
        var frames = Frames()
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: composer.canvas.bytes().count, alignment: 64)
        scratch.initializeMemory(as: UInt8.self, repeating: 0)
        defer { scratch.deallocate() }
        for k in 0..<settings.frameCount(for: script) {
            let t0 = Stopwatch.now()
            let cpu0 = Stopwatch.threadCPU()
            session.advance(to: k * settings.ticksPerFrame)
            let drawn = composer.draw(session.sim)
            let t1 = Stopwatch.now()
            frames.renderSeconds += t1 - t0
            frames.renderCPUSeconds += Stopwatch.threadCPU() - cpu0
            if drawn || frames.distinct.isEmpty {
                // What a read-back would cost: one copy of the frame into memory already mapped.
                scratch.copyMemory(from: composer.canvas.bytes())
                frames.copySeconds += Stopwatch.now() - t1
                frames.distinct.append(Array(scratch))
            }
            frames.order.append(frames.distinct.count - 1)
        }
        return frames
    }

    /// ffmpeg with the recorder's arguments, fed the pre-rendered frames as fast as it takes them.
    static func encodeAlone(_ frames: Frames, _ settings: RecordingSettings, _ format: OutputFormat) -> (Double, Double)
    {
        let out = temporaryFile(format)
        defer { try? FileManager.default.removeItem(atPath: out) }
        let args = FFmpeg.arguments(
            format, width: settings.width, height: settings.height, fps: settings.fps, output: out)
        let encoder = FFmpegEncoder(executable: try! FFmpeg.locate(), arguments: args)
        let cpu0 = FFmpeg.childCPUSeconds()
        let t0 = Stopwatch.now()
        do {
            try encoder.start()
            for k in frames.order {
                let pixels = frames.distinct[k]
                try pixels.withUnsafeBytes { b in try encoder.write(b) }
            }
            try encoder.finish()
        } catch {
            fatalError("ffmpeg alone failed: \(error)")
        }
        return (Stopwatch.now() - t0, FFmpeg.childCPUSeconds() - cpu0)
    }

    static func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }

    /// The 1-, 5- and 15-minute load averages (Linux): other work on the machine skews every figure.
    static func loadAverage() -> String {
        guard let s = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
        return s.split(separator: " ").prefix(3).joined(separator: " ")
    }
}
