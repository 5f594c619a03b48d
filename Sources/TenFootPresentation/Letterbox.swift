import FocusEngine
import TenFootSim

/// How the 1920×1080-point screen sits in an output of any size: scaled uniformly to fit and centred,
/// with bars on the sides that do not fit (letterbox or pillarbox). The rasteriser draws through it
/// and the input edge maps pointer positions back through it, so a click lands where it was drawn.
public struct Letterbox: Sendable, Hashable {
    /// The screen every display list and layout is in, in points.
    public static let screen = (width: 1920.0, height: 1080.0)
    /// The smallest scale used, whatever the output: below it text would rasterise at zero size and
    /// points would map to infinity. No real window is that small (96 × 54 pixels).
    public static let minimumScale = 0.05

    /// Output units per point.
    public let scale: Double
    /// Where the screen's top-left corner lies in the output, in whole output units (so every edge
    /// drawn through the letterbox rounds the same way and adjacent pieces share pixel edges).
    public let originX: Double, originY: Double

    public init(outputWidth: Double, outputHeight: Double) {
        let s = max(
            Letterbox.minimumScale, min(outputWidth / Letterbox.screen.width, outputHeight / Letterbox.screen.height))
        scale = s
        originX = ((outputWidth - Letterbox.screen.width * s) / 2).rounded()
        originY = ((outputHeight - Letterbox.screen.height * s) / 2).rounded()
    }

    /// A fixed mapping: `scale` output units per point, the screen's top-left at (`originX`, `originY`) (a
    /// picture drawn in its own coordinates, such as a tilted item's overlays made into a texture).
    public init(scale: Double, originX: Double = 0, originY: Double = 0) {
        self.scale = max(Letterbox.minimumScale, scale)
        self.originX = originX
        self.originY = originY
    }

    /// A screen x in points → output units (unrounded).
    public func outputX(_ x: Double) -> Double { originX + x * scale }
    public func outputY(_ y: Double) -> Double { originY + y * scale }

    /// An output position → screen points (the bars map outside 0…1920 × 0…1080).
    public func screenPoint(x: Double, y: Double) -> (x: Double, y: Double) {
        ((x - originX) / scale, (y - originY) / scale)
    }
}
