import Foundation

/// A finished MP4 read back before it is put in place, from its boxes alone: its first video track's sample entry
/// (`avc1`: H.264), picture size and how many samples (frames) it holds, each of them inside the file's media data;
/// what `ffprobe -count_packets` reports for one, without decoding a frame. Read here rather than by ffprobe, whose
/// start alone took 59 ms, and the check 66 ms, of a 10-second 1080p clip's 2.4 s. The reader takes any bytes (a
/// stand-in for ffmpeg may write garbage): it reads the top level's box headers where they lie, at most
/// ``topLevelLimit`` of them, and the movie box (`moov`, the sample tables) whole up to ``moovLimit``, never the media
/// data; it walks the sample tables up to `frameLimit` samples, and the boxes inside the movie box along one path.
public enum MP4File {
    /// What an MP4's first video track holds.
    public struct Summary: Equatable, Sendable {
        /// The video sample entry's four-character code: `avc1` or `avc3` for H.264.
        public var format: String
        public var width: Int
        public var height: Int
        public var frames: Int
    }

    /// Why bytes are not a whole MP4: what was wrong, at which byte.
    public typealias Malformed = MalformedVideo

    /// The most bytes of a movie box read: an hour at 60 fps is 216,000 samples, about 2 MB of tables.
    public static let moovLimit = 64 << 20
    /// The most boxes at the top level (ffmpeg writes four: `ftyp`, `moov`, `free`, `mdat`), and directly inside any one
    /// box read (ffmpeg's sample table holds seven or eight): 8 million empty boxes in a movie box of 64 MB took 400 MB
    /// to list.
    public static let topLevelLimit = 1024
    /// The size of a visual sample entry without the boxes it holds (ISO/IEC 14496-12 §12.1.3).
    static let visualEntryBytes = 86

    /// The sample entries ffprobe names `h264`.
    static let h264 = ["avc1", "avc3"]

    /// Checks that `path` holds the whole video: its boxes read to the end of the file, its first video track H.264 of
    /// `width` × `height`, with one sample per frame written, each inside the media data.
    static func check(_ path: String, width: Int32, height: Int32, frames: Int) throws(RecordingError) {
        try ReadBack.check("an MP4", width: width, height: height, frames: frames) { () throws(Malformed) in
            let mp4 = try summary(path: path, frameLimit: frames)
            return ReadBack.Found(
                width: mp4.width, height: mp4.height, frames: mp4.frames,
                codecProblem: h264.contains(mp4.format) ? nil : "its video stream is \(mp4.format), not h264")
        }
    }

    /// The MP4 at `path`: a regular file, read up to the size it had when opened (a pipe there would block the reader,
    /// and a file something keeps writing would never end).
    public static func summary(path: String, frameLimit: Int) throws(Malformed) -> Summary {
        let (fd, size) = try ReadBack.open(path)
        defer { close(fd) }
        return try read(FileSource(fd: fd, size: size), frameLimit: frameLimit)
    }

    /// The MP4 in `bytes`.
    public static func summary(_ bytes: [UInt8], frameLimit: Int) throws(Malformed) -> Summary {
        try read(ArraySource(bytes: bytes), frameLimit: frameLimit)
    }

    /// The top level's boxes, which must fill the file exactly, `ftyp` first; then the movie box's first video track.
    static func read<S: Source>(_ source: S, frameLimit: Int) throws(Malformed) -> Summary {
        guard source.size > 0 else { throw Malformed(reason: "it is empty", offset: 0) }
        var at = 0
        var count = 0
        var movie: (bytes: [UInt8], start: Int)?
        var media: [Range<Int>] = []
        while at < source.size {
            count += 1
            guard count <= topLevelLimit else {
                throw Malformed(reason: "it holds more than \(topLevelLimit) boxes at its top level", offset: at)
            }
            let head = try source.read(min(16, source.size - at), at: at)
            if count == 1, head.count < 8 || fourCC(head[4..<8]) != "ftyp" {
                throw Malformed(reason: "it is not an MP4 (it does not begin with an ftyp box)", offset: 0)
            }
            let box = try Box.parse(head, at: at, end: source.size) { type in "its \(type) box" }
            switch box.type {
            case "moov":
                guard movie == nil else { throw Malformed(reason: "it holds two moov boxes", offset: at) }
                guard box.payload.count <= moovLimit else {
                    throw Malformed(
                        reason: "its moov box is \(box.payload.count) bytes; the limit is \(moovLimit)", offset: at)
                }
                movie = (try source.read(box.payload.count, at: box.payload.lowerBound), box.payload.lowerBound)
            case "mdat":
                media.append(box.payload)
            default:
                break
            }
            at = box.end
        }
        guard let movie else { throw Malformed(reason: "it holds no moov box (its sample tables)", offset: at) }
        let tables = Tables(bytes: movie.bytes, base: movie.start)
        return try tables.video(in: 0..<movie.bytes.count, media: media, frameLimit: frameLimit)
    }

