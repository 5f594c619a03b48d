@preconcurrency import CSDL2
import CSDL2Image
import Foundation
import TenFootCore
import TenFootScene

/// Decodes image bytes with SDL_image into ARGB8888 pixels: what the asset table holds and the rasteriser draws.
public struct SDLImageDecoder: ImageDecoder {
    public init() {}

    public func decode(_ bytes: [UInt8], type: String?) -> DecodedImage? { decodeExplained(bytes, type: type).image }

    /// libpng writes its errors and warnings to standard error itself (`libpng error: IDAT: CRC error`): they are
    /// caught while it decodes and the error becomes the picture's problem, said at the place that names it.
    ///
    /// Only PNG and JPEG are decoded, as the format their bytes say (never as the file's extension says): the asset
    /// table reads their size from the header and refuses one too large before it is decoded. Other formats SDL_image
    /// reads could not be sized first: a 30000 × 30000 TGA of a few bytes crashed SDL_image, a BMP took 7 GB.
    public func decodeExplained(_ bytes: [UInt8], type: String?) -> (image: DecodedImage?, problem: String?) {
        let kind: String
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            kind = "PNG"
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            kind = "JPG"
        } else {
            return (nil, Self.notPNGOrJPEG)
        }
        // Loaded before standard error is caught: a missing library's message would go with it.
        SDLLibraries.require()
        let (loaded, said) = StandardError.capturing {
            bytes.withUnsafeBytes { raw -> UnsafeMutablePointer<SDL_Surface>? in
                guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(clamping: raw.count)) else { return nil }
                return IMG_LoadTyped_RW(rw, 1, kind)
            }
        }
        let library = said.filter { $0.hasPrefix("libpng ") }
        StandardError.write(said.filter { !$0.hasPrefix("libpng ") })
        let problem = library.first { $0.hasPrefix("libpng error: ") }.map { String($0.dropFirst(14)) }
        guard let loaded else { return (nil, problem) }
        return (Self.pixels(of: loaded), nil)
    }

    public static let notPNGOrJPEG =
        "not a PNG or JPEG (the two formats TenFoot draws)"

    static func pixels(of loaded: UnsafeMutablePointer<SDL_Surface>) -> DecodedImage? {
        // The decoded surface goes as soon as it is converted: three full copies of an 8000 × 8000 picture at once
        // came to 768 MB.
        let converted = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0)
        SDL_FreeSurface(loaded)
        guard let argb = converted else { return nil }
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

/// Standard error caught around a call into a C library that prints there itself.
enum StandardError {
    private static let lock = NSLock()

    /// `body`'s result and the lines it wrote to standard error (fd 2, sent to a temporary file meanwhile, so a
    /// library that writes much never blocks). One capture at a time; another thread's line written meanwhile
    /// is among the lines returned, for the caller to write on.
    static func capturing<T>(_ body: () -> T) -> (T, [String]) {
        lock.lock()
        defer { lock.unlock() }
        fflush(stderr)
        let saved = dup(2)
        guard saved >= 0, let file = tmpfile() else {
            if saved >= 0 { close(saved) }
            return (body(), [])
        }
        defer { fclose(file) }
        dup2(fileno(file), 2)
        let result = body()
        fflush(stderr)
        dup2(saved, 2)
        close(saved)
        var bytes: [UInt8] = []
        rewind(file)
        var chunk = [UInt8](repeating: 0, count: 4096)
        // At most 64 KB is looked at: a library that writes more says nothing more useful.
        while bytes.count < 1 << 16 {
            let n = fread(&chunk, 1, chunk.count, file)
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        return (result, lines)
    }

    /// Lines written back to standard error.
    static func write(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        ErrorStream.write(lines.joined(separator: "\n") + "\n")
    }
}
