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

    /// Stopping a child stops what it left holding its pipes, never a process older than it that holds them too (a
    /// daemon the encoder handed a descriptor to was killed).
    @Test func stoppingAChildSparesAnOlderHolderOfItsPipes() throws {
        let made = try #require(cloexecPipe())
        let fds = [made.read, made.write]
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { for fd in fds + [null] { close(fd) } }
        let older = try Child.spawn("/bin/sleep", ["64.\(getpid() % 1000)"], stdin: fds[0], stdout: null, stderr: null)
            .get()
        defer { older.stopAndReap() }
        usleep(20_000)
        let child = try Child.spawn(
            "/bin/sh", ["-c", "setsid sleep 65.\(getpid() % 1000) & exit 0"], stdin: null, stdout: fds[1], stderr: null
        ).get()
        #expect(child.wait(limit: 10, idle: 10) == .exited(0))
        usleep(100_000)
        #expect(!child.leftovers().isEmpty, "the session it left holding the pipe")
        #expect(!child.leftovers().contains(older.pid))
        child.stop()
        usleep(100_000)
        #expect(child.leftovers().isEmpty)
        #expect(older.exited() == nil, "the older holder still runs")
    }

    /// What a child leaves in a session of its own, holding none of its pipes, is handed to this process and
    /// stopped and reaped with the child; so are the children that leftover started. Handed to init, it was out of
    /// reach.
    @Test func aLeftoverInASessionOfItsOwnIsStoppedAndReaped() throws {
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { close(null) }
        let marker = "sleep 70.\(getpid() % 1000)"
        let child = try Child.spawn(
            "/bin/sh", ["-c", "setsid sh -c '\(marker) & \(marker)' </dev/null >/dev/null 2>&1 & exit 0"], stdin: null,
            stdout: null, stderr: null
        ).get()
        #expect(child.wait(limit: 10, idle: 10) == .exited(0))
        var left: [pid_t] = []
        for _ in 0..<100 where left.count < 2 {
            usleep(20_000)
            left = try runProcess("/usr/bin/pgrep", ["-f", marker]).stdout.split(separator: "\n").compactMap {
                pid_t($0)
            }
        }
        // (Another test's child running beside it may have stopped some of these already: they are what any child
        // started before them left in a session of its own.)
        child.stop()
        #expect(child.leftovers().isEmpty)
        usleep(100_000)
        let still = try runProcess("/usr/bin/pgrep", ["-f", marker]).stdout
        #expect(still.isEmpty, "still running: \(still)")
        for id in left {
            let state = Child.statFields(id)?.first
            #expect(state == nil, "\(id) is still there (state \(state.map(String.init) ?? ""))")
        }
    }

    /// A child gets its three standard streams and nothing else this process holds open: a descriptor its parent left
    /// it without close-on-exec (Foundation's socket, a CI runner's pipe) went to ffmpeg and to what ffmpeg left behind,
    /// which kept that parent waiting.
    @Test func aChildGetsOnlyItsStandardStreams() throws {
        let stray = open("/dev/null", O_RDONLY)
        defer { close(stray) }
        #expect(stray > 2)
        let run = try BoundedRun.run("/bin/sh", ["-c", "ls /proc/$$/fd"], limit: 10, idle: 10).get()
        #expect(run.status == .exited(0))
        #expect(run.output.split(separator: "\n") == ["0", "1", "2"], "\(run.output)")
    }

    /// What a program prints past the output's bound is read and dropped, and it ends as it would.
    @Test func aBoundedRunKeepsTheFirstOfItsOutput() throws {
        let run = try BoundedRun.run("/bin/sh", ["-c", "head -c 1000000 /dev/zero | tr '\\0' a"], limit: 30, idle: 30)
            .get()
        #expect(run.status == .exited(0))
        #expect(run.output.utf8.count == BoundedRun.outputLimit)
    }
}
