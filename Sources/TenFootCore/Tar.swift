/// One file in an archive, tar or ZIP: its path (components separated by `/`) and its bytes.
public struct ArchiveMember: Sendable, Hashable {
    public var name: String
    public var bytes: [UInt8]
    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }
}

/// A POSIX ustar archive (POSIX.1-1988, the `tar` every system lists and extracts), written and read
/// by our own code: what a repro bundle (`tenfoot bundle`, docs/cli.md) is stored in.
///
/// Written archives are reproducible: regular files only, in the order given, each header with fixed
/// values for everything but the name and size (mode 0644, uid and gid 0, no user or group names,
/// modification time 0), so the same members give the same bytes in every process and on every machine.
///
/// Reading is hostile input: the archive may come from anyone. `Tar.read` accepts regular files (and
/// ignores directory entries, which a re-packing `tar` adds), and refuses everything else — symbolic
/// and hard links, devices, pax and GNU extension headers — as well as names that are absolute, climb
/// out (`..`), are empty or repeat, bad checksums, sizes beyond the limits and archives cut short.
/// Each refusal says the byte offset of the header at fault.
public enum Tar {
    /// One file in an archive (`ArchiveMember`, shared with the other container format).
    public typealias Member = ArchiveMember

    /// What a reader accepts: bounds on the member count, each member's size and the total.
    public struct Limits: Sendable {
        public var maxMembers: Int
        public var maxMemberBytes: Int
        public var maxTotalBytes: Int
        public init(maxMembers: Int, maxMemberBytes: Int, maxTotalBytes: Int) {
            self.maxMembers = maxMembers
            self.maxMemberBytes = maxMemberBytes
            self.maxTotalBytes = maxTotalBytes
        }
    }

