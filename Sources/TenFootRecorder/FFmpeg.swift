import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where ffmpeg is and how it is called: one argument array per output format, raw `bgra` frames in
/// on standard input.
public enum FFmpeg {
    public static let installHint =
        "install it with `sudo apt-get install ffmpeg` (Debian, Ubuntu) or `brew install ffmpeg` (macOS)"

    /// `TENFOOT_FFMPEG` if set (a custom build, or a stand-in for tests), else `ffmpeg` on the PATH.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(RecordingError) -> String
    {
        let fm = FileManager.default
        if let custom = environment["TENFOOT_FFMPEG"], !custom.isEmpty {
            guard fm.isExecutableFile(atPath: custom) else {
                throw .encoderMissing("TENFOOT_FFMPEG=\(custom) is not an executable file")
            }
            return custom
        }
        for dir in (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = String(dir) + "/ffmpeg"
            if fm.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw .encoderMissing(
            "ffmpeg is needed to write .mp4, .webm and .gif files but was not found on the PATH; \(installHint)")
    }

    /// The x264 preset for a frame size: `ultrafast` at every size. Measured on the project's 2-core
    /// VM (docs/performance.md): x264 needs about 25 ms of CPU per 1080p frame with `ultrafast`, 40 ms
    /// with `superfast` and 45 ms with `veryfast`, and rendering needs the other core, so only
    /// `ultrafast` leaves room to beat real time. Its files are 1.5–3× larger than `veryfast`'s, still
    /// small for UI footage (about 1.4 MB for 10 s at 720p or 1080p).
    public static func x264Preset(width: Int32, height: Int32) -> String { "ultrafast" }

    /// How long ffmpeg may accept no input before a recording fails (`FFmpegEncoder.stallLimit`):
    /// 60 s, or `TENFOOT_ENCODER_STALL_SECONDS` (tests, very slow machines). Generous: x264 takes
    /// under 0.1 s for a 4K frame here, and a GIF's palette pass happens after the input ends.
    public static func stallLimit(environment: [String: String] = ProcessInfo.processInfo.environment) -> Double {
        if let text = environment["TENFOOT_ENCODER_STALL_SECONDS"], let s = Double(text), s.isFinite, s > 0 {
            return min(s, 86_400)
        }
        return 60
    }

    /// CPU seconds used by finished child processes (ffmpeg), user + system: the benchmark's split.
    package static func childCPUSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        #else
            getrusage(RUSAGE_CHILDREN, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// Everything after the input: codec, pixel format and container for `format`.
    public static func outputArguments(_ format: OutputFormat, width: Int32, height: Int32, x264Preset: String? = nil)
        -> [String]
    {
        switch format {
        case .mp4:
            return [
                "-c:v", "libx264", "-preset", x264Preset ?? FFmpeg.x264Preset(width: width, height: height), "-crf",
                "23",
                "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f", "mp4",
            ]
        case .webm:
            // libvpx's realtime mode: one pass, the fastest speed step, row-based multithreading.
            return [
                "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-row-mt", "1", "-tile-columns", "2",
                "-threads", "2", "-b:v", "0", "-crf", "36", "-pix_fmt", "yuv420p", "-f", "webm",
            ]
        case .gif:
            // One palette for the whole clip, built from the frames themselves (stats of what changes),
            // then applied with ordered dithering, which stays stable between frames.
            return [
                "-filter_complex",
                "split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer:bayer_scale=5:diff_mode=rectangle",
                "-f", "gif",
            ]
        case .pngFrames:
            return []
        }
    }

    /// The whole command line after the executable.
    public static func arguments(
        _ format: OutputFormat, width: Int32, height: Int32, fps: Int, output: String, x264Preset: String? = nil
    ) -> [String] {
        [
            "-hide_banner", "-nostdin", "-loglevel", "error", "-nostats",
            "-f", "rawvideo", "-pix_fmt", "bgra", "-s", "\(width)x\(height)", "-r", "\(fps)", "-i", "pipe:0",
        ]
            // bitexact: no random container ids or version strings, so the same frames give the same file.
            + outputArguments(format, width: width, height: height, x264Preset: x264Preset) + [
                "-fflags", "+bitexact", "-y", output,
            ]
    }
}

/// ffprobe reads a finished video back before it is put in place: ffmpeg can exit 0 with a broken
/// file (after "Error writing trailer … No space left on device"), and a stand-in for ffmpeg can exit
/// 0 having written nothing or garbage.
public enum FFprobe {
    /// ffprobe beside the ffmpeg in use (a custom build's own), else on the PATH.
    public static func locate(
        beside ffmpeg: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(RecordingError) -> String {
        let fm = FileManager.default
        let own = URL(fileURLWithPath: ffmpeg).deletingLastPathComponent().appendingPathComponent("ffprobe").path
        if fm.isExecutableFile(atPath: own) { return own }
        for dir in (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = String(dir) + "/ffprobe"
            if fm.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw .encoderMissing(
            "ffprobe (part of ffmpeg) is needed to check a video before it replaces anything, but was not found beside \(ffmpeg) or on the PATH; \(FFmpeg.installHint)"
        )
    }

    /// The codec ffprobe names for a format's video stream.
    static func codec(_ format: OutputFormat) -> String {
        switch format {
        case .mp4: "h264"
        case .webm: "vp9"
        case .gif: "gif"
        case .pngFrames: "png"
        }
    }

    /// Checks that `path` holds the whole video: ffprobe reads it without error, and its video stream
    /// has the format's codec, the frame size and one packet per frame written. Packets are counted
    /// without decoding, so this costs a read of the file.
    public static func check(
        _ path: String, format: OutputFormat, width: Int32, height: Int32, frames: Int, executable: String
    ) throws(RecordingError) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = [
            "-v", "error", "-select_streams", "v:0", "-count_packets",
            "-show_entries", "stream=codec_name,width,height,nb_read_packets", "-of", "default=noprint_wrappers=1",
            path,
        ]
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        do { try p.run() } catch {
            throw .encoderMissing("cannot run ffprobe (\(executable)): \(error.localizedDescription)")
        }
        // Both pipes are read to the end before waiting (a full pipe would block ffprobe).
        let errors = ReadAll(err.fileHandleForReading)
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        let errorText = errors.wait().split(separator: "\n").suffix(4).joined(separator: "\n  ")
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        var problems: [String] = []
        if p.terminationReason != .exit || p.terminationStatus != 0 { problems.append("ffprobe cannot read it") }
        if fields["codec_name"] != codec(format) {
            problems.append("its video stream is \(fields["codec_name"] ?? "missing"), not \(codec(format))")
        }
        if fields["width"] != "\(width)" || fields["height"] != "\(height)" {
            problems.append("its size is \(fields["width"] ?? "?")x\(fields["height"] ?? "?"), not \(width)x\(height)")
        }
        if fields["nb_read_packets"] != "\(frames)" {
            problems.append("it holds \(fields["nb_read_packets"] ?? "no") frames of \(frames)")
        }
        guard problems.isEmpty else {
            var message = "ffmpeg finished, but the video it wrote is not whole: " + problems.joined(separator: "; ")
            if !errorText.isEmpty { message += "\n  " + errorText }
            throw .encoderFailed(message)
        }
    }
}

/// A file handle read to its end on another thread.
/// `@unchecked Sendable`: `data` is written by the thread before `done` is signalled and read after.
final class ReadAll: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        let thread = Thread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
        thread.start()
    }

    func wait() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
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

    /// Seconds ffmpeg may go without accepting any input before the recording fails: an encoder
    /// that stops reading must not block `record` forever.
    let stallLimit: Double

    public init(executable: String, arguments: [String], stallLimit: Double = FFmpeg.stallLimit()) {
        self.executable = executable
        self.arguments = arguments
        self.stallLimit = stallLimit
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
            throw .encoderMissing(
                "cannot start ffmpeg (\(executable)): \(error.localizedDescription); \(FFmpeg.installHint)")
        }
        started = true
        inputFD = input.fileHandleForWriting.fileDescriptor
        _ = fcntl(inputFD, FFmpegEncoder.setPipeSize, FFmpegEncoder.pipeBytes)
        // Non-blocking, so a write waits in poll(2) with a deadline instead of blocking for good.
        _ = fcntl(inputFD, F_SETFL, fcntl(inputFD, F_GETFL) | O_NONBLOCK)
        let fd = errors.fileHandleForReading.fileDescriptor
        let thread = Thread { [self] in
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, 4096) }
                if n < 0, errno == EINTR { continue }
                if n <= 0 { break }
                lock.lock()
                errorText.append(contentsOf: chunk[0..<n])
                if errorText.count > FFmpegEncoder.stderrTail {
                    errorText.removeFirst(errorText.count - FFmpegEncoder.stderrTail)
                }
                lock.unlock()
            }
            errorsDone.signal()
        }
        thread.name = "ffmpeg stderr"
        thread.start()
    }

    /// Writes one frame's bytes to ffmpeg's standard input with write(2), all of them. While the
    /// pipe is full it waits in poll(2); when ffmpeg accepts nothing for `stallLimit` seconds it is
    /// killed and the recording fails.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(RecordingError) {
        var offset = 0
        var lastProgress = Stopwatch.now()
        while offset < bytes.count {
            let n = writeFD(inputFD, bytes.baseAddress! + offset, bytes.count - offset)
            if n > 0 {
                offset += n
                lastProgress = Stopwatch.now()
                continue
            }
            if n < 0, errno == EINTR { continue }
            guard n < 0, errno == EAGAIN || errno == EWOULDBLOCK else {
                throw failure(writeError: String(cString: strerror(errno)))
            }
            let waited = Stopwatch.now() - lastProgress
            if waited >= stallLimit {
                abort()
                throw stalled()
            }
            var pfd = pollfd(fd: inputFD, events: Int16(POLLOUT), revents: 0)
            // At most a second at a time, so the deadline is checked even if poll is woken for nothing.
            _ = poll(&pfd, 1, Int32(min(1000, max(1, (stallLimit - waited) * 1000))))
        }
    }

    /// The failure of an encoder that stopped reading its input.
    func stalled() -> RecordingError {
        reap()
        let detail = errorOutput.split(separator: "\n").suffix(6).joined(separator: "\n  ")
        let limit = stallLimit == stallLimit.rounded() ? String(Int(stallLimit)) : String(stallLimit)
        return .encoderFailed(
            "ffmpeg stopped reading its input: it accepted nothing for \(limit) s, so it was stopped"
                + (detail.isEmpty ? "" : "\n  " + detail))
    }

    /// Ends the input and waits for ffmpeg to finish the file; throws if it failed.
    public func finish() throws(RecordingError) {
        reap()
        if process.terminationReason != .exit || process.terminationStatus != 0 { throw failure(writeError: nil) }
    }

    /// Kills ffmpeg now, and every process it started (idempotent, any thread). The input is closed later by
    /// `close`. A wrapper script's child that kept the pipes open outlived it: Foundation counts a process running
    /// while anything holds its descendants' end of a socket it gives it, so `record` waited for that child for ever,
    /// one thread spinning.
    public func abort() {
        lock.lock()
        defer { lock.unlock() }
        guard !killed else { return }
        killed = true
        guard process.isRunning else { return }
        let pid = process.processIdentifier
        let children = FFmpegEncoder.descendants(of: pid)
        kill(pid, SIGKILL)
        for child in children { kill(child, SIGKILL) }
    }

    /// The processes `pid` started, and theirs, from /proc (none where there is no /proc).
    static func descendants(of pid: pid_t) -> [pid_t] {
        var children: [pid_t: [pid_t]] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let id = pid_t(name),
                let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // "pid (name) state ppid …": the name may hold spaces and parentheses.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, let parent = pid_t(fields[1]) else { continue }
            children[parent, default: []].append(id)
        }
        var found: [pid_t] = []
        var next = [pid]
        while let p = next.popLast() {
            for c in children[p] ?? [] where !found.contains(c) {
                found.append(c)
                next.append(c)
            }
        }
        return found.sorted()
    }

    /// After an abort: close the input and reap the process.
    public func close() { reap() }

    /// Closes the input, waits for ffmpeg to exit and for its error output to end (once).
    private func reap() {
        guard started, !reaped else { return }
        reaped = true
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        // A child of ffmpeg (a wrapper script's) may hold its error output open: wait a little only.
        _ = errorsDone.wait(timeout: .now() + 2)
    }

    /// ffmpeg's last error lines.
    public var errorOutput: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: errorText, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// True when ffmpeg died of Ctrl-C itself (a terminal sends SIGINT to the whole process group).
    public var wasInterrupted: Bool {
        guard !process.isRunning else { return false }
        if process.terminationReason == .uncaughtSignal {
            return process.terminationStatus == SIGINT || process.terminationStatus == SIGTERM
        }
        return process.terminationStatus == 255 && errorOutput.contains("received signal")
    }

    /// `message`, then ffmpeg's last error lines and what they mean.
    func withItsWords(_ message: String) -> String {
        let detail = errorOutput.split(separator: "\n").suffix(6).joined(separator: "\n  ")
        guard !detail.isEmpty else { return message }
        return message + "\nffmpeg said:\n  " + detail + (detail.contains("No space left") ? "\nthe disk is full" : "")
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

/// close(2), named apart from the methods called `close`.
@discardableResult
func closeFD(_ fd: Int32) -> Int32 {
    #if canImport(Glibc)
        return Glibc.close(fd)
    #else
        return Darwin.close(fd)
    #endif
}
