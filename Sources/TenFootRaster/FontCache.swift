@preconcurrency import CSDL2
import CSDL2TTF
import Foundation
import TenFootCore
import TenFootScene

/// Opens the bundled fonts (`Assets/Fonts`, the fixed list of ``FontFamily`` and the icon font) at pixel sizes on
/// demand, and shapes text with them: itemized into runs (``Itemizer``), each measured and rendered by SDL_ttf
/// (HarfBuzz inside) with its script and direction. SDL_ttf keeps the direction and script as state of a
/// `TTF_Font`, so both are set right before every measure and render call, under `lock` with the call itself:
/// the measurer and the rasteriser may share fonts across threads only through here.
public final class FontCache: @unchecked Sendable {
    /// The folder of the bundled fonts.
    public let directory: String
    let lock = NSLock()
    private var faces: [Face: OpaquePointer] = [:]
    /// Each font file's bytes, read once and kept while the cache lives: every size of a face reads its glyphs from
    /// memory. Opened from the file, FreeType read each glyph it loaded with a seek and a read (3,000 distinct CJK
    /// characters in a 100,000-point line: 1.7 s a text, nearly all of it in those calls).
    private var files: [String: UnsafeMutableRawBufferPointer] = [:]
    /// Runs measured with a glyph cache of their own (``RunWidths``); nil if FreeType would not start (SDL_ttf
    /// measures then).
    var runWidths = RunWidths()
    /// Colour emoji already scaled to a size: one cluster at one pixel size (the caller holds `lock`).
    private var emoji: [EmojiKey: EmojiGlyph] = [:]
    /// Scaled emoji kept before the cache starts again.
    static let emojiKept = 1024
    /// The most pixels of scaled emoji kept (128 MB): 181 distinct emoji at size 400 in an 8K picture kept 3.27 GB.
    static let emojiKeptPixels = 32 << 20
    /// `emojiKeptPixels`, unless a test asks for less (the caller holds `lock`).
    var emojiPixelBudget = FontCache.emojiKeptPixels
    /// The pixels of the scaled emoji kept (the caller holds `lock`).
    private(set) var emojiPixels = 0

    /// Each emoji cluster's advance at the strike, in whole pixels (the caller holds `lock`).
    private var emojiAdvances: [String: Int32] = [:]
    /// How many scaled emoji are kept (the caller holds `lock`).
    var emojiCount: Int { emoji.count }
    /// The widest scaled emoji kept, in pixels (the caller holds `lock`).
    var widestEmoji: Int32 { emoji.values.compactMap { $0.surface?.pointee.w }.max() ?? 0 }

    struct EmojiKey: Hashable {
        var cluster: String
        var pixels: Int
    }

    /// One emoji cluster at a pixel size: its pixels (nil when it draws nothing). Its advance is `emojiAdvances`'.
    struct EmojiGlyph {
        var surface: UnsafeMutablePointer<SDL_Surface>?
    }

    /// A run of emoji's advance at the strike: the sum of its clusters' (no kerning or ligature joins two
    /// emoji clusters), so measuring and drawing cluster by cluster agree to the pixel. The caller holds `lock`.
    func emojiStrikeWidth(_ text: String, font f: OpaquePointer) -> Int32 {
        var total: Int32 = 0
        // Cluster by cluster, one of more than `TextLayout.maxClusterScalars` in pieces as layout has it: a line of one
        // cluster of 4,000 skin-tone modifiers was drawn as one emoji the line's width at the strike (223 MB), and
        // 50 such lines held 1.3 GB.
        for c in TextLayout.units(Substring(text)) {
            let cluster = String(c)
            if let w = emojiAdvances[cluster] {
                total += w
                continue
            }
            if emojiAdvances.count >= 8 * FontCache.emojiKept { emojiAdvances.removeAll(keepingCapacity: true) }
            var w: Int32 = 0
            var h: Int32 = 0
            TTF_SizeUTF8(f, cluster, &w, &h)
            emojiAdvances[cluster] = w
            total += w
        }
        return total
    }

    /// One opened font: a family's regular or bold face (nil family: the icon font) at a pixel size.
    struct Face: Hashable {
        var family: FontFamily?
        var bold: Bool
        var pixels: Int
    }

