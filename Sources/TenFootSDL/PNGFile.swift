@preconcurrency import CSDL2
import CSDL2Image

/// Writes ARGB8888 pixels held outside SDL (a recorder's frame buffer) as a PNG. Safe to call from
/// any thread: it touches no renderer, only a surface wrapped around the caller's bytes.
public enum PNGFile {
    public static func write(_ pixels: UnsafeRawBufferPointer, width: Int32, height: Int32, pitch: Int, to path: String) throws(SDLError) {
        precondition(pixels.count >= pitch * Int(height), "the buffer is smaller than the image")
        guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(UnsafeMutableRawPointer(mutating: pixels.baseAddress), width, height, 32,
                                                              Int32(pitch), SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw SDLError("cannot wrap a \(width)x\(height) frame: \(SDLError.last)")
        }
        defer { SDL_FreeSurface(surface) }
        if IMG_SavePNG(surface, path) != 0 { throw SDLError("cannot write \(path): \(SDLError.last)") }
    }
}
