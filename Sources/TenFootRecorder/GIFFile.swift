import Foundation

/// A finished GIF read back before it is put in place, from its blocks alone: its screen size and how many images it
/// holds, what `ffprobe -count_packets` reports for one, without decoding a pixel. Read here rather than by ffprobe,
/// whose start alone took 40–50 ms of a 10-second 640×360 clip's 1.1 s. The reader takes any bytes (a stand-in for
/// ffmpeg may write garbage): it reads the file in chunks of ``chunkBytes``, keeps nothing of what it has read, does a
/// bounded amount of work a byte, and stops past `frameLimit` images.
public enum GIFFile {
    /// What a GIF holds.
    public struct Summary: Equatable, Sendable {
        public var width: Int
        public var height: Int
        public var frames: Int
    }

    /// Why bytes are not a whole GIF: what was wrong, at which byte.
    public typealias Malformed = MalformedVideo

    /// Checks that `path` holds the whole GIF: its blocks read to the trailer, its screen `width` × `height`, and one
    /// image per frame written (ffmpeg writes one for every frame, an unchanged one too).
    static func check(_ path: String, width: Int32, height: Int32, frames: Int) throws(RecordingError) {
        try ReadBack.check("a GIF", width: width, height: height, frames: frames) { () throws(Malformed) in
            let gif = try summary(path: path, frameLimit: frames)
            return ReadBack.Found(width: gif.width, height: gif.height, frames: gif.frames)
        }
    }

    /// The most bytes read from a file at a time.
    public static let chunkBytes = 1 << 20

    /// The GIF at `path`, read in chunks: a regular file, read up to the size it had when opened (a pipe there would
    /// block the reader, and a file something keeps writing would never end).
    public static func summary(path: String, frameLimit: Int) throws(Malformed) -> Summary {
        let (fd, size) = try ReadBack.open(path)
        defer { close(fd) }
        var source = FileSource(fd: fd, left: size)
        return try read(&source, frameLimit: frameLimit, chunk: chunkBytes)
    }

    /// The GIF in `bytes`, handed to the reader `chunk` bytes at a time.
    public static func summary(_ bytes: [UInt8], frameLimit: Int, chunk: Int = chunkBytes) throws(Malformed) -> Summary
    {
        var source = ArraySource(bytes: bytes)
        return try read(&source, frameLimit: frameLimit, chunk: max(1, min(chunk, bytes.count)))
    }

    /// Reads the header, the screen descriptor and its colour table, then every block to the trailer, which must end
    /// the bytes: extensions and images are runs of sub-blocks, each a length byte and that many bytes, ended by a 0.
    static func read<S: ByteSource>(_ source: inout S, frameLimit: Int, chunk: Int) throws(Malformed) -> Summary {
        var r = Reader(source: source, chunk: chunk)
        defer { source = r.source }
        let signature = try r.bytes(6, "its header")
        guard signature == Array("GIF87a".utf8) || signature == Array("GIF89a".utf8) else {
            throw Malformed(reason: "it is not a GIF (no GIF87a or GIF89a header)", offset: 0)
        }
        let width = try r.u16("its screen descriptor")
        let height = try r.u16("its screen descriptor")
        let flags = try r.byte("its screen descriptor")
        _ = try r.bytes(2, "its screen descriptor")
        guard width > 0, height > 0 else { throw Malformed(reason: "its screen is \(width)x\(height)", offset: 6) }
        if flags & 0x80 != 0 { try r.skip(3 << (Int(flags & 7) + 1), "its colour table") }
        var frames = 0
        while true {
            let at = r.offset
            guard try !r.atEnd() else { throw Malformed(reason: "it ends before its trailer", offset: at) }
            switch try r.byte("a block") {
            case 0x21:
                _ = try r.byte("an extension")
                try r.subBlocks("an extension")
            case 0x2C:
                let x = try r.u16("an image descriptor")
                let y = try r.u16("an image descriptor")
                let w = try r.u16("an image descriptor")
                let h = try r.u16("an image descriptor")
                let imageFlags = try r.byte("an image descriptor")
                guard w > 0, h > 0, x + w <= width, y + h <= height else {
                    throw Malformed(
                        reason: "an image of \(w)x\(h) at \(x),\(y) is not inside its \(width)x\(height) screen",
                        offset: at)
                }
                if imageFlags & 0x80 != 0 { try r.skip(3 << (Int(imageFlags & 7) + 1), "an image's colour table") }
                let codeSize = try r.byte("an image")
                guard (1...11).contains(codeSize) else {
                    throw Malformed(reason: "an image's LZW code size is \(codeSize)", offset: r.offset - 1)
                }
                try r.subBlocks("an image")
                frames += 1
                guard frames <= frameLimit else {
                    throw Malformed(reason: "it holds more than \(frameLimit) images", offset: at)
                }
            case 0x3B:
                guard try r.atEnd() else { throw Malformed(reason: "bytes follow its trailer", offset: r.offset) }
                return Summary(width: width, height: height, frames: frames)
            case let other:
                throw Malformed(reason: "a block begins with 0x\(String(other, radix: 16))", offset: at)
            }
        }
    }

