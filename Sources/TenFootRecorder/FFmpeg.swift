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

    /// How long ffmpeg may spend taking in one frame, or use no processor time once its input has ended, before a
    /// recording fails (`FFmpegEncoder.stallLimit`): 60 s, or `TENFOOT_ENCODER_STALL_SECONDS` (tests, very slow
    /// machines). Generous: x264 takes under 0.1 s for a 4K frame here.
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

    /// Everything after the input: codec, pixel format and container for `format`. A GIF with `palette` applies the
    /// palette given as a second input; without, ffmpeg makes it from the frames in the same graph, holding them all
    /// until the input ends (what the recorder did before ``GIFPalette``, and the benchmark's measure of ffmpeg alone).
    public static func outputArguments(
        _ format: OutputFormat, width: Int32, height: Int32, x264Preset: String? = nil, palette: Bool = false
    ) -> [String] {
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
            let use = "paletteuse=dither=bayer:bayer_scale=5:diff_mode=rectangle"
            return [
                "-filter_complex",
                palette ? "[0:v][1:v]" + use : "split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]" + use,
                "-f", "gif",
            ]
        case .pngFrames:
            return []
        }
    }

    /// The whole command line after the executable. `palette`: a GIF's (``GIFPalette``), 256 `bgra` entries, given in
    /// the command line itself as a 16×16 picture (a `data:` URL), so that no file holds it.
    public static func arguments(
        _ format: OutputFormat, width: Int32, height: Int32, fps: Int, output: String, x264Preset: String? = nil,
        palette: [UInt8]? = nil
    ) -> [String] {
        var input = [
            "-hide_banner", "-nostdin", "-loglevel", "error", "-nostats",
            "-f", "rawvideo", "-pix_fmt", "bgra", "-s", "\(width)x\(height)", "-r", "\(fps)", "-i", "pipe:0",
        ]
        let palette = format == .gif ? palette : nil
        if let palette {
            input += [
                "-f", "rawvideo", "-pix_fmt", "bgra", "-s", "16x16", "-i",
                "data:application/octet-stream;base64," + Data(palette).base64EncodedString(),
            ]
        }
        // bitexact: no random container ids or version strings, so the same frames give the same file.
        return input
            + outputArguments(format, width: width, height: height, x264Preset: x264Preset, palette: palette != nil)
            + ["-fflags", "+bitexact", "-y", output]
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
        let arguments = [
            "-v", "error", "-select_streams", "v:0", "-count_packets",
            "-show_entries", "stream=codec_name,width,height,nb_read_packets", "-of", "default=noprint_wrappers=1",
            path,
        ]
        // ffprobe reads the whole file: it has the stall limit and a second more for every 20 MB of it, and is stopped
        // sooner when it uses no processor time for the stall limit. What it prints is kept to a bound.
        var info = stat()
        let size = stat(path, &info) == 0 ? Double(info.st_size) : 0
        let stallLimit = FFmpeg.stallLimit()
        let run: BoundedRun
        switch BoundedRun.run(executable, arguments, limit: stallLimit + size / 20e6, idle: stallLimit) {
        case .success(let done): run = done
        case .failure(let e): throw .encoderMissing("cannot run ffprobe (\(executable)): \(e.message)")
        }
        guard let status = run.status else {
            throw .encoderFailed(
                "ffmpeg finished, but ffprobe did not finish reading the video back within "
                    + "\(FFmpegEncoder.seconds((stallLimit + size / 20e6).rounded(.up))) s, so it was stopped")
        }
        let text = run.output
        let errorText = run.errors.split(separator: "\n").suffix(4).joined(separator: "\n  ")
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        var problems: [String] = []
        if status != .exited(0) { problems.append("ffprobe cannot read it") }
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

/// A child run to its end with what it prints read as it goes: the first ``outputLimit`` bytes of its standard output
/// and the last ``FFmpegEncoder/stderrTail`` of its error output, the rest read and dropped (read whole, a stand-in
/// for ffprobe printing without end took 7 GB). It is stopped, with all it started, past `limit` seconds or when it
/// uses no processor time for `idle` seconds; once it has ended, its pipes are read for two seconds more at most (a
/// child it left behind may hold them), and what it left running is stopped.
struct BoundedRun {
    static let outputLimit = 64 * 1024

    var status: Child.Status?
    var output: String
    var errors: String

    static func run(
        _ executable: String, _ arguments: [String], limit: Double, idle: Double, reaper: [String]? = Child.reaper
    ) -> Result<BoundedRun, ChildError> {
        guard let out = cloexecPipe(), let err = cloexecPipe() else {
            return .failure(ChildError(number: errno))
        }
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        let spawned = Child.spawn(
            executable, arguments, stdin: null, stdout: out.write, stderr: err.write, reaper: reaper)
        for fd in [out.write, err.write, null] where fd >= 0 { closeFD(fd) }
        defer {
            closeFD(out.read)
            closeFD(err.read)
        }
        let child: Child
        switch spawned {
        case .success(let c): child = c
        case .failure(let e): return .failure(e)
        }
        var output: [UInt8] = []
        var errors = Tail(limit: FFmpegEncoder.stderrTail)
        var open = [out.read, err.read]
        let start = Stopwatch.now()
        var ended: Double?
        var status: Child.Status?
        var work = Child.Work(child, idle: idle)
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { chunk.deallocate() }
        while true {
            if status == nil, let s = child.exited() {
                status = s
                ended = Stopwatch.now()
            }
            let now = Stopwatch.now()
            if open.isEmpty && status != nil { break }
            if let ended, now - ended >= 2 { break }
            if status == nil, now - start >= limit || work.idle(at: now) {
                child.stopAndReap()
                return .success(BoundedRun(status: nil, output: "", errors: errors.text))
            }
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if fds.isEmpty {
                usleep(10_000)
                continue
            }
            _ = poll(&fds, nfds_t(fds.count), 50)
            for p in fds where p.revents != 0 {
                let n = read(p.fd, chunk.baseAddress, chunk.count)
                if n < 0, errno == EINTR || errno == EAGAIN { continue }
                if n <= 0 {
                    open.removeAll { $0 == p.fd }
                    continue
                }
                let bytes = UnsafeRawBufferPointer(rebasing: chunk[0..<n])
                if p.fd == out.read {
                    output.append(contentsOf: bytes.prefix(max(0, outputLimit - output.count)))
                } else {
                    errors.append(bytes)
                }
            }
        }
        // What it left running ends with it.
        child.stop()
        return .success(
            BoundedRun(status: status, output: String(decoding: output, as: UTF8.self), errors: errors.text))
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
    /// After its input ends, ffmpeg has this many times the recording's own time to finish, and at least the stall
    /// limit; and it is stopped sooner when it uses no processor time for the stall limit.
    static let finishTimes = 10.0

    let executable: String
    let arguments: [String]
    private var child: Child?
    private var inputFD: Int32 = -1
    private let lock = NSLock()
    private var errorText = Tail(limit: FFmpegEncoder.stderrTail)
    private let errorsDone = DispatchSemaphore(value: 0)
    private var killed = false
    private var reaped = false
    private var status: Child.Status?
    private var startedAt = 0.0
    /// Whether it was stopped for not finishing after its input ended, and after how many seconds.
    private var unfinished: Double?

    /// Seconds ffmpeg may go without accepting any input before the recording fails: an encoder
    /// that stops reading must not block `record` forever.
    let stallLimit: Double

    public init(executable: String, arguments: [String], stallLimit: Double = FFmpeg.stallLimit()) {
        self.executable = executable
        self.arguments = arguments
        self.stallLimit = stallLimit
    }

    public func start() throws(RecordingError) {
        // A dead reader must surface as EPIPE from write(2), not kill this process.
        signal(SIGPIPE, SIG_IGN)
        guard let input = cloexecPipe(), let errors = cloexecPipe() else {
            throw .encoderMissing("cannot start ffmpeg (\(executable)): \(String(cString: strerror(errno)))")
        }
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        let spawned = Child.spawn(executable, arguments, stdin: input.read, stdout: null, stderr: errors.write)
        for fd in [input.read, errors.write, null] where fd >= 0 { closeFD(fd) }
        guard case .success(let child) = spawned else {
            closeFD(input.write)
            closeFD(errors.read)
            let reason = if case .failure(let e) = spawned { e.message } else { "" }
            throw .encoderMissing("cannot start ffmpeg (\(executable)): \(reason); \(FFmpeg.installHint)")
        }
        self.child = child
        startedAt = Stopwatch.now()
        inputFD = input.write
        _ = fcntl(inputFD, FFmpegEncoder.setPipeSize, FFmpegEncoder.pipeBytes)
        // Non-blocking, so a write waits in poll(2) with a deadline instead of blocking for good.
        _ = fcntl(inputFD, F_SETFL, fcntl(inputFD, F_GETFL) | O_NONBLOCK)
        let fd = errors.read
        let thread = Thread { [self] in
            let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 16)
            defer {
                chunk.deallocate()
                closeFD(fd)
            }
            while true {
                let n = read(fd, chunk.baseAddress, chunk.count)
                if n < 0, errno == EINTR { continue }
                if n <= 0 { break }
                lock.lock()
                errorText.append(UnsafeRawBufferPointer(rebasing: chunk[0..<n]))
                lock.unlock()
            }
            errorsDone.signal()
        }
        thread.name = "ffmpeg stderr"
        thread.start()
    }

    /// Writes one frame's bytes to ffmpeg's standard input with write(2), all of them. While the
    /// pipe is full it waits in poll(2); when ffmpeg has not taken the whole frame within `stallLimit` seconds it is
    /// killed and the recording fails (counted from the frame's start, not from the last bytes taken: an encoder
    /// reading 8 KB every 4 s was never stalled, and would have taken two hours over a short clip).
    public func write(_ bytes: UnsafeRawBufferPointer) throws(RecordingError) {
        var offset = 0
        let frameStart = Stopwatch.now()
        while offset < bytes.count {
            let n = writeFD(inputFD, bytes.baseAddress! + offset, bytes.count - offset)
            if n > 0 {
                offset += n
                continue
            }
            if n < 0, errno == EINTR { continue }
            guard n < 0, errno == EAGAIN || errno == EWOULDBLOCK else {
                throw failure(writeError: String(cString: strerror(errno)))
            }
            let waited = Stopwatch.now() - frameStart
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
        return .encoderFailed(
            "ffmpeg stopped reading its input: it did not take a frame in \(Self.seconds(stallLimit)) s, so it was stopped"
                + (detail.isEmpty ? "" : "\n  " + detail))
    }

    static func seconds(_ s: Double) -> String { s == s.rounded() ? String(Int(s)) : String(format: "%g", s) }

    /// Ends the input and waits for ffmpeg to finish the file; throws if it failed.
    public func finish() throws(RecordingError) {
        reap()
        if let unfinished {
            let detail = errorOutput.split(separator: "\n").suffix(6).joined(separator: "\n  ")
            throw .encoderFailed(
                "ffmpeg did not finish the video: \(Self.seconds(unfinished.rounded())) s after its last frame it had not "
                    + "ended (it used no processor time for \(Self.seconds(stallLimit)) s, or took more than "
                    + "\(Self.seconds(Self.finishTimes)) times the recording's own time), so it was stopped"
                    + (detail.isEmpty ? "" : "\n  " + detail))
        }
        if status != .exited(0) { throw failure(writeError: nil) }
    }

    /// Kills ffmpeg now, and every process it started (idempotent, any thread). The input is closed later by
    /// `close`.
    public func abort() {
        lock.lock()
        defer { lock.unlock() }
        guard !killed else { return }
        killed = true
        child?.stop()
    }

    /// After an abort: close the input and reap the process.
    public func close() { reap() }

    /// Closes the input, waits for ffmpeg to exit, within bounds (``finishTimes``), and for its error output to end
    /// (once). An encoder that does not end is stopped, with all it started.
    private func reap() {
        guard let child, !reaped else { return }
        reaped = true
        closeFD(inputFD)
        let limit = max(stallLimit, FFmpegEncoder.finishTimes * (Stopwatch.now() - startedAt))
        let waitStart = Stopwatch.now()
        status = child.wait(limit: limit, idle: stallLimit)
        if status == nil {
            lock.lock()
            let wasKilled = killed
            killed = true
            lock.unlock()
            if !wasKilled { unfinished = Stopwatch.now() - waitStart }
            status = child.stopAndReap()
        } else {
            // What it left behind (a wrapper's child holding its pipes) ends with it.
            child.stop()
        }
        // A child of ffmpeg (a wrapper script's) may hold its error output open: wait a little only.
        _ = errorsDone.wait(timeout: .now() + 2)
    }

    /// ffmpeg's last error lines.
    public var errorOutput: String {
        lock.lock()
        defer { lock.unlock() }
        return errorText.text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// True when ffmpeg died of Ctrl-C itself (a terminal sends SIGINT to the whole process group).
    public var wasInterrupted: Bool {
        guard let status = child?.exited() else { return false }
        if case .signalled(let s) = status { return s == SIGINT || s == SIGTERM }
        return status == .exited(255) && errorOutput.contains("received signal")
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
        let state: String
        switch status {
        case .signalled(let s)?: state = "was killed by signal \(s)"
        case .exited(let code)?: state = "exited with status \(code)"
        case nil: state = "did not end"
        }
        var message = "ffmpeg failed: it \(state)" + (writeError.map { " (writing frames: \($0))" } ?? "")
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
