import Foundation
import TenFootApp
import Testing

/// The live preview's file watcher: notified on Linux (no poll is due in these checks: `now` stays
/// below the backup poll's interval), and a change means changed bytes, however they were written.
@Suite struct FileWatcherTests {
    let dir: String

    init() throws {
        dir =
            FileManager.default.temporaryDirectory.appendingPathComponent(
                "tenfoot-watch-\(getpid())-\(UUID().uuidString.prefix(8))"
            ).path
        try FileManager.default.createDirectory(atPath: dir + "/real", withIntermediateDirectories: true)
    }

    func write(_ text: String, _ path: String) throws {
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    /// Sets the file's modification time back to `seconds` since 1970 (what `touch -d` and `cp -p` do).
    func setModified(_ path: String, seconds: Int) {
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    @Test func aRewriteThatKeepsSizeAndTimeIsNoticed() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/scene.json"
        try write(#"{"title": "A"}"#, file)
        setModified(file, seconds: 1_000_000)
        let w = FileWatcher { [file] }
        #if os(Linux)
            #expect(w.notifies)
        #endif
        #expect(!w.changed(now: 0.01), "nothing happened")
        try write(#"{"title": "B"}"#, file)
        setModified(file, seconds: 1_000_000)
        #expect(w.changed(now: 0.02), "same size, same modification time, new bytes")
        #expect(!w.changed(now: 0.03), "reported once")
        setModified(file, seconds: 2_000_000)
        #expect(!w.changed(now: 0.04), "a touch that changes no byte is no change")
    }

    /// A file larger than any reader takes is known by its signature, not read: hashing a 3 GB file saved under the
    /// window took 2.6 GB (a touch of it counts as a change, as it cannot be told from one). A FIFO saved under it is
    /// not read either, so the check does not wait for a writer.
    @Test func aHugeFileOrAFIFOSavedUnderTheWindowIsNotRead() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/scene.json"
        try write("one", file)
        let w = FileWatcher { [file] }
        let huge = dir + "/huge.tmp"
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        #expect(truncate(huge, off_t(FileWatcher.hashedBytesMost) + 1) == 0)
        #expect(rename(huge, file) == 0)
        #expect(w.changed(now: 0.01))
        setModified(file, seconds: 1_000_000)
        #expect(w.changed(now: 0.02), "known by its signature")
        #expect(unlink(file) == 0)
        #expect(w.changed(now: 0.03))
        #expect(mkfifo(file, 0o600) == 0)
        #expect(w.changed(now: 0.04), "a FIFO, not waited on")
    }

    @Test func aReplacementByRenameIsNoticed() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/scene.json"
        try write("one", file)
        let w = FileWatcher { [file] }
        try write("two", dir + "/scene.json.tmp")
        setModified(dir + "/scene.json.tmp", seconds: 1_000_000)
        #expect(rename(dir + "/scene.json.tmp", file) == 0)
        #expect(w.changed(now: 0.01))
        #expect(unlink(file) == 0)
        #expect(w.changed(now: 0.02), "a file deleted")
        try write("three", file)
        #expect(w.changed(now: 0.03), "and back")
    }

    /// A scene reached through a link: its target edited in its own folder, and the link pointed elsewhere.
    @Test func linksAreFollowed() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let target = dir + "/real/target.json"
        let other = dir + "/real/other.json"
        let link = dir + "/scene.json"
        try write("one", target)
        try write("other", other)
        #expect(symlink(target, link) == 0)
        let w = FileWatcher { [link] }
        try write("two", target)
        #expect(w.changed(now: 0.01), "the target edited")
        #expect(unlink(link) == 0 && symlink(other, link) == 0)
        #expect(w.changed(now: 0.02), "the link retargeted")
        try write("changed", other)
        #expect(w.changed(now: 0.03), "the new target edited")
        try write("three", target)
        #expect(!w.changed(now: 0.04), "the old target is no longer the scene")
    }

    /// A folder reached through a link (`scenes -> real`).
    @Test func linkedFoldersAreFollowed() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(symlink(dir + "/real", dir + "/scenes") == 0)
        let file = dir + "/scenes/s.json"
        try write("one", file)
        let w = FileWatcher { [file] }
        try write("two", dir + "/real/s.json")
        #expect(w.changed(now: 0.01))
    }

    /// Without notifications the files are polled, at most every `pollInterval`.
    @Test func pollingFindsTheSameChanges() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/scene.json"
        try write("one", file)
        let w = FileWatcher(notifications: false) { [file] }
        #expect(!w.notifies)
        try write("two", file)
        #expect(!w.changed(now: FileWatcher.pollInterval / 2), "no poll due yet")
        #expect(w.changed(now: FileWatcher.pollInterval), "the poll sees it")
        try write("tw2", file)
        setModified(file, seconds: 1_000_000)
        try write("tw3", file)
        setModified(file, seconds: 1_000_000)
        #expect(w.changed(now: 2 * FileWatcher.pollInterval), "a same-size, same-time rewrite too")
    }
}
