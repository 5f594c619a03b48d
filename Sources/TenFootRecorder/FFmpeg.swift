import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where ffmpeg is and how it is called: one argument array per output format, raw `bgra` frames in
/// on standard input.
public enum FFmpeg {
    public static let installHint = "install it with `sudo apt-get install ffmpeg` (Debian, Ubuntu) or `brew install ffmpeg` (macOS)"

    /// `TENFOOT_FFMPEG` if set (a custom build, or a stand-in for tests), else `ffmpeg` on the PATH.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws(RecordingError) -> String {
        let fm = FileManager.default
        if let custom = environment["TENFOOT_FFMPEG"], !custom.isEmpty {
            guard fm.isExecutableFile(atPath: custom) else { throw .encoderMissing("TENFOOT_FFMPEG=\(custom) is not an executable file") }
            return custom
        }
        for dir in (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = String(dir) + "/ffmpeg"
            if fm.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw .encoderMissing("ffmpeg is needed to write .mp4, .webm and .gif files but was not found on the PATH; \(installHint)")
    }

    /// The x264 preset for a frame size: `ultrafast` at every size. Measured on the project's 2-core
    /// VM (docs/performance.md): x264 needs about 25 ms of CPU per 1080p frame with `ultrafast`, 40 ms
    /// with `superfast` and 45 ms with `veryfast`, and rendering needs the other core, so only
    /// `ultrafast` leaves room to beat real time. Its files are 1.5–3× larger than `veryfast`'s, still
    /// small for UI footage (about 1.4 MB for 10 s at 720p or 1080p).
    public static func x264Preset(width: Int32, height: Int32) -> String { "ultrafast" }

    /// CPU seconds used by finished child processes (ffmpeg), user + system: the benchmark's split.
    package static func childCPUSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        #else
        getrusage(RUSAGE_CHILDREN, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// Everything after the input: codec, pixel format and container for `format`.
    public static func outputArguments(_ format: OutputFormat, width: Int32, height: Int32, x264Preset: String? = nil) -> [String] {
        switch format {
        case .mp4:
            return ["-c:v", "libx264", "-preset", x264Preset ?? FFmpeg.x264Preset(width: width, height: height), "-crf", "23",
                    "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f", "mp4"]
        case .webm:
            // libvpx's realtime mode: one pass, the fastest speed step, row-based multithreading.
            return ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-row-mt", "1", "-tile-columns", "2",
                    "-threads", "2", "-b:v", "0", "-crf", "36", "-pix_fmt", "yuv420p", "-f", "webm"]
        case .gif:
            // One palette for the whole clip, built from the frames themselves (stats of what changes),
            // then applied with ordered dithering, which stays stable between frames.
            return ["-filter_complex", "split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer:bayer_scale=5:diff_mode=rectangle",
                    "-f", "gif"]
        case .pngFrames:
            return []
        }
    }

    /// The whole command line after the executable.
    public static func arguments(_ format: OutputFormat, width: Int32, height: Int32, fps: Int, output: String, x264Preset: String? = nil) -> [String] {
        ["-hide_banner", "-nostdin", "-loglevel", "error", "-nostats",
         "-f", "rawvideo", "-pix_fmt", "bgra", "-s", "\(width)x\(height)", "-r", "\(fps)", "-i", "pipe:0"]
            // bitexact: no random container ids or version strings, so the same frames give the same file.
            + outputArguments(format, width: width, height: height, x264Preset: x264Preset) + ["-fflags", "+bitexact", "-y", output]
    }
}

/// ffmpeg as a child process fed raw frames on a pipe. `write` blocks while ffmpeg is busy (the pipe
/// is the back-pressure); `abort` may be called from any thread (the Ctrl-C handler).
/// `@unchecked Sendable`: what `abort` and the stderr reader thread share with the rest (`killed`,
/// `errorText`) is used under `lock`; everything else is set by `start` before another thread sees the
/// encoder, then used by one thread at a time (the writer thread writes; `finish` and `close` run
/// after it has been joined).
public final class FFmpegEncoder: @unchecked Sendable {
    /// Bytes the pipe buffers (Linux `F_SETPIPE_SZ`; 1 MiB is the unprivileged maximum by default).
    static let pipeBytes: Int32 = 1 << 20
    /// `F_SETPIPE_SZ` (Linux, fcntl.h): not imported into Swift as a constant.
    static let setPipeSize: Int32 = 1031
    /// How much of ffmpeg's error output is kept for the message.
    static let stderrTail = 16 * 1024