    /// Why an archive cannot be read: the offset of the header (or block) at fault, and what is wrong.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var offset: Int
        public var message: String
        public init(offset: Int, _ message: String) {
            self.offset = offset
            self.message = message
        }
        public var description: String { "offset \(offset): \(message)" }
    }

    /// Why members cannot be written (a name ustar cannot hold, a file too large for its size field).
    public struct NameError: Error, Sendable, Equatable, CustomStringConvertible {
        public var name: String
        public var message: String
        public var description: String { "\(quoted(name)): \(message)" }
    }

    /// The ustar block: every header and every member's data is padded to it.
    static let block = 512
    /// The name field holds 100 bytes, the prefix field 155 (joined by `/`).
    static let nameField = 100
    static let prefixField = 155
    /// A member's size is 11 octal digits in its header: below 8 GiB.
    static let maxSizeField = (1 << 33) - 1

    // MARK: Writing

    /// The archive of `members`, in their order, ending with the two zero blocks ustar requires.
    public static func write(_ members: [Member]) throws(NameError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(members.reduce(2 * block) { $0 + block + padded($1.bytes.count) })
        for m in members {
            if let problem = nameProblem(m.name) { throw NameError(name: m.name, message: problem) }
            if m.bytes.count > maxSizeField {
                throw NameError(name: m.name, message: "is larger than a ustar member can be (8 GiB)")
            }
            let (prefix, name) = try split(m.name)
            var h = [UInt8](repeating: 0, count: block)
            put(name, into: &h, at: 0, width: nameField)
            put("0000644", into: &h, at: 100, width: 8)  // mode
            put("0000000", into: &h, at: 108, width: 8)  // uid
            put("0000000", into: &h, at: 116, width: 8)  // gid
            put(octal(m.bytes.count, digits: 11), into: &h, at: 124, width: 12)
            put("00000000000", into: &h, at: 136, width: 12)  // mtime: 0, so archives are reproducible
            h[156] = UInt8(ascii: "0")  // a regular file
            put("ustar", into: &h, at: 257, width: 6)  // magic "ustar\0"
            put("00", into: &h, at: 263, width: 2)  // version
            put(prefix, into: &h, at: 345, width: prefixField)
            // The checksum is computed with its own field as eight spaces, then written as six digits, NUL, space.
            for i in 148..<156 { h[i] = UInt8(ascii: " ") }
            let sum = h.reduce(0) { $0 + Int($1) }
            put(octal(sum, digits: 6), into: &h, at: 148, width: 6)
            h[154] = 0
            h[155] = UInt8(ascii: " ")
            out += h
            out += m.bytes
            out += [UInt8](repeating: 0, count: padded(m.bytes.count) - m.bytes.count)
        }
        out += [UInt8](repeating: 0, count: 2 * block)
        return out
    }

    /// A name in the name field alone, or split at a `/` into prefix and name.
    public static func split(_ path: String) throws(NameError) -> (prefix: String, name: String) {
        let bytes = Array(path.utf8)
        if bytes.count <= nameField { return ("", path) }
        // The last `/` that leaves at most 155 bytes before it and at most 100 after it.
        for k in stride(from: min(bytes.count - 1, prefixField), through: 1, by: -1) where bytes[k] == UInt8(ascii: "/")
        {
            if bytes.count - k - 1 <= nameField, k <= prefixField {
                return (
                    String(decoding: bytes[..<k], as: UTF8.self), String(decoding: bytes[(k + 1)...], as: UTF8.self)
                )
            }
        }
        throw NameError(
            name: path, message: "is too long for a ustar archive (at most 100 bytes after the last folder, 255 in all)"
        )
    }

    // MARK: Reading

    /// The regular files of `archive`, in archive order, or the first problem with its offset.
    public static func read(_ archive: [UInt8], limits: Limits) throws(Failure) -> [Member] {
        var members: [Member] = []
        var names = Set<String>()
        var total = 0
        var offset = 0
        while true {
            guard offset + block <= archive.count else {
                throw Failure(
                    offset: offset,
                    offset == archive.count
                        ? "the archive ends without its end-of-archive blocks (cut short?)"
                        : "the archive ends in the middle of a header (cut short?)")
            }
            let h = Array(archive[offset..<offset + block])
            if h.allSatisfy({ $0 == 0 }) {
                // The end: two zero blocks, as ustar writes it (one alone is an archive cut short, which may have
                // lost members), and what follows must be zeros too — no hidden members after the end.
                guard offset + 2 * block <= archive.count else {
                    throw Failure(
                        offset: offset + block,
                        "the archive ends after one of its two end-of-archive blocks (cut short?)")
                }
                if archive[offset...].contains(where: { $0 != 0 }) {
                    throw Failure(offset: offset, "data after the end-of-archive blocks")
                }
                return members
            }
            guard Array(h[257..<262]) == Array("ustar".utf8) else {
                throw Failure(
                    offset: offset, "not a ustar header (no \"ustar\" magic): not a tar archive, or an old-style one")
            }
            guard let stored = number(h[148..<156]) else {
                throw Failure(offset: offset, "the header's checksum is not an octal number")
            }
            let sum = h.enumerated().reduce(0) {
                $0 + ((148..<156).contains($1.offset) ? Int(UInt8(ascii: " ")) : Int($1.element))
            }
            guard stored == sum else {
                throw Failure(
                    offset: offset,
                    "the header's checksum is wrong (\(stored), the header adds up to \(sum)): the archive is damaged")
            }
            guard let size = number(h[124..<136]) else {
                throw Failure(offset: offset, "the member's size is not an octal number")
            }
            guard let name = fullName(h) else { throw Failure(offset: offset, "a member's name is not UTF-8") }
            let type = h[156]
            let shown = quoted(name)
            switch type {
            case UInt8(ascii: "0"), 0:
                break
            case UInt8(ascii: "5"):
                // A folder: nothing to read (its files carry their full paths), but its name is checked.
                if let problem = nameProblem(name.hasSuffix("/") ? String(name.dropLast()) : name) {
                    throw Failure(offset: offset, "the folder \(shown) \(problem)")
                }
                guard size == 0 else { throw Failure(offset: offset, "the folder \(shown) has a size") }
                offset += block
                continue
            case UInt8(ascii: "1"):
                throw Failure(offset: offset, "\(shown) is a hard link; a bundle holds only regular files")
            case UInt8(ascii: "2"):
                throw Failure(offset: offset, "\(shown) is a symbolic link; a bundle holds only regular files")
            case UInt8(ascii: "x"), UInt8(ascii: "g"):
                throw Failure(
                    offset: offset, "\(shown) is a pax extended header; a bundle is plain ustar (regular files only)")
            case UInt8(ascii: "L"), UInt8(ascii: "K"):
                throw Failure(
                    offset: offset, "a GNU long-name header; a bundle is plain ustar (names of at most 255 bytes)")
            default:
                throw Failure(
                    offset: offset,
                    "\(shown) is not a regular file (type \(quoted(String(decoding: [type], as: UTF8.self)))); a bundle holds only regular files"
                )
            }
            if let problem = nameProblem(name) { throw Failure(offset: offset, "the member \(shown) \(problem)") }
            guard names.insert(name).inserted else {
                throw Failure(offset: offset, "the member \(shown) appears twice")
            }
            guard members.count < limits.maxMembers else {
                throw Failure(offset: offset, "more than \(limits.maxMembers) members")
            }
            guard size <= limits.maxMemberBytes else {
                throw Failure(
                    offset: offset,
                    "the member \(shown) is \(byteCount(size)); the limit is \(byteCount(limits.maxMemberBytes))")
            }
            total += size
            guard total <= limits.maxTotalBytes else {
                throw Failure(
                    offset: offset, "the members add up to more than the limit of \(byteCount(limits.maxTotalBytes))")
            }
            let start = offset + block
            guard archive.count - start >= size else {
                throw Failure(
                    offset: offset,
                    "the member \(shown) is cut short (\(byteCount(size)) declared, \(byteCount(archive.count - start)) left)"
                )
            }
            members.append(Member(name: name, bytes: Array(archive[start..<start + size])))
            let next = start + padded(size)
            guard next <= archive.count else {
                throw Failure(offset: offset, "the member \(shown) is cut short (its padding is missing)")
            }
            offset = next
        }
    }

    /// Why `name` cannot be a member's path, or nil (`MemberName`'s rule; a bundle's members may hold a colon).
    public static func nameProblem(_ name: String) -> String? {
        switch MemberName.problem(name, allowsColon: true) {
        case nil: nil
        case .empty: "has an empty name"
        case .absolute: "is an absolute path"
        case .controlCharacter: "has a control character in its name"
        case .backslash: "has a backslash in its name"
        case .colon: "has a colon in its name"
        case .climbsOut: "climbs out of the archive (..)"
        case .emptyComponent: "has an empty or \".\" folder in its path"
        }
    }

    /// The member's path: prefix and name, each up to its first NUL; nil when it is not UTF-8.
    static func fullName(_ h: [UInt8]) -> String? {
        func field(_ r: Range<Int>) -> [UInt8] { Array(h[r].prefix { $0 != 0 }) }
        let name = field(0..<nameField)
        let prefix = field(345..<345 + prefixField)
        let bytes = prefix.isEmpty ? name : prefix + [UInt8(ascii: "/")] + name
        let text = String(decoding: bytes, as: UTF8.self)
        return Array(text.utf8) == bytes ? text : nil
    }

    /// An octal field: optional leading spaces, digits, then NUL or spaces. Nil when anything else
    /// (base-256 sizes, signs, letters) or nothing is there.
    static func number(_ field: ArraySlice<UInt8>) -> Int? {
        var value = 0
        var digits = 0
        var ended = false
        for b in field {
            if b == 0 || b == UInt8(ascii: " ") {
                if digits > 0 { ended = true }
                continue
            }
            guard !ended, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(b), digits < 12 else { return nil }
            value = value * 8 + Int(b - UInt8(ascii: "0"))
            digits += 1
        }
        return digits > 0 ? value : nil
    }

    static func padded(_ n: Int) -> Int { (n + block - 1) / block * block }

    static func octal(_ n: Int, digits: Int) -> String {
        var s = String(n, radix: 8)
        while s.count < digits { s = "0" + s }
        return s
    }

    static func put(_ s: String, into h: inout [UInt8], at offset: Int, width: Int) {
        for (k, b) in s.utf8.prefix(width).enumerated() { h[offset + k] = b }
    }
}
