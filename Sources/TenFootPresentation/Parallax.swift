import FocusEngine
import TenFootScene
import TenFootSim

/// The tvOS "highlight" focus effect of artwork (`hoverEffect(.highlight)`, UIKit's stacked images and
/// posters): the focused item turns in 3D under the finger, seen in perspective, its layers at depths in
/// front of it, a soft specular sheen sliding over it. Pure: the projection of every plane of the item is
/// a 3×3 homography computed here; the SDL edge only fills pixels through it.
///
/// Calibration (docs/rendering.md, /work/notes/research-parallax.md §2): UIKit's `_UIStackedImage*` classes
/// (decompiled iOS builds, the classes tvOS uses for posters; unofficial) — eye 900 pt in front of the
/// screen (m34 = −1/900), rotation about X by `+a·fy` and about Y by `−a·fx`, the whole item shifted by
/// `shift·f`, layer depths `maxDepth·i/(n−1)`; a, shift and maxDepth depend on the item's longest side.
public enum ParallaxMetrics {
    /// The eye's distance in front of the screen plane, in points (UIKit's `zDepth`: m34 = −1/900).
    public static let eyeDistance = 900.0
    /// The most the item turns at full deflection, radians: 0.12 − 0.25·L/1920 clamped to 0.025…0.12
    /// (L = the unfocused longest side, points; the older UIKit builds' formula: 3.97° for a 260×390 poster).
    public static func maxRotation(longestSide l: Double) -> Double { min(0.12, max(0.025, 0.12 - 0.25 * l / 1920)) }
    /// How far the whole item slides at full deflection, points: 6 + 30·L/1920, at most 10.
    public static func shift(longestSide l: Double) -> Double { min(10, max(0, 6 + 30 * l / 1920)) }
    /// The front layer's depth, points: 400·L/1920 clamped to 20…60 (60 for posters).
    public static func maxDepth(longestSide l: Double) -> Double { min(60, max(20, 400 * l / 1920)) }
    /// The depth of layer `i` of `n` (0 = the back layer): evenly spaced from 0 to `maxDepth`.
    public static func depth(layer i: Int, of n: Int, maxDepth: Double) -> Double {
        n > 1 ? maxDepth * Double(i) / Double(n - 1) : 0
    }
    /// The shadow is not rotated; it slides 1.5 × as far as the item (UIKit's shadow layers sit outside the 3D
    /// hierarchy).
    public static let shadowShiftFactor = 1.5
    /// The sheen: a soft band this many times the item's longest side wide, at this opacity, at this share of
    /// the front layer's depth (UIKit's specular: 1.75 L, 0.2, depth 1.3 · maxDepth).
    public static let sheenSize = 1.75
    public static let sheenOpacity = 0.2
    public static let sheenDepthFactor = 1.3
    /// Where the sheen rests with the finger centred: its centre this share of the longest side above the
    /// item's centre (just above the top edge: a soft brightening along the top).
    public static let sheenRestY = -0.54
    /// The sheen band's height as a share of its width (a wide band, not a round spot).
    public static let sheenAspect = 0.45
}

/// A point in the plane.
public struct Point2: Sendable, Hashable, CustomStringConvertible {
    public var x: Double, y: Double
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
    public var description: String { "\(fmt(x)),\(fmt(y))" }
}

/// A projective map of the plane, row-major: (X, Y, W) = M·(u, v, 1), the point (X/W, Y/W).
public struct Homography: Sendable, Hashable {
    public var m: [Double]

    public init(_ m: [Double]) {
        precondition(m.count == 9)
        self.m = m
    }

    public func apply(_ u: Double, _ v: Double) -> Point2 {
        let x = m[0] * u + m[1] * v + m[2]
        let y = m[3] * u + m[4] * v + m[5]
        let w = m[6] * u + m[7] * v + m[8]
        return Point2(x / w, y / w)
    }

    /// The inverse map (the adjugate: scale does not matter), normalised so that W = 1 at `(x, y)` (a point
    /// inside, for float stability); nil when singular.
    public func inverse(normalisedAt x: Double, _ y: Double) -> Homography? {
        let a = m
        var inv = [
            a[4] * a[8] - a[5] * a[7], a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
            a[5] * a[6] - a[3] * a[8], a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
            a[3] * a[7] - a[4] * a[6], a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3],
        ]
        let det = a[0] * inv[0] + a[1] * inv[3] + a[2] * inv[6]
        guard det != 0, det.isFinite else { return nil }
        let w = inv[6] * x + inv[7] * y + inv[8]
        guard w != 0, w.isFinite else { return nil }
        for k in 0..<9 { inv[k] /= w }
        return Homography(inv)
    }
}