    /// A box: its four-character type, where it starts and ends, and its payload (after the header).
    struct Box {
        var type: String
        var start: Int
        var end: Int
        var payload: Range<Int>

        /// The box whose header begins `head` (up to 16 bytes read at `at`), which must end by `end`; `what` names a
        /// box of a type in the errors.
        static func parse(_ head: [UInt8], at: Int, end: Int, what: (String) -> String) throws(Malformed) -> Box {
            guard head.count >= 8 else { throw Malformed(reason: "it ends inside a box's header", offset: at) }
            let type = fourCC(head[4..<8])
            let small = Int(be32(head, 0))
            let size: Int
            let header: Int
            switch small {
            case 0:
                (size, header) = (end - at, 8)
            case 1:
                guard head.count >= 16 else {
                    throw Malformed(reason: "it ends inside \(what(type))'s header", offset: at)
                }
                let large = be64(head, 8)
                guard large >= 16, large <= UInt64(Int.max) else {
                    throw Malformed(reason: "\(what(type)) has a size of \(large) bytes", offset: at)
                }
                (size, header) = (Int(large), 16)
            default:
                guard small >= 8 else {
                    throw Malformed(reason: "\(what(type)) has a size of \(small) bytes", offset: at)
                }
                (size, header) = (small, 8)
            }
            guard size <= end - at else { throw Malformed(reason: "it ends inside \(what(type))", offset: at) }
            return Box(type: type, start: at, end: at + size, payload: (at + header)..<(at + size))
        }
    }

    /// The movie box's bytes, `base` being where they lie in the file (for the errors' offsets).
    struct Tables {
        let bytes: [UInt8]
        let base: Int

        /// The boxes directly inside `range`, in order.
        func children(_ range: Range<Int>, of parent: String) throws(Malformed) -> [Box] {
            var out: [Box] = []
            var at = range.lowerBound
            while at < range.upperBound {
                guard out.count < topLevelLimit else {
                    throw Malformed(reason: "its \(parent) holds more than \(topLevelLimit) boxes", offset: base + at)
                }
                let head = Array(bytes[at..<min(range.upperBound, at + 16)])
                let box: Box
                do {
                    box = try Box.parse(head, at: at, end: range.upperBound) { "a \($0) box in its \(parent)" }
                } catch {
                    throw Malformed(reason: error.reason, offset: base + at)
                }
                out.append(box)
                at = box.end
            }
            return out
        }

        /// The first box of `type` inside `range`.
        func child(_ type: String, in range: Range<Int>, of parent: String) throws(Malformed) -> Box? {
            try children(range, of: parent).first { $0.type == type }
        }

        /// The first box of `type` inside `box`, which must hold one.
        func required(_ type: String, in box: Box, what: String) throws(Malformed) -> Box {
            guard let found = try child(type, in: box.payload, of: box.type + " box") else {
                throw Malformed(reason: "\(what) has no \(type) box", offset: base + box.start)
            }
            return found
        }

