import CRasterKernel
import FocusEngine
import Foundation
import TenFootPresentation
import TenFootScene
import TenFootSim
import TestSupport
import Testing

@testable import TenFootRaster

/// The span rasteriser on plain memory (issue 20): straight edges stay within a pixel of their projected
/// lines at every tilt, zero tilt is the flat rect, textures do not bend, output is the same every run.
@Suite struct PerspectiveRasteriserTests {
    static let w = 520, h = 640

    /// An opaque white plane (radius 0) on black, as the focused poster's back layer: the buffer and the item.
    static func render(tilt: Point2, texture: LayerTexture? = nil, radius: Double = 0) -> ([UInt32], ParallaxItem) {
        let frame = Rect(95, 72, 330, 495)
        let a = ParallaxMetrics.maxRotation(longestSide: 390)
        let pose = ParallaxPose(centre: Point2(frame.midX, frame.midY), rotationX: a * tilt.y, rotationY: -a * tilt.x)
        let item = ParallaxItem(
            frame: frame, radius: radius, pose: pose, content: .artwork(seed: "", title: "", tint: nil), maxDepth: 60,
            tilt: tilt, sheen: 0)
        let tex = texture ?? solid(33, 50, 0xFFFF_FFFF)
        let source = Rasteriser.ParallaxSource(
            layers: [.init(texture: tex, frame: Rect(0, 0, Double(tex.width), Double(tex.height)))],
            canvas: (Double(tex.width), Double(tex.height)))
        var buffer = [UInt32](repeating: 0, count: w * h)
        buffer.withUnsafeMutableBufferPointer { b in
            Rasteriser.rasterise(
                item, source: source, sheen: Rasteriser.makeSheen(), scale: 1, origin: Point2(0, 0),
                into: b.baseAddress!, width: w, height: h)
        }
        return (buffer, item)
    }

    static func solid(_ w: Int, _ h: Int, _ c: UInt32) -> LayerTexture {
        let px = [UInt32](repeating: c, count: w * h)
        return px.withUnsafeBufferPointer { LayerTexture(width: w, height: h, argb: $0.baseAddress!, pitch: w) }
    }

    static let tilts: [Point2] =
        stride(from: -1.0, through: 1.0, by: 0.5).flatMap { x in
            stride(from: -1.0, through: 1.0, by: 0.5).map { Point2(x, $0) }
        }
        + [Point2(3, 3), Point2(-3, 2)]

    /// Each row's 50 % crossing on the left and right edges lies within a pixel of the line through the
    /// projected corners (and each column's on the top and bottom edges), at every tilt — even at three times
    /// the largest.
    @Test(arguments: tilts) func edgesStayStraight(_ t: Point2) {
        let (buffer, item) = Self.render(tilt: t)
        let q = item.maskQuad
        func alpha(_ x: Int, _ y: Int) -> Double { Double(buffer[y * Self.w + x] >> 24) / 255 }
        // Outside the item the buffer is transparent.
        let worst = edgeDeviation(of: q) { 1 - alpha($0, $1) }.worst
        #expect(worst < 1, "an edge is \(worst) px from its line at tilt \(t)")
    }

    /// At zero tilt the plane covers exactly the lifted rect: whole pixels inside, none outside.
    @Test func zeroTiltFillsTheFlatRect() {
        let (buffer, _) = Self.render(tilt: Point2(0, 0))
        for y in [71, 72, 300, 566, 567] {
            for x in [94, 95, 260, 424, 425] {
                let inside = x >= 95 && x < 425 && y >= 72 && y < 567
                #expect(buffer[y * Self.w + x] == (inside ? 0xFFFF_FFFF : 0), "pixel \(x),\(y)")
            }
        }
    }

