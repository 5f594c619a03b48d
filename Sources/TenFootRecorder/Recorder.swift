import Foundation
import TenFootCore
import TenFootRaster
import TenFootScene
import TenFootSim

/// Where the time of a recording went (wall-clock statistics; the frames never see a clock).
public struct RecordingStats: Sendable {
    public var frames = 0
    /// Frames whose display list changed and were drawn; the rest re-sent the previous pixels.
    public var rendered = 0
    /// Of those, frames drawn only where they changed since the frame their buffer held.
    public var renderedInPart = 0
    public var wallSeconds = 0.0
    /// Simulator steps and display lists (overlays included), on the main thread.
    public var listSeconds = 0.0
    /// Rasterising changed frames. The software renderer draws straight into the buffer handed to the
    /// encoder, so there is no separate read-back (it would be a copy of the canvas).
    public var drawSeconds = 0.0
    /// All rendering on the main thread.
    public var renderSeconds: Double { listSeconds + drawSeconds }
    /// CPU the main thread spent rendering, and this whole process (writer thread included): wall
    /// times above stretch when other processes share the cores, these do not.
    public var renderCPUSeconds = 0.0
    public var processCPUSeconds = 0.0
    /// The main thread waiting for the writer (the encoder being the bottleneck).
    public var waitSeconds = 0.0
    /// The writer thread's time handing frames to the sink (pipe writes wait for ffmpeg).
    public var writeSeconds = 0.0
    /// From the end of the input to the finished file (ffmpeg flushing, the video read back).
    public var finishSeconds = 0.0
    /// A GIF's first pass: every frame drawn once for its palette, before ffmpeg starts (in `wallSeconds`).
    public var paletteSeconds = 0.0

    public var fps: Double { wallSeconds > 0 ? Double(frames) / wallSeconds : 0 }
}

/// Renders a scripted traversal frame by frame and hands the frames to ffmpeg (or PNG files) on a
/// writer thread, so rendering frame N+1 overlaps encoding frame N.
///
/// Frame `k` shows the simulator at tick `k × 1200 / fps`, after every event up to that tick: the same
/// scene, script and settings always give the same frames.
public final class Recorder {
    public let settings: RecordingSettings
    public private(set) var session: ScriptPlayer
    public let frameCount: Int
    /// Frames queued between the renderer and the writer: enough to ride out a slow frame, few
    /// enough that memory stays small (8 MB a frame at 1080p).
    public static let queueDepth = 3
    /// The most the frame buffers in flight take together, beyond two of them.
    static let poolBytes = 256 << 20

    /// Distinct buffers in flight: the queue, the ones being written, the renderer's current one; at 8K (133 MB a
    /// frame) no more than fit in `poolBytes`, two at least: with three, a turntable of the largest picture to PNG
    /// frames took 1.36 GB, and no less time than with two (drawing a frame is faster than encoding it).
    static func framesInFlight(frameBytes: Int) -> Int {
        max(2, min(queueDepth + 2, poolBytes / max(1, frameBytes)))
    }

    /// The script played (its length is checked against the hour by `record`).
    public let script: InputScript

    /// What VoiceOver said during the recording, from its first frame (the `.vtt` beside the video).
    public private(set) var captions: [WebVTT.Caption] = []

    /// `workBudget`: what the script's events may pass over (``ScriptPlayer/workBudget``).
    public init(
        simulator: Simulator, script: InputScript, settings: RecordingSettings,
        workBudget: Int = ScriptPlayer.workBudget
    ) {
        self.settings = settings
        self.script = script
        session = ScriptPlayer(simulator: simulator, script: script)
        session.speaks = true
        session.workBudget = workBudget
        frameCount = settings.frameCount(for: script)
        if let id = simulator.focused, let first = simulator.announcement(for: id)?.text {
            captions.append(WebVTT.Caption(tick: 0, text: first))
        }
    }

    /// The recording's length in ticks (the end of its last frame).
    public var endTick: Tick { frameCount * settings.ticksPerFrame }

    /// The simulator after the recording (its trace is the traversal).
    public var simulator: Simulator { session.sim }