/// How a focused item stands in 3D: its centre on screen (points, the slide included), its rotation about X
/// and Y (radians), and the eye's distance.
public struct ParallaxPose: Sendable, Hashable, CustomStringConvertible {
    public var centre: Point2
    public var rotationX: Double
    public var rotationY: Double
    public var eye: Double

    public init(centre: Point2, rotationX: Double, rotationY: Double, eye: Double = ParallaxMetrics.eyeDistance) {
        self.centre = centre
        self.rotationX = rotationX
        self.rotationY = rotationY
        self.eye = eye
    }

    /// The pose of an item whose unfocused longest side is `longestSide`, centred at `centre` before the slide,
    /// with the finger at `tilt` (each axis −1…1): right (fx > 0) slides it right and brings its right edge
    /// toward the viewer; down (fy > 0) brings its bottom edge forward.
    public static func item(centre: Point2, longestSide: Double, tilt: Point2) -> ParallaxPose {
        let a = ParallaxMetrics.maxRotation(longestSide: longestSide)
        let s = ParallaxMetrics.shift(longestSide: longestSide)
        return ParallaxPose(
            centre: Point2(centre.x + s * tilt.x, centre.y + s * tilt.y), rotationX: a * tilt.y, rotationY: -a * tilt.x)
    }

    /// R = Ry · Rx as a row-major 3×3 matrix (x right, y down, z toward the viewer).
    var rotation: [Double] {
        let cx = cosine(rotationX)
        let sx = sine(rotationX)
        let cy = cosine(rotationY)
        let sy = sine(rotationY)
        // Rx = [[1,0,0],[0,cx,−sx],[0,sx,cx]] (y down, z toward the viewer: a positive angle brings the bottom
        // edge forward); Ry = [[cy,0,sy],[0,1,0],[−sy,0,cy]] (a negative angle brings the right edge forward).
        return [
            cy, sy * sx, sy * cx,
            0, cx, -sx,
            -sy, cy * sx, cy * cx,
        ]
    }

    /// Where the point (x, y) of the item's plane at height `z` (points, from the item's centre; z toward the
    /// viewer) lands on screen.
    public func project(_ x: Double, _ y: Double, z: Double) -> Point2 {
        let r = rotation
        let px = r[0] * x + r[1] * y + r[2] * z
        let py = r[3] * x + r[4] * y + r[5] * z
        let pz = r[6] * x + r[7] * y + r[8] * z
        let k = eye / (eye - pz)
        return Point2(centre.x + px * k, centre.y + py * k)
    }

    /// The homography taking texel (u, v) of a `texW`×`texH` texture laid over `rect` (item coordinates,
    /// origin at the item's centre) at height `z` to the screen, in output pixels when `scale` is the output's
    /// pixels per point and `origin` where point (0, 0) lands.
    public func homography(
        rect: Rect, z: Double, texW: Double, texH: Double, scale: Double = 1, origin: Point2 = Point2(0, 0)
    ) -> Homography {
        // local(u, v) = L·(u, v, 1): L = [[w/tw, 0, ox], [0, h/th, oy], [0, 0, z]].
        let l = [rect.width / texW, 0, rect.minX, 0, rect.height / texH, rect.minY, 0, 0, z]
        let r = rotation
        var a = [Double](repeating: 0, count: 9)
        for i in 0..<3 {
            for j in 0..<3 { a[i * 3 + j] = r[i * 3] * l[j] + r[i * 3 + 1] * l[3 + j] + r[i * 3 + 2] * l[6 + j] }
        }
        // ω·(u, v, 1) = (d − Z)/d: screen = c + P.xy / ω.
        let w = [-a[6] / eye, -a[7] / eye, 1 - a[8] / eye]
        let cx = origin.x + centre.x * scale
        let cy = origin.y + centre.y * scale
        return Homography([
            a[0] * scale + cx * w[0], a[1] * scale + cx * w[1], a[2] * scale + cx * w[2],
            a[3] * scale + cy * w[0], a[4] * scale + cy * w[1], a[5] * scale + cy * w[2],
            w[0], w[1], w[2],
        ])
    }