    public init() throws(SDLError) {
        guard let dir = Assets.fontsDirectory() else {
            throw SDLError("cannot find the bundled fonts (Assets/Fonts); set TENFOOT_ASSETS to the Assets folder")
        }
        let fm = FileManager.default
        let missing = PinnedFonts.files.map(\.name).filter { !fm.fileExists(atPath: dir + "/" + $0) }
        if !missing.isEmpty {
            throw SDLError(
                "the bundled fonts in \(dir) are incomplete (missing \(missing.joined(separator: ", "))); TenFoot draws only with its own fonts"
            )
        }
        directory = dir
        // SDL_ttf starts with the first face it opens (`face`): text measured and itemized with FreeType alone
        // (`runWidths`) never loads SDL (CSDLLoader), and SDL_ttf's one failure to start is FreeType's.
        if runWidths == nil { throw SDLError("FreeType would not start") }
    }

    /// Held while SDL_ttf starts, opens or closes a font: every cache's fonts belong to SDL_ttf's one FreeType
    /// library, whose faces may be used on several threads at once but made and freed on one at a time (FreeType's
    /// rule). Two caches live on two threads at once when `audit` draws its contrast check beside its lint.
    static let library = NSLock()

    deinit {
        runWidths = nil  // its faces read the files' bytes
        FontCache.library.withLock {
            for (_, f) in faces { TTF_CloseFont(f) }
        }
        for (_, bytes) in files { bytes.deallocate() }
        for (_, g) in emoji { if let s = g.surface { SDL_FreeSurface(s) } }
    }

    /// The opened face; the caller holds `lock`. A family without a bold file gives its regular face (its bold
    /// is drawn thicker by `render`, with the regular advances: SDL_ttf's own emboldening clips glyphs).
    func face(_ family: FontFamily?, bold: Bool, pixels: Int) -> OpaquePointer? {
        let (key, file) = faceKey(family, bold: bold, pixels: pixels)
        if let f = faces[key] { return f }
        guard let bytes = fileBytes(file()),
            FontCache.library.withLock({ TTF_WasInit() != 0 || TTF_Init() == 0 }),
            let stream = SDL_RWFromConstMem(bytes.baseAddress, Int32(bytes.count)),
            let f = FontCache.library.withLock({ TTF_OpenFontRW(stream, 1, Int32(key.pixels)) })
        else { return nil }
        TTF_SetFontHinting(f, TTF_HINTING_LIGHT)
        faces[key] = f
        return f
    }

    /// Which face ``face(_:bold:pixels:)`` opens for these, and (named when it is needed) from which font file.
    func faceKey(_ family: FontFamily?, bold: Bool, pixels: Int) -> (Face, file: () -> String) {
        let strike = family?.isColorBitmap == true ? FontFamily.emojiStrikePixels : pixels
        let key = Face(family: family, bold: bold && family?.hasBoldFile == true, pixels: max(4, strike))
        return (key, { family.map { $0.file(bold: key.bold)! } ?? PinnedFonts.iconFont })
    }

    /// A run's width as `TTF_SizeUTF8` gives it, from ``RunWidths`` (its own glyph cache) where the face is
    /// scalable, else from SDL_ttf. The caller holds `lock`.
    func width(of text: String, font family: FontFamily, script: String, rightToLeft: Bool, bold: Bool, pixels: Int)
        -> Int32
    {
        let (key, file) = faceKey(family, bold: bold, pixels: pixels)
        if let widths = runWidths,
            let w = widths.width(
                of: text, key: key, bytes: self.fileBytes(file()), script: script, rightToLeft: rightToLeft)
        {
            return w
        }
        var w: Int32 = 0
        var h: Int32 = 0
        if let f = prepared(family, script: script, rightToLeft: rightToLeft, bold: bold, pixels: pixels) {
            TTF_SizeUTF8(f, text, &w, &h)
        }
        return w
    }

