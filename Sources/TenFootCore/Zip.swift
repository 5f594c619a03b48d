import CZlib

/// A ZIP archive (PKWARE APPNOTE.TXT: local headers, the central directory, the end-of-central-directory
/// record), read by our own code: what Apple's `.lsr` layered images are ("a ZIP container that encapsulates
/// the files and folders defining an image stack", *Asset Catalog Format Reference*).
///
/// Reading is hostile input: the archive may come from anyone. `Zip.read` walks the central directory and
/// takes each member's data from behind its local header, with every offset and length checked against the
/// archive's size before it is used. It accepts stored (method 0) and deflated (method 8, inflated by zlib)
/// members, checks each one's CRC-32 and sizes, skips directory entries, and refuses everything else with a
/// clear message and the byte offset at fault: ZIP64 and split archives, encrypted members, other methods,
/// names that are absolute, climb out (`..`), hold a backslash, a colon or a NUL, are empty or repeat; more
/// members or more bytes than the limits, and sizes deflate cannot produce from the stored bytes (a "zip
/// bomb" claims more than deflate's ~1032:1). Inflating never writes past a member's declared size.
public enum Zip {
    /// One file in an archive (`ArchiveMember`, shared with the other container format).
    public typealias Member = ArchiveMember

    /// What a reader accepts: bounds on the member count and on the bytes of all members together.
    public struct Limits: Sendable {
        public var maxMembers: Int
        public var maxTotalBytes: Int
        public init(maxMembers: Int, maxTotalBytes: Int) {
            self.maxMembers = maxMembers
            self.maxTotalBytes = maxTotalBytes
        }
        /// 256 MB in at most 1,000 members.
        public static let standard = Limits(maxMembers: 1000, maxTotalBytes: 256 << 20)
    }