    /// Records into `target` and checks the result (an MP4 is read back by `MP4File`, a GIF by `GIFFile`, a WebM with
    /// ffprobe), leaving it staged: the caller puts it in place with the command's other outputs
    /// (`OutputFiles.commit([target, …])`). On failure or cancellation the temporary output is deleted and the error
    /// says why; `progress` gets (frames written, total).
    public func record(
        to target: OutputTarget, cancellation: Cancellation = Cancellation(),
        progress: ((Int, Int) -> Void)? = nil
    ) throws(RecordingError) -> RecordingStats {
        do {
            try settings.validate(for: target.format, script: script)
            try preflight()
            let sink: FrameSink
            var palette: (bytes: [UInt8], seconds: Double, cpu: Double)?
            if target.format == .pngFrames {
                sink = PNGSequenceSink(target: target, width: settings.width, height: settings.height)
            } else {
                let ffmpeg = try FFmpeg.locate()
                // A GIF and an MP4 are read back here (`GIFFile`, `MP4File`), a WebM by ffprobe.
                let ffprobe = target.format == .webm ? try FFprobe.locate(beside: ffmpeg) : nil
                if target.format == .gif { palette = try gifPalette(cancellation: cancellation, progress: progress) }
                let args = FFmpeg.arguments(
                    target.format, width: settings.width, height: settings.height, fps: settings.fps,
                    output: target.partial, x264Preset: settings.x264Preset, palette: palette?.bytes)
                let (path, format, width, height, frames) = (
                    target.partial, target.format, settings.width, settings.height, frameCount
                )
                sink = FFmpegSink(encoder: FFmpegEncoder(executable: ffmpeg, arguments: args)) {
                    () throws(RecordingError) in
                    if let ffprobe {
                        try FFprobe.check(
                            path, format: format, width: width, height: height, frames: frames, executable: ffprobe)
                    } else if format == .mp4 {
                        try MP4File.check(path, width: width, height: height, frames: frames)
                    } else {
                        try GIFFile.check(path, width: width, height: height, frames: frames)
                    }
                }
            }
            guard let palette else { return try run(sink: sink, cancellation: cancellation, progress: progress) }
            // A GIF's frames are drawn twice: the bar counts both passes.
            var stats = try run(sink: sink, cancellation: cancellation) { done, total in
                progress?(total + done, 2 * total)
            }
            stats.paletteSeconds = palette.seconds
            stats.wallSeconds += palette.seconds
            stats.processCPUSeconds += palette.cpu
            return stats
        } catch {
            target.discard()
            throw error
        }
    }

    /// Plays the script through without drawing, so that one past its work budget is refused before a frame is drawn
    /// or ffmpeg started, at the event `path` stops at: it drew every frame up to that event and then wrote nothing
    /// (60 swipes in a 10,000-option picker's list: 66 s). The events are played again as the frames are drawn.
    func preflight() throws(RecordingError) {
        var dry = ScriptPlayer(simulator: session.sim, script: script)
        dry.workBudget = session.workBudget
        dry.playToEnd()
        if let stopped = dry.stopped { throw .scriptStopped(stopped) }
    }

    /// A GIF's palette (``GIFPalette``), from every frame drawn once before the recording draws them again for ffmpeg:
    /// the simulator plays the script from the same state, so the frames are the same. The colours of a frame are
    /// counted on a thread of their own while the next is drawn (two buffers in turn, each drawn where it changed).
    /// Returns it with the wall and process CPU seconds it took; throws `.interrupted` when cancelled. A script that
    /// stops part-way is said by the second pass, at the same frame.
    func gifPalette(cancellation: Cancellation, progress: ((Int, Int) -> Void)?) throws(RecordingError) -> (
        bytes: [UInt8], seconds: Double, cpu: Double
    ) {
        struct Drawn: Sendable {
            var buffer: FrameBuffer
            var rows: [Range<Int>]
        }
        let started = Stopwatch.now()
        let startedCPU = Stopwatch.processCPU()
        let composer = try FrameComposer(
            width: settings.width, height: settings.height, appearance: settings.appearance,
            overlays: settings.overlays, assets: settings.assets)
        var player = ScriptPlayer(simulator: session.sim, script: script)
        player.workBudget = session.workBudget
        let width = Int(settings.width)
        let pool = FramePool(frameBytes: width * Int(settings.height) * 4, limit: 2)
        let queue = FrameQueue<Drawn>(capacity: 1)
        let counting = Concurrently { () -> GIFPalette in
            var palette = GIFPalette()
            while let drawn = queue.pop() {
                palette.add(UnsafeRawBufferPointer(drawn.buffer.bytes), width: width, rows: drawn.rows)
                pool.release(drawn.buffer)
            }
            return palette
        }
        for k in 0..<frameCount {
            if cancellation.isCancelled {
                queue.cancel()
                pool.cancel()
                _ = counting.value
                throw .interrupted
            }
            player.advance(to: k * settings.ticksPerFrame)
            if player.stopped != nil { break }
            if let list = composer.changedList(player.sim) {
                guard let buffer = pool.acquire() else { break }
                let rows = composer.renderChanges(list, into: buffer)
                guard queue.push(Drawn(buffer: buffer, rows: rows)) else { break }
            }
            progress?(k + 1, 2 * frameCount)
        }
        queue.close()
        guard let bytes = counting.value.palette() else {
            throw .rendering("no frame was drawn for the GIF's palette")
        }
        return (bytes, Stopwatch.now() - started, Stopwatch.processCPU() - startedCPU)
    }

