@preconcurrency import CSDL2
import TenFootScene
import Testing

@testable import TenFootRaster

extension RasterTests {
    /// Generated artwork is its formula: every pixel the gradient and rounded-corner coverage computed for that pixel
    /// alone (the rows are made on every core, the corners' middle without measuring), at sizes and corner radii
    /// from none to a circle, with and without a tint.
    @Test func artworkIsItsFormula() throws {
        let canvas = try OffscreenCanvas(width: 1920, height: 1080, fonts: try FontCache())
        let r = canvas.rasteriser
        for (w, h) in [(8, 8), (37, 55), (300, 451), (640, 360)] as [(Int32, Int32)] {
            for points in [0, 0.3, 0.5, 1, 12.7, 40, 1000] {
                for tint in [nil, Color(200, 90, 30)] {
                    let surface = try #require(
                        r.artworkSurface(seed: "s\(w)", title: "", w: w, h: h, radius: points, tint: tint))
                    defer { SDL_FreeSurface(surface) }
                    #expect((surface.pointee.w, surface.pointee.h) == (w, h))
                    guard (surface.pointee.w, surface.pointee.h) == (w, h) else { continue }
                    let (c1, c2) = tint.map(ArtworkPalette.gradient) ?? ArtworkPalette.colors(stableHash("s\(w)"))
                    let radius = min(points * r.pixelScale, Double(min(w, h)) / 2)
                    let (fw, fh) = (Double(w), Double(h))
                    let pitch = Int(surface.pointee.pitch) / 4
                    let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
                    var wrong = 0
                    for y in 0..<Int(h) {
                        for x in 0..<Int(w) {
                            let t = Double(x) / fw * 0.6 + Double(y) / fh * 0.4
                            let cr = Double(c1.r) + (Double(c2.r) - Double(c1.r)) * t
                            let cg = Double(c1.g) + (Double(c2.g) - Double(c1.g)) * t
                            let cb = Double(c1.b) + (Double(c2.b) - Double(c1.b)) * t
                            let a =
                                radius > 0
                                ? Rasteriser.roundedCoverage(
                                    Double(x) + 0.5, Double(y) + 0.5, w: fw, h: fh, r: radius) : 1
                            let expected = UInt32(a * 255) << 24 | UInt32(cr) << 16 | UInt32(cg) << 8 | UInt32(cb)
                            if pixels[y * pitch + x] != expected { wrong += 1 }
                        }
                    }
                    #expect(
                        wrong == 0, "\(w)x\(h), radius \(points), tint \(String(describing: tint)): \(wrong) pixels")
                }
            }
        }
    }
}
