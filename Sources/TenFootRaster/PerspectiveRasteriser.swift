import CRasterKernel
import Foundation
import TenFootPresentation
import TenFootSim

/// A picture prepared for the perspective rasteriser: premultiplied ARGB with a 2-texel transparent border
/// all round, so bilinear taps near (and past) its edges need no bounds checks and fade to nothing.
final class LayerTexture {
    /// The picture's own size in texels (without the border).
    let width: Int, height: Int
    /// Texels per buffer row: `width + 4`.
    let stride: Int
    let pixels: [UInt32]
    /// Every texel is opaque.
    let opaque: Bool
    /// `opaqueRuns` once made, and what guards it.
    private var runs: UnsafeMutableBufferPointer<UInt8>?
    private let runsLock = NSLock()

    deinit { runs?.deallocate() }

    /// For each texel (border included), how many texels from it on along its row are opaque, at most 255; nil when
    /// every texel of the picture is (`opaque`). Made when first asked for (a tilted item's plane over others), and
    /// held as long as the texture.
    var opaqueRuns: UnsafePointer<UInt8>? {
        guard !opaque else { return nil }
        runsLock.lock()
        defer { runsLock.unlock() }
        if let runs { return UnsafePointer(runs.baseAddress!) }
        let made = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: pixels.count)
        for y in 0..<height + 4 {
            var n = 0
            for x in (0..<stride).reversed() {
                n = pixels[y * stride + x] >> 24 == 255 ? min(255, n + 1) : 0
                made[y * stride + x] = UInt8(n)
            }
        }
        runs = made
        return UnsafePointer(made.baseAddress!)
    }

    /// From straight-alpha ARGB rows (`pitch` texels apart).
    init(width: Int, height: Int, argb: UnsafePointer<UInt32>, pitch: Int) {
        self.width = width
        self.height = height
        stride = width + 4
        var out = [UInt32](repeating: 0, count: stride * (height + 4))
        var opaque = true
        for y in 0..<height {
            for x in 0..<width {
                let c = argb[y * pitch + x]
                let a = c >> 24
                if a != 255 { opaque = false }
                out[(y + 2) * stride + x + 2] = a == 255 ? c : PerspectiveRasteriser.premultiply(c)
            }
        }
        pixels = out
        self.opaque = opaque
    }

    /// A premultiplied buffer as is (`pixels` holds the border already).
    init(width: Int, height: Int, premultiplied: [UInt32], opaque: Bool) {
        precondition(premultiplied.count == (width + 4) * (height + 4))
        self.width = width
        self.height = height
        stride = width + 4
        pixels = premultiplied
        self.opaque = opaque
    }

    /// From straight-alpha ARGB rows (`pitch` texels apart), halved `halvings` times: the texels of `init` halved as
    /// often, without its full-size copy (268 MB for an 8192 × 8192 picture).
    static func prepared(width: Int, height: Int, argb: UnsafePointer<UInt32>, pitch: Int, halvings: Int)
        -> LayerTexture
    {
        guard halvings > 0 else { return LayerTexture(width: width, height: height, argb: argb, pitch: pitch) }
        var opaque = true
        scan: for y in 0..<height {
            for x in 0..<width where argb[y * pitch + x] >> 24 != 255 {
                opaque = false
                break scan
            }
        }
        var texture = halving(width: width, height: height, opaque: opaque) { x, y in
            let c = argb[y * pitch + x]
            return c >> 24 == 255 ? c : PerspectiveRasteriser.premultiply(c)
        }
        for _ in 1..<halvings { texture = texture.halved() }
        return texture
    }

    /// Half the size (2×2 box average, rounded up): bilinear sampling aliases when it shrinks a picture more
    /// than about twice.
    func halved() -> LayerTexture {
        pixels.withUnsafeBufferPointer { p in
            Self.halving(width: width, height: height, opaque: opaque) { x, y in p[(y + 2) * stride + x + 2] }
        }
    }

    /// A `width` × `height` picture whose premultiplied texel at (x, y) is `texel(x, y)`, at half its size.
    private static func halving(width: Int, height: Int, opaque: Bool, _ texel: (Int, Int) -> UInt32)
        -> LayerTexture
    {
        let w = max(1, (width + 1) / 2)
        let h = max(1, (height + 1) / 2)
        let s = w + 4
        var out = [UInt32](repeating: 0, count: s * (h + 4))
        for y in 0..<h {
            let y0 = min(2 * y, height - 1)
            let y1 = min(2 * y + 1, height - 1)
            for x in 0..<w {
                let x0 = min(2 * x, width - 1)
                let x1 = min(2 * x + 1, width - 1)
                var sum = (UInt32(0), UInt32(0), UInt32(0), UInt32(0))
                for c in [texel(x0, y0), texel(x1, y0), texel(x0, y1), texel(x1, y1)] {
                    sum.0 += c >> 24
                    sum.1 += c >> 16 & 0xFF
                    sum.2 += c >> 8 & 0xFF
                    sum.3 += c & 0xFF
                }
                // Shifts bind tighter than division in Swift: each channel is divided, then shifted.
                out[(y + 2) * s + x + 2] =
                    ((sum.0 + 2) / 4) << 24 | ((sum.1 + 2) / 4) << 16 | ((sum.2 + 2) / 4) << 8 | (sum.3 + 2) / 4
            }
        }
        return LayerTexture(width: w, height: h, premultiplied: out, opaque: opaque)
    }

    /// The smallest box holding every texel that is not fully transparent (nil: none is), as (x, y, w, h).
    func contentBox() -> (x: Int, y: Int, w: Int, h: Int)? {
        var minX = width
        var minY = height
        var maxX = -1
        var maxY = -1
        for y in 0..<height {
            let row = (y + 2) * stride + 2
            for x in 0..<width where pixels[row + x] != 0 {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    /// The texels of `box` as a texture of their own (with its border).
    func cropped(_ box: (x: Int, y: Int, w: Int, h: Int)) -> LayerTexture {
        let s = box.w + 4
        var out = [UInt32](repeating: 0, count: s * (box.h + 4))
        for y in 0..<box.h {
            for x in 0..<box.w { out[(y + 2) * s + x + 2] = pixels[(box.y + y + 2) * stride + box.x + x + 2] }
        }
        return LayerTexture(width: box.w, height: box.h, premultiplied: out, opaque: opaque)
    }
}

/// The clip every layer of a tilted item shares: the item's rounded rect at the screen plane, projected. Its
/// edges are antialiased from the signed distance to the rounded rect, found through the inverse projection.
struct PerspectiveMask {
    /// Its corners in buffer pixels, in order round the quad.
    var quad: [Point2]
    /// Buffer pixel → item coordinates (points, origin at the item's centre).
    var inverse: Homography
    var halfWidth: Double, halfHeight: Double, radius: Double
    /// Buffer pixels per point (distances become pixels of antialiasing).
    var scale: Double

    /// Coverage 0…255 at the item point (x, y).
    func coverage(_ x: Double, _ y: Double) -> UInt32 {
        let qx = abs(x) - (halfWidth - radius)
        let qy = abs(y) - (halfHeight - radius)
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        let d = outside + min(max(qx, qy), 0) - radius
        let c = 0.5 - d * scale
        return c <= 0 ? 0 : c >= 1 ? 255 : UInt32(c * 255 + 0.5)
    }

    /// Whether every point of the segment between two item points is a pixel or more inside (the cross of two
    /// rects inside the rounded one: a segment with both ends in one convex part lies in it).
    func solid(_ a: Point2, _ b: Point2) -> Bool {
        let m = 1 / scale
        func inA(_ p: Point2) -> Bool { abs(p.x) <= halfWidth - m && abs(p.y) <= halfHeight - radius - m }
        func inB(_ p: Point2) -> Bool { abs(p.x) <= halfWidth - radius - m && abs(p.y) <= halfHeight - m }
        return (inA(a) && inA(b)) || (inB(a) && inB(b))
    }
}

/// Fills a premultiplied ARGB buffer with planes seen through homographies: for each row, the span the plane's
/// quad covers, clipped to the mask's span; along the span texture coordinates are exact every `step` pixels
/// (u = U/Q, v = V/Q) and 16.16 fixed-point in between; bilinear taps on premultiplied texels; the mask's
/// coverage computed per pixel only in blocks that reach within a pixel of its edge. Straight lines of the
/// texture stay straight (no affine triangles). Works on plain memory: no SDL here.
enum PerspectiveRasteriser {
    /// Pixels between exact divisions.
    static let step = 16
    /// The most planes among which the kernel looks for what one hides of another.
    static let mostHiding = 16

    enum Blend { case over, atop }

    /// What draws the runs of pixels: CRasterKernel eight pixels at a time where the processor has 256-bit vectors
    /// (`wide`, what draws), CRasterKernel a pixel at a time (`narrow`), or the Swift reference loop (`swift`). Tests
    /// compare them: their bytes are the same.
    enum Kernel { case wide, narrow, swift }

    static func premultiply(_ c: UInt32) -> UInt32 {
        let a = c >> 24
        return a << 24 | mulDiv255(c & 0x00FF_FFFF, a)
    }

    /// Every channel × `k` / 255 (rounded), two lanes at a time.
    @inline(__always) static func mulDiv255(_ c: UInt32, _ k: UInt32) -> UInt32 {
        var rb = (c & 0x00FF_00FF) &* k &+ 0x0080_0080
        rb = ((rb &+ (rb >> 8 & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = (c >> 8 & 0x00FF_00FF) &* k &+ 0x0080_0080
        ag = (ag &+ (ag >> 8 & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// a·(256 − f) + b·f, over 256, every channel (f 0…256).
    @inline(__always) static func lerp(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
        let g = 256 &- f
        let rb = (((a & 0x00FF_00FF) &* g &+ (b & 0x00FF_00FF) &* f) >> 8) & 0x00FF_00FF
        let ag = ((a >> 8 & 0x00FF_00FF) &* g &+ (b >> 8 & 0x00FF_00FF) &* f) & 0xFF00_FF00
        return rb | ag
    }

    /// The x range [left, right) of row `y`'s pixel centres inside the convex quad grown by `grow` pixels
    /// (nil: the row misses it).
    static func span(_ q: [Point2], y: Double, grow: Double, width: Int) -> (Int, Int)? {
        var lo = Double.infinity
        var hi = -Double.infinity
        for i in 0..<q.count {
            let p = q[i]
            let r = q[(i + 1) % q.count]
            let (a, b) = p.y <= r.y ? (p, r) : (r, p)
            guard y >= a.y, y <= b.y else { continue }
            let x = b.y > a.y ? a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y) : min(a.x, b.x)
            let x2 = b.y > a.y ? x : max(a.x, b.x)
            lo = min(lo, x, x2)
            hi = max(hi, x, x2)
        }
        guard lo <= hi else { return nil }
        let l = max(0, Int((lo - grow - 0.5).rounded(.down)))
        let r = min(width, Int((hi + grow - 0.5).rounded(.up)) + 1)
        return l < r ? (l, r) : nil
    }

    /// A picture drawn through its homography: a layer, the sheen or an overlay.
    struct Plane {
        var texture: LayerTexture
        /// Texel → buffer pixel.
        var forward: Homography
        /// 0…255.
        var opacity: UInt32 = 255
        var blend: Blend = .over
    }

    /// Draws `texture` through `forward` (texel → buffer pixel) into `buffer` (`width`×`height`, premultiplied),
    /// clipped by `mask`, at `opacity` (0…255), over what is there (or atop it: only where it is opaque); only `rows`
    /// of the buffer when given. `kernel` chooses the loop that draws the runs, for tests that compare them.
    static func draw(
        _ texture: LayerTexture, forward: Homography, mask: PerspectiveMask, opacity: UInt32 = 255,
        blend: Blend = .over,
        into buffer: UnsafeMutablePointer<UInt32>, width: Int, height: Int, rows: Range<Int>? = nil,
        kernel: Kernel = .wide
    ) {
        draw(
            [Plane(texture: texture, forward: forward, opacity: opacity, blend: blend)], mask: mask, into: buffer,
            width: width, height: height, rows: rows, kernel: kernel)
    }

    /// A plane made ready for its rows: its grown quad, the rows it reaches, its inverse and its sampler.
    private struct Ready {
        let plane: Plane
        let quad: [Point2]
        let rows: Range<Int>
        let h: (Double, Double, Double, Double, Double, Double, Double, Double, Double)
        var sampler: tf_layer_sampler
        /// Where its samples are opaque, for a plane drawn whole over others (nil: it hides nothing).
        var opaque: tf_opaque_texels?
    }

    /// Draws `planes` one over the other, in order, as `draw` draws each: row by row, every plane in turn, so each
    /// pixel gets the same steps in the same order (the same bytes), while the mask's antialiased coverage of a pixel
    /// is worked out once for all of them.
    static func draw(
        _ planes: [Plane], mask: PerspectiveMask, into buffer: UnsafeMutablePointer<UInt32>, width: Int, height: Int,
        rows: Range<Int>? = nil, kernel: Kernel = .wide
    ) {
        let rows = rows ?? 0..<height
        withTexels(planes[...], []) { texels in
            // What a plane hides is looked for only among a few (each plane keeps a list of what those over it hide:
            // their square's worth a band), and only by the C kernel (the Swift loop draws every plane whole).
            let hiding = kernel != .swift && planes.count <= PerspectiveRasteriser.mostHiding
            let ready = zip(planes.indices, zip(planes, texels)).compactMap { i, planeAndTexels in
                prepare(
                    planeAndTexels.0, texels: planeAndTexels.1, mask: mask, rows: rows, kernel: kernel,
                    hides: hiding && i > 0)
            }
            guard let top = ready.map(\.rows.lowerBound).min(), let bottom = ready.map(\.rows.upperBound).max() else {
                return
            }
            let planes = ready.count
            // Each row is drawn from its own coordinates into its own pixels: a band of rows per core.
            Bands.forEach(top..<bottom, width: width) { band in
                // A pixel's mask coverage, once worked out on this row (0xFFFF: not yet).
                let coverage = UnsafeMutablePointer<UInt16>.allocate(capacity: width)
                // On this row, the pixels each plane leaves opaque, and for each plane those of the planes over it:
                // `capacity` ranges a plane, since each is a whole step or more, with a step or more between.
                let capacity = width / PerspectiveRasteriser.step + 2
                let own = UnsafeMutablePointer<tf_columns>.allocate(capacity: hiding ? planes * capacity : 0)
                let over = UnsafeMutablePointer<tf_columns>.allocate(capacity: hiding ? planes * planes * capacity : 0)
                var ownCount = [Int](repeating: 0, count: planes)
                var overCount = [Int](repeating: 0, count: planes)
                // The texel positions of each plane's steps on this row, where they were worked out looking for what
                // it hides, and the item point of each pixel column (kept for the row: every plane's steps meet the
                // same columns where they start at the mask's edge); a step ends at most at column `width`.
                let positions = UnsafeMutablePointer<Int64>.allocate(capacity: (hiding ? planes : 1) * 2 * capacity)
                var known = [Bool](repeating: false, count: planes)
                let points = UnsafeMutablePointer<Double>.allocate(capacity: 2 * (width + 1))
                let pointsRow = UnsafeMutablePointer<Int64>.allocate(capacity: width + 1)
                pointsRow.initialize(repeating: -1, count: width + 1)
                defer {
                    coverage.deallocate()
                    own.deallocate()
                    over.deallocate()
                    positions.deallocate()
                    points.deallocate()
                    pointsRow.deallocate()
                }
                for y in band {
                    let yc = Double(y) + 0.5
                    guard let (ml, mr) = span(mask.quad, y: yc, grow: 1, width: width) else { continue }
                    (coverage + ml).update(repeating: 0xFFFF, count: mr - ml)
                    var maskRow = maskRow(mask, y: y, coverage: coverage, points: points, pointsRow: pointsRow)
                    if hiding {
                        // From the top plane down: what the planes over each one hide of it.
                        for i in (0..<planes).reversed() {
                            let slot = over + i * planes * capacity
                            overCount[i] =
                                i == planes - 1
                                ? 0
                                : union(
                                    over + (i + 1) * planes * capacity, overCount[i + 1], own + (i + 1) * capacity,
                                    ownCount[i + 1], into: slot)
                            ownCount[i] = 0
                            known[i] = false
                            guard i > 0, ready[i].rows.contains(y), var opaque = ready[i].opaque,
                                let (left, right) = columns(of: ready[i], y: y, maskSpan: (ml, mr), width: width)
                            else { continue }
                            var sampler = ready[i].sampler
                            var row = planeRow(ready[i], y: y)
                            ownCount[i] = Int(
                                tf_layer_row_opaque(
                                    &sampler, &opaque, &row, &maskRow, Int64(left), Int64(right), own + i * capacity,
                                    Int64(capacity), positions + i * 2 * capacity))
                            known[i] = true
                        }
                    }
                    for i in 0..<planes where ready[i].rows.contains(y) {
                        guard let (left, right) = columns(of: ready[i], y: y, maskSpan: (ml, mr), width: width)
                        else { continue }
                        if kernel != .swift {
                            var sampler = ready[i].sampler
                            var row = planeRow(ready[i], y: y)
                            tf_layer_row(
                                &sampler, &row, &maskRow, buffer + y * width, Int64(left), Int64(right),
                                ready[i].plane.opacity, ready[i].plane.blend == .atop ? 1 : 0,
                                hiding ? over + i * planes * capacity : over, hiding ? Int64(overCount[i]) : 0,
                                positions + (hiding ? i : 0) * 2 * capacity, known[i] ? 1 : 0)
                        } else {
                            drawRow(y, of: ready[i], mask: mask, columns: (left, right), into: buffer, width: width)
                        }
                    }
                }
            }
        }
    }

    /// Every plane's texels, held for `body`.
    private static func withTexels(
        _ planes: ArraySlice<Plane>, _ held: [UnsafePointer<UInt32>], _ body: ([UnsafePointer<UInt32>]) -> Void
    ) {
        guard let first = planes.first else { return body(held) }
        first.texture.pixels.withUnsafeBufferPointer { withTexels(planes.dropFirst(), held + [$0.baseAddress!], body) }
    }

    /// What a plane's rows need, or nil when it is not drawn (turned inside out, behind the eye, or off `rows`).
    private static func prepare(
        _ plane: Plane, texels: UnsafePointer<UInt32>, mask: PerspectiveMask, rows: Range<Int>, kernel: Kernel,
        hides: Bool
    ) -> Ready? {
        let texture = plane.texture
        let forward = plane.forward
        let tw = Double(texture.width)
        let th = Double(texture.height)
        guard let inverse = forward.inverse(normalisedAt: tw / 2, th / 2) else { return nil }
        // The texture's quad grown by a texel (its antialiased edge lies inside).
        let quad = [
            forward.apply(-1, -1), forward.apply(tw + 1, -1), forward.apply(tw + 1, th + 1), forward.apply(-1, th + 1),
        ]
        // A texture whose projection turned inside out or behind the eye is not drawn.
        guard quad.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        let top = max(rows.lowerBound, Int((max(quad.map(\.y).min()!, mask.quad.map(\.y).min()!) - 1).rounded(.down)))
        let bottom = min(
            rows.upperBound, Int((min(quad.map(\.y).max()!, mask.quad.map(\.y).max()!) + 1).rounded(.up)))
        guard top < bottom else { return nil }
        // Samples stay between the outermost texel centres (edge texels repeat up to the layer's rect, as Core
        // Animation clamps), and the rect's own edge is antialiased from the distance to it, in pixels.
        let side = [forward.apply(0, 0), forward.apply(tw, 0), forward.apply(0, th)]
        func length(_ a: Point2, _ b: Point2) -> Double {
            ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
        }
        let pixelsPerTexel = max(0.05, min(length(side[0], side[1]) / tw, length(side[0], side[2]) / th))
        let m = inverse.m
        return Ready(
            plane: plane, quad: quad, rows: top..<bottom, h: (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8]),
            sampler: tf_layer_sampler(
                texels: texels, stride: Int64(texture.stride), minS: Int64(2 << 16),
                maxSU: Int64((texture.width + 1) << 16), maxSV: Int64((texture.height + 1) << 16),
                loU: Int64(3 << 15), hiU: Int64((2 * texture.width + 3) << 15),
                hiV: Int64((2 * texture.height + 3) << 15), edgeScale: Int64((pixelsPerTexel * 256).rounded()),
                wide: kernel == .wide ? 1 : 0),
            opaque: hides && plane.opacity == 255 && plane.blend == .over
                ? tf_opaque_texels(runs: texture.opaqueRuns, whole: texture.opaque ? 1 : 0) : nil)
    }

    /// The pixel columns of row `y` a plane draws: its quad's, grown by a pixel, inside the mask's.
    private static func columns(of plane: Ready, y: Int, maskSpan: (Int, Int), width: Int) -> (Int, Int)? {
        guard let (ll, lr) = span(plane.quad, y: Double(y) + 0.5, grow: 1, width: width) else { return nil }
        let left = max(maskSpan.0, ll)
        let right = min(maskSpan.1, lr)
        return left < right ? (left, right) : nil
    }

    /// A plane's texel positions along row `y`.
    private static func planeRow(_ plane: Ready, y: Int) -> tf_plane_row {
        let yc = Double(y) + 0.5
        let (h0, h1, h2, h3, h4, h5, h6, h7, h8) = plane.h
        return tf_plane_row(h0: h0, h3: h3, h6: h6, u0: h1 * yc + h2, v0: h4 * yc + h5, q0: h7 * yc + h8)
    }

    /// The mask along row `y`, its coverage and item points kept in the memory given.
    private static func maskRow(
        _ mask: PerspectiveMask, y: Int, coverage: UnsafeMutablePointer<UInt16>, points: UnsafeMutablePointer<Double>,
        pointsRow: UnsafeMutablePointer<Int64>
    ) -> tf_mask_row {
        let yc = Double(y) + 0.5
        let m = mask.inverse.m
        return tf_mask_row(
            m0: m[0], m3: m[3], m6: m[6], mx0: m[1] * yc + m[2], my0: m[4] * yc + m[5], mq0: m[7] * yc + m[8],
            halfWidth: mask.halfWidth, halfHeight: mask.halfHeight, radius: mask.radius, scale: mask.scale,
            coverage: coverage, points: points, pointsRow: pointsRow, row: Int64(y))
    }

    /// Sorted, disjoint ranges `a` and `b` as one such list in `out` (ranges that touch joined); returns its count.
    private static func union(
        _ a: UnsafePointer<tf_columns>, _ na: Int, _ b: UnsafePointer<tf_columns>, _ nb: Int,
        into out: UnsafeMutablePointer<tf_columns>
    ) -> Int {
        var (i, j, n) = (0, 0, 0)
        while i < na || j < nb {
            let next: tf_columns
            if j >= nb || (i < na && a[i].from <= b[j].from) {
                next = a[i]
                i += 1
            } else {
                next = b[j]
                j += 1
            }
            if n > 0 && next.from <= out[n - 1].to {
                out[n - 1].to = max(out[n - 1].to, next.to)
            } else {
                out[n] = next
                n += 1
            }
        }
        return n
    }

    /// Columns [left, right) of row `y` of one plane with the Swift reference loop, as CRasterKernel's
    /// `tf_layer_row` draws them (without leaving hidden pixels out): steps of exact texel positions, each drawn
    /// without the mask where the step lies a pixel inside it.
    private static func drawRow(
        _ y: Int, of plane: Ready, mask: PerspectiveMask, columns: (Int, Int),
        into buffer: UnsafeMutablePointer<UInt32>, width: Int
    ) {
        let (left, right) = columns
        let yc = Double(y) + 0.5
        let row = buffer + y * width
        let (h0, h1, h2, h3, h4, h5, h6, h7, h8) = plane.h
        let mi = mask.inverse.m
        let (m0, m1, m2, m3, m4, m5, m6, m7, m8) = (mi[0], mi[1], mi[2], mi[3], mi[4], mi[5], mi[6], mi[7], mi[8])
        // U, V, Q (texture) and mask coordinates, linear along the row.
        let u0 = h1 * yc + h2
        let v0 = h4 * yc + h5
        let q0 = h7 * yc + h8
        let mx0 = m1 * yc + m2
        let my0 = m4 * yc + m5
        let mq0 = m7 * yc + m8
        /// The texel position, 16.16, offset by the 1.5 that puts texel centres on whole buffer texels.
        func texel(_ x: Double) -> (Int, Int) {
            let q = h6 * x + q0
            let u = ((h0 * x + u0) / q + 1.5) * 65536
            let v = ((h3 * x + v0) / q + 1.5) * 65536
            let limit = Double(1 << 40)
            return (
                u.isFinite ? Int(max(-limit, min(limit, u))) : 0,
                v.isFinite ? Int(max(-limit, min(limit, v))) : 0
            )
        }
        func item(_ x: Double) -> Point2 {
            let q = m6 * x + mq0
            return Point2((m0 * x + mx0) / q, (m3 * x + my0) / q)
        }
        let opacity = plane.plane.opacity
        let blend = plane.plane.blend
        var x = left
        var (fu, fv) = texel(Double(x) + 0.5)
        var itemStart = item(Double(x) + 0.5)
        while x < right {
            let n = min(PerspectiveRasteriser.step, right - x)
            let (eu, ev) = texel(Double(x + n) + 0.5)
            let itemEnd = item(Double(x + n) + 0.5)
            let du = (eu - fu) / n
            let dv = (ev - fv) / n
            let solid = mask.solid(itemStart, itemEnd)
            sample(plane, row + x, count: n, u: fu, v: fv, du: du, dv: dv) { k, s, d in
                var s = s
                var cover = opacity
                if !solid {
                    let p = item(Double(x + k) + 0.5)
                    cover = mask.coverage(p.x, p.y) &* opacity / 255
                    if cover == 0 { return d }
                }
                if cover < 255 { s = mulDiv255(s, cover) }
                switch blend {
                case .over:
                    let sa = s &>> 24
                    return sa == 255 || d == 0 ? s : s &+ mulDiv255(d, 255 &- sa)
                case .atop:
                    let da = d &>> 24
                    guard da > 0 else { return d }
                    let sa = s &>> 24
                    return mulDiv255(s & 0x00FF_FFFF, da) &+ mulDiv255(d, 255 &- sa) & 0x00FF_FFFF
                        | d & 0xFF00_0000
                }
            }
            x += n
            fu = eu
            fv = ev
            itemStart = itemEnd
        }
    }

    /// `count` pixels from `pixels` on: the plane's bilinear sample at (u, v), stepping by (du, dv), with the layer
    /// rect's antialiased edge, handed to `put` with the pixel's index and value; it returns the new value. Samples
    /// outside the rect and fully transparent ones leave the pixel as it is. The reference the C kernel is held to
    /// (`kernel: .swift`). Wrapping arithmetic, as C's: `texel` bounds the coordinates to ±2⁴⁰ and a run adds at most
    /// 16 steps, so nothing here can overflow.
    @inline(__always) private static func sample(
        _ plane: Ready, _ pixels: UnsafeMutablePointer<UInt32>, count: Int, u: Int, v: Int, du: Int, dv: Int,
        _ put: (Int, UInt32, UInt32) -> UInt32
    ) {
        let s = plane.sampler
        let tex = s.texels!
        let stride = Int(s.stride)
        let (minS, maxSU, maxSV) = (Int(s.minS), Int(s.maxSU), Int(s.maxSV))
        let (loU, hiU, hiV, edgeScale) = (Int(s.loU), Int(s.hiU), Int(s.hiV), Int(s.edgeScale))
        var su = u
        var sv = v
        for k in 0..<count {
            let su0 = su
            let sv0 = sv
            su = su &+ du
            sv = sv &+ dv
            // Inside the layer's rect: the distance to its nearest edge (texels, 16.16) as coverage.
            let edge = min(min(su0 &- loU, hiU &- su0), min(sv0 &- loU, hiV &- sv0))
            if edge <= -(1 << 16) { continue }
            let iu = min(maxSU, max(minS, su0))
            let iv = min(maxSV, max(minS, sv0))
            let base = (iv &>> 16) &* stride &+ (iu &>> 16)
            let p00 = tex[base]
            let p01 = tex[base &+ 1]
            let p10 = tex[base &+ stride]
            let p11 = tex[base &+ stride &+ 1]
            if p00 | p01 | p10 | p11 == 0 { continue }
            let fx = UInt32(truncatingIfNeeded: (iu &>> 8) & 0xFF)
            let fy = UInt32(truncatingIfNeeded: (iv &>> 8) & 0xFF)
            var s = lerp(lerp(p00, p01, fx), lerp(p10, p11, fx), fy)
            if edge < 1 << 16 {
                let c = (edge &* edgeScale &+ (1 << 15)) &>> 16 &+ 128
                if c <= 0 { continue }
                if c < 256 { s = mulDiv255(s, UInt32(truncatingIfNeeded: c)) }
            }
            pixels[k] = put(k, s, pixels[k])
        }
    }
}

/// Row-by-row work spread over the machine's cores in bands of rows, for loops whose rows depend on nothing but
/// their own inputs and write nothing but their own pixels: the same bytes as one loop. At 3840 × 2160 a tilting
/// poster's projection and its texture's conversion grew with the pixels on one thread (5.5 ms of a 15.5-ms home
/// frame).
enum Bands {
    /// Pixels below which the rows are one band: waking the other cores costs more than a small draw.
    static let minimumPixels = 1 << 16

    static func forEach(_ rows: Range<Int>, width: Int, _ body: (Range<Int>) -> Void) {
        let cores = min(8, ProcessInfo.processInfo.activeProcessorCount)
        guard cores > 1, rows.count > 1, rows.count * width >= minimumPixels else {
            body(rows)
            return
        }
        let bands = min(cores, rows.count)
        // The bands share nothing but what `body` reads, and each writes its own rows.
        struct Body: @unchecked Sendable { let run: (Range<Int>) -> Void }
        withoutActuallyEscaping(body) { body in
            let shared = Body(run: body)
            DispatchQueue.concurrentPerform(iterations: bands) { b in
                shared.run(rows.lowerBound + rows.count * b / bands..<rows.lowerBound + rows.count * (b + 1) / bands)
            }
        }
    }
}