    /// The four corners of `rect` (item coordinates) at height `z` on screen: top-left, top-right,
    /// bottom-right, bottom-left.
    public func quad(_ rect: Rect, z: Double) -> [Point2] {
        [
            project(rect.minX, rect.minY, z: z), project(rect.maxX, rect.minY, z: z),
            project(rect.maxX, rect.maxY, z: z), project(rect.minX, rect.maxY, z: z),
        ]
    }

    public var description: String { "at \(centre) turned x\(fmt(rotationX)) y\(fmt(rotationY))" }
}

/// What a tilting item shows: a picture (one layer, or a layered image's layers) or generated artwork.
public enum ParallaxContent: Sendable, Hashable, CustomStringConvertible {
    case picture(Picture)
    case artwork(seed: String, title: String, tint: Color?)

    public var description: String {
        switch self {
        case .picture(let p): "\(p)"
        case .artwork(let seed, _, let tint): "artwork seed=\(seed)" + (tint.map { " tint \($0)" } ?? "")
        }
    }
}

/// One focused artwork item drawn in perspective: its lifted frame at the screen plane (the slide
/// included), its corners, its pose, its content, how deep its front layer stands and how bright its sheen is.
public struct ParallaxItem: Sendable, Hashable, CustomStringConvertible {
    public var frame: Rect
    public var radius: Double
    public var pose: ParallaxPose
    public var content: ParallaxContent
    /// The front layer's depth in points (0 at rest: the lift grows it).
    public var maxDepth: Double
    /// The finger's position the pose was made from (each axis −1…1): where the sheen sits.
    public var tilt: Point2
    /// The sheen's opacity (0: none).
    public var sheen: Double
    /// What is drawn over the artwork — badges, the progress bar, a disabled item's veil — in the frame's own
    /// coordinates (origin at its top-left corner): part of the item's picture, turned with it at
    /// ``overlayDepth`` and clipped by its rounded rect (UIKit's `overlayContentView`). Empty while the item is
    /// seen flat at the screen plane: its decorations then follow the `parallax` command as a resting item's do.
    public var overlays: [DrawCommand]

    public init(
        frame: Rect, radius: Double, pose: ParallaxPose, content: ParallaxContent, maxDepth: Double, tilt: Point2,
        sheen: Double,
        overlays: [DrawCommand] = []
    ) {
        self.frame = frame
        self.radius = radius
        self.pose = pose
        self.content = content
        self.maxDepth = maxDepth
        self.tilt = tilt
        self.sheen = sheen
        self.overlays = overlays
    }

    /// The item's rect in its own coordinates (origin at its centre).
    public var local: Rect { Rect(-frame.width / 2, -frame.height / 2, frame.width, frame.height) }

    /// The height the overlays stand at: the front layer's plane — `maxDepth` on a layered image (2–5 layers,
    /// the front one at `maxDepth`), the screen plane on one picture or generated art. UIKit translates its
    /// overlay container to the front layer's depth plus `overlayDepth` (1 pt in the standard configuration),
    /// inside the image's rotation and perspective and under the item's mask (older builds'
    /// `_updateNormalImageLayers`; iOS 26.1's `_deepestParallaxDepthWithOverlayDepth:` also lifts a one-layer
    /// image's overlay to max(maxDepth/2, 15) pt). TenFoot follows the older builds, as for every other constant,
    /// and leaves out the 1 pt (a tie-breaker over the front layer, 0.1 % of magnification): on one picture the
    /// overlays lie on the screen plane, so an unturned item's are exactly where a resting item's are.
    public var overlayDepth: Double {
        if case .picture(let p) = content, LayeredImage.isLayered(p.path) { return maxDepth }
        return 0
    }

    /// Whether the overlays must be drawn in perspective: the item is turned, or they stand in front of the
    /// screen plane (a layered image's front layer). Otherwise the projection is the flat lifted rect itself.
    public var projectsOverlays: Bool { pose.rotationX != 0 || pose.rotationY != 0 || overlayDepth != 0 }

    /// Where a rect of the overlays (frame coordinates, origin at the frame's top-left) lands on screen:
    /// top-left, top-right, bottom-right, bottom-left.
    public func overlayQuad(_ r: Rect) -> [Point2] {
        pose.quad(Rect(r.minX - frame.width / 2, r.minY - frame.height / 2, r.width, r.height), z: overlayDepth)
    }