    /// The bytes of the bundled font file `name`, read on first use; nil when it cannot be read (the caller holds
    /// `lock`).
    func fileBytes(_ name: String) -> UnsafeMutableRawBufferPointer? {
        if let bytes = files[name] { return bytes }
        guard let data = FileManager.default.contents(atPath: directory + "/" + name), !data.isEmpty,
            data.count <= Int(Int32.max)
        else { return nil }
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 16)
        data.copyBytes(to: bytes)
        files[name] = bytes
        return bytes
    }

    /// Sets the shaping state SDL_ttf keeps per font for `run`; the caller holds `lock` until its call is done.
    func prepared(_ family: FontFamily, script: String, rightToLeft: Bool, bold: Bool, pixels: Int) -> OpaquePointer? {
        guard let f = face(family, bold: bold, pixels: pixels) else { return nil }
        TTF_SetFontDirection(f, rightToLeft ? TTF_DIRECTION_RTL : TTF_DIRECTION_LTR)
        TTF_SetFontScriptName(f, script.utf8.count == 4 ? script : "Zyyy")
        return f
    }

    /// `text` as one line at `pixels`: its runs in visual order, each measured (widths in pixels).
    public func line(_ text: String, pixels: Int, bold: Bool, direction: TextDirection) -> (
        runs: [TextRun], direction: LayoutDirection
    ) {
        // Each run's text is cut from the line's bytes (a run that is the whole line is the line): made from its
        // scalars one by one, it was a tenth of wrapping long paragraphs.
        var scalars: [UInt32] = []
        var offsets: [Int] = []
        scalars.reserveCapacity(text.utf8.count)
        offsets.reserveCapacity(text.utf8.count + 1)
        var offset = 0
        for s in text.unicodeScalars {
            scalars.append(s.value)
            offsets.append(offset)
            offset += UTF8.width(s)
        }
        offsets.append(offset)
        let bytes = Array(text.utf8)
        lock.lock()
        defer { lock.unlock() }
        // The itemizer asks of one font many times running: its face is looked up once a run of asks.
        // Asked of FreeType where it opens the face (``RunWidths/characters(_:bytes:)``), else of SDL_ttf.
        var asked: (family: FontFamily, characters: RunWidths.Characters?, face: OpaquePointer?)?
        let (items, resolved) = Itemizer.items(scalars, text: text, direction: direction) { family, scalar in
            if asked?.family != family {
                let (key, file) = faceKey(family, bold: bold, pixels: pixels)
                if let characters = runWidths?.characters(key, bytes: self.fileBytes(file())) {
                    asked = (family, characters, nil)
                } else {
                    asked = (family, nil, face(family, bold: bold, pixels: pixels))
                }
            }
            if let characters = asked?.characters { return characters.provides(scalar) }
            guard let f = asked?.face else { return false }
            return TTF_GlyphIsProvided32(f, scalar) != 0
        }
        let runs = items.map { item -> TextRun in
            let s =
                item.range.count == scalars.count
                ? text
                : String(
                    decoding: bytes[offsets[item.range.lowerBound]..<offsets[item.range.upperBound]], as: UTF8.self)
            var w: Int32 = 0
            if !item.font.isColorBitmap {
                w = width(
                    of: s, font: item.font, script: item.script, rightToLeft: item.isRightToLeft, bold: bold,
                    pixels: pixels)
            } else if let f = prepared(
                item.font, script: item.script, rightToLeft: item.isRightToLeft, bold: bold, pixels: pixels)
            {
                w = FontCache.scaledLength(emojiStrikeWidth(s, font: f), pixels: pixels)
            }
            return TextRun(
                text: s, font: item.font, script: item.script, isRightToLeft: item.isRightToLeft, width: Double(w))
        }
        return (runs, resolved)
    }

    /// The direction `text` resolves to as a paragraph of the natural `direction`, as ``line(_:pixels:bold:direction:)``
    /// resolves it, without shaping it.
    public func paragraphDirection(_ text: String, natural direction: LayoutDirection) -> LayoutDirection {
        Itemizer.bidi(text.unicodeScalars.map(\.value), direction: .natural(direction)).resolved
    }

    /// The width at `pixels` of `text`, a piece of `run`, shaped as the run is (its font, script and direction).
    func width(ofPiece text: String, of run: TextRun, pixels: Int, bold: Bool) -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        guard run.font.isColorBitmap else {
            return width(
                of: text, font: run.font, script: run.script, rightToLeft: run.isRightToLeft, bold: bold,
                pixels: pixels)
        }
        guard let f = prepared(run.font, script: run.script, rightToLeft: run.isRightToLeft, bold: bold, pixels: pixels)
        else { return 0 }
        return FontCache.scaledLength(emojiStrikeWidth(text, font: f), pixels: pixels)
    }

    /// How `text`, a piece of `run`, sits in its picture at `pixels` (as drawn: ``drawable(_:)``): where its pen starts
    /// from the picture's left (the overhang of a glyph reaching left of it), how far the pen moves over it, and the
    /// picture's width. A face not measured here (a colour strike, a face that does not open as SDL_ttf opens it)
    /// starts at 0 and moves by its width.
    func placement(ofPiece text: String, of run: TextRun, pixels: Int, bold: Bool) -> Rasteriser.PiecePlacement {
        if !run.font.isColorBitmap {
            lock.lock()
            let (key, file) = faceKey(run.font, bold: bold, pixels: pixels)
            let placed = runWidths?.placement(
                of: FontCache.drawable(text), key: key, bytes: self.fileBytes(file()), script: run.script,
                rightToLeft: run.isRightToLeft)
            lock.unlock()
            if let placed {
                return Rasteriser.PiecePlacement(start: placed.start, advance: placed.advance, width: placed.width)
            }
        }
        let width = Double(self.width(ofPiece: text, of: run, pixels: pixels, bold: bold))
        return Rasteriser.PiecePlacement(start: 0, advance: width, width: width)
    }

    /// One run rendered white on transparent at `pixels` (the rasteriser tints it), with how far its baseline is
    /// below the picture's top (the font's ascent, more where marks rise above it) and the run's advance (the surface
    /// of an emboldened run is a little wider than its advance).
    func render(_ run: TextRun, pixels: Int, bold: Bool) -> (
        surface: UnsafeMutablePointer<SDL_Surface>, ascent: Int32, advance: Int32
    )? {
        lock.lock()
        defer { lock.unlock() }
        guard !run.text.isEmpty,
            let f = prepared(run.font, script: run.script, rightToLeft: run.isRightToLeft, bold: bold, pixels: pixels)
        else { return nil }
        if run.font.isColorBitmap { return renderEmoji(run, font: f, pixels: pixels) }
        let text = FontCache.drawable(run.text)
        guard let surface = TTF_RenderUTF8_Blended(f, text, SDL_Color(r: 255, g: 255, b: 255, a: 255)) else {
            return nil
        }
        let advance = surface.pointee.w
        let ascent = TTF_FontAscent(f) + rise(of: text, in: run, font: f, surface: surface, pixels: pixels, bold: bold)
        if bold, run.font.file(bold: true) == nil,
            let thick = FontCache.emboldened(surface, by: max(1, Int32(pixels) / 14))
        {
            SDL_FreeSurface(surface)
            return (thick, ascent, advance)
        }
        return (surface, ascent, advance)
    }

    /// How far SDL_ttf moved `text`'s baseline down in `surface` to fit what rises above the font's ascent (a stack
    /// of marks): 0 unless the picture is taller than the font's height. A run under twelve acute accents was drawn
    /// that much lower than the runs beside it, over the line below.
    private func rise(
        of text: String, in run: TextRun, font f: OpaquePointer, surface: UnsafeMutablePointer<SDL_Surface>,
        pixels: Int, bold: Bool
    ) -> Int32 {
        guard surface.pointee.h > TTF_FontHeight(f), let widths = runWidths else { return 0 }
        let (key, file) = faceKey(run.font, bold: bold, pixels: pixels)
        return widths.rise(
            of: text, key: key, bytes: self.fileBytes(file()), script: run.script, rightToLeft: run.isRightToLeft,
            ascent: TTF_FontAscent(f)) ?? 0
    }

    /// The most marks drawn stacked in a row (a combining class not 0, or a nonspacing or enclosing mark): Unicode's
    /// stream-safe limit (UAX #15).
    /// One letter under 3,999 acute accents, at size 400 in a 4K picture, was drawn as a picture of the whole stack,
    /// 3 GB; the marks past the limit stand far above any screen.
    static let maxStackedMarks = 30

    /// `text` as it is drawn: marks past ``maxStackedMarks`` in a row left out. Marks take no room on the line, so
    /// the layout is the same.
    static func drawable(_ text: String) -> String {
        func stacked(_ s: Unicode.Scalar) -> Bool {
            guard s.value >= 0x300 else { return false }
            // Tibetan's subjoined letters stack below with no combining class.
            return s.properties.canonicalCombiningClass != .notReordered
                || [.nonspacingMark, .enclosingMark].contains(s.properties.generalCategory)
        }
        var inRow = 0
        guard
            text.unicodeScalars.contains(where: { s in
                inRow = stacked(s) ? inRow + 1 : 0
                return inRow > maxStackedMarks
            })
        else { return text }
        var out = String.UnicodeScalarView()
        inRow = 0
        for s in text.unicodeScalars {
            inRow = stacked(s) ? inRow + 1 : 0
            if inRow <= maxStackedMarks { out.append(s) }
        }
        return String(out)
    }

    /// A run of colour emoji: its clusters side by side (in reading order, reversed right to left), each drawn at
    /// the strike and scaled once per size (``emojiGlyph(_:font:pixels:)``). Work and memory follow the run's
    /// size at `pixels`, never the strike's: a line of 4,000 emoji in a caption costs one resample per distinct
    /// emoji, not a strike-sized picture of the whole line. The caller holds `lock`.
    func renderEmoji(_ run: TextRun, font f: OpaquePointer, pixels: Int) -> (
        surface: UnsafeMutablePointer<SDL_Surface>, ascent: Int32, advance: Int32
    )? {
        let units = TextLayout.units(Substring(run.text))
        let clusters = run.isRightToLeft ? Array(units.reversed()) : units
        let advances = clusters.map { emojiStrikeWidth(String($0), font: f) }
        // Each cluster where the run's advances at the strike put it, scaled: the run is as wide as `line`
        // measured it.
        let width = FontCache.scaledLength(advances.reduce(0, +), pixels: pixels)
        let height = FontCache.scaledLength(TTF_FontHeight(f), pixels: pixels)
        guard width > 0, height > 0,
            let out = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { return nil }
        var strikeX: Int32 = 0
        for (cluster, advance) in zip(clusters, advances) {
            // Each drawn as soon as it is had: the next may start the cache again, and free it.
            if let s = emojiGlyph(String(cluster), font: f, pixels: pixels).surface {
                SDL_SetSurfaceBlendMode(s, SDL_BLENDMODE_NONE)
                var d = SDL_Rect(
                    x: FontCache.scaledLength(strikeX, pixels: pixels), y: 0, w: s.pointee.w, h: s.pointee.h)
                SDL_UpperBlit(s, nil, out, &d)
            }
            strikeX += advance
        }
        return (out, FontCache.scaledLength(TTF_FontAscent(f), pixels: pixels), width)
    }

    /// One emoji cluster at `pixels`: drawn at the strike and resampled, kept for the next line that has it.
    /// The caller holds `lock`.
    func emojiGlyph(_ cluster: String, font f: OpaquePointer, pixels: Int) -> EmojiGlyph {
        let key = EmojiKey(cluster: cluster, pixels: pixels)
        if let hit = emoji[key] { return hit }
        // Scaled to the strike's shape: a glyph about as wide as high.
        let side = Int(FontCache.scaledLength(TTF_FontHeight(f), pixels: pixels))
        if emoji.count >= FontCache.emojiKept || emojiPixels + side * side > emojiPixelBudget {
            for (_, g) in emoji { if let s = g.surface { SDL_FreeSurface(s) } }
            emoji.removeAll(keepingCapacity: true)
            emojiPixels = 0
        }
        var glyph = EmojiGlyph(surface: nil)
        if let strike = TTF_RenderUTF8_Blended(f, cluster, SDL_Color(r: 255, g: 255, b: 255, a: 255)) {
            glyph.surface = Resample.resized(
                strike, width: FontCache.scaledLength(strike.pointee.w, pixels: pixels),
                height: FontCache.scaledLength(strike.pointee.h, pixels: pixels))
            SDL_FreeSurface(strike)
        }
        emoji[key] = glyph
        emojiPixels += glyph.surface.map { Int($0.pointee.w) * Int($0.pointee.h) } ?? 0
        return glyph
    }

    /// A length measured at the emoji strike, at `pixels` instead.
    static func scaledLength(_ length: Int32, pixels: Int) -> Int32 {
        Int32((Double(length) * Double(pixels) / Double(FontFamily.emojiStrikePixels)).rounded())
    }

    /// `surface` drawn `strength` more times, a pixel further right each time: thicker stems for a font with no
    /// bold face (Droid Sans Fallback), deterministic and never clipped.
    static func emboldened(_ surface: UnsafeMutablePointer<SDL_Surface>, by strength: Int32) -> UnsafeMutablePointer<
        SDL_Surface
    >? {
        guard
            let out = SDL_CreateRGBSurfaceWithFormat(
                0, surface.pointee.w + strength, surface.pointee.h, 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { return nil }
        SDL_SetSurfaceBlendMode(surface, SDL_BLENDMODE_BLEND)
        for dx in 0...strength {
            var d = SDL_Rect(x: dx, y: 0, w: surface.pointee.w, h: surface.pointee.h)
            SDL_UpperBlit(surface, nil, out, &d)
        }
        return out
    }

    /// The primary font's ascent at `pixels`: where every run's baseline sits below a line's top.
    func primaryAscent(pixels: Int, bold: Bool) -> Int32 { primaryMetrics(pixels: pixels, bold: bold).ascent }

    /// The primary font's ascent and line skip at `pixels` (the line box of every script: fallback fonts
    /// with taller ink overflow it a little rather than move lines).
    func primaryMetrics(pixels: Int, bold: Bool) -> (ascent: Int32, lineSkip: Int32) {
        lock.lock()
        defer { lock.unlock() }
        guard let f = face(.dejaVuSans, bold: bold, pixels: pixels) else { return (Int32(pixels), Int32(pixels)) }
        return (TTF_FontAscent(f), TTF_FontLineSkip(f))
    }

    /// A symbol of the icon font rendered white at `pixels` (an em square).
    func renderIcon(_ codePoint: UInt32, pixels: Int) -> UnsafeMutablePointer<SDL_Surface>? {
        lock.lock()
        defer { lock.unlock() }
        guard let f = face(nil, bold: false, pixels: pixels) else { return nil }
        return TTF_RenderGlyph32_Blended(f, codePoint, SDL_Color(r: 255, g: 255, b: 255, a: 255))
    }
}

