import TenFootCore
import TestSupport
import Testing

/// The ustar codec repro bundles are stored in: reproducible writing, and reading that refuses every
/// hostile archive with the offset of the header at fault.
@Suite struct TarTests {
    static let limits = Tar.Limits(maxMembers: 16, maxMemberBytes: 4096, maxTotalBytes: 8192)

    /// A header as another tool (or an attacker) writes it: any name, type and size; the checksum right
    /// unless `badChecksum`.
    static func header(
        _ name: String, type: Character = "0", size: Int, sizeField: String? = nil, magic: String = "ustar",
        badChecksum: Bool = false
    ) -> [UInt8] {
        var h = [UInt8](repeating: 0, count: 512)
        func put(_ s: String, _ at: Int) { for (k, b) in s.utf8.enumerated() { h[at + k] = b } }
        put(name, 0)
        put("0000644", 100)
        put("0000000", 108)
        put("0000000", 116)
        put(sizeField ?? octal(size, 11), 124)
        put("00000000000", 136)
        h[156] = type.asciiValue!
        put(magic, 257)
        put("00", 263)
        for i in 148..<156 { h[i] = 0x20 }
        var sum = h.reduce(0) { $0 + Int($1) }
        if badChecksum { sum += 1 }
        put(octal(sum, 6), 148)
        h[154] = 0
        h[155] = 0x20
        return h
    }

    static func member(_ name: String, _ text: String, type: Character = "0") -> [UInt8] {
        let bytes = Array(text.utf8)
        return header(name, type: type, size: bytes.count) + bytes
            + [UInt8](repeating: 0, count: (512 - bytes.count % 512) % 512)
    }

    static func octal(_ n: Int, _ digits: Int) -> String {
        let s = String(n, radix: 8)
        return String(repeating: "0", count: max(0, digits - s.count)) + s
    }

    static let end = [UInt8](repeating: 0, count: 1024)

    @Test func writtenArchivesReadBackAndAreReproducible() throws {
        let long = String(repeating: "folder/", count: 20) + "poster.png"  // 150 bytes: needs the prefix field
        let members = [
            Tar.Member(name: "manifest.json", bytes: Array("{}\n".utf8)), Tar.Member(name: long, bytes: [1, 2, 3]),
            Tar.Member(name: "empty", bytes: []),
        ]
        let a = try Tar.write(members)
        let b = try Tar.write(members)
        #expect(a == b)
        #expect(a.count % 512 == 0)
        #expect(try Tar.read(a, limits: Self.limits) == members)
        // The fixed header fields: mode 0644, uid, gid and mtime zero, ustar magic.
        #expect(Array(a[100..<107]) == Array("0000644".utf8))
        #expect(Array(a[136..<147]) == Array("00000000000".utf8))
        #expect(Array(a[257..<263]) == Array("ustar\0".utf8))
        // The header written by hand in this test is the same as the writer's.
        #expect(Array(a[0..<512]) == Self.header("manifest.json", size: 3))
    }

