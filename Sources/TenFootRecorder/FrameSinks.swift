import Foundation
import TenFootRaster

/// Where finished frames go, on the writer thread. `abort` may come from any thread (Ctrl-C).
protocol FrameSink: AnyObject, Sendable {
    func start() throws(RecordingError)
    /// Frame `index`; `repeated` when it is the same buffer as the frame before.
    func write(_ frame: FrameBuffer, index: Int, repeated: Bool) throws(RecordingError)
    /// After the last frame: complete the output (ffmpeg flushes and writes the index).
    func finish() throws(RecordingError)
    /// Stop at once (kill ffmpeg); `close` then releases what is left.
    func abort()
    func close()
    /// The sink's own process died of the user's Ctrl-C (it shares the terminal's process group).
    var wasInterrupted: Bool { get }
    /// How many writer threads call `write` at once (1: one, in the frames' order).
    var lanes: Int { get }
    /// Whether `write` leaves a frame's bytes as they were drawn, so that a buffer is drawn into again with only what
    /// changed since the frame it holds (`OffscreenCanvas.drawChanges`).
    var keepsFrames: Bool { get }
}

extension FrameSink {
    var lanes: Int { 1 }
    var keepsFrames: Bool { false }
}

/// Video through ffmpeg: every frame goes down the pipe, repeated ones too (the encoder makes them
/// nearly free).
final class FFmpegSink: FrameSink, Sendable {
    let encoder: FFmpegEncoder
    /// What the finished file must be: `MP4File`, `GIFFile` or ffprobe (a WebM) checks it before `finish` returns.
    let check: @Sendable () throws(RecordingError) -> Void
    init(encoder: FFmpegEncoder, check: @escaping @Sendable () throws(RecordingError) -> Void) {
        self.encoder = encoder
        self.check = check
    }
    func start() throws(RecordingError) { try encoder.start() }
    func write(_ frame: FrameBuffer, index: Int, repeated: Bool) throws(RecordingError) {
        try encoder.write(UnsafeRawBufferPointer(frame.bytes))
    }
    var keepsFrames: Bool { true }
    func finish() throws(RecordingError) {
        try encoder.finish()
        do { try check() } catch {
            // ffmpeg exited 0: its own words say why the file is broken ("Error writing trailer …").
            guard case .encoderFailed(let message) = error else { throw error }
            throw .encoderFailed(encoder.withItsWords(message))
        }
    }
    func abort() { encoder.abort() }
    func close() { encoder.close() }
    var wasInterrupted: Bool { encoder.wasInterrupted }
}

/// Numbered PNG frames in the target's temporary folder, encoded in memory and written with checked writes, each
/// synced to the disk; a repeated frame is a hard link to the frame before it (the same bytes written again where
/// links are not supported). Two writer threads encode at once where there are two cores (`lanes`): a frame's PNG
/// (libpng's filters and zlib) is most of a recording's time (136 frames at 1080p: 7.1 s on one). The files are
/// written in the frames' order all the same (each synced while the next is written), so a disk that fills fills at
/// the same frame, said the same way.
/// `@unchecked Sendable`: `next`, `last` and `failure` are used under `state`.
final class PNGSequenceSink: FrameSink, @unchecked Sendable {
    let target: OutputTarget
    let width: Int32, height: Int32
    let lanes: Int
    /// Two lanes where there are two cores.
    static let defaultLanes = min(2, max(1, ProcessInfo.processInfo.activeProcessorCount))
    private let state = NSCondition()
    /// The frame whose file is written next.
    private var next = 0
    /// The bytes of the frame written last (`next - 1`): what a repeated frame writes again where it cannot link.
    private var last: [UInt8] = []
    /// Why writing stopped (a lane's failure, or an abort): what a lane waiting for its turn throws too.
    private var failure: RecordingError?

    init(target: OutputTarget, width: Int32, height: Int32, lanes: Int = PNGSequenceSink.defaultLanes) {
        self.target = target
        self.width = width
        self.height = height
        self.lanes = max(1, lanes)
    }

    /// One pixel encoded before the lanes start: SDL_image sets its PNG writer up on its first use, unguarded.
    func start() throws(RecordingError) {
        let pixel = UnsafeMutableRawBufferPointer.allocate(byteCount: 4, alignment: 4)
        defer { pixel.deallocate() }
        pixel.initializeMemory(as: UInt8.self, repeating: 0)
        do { _ = try PNGFile.encodeReordering(pixel, width: 1, height: 1) } catch {
            throw .rendering(error.description)
        }
    }

