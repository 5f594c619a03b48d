@preconcurrency import CSDL2
import CSDL2Image
import TenFootScene

/// Decodes image bytes with SDL_image into ARGB8888 pixels: what the asset table holds and the rasteriser draws.
public struct SDLImageDecoder: ImageDecoder {
    public init() {}

    public func decode(_ bytes: [UInt8], type: String?) -> DecodedImage? {
        let loaded = bytes.withUnsafeBytes { raw -> UnsafeMutablePointer<SDL_Surface>? in
            guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(clamping: raw.count)) else { return nil }
            guard let type, !type.isEmpty else { return IMG_Load_RW(rw, 1) }
            return IMG_LoadTyped_RW(rw, 1, type)
        }
        guard let loaded else { return nil }
        defer { SDL_FreeSurface(loaded) }
        guard let argb = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { return nil }
        defer { SDL_FreeSurface(argb) }
        let w = Int(argb.pointee.w)
        let h = Int(argb.pointee.h)
        let pitch = Int(argb.pointee.pitch) / 4
        let buffer = PixelBuffer(count: w * h)
        SDL_LockSurface(argb)
        let source = argb.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0..<h {
            (buffer.pixels.baseAddress! + y * w).update(from: source + y * pitch, count: w)
        }
        SDL_UnlockSurface(argb)
        var mode = SDL_BLENDMODE_NONE
        SDL_GetSurfaceBlendMode(argb, &mode)
        return DecodedImage(width: w, height: h, buffer: buffer, blends: mode == SDL_BLENDMODE_BLEND)
    }
}

extension Rasteriser {
    /// An SDL surface over a decoded picture's pixels, blended as the decoder found it. No copy: the asset table
    /// keeps the pixels, which are only read, and freeing the surface leaves them.
    static func wrap(_ image: DecodedImage) -> UnsafeMutablePointer<SDL_Surface>? {
        guard
            let made = SDL_CreateRGBSurfaceWithFormatFrom(
                image.buffer.pixels.baseAddress, Int32(image.width), Int32(image.height), 32, Int32(image.width * 4),
                SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { return nil }
        SDL_SetSurfaceBlendMode(made, image.blends ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE)
        return made
    }

    /// A layer's surface (`wrap`), made once per decoded picture.
    func surface(of image: DecodedImage) -> UnsafeMutablePointer<SDL_Surface>? {
        let key = ObjectIdentifier(image.buffer)
        if let hit = decodedSurfaces[key] { return hit }
        guard let made = Rasteriser.wrap(image) else { return nil }
        decodedSurfaces[key] = made
        return made
    }
}