    let executable: String
    let arguments: [String]
    private let process = Process()
    private let input = Pipe()
    private let errors = Pipe()
    private var inputFD: Int32 = -1
    private let lock = NSLock()
    private var errorText = Data()
    private let errorsDone = DispatchSemaphore(value: 0)
    private var killed = false
    private var started = false
    private var reaped = false

    public init(executable: String, arguments: [String]) {
        self.executable = executable
        self.arguments = arguments
    }

    public func start() throws(RecordingError) {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        // A dead reader must surface as EPIPE from write(2), not kill this process.
        signal(SIGPIPE, SIG_IGN)
        do { try process.run() } catch {
            throw .encoderMissing("cannot start ffmpeg (\(executable)): \(error.localizedDescription); \(FFmpeg.installHint)")
        }
        started = true
        inputFD = input.fileHandleForWriting.fileDescriptor
        _ = fcntl(inputFD, FFmpegEncoder.setPipeSize, FFmpegEncoder.pipeBytes)
        let fd = errors.fileHandleForReading.fileDescriptor
        let thread = Thread { [self] in
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, 4096) }
                if n < 0, errno == EINTR { continue }
                if n <= 0 { break }
                lock.lock()
                errorText.append(contentsOf: chunk[0 ..< n])
                if errorText.count > FFmpegEncoder.stderrTail { errorText.removeFirst(errorText.count - FFmpegEncoder.stderrTail) }
                lock.unlock()
            }
            errorsDone.signal()
        }
        thread.name = "ffmpeg stderr"
        thread.start()
    }

    /// Writes one frame's bytes to ffmpeg's standard input with write(2), all of them.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(RecordingError) {
        var offset = 0
        while offset < bytes.count {
            let n = writeFD(inputFD, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                let why = String(cString: strerror(errno))
                throw failure(writeError: why)
            }
            offset += n
        }
    }

    /// Ends the input and waits for ffmpeg to finish the file; throws if it failed.
    public func finish() throws(RecordingError) {
        reap()
        if process.terminationReason != .exit || process.terminationStatus != 0 { throw failure(writeError: nil) }
    }

    /// Kills ffmpeg now (idempotent, any thread). The input is closed later by `close`.
    public func abort() {
        lock.lock(); defer { lock.unlock() }
        guard !killed else { return }
        killed = true
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// After an abort: close the input and reap the process.
    public func close() { reap() }

    /// Closes the input, waits for ffmpeg to exit and for its error output to end (once).
    private func reap() {
        guard started, !reaped else { return }
        reaped = true
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        errorsDone.wait()
    }


    /// ffmpeg's last error lines.
    public var errorOutput: String {
        lock.lock(); defer { lock.unlock() }
        return String(decoding: errorText, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// True when ffmpeg died of Ctrl-C itself (a terminal sends SIGINT to the whole process group).
    public var wasInterrupted: Bool {
        guard !process.isRunning else { return false }
        if process.terminationReason == .uncaughtSignal { return process.terminationStatus == SIGINT || process.terminationStatus == SIGTERM }
        return process.terminationStatus == 255 && errorOutput.contains("received signal")
    }

    func failure(writeError: String?) -> RecordingError {
        // When the pipe broke, ffmpeg is gone or going: wait for it so its message is complete.
        reap()
        let detail = errorOutput.split(separator: "\n").suffix(6).joined(separator: "\n  ")
        let status: String
        switch process.terminationReason {
        case .uncaughtSignal: status = "was killed by signal \(process.terminationStatus)"
        default: status = "exited with status \(process.terminationStatus)"
        }
        var message = "ffmpeg failed: it \(status)" + (writeError.map { " (writing frames: \($0))" } ?? "")
        if !detail.isEmpty { message += "\n  " + detail }
        if detail.contains("Unknown encoder") || detail.contains("Encoder not found") {
            message += "\nthis ffmpeg lacks the encoder; \(FFmpeg.installHint)"
        } else if detail.contains("No space left") {
            message += "\nthe disk is full"
        }
        return .encoderFailed(message)
    }
}

/// write(2), named apart from the methods called `write`.
func writeFD(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(fd, bytes, count)
    #else
    return Darwin.write(fd, bytes, count)
    #endif
}
