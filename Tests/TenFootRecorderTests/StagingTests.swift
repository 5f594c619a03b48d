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
