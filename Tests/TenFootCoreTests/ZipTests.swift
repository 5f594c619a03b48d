import Foundation
import TenFootCore
import TestSupport
import Testing

/// The ZIP reader `.lsr` layered images go through: the fixture (made by Python's zipfile, scripts/make-lsr.py)
/// reads whole, and every hostile or broken archive is refused with a clear message — never a crash or a hang.
@Suite struct ZipTests {
    static let fixture: [UInt8] = Array(
        FileManager.default.contents(atPath: TestPaths.scenes + "/art/orbit.lsr") ?? Data())

    static func failure(_ bytes: [UInt8], limits: Zip.Limits = .standard) -> String {
        do {
            _ = try Zip.read(bytes, limits: limits)
            return ""
        } catch { return error.description }
    }

    // MARK: Archives made by hand (TestSupport's StoredZip), and the fixture's fields found to poke at.

    static func archive(_ members: [(String, [UInt8])], flags: Int = 0, method: Int = 0) -> [UInt8] {
        StoredZip.archive(members, flags: flags, method: method)
    }

    /// The offsets of the end record and of each central directory entry, read the plain way.
    static func layout(_ b: [UInt8]) -> (end: Int, entries: [Int]) {
        func u16(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
        func u32(_ i: Int) -> Int { u16(i) | u16(i + 2) << 16 }
        var end = b.count - 22
        while !(b[end] == 0x50 && b[end + 1] == 0x4B && b[end + 2] == 5 && b[end + 3] == 6) { end -= 1 }
        var entries: [Int] = []
        var at = u32(end + 16)
        for _ in 0..<u16(end + 10) {
            entries.append(at)
            at += 46 + u16(at + 28) + u16(at + 30) + u16(at + 32)
        }
        return (end, entries)
    }

    /// The first central entry whose name ends with `suffix`.
    static func entry(_ b: [UInt8], _ suffix: String) -> Int {
        layout(b).entries.first { at in
            let n = Int(b[at + 28]) | Int(b[at + 29]) << 8
            return String(decoding: b[at + 46..<at + 46 + n], as: UTF8.self).hasSuffix(suffix)
        }!
    }

    static func poke32(_ b: inout [UInt8], _ at: Int, _ v: Int) {
        for k in 0..<4 { b[at + k] = UInt8(v >> (8 * k) & 0xFF) }
    }

    // MARK: Reading

    @Test func readsTheFixtureWhole() throws {
        let members = try Zip.read(Self.fixture)
        // Directory entries are left out; stored PNGs and deflated JSON both come back byte for byte.
        #expect(members.count == 12 && !members.contains { $0.name.hasSuffix("/") })
        for m in members {
            let onDisk = FileManager.default.contents(atPath: TestPaths.scenes + "/art/orbit.imagestack/" + m.name)
            #expect(onDisk.map(Array.init) == m.bytes, "\(m.name)")
        }
        #expect(members.map(\.name).contains("Moon.imagestacklayer/Contents.json"))
    }

    @Test func readsAHandMadeArchive() throws {
        let members = try Zip.read(Self.archive([("a.txt", Array("hello".utf8)), ("b/c.txt", [])]))
        #expect(
            members == [Zip.Member(name: "a.txt", bytes: Array("hello".utf8)), Zip.Member(name: "b/c.txt", bytes: [])])
    }

