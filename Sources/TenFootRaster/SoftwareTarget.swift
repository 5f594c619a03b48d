@preconcurrency import CSDL2
import TenFootScene

/// A rasteriser drawing with a software renderer over a surface of its own: what a tilted item's overlays are painted
/// with (`OverlayPainter`), and each band after the first of a canvas drawn in bands (`OffscreenCanvas`).
final class SoftwareTarget {
    let surface: UnsafeMutablePointer<SDL_Surface>
    let renderer: OpaquePointer
    let rasteriser: Rasteriser

    /// Over `surface`, which it frees (also when it throws).
    init(surface s: UnsafeMutablePointer<SDL_Surface>, fonts: FontCache, assets: AssetTable) throws(SDLError) {
        guard let r = SDL_CreateSoftwareRenderer(s) else {
            SDL_FreeSurface(s)
            throw SDLError("cannot create the software renderer: \(SDLError.last)")
        }
        surface = s
        renderer = r
        rasteriser = Rasteriser(renderer: r, fonts: fonts, assets: assets)
        rasteriser.directTarget = s
    }

    deinit {
        // The textures first: they belong to the renderer.
        rasteriser.destroyTextures()
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
    }
}