        /// The first track whose handler is `vide` (ffprobe's `v:0`): its sample entry, size and samples.
        func video(in range: Range<Int>, media: [Range<Int>], frameLimit: Int) throws(Malformed) -> Summary {
            for trak in try children(range, of: "moov box") where trak.type == "trak" {
                let mdia = try required("mdia", in: trak, what: "a track")
                let hdlr = try required("hdlr", in: mdia, what: "a track's media")
                let handler = try field(hdlr, 8, 4, "its handler type")
                guard fourCC(bytes[handler]) == "vide" else { continue }
                let minf = try required("minf", in: mdia, what: "its video track")
                let stbl = try required("stbl", in: minf, what: "its video track")
                let boxes = try children(stbl.payload, of: "stbl box")
                func table(_ types: [String]) throws(Malformed) -> Box {
                    guard let box = boxes.first(where: { types.contains($0.type) }) else {
                        throw Malformed(
                            reason: "its video track has no \(types.joined(separator: " or ")) box",
                            offset: base + stbl.start)
                    }
                    return box
                }
                let (summary, descriptions) = try entry(try table(["stsd"]))
                let sizes = try SampleSizes(try table(["stsz", "stz2"]), in: self, frameLimit: frameLimit)
                try times(try table(["stts"]), samples: sizes.count)
                let frames = try walk(
                    sizes, chunks: try table(["stsc"]), descriptions: descriptions,
                    offsets: try table(["stco", "co64"]), media: media)
                return Summary(format: summary.format, width: summary.width, height: summary.height, frames: frames)
            }
            throw Malformed(reason: "it holds no video track", offset: base)
        }

        /// The sample description's first entry, a visual sample entry (its width and height 24 bytes into it; an H.264
        /// one holds the decoder's parameters, `avcC`), and how many entries the description lists (each 8 bytes or
        /// more).
        func entry(_ stsd: Box) throws(Malformed) -> (Summary, descriptions: Int) {
            let (head, count) = try entries(stsd, entryBytes: 8)
            guard count >= 1 else {
                throw Malformed(reason: "its video track describes no samples", offset: base + stsd.start)
            }
            let size = Int(be32(bytes, head))
            guard size >= visualEntryBytes, size <= stsd.payload.upperBound - head else {
                throw Malformed(reason: "its video sample entry has a size of \(size) bytes", offset: base + head)
            }
            let format = fourCC(bytes[(head + 4)..<(head + 8)])
            let inner = try children((head + visualEntryBytes)..<(head + size), of: "\(format) sample entry")
            if h264.contains(format), !inner.contains(where: { $0.type == "avcC" }) {
                throw Malformed(
                    reason: "its \(format) sample entry has no avcC box (the decoder's parameters)", offset: base + head
                )
            }
            let dimensions = head + 8 + 24
            let summary = Summary(
                format: format, width: Int(be16(bytes, dimensions)), height: Int(be16(bytes, dimensions + 2)), frames: 0
            )
            return (summary, count)
        }

        /// The decoding times: runs of samples (a count and a duration), which must time every sample the sizes list.
        func times(_ stts: Box, samples: Int) throws(Malformed) {
            let (first, count) = try entries(stts, entryBytes: 8)
            var timed = 0
            for k in 0..<count {
                // At most 2³² − 1 a run and 8 million runs in 64 MB: no overflow.
                timed += Int(be32(bytes, first + 8 * k))
            }
            guard timed == samples else {
                throw Malformed(
                    reason: "its stts box times \(timed) samples of its \(samples)", offset: base + stts.start)
            }
        }

        /// `count` bytes `offset` bytes into `box`'s payload, which must hold them.
        func field(_ box: Box, _ offset: Int, _ count: Int, _ what: String) throws(Malformed) -> Range<Int> {
            let start = box.payload.lowerBound + offset
            guard count <= box.payload.upperBound - start else {
                throw Malformed(reason: "its \(box.type) box ends inside \(what)", offset: base + box.start)
            }
            return start..<(start + count)
        }

        /// A table's entries: a full box's version and flags, its entry count, then `entryBytes` a entry.
        func entries(_ box: Box, entryBytes: Int, startingAt offset: Int = 4) throws(Malformed) -> (Int, Int) {
            let count = Int(be32(bytes, try field(box, offset, 4, "its entry count").lowerBound))
            let first = box.payload.lowerBound + offset + 4
            guard count <= (box.payload.upperBound - first) / entryBytes else {
                throw Malformed(
                    reason: "its \(box.type) box lists \(count) entries in \(box.payload.upperBound - first) bytes",
                    offset: base + box.start)
            }
            return (first, count)
        }

