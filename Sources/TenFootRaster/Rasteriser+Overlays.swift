@preconcurrency import CSDL2
import FocusEngine
import TenFootPresentation
import TenFootScene
import TenFootSim

/// A tilted item's overlays (`ParallaxItem.overlays`: badges, the progress bar, a disabled item's veil) made into
/// one more layer of the item: drawn by a rasteriser of their own into a transparent software surface, in the
/// frame's coordinates at the output's pixels per point, then projected with the item's layers, clipped by its
/// rounded rect — so shapes, symbols and text turn with the artwork. Drawing over transparent black with SDL's
/// blending (rgb = src·a + dst·(1 − a), alpha = a + dst_a·(1 − a)) leaves premultiplied colour, which is what
/// the perspective rasteriser takes. Made once per look and size: a finger moving over a lifted item only
/// projects it again.
final class OverlayPainter {
    let target: SoftwareTarget
    var surface: UnsafeMutablePointer<SDL_Surface> { target.surface }
    var renderer: OpaquePointer { target.renderer }
    var rasteriser: Rasteriser { target.rasteriser }

    init?(width: Int32, height: Int32, fonts: FontCache, assets: AssetTable) {
        guard let s = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue),
            let t = try? SoftwareTarget(surface: s, fonts: fonts, assets: assets)
        else { return nil }
        target = t
    }

    var width: Int { Int(surface.pointee.w) }
    var height: Int { Int(surface.pointee.h) }

    /// `commands` (points, origin at the top-left) drawn at `scale` pixels per point into a `w`×`h` premultiplied
    /// texture; nil when nothing shows.
    func paint(_ commands: [DrawCommand], scale: Double, w: Int, h: Int) -> LayerTexture? {
        precondition(w <= width && h <= height)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 0)
        SDL_RenderSetClipRect(renderer, nil)
        SDL_RenderClear(renderer)
        rasteriser.fixedLetterbox = Letterbox(scale: scale)
        rasteriser.draw(DisplayList(commands: commands))
        SDL_RenderFlush(renderer)
        let pitch = Int(surface.pointee.pitch) / 4
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let stride = w + 4
        var out = [UInt32](repeating: 0, count: stride * (h + 4))
        var any = false
        var opaque = true
        for y in 0..<h {
            for x in 0..<w {
                let c = pixels[y * pitch + x]
                guard c != 0 else {
                    opaque = false
                    continue
                }
                any = true
                // Premultiplied already; rounding in the blits may leave a channel a level above its alpha.
                let a = c >> 24
                if a != 255 { opaque = false }
                out[(y + 2) * stride + x + 2] =
                    a << 24 | min(a, c >> 16 & 0xFF) << 16 | min(a, c >> 8 & 0xFF) << 8 | min(a, c & 0xFF)
            }
        }
        return any ? LayerTexture(width: w, height: h, premultiplied: out, opaque: opaque) : nil
    }
}

extension Rasteriser {
    /// The overlays of one look at one size, as made.
    struct OverlayKey: Hashable {
        var overlays: [DrawCommand]
        var width: Double, height: Double
        var scale: Double
    }

    /// A tilted item's overlays as layers: pieces of their picture cropped to what shows (a band of rows at a
    /// time: a badge at the top and a bar at the bottom are two small pieces, not one that spans the item), each
    /// with its rect in the frame's coordinates (origin at the frame's top-left).
    final class OverlayLayer {
        let pieces: [(texture: LayerTexture, rect: Rect)]
        var used: Int
        init(pieces: [(texture: LayerTexture, rect: Rect)], used: Int) {
            self.pieces = pieces
            self.used = used
        }
    }

    /// Rows this far apart or more start a new piece.
    static let overlayPieceGap = 8

    /// Overlay layers kept (the focused item, the one losing focus, and a size on the way).
    static let overlayLayersKept = 4

    func overlayLayer(_ item: ParallaxItem) -> OverlayLayer? {
        guard !item.overlays.isEmpty else { return nil }
        let key = OverlayKey(
            overlays: item.overlays, width: item.frame.width, height: item.frame.height, scale: pixelScale)
        if let hit = overlayLayers.first(where: { $0.key == key })?.layer {
            hit.used = frameNumber
            return hit
        }
        let w = Int((item.frame.width * pixelScale).rounded(.up))
        let h = Int((item.frame.height * pixelScale).rounded(.up))
        guard w > 0, h > 0, w <= 8192, h <= 8192 else { return nil }
        if overlayPainter.map({ $0.width < w || $0.height < h }) ?? true {
            let have = overlayPainter.map { ($0.width, $0.height) } ?? (0, 0)
            overlayPainter = OverlayPainter(
                width: Int32(max(w, have.0)), height: Int32(max(h, have.1)), fonts: fonts, assets: assets)
        }
        guard let painter = overlayPainter else { return nil }
        if !painter.rasteriser.assets.isSame(as: assets) { painter.rasteriser.assets = assets }
        // Only what shows is projected (a badge and a bar leave most of the item transparent).
        let texture = painter.paint(item.overlays, scale: pixelScale, w: w, h: h)
        let pieces =
            texture.map { t in
                Rasteriser.pieces(t, gap: Rasteriser.overlayPieceGap).map { box in
                    (
                        t.cropped(box),
                        Rect(
                            Double(box.x) / pixelScale, Double(box.y) / pixelScale, Double(box.w) / pixelScale,
                            Double(box.h) / pixelScale)
                    )
                }
            } ?? []
        let made = OverlayLayer(pieces: pieces, used: frameNumber)
        if overlayLayers.count >= Rasteriser.overlayLayersKept,
            let oldest = overlayLayers.indices.min(by: { overlayLayers[$0].layer.used < overlayLayers[$1].layer.used })
        {
            overlayLayers.remove(at: oldest)
        }
        overlayLayers.append((key, made))
        return made
    }

    /// The boxes (x, y, w, h) of `texture` that hold something, a band of rows at a time: rows with content
    /// closer than `gap` rows belong to one band, cropped to its columns with content. Top to bottom.
    static func pieces(_ texture: LayerTexture, gap: Int) -> [(x: Int, y: Int, w: Int, h: Int)] {
        var out: [(x: Int, y: Int, w: Int, h: Int)] = []
        var band: (top: Int, bottom: Int, minX: Int, maxX: Int)?
        for y in 0..<texture.height {
            let row = (y + 2) * texture.stride + 2
            var minX = texture.width
            var maxX = -1
            for x in 0..<texture.width where texture.pixels[row + x] != 0 {
                minX = min(minX, x)
                maxX = max(maxX, x)
            }
            guard maxX >= 0 else { continue }
            if let b = band, y - b.bottom < gap {
                band = (b.top, y, min(b.minX, minX), max(b.maxX, maxX))
            } else {
                if let b = band { out.append((b.minX, b.top, b.maxX - b.minX + 1, b.bottom - b.top + 1)) }
                band = (y, y, minX, maxX)
            }
        }
        if let b = band { out.append((b.minX, b.top, b.maxX - b.minX + 1, b.bottom - b.top + 1)) }
        return out
    }

    /// The overlays drawn flat over the item's lifted rect (an item drawn unturned at the screen plane).
    func drawOverlaysFlat(_ item: ParallaxItem) {
        let at = Placement(dx: item.frame.minX, dy: item.frame.minY)
        for c in item.overlays { apply(c.transformed(at)) }
    }
}