    /// A texture's straight lines stay straight: a vertical stripe and the diagonal of a checker-free texture,
    /// found row by row, stay within a pixel of their projected lines (an affine two-triangle mesh is ~9 px off).
    @Test(arguments: [Point2(0, 0), Point2(1, 1), Point2(-1, 0.5), Point2(0.7, -1)]) func texturesDoNotBend(_ t: Point2)
    {
        let n = 200
        var px = [UInt32](repeating: 0xFF00_0000, count: n * n)
        for k in 0..<n {
            px[k * n + k] = 0xFFFF_FFFF
            px[k * n + min(n - 1, k + 1)] = 0xFFFF_FFFF
        }
        let tex = px.withUnsafeBufferPointer { LayerTexture(width: n, height: n, argb: $0.baseAddress!, pitch: n) }
        let frame = Rect(95, 72, 330, 495)
        let (buffer, item) = Self.render(tilt: t, texture: tex)
        // The texture fills the 330×495 rect (aspect fill of a square: 495×495, centred).
        let side = 495.0
        let a = item.pose.project(-side / 2, -side / 2, z: 0)
        let b = item.pose.project(side / 2, side / 2, z: 0)
        var worst = 0.0
        for y in Int(frame.minY) + 20..<Int(frame.maxY) - 20 {
            var sum = 0.0
            var weight = 0.0
            for x in 0..<Self.w {
                let c = Double(buffer[y * Self.w + x] >> 8 & 0xFF)
                if c > 40 {
                    sum += (Double(x) + 0.5) * c
                    weight += c
                }
            }
            let yc = Double(y) + 0.5
            let expected = a.x + (yc - a.y) * (b.x - a.x) / (b.y - a.y)
            // Rows where the stripe is well inside the item (the mask cuts it near the edges).
            guard weight > 0, expected > frame.minX + 12, expected < frame.maxX - 12 else { continue }
            // The stripe is two texels wide from the diagonal: its centre is half a texel to the right.
            worst = max(worst, abs(sum / weight - expected - 0.5 * side / Double(n)))
        }
        #expect(worst < 1, "the diagonal is \(worst) px from its projection at tilt \(t)")
    }

    /// A layer halved while it is made from the picture has the texels of one made whole and then halved, alpha,
    /// odd sizes and all, without the whole one (268 MB for an 8192 × 8192 picture).
    @Test(arguments: [0, 1, 2, 3]) func aLayerHalvedAsItIsMadeIsTheWholeOneHalved(_ halvings: Int) {
        let (w, h, pitch) = (37, 23, 41)
        var state: UInt32 = 12_345
        let argb = (0..<pitch * h).map { i -> UInt32 in
            state = state &* 1_664_525 &+ 1_013_904_223
            // A third opaque, a third clear, the rest partly transparent.
            let alpha: UInt32 = i % 3 == 0 ? 255 : i % 3 == 1 ? 0 : state >> 24
            return alpha << 24 | state & 0xFF_FFFF
        }
        argb.withUnsafeBufferPointer { p in
            var whole = LayerTexture(width: w, height: h, argb: p.baseAddress!, pitch: pitch)
            for _ in 0..<halvings { whole = whole.halved() }
            let made = LayerTexture.prepared(
                width: w, height: h, argb: p.baseAddress!, pitch: pitch, halvings: halvings)
            #expect(made.width == whole.width && made.height == whole.height)
            #expect(made.pixels == whole.pixels)
            #expect(made.opaque == whole.opaque)
        }
        let opaque = argb.map { $0 | 0xFF00_0000 }
        opaque.withUnsafeBufferPointer { p in
            let made = LayerTexture.prepared(
                width: w, height: h, argb: p.baseAddress!, pitch: pitch, halvings: halvings)
            #expect(made.opaque)
        }
    }