        /// Every sample of the chunks, in order: the chunk's offset, then each sample's size after the one before;
        /// each must lie inside the media data (`media`, the media data boxes' payloads in the file's order), and the
        /// chunks must hold every sample the sizes list, no more. The sample-to-chunk table's runs begin at the first
        /// chunk and go up, each of one sample a chunk or more, described by one of the `descriptions`.
        func walk(
            _ sizes: SampleSizes, chunks stsc: Box, descriptions: Int, offsets: Box, media: [Range<Int>]
        ) throws(Malformed) -> Int {
            let (runs, runCount) = try entries(stsc, entryBytes: 12)
            for k in 0..<runCount {
                let (firstChunk, samples) = (be32(bytes, runs + 12 * k), be32(bytes, runs + 12 * k + 4))
                let description = be32(bytes, runs + 12 * k + 8)
                if k == 0, firstChunk != 1 {
                    throw Malformed(reason: "its stsc box does not begin at the first chunk", offset: base + stsc.start)
                }
                if k > 0, firstChunk <= be32(bytes, runs + 12 * (k - 1)) {
                    throw Malformed(
                        reason: "its stsc box's runs are out of order (chunk \(firstChunk) after chunk "
                            + "\(be32(bytes, runs + 12 * (k - 1))))", offset: base + stsc.start)
                }
                guard samples >= 1 else {
                    throw Malformed(
                        reason: "its stsc box puts no samples in chunks from \(firstChunk)", offset: base + stsc.start)
                }
                guard description >= 1, description <= descriptions else {
                    throw Malformed(
                        reason: "its stsc box names sample description \(description) of its \(descriptions)",
                        offset: base + stsc.start)
                }
            }
            let wide = offsets.type == "co64"
            let (first, chunkCount) = try entries(offsets, entryBytes: wide ? 8 : 4)
            var run = -1
            var perChunk = 0
            var sample = 0
            var inside = 0
            for chunk in 0..<chunkCount {
                // The runs of the sample-to-chunk table: each from its first chunk (counted from 1) to the next's.
                while run + 1 < runCount, Int(be32(bytes, runs + 12 * (run + 1))) == chunk + 1 {
                    run += 1
                    perChunk = Int(be32(bytes, runs + 12 * run + 4))
                }
                guard run >= 0 else {
                    throw Malformed(reason: "its stsc box lists no runs for its chunks", offset: base + stsc.start)
                }
                var at: UInt64 = wide ? be64(bytes, first + 8 * chunk) : UInt64(be32(bytes, first + 4 * chunk))
                for _ in 0..<perChunk {
                    guard sample < sizes.count else {
                        throw Malformed(
                            reason: "its chunks hold more samples than its \(sizes.count) sizes",
                            offset: base + stsc.start)
                    }
                    let size = UInt64(sizes.size(sample))
                    let end = at.addingReportingOverflow(size)
                    let within = { (r: Range<Int>) in
                        UInt64(r.lowerBound) <= at && end.partialValue <= UInt64(r.upperBound)
                    }
                    if end.overflow || !(media.indices.contains(inside) && within(media[inside])) {
                        // The last media data box beginning at or before the sample (they are in the file's order).
                        var (low, high) = (0, media.count)
                        while low < high {
                            let middle = (low + high) / 2
                            if UInt64(media[middle].lowerBound) <= at { low = middle + 1 } else { high = middle }
                        }
                        guard !end.overflow, low > 0, within(media[low - 1]) else {
                            throw Malformed(
                                reason: "frame \(sample + 1) lies outside the media data (\(size) bytes at byte \(at))",
                                offset: base + offsets.start)
                        }
                        inside = low - 1
                    }
                    at = end.partialValue
                    sample += 1
                }
            }
            // A run naming a chunk past the last, or runs out of order, were never reached.
            if run + 1 < runCount {
                throw Malformed(
                    reason: "its stsc box names chunk \(be32(bytes, runs + 12 * (run + 1))) of its \(chunkCount)",
                    offset: base + stsc.start)
            }
            guard sample == sizes.count else {
                throw Malformed(
                    reason: "its chunks hold \(sample) samples of its \(sizes.count)", offset: base + stsc.start)
            }
            return sample
        }
    }

