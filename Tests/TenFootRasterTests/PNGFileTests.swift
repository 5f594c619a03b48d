import Foundation
import Testing

@testable import TenFootRaster

/// PNG frames: encoded from the frame's own bytes, reordered where they are, they are the bytes the copying encoder
/// makes (a recording's PNG frames stay byte-identical).
@Suite struct PNGFileTests {
    @Test func reorderingInPlaceMakesTheSameBytes() throws {
        let (width, height): (Int32, Int32) = (67, 41)
        let count = Int(width * height) * 4
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        var pixels = [UInt8](repeating: 0, count: count)
        for k in pixels.indices {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            pixels[k] = UInt8(truncatingIfNeeded: seed >> 56)
        }
        // Opaque and translucent pixels both.
        for k in stride(from: 3, to: count, by: 8) { pixels[k] = 255 }
        let copied = try pixels.withUnsafeBytes { try PNGFile.encode($0, width: width, height: height, pitch: 67 * 4) }
        var reordered = pixels
        let inPlace = try reordered.withUnsafeMutableBytes {
            try PNGFile.encodeReordering($0, width: width, height: height)
        }
        #expect(inPlace == copied)
        #expect(reordered[0] == pixels[2] && reordered[2] == pixels[0] && reordered[1] == pixels[1])
    }
}
