import Foundation
import Testing

@testable import TenFootRecorder

/// The hidden temporaries outputs are staged in.
@Suite struct StagingTests {
    /// Once an interrupt has removed the temporaries, none is made: one made while it ran was left behind (1 run in 8
    /// of `map --all` stopped late). (A registry of its own: the process's is not to be emptied under other tests.)
    @Test func noTemporaryIsMadeAfterAnInterruptRemovedThem() throws {
        let dir = NSTemporaryDirectory() + "tenfoot-staging-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let staging = OutputFiles.Staging()
        let fd = staging.create(dir + "/.a.partial", mode: 0o666)
        #expect(fd >= 0)
        close(fd)
        staging.discardAll()
        #expect(!FileManager.default.fileExists(atPath: dir + "/.a.partial"))
        #expect(staging.create(dir + "/.b.partial", mode: 0o666) == -1 && errno == EINTR)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    /// A legal file name too long to take the temporary's dot and suffix is staged under a shortened one, unique to
    /// it, and written (a 241-byte name failed with "File name too long").
    @Test func longNamesAreStagedUnderShortenedNames() throws {
        let dir = NSTemporaryDirectory() + "tenfoot-staging-long-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let name = String(repeating: "é", count: 120) + ".png"  // 244 bytes
        let other = String(repeating: "é", count: 120) + ".gif"
        #expect(OutputFiles.stagingName(name) != OutputFiles.stagingName(other))
        #expect(OutputFiles.stagingName(name).utf8.count <= 200 && OutputFiles.stagingName("a.png") == "a.png")
        try OutputFiles.write(Array("x".utf8), to: dir + "/" + name)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == [name])
    }
}

/// A report a signal stops half way is taken back from the file standard output names: to where the file stood when
/// the command began (its end, when it is appended to), and nothing written after lands in it.
@Suite(.serialized) struct StandardOutputMarkTests {
    func file(_ flags: Int32, holding text: String) throws -> (path: String, fd: Int32) {
        let path = NSTemporaryDirectory() + "/mark-\(UUID().uuidString).txt"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let fd = open(path, flags)
        #expect(fd >= 0)
        return (path, fd)
    }

    @Test(arguments: [O_WRONLY | O_TRUNC, O_WRONLY | O_APPEND]) func whatWasWrittenGoes(_ flags: Int32) throws {
        let (path, fd) = try file(flags, holding: "kept\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = "before\n".withCString { write(fd, $0, 7) }
        StandardOutputMark.mark(fd)
        _ = "half a report".withCString { write(fd, $0, 13) }
        StandardOutputMark.discardWritten(fd, errors: -1)
        _ = "after".withCString { write(fd, $0, 5) }
        close(fd)
        let expected = flags & O_APPEND != 0 ? "kept\nbefore\n" : "before\n"
        #expect(try String(contentsOfFile: path, encoding: .utf8) == expected)
    }

    /// `> log 2>&1`: what standard error says after the cut follows it, with no hole before it.
    @Test func standardErrorInTheSameFileFollowsTheCut() throws {
        let (path, out) = try file(O_WRONLY | O_TRUNC, holding: "")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let errors = dup(out)
        StandardOutputMark.mark(out)
        _ = "half a report".withCString { write(out, $0, 13) }
        _ = "warning\n".withCString { write(errors, $0, 8) }
        StandardOutputMark.discardWritten(out, errors: errors)
        _ = "interrupted\n".withCString { write(errors, $0, 12) }
        close(out)
        close(errors)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "interrupted\n")
    }

    @Test func aPipeIsLeftAsItIs() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        StandardOutputMark.mark(fds[1])
        _ = "data".withCString { write(fds[1], $0, 4) }
        StandardOutputMark.discardWritten(fds[1], errors: -1)
        close(fds[1])
        var buffer = [UInt8](repeating: 0, count: 16)
        #expect(read(fds[0], &buffer, 16) == 4)
    }
}