/// The text measurer for layout and drawing, backed by the bundled TrueType fonts: sizes in points measured at
/// 1 px = 1 pt (the rasteriser keeps one over its own fonts at output pixels). Lines are cached: a line is a pure
/// function of its text, size, weight, direction and the pinned font files.
public final class TrueTypeMeasurer: TextMeasurer, @unchecked Sendable {
    private let lock = NSLock()
    private let fonts: FontCache
    private var cache: [Key: TextLine] = [:]
    /// Lines kept before the cache starts again (a long session sees many strings): enough for a screen at the node
    /// limit whose every node has a title and a subtitle. At 50,000, a screen of 90,000 titled buttons emptied it in
    /// every layout pass and shaped every title again: a data action took 3.2 s there, against 0.5 s at 45,000.
    static let cacheLimit = 2 * SceneLimits.maxNodes

    /// A line asked for. Its text is compared and hashed by its bytes (``TextBytes``): a text that differs is shaped
    /// as itself, and wrapping a paragraph of mixed scripts spent a tenth of its time normalising the keys of lines it
    /// tried.
    struct Key: Hashable {
        var text: TextBytes
        var pixels: Int
        var bold: Bool
        var direction: TextDirection
    }

    public init(fonts: FontCache) { self.fonts = fonts }

    public func width(of text: String, size: Double, bold: Bool) -> Double {
        line(text, size: size, bold: bold, direction: .natural(.leftToRight)).width
    }