    func write(_ frame: FrameBuffer, index: Int, repeated: Bool) throws(RecordingError) {
        let path = target.framePath(index)
        do throws(RecordingError) {
            // Encoded beside the other lane; a repeated frame has nothing to encode.
            var png: [UInt8]?
            if !repeated || index == 0 {
                do {
                    // The frame is let go of after this (the next one is drawn over it whole).
                    png = try PNGFile.encodeReordering(frame.bytes, width: width, height: height)
                } catch {
                    throw .rendering(error.description)
                }
            }
            // Written in turn.
            state.lock()
            while next != index, failure == nil { state.wait() }
            let (stopped, before) = (failure, last)
            state.unlock()
            if let stopped { throw stopped }
            var written = false
            if let png {
                try CheckedWrite.create(path, png, sync: false)
                written = true
            } else if link(target.framePath(index - 1), path) != 0 {
                try CheckedWrite.create(path, before, sync: false)
                written = true
            }
            state.lock()
            if let png { last = png }
            next = index + 1
            state.broadcast()
            state.unlock()
            // Synced to the disk while the next frame is written.
            if written { try CheckedWrite.sync(path) }
        } catch {
            stop(error)
            throw error
        }
    }

    /// Wakes a lane waiting for a turn that will not come.
    private func stop(_ error: RecordingError) {
        state.lock()
        if failure == nil { failure = error }
        state.broadcast()
        state.unlock()
    }

    func finish() throws(RecordingError) {}
    func abort() { stop(.interrupted) }
    func close() {}
    var wasInterrupted: Bool { false }
}

/// The writer thread: takes frames from the queue and hands them to the sink, in order, while the
/// renderer works on the next ones.
/// `@unchecked Sendable`: the counters and the failure, read by the recording loop, are used under
/// `lock`; the queue, pool and sink are Sendable themselves.
final class FrameWriter: @unchecked Sendable {
    struct Item: Sendable {
        var buffer: FrameBuffer
        var index: Int
        var repeated: Bool
    }

    let queue: FrameQueue<Item>
    let pool: FramePool
    let sink: FrameSink
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var failure: RecordingError?
    private var written = 0
    private var writeSeconds = 0.0

    init(queue: FrameQueue<Item>, pool: FramePool, sink: FrameSink) {
        self.queue = queue
        self.pool = pool
        self.sink = sink
    }

    /// One thread for each of the sink's lanes, all taking from the queue.
    func start() {
        for lane in 0..<sink.lanes {
            let thread = Thread { [self] in run() }
            thread.name = "tenfoot frame writer \(lane + 1)"
            thread.start()
        }
    }

    private func run() {
        while let item = queue.pop() {
            let t0 = Stopwatch.now()
            do { try sink.write(item.buffer, index: item.index, repeated: item.repeated) } catch {
                lock.lock()
                if failure == nil { failure = error }
                lock.unlock()
                pool.release(item.buffer)
                queue.cancel()
                pool.cancel()
                break
            }
            let dt = Stopwatch.now() - t0
            pool.release(item.buffer)
            lock.lock()
            written += 1
            writeSeconds += dt
            lock.unlock()
        }
        for rest in queue.drop() { pool.release(rest.buffer) }
        done.signal()
    }

    /// Waits for the threads to finish (after `queue.close()` or `queue.cancel()`).
    func join() { for _ in 0..<sink.lanes { done.wait() } }

    var status: (written: Int, writeSeconds: Double, failure: RecordingError?) {
        lock.lock()
        defer { lock.unlock() }
        return (written, writeSeconds, failure)
    }
}

/// Monotonic seconds, for statistics and the progress bar only: frame content never sees it.
public enum Stopwatch {
    public static func now() -> Double { read(CLOCK_MONOTONIC) }

    /// CPU seconds the calling thread has used: unlike wall time, not inflated by other processes.
    public static func threadCPU() -> Double { read(CLOCK_THREAD_CPUTIME_ID) }

    /// CPU seconds this process has used, all threads.
    public static func processCPU() -> Double { read(CLOCK_PROCESS_CPUTIME_ID) }

    static func read(_ clock: clockid_t) -> Double {
        var ts = timespec()
        clock_gettime(clock, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
