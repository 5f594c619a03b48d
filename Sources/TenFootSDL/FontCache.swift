@preconcurrency import CSDL2
import CSDL2TTF
import Foundation
import TenFootScene

/// Opens the bundled fonts (DejaVu Sans, in `Assets/Fonts`) at pixel sizes on demand, and measures
/// text for layout with the same fonts so layout and drawing agree.
public final class FontCache {
    public let regularPath: String
    public let boldPath: String
    private var fonts: [Int: OpaquePointer] = [:]

    public init() throws(SDLError) {
        guard let dir = Assets.fontsDirectory() else {
            throw SDLError("cannot find the bundled fonts (Assets/Fonts); set TENFOOT_ASSETS to the Assets folder")
        }
        regularPath = dir + "/DejaVuSans.ttf"
        boldPath = dir + "/DejaVuSans-Bold.ttf"
        if TTF_WasInit() == 0, TTF_Init() != 0 { throw SDLError("TTF_Init failed: \(SDLError.last)") }
    }

    deinit { for (_, f) in fonts { TTF_CloseFont(f) } }

    public func font(pixels: Int, bold: Bool) -> OpaquePointer? {
        let key = pixels * 2 + (bold ? 1 : 0)
        if let f = fonts[key] { return f }
        guard let f = TTF_OpenFont(bold ? boldPath : regularPath, Int32(max(4, pixels))) else { return nil }
        TTF_SetFontHinting(f, TTF_HINTING_LIGHT)
        fonts[key] = f
        return f
    }
}

/// A text measurer for layout backed by the bundled TrueType fonts (sizes measured at 1 px = 1 pt).
/// `@unchecked Sendable` (layout measurers must be Sendable): the font cache, a dictionary of SDL_ttf
/// fonts, is used only under `lock`.
public final class TrueTypeMeasurer: TextMeasurer, @unchecked Sendable {
    private let lock = NSLock()
    private let fonts: FontCache
    public init(fonts: FontCache) { self.fonts = fonts }
    public func width(of text: String, size: Double, bold: Bool) -> Double {
        lock.lock(); defer { lock.unlock() }
        guard let f = fonts.font(pixels: Int(size.rounded()), bold: bold) else { return Double(text.count) * size * 0.55 }
        var w: Int32 = 0, h: Int32 = 0
        TTF_SizeUTF8(f, text, &w, &h)
        return Double(w)
    }
}

/// Where the bundled assets live: `TENFOOT_ASSETS`, next to the executable's package, or the source tree.
public enum Assets {
    public static func directory() -> String? {
        let fm = FileManager.default
        var candidates: [String] = []
        if let env = ProcessInfo.processInfo.environment["TENFOOT_ASSETS"] { candidates.append(env) }
        let exe = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent()
        candidates.append(exe.appendingPathComponent("../../Assets").standardized.path)
        candidates.append(exe.appendingPathComponent("../../../Assets").standardized.path)
        candidates.append(exe.appendingPathComponent("../share/tenfoot/Assets").standardized.path)
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets").standardized.path
        candidates.append(source)
        candidates.append(fm.currentDirectoryPath + "/Assets")
        return candidates.first { fm.fileExists(atPath: $0 + "/Fonts/DejaVuSans.ttf") }
    }

    public static func fontsDirectory() -> String? { directory().map { $0 + "/Fonts" } }
}

/// An SDL failure with SDL's own message.
public struct SDLError: Error, CustomStringConvertible {
    public var description: String
    public init(_ d: String) { description = d }
    public static var last: String { String(cString: SDL_GetError()) }
}
