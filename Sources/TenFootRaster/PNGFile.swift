@preconcurrency import CSDL2
import CSDL2Image

/// PNG encoding into memory. Files are written by the caller, who can see every write error:
/// `IMG_SavePNG` to a path reports success on a full disk (it never checks the stdio writes), so
/// nothing here writes a file.
public enum PNGFile {
    /// ARGB8888 pixels held outside SDL (a recorder's frame buffer) as PNG bytes. Safe to call from
    /// any thread: it touches no renderer, only a surface wrapped around the caller's bytes.
    public static func encode(_ pixels: UnsafeRawBufferPointer, width: Int32, height: Int32, pitch: Int)
        throws(SDLError) -> [UInt8]
    {
        precondition(pixels.count >= pitch * Int(height), "the buffer is smaller than the image")
        guard
            let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                UnsafeMutableRawPointer(mutating: pixels.baseAddress), width, height, 32,
                Int32(pitch), SDL_PIXELFORMAT_ARGB8888.rawValue)
        else {
            throw SDLError("cannot wrap a \(width)x\(height) frame: \(SDLError.last)")
        }
        defer { SDL_FreeSurface(surface) }
        return try encode(surface)
    }

    /// ARGB8888 pixels the caller lets go of as PNG bytes, the same bytes ``encode(_:width:height:pitch:)`` makes: the
    /// pixels are put in the order libpng takes (R, G, B, A) where they are, so SDL_image copies none of them (an 8K
    /// frame's copy was 133 MB of a recording's peak). The pixels are left in that order.
    public static func encodeReordering(_ pixels: UnsafeMutableRawBufferPointer, width: Int32, height: Int32)
        throws(SDLError) -> [UInt8]
    {
        let count = Int(width) * Int(height)
        precondition(pixels.count >= count * 4, "the buffer is smaller than the image")
        let words = pixels.baseAddress!.bindMemory(to: UInt32.self, capacity: count)
        for k in 0..<count {
            // Little-endian ARGB8888 is B, G, R, A in memory; ABGR8888 is R, G, B, A.
            let v = words[k]
            words[k] = (v & 0xFF00_FF00) | (v & 0x00FF_0000) >> 16 | (v & 0x0000_00FF) << 16
        }
        guard
            let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                pixels.baseAddress, width, height, 32, width * 4, SDL_PIXELFORMAT_ABGR8888.rawValue)
        else {
            throw SDLError("cannot wrap a \(width)x\(height) frame: \(SDLError.last)")
        }
        defer { SDL_FreeSurface(surface) }
        return try encode(surface)
    }

    /// A surface as PNG bytes, through `IMG_SavePNG_RW` into a buffer that grows as it is written.
    static func encode(_ surface: UnsafeMutablePointer<SDL_Surface>) throws(SDLError) -> [UInt8] {
        guard let rw = SDL_AllocRW() else { throw SDLError("cannot encode a PNG: \(SDLError.last)") }
        let buffer = GrowingBuffer()
        let context = Unmanaged.passRetained(buffer)
        rw.pointee.hidden.unknown.data1 = context.toOpaque()
        rw.pointee.size = growingBufferSize
        rw.pointee.seek = growingBufferSeek
        rw.pointee.read = growingBufferRead
        rw.pointee.write = growingBufferWrite
        rw.pointee.close = growingBufferClose
        defer {
            context.release()
            SDL_FreeRW(rw)
        }
        guard IMG_SavePNG_RW(surface, rw, 0) == 0, !buffer.failed else {
            throw SDLError("cannot encode a PNG: \(SDLError.last)")
        }
        return buffer.bytes
    }
}

/// The bytes an `SDL_RWops` writes, in memory. Used by one encoding on one thread.
final class GrowingBuffer {
    var bytes: [UInt8] = []
    var position = 0
    var failed = false
}

// SDL_RWops callbacks: top-level functions, so they carry no actor isolation (toolchain.md §4); the
// buffer comes through `hidden.unknown.data1`.

private func growingBuffer(_ rw: UnsafeMutablePointer<SDL_RWops>?) -> GrowingBuffer {
    Unmanaged<GrowingBuffer>.fromOpaque(rw!.pointee.hidden.unknown.data1!).takeUnretainedValue()
}

private func growingBufferSize(_ rw: UnsafeMutablePointer<SDL_RWops>?) -> Int64 {
    Int64(growingBuffer(rw).bytes.count)
}

private func growingBufferSeek(_ rw: UnsafeMutablePointer<SDL_RWops>?, _ offset: Int64, _ whence: Int32) -> Int64 {
    let b = growingBuffer(rw)
    let base: Int
    switch whence {
    case RW_SEEK_SET: base = 0
    case RW_SEEK_CUR: base = b.position
    case RW_SEEK_END: base = b.bytes.count
    default: return -1
    }
    let (target, overflow) = Int64(base).addingReportingOverflow(offset)
    guard !overflow, target >= 0, target <= Int64(b.bytes.count) else { return -1 }
    b.position = Int(target)
    return target
}

private func growingBufferRead(
    _ rw: UnsafeMutablePointer<SDL_RWops>?, _ ptr: UnsafeMutableRawPointer?, _ size: Int, _ count: Int
) -> Int {
    let b = growingBuffer(rw)
    guard size > 0, let ptr else { return 0 }
    let n = min(count, (b.bytes.count - b.position) / size)
    b.bytes.withUnsafeBytes { ptr.copyMemory(from: $0.baseAddress! + b.position, byteCount: n * size) }
    b.position += n * size
    return n
}

private func growingBufferWrite(
    _ rw: UnsafeMutablePointer<SDL_RWops>?, _ ptr: UnsafeRawPointer?, _ size: Int, _ count: Int
) -> Int {
    let b = growingBuffer(rw)
    let (total, overflow) = size.multipliedReportingOverflow(by: count)
    guard !overflow, let ptr else {
        b.failed = true
        return 0
    }
    let source = UnsafeRawBufferPointer(start: ptr, count: total)
    let overlap = min(total, b.bytes.count - b.position)
    if overlap > 0 { b.bytes.replaceSubrange(b.position..<b.position + overlap, with: source.prefix(overlap)) }
    b.bytes.append(contentsOf: source.dropFirst(overlap))
    b.position += total
    return count
}

private func growingBufferClose(_ rw: UnsafeMutablePointer<SDL_RWops>?) -> Int32 { 0 }