    @Test func namesUstarCannotHoldAreRefusedWhenWriting() {
        #expect(throws: Tar.NameError.self) {
            try Tar.write([Tar.Member(name: String(repeating: "x", count: 101), bytes: [])])
        }
        #expect(throws: Tar.NameError.self) { try Tar.write([Tar.Member(name: "../up", bytes: [])]) }
        #expect(throws: Tar.NameError.self) { try Tar.write([Tar.Member(name: "/abs", bytes: [])]) }
    }

    /// Each hostile archive, and the offset and words its refusal must have.
    static let hostile: [(String, [UInt8], Int, String)] = [
        (
            "a member climbing out", member("a", "x") + member("files/../../etc/passwd", "x") + end, 1024,
            "climbs out of the archive"
        ),
        ("an absolute member", member("/etc/passwd", "x") + end, 0, "is an absolute path"),
        ("a symbolic link", header("files/link", type: "2", size: 0) + end, 0, "is a symbolic link"),
        ("a hard link", header("files/link", type: "1", size: 0) + end, 0, "is a hard link"),
        ("a device", header("dev", type: "3", size: 0) + end, 0, "is not a regular file"),
        ("a pax header", header("pax", type: "x", size: 0) + end, 0, "pax extended header"),
        ("a GNU long name", header("././@LongLink", type: "L", size: 0) + end, 0, "GNU long-name header"),
        (
            "a bad checksum",
            member("a", "x") + header("b", size: 1, badChecksum: true) + [UInt8](repeating: 0, count: 512) + end, 1024,
            "checksum is wrong"
        ),
        ("not an archive", Array(String(repeating: "not a tar file ", count: 40).utf8), 0, "not a ustar header"),
        ("cut in a header", Array(member("a", "hello").prefix(300)), 0, "ends in the middle of a header"),
        ("cut in the data", Array((header("a", size: 2000) + [UInt8](repeating: 65, count: 100))), 0, "is cut short"),
        ("no end blocks", member("a", "x"), 1024, "without its end-of-archive blocks"),
        ("a member too large", header("big", size: 5000) + [UInt8](repeating: 0, count: 5120) + end, 0, "the limit is"),
        ("a size of 8 GiB", header("big", size: 0, sizeField: "77777777777") + end, 0, "the limit is"),
        ("a size that is not octal", header("big", size: 0, sizeField: "9999") + end, 0, "not an octal number"),
        ("a repeated member", member("a", "x") + member("a", "y") + end, 1024, "appears twice"),
        (
            "a hidden member after the end", member("a", "x") + [UInt8](repeating: 0, count: 1024) + member("b", "y"),
            1024, "data after the end"
        ),
        ("a dot folder", member("files/./x", "x") + end, 0, "empty or \".\" folder"),
        ("a backslash", member("files\\..\\x", "x") + end, 0, "backslash"),
        ("a control character", member("a\u{1B}[2J", "x") + end, 0, "control character"),
        ("too many members", (0..<17).flatMap { member("m\($0)", "") } + end, 16 * 512, "more than 16 members"),
    ]

    @Test(arguments: 0..<hostile.count)
    func hostileArchivesAreRefusedAtTheirOffset(_ k: Int) {
        let (name, bytes, offset, words) = Self.hostile[k]
        do {
            _ = try Tar.read(bytes, limits: Self.limits)
            Issue.record("\(name): read without complaint")
        } catch {
            #expect(error.offset == offset, "\(name): \(error)")
            #expect(error.message.contains(words), "\(name): \(error)")
        }
    }

    /// Folders (which `tar` adds when it packs a folder) are skipped; two zero blocks end an archive, and one
    /// alone is an archive cut short.
    @Test func foldersAreSkippedAndTwoEndBlocksEndIt() throws {
        let bytes = Self.header("files/", type: "5", size: 0) + Self.member("files/a", "x")
        let zero = [UInt8](repeating: 0, count: 512)
        #expect(
            try Tar.read(bytes + zero + zero, limits: Self.limits) == [
                Tar.Member(name: "files/a", bytes: Array("x".utf8))
            ])
        #expect(throws: Tar.Failure.self) { try Tar.read(bytes + zero, limits: Self.limits) }
        do { _ = try Tar.read(bytes + zero, limits: Self.limits) } catch {
            #expect(error.offset == 2048 && error.message.contains("after one of its two end-of-archive blocks"))
        }
    }

    /// Seeded random damage to a good archive never traps: it reads, or is refused with an offset in the file.
    @Test func damagedArchivesNeverTrap() throws {
        let good = try Tar.write([
            Tar.Member(name: "manifest.json", bytes: Array("{\"a\": 1}".utf8)),
            Tar.Member(name: "files/x/y.json", bytes: Array(repeating: 7, count: 700)),
        ])
        var rng = SplitMix(seed: 19)
        for _ in 0..<2000 {
            var bytes = good
            for _ in 0..<1 + Int(rng.next() % 4) {
                bytes[Int(rng.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: rng.next())
            }
            if rng.next() % 4 == 0 { bytes = Array(bytes.prefix(Int(rng.next() % UInt64(bytes.count)))) }
            do { _ = try Tar.read(bytes, limits: Self.limits) } catch {
                #expect(error.offset >= 0 && error.offset <= bytes.count)
            }
        }
    }
}