    @Test func refusesNamesThatLeaveTheFolder() {
        #expect(
            Self.failure(Self.archive([("../evil.png", [1])])).contains(
                "\"../evil.png\" climbs out of the archive (\"..\")"))
        #expect(Self.failure(Self.archive([("a/../../evil.png", [1])])).contains("climbs out"))
        #expect(Self.failure(Self.archive([("/etc/passwd", [1])])).contains("\"/etc/passwd\" is an absolute path"))
        #expect(
            Self.failure(Self.archive([("a\\..\\b", [1])])).contains(
                "may not hold a backslash, a colon or a control character"))
        #expect(
            Self.failure(Self.archive([("C:x", [1])])).contains(
                "may not hold a backslash, a colon or a control character"))
        #expect(Self.failure(Self.archive([("a//b", [1])])).contains("has an empty or \".\" component"))
        #expect(Self.failure(Self.archive([("a", [1]), ("a", [2])])).contains("\"a\" is in the archive twice"))
    }

    @Test func refusesEncryptionAndUnknownMethods() {
        #expect(
            Self.failure(Self.archive([("a", [1])], flags: 1))
                == "offset 32: \"a\" is encrypted: encrypted archives are not read")
        #expect(Self.failure(Self.archive([("a", [1])], method: 99)).contains("\"a\" is encrypted"))
        #expect(
            Self.failure(Self.archive([("a", [1])], method: 12))
                == "offset 32: \"a\" uses compression method 12: only stored (0) and deflated (8) members are read")
    }

    @Test func refusesZIP64() {
        var b = Self.fixture
        let end = Self.layout(b).end
        Self.poke32(&b, end + 16, 0xFFFF_FFFF)
        #expect(
            Self.failure(b)
                == "offset \(end): a ZIP64 archive (for archives over 4 GB or 65,535 members) is not read: write a plain ZIP"
        )
        var member = Self.fixture
        Self.poke32(&member, Self.entry(member, "space.png") + 24, 0xFFFF_FFFF)
        #expect(Self.failure(member).contains("\"Space.imagestacklayer/Content.imageset/space.png\" has ZIP64 sizes"))
    }

    @Test func refusesOffsetsOutsideTheArchive() {
        var cd = Self.fixture
        let end = Self.layout(cd).end
        Self.poke32(&cd, end + 16, cd.count)
        #expect(
            Self.failure(cd).contains("the central directory (")
                && Self.failure(cd).contains("is not inside the archive's"))
        var local = Self.fixture
        Self.poke32(&local, Self.entry(local, "moon.png") + 42, 0x7FFF_FFF0)
        #expect(
            Self.failure(local).contains(
                "\"Moon.imagestacklayer/Content.imageset/moon.png\"'s local header (offset 2147483632) is not before the central directory"
            ))
        var size = Self.fixture
        let moon = Self.entry(size, "moon.png")
        Self.poke32(&size, moon + 20, 0x7FFF_FFF0)
        Self.poke32(&size, moon + 24, 0x7FFF_FFF0)
        #expect(Self.failure(size).contains("would bring the archive's contents past"))
        #expect(
            Self.failure(size, limits: Zip.Limits(maxMembers: 100, maxTotalBytes: Int.max / 2)).contains(
                "bytes of data run past the members into the central directory"))
        #expect(
            Self.failure(Array("not a zip at all, just some text".utf8)).contains("no end-of-central-directory record"))
        #expect(Self.failure([0x50, 0x4B]) == "offset 0: not a ZIP archive: 2 bytes is shorter than the end record")
    }

    @Test func refusesBombsAndLies() {
        // A deflated member that claims far more than deflate can produce from its bytes.
        var bomb = Self.fixture
        Self.poke32(&bomb, Self.entry(bomb, "Contents.json") + 24, 200_000_000)
        #expect(Self.failure(bomb).contains("\"Contents.json\" claims 200000000 bytes from"))
        #expect(Self.failure(bomb).contains("more than deflate can produce (a zip bomb?)"))
        // Within deflate's ratio, but more than the limit allows.
        #expect(
            Self.failure(Self.fixture, limits: Zip.Limits(maxMembers: 100, maxTotalBytes: 100_000)).contains(
                "would bring the archive's contents past 100000 bytes"))
        #expect(
            Self.failure(Self.fixture, limits: Zip.Limits(maxMembers: 4, maxTotalBytes: 1 << 20)).contains(
                "the archive has 22 members, more than the 4 read"))
        // Sizes that disagree with the data: inflating stops at the declared size, and says so.
        var short = Self.fixture
        let top = Self.entry(short, "Contents.json")
        Self.poke32(&short, top + 24, 400)
        #expect(Self.failure(short).contains("\"Contents.json\" inflates to more than the 400 bytes its header says"))
        var long = Self.fixture
        Self.poke32(&long, top + 24, 500)
        #expect(Self.failure(long).contains("\"Contents.json\" inflates to 441 bytes, not the 500 its header says"))
        var crc = Self.fixture
        crc[Self.entry(crc, "moon.png") + 16] ^= 0xFF
        #expect(
            Self.failure(crc).contains(
                "\"Moon.imagestacklayer/Content.imageset/moon.png\" is damaged: its CRC-32 does not match its data"))
    }

    @Test func everyTruncationIsRefused() {
        // Cut anywhere: refused (the end record is gone, or what it points at is), never a crash.
        var rng = SplitMix(seed: 7)
        for _ in 0..<200 {
            let cut = rng.int(Self.fixture.count)
            #expect(!Self.failure(Array(Self.fixture[..<cut])).isEmpty)
        }
    }

    @Test func randomByteFlipsNeverCrash() {
        // Fuzz-style: flip 1–8 random bytes (biased toward the headers, where the offsets are) and read. Any
        // outcome but a crash or a hang is fine; most flips in the data are caught by the CRC.
        var rng = SplitMix(seed: 20)
        let (end, entries) = Self.layout(Self.fixture)
        let hot = [end] + entries
        var refused = 0
        for _ in 0..<400 {
            var b = Self.fixture
            for _ in 0..<1 + rng.int(8) {
                let at = rng.int(2) == 0 ? min(b.count - 1, hot[rng.int(hot.count)] + rng.int(46)) : rng.int(b.count)
                b[at] ^= UInt8(1 + rng.int(255))
            }
            if !Self.failure(b).isEmpty { refused += 1 }
        }
        #expect(refused > 200)
    }
}
