import Foundation
import TestSupport
import Testing

@testable import TenFootRecorder

/// A finished GIF read back from its blocks (`GIFFile`): what ffprobe counts in it, and every broken GIF refused at
/// the byte where it breaks, read whole or a byte at a time alike.
@Suite struct GIFFileTests {
    static let seeds = TestPaths.packageRoot + "/Fuzz/Seeds/gif"

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: seeds + "/" + name)))
    }

    static func summary(_ bytes: [UInt8], limit: Int = 1000, chunk: Int = GIFFile.chunkBytes) -> Result<
        GIFFile.Summary, GIFFile.Malformed
    > {
        Result { () throws(GIFFile.Malformed) in try GIFFile.summary(bytes, frameLimit: limit, chunk: chunk) }
    }

    /// GIFs ffmpeg wrote (with the recorder's palette and diff settings, and without) and one made by hand: the screen
    /// size and image count ffprobe reports, in chunks of every size, and from the file.
    @Test(.enabled(if: Tools.hasFFmpeg, "needs ffprobe (scripts/setup.sh installs it)"))
    func theReaderCountsWhatFFprobeCounts() throws {
        // The seeds (the rest of the folder is what the fuzzer kept).
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.seeds).filter { $0.hasSuffix(".gif") }
            .sorted()
        #expect(names.count == 3)
        for name in names {
            let probe = try runProcess(
                try #require(Tools.ffprobe),
                [
                    "-v", "error", "-select_streams", "v:0", "-count_packets", "-show_entries",
                    "stream=width,height,nb_read_packets", "-of", "csv=p=0", Self.seeds + "/" + name,
                ])
            let fields = probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").map {
                Int($0)
            }
            let bytes = try Self.bytes(name)
            let expected = GIFFile.Summary(width: fields[0]!, height: fields[1]!, frames: fields[2]!)
            #expect(try GIFFile.summary(path: Self.seeds + "/" + name, frameLimit: 1000) == expected, "\(name)")
            for chunk in [1, 2, 3, 7, 64, bytes.count] {
                #expect(Self.summary(bytes, chunk: chunk) == .success(expected), "\(name), chunks of \(chunk)")
            }
        }
    }

    /// The seeds read as ffprobe reads them (`theReaderCountsWhatFFprobeCounts`), with or without ffmpeg here: two GIFs
    /// ffmpeg wrote (global colour tables, graphics control and application extensions, images smaller than the screen)
    /// and one made by hand.
    @Test func theSeedsReadAsFFprobeReadThem() throws {
        let expected = [
            "hand-87a.gif": GIFFile.Summary(width: 2, height: 2, frames: 1),
            "red-9x5.gif": GIFFile.Summary(width: 8, height: 4, frames: 3),
            "testsrc-16x8.gif": GIFFile.Summary(width: 16, height: 8, frames: 4),
        ]
        for (name, summary) in expected.sorted(by: { $0.key < $1.key }) {
            let bytes = try Self.bytes(name)
            for chunk in [1, 3, bytes.count] {
                #expect(Self.summary(bytes, chunk: chunk) == .success(summary), "\(name), chunks of \(chunk)")
            }
        }
    }

    /// The hand-made GIF87a: a comment, then one 2×2 image with a colour table of its own.
    @Test func everyWayOfBreakingAGIFIsRefusedAtItsByte() throws {
        let good = try Self.bytes("hand-87a.gif")
        #expect(Self.summary(good) == .success(GIFFile.Summary(width: 2, height: 2, frames: 1)))
        func refused(_ bytes: [UInt8], _ reason: String, at offset: Int, limit: Int = 1000) {
            for chunk in [1, 5, GIFFile.chunkBytes] {
                let result = Self.summary(bytes, limit: limit, chunk: chunk)
                #expect(result == .failure(GIFFile.Malformed(reason: reason, offset: offset)), "chunks of \(chunk)")
            }
        }
        // Every cut short: nothing past its end is read, and the error says where it ended.
        for n in 0..<good.count {
            let result = Self.summary(Array(good.prefix(n)))
            guard case .failure(let error) = result else {
                Issue.record("\(n) bytes accepted")
                continue
            }
            #expect(error.offset <= n, "\(n) bytes: \(error)")
            let ending =
                n < 6
                ? "it ends inside its header"
                : [13, 22, good.count - 1].contains(n) ? "it ends before its trailer" : "it ends inside"
            #expect(error.reason.hasPrefix(ending), "\(n): \(error)")
        }
        refused(Array("GIF90a".utf8) + good.dropFirst(6), "it is not a GIF (no GIF87a or GIF89a header)", at: 0)
        refused(good + [0], "bytes follow its trailer", at: good.count)
        // A block of no kind where the next should begin (after the 13 bytes of header and screen).
        var unknown = good
        unknown[13] = 0x00
        refused(unknown, "a block begins with 0x0", at: 13)
        var empty = good
        (empty[6], empty[7]) = (0, 0)
        refused(empty, "its screen is 0x2", at: 6)
        // The image descriptor starts at 22: an image wider than the screen, at a place off it.
        var wide = good
        wide[27] = 3
        refused(wide, "an image of 3x2 at 0,0 is not inside its 2x2 screen", at: 22)
        var moved = good
        moved[23] = 1
        refused(moved, "an image of 2x2 at 1,0 is not inside its 2x2 screen", at: 22)
        for size: UInt8 in [0, 12] {
            var code = good
            code[38] = size
            refused(code, "an image's LZW code size is \(size)", at: 38)
        }
        // A sub-block longer than what is left.
        var long = good
        long[39] = 200
        refused(long, "it ends inside an image", at: good.count)
        // Past the limit of images: three images, two allowed.
        let image = Array(good[22..<good.count - 1])
        let three = Array(good[0..<22]) + image + image + image + [0x3B]
        #expect(Self.summary(three) == .success(GIFFile.Summary(width: 2, height: 2, frames: 3)))
        refused(three, "it holds more than 2 images", at: 22 + 2 * image.count, limit: 2)
    }

    /// Random damage to a GIF ffmpeg wrote: every copy read or refused, the same whole and a byte at a time.
    @Test func damagedGIFsReadTheSameInChunks() throws {
        let good = try Self.bytes("testsrc-16x8.gif")
        #expect(Self.summary(good, limit: 16) == .success(GIFFile.Summary(width: 16, height: 8, frames: 4)))
        var random = SplitMix(seed: 2026)
        var refused = 0
        for k in 0..<2000 {
            let bytes = random.damaged(good, copy: k)
            let whole = Self.summary(bytes, limit: 16)
            #expect(Self.summary(bytes, limit: 16, chunk: 1 + k % 5) == whole, "copy \(k)")
            if case .failure(let error) = whole {
                refused += 1
                #expect(error.offset <= bytes.count)
            }
        }
        #expect(refused > 500)
    }

    /// What the recorder says of a GIF that is not whole, and that it says nothing of one that is.
    @Test func theCheckSaysWhatIsWrong() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-gif-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("a.gif").path
        try Data(try Self.bytes("hand-87a.gif")).write(to: URL(fileURLWithPath: path))
        #expect(throws: Never.self) { try GIFFile.check(path, width: 2, height: 2, frames: 1) }
        func message(width: Int32, height: Int32, frames: Int) -> String {
            do throws(RecordingError) {
                try GIFFile.check(path, width: width, height: height, frames: frames)
                return "accepted"
            } catch { return error.description }
        }
        let whole = "ffmpeg finished, but the video it wrote is not whole: "
        #expect(message(width: 4, height: 2, frames: 2) == whole + "its size is 2x2, not 4x2; it holds 1 frames of 2")
        try Data(Array("GIF89a".utf8) + [1, 0, 1]).write(to: URL(fileURLWithPath: path))
        #expect(
            message(width: 2, height: 2, frames: 1)
                == whole + "it does not read as a GIF: it ends inside its screen descriptor (byte 9)")
        try FileManager.default.removeItem(atPath: path)
        #expect(message(width: 2, height: 2, frames: 1).contains("it cannot be opened: No such file or directory"))
        // A pipe where the GIF should be (no writer: reading it would wait for ever), and a folder.
        let notAFile = whole + "it does not read as a GIF: it is not a regular file (byte 0)"
        #expect(mkfifo(path, 0o600) == 0)
        #expect(message(width: 2, height: 2, frames: 1) == notAFile)
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect(message(width: 2, height: 2, frames: 1) == notAFile)
    }
}
