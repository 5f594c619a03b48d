import Foundation
import TestSupport
import Testing

@testable import TenFootRecorder

/// A finished MP4 read back from its boxes (`MP4File`): what ffprobe counts in it, and every broken MP4 refused, with
/// what is wrong and where.
@Suite struct MP4FileTests {
    static let seeds = TestPaths.packageRoot + "/Fuzz/Seeds/mp4"

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: seeds + "/" + name)))
    }

    static func summary(_ bytes: [UInt8], limit: Int = 1000) -> Result<MP4File.Summary, MP4File.Malformed> {
        Result { () throws(MP4File.Malformed) in try MP4File.summary(bytes, frameLimit: limit) }
    }

    static func reason(_ bytes: [UInt8], limit: Int = 1000) -> String {
        switch summary(bytes, limit: limit) {
        case .success(let s): "accepted \(s)"
        case .failure(let e): e.reason
        }
    }

    static func scratch(_ name: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-mp4-\(name)-\(UUID())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// What ffprobe says of a video's first video stream: codec, width, height, packets read.
    static func probe(_ path: String) throws -> [String] {
        let run = try runProcess(
            try #require(Tools.ffprobe),
            [
                "-v", "error", "-select_streams", "v:0", "-count_packets", "-show_entries",
                "stream=codec_name,width,height,nb_read_packets", "-of", "csv=p=0", path,
            ])
        return run.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").map(String.init)
    }

    /// MP4s ffmpeg writes, the recorder's way (`+faststart`: the sample tables first) and the default way (tables
    /// last), of sizes whose rows are cropped (1080), with and without sound before the video, with one sample per
    /// chunk and many: the sample entry, size and sample count are what ffprobe reports, read from the file and from
    /// its bytes alike; and every one is read by the recorder's check.
    @Test(.enabled(if: Tools.hasFFmpeg, "needs ffmpeg and ffprobe (scripts/setup.sh installs them)"))
    func theReaderCountsWhatFFprobeCounts() throws {
        let dir = try Self.scratch("probe")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let ffmpeg = try FFmpeg.locate()
        let made: [(String, [String])] = [
            (
                "faststart",
                ["-f", "lavfi", "-i", "testsrc=size=64x36:rate=30", "-frames:v", "31", "-movflags", "+faststart"]
            ),
            ("last", ["-f", "lavfi", "-i", "testsrc=size=1920x1080:rate=30", "-frames:v", "5"]),
            (
                "sound first",
                [
                    "-f", "lavfi", "-i", "sine=duration=0.36", "-f", "lavfi", "-i",
                    "testsrc=size=32x32:rate=25:duration=0.36", "-map", "0:a", "-map", "1:v", "-c:a", "aac",
                ]
            ),
            (
                "interleaved",
                ["-f", "lavfi", "-i", "testsrc=size=48x32:rate=30", "-frames:v", "40", "-g", "7", "-bf", "2"]
            ),
        ]
        for (name, input) in made {
            let path = dir + "/\(name).mp4"
            let run = try runProcess(
                ffmpeg,
                ["-v", "error"] + input + [
                    "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-f", "mp4", "-y", path,
                ])
            try #require(run.status == 0, "\(name): \(run.stderr)")
            let fields = try Self.probe(path)
            try #require(fields.count == 4 && fields[0] == "h264", "\(name): \(fields)")
            let expected = MP4File.Summary(
                format: "avc1", width: Int(fields[1])!, height: Int(fields[2])!, frames: Int(fields[3])!)
            #expect(try MP4File.summary(path: path, frameLimit: 1000) == expected, "\(name)")
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(Self.summary(bytes) == .success(expected), "\(name)")
            #expect(throws: Never.self, "\(name)") {
                try MP4File.check(
                    path, width: Int32(expected.width), height: Int32(expected.height), frames: expected.frames)
            }
        }
        for name in ["testsrc-16x8-faststart.mp4", "testsrc-32x16-moov-last.mp4"] {
            let fields = try Self.probe(Self.seeds + "/" + name)
            #expect(
                try MP4File.summary(path: Self.seeds + "/" + name, frameLimit: 1000)
                    == MP4File.Summary(
                        format: "avc1", width: Int(fields[1])!, height: Int(fields[2])!, frames: Int(fields[3])!))
        }
    }

    /// The seeds read as ffprobe reads them (`theReaderCountsWhatFFprobeCounts`), with or without ffmpeg here; and a
    /// file cut anywhere short is refused, at or before where it ends, whether ffmpeg put its tables first or last.
    @Test func theSeedsReadAndEveryCutIsRefused() throws {
        let expected = [
            "testsrc-16x8-faststart.mp4": MP4File.Summary(format: "avc1", width: 16, height: 8, frames: 4),
            "testsrc-32x16-moov-last.mp4": MP4File.Summary(format: "avc1", width: 32, height: 16, frames: 3),
        ]
        for (name, summary) in expected.sorted(by: { $0.key < $1.key }) {
            let good = try Self.bytes(name)
            #expect(Self.summary(good) == .success(summary), "\(name)")
            for n in 0..<good.count {
                guard case .failure(let error) = Self.summary(Array(good.prefix(n))) else {
                    Issue.record("\(name): \(n) bytes accepted")
                    continue
                }
                #expect(error.offset <= n && !error.reason.isEmpty, "\(name), \(n) bytes: \(error)")
            }
            // Bytes after the last box are a box cut short.
            #expect(Self.reason(good + [0, 0, 0]) == "it ends inside a box's header", "\(name)")
        }
    }

    /// A movie made here, box by box: one track of three samples (5, 3 and 4 bytes) in two chunks of the media data,
    /// each of one frame's time.
    struct Movie {
        var handler = "vide"
        var entry = "avc1"
        var width: UInt16 = 16
        var height: UInt16 = 8
        var sizes: [UInt32] = [5, 3, 4]
        /// One size for every sample (`stsz`'s sample size), instead of the list.
        var fixedSize: UInt32?
        /// `stz2` with sizes of these bits, instead of `stsz`.
        var compactBits: UInt8?
        var runs: [(first: UInt32, perChunk: UInt32)] = [(1, 2), (2, 1)]
        /// Where each chunk begins, in the media data's payload.
        var chunks: [Int] = [0, 8]
        var wide = false
        var media: [UInt8] = Array(repeating: 7, count: 12)
        /// A sound track before the video one.
        var soundFirst = false
        var tablesFirst = true

        static func u32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
        static func u16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 255)] }
        static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
            u32(8 + payload.count) + Array(type.utf8) + payload
        }
        static func full(_ type: String, _ body: [UInt8]) -> [UInt8] { box(type, [0, 0, 0, 0] + body) }

        func track(_ handler: String, mediaAt base: Int) -> [UInt8] {
            let sample = Movie.box(
                entry,
                [UInt8](repeating: 0, count: 6) + Movie.u16(1) + [UInt8](repeating: 0, count: 16) + Movie.u16(width)
                    + Movie.u16(height) + [UInt8](repeating: 0, count: 50)
                    + (entry == "avc1" ? Movie.box("avcC", [1, 100, 0, 10, 255, 225, 0, 0, 1, 0, 0]) : []))
            let stsd = Movie.full("stsd", Movie.u32(1) + sample)
            let table: [UInt8]
            if let bits = compactBits {
                var packed: [UInt8] = []
                switch bits {
                case 4:
                    for k in stride(from: 0, to: sizes.count, by: 2) {
                        packed.append(UInt8(sizes[k] << 4) | (k + 1 < sizes.count ? UInt8(sizes[k + 1]) : 0))
                    }
                case 8: packed = sizes.map { UInt8($0) }
                default: packed = sizes.flatMap { Movie.u16(UInt16($0)) }
                }
                table = Movie.full("stz2", [0, 0, 0, bits] + Movie.u32(sizes.count) + packed)
            } else {
                table = Movie.full(
                    "stsz",
                    Movie.u32(Int(fixedSize ?? 0)) + Movie.u32(sizes.count)
                        + (fixedSize == nil ? sizes.flatMap { Movie.u32(Int($0)) } : []))
            }
            let stts = Movie.full(
                "stts", sizes.isEmpty ? Movie.u32(0) : Movie.u32(1) + Movie.u32(sizes.count) + Movie.u32(1))
            let stsc = Movie.full(
                "stsc", Movie.u32(runs.count) + runs.flatMap { Movie.u32(Int($0)) + Movie.u32(Int($1)) + Movie.u32(1) })
            let offsets = chunks.map { base + $0 }
            let stco = Movie.full(
                wide ? "co64" : "stco",
                Movie.u32(chunks.count) + offsets.flatMap { wide ? Movie.u32(0) + Movie.u32($0) : Movie.u32($0) })
            let hdlr = Movie.full("hdlr", Movie.u32(0) + Array(handler.utf8) + [UInt8](repeating: 0, count: 13))
            let minf = Movie.box("minf", Movie.box("stbl", stsd + stts + table + stsc + stco))
            return Movie.box("trak", Movie.box("mdia", hdlr + minf))
        }

        func moov(mediaAt base: Int) -> [UInt8] {
            Movie.box("moov", (soundFirst ? track("soun", mediaAt: base) : []) + track(handler, mediaAt: base))
        }

        var bytes: [UInt8] {
            let ftyp = Movie.box("ftyp", Array("isom".utf8) + Movie.u32(512) + Array("isomavc1".utf8))
            let mdat = Movie.box("mdat", media)
            let size = moov(mediaAt: 0).count
            return tablesFirst
                ? ftyp + moov(mediaAt: ftyp.count + size + 8) + mdat
                : ftyp + mdat + moov(mediaAt: ftyp.count + 8)
        }
    }

    /// Movies made here, and each way of breaking one: refused, saying what is wrong, at a byte inside the file.
    @Test func everyWayOfBreakingAnMP4IsRefused() throws {
        let good = MP4File.Summary(format: "avc1", width: 16, height: 8, frames: 3)
        #expect(Self.summary(Movie().bytes) == .success(good))
        var last = Movie()
        last.tablesFirst = false
        #expect(Self.summary(last.bytes) == .success(good))
        var sound = Movie()
        sound.soundFirst = true
        #expect(Self.summary(sound.bytes) == .success(good))
        var wide = Movie()
        wide.wide = true
        #expect(Self.summary(wide.bytes) == .success(good))
        var fixed = Movie()
        fixed.fixedSize = 4
        #expect(Self.summary(fixed.bytes) == .success(good))
        for bits: UInt8 in [4, 8, 16] {
            var compact = Movie()
            compact.compactBits = bits
            #expect(Self.summary(compact.bytes) == .success(good), "stz2 of \(bits) bits")
        }
        var hevc = Movie()
        hevc.entry = "hvc1"
        #expect(Self.summary(hevc.bytes) == .success(MP4File.Summary(format: "hvc1", width: 16, height: 8, frames: 3)))

        func refused(
            _ movie: Movie, _ reason: String, limit: Int = 1000, sourceLocation: SourceLocation = #_sourceLocation
        ) {
            refusedBytes(movie.bytes, reason, limit: limit, sourceLocation: sourceLocation)
        }
        func refusedBytes(
            _ bytes: [UInt8], _ reason: String, limit: Int = 1000, sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let result = Self.summary(bytes, limit: limit)
            guard case .failure(let error) = result else {
                Issue.record("accepted: \(result)", sourceLocation: sourceLocation)
                return
            }
            #expect(error.reason == reason, sourceLocation: sourceLocation)
            #expect(error.offset >= 0 && error.offset <= bytes.count, "\(error)", sourceLocation: sourceLocation)
        }
        let bytes = Movie().bytes
        refusedBytes([], "it is empty")
        refusedBytes(Array("GIF89a".utf8) + bytes, "it is not an MP4 (it does not begin with an ftyp box)")
        refusedBytes(Movie.box("ftyp", []) + Movie.box("mdat", [1, 2]), "it holds no moov box (its sample tables)")
        // Sizes: less than a header, past the file, the 64-bit form, to the end.
        var small = bytes
        small[3] = 7
        refusedBytes(small, "its ftyp box has a size of 7 bytes")
        refusedBytes(bytes + Movie.u32(9) + Array("free".utf8), "it ends inside its free box")
        refusedBytes(bytes + Movie.u32(1) + Array("free".utf8) + [0, 0, 0, 0], "it ends inside its free box's header")
        refusedBytes(
            bytes + Movie.u32(1) + Array("free".utf8) + Movie.u32(0) + Movie.u32(15),
            "its free box has a size of 15 bytes")
        #expect(
            Self.summary(bytes + Movie.u32(1) + Array("free".utf8) + Movie.u32(0) + Movie.u32(17) + [9])
                == .success(good))
        #expect(Self.summary(bytes + Movie.u32(0) + Array("free".utf8) + [1, 2, 3]) == .success(good))
        refusedBytes(bytes + Movie.box("moov", []), "it holds two moov boxes")
        refusedBytes(
            bytes + Array(repeating: Movie.box("free", []), count: MP4File.topLevelLimit - 2).joined(),
            "it holds more than \(MP4File.topLevelLimit) boxes at its top level")
        #expect(
            Self.summary(bytes + Array(repeating: Movie.box("free", []), count: MP4File.topLevelLimit - 3).joined())
                == .success(good))
        // A box inside the movie running past the one holding it.
        var inside = Movie().bytes
        let trak = try #require(Self.find("trak", in: inside))
        inside[trak + 3] &+= 1
        refusedBytes(inside, "it ends inside a trak box in its moov box")
        // The track and its tables.
        var audio = Movie()
        audio.handler = "soun"
        refused(audio, "it holds no video track")
        var entry = Movie().bytes
        // The sample entry follows the description's header, version and flags, and entry count: 86 bytes and the
        // avcC box inside it.
        let stsd = try #require(Self.find("stsd", in: entry))
        let avc1 = stsd + 16
        entry.replaceSubrange(avc1..<(avc1 + 4), with: Movie.u32(85))
        refusedBytes(entry, "its video sample entry has a size of 85 bytes")
        entry.replaceSubrange(avc1..<(avc1 + 4), with: Movie.u32(106))
        refusedBytes(entry, "its video sample entry has a size of 106 bytes")
        entry.replaceSubrange(avc1..<(avc1 + 4), with: Movie.u32(86))
        refusedBytes(entry, "its avc1 sample entry has no avcC box (the decoder's parameters)")
        entry.replaceSubrange(avc1..<(avc1 + 4), with: Movie.u32(90))
        refusedBytes(entry, "it ends inside a box's header")
        var parameters = Movie().bytes
        let avcC = try #require(Self.find("avcC", in: parameters))
        parameters.replaceSubrange((avcC + 4)..<(avcC + 8), with: Array("junk".utf8))
        refusedBytes(parameters, "its avc1 sample entry has no avcC box (the decoder's parameters)")
        var descriptions = Movie().bytes
        descriptions[stsd + 15] = 14
        refusedBytes(descriptions, "its stsd box lists 14 entries in 105 bytes")
        var description = Movie().bytes
        let stsc = try #require(Self.find("stsc", in: description))
        description[stsc + 8 + 8 + 11] = 2
        refusedBytes(description, "its stsc box names sample description 2 of its 1")
        var timed = Movie().bytes
        let stts = try #require(Self.find("stts", in: timed))
        timed[stts + 8 + 8 + 3] = 2
        refusedBytes(timed, "its stts box times 2 samples of its 3")
        var crowded = Movie().bytes
        let moov = try #require(Self.find("moov", in: crowded))
        let free = Array(repeating: Movie.box("free", []), count: MP4File.topLevelLimit).joined()
        crowded.insert(contentsOf: free, at: moov + 8)
        crowded.replaceSubrange(moov..<(moov + 4), with: Movie.u32(Int(MP4File.be32(crowded, moov)) + 8 * 1024))
        refusedBytes(crowded, "its moov box holds more than \(MP4File.topLevelLimit) boxes")
        refused(Movie(), "it holds more than 2 frames", limit: 2)
        var bits = Movie()
        bits.compactBits = 12
        refused(bits, "its stz2 box has sizes of 12 bits")
        // Sample-to-chunk runs (first chunk, samples a chunk) over chunks beginning where given in the media data.
        let chunking: [(runs: [(UInt32, UInt32)], chunks: [Int], reason: String)] = [
            ([(2, 2), (3, 1)], [0, 8, 12], "its stsc box does not begin at the first chunk"),
            ([(1, 1), (1, 2)], [0, 8], "its stsc box's runs are out of order (chunk 1 after chunk 1)"),
            ([(1, 2), (2, 0)], [0, 8], "its stsc box puts no samples in chunks from 2"),
            ([(1, 2), (2, 1), (3, 1)], [0, 8], "its stsc box names chunk 3 of its 2"),
            ([(1, 1), (3, 1), (2, 1)], [0, 5, 8], "its stsc box's runs are out of order (chunk 2 after chunk 3)"),
            ([(1, 2), (2, 2)], [0, 8], "its chunks hold more samples than its 3 sizes"),
            ([(1, 1)], [0, 8], "its chunks hold 2 samples of its 3"),
            ([(1, 4_000_000_000)], [0], "its chunks hold more samples than its 3 sizes"),
        ]
        for (runs, chunks, reason) in chunking {
            var movie = Movie()
            movie.runs = runs.map { (first: $0.0, perChunk: $0.1) }
            movie.chunks = chunks
            refused(movie, reason)
        }
        var outside = Movie()
        outside.chunks = [0, 9]
        refused(outside, "frame 3 lies outside the media data (4 bytes at byte \(bytes.count - 12 + 9))")
        var overflow = Movie()
        overflow.wide = true
        overflow.fixedSize = 0xFFFF_FFFF
        overflow.runs = [(1, 3)]
        overflow.chunks = [0]
        refused(overflow, "frame 1 lies outside the media data (4294967295 bytes at byte \(overflow.bytes.count - 12))")
        // An offset and a size whose sum passes 2⁶⁴.
        var wrapping = overflow.bytes
        let co64 = try #require(Self.find("co64", in: wrapping))
        wrapping.replaceSubrange((co64 + 16)..<(co64 + 20), with: [255, 255, 255, 255])
        let wrapped = Self.reason(wrapping)
        #expect(
            wrapped.hasPrefix("frame 1 lies outside the media data (4294967295 bytes at byte 1844674406"), "\(wrapped)")
        // Tables that say they hold more entries than their bytes.
        var sizes = Movie().bytes
        let stsz = try #require(Self.find("stsz", in: sizes))
        sizes[stsz + 8 + 4 + 4 + 3] = 4
        refusedBytes(sizes, "its stsz box lists 4 sizes in 12 bytes")
        var runs = Movie().bytes
        runs[stsc + 8 + 4 + 2] = 1
        refusedBytes(runs, "its stsc box lists 258 entries in 24 bytes")
        for table in ["stsd", "stts", "stsz", "stsc", "stco"] {
            var missing = Movie().bytes
            let at = try #require(Self.find(table, in: missing))
            missing.replaceSubrange((at + 4)..<(at + 8), with: Array("junk".utf8))
            let name = table == "stsz" ? "stsz or stz2" : table == "stco" ? "stco or co64" : table
            refusedBytes(missing, "its video track has no \(name) box")
        }
    }

    /// Where a box of `type` begins in `bytes` (its size's first byte): the first place its type is written.
    static func find(_ type: String, in bytes: [UInt8]) -> Int? {
        let t = Array(type.utf8)
        return (4..<(bytes.count - 3)).first { Array(bytes[$0..<($0 + 4)]) == t }.map { $0 - 4 }
    }

    /// A movie box over the limit is not read.
    @Test func aMovieBoxOverTheLimitIsNotRead() {
        let bytes =
            Movie.box("ftyp", Array("isom".utf8)) + Movie.u32(8 + MP4File.moovLimit + 1) + Array("moov".utf8)
            + [UInt8](repeating: 0, count: MP4File.moovLimit + 1)
        #expect(
            Self.reason(bytes) == "its moov box is \(MP4File.moovLimit + 1) bytes; the limit is \(MP4File.moovLimit)")
    }

    /// Random damage to an MP4 ffmpeg wrote: every copy read or refused, within its bytes, and the file says the same.
    @Test func damagedMP4sAreReadOrRefused() throws {
        let dir = try Self.scratch("damage")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let good = try Self.bytes("testsrc-16x8-faststart.mp4")
        var random = SplitMix(seed: 2026)
        var refused = 0
        for k in 0..<2000 {
            let bytes = random.damaged(good, copy: k)
            let result = Self.summary(bytes, limit: 16)
            if case .failure(let error) = result {
                refused += 1
                #expect(error.offset >= 0 && error.offset <= bytes.count && !error.reason.isEmpty, "copy \(k)")
            }
            if k % 50 == 0 {
                let path = dir + "/\(k).mp4"
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                let fromFile = Result { () throws(MP4File.Malformed) in
                    try MP4File.summary(path: path, frameLimit: 16)
                }
                #expect(fromFile == result, "copy \(k)")
            }
        }
        #expect(refused > 500)
    }

    /// What the recorder says of an MP4 that is not whole, and that it says nothing of one that is; a folder or a
    /// missing file is refused, not read.
    @Test func theCheckSaysWhatIsWrong() throws {
        let dir = try Self.scratch("check")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/a.mp4"
        try Data(Movie().bytes).write(to: URL(fileURLWithPath: path))
        #expect(throws: Never.self) { try MP4File.check(path, width: 16, height: 8, frames: 3) }
        func message(_ path: String, width: Int32 = 16, height: Int32 = 8, frames: Int = 3) -> String {
            do throws(RecordingError) {
                try MP4File.check(path, width: width, height: height, frames: frames)
                return "accepted"
            } catch {
                guard case .encoderFailed(let m) = error else { return "\(error)" }
                return m
            }
        }
        let whole = "ffmpeg finished, but the video it wrote is not whole: "
        #expect(message(path, width: 32) == whole + "its size is 16x8, not 32x8")
        #expect(message(path, frames: 4) == whole + "it holds 3 frames of 4")
        let stsz = try #require(Self.find("stsz", in: Movie().bytes))
        #expect(
            message(path, frames: 2) == whole + "it does not read as an MP4: it holds more than 2 frames (byte \(stsz))"
        )
        var hevc = Movie()
        hevc.entry = "hvc1"
        try Data(hevc.bytes).write(to: URL(fileURLWithPath: path))
        #expect(message(path) == whole + "its video stream is hvc1, not h264")
        var none = Movie()
        none.sizes = []
        none.runs = []
        none.chunks = []
        try Data(none.bytes).write(to: URL(fileURLWithPath: path))
        #expect(message(path) == whole + "it holds no frames of 3")
        #expect(message(dir).hasPrefix(whole + "it does not read as an MP4: it is not a regular file"))
        #expect(message(dir + "/missing.mp4").hasPrefix(whole + "it does not read as an MP4: it cannot be opened: "))
    }
}
