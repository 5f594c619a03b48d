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
}

/// Video through ffmpeg: every frame goes down the pipe, repeated ones too (the encoder makes them
/// nearly free).
final class FFmpegSink: FrameSink, Sendable {
    let encoder: FFmpegEncoder
    /// What the finished file must be: ffprobe checks it before `finish` returns.
    let check: @Sendable () throws(RecordingError) -> Void
    init(encoder: FFmpegEncoder, check: @escaping @Sendable () throws(RecordingError) -> Void) {
        self.encoder = encoder
        self.check = check
    }
    func start() throws(RecordingError) { try encoder.start() }
    func write(_ frame: FrameBuffer, index: Int, repeated: Bool) throws(RecordingError) {
        try encoder.write(UnsafeRawBufferPointer(frame.bytes))
    }
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

/// Numbered PNG frames in the target's temporary folder, encoded in memory on the writer thread and
/// written with checked writes, each synced to the disk; a repeated
/// frame is a hard link to the previous file (the same bytes written again where links are not
/// supported).
/// `@unchecked Sendable`: its mutable fields are used only by `write`, which only the writer thread
/// calls.
final class PNGSequenceSink: FrameSink, @unchecked Sendable {
    let target: OutputTarget
    let width: Int32, height: Int32
    private var previous: (path: String, png: [UInt8])?

    init(target: OutputTarget, width: Int32, height: Int32) {
        self.target = target
        self.width = width
        self.height = height
    }

    func start() throws(RecordingError) {}

    func write(_ frame: FrameBuffer, index: Int, repeated: Bool) throws(RecordingError) {
        let path = target.framePath(index)
        if repeated, let previous {
            if link(previous.path, path) == 0 { return }
            try CheckedWrite.create(path, previous.png, sync: true)
            self.previous = (path, previous.png)
            return
        }
        let png: [UInt8]
        do {
            // The frame is let go of after this (the next one is drawn over it whole).
            png = try PNGFile.encodeReordering(frame.bytes, width: width, height: height)
        } catch {
            throw .rendering(error.description)
        }
        try CheckedWrite.create(path, png, sync: true)
        previous = (path, png)
    }

    func finish() throws(RecordingError) {}
    func abort() {}
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

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "tenfoot frame writer"
        thread.start()
    }

    private func run() {
        while let item = queue.pop() {
            let t0 = Stopwatch.now()
            do { try sink.write(item.buffer, index: item.index, repeated: item.repeated) } catch {
                lock.lock()
                failure = error
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

    /// Waits for the thread to finish (after `queue.close()` or `queue.cancel()`).
    func join() { done.wait() }

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