    /// The sample size table: one size for all (`stsz` with a size), or one each in 32 bits (`stsz`) or in 4, 8 or 16
    /// (`stz2`); at most `frameLimit` samples.
    struct SampleSizes {
        let bytes: [UInt8]
        let count: Int
        let fixed: UInt32
        let first: Int
        let bits: Int

        init(_ box: Box, in tables: Tables, frameLimit: Int) throws(Malformed) {
            bytes = tables.bytes
            let compact = box.type == "stz2"
            let head = try tables.field(box, 0, 12, "its sample sizes")
            count = Int(be32(bytes, head.lowerBound + 8))
            guard count <= frameLimit else {
                throw Malformed(reason: "it holds more than \(frameLimit) frames", offset: tables.base + box.start)
            }
            fixed = compact ? 0 : be32(bytes, head.lowerBound + 4)
            bits = compact ? Int(bytes[head.lowerBound + 7]) : fixed == 0 ? 32 : 0
            guard !compact || [4, 8, 16].contains(bits) else {
                throw Malformed(reason: "its stz2 box has sizes of \(bits) bits", offset: tables.base + box.start)
            }
            first = head.upperBound
            guard (count * bits + 7) / 8 <= box.payload.upperBound - first else {
                throw Malformed(
                    reason: "its \(box.type) box lists \(count) sizes in \(box.payload.upperBound - first) bytes",
                    offset: tables.base + box.start)
            }
        }

        func size(_ k: Int) -> UInt32 {
            switch bits {
            case 0: return fixed
            case 32: return be32(bytes, first + 4 * k)
            case 16: return UInt32(be16(bytes, first + 2 * k))
            case 8: return UInt32(bytes[first + k])
            default: return UInt32(k % 2 == 0 ? bytes[first + k / 2] >> 4 : bytes[first + k / 2] & 15)
            }
        }
    }

    /// Bytes read where they lie.
    protocol Source {
        var size: Int { get }
        /// `count` bytes at `offset`, all of them (inside `size`).
        func read(_ count: Int, at offset: Int) throws(Malformed) -> [UInt8]
    }

    struct FileSource: Source {
        let fd: Int32
        /// The size the file had when opened.
        let size: Int

        func read(_ count: Int, at offset: Int) throws(Malformed) -> [UInt8] {
            var out = [UInt8](repeating: 0, count: count)
            var done = 0
            while done < count {
                let n = out.withUnsafeMutableBytes { b in
                    pread(fd, b.baseAddress! + done, count - done, off_t(offset + done))
                }
                if n > 0 {
                    done += n
                } else if n == 0 {
                    throw Malformed(reason: "it ends inside what it said it holds (it shrank)", offset: offset + done)
                } else if errno != EINTR {
                    throw Malformed(
                        reason: "it cannot be read: \(String(cString: strerror(errno)))", offset: offset + done)
                }
            }
            return out
        }
    }

    struct ArraySource: Source {
        let bytes: [UInt8]
        var size: Int { bytes.count }

        func read(_ count: Int, at offset: Int) throws(Malformed) -> [UInt8] {
            Array(bytes[offset..<(offset + count)])
        }
    }

    static func be16(_ b: [UInt8], _ at: Int) -> UInt16 { UInt16(b[at]) << 8 | UInt16(b[at + 1]) }

    static func be32(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }

    static func be64(_ b: [UInt8], _ at: Int) -> UInt64 { UInt64(be32(b, at)) << 32 | UInt64(be32(b, at + 4)) }

    /// A four-character code as written, or in hex where a byte is not printable ASCII.
    static func fourCC(_ b: ArraySlice<UInt8>) -> String {
        b.allSatisfy({ (0x20..<0x7F).contains($0) })
            ? String(decoding: b, as: UTF8.self) : "0x" + b.map { String(format: "%02x", $0) }.joined()
    }
}
