import Foundation

/// Reads the XWD file Xvfb keeps of its screen (`-fbdir`): a big-endian header, a colour map, pixels.
public struct XWDImage {
    public let data: Data
    public let width: Int, height: Int, bytesPerLine: Int, offset: Int, lsbFirst: Bool

    public init(path: String) throws {
        let d = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        data = d
        func field(_ k: Int) -> Int {
            d.withUnsafeBytes { Int(UInt32(bigEndian: $0.loadUnaligned(fromByteOffset: k * 4, as: UInt32.self))) }
        }
        let headerSize = field(0)
        width = field(4)
        height = field(5)
        lsbFirst = field(7) == 0
        bytesPerLine = field(12)
        offset = headerSize + field(19) * 12
    }

    public func pixel(x: Int, y: Int) -> UInt32 {
        data.withUnsafeBytes { raw in
            let v = raw.loadUnaligned(fromByteOffset: offset + y * bytesPerLine + x * 4, as: UInt32.self)
            return lsbFirst ? UInt32(littleEndian: v) : UInt32(bigEndian: v)
        }
    }
}
