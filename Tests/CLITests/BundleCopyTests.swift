import Foundation
import Testing

@testable import TenFootCLI

@Suite struct BundleCopyTests {
    /// Removing a bundle's private copy while it unpacks (a Ctrl-C, at the emergency exit) stops the unpacking at its
    /// next megabyte and leaves no folder: it waited for the unpacking to end, past the exit's deadline, and a copy
    /// of 181 MB could be left in the temporary folder.
    @Test func removingTheCopyWhileItUnpacksLeavesNothing() throws {
        var members: [String: [UInt8]] = ["files/s.json": Array(#"{"root": {"type": "button", "id": "b"}}"#.utf8)]
        for k in 0..<4 { members["files/pad\(k).bin"] = [UInt8](repeating: 7, count: 48 << 20) }
        let opened = OpenedBundle(
            path: "big.tenfoot",
            bundle: ReproBundle(
                manifest: .init(scene: "files/s.json", policy: "tvos", appearance: "dark"), members: members))
        let finished = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        Thread {
            outcome.failed = (try? opened.folder()) == nil
            finished.signal()
        }.start()
        var root: String?
        for _ in 0..<5_000 where root == nil {
            root = opened.copyFolder
            usleep(1_000)
        }
        let folder = try #require(root)
        let start = Date()
        opened.removeCopy()
        #expect(Date().timeIntervalSince(start) < 0.5)
        #expect(finished.wait(timeout: .now() + 10) == .success)
        #expect(!FileManager.default.fileExists(atPath: folder))
        // Stopped, or finished just before: either way nothing is left.
        _ = outcome.failed
    }

    /// The highest folder a path passes through as written, where a bundle's folders must start.
    @Test func theHighestFolderAPathPassesThrough() {
        #expect(BundleFiles.highestFolder("/x/a/b/../../c/y.png") == "/x")
        #expect(BundleFiles.highestFolder("/x/a/./b/y.png") == "/x/a/b")
        #expect(BundleFiles.highestFolder("/x/../../y.png") == "/")
    }

    final class Outcome: @unchecked Sendable {
        var failed = false
    }
}