    /// Bytes read in chunks: `fill` puts up to `count` bytes at `into` and says how many (0 at the end).
    protocol ByteSource {
        mutating func fill(_ into: UnsafeMutableRawBufferPointer) throws(Malformed) -> Int
    }

    struct FileSource: ByteSource {
        let fd: Int32
        /// Bytes left to read of the size the file had when opened.
        var left: Int

        mutating func fill(_ buffer: UnsafeMutableRawBufferPointer) throws(Malformed) -> Int {
            let into = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<min(buffer.count, left)])
            guard !into.isEmpty else { return 0 }
            while true {
                #if canImport(Glibc)
                    let n = Glibc.read(fd, into.baseAddress, into.count)
                #else
                    let n = Darwin.read(fd, into.baseAddress, into.count)
                #endif
                if n >= 0 {
                    left -= n
                    return n
                }
                if errno != EINTR {
                    throw Malformed(reason: "it cannot be read: \(String(cString: strerror(errno)))", offset: 0)
                }
            }
        }
    }

    struct ArraySource: ByteSource {
        let bytes: [UInt8]
        var next = 0

        mutating func fill(_ into: UnsafeMutableRawBufferPointer) throws(Malformed) -> Int {
            let n = min(into.count, bytes.count - next)
            bytes.withUnsafeBytes { into.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[next..<next + n])) }
            next += n
            return n
        }
    }

    /// A cursor over a source, a chunk at a time.
    struct Reader<S: ByteSource> {
        var source: S
        var chunk: [UInt8]
        var count = 0
        var position = 0
        /// Bytes of the source before the chunk.
        var consumed = 0
        var offset: Int { consumed + position }

        init(source: S, chunk: Int) {
            self.source = source
            self.chunk = [UInt8](repeating: 0, count: max(1, chunk))
        }

        /// Whether the bytes have ended (reading the next chunk when this one is done).
        mutating func atEnd() throws(Malformed) -> Bool {
            if position < count { return false }
            consumed += count
            position = 0
            var s = source
            let filled = chunk.withUnsafeMutableBytes { b in
                Result { () throws(Malformed) -> Int in try s.fill(b) }
            }
            source = s
            switch filled {
            case .success(let n): count = n
            case .failure(let error): throw Malformed(reason: error.reason, offset: consumed)
            }
            return count == 0
        }

        mutating func byte(_ what: String) throws(Malformed) -> UInt8 {
            guard try !atEnd() else { throw Malformed(reason: "it ends inside \(what)", offset: offset) }
            position += 1
            return chunk[position - 1]
        }

        mutating func u16(_ what: String) throws(Malformed) -> Int {
            let low = try byte(what)
            return Int(low) | Int(try byte(what)) << 8
        }

        mutating func bytes(_ n: Int, _ what: String) throws(Malformed) -> [UInt8] {
            var out: [UInt8] = []
            for _ in 0..<n { out.append(try byte(what)) }
            return out
        }

        mutating func skip(_ n: Int, _ what: String) throws(Malformed) {
            var left = n
            while left > 0 {
                guard try !atEnd() else { throw Malformed(reason: "it ends inside \(what)", offset: offset) }
                let step = min(left, count - position)
                position += step
                left -= step
            }
        }

        /// Sub-blocks up to the empty one that ends them.
        mutating func subBlocks(_ what: String) throws(Malformed) {
            while true {
                let n = try byte(what)
                if n == 0 { return }
                try skip(Int(n), what)
            }
        }
    }
}