    /// Renders every frame into `sink`; throws `.interrupted` when cancelled.
    func run(sink: FrameSink, cancellation: Cancellation, progress: ((Int, Int) -> Void)?) throws(RecordingError)
        -> RecordingStats
    {
        let composer = try FrameComposer(
            width: settings.width, height: settings.height, appearance: settings.appearance,
            overlays: settings.overlays, assets: settings.assets)
        let frameBytes = Int(settings.width) * Int(settings.height) * 4
        let pool = FramePool(frameBytes: frameBytes, limit: Recorder.framesInFlight(frameBytes: frameBytes))
        let queue = FrameQueue<FrameWriter.Item>(capacity: Recorder.queueDepth)
        let writer = FrameWriter(queue: queue, pool: pool, sink: sink)
        let started = Stopwatch.now()
        let startedCPU = Stopwatch.processCPU()

        try sink.start()
        let key = cancellation.onCancel {
            sink.abort()
            queue.cancel()
            pool.cancel()
        }
        defer { cancellation.remove(key) }
        writer.start()

        // Drawn below the encoder's priority: the frames stay ahead of it through the queue, and where the cores are
        // few, ffmpeg's threads never wait for the renderer (docs/performance.md, Recording).
        let drawn = Concurrently(yielding: Recorder.drawingYields) { [self] in
            drawFrames(
                composer: composer, pool: pool, queue: queue, writer: writer, cancellation: cancellation,
                progress: progress)
        }.value
        var stats = drawn.stats
        let mostLeftOut = drawn.mostLeftOut
        if mostLeftOut > 0 { settings.onLayersLeftOut?(mostLeftOut) }
        queue.close()
        writer.join()
        let status = writer.status
        stats.writeSeconds = status.writeSeconds

        func stop(_ error: RecordingError) -> RecordingError {
            sink.abort()
            sink.close()
            return cancellation.isCancelled || sink.wasInterrupted ? .interrupted : error
        }
        if cancellation.isCancelled { throw stop(.interrupted) }
        if let stopped = session.stopped { throw stop(.scriptStopped(stopped)) }
        if let failure = status.failure { throw stop(failure) }
        if status.written != frameCount {
            throw stop(.cannotWrite("only \(status.written) of \(frameCount) frames were written"))
        }
        progress?(status.written, frameCount)
        let t3 = Stopwatch.now()
        do { try sink.finish() } catch { throw stop(error) }
        if cancellation.isCancelled { throw stop(.interrupted) }
        stats.finishSeconds = Stopwatch.now() - t3
        stats.wallSeconds = Stopwatch.now() - started
        stats.processCPUSeconds = Stopwatch.processCPU() - startedCPU
        return stats
    }

    /// How much lower than the caller's the priority of the thread drawing the frames is (Linux nice steps).
    static let drawingYields: Int32 = 10

    /// Draws the frames and queues them for the writer, on the thread ``run(sink:cancellation:progress:)`` makes for it.
    private func drawFrames(
        composer: FrameComposer, pool: FramePool, queue: FrameQueue<FrameWriter.Item>, writer: FrameWriter,
        cancellation: Cancellation, progress: ((Int, Int) -> Void)?
    ) -> (stats: RecordingStats, mostLeftOut: Int) {
        var stats = RecordingStats()
        // The most drawing commands a frame left out at the bottom of a pile (`Rasteriser.maxOverdrawScreens`).
        var mostLeftOut = 0
        var current: FrameBuffer?
        for k in 0..<frameCount {
            if cancellation.isCancelled { break }
            let t0 = Stopwatch.now()
            let cpu0 = Stopwatch.threadCPU()
            for step in session.advance(to: k * settings.ticksPerFrame) {
                if let spoken = step.spoken { captions.append(WebVTT.Caption(tick: step.entry.tick, text: spoken)) }
            }
            if session.stopped != nil { break }
            let list = composer.changedList(session.sim)
            let t1 = Stopwatch.now()
            stats.listSeconds += t1 - t0
            let changed = list != nil
            if let list {
                if let old = current { pool.release(old) }
                current = nil
                guard let fresh = pool.acquire() else { break }
                stats.waitSeconds += Stopwatch.now() - t1
                let t = Stopwatch.now()
                if composer.render(list, into: fresh, changes: writer.sink.keepsFrames) { stats.renderedInPart += 1 }
                mostLeftOut = max(mostLeftOut, composer.canvas.rasteriser.layersLeftOut)
                stats.drawSeconds += Stopwatch.now() - t
                current = fresh
                stats.rendered += 1
            }
            stats.renderCPUSeconds += Stopwatch.threadCPU() - cpu0
            let t2 = Stopwatch.now()
            guard let frame = current else { break }
            pool.retain(frame)
            guard queue.push(.init(buffer: frame, index: k, repeated: !changed && k > 0)) else {
                pool.release(frame)
                break
            }
            stats.waitSeconds += Stopwatch.now() - t2
            stats.frames = k + 1
            progress?(writer.status.written, frameCount)
        }
        if let c = current { pool.release(c) }
        return (stats, mostLeftOut)
    }
}