    /// The C runs (CRasterKernel, eight pixels at a time and one, leaving out what opaque planes hide) draw the bytes
    /// of the Swift one (which draws every plane whole): five layers (eighteen at some tilts) of random texels (opaque, clear and partly
    /// transparent, of several sizes, placed anywhere on the canvas and past it) and the sheen atop them, at every
    /// tilt, sheen and corner radius, as the rasteriser draws a layered poster, with each loop.
    @Test(arguments: tilts) func theKernelDrawsTheSwiftBytes(_ tilt: Point2) {
        var state = UInt32(truncatingIfNeeded: Int(tilt.x * 7 + 20) * 31 + Int(tilt.y * 7 + 20))
        func next() -> UInt32 {
            state = state &* 1_664_525 &+ 1_013_904_223
            return state
        }
        // Past `mostHiding` planes none is looked at for what it hides.
        let count = tilt.x == 0 ? PerspectiveRasteriser.mostHiding + 2 : 5
        let layers = (0..<count).map { i -> Rasteriser.ParallaxSource.Layer in
            let (w, h) = (Int(7 + next() % 60), Int(5 + next() % 80))
            let px = (0..<w * h).map { k -> UInt32 in
                let r = next()
                // Runs of clear texels, and of opaque ones, as cut-out layers have; the third layer opaque, which hides
                // the ones under it wherever it covers them.
                let alpha: UInt32 = i == 2 ? 255 : (k / 9) % 4 == 0 ? 0 : (k / 7) % 3 == 0 ? 255 : r >> 24
                return alpha << 24 | r & 0xFF_FFFF
            }
            let texture = px.withUnsafeBufferPointer {
                LayerTexture(width: w, height: h, argb: $0.baseAddress!, pitch: w)
            }
            let frame =
                i == 0
                ? Rect(0, 0, 330, 495)
                : Rect(
                    Double(next() % 300) - 40, Double(next() % 460) - 40, Double(60 + next() % 300),
                    Double(60 + next() % 400))
            return .init(texture: texture, frame: frame)
        }
        let source = Rasteriser.ParallaxSource(layers: layers, canvas: (330, 495))
        let frame = Rect(95, 72, 330, 495)
        let a = ParallaxMetrics.maxRotation(longestSide: 390)
        for (radius, sheen) in [(0.0, 0.0), (12, 0.35), (40, 1)] {
            let pose = ParallaxPose(
                centre: Point2(frame.midX, frame.midY), rotationX: a * tilt.y, rotationY: -a * tilt.x)
            let item = ParallaxItem(
                frame: frame, radius: radius, pose: pose, content: .artwork(seed: "", title: "", tint: nil),
                maxDepth: 60, tilt: tilt, sheen: sheen)
            let kernels: [PerspectiveRasteriser.Kernel] = [.wide, .narrow, .swift]
            let drawn = kernels.map { kernel in
                var buffer = [UInt32](repeating: 0, count: Self.w * Self.h)
                buffer.withUnsafeMutableBufferPointer { b in
                    Rasteriser.rasterise(
                        item, source: source, sheen: Rasteriser.makeSheen(), scale: 1, origin: Point2(0, 0),
                        into: b.baseAddress!, width: Self.w, height: Self.h, kernel: kernel)
                }
                return buffer
            }
            #expect(drawn[2].contains { $0 != 0 })
            for (kernel, bytes) in zip(kernels, drawn).dropLast() {
                if let i = bytes.indices.first(where: { bytes[$0] != drawn[2][$0] }) {
                    let (k, c) = (String(bytes[i], radix: 16), String(drawn[2][i], radix: 16))
                    Issue.record(
                        "pixel \(i % Self.w),\(i / Self.w) at tilt \(tilt), radius \(radius), sheen \(sheen): \(kernel) \(k), Swift \(c)"
                    )
                }
            }
        }
    }

    /// CRasterKernel's un-premultiplying is Rasteriser.unpremultiply for every alpha and channel value, in runs of
    /// opaque, clear and mixed pixels.
    @Test func unpremultiplyingIsTheSwiftOne() {
        var pixels: [UInt32] = []
        for a in UInt32(0)...255 {
            for v in UInt32(0)...255 { pixels.append(a << 24 | v << 16 | (255 - v) << 8 | v / 2) }
        }
        pixels += [UInt32](repeating: 0xFF12_3456, count: 9) + [UInt32](repeating: 0, count: 7) + [0x8040_2010]
        var made = pixels
        made.withUnsafeMutableBufferPointer { tf_unpremultiply($0.baseAddress!, Int64($0.count)) }
        let first = pixels.indices.first { made[$0] != Rasteriser.unpremultiply(pixels[$0]) }
        #expect(first == nil, "\(String(pixels[first ?? 0], radix: 16)) made \(String(made[first ?? 0], radix: 16))")
    }

    @Test func sameBytesEveryRun() {
        let (a, _) = Self.render(tilt: Point2(0.6, -0.35), radius: 12)
        let (b, _) = Self.render(tilt: Point2(0.6, -0.35), radius: 12)
        #expect(a == b)
        #expect(a.contains { $0 >> 24 != 0 && $0 >> 24 != 255 })  // antialiased edges and corners
    }
}