    /// Why an archive cannot be read: the byte offset of the record at fault, and what is wrong.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var offset: Int
        public var message: String
        public init(offset: Int, _ message: String) {
            self.offset = offset
            self.message = message
        }
        public var description: String { "offset \(offset): \(message)" }
    }

    static let endRecordSize = 22
    static let centralHeaderSize = 46
    static let localHeaderSize = 30
    /// Deflate's largest ratio is 1032:1 (258-byte matches at about two bits each); with room for small members.
    static let maxDeflateRatio = 1040
    static let deflateSlack = 1024

    /// The members of the archive `bytes`, in the central directory's order (directory entries left out).
    public static func read(_ bytes: [UInt8], limits: Limits = .standard) throws(Failure) -> [Member] {
        let end = try endRecord(bytes)
        func u16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
        func u32(_ i: Int) -> Int { u16(i) | u16(i + 2) << 16 }
        let disk = u16(end + 4)
        let cdDisk = u16(end + 6)
        let onDisk = u16(end + 8)
        let count = u16(end + 10)
        let cdSize = u32(end + 12)
        let cdOffset = u32(end + 16)
        if count == 0xFFFF || cdSize == 0xFFFF_FFFF || cdOffset == 0xFFFF_FFFF
            || (end >= 20 && u32(end - 20) == 0x0706_4B50)
        {
            throw Failure(
                offset: end, "a ZIP64 archive (for archives over 4 GB or 65,535 members) is not read: write a plain ZIP"
            )
        }
        guard disk == 0, cdDisk == 0, onDisk == count else {
            throw Failure(offset: end, "a split (multi-disk) archive is not read: join it into one file")
        }
        guard count <= limits.maxMembers else {
            throw Failure(offset: end, "the archive has \(count) members, more than the \(limits.maxMembers) read")
        }
        guard cdOffset <= end, cdSize <= end - cdOffset else {
            throw Failure(
                offset: end,
                "the central directory (\(cdSize) bytes at offset \(cdOffset)) is not inside the archive's \(bytes.count) bytes"
            )
        }
        var members: [Member] = []
        var names: Set<String> = []
        var total = 0
        var at = cdOffset
        for _ in 0..<count {
            guard at <= cdOffset + cdSize - centralHeaderSize, cdOffset + cdSize >= centralHeaderSize else {
                throw Failure(offset: at, "the central directory ends before its \(count) entries")
            }
            guard u32(at) == 0x0201_4B50 else {
                throw Failure(offset: at, "no central directory entry here (bad signature)")
            }
            let flags = u16(at + 8)
            let method = u16(at + 10)
            let crc = UInt32(u32(at + 16))
            let packed = u32(at + 20)
            let size = u32(at + 24)
            let nameLength = u16(at + 28)
            let extraLength = u16(at + 30)
            let commentLength = u16(at + 32)
            let local = u32(at + 42)
            let entryEnd = at + centralHeaderSize + nameLength + extraLength + commentLength
            guard entryEnd <= cdOffset + cdSize else {
                throw Failure(offset: at, "a central directory entry runs past the directory's end")
            }
            let name = String(
                decoding: bytes[at + centralHeaderSize..<at + centralHeaderSize + nameLength], as: UTF8.self)
            defer { at = entryEnd }
            if flags & 0x41 != 0 || method == 99 {
                throw Failure(offset: at, "\(quoted(name)) is encrypted: encrypted archives are not read")
            }
            if packed == 0xFFFF_FFFF || size == 0xFFFF_FFFF || local == 0xFFFF_FFFF {
                throw Failure(offset: at, "\(quoted(name)) has ZIP64 sizes (a member over 4 GB): write a plain ZIP")
            }
            if name.hasSuffix("/"), size == 0 { continue }  // a directory entry
            try checkName(name, at: at)
            guard !names.contains(name) else { throw Failure(offset: at, "\(quoted(name)) is in the archive twice") }
            names.insert(name)
            guard method == 0 || method == 8 else {
                throw Failure(
                    offset: at,
                    "\(quoted(name)) uses compression method \(method): only stored (0) and deflated (8) members are read"
                )
            }
            guard size <= limits.maxTotalBytes - total else {
                throw Failure(
                    offset: at, "\(quoted(name)) would bring the archive's contents past \(limits.maxTotalBytes) bytes")
            }
            if method == 0, packed != size {
                throw Failure(offset: at, "\(quoted(name)) is stored, yet its sizes differ (\(packed) and \(size))")
            }
            if method == 8, size > packed * maxDeflateRatio + deflateSlack {
                throw Failure(
                    offset: at,
                    "\(quoted(name)) claims \(size) bytes from \(packed) compressed, more than deflate can produce (a zip bomb?)"
                )
            }
            // The local header: its own name and extra field lengths say where the data starts.
            guard local <= cdOffset - localHeaderSize, cdOffset >= localHeaderSize else {
                throw Failure(
                    offset: at, "\(quoted(name))'s local header (offset \(local)) is not before the central directory")
            }
            guard u32(local) == 0x0403_4B50 else {
                throw Failure(offset: local, "no local header here for \(quoted(name)) (bad signature)")
            }
            let start = local + localHeaderSize + u16(local + 26) + u16(local + 28)
            guard start <= cdOffset, packed <= cdOffset - start else {
                throw Failure(
                    offset: local,
                    "\(quoted(name))'s \(packed) bytes of data run past the members into the central directory")
            }
            let data =
                method == 0
                ? Array(bytes[start..<start + packed])
                : try inflate(bytes, start..<start + packed, size: size, name: name, offset: local)
            let check = data.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, UInt32($0.count))) }
            guard check == crc else {
                throw Failure(offset: local, "\(quoted(name)) is damaged: its CRC-32 does not match its data")
            }
            total += size
            members.append(Member(name: name, bytes: data))
        }
        return members
    }

    /// The offset of the end-of-central-directory record: the last signature in the final 64 KB + 22 bytes
    /// whose comment length reaches exactly to the end of the file.
    static func endRecord(_ bytes: [UInt8]) throws(Failure) -> Int {
        guard bytes.count >= endRecordSize else {
            throw Failure(offset: 0, "not a ZIP archive: \(bytes.count) bytes is shorter than the end record")
        }
        let lowest = max(0, bytes.count - endRecordSize - 0xFFFF)
        var i = bytes.count - endRecordSize
        while i >= lowest {
            if bytes[i] == 0x50, bytes[i + 1] == 0x4B, bytes[i + 2] == 0x05, bytes[i + 3] == 0x06,
                i + endRecordSize + (Int(bytes[i + 20]) | Int(bytes[i + 21]) << 8) == bytes.count
            {
                return i
            }
            i -= 1
        }
        throw Failure(offset: bytes.count, "not a ZIP archive (or one cut short): no end-of-central-directory record")
    }

    /// Refuses names that could land outside a folder or mean different files on different systems
    /// (`MemberName`'s rule; an `.lsr`'s members may not hold a colon).
    static func checkName(_ name: String, at offset: Int) throws(Failure) {
        let why: String
        switch MemberName.problem(name, allowsColon: false) {
        case nil: return
        case .empty: why = "a member has an empty name"
        case .absolute: why = "\(quoted(name)) is an absolute path: members are relative"
        case .controlCharacter, .backslash, .colon:
            why = "\(quoted(name)): member names may not hold a backslash, a colon or a control character"
        case .climbsOut: why = "\(quoted(name)) climbs out of the archive (\"..\")"
        case .emptyComponent: why = "\(quoted(name)) has an empty or \".\" component"
        }
        throw Failure(offset: offset, why)
    }

    /// Raw deflate data (RFC 1951) inflated into exactly `size` bytes, or a failure: never more.
    static func inflate(_ bytes: [UInt8], _ range: Range<Int>, size: Int, name: String, offset: Int) throws(Failure)
        -> [UInt8]
    {
        var out = [UInt8](repeating: 0, count: size + 1)  // one spare byte: data that inflates to more is caught
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Failure(offset: offset, "zlib could not start inflating \(quoted(name))")
        }
        defer { inflateEnd(&stream) }
        let status: Int32 = bytes.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress! + range.lowerBound)
                stream.avail_in = UInt32(range.count)
                stream.next_out = output.baseAddress
                stream.avail_out = UInt32(output.count)
                // One call with all input and all output room: Z_STREAM_END, or an error, or stuck (Z_BUF_ERROR).
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        let produced = Int(stream.total_out)
        switch status {
        case Z_STREAM_END where produced == size: break
        case Z_STREAM_END:
            throw Failure(
                offset: offset, "\(quoted(name)) inflates to \(produced) bytes, not the \(size) its header says")
        case Z_BUF_ERROR where stream.avail_out == 0, Z_OK where stream.avail_out == 0:
            throw Failure(offset: offset, "\(quoted(name)) inflates to more than the \(size) bytes its header says")
        case Z_BUF_ERROR, Z_OK:
            throw Failure(offset: offset, "\(quoted(name))'s deflated data is cut short")
        default:
            throw Failure(
                offset: offset,
                "\(quoted(name))'s deflated data is damaged (zlib: \(stream.msg.map { String(cString: $0) } ?? "error \(status)"))"
            )
        }
        out.removeLast()
        return out
    }
}
