import Foundation
import TestSupport
import Testing

@testable import TenFootRecorder

/// The programs the recorder runs (ffmpeg, ffprobe): what they print is kept to a bound, and waiting for them has one.
@Suite struct ChildTests {
    /// The tail of an error output keeps its last bytes in memory that does not grow with what passed (trimmed with
    /// `Data.removeFirst`, an encoder printing without end took 9 GB).
    @Test func aTailKeepsItsLastBytesWithinItsBound() {
        var tail = Tail(limit: 1000)
        var most = 0
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 700)
        for k in 0..<10_000 {
            var piece = chunk
            piece[699] = UInt8(ascii: "0") + UInt8(k % 10)
            piece.withUnsafeBytes { tail.append($0) }
            most = max(most, tail.bytes.count, tail.bytes.capacity)
        }
        #expect(most <= 4 * 1000, "\(most)")
        #expect(tail.text.utf8.count == 1000 && tail.text.hasSuffix("9"))
        let huge = [UInt8](repeating: UInt8(ascii: "y"), count: 5000)
        huge.withUnsafeBytes { tail.append($0) }
        #expect(tail.text == String(repeating: "y", count: 1000))
    }

    /// A program that prints without end is read to a bound and stopped at its time limit, with what it started; one
    /// that sleeps is stopped once it has used no processor time for the idle limit.
    @Test func aBoundedRunStopsWhatDoesNotEnd() throws {
        let marker = "62.\(getpid() % 1000)"
        let started = Date()
        let flood = try BoundedRun.run(
            "/bin/sh", ["-c", "sleep \(marker) & cat /dev/zero & cat /dev/zero >&2"], limit: 1.5, idle: 10
        ).get()
        #expect(flood.status == nil)
        #expect(flood.output.isEmpty && flood.errors.utf8.count <= FFmpegEncoder.stderrTail)
        let sleeper = try BoundedRun.run("/bin/sh", ["-c", "exec sleep 60"], limit: 60, idle: 1).get()
        #expect(sleeper.status == nil)
        #expect(Date().timeIntervalSince(started) < 20)
        let left = try runProcess("/usr/bin/pgrep", ["-f", "sleep \(marker)"])
        #expect(left.stdout.isEmpty, "still running: \(left.stdout)")
        let done = try BoundedRun.run("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"], limit: 10, idle: 10).get()
        #expect(done.status == .exited(3) && done.output == "out\n" && done.errors == "err\n")
    }

    /// Under a reaper, what a program leaves behind ends with it: in a session of its own, holding the pipe it was
    /// given or none at all, with children of its own; a process older than it that holds the same pipe (a daemon the
    /// encoder handed a descriptor to was killed) lives on, and so does everything else.
    @Test func whatAProgramLeavesEndsWithItUnderAReaper() throws {
        let made = try #require(cloexecPipe())
        let fds = [made.read, made.write]
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { for fd in fds + [null] { close(fd) } }
        let older = try Child.spawn(
            "/bin/sleep", ["64.\(getpid() % 1000)"], stdin: fds[0], stdout: null, stderr: null, reaper: nil
        ).get()
        defer { older.stopAndReap() }
        let marker = "sleep 65.\(getpid() % 1000)"
        let child = try Child.spawn(
            "/bin/sh",
            [
                "-c",
                "setsid \(marker) & setsid sh -c '\(marker) & \(marker)' </dev/null >/dev/null 2>&1 & "
                    + "( \(marker) & ) ; sleep 0.2; exit 4",
            ],
            stdin: null, stdout: fds[1], stderr: null, reaper: [TestPaths.tenfoot]
        ).get()
        #expect(child.wait(limit: 10, idle: 10) == .exited(4))
        let left = try runProcess("/usr/bin/pgrep", ["-f", marker]).stdout
        #expect(left.isEmpty, "still running: \(left)")
        #expect(older.exited() == nil, "the older holder still runs")
        child.stop()
    }

    /// Starts a program under tenfoot as its reaper, its standard streams on `null`.
    static func underTenfoot(_ null: Int32) -> (String, [String]) -> Result<Child, ChildError> {
        { program, arguments in
            Child.spawn(program, arguments, stdin: null, stdout: null, stderr: null, reaper: [TestPaths.tenfoot])
        }
    }

    /// Stopping a child under a reaper stops the program and all it started, and the child says it was killed; a
    /// program that cannot start says why, as one started directly does; the program's exit status and signal are the
    /// child's.
    @Test func aReaperStopsReportsAndEndsAsItsProgram() throws {
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { close(null) }
        let marker = "sleep 66.\(getpid() % 1000)"
        let spawn = Self.underTenfoot(null)
        let running = try spawn("/bin/sh", ["-c", "setsid \(marker) </dev/null >/dev/null 2>&1 & exec \(marker)"]).get()
        var started = ""
        for _ in 0..<100 where started.split(separator: "\n").count < 2 {
            usleep(20_000)
            started = try runProcess("/usr/bin/pgrep", ["-f", marker]).stdout
        }
        #expect(running.stopAndReap() == .signalled(SIGKILL))
        let left = try runProcess("/usr/bin/pgrep", ["-f", marker]).stdout
        #expect(left.isEmpty, "still running: \(left)")
        guard case .failure(let missing) = spawn("/nonexistent/ffmpeg", []) else {
            Issue.record("a missing program started")
            return
        }
        #expect(missing.message == String(cString: strerror(ENOENT)))
        #expect(try spawn("/bin/sh", ["-c", "exit 7"]).get().wait(limit: 10, idle: 10) == .exited(7))
        #expect(try spawn("/bin/sh", ["-c", "kill -TERM $$"]).get().wait(limit: 10, idle: 10) == .signalled(SIGTERM))
    }

    /// A program cannot undo its reaper by signalling it: SIGUSR1 (or SIGALRM, SIGPIPE) ended it and left what the
    /// program started running; one it stopped (SIGSTOP) is woken when the child is stopped, not waited for three
    /// seconds in vain. Run by hand, not as tenfoot starts it (its parent another, or children of its own it did not
    /// start), a reaper refuses: a shell's jobs before `exec` would have been stopped with its program.
    @Test func aReaperOutlastsItsProgramsSignalsAndRunsOnlyAsTenfootStartsIt() throws {
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { close(null) }
        let marker = "sleep 67.\(getpid() % 1000)"
        let spawn = Self.underTenfoot(null)
        let signalling = try spawn(
            "/bin/sh",
            ["-c", "setsid \(marker) </dev/null >/dev/null 2>&1 & kill -USR1 $PPID; kill -ALRM $PPID; exit 5"]
        ).get()
        #expect(signalling.wait(limit: 10, idle: 10) == .exited(5))
        usleep(100_000)
        var left = try runProcess("/usr/bin/pgrep", ["-f", marker]).stdout
        #expect(left.isEmpty, "still running: \(left)")
        let stopping = try spawn(
            "/bin/sh", ["-c", "setsid \(marker) </dev/null >/dev/null 2>&1 & kill -STOP $PPID; exec \(marker)"]
        )
        .get()
        usleep(300_000)
        let asked = Date()
        stopping.stop()
        #expect(Date().timeIntervalSince(asked) < 2.5)
        usleep(100_000)
        left = try runProcess("/usr/bin/pgrep", ["-f", marker]).stdout
        #expect(left.isEmpty, "still running: \(left)")
        let byHand = try runProcess(TestPaths.tenfoot, [Reaper.flag, "1", "/bin/true"])
        #expect(byHand.status == 2 && byHand.stderr.contains("runs only as tenfoot starts it"), "\(byHand.stderr)")
    }

    /// A child gets its three standard streams and nothing else this process holds open: a descriptor its parent left
    /// it without close-on-exec (Foundation's socket, a CI runner's pipe) went to ffmpeg and to what ffmpeg left behind,
    /// which kept that parent waiting.
    @Test func aChildGetsOnlyItsStandardStreams() throws {
        let stray = open("/dev/null", O_RDONLY)
        defer { close(stray) }
        #expect(stray > 2)
        for reaper in [nil, [TestPaths.tenfoot]] {
            let run = try BoundedRun.run("/bin/sh", ["-c", "ls /proc/$$/fd"], limit: 10, idle: 10, reaper: reaper).get()
            #expect(run.status == .exited(0))
            #expect(run.output.split(separator: "\n") == ["0", "1", "2"], "\(run.output)")
        }
    }

    /// What a program prints past the output's bound is read and dropped, and it ends as it would.
    @Test func aBoundedRunKeepsTheFirstOfItsOutput() throws {
        let run = try BoundedRun.run("/bin/sh", ["-c", "head -c 1000000 /dev/zero | tr '\\0' a"], limit: 30, idle: 30)
            .get()
        #expect(run.status == .exited(0))
        #expect(run.output.utf8.count == BoundedRun.outputLimit)
    }

    /// When `write` returns, the encoder holds none of the frame's memory, so the frame may be drawn again at once:
    /// frames are copied into the pipe. Handed by reference (vmsplice), all but a last copied pipe's worth, an encoder
    /// that relays its input with splice(2) (as `pv` does in front of ffmpeg) still held the pages after the pipe had
    /// drained, and read the next frame's pixels. This reader moves 64 KB at a time from its input into a pipe of its
    /// own, waits, then writes that pipe to a file; each frame is overwritten, its end first, the moment `write`
    /// returns. (Needs python3 with os.splice, 3.10 and later.)
    @Test func aFrameIsTheEncodersOnceWritten() throws {
        guard
            let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(
                where: FileManager.default.isExecutableFile(atPath:))
        else { return }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-relayed-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let relay = """
            import os, sys, time
            if not hasattr(os, "splice"): sys.exit(77)
            out = os.open(sys.argv[1], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            r, w = os.pipe()
            while True:
                n = os.splice(0, w, 1 << 16)
                if n == 0: break
                time.sleep(0.002)
                while n > 0: n -= os.splice(r, out, n)
            """
        let encoder = FFmpegEncoder(executable: python, arguments: ["-c", relay, out], stallLimit: 60)
        try encoder.start()
        let size = (5 << 20) + 12_345
        let frame = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 64)
        defer { frame.deallocate() }
        let frames = 4
        do {
            for k in 0..<frames {
                let end = 2 << 20
                memset(frame.baseAddress! + size - end, Int32(k + 1), end)
                memset(frame.baseAddress!, Int32(k + 1), size - end)
                try encoder.write(UnsafeRawBufferPointer(frame))
            }
            try encoder.finish()
        } catch {
            // A python3 without os.splice.
            if encoder.errorOutput.isEmpty, case .encoderFailed(let m) = error, m.contains("status 77") { return }
            throw error
        }
        let written = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(written.count == frames * size)
        var wrong: [String] = []
        written.withUnsafeBytes { bytes in
            for k in 0..<frames {
                let other = bytes[(k * size)..<((k + 1) * size)].firstIndex { $0 != UInt8(k + 1) }
                if let other { wrong.append("frame \(k): byte \(other - k * size) is \(bytes[other])") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong)")
    }
}
