/// The bytes of a text file: checked as UTF-8 where they come in, so every reader gets a `String`
/// and a file that is not UTF-8 is reported at its first bad byte, not at 1:1.
public enum UTF8Text {
    /// The text of `bytes`, or a diagnostic at the first byte that is not part of valid UTF-8.
    public static func decode(_ bytes: [UInt8], file: String) throws(Diagnostic) -> String {
        var k = 0
        while k < bytes.count {
            if bytes[k] < 0x80 {
                k += 1
                continue
            }
            guard let n = sequenceLength(bytes, at: k) else {
                throw Diagnostic(
                    file: file, at: location(of: k, in: bytes),
                    "invalid UTF-8: byte \(hex(bytes[k])) cannot start or continue a character here; the file must be UTF-8 text"
                )
            }
            k += n
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The length of the UTF-8 sequence starting at `k`, or nil when the bytes there are not one:
    /// the well-formed sequences of the Unicode standard (table 3-7), so no overlong forms, no
    /// surrogates and nothing past U+10FFFF.
    public static func sequenceLength<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at k: Int) -> Int?
    where Bytes.Index == Int {
        let b = bytes[k]
        let length: Int
        let second: ClosedRange<UInt8>
        switch b {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF:
            length = 2
            second = 0x80...0xBF
        case 0xE0:
            length = 3
            second = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF:
            length = 3
            second = 0x80...0xBF
        case 0xED:
            length = 3
            second = 0x80...0x9F
        case 0xF0:
            length = 4
            second = 0x90...0xBF
        case 0xF1...0xF3:
            length = 4
            second = 0x80...0xBF
        case 0xF4:
            length = 4
            second = 0x80...0x8F
        default: return nil
        }
        guard k + length <= bytes.endIndex, second.contains(bytes[k + 1]) else { return nil }
        for j in k + 2..<k + length where bytes[j] & 0xC0 != 0x80 { return nil }
        return length
    }

    /// The line and column of byte `offset` (columns count characters: UTF-8 lead bytes).
    public static func location(of offset: Int, in bytes: [UInt8]) -> SourceLocation {
        var line = 1
        var column = 1
        for k in 0..<min(offset, bytes.count) {
            if bytes[k] == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if bytes[k] & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SourceLocation(line: line, column: column)
    }

    /// `0xFF`.
    public static func hex(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x" + String(digits[Int(b >> 4)]) + String(digits[Int(b & 15)])
    }
}
