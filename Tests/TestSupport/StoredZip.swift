/// ZIP archives of stored members, written field by field so a test can get any field wrong on purpose
/// (the reader under test is TenFootCore's `Zip`; this shares no code with it).
public enum StoredZip {
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
        }
        return ~c
    }

    public static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    public static func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16 & 0xFFFF) }

    /// An archive of `members` (name, bytes), stored; `flags` and `method` go into both headers.
    public static func archive(_ members: [(String, [UInt8])], flags: Int = 0, method: Int = 0) -> [UInt8] {
        var out: [UInt8] = []
        var directory: [UInt8] = []
        for (name, data) in members {
            let n = Array(name.utf8)
            let crc = Int(crc32(data))
            let local = out.count
            out +=
                le32(0x0403_4B50) + le16(20) + le16(flags) + le16(method) + le16(0) + le16(0) + le32(crc)
                + le32(data.count) + le32(data.count) + le16(n.count) + le16(0) + n + data
            directory +=
                le32(0x0201_4B50) + le16(20) + le16(20) + le16(flags) + le16(method) + le16(0) + le16(0) + le32(crc)
                + le32(data.count) + le32(data.count) + le16(n.count) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0)
                + le32(local) + n
        }
        let cd = out.count
        return out + directory + le32(0x0605_4B50) + le16(0) + le16(0) + le16(members.count) + le16(members.count)
            + le32(directory.count) + le32(cd) + le16(0)
    }
}