    public func paragraphDirection(_ text: String, natural direction: LayoutDirection) -> LayoutDirection {
        fonts.paragraphDirection(text, natural: direction)
    }

    public func line(_ text: String, size: Double, bold: Bool, direction: TextDirection) -> TextLine {
        let key = Key(text: TextBytes(text), pixels: Int(size.rounded()), bold: bold, direction: direction)
        lock.lock()
        if let hit = cache[key] {
            lock.unlock()
            return hit.size == size ? hit : resized(hit, size)
        }
        lock.unlock()
        let (runs, resolved) = fonts.line(text, pixels: key.pixels, bold: bold, direction: direction)
        let line = TextLine(text: text, runs: runs, size: size, bold: bold, direction: resolved)
        lock.lock()
        if cache.count >= TrueTypeMeasurer.cacheLimit { cache.removeAll(keepingCapacity: true) }
        cache[key] = line
        lock.unlock()
        return line
    }

    /// A cached line for a size that rounds to the same pixels: the same runs, labelled with the size asked for.
    func resized(_ line: TextLine, _ size: Double) -> TextLine {
        var l = line
        l.size = size
        return l
    }
}

/// Where the bundled assets live: `TENFOOT_ASSETS`, next to the executable's package, beside an installed
/// executable (`PREFIX/share/tenfoot/Assets`, as `make install` puts them), or the source tree.
public enum Assets {
    public static func directory() -> String? {
        let fm = FileManager.default
        var candidates: [String] = []
        if let env = ProcessInfo.processInfo.environment["TENFOOT_ASSETS"] { candidates.append(env) }
        // The executable's real place (argv[0] is a bare name when the shell found tenfoot on the PATH).
        let exe = URL(fileURLWithPath: Executable.path() ?? CommandLine.arguments.first ?? ".")
            .resolvingSymlinksInPath().deletingLastPathComponent()
        candidates.append(exe.appendingPathComponent("../../Assets").standardized.path)
        candidates.append(exe.appendingPathComponent("../../../Assets").standardized.path)
        candidates.append(exe.appendingPathComponent("../share/tenfoot/Assets").standardized.path)
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets")
            .standardized.path
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
