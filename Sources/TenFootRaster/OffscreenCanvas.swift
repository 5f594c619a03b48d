@preconcurrency import CSDL2
import CSDL2Image
import Foundation
import TenFootPresentation
import TenFootScene
import TenFootSim

/// Draws display lists into memory with SDL's software renderer (no display, no window): the path
/// every file output and pixel test uses, so the same inputs give the same bytes.
public final class OffscreenCanvas {
    public let width: Int32
    public let height: Int32
    /// Its pixels are the canvas's own (`own`) or, while `draw(_:into:)` draws, the caller's.
    let surface: UnsafeMutablePointer<SDL_Surface>
    /// Made when first drawn into or read: a recorder draws every frame into its own buffers and never needs
    /// them (133 MB at 7680x4320). Zeroed, as SDL makes a surface's pixels.
    private var own: UnsafeMutableRawPointer?
    let renderer: OpaquePointer
    public let rasteriser: Rasteriser

    public init(width: Int32, height: Int32, fonts: FontCache, assets: AssetTable = AssetTable()) throws(SDLError) {
        guard width > 0, height > 0, width <= 7680, height <= 4320 else {
            throw SDLError("size \(width)x\(height) is out of range (1x1 to 7680x4320)")
        }
        self.width = width
        self.height = height
        try SDLLibraries.load()
        guard
            let s = SDL_CreateRGBSurfaceWithFormatFrom(
                nil, width, height, 32, width * 4, SDL_PIXELFORMAT_ARGB8888.rawValue)
        else {
            throw SDLError("cannot create a \(width)x\(height) surface: \(SDLError.last)")
        }
        guard let r = SDL_CreateSoftwareRenderer(s) else {
            SDL_FreeSurface(s)
            throw SDLError("cannot create the software renderer: \(SDLError.last)")
        }
        surface = s
        renderer = r
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear")
        rasteriser = Rasteriser(renderer: r, fonts: fonts, assets: assets)
    }

    deinit {
        // The textures first: they belong to the renderer.
        rasteriser.destroyTextures()
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
        free(own)
    }

    /// Whether the canvas has made pixels of its own yet.
    var hasOwnPixels: Bool { own != nil }

    /// The canvas's own pixels, made the first time they are needed.
    var ownPixels: UnsafeMutableRawPointer {
        if let own { return own }
        let pixels = calloc(Int(height), pitch)!
        own = pixels
        surface.pointee.pixels = pixels
        return pixels
    }

    public func draw(_ list: DisplayList) {
        _ = ownPixels
        render(list)
    }

    /// Draws into whatever memory the surface holds now.
    func render(_ list: DisplayList) {
        rasteriser.draw(list)
        SDL_RenderFlush(renderer)
    }

    /// The pixel at (x, y) in output pixels, as 0xAARRGGBB.
    public func pixel(x: Int, y: Int) -> UInt32 {
        ownPixels.assumingMemoryBound(to: UInt32.self)[y * pitch / 4 + x]
    }

    /// The frame's bytes, ARGB8888 rows (ffmpeg's `bgra` on little-endian machines).
    public func bytes() -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: ownPixels, count: pitch * Int(height))
    }

    public var pitch: Int { Int(surface.pointee.pitch) }

    /// The current frame as PNG bytes (files are written by the recorder's output writer, which sees
    /// every write error).
    public func pngData() throws(SDLError) -> [UInt8] {
        _ = ownPixels
        return try PNGFile.encode(surface)
    }
}