    /// The mask: the item's rect at the screen plane, projected (clips every layer).
    public var maskQuad: [Point2] { pose.quad(local, z: 0) }

    /// The sheen's rect in item coordinates and its height: a band `sheenSize`·L wide, resting just above the
    /// top edge and sweeping one item width/height per unit of finger travel toward the edge that comes forward.
    public var sheenRect: (rect: Rect, z: Double) {
        let l = max(frame.width, frame.height)
        let w = ParallaxMetrics.sheenSize * l
        let h = w * ParallaxMetrics.sheenAspect
        let cx = frame.width * tilt.x
        let cy = ParallaxMetrics.sheenRestY * l + frame.height * tilt.y
        return (Rect(cx - w / 2, cy - h / 2, w, h), ParallaxMetrics.sheenDepthFactor * maxDepth)
    }

    public var description: String {
        let q = maskQuad.map(\.description).joined(separator: " ")
        return "parallax \(frame) r\(fmt(radius)) \(content) \(pose) depth\(fmt(maxDepth)) quad \(q)"
            + (sheen > 0 ? " sheen o\(fmt(sheen)) at \(sheenRect.rect.mid)" : "")
            + overlays.map { "\n  over z\(fmt(overlayDepth)) \($0)" + overlayPlace($0) }.joined()
    }

    /// Where an overlay lands on screen: a shape's projected corners, a label's projected origin.
    func overlayPlace(_ c: DrawCommand) -> String {
        func quad(_ r: Rect) -> String { " quad " + overlayQuad(r).map(\.description).joined(separator: " ") }
        switch c {
        case .rect(let r, _, _), .outline(let r, _, _, _), .icon(_, let r, _), .image(let r, _, _),
            .artwork(let r, _, _, _, _):
            return quad(r)
        case .textLine(_, let x, let y, _, _), .text(_, let x, let y, _, _, _, _, _):
            return " at " + overlayQuad(Rect(x, y, 0, 0))[0].description
        default: return ""
        }
    }
}

extension Rect {
    var mid: Point2 { Point2(midX, midY) }
}

/// How a layered image's layers lie on an item: the canvas filled into the item's rect (aspect fill, centred:
/// "only ResizeAspectFill is supported for image stacks"), each layer's frame on the canvas mapped with it.
public enum ParallaxLayout {
    /// The rect (item coordinates, origin at its centre) of a layer framed at `frame` on a canvas of
    /// `canvas` size, for an item `size` large.
    public static func layerRect(
        _ frame: Rect, canvas: (width: Double, height: Double), item size: (width: Double, height: Double)
    ) -> Rect {
        guard canvas.width > 0, canvas.height > 0 else {
            return Rect(-size.width / 2, -size.height / 2, size.width, size.height)
        }
        let k = max(size.width / canvas.width, size.height / canvas.height)
        return Rect(
            (frame.minX - canvas.width / 2) * k, (frame.minY - canvas.height / 2) * k, frame.width * k, frame.height * k
        )
    }

    /// A picture `w`×`h` pixels on an item: filled (cut evenly) or fitted (centred).
    public static func pictureRect(w: Double, h: Double, mode: ContentMode, item size: (width: Double, height: Double))
        -> Rect
    {
        guard w > 0, h > 0 else { return Rect(-size.width / 2, -size.height / 2, size.width, size.height) }
        let k = mode == .fill ? max(size.width / w, size.height / h) : min(size.width / w, size.height / h)
        return Rect(-w * k / 2, -h * k / 2, w * k, h * k)
    }
}

// Deterministic sine and cosine on every platform (the libm versions may differ in the last bit between
// systems; the angles here are small: |x| ≤ 0.2).
func sine(_ x: Double) -> Double {
    let x2 = x * x
    return x * (1 - x2 / 6 * (1 - x2 / 20 * (1 - x2 / 42 * (1 - x2 / 72 * (1 - x2 / 110)))))
}

func cosine(_ x: Double) -> Double {
    let x2 = x * x
    return 1 - x2 / 2 * (1 - x2 / 12 * (1 - x2 / 30 * (1 - x2 / 56 * (1 - x2 / 90 * (1 - x2 / 132)))))
}
