import CFreeType
import CHarfBuzz
import TenFootScene

/// A run's width as SDL_ttf 2.20's `TTF_SizeUTF8` measures it with HarfBuzz, to the pixel, without SDL_ttf's glyph
/// cache: that one holds 256 glyphs by index, so text of many distinct glyphs (CJK, a page of mixed scripts) loaded
/// almost every glyph again, through FreeType's hinter, at every measure. Here each glyph's box is loaded once per
/// face and size and kept; shaping is HarfBuzz's on the same font file at the same size and load flags.
///
/// The rule `TTF_SizeUTF8` follows (its `TTF_Size_Internal`, HarfBuzz build): shape the UTF-8 text (up to a NUL) with
/// the font's direction and script and no language; walk the glyphs with a pen starting at 0, each glyph's box
/// starting at `floor(pen + x offset) + left` and `width` wide (its bitmap's left and width as FreeType presets them
/// when it loads the glyph with light hinting, or its outline metrics when those are all zero), the pen then moving by
/// the glyph's x advance; the width is from the leftmost box edge (at most 0) to the rightmost box edge or the final
/// pen's floor, whichever is further. `FontCacheTests` holds the two to the same numbers over every script the bundled
/// fonts cover.
///
/// Not thread-safe: ``FontCache`` calls it under its lock.
final class RunWidths {
    private var library: FT_Library?
    private var faces: [FontCache.Face: Opened] = [:]
    /// How many glyph boxes have been loaded, over every face.
    private(set) var glyphsLoaded = 0
    /// How many runs have been shaped, over every face.
    private(set) var runsShaped = 0

    /// One face opened at a size: FreeType's face, HarfBuzz's font over it, and each glyph's box as loaded.
    private final class Opened {
        let face: FT_Face
        let font: OpaquePointer
        var boxes: [UInt32: Box] = [:]
        /// Short runs' widths as measured (``RunWidths/keptRunBytes``).
        var runs: [Run: Int32] = [:]
        init(face: FT_Face, font: OpaquePointer) {
            self.face = face
            self.font = font
        }
        deinit {
            hb_font_destroy(font)
            FT_Done_Face(face)
        }
    }

    /// Where a glyph's bitmap starts from its pen position, how wide it is, and how far its top is above the
    /// baseline, in pixels; nil when it cannot load.
    private struct Box {
        var left: Int32
        var width: Int32
        var top: Int32
    }

    /// A short run measured in one face: its text, script and direction.
    private struct Run: Hashable {
        var text: TextBytes
        var script: String
        var rightToLeft: Bool
    }

    /// The longest run, in UTF-8 bytes, whose width a face keeps. Wrapping measures each line it tries whole, and a
    /// line of text that changes script every character or two is a line of such runs, the same ones try after try:
    /// shaping them again was a third of wrapping it. Longer runs are seldom measured twice.
    static let keptRunBytes = 32

    /// Short runs a face keeps before it starts again.
    static let keptRuns = 50_000

    init?() {
        guard FT_Init_FreeType(&library) == 0, library != nil else { return nil }
    }

    deinit {
        faces.removeAll()
        FT_Done_FreeType(library)
    }

    /// The width of `text` in the font file `bytes` at `key`'s pixel size, shaped `rightToLeft` or not in `script` (an
    /// ISO 15924 tag such as "Latn", as SDL_ttf's `TTF_SetFontScriptName` takes it); nil when the face cannot be
    /// opened as SDL_ttf opens it (not scalable: measure with SDL_ttf).
    func width(
        of text: String, key: FontCache.Face, bytes: @autoclosure () -> UnsafeMutableRawBufferPointer?, script: String,
        rightToLeft: Bool
    ) -> Int32? {
        guard let opened = open(key, bytes: bytes) else { return nil }
        let kept = text.utf8.count <= Self.keptRunBytes
        let run = Run(text: TextBytes(kept ? text : ""), script: script, rightToLeft: rightToLeft)
        if kept, let w = opened.runs[run] { return w }
        guard let w = shapedWidth(of: text, in: opened, script: script, rightToLeft: rightToLeft) else { return nil }
        if kept {
            if opened.runs.count >= Self.keptRuns { opened.runs.removeAll(keepingCapacity: true) }
            opened.runs[run] = w
        }
        return w
    }

    /// Where `text`'s pen starts in its picture as SDL_ttf 2.20's `TTF_RenderUTF8_Blended` draws it (its `xstart`: how
    /// far the leftmost glyph reaches left of the pen, at least 0) and how far the pen moves over it (the sum of the
    /// advances, unrounded), in pixels, with its width as ``width(of:key:bytes:script:rightToLeft:)`` gives it. Nil
    /// when the face cannot be opened as SDL_ttf opens it, or a glyph cannot load.
    func placement(
        of text: String, key: FontCache.Face, bytes: @autoclosure () -> UnsafeMutableRawBufferPointer?, script: String,
        rightToLeft: Bool
    ) -> (start: Double, advance: Double, width: Double)? {
        guard let opened = open(key, bytes: bytes),
            let e = extent(of: text, in: opened, script: script, rightToLeft: rightToLeft), e.loaded
        else { return nil }
        return (start: Double(-e.minX), advance: Double(e.pen) / 64, width: Double(e.maxX &- e.minX))
    }

    /// How far below its picture's top SDL_ttf 2.20's `TTF_RenderUTF8_Blended` puts `text`'s baseline past the font's
    /// `ascent`: its `ystart`, the height by which a glyph shifted up by shaping (a stack of marks) rises above the
    /// ascent, where the glyph's box top is `floor(ascent − y offset) − top` from the picture's top. Nil when the face
    /// cannot be opened as SDL_ttf opens it, or a glyph cannot load.
    func rise(
        of text: String, key: FontCache.Face, bytes: @autoclosure () -> UnsafeMutableRawBufferPointer?, script: String,
        rightToLeft: Bool, ascent: Int32
    ) -> Int32? {
        guard let opened = open(key, bytes: bytes) else { return nil }
        return shaped(text, in: opened, script: script, rightToLeft: rightToLeft) { infos, positions -> Int32? in
            var minY: Int32 = 0
            for g in infos.indices {
                guard let box = self.box(of: infos[g].codepoint, in: opened) else { return nil }
                minY = min(minY, Self.floor(ascent &* 64 &- positions[g].y_offset) &- box.top)
            }
            return -minY
        } ?? nil
    }

    /// The characters a face has glyphs for, as SDL_ttf's `TTF_GlyphIsProvided32` answers: from the character map
    /// SDL_ttf chooses. Valid while the ``RunWidths`` that made it lives.
    struct Characters {
        fileprivate let face: FT_Face
        func provides(_ scalar: UInt32) -> Bool { FT_Get_Char_Index(face, FT_ULong(scalar)) != 0 }
    }

    /// The characters of the face at `key`; nil when the face cannot be opened as SDL_ttf opens it (ask SDL_ttf).
    func characters(_ key: FontCache.Face, bytes: @autoclosure () -> UnsafeMutableRawBufferPointer?) -> Characters? {
        open(key, bytes: bytes).map { Characters(face: $0.face) }
    }

    /// `text` shaped in `opened` and measured by the rule above.
    private func shapedWidth(of text: String, in opened: Opened, script: String, rightToLeft: Bool) -> Int32? {
        // SDL_ttf gives up on a glyph it cannot load, and the run measures 0.
        extent(of: text, in: opened, script: script, rightToLeft: rightToLeft).map {
            $0.loaded ? $0.maxX &- $0.minX : 0
        }
    }

    /// `text` shaped in `opened` and laid out by the rule above: its leftmost box edge (at most 0), its rightmost edge
    /// or final pen's floor, the final pen (26.6), and whether every glyph loaded (the walk stops at one that does
    /// not); nil when HarfBuzz has no buffer to give.
    private func extent(of text: String, in opened: Opened, script: String, rightToLeft: Bool) -> (
        minX: Int32, maxX: Int32, pen: Int32, loaded: Bool
    )? {
        runsShaped += 1
        return shaped(text, in: opened, script: script, rightToLeft: rightToLeft) { infos, positions in
            var pen: Int32 = 0
            var minX: Int32 = 0
            var maxX: Int32 = 0
            for g in infos.indices {
                guard let box = self.box(of: infos[g].codepoint, in: opened) else {
                    return (minX, maxX, pen, false)
                }
                let x = Self.floor(pen &+ positions[g].x_offset) &+ box.left
                minX = min(minX, x)
                maxX = max(maxX, x &+ box.width)
                pen &+= positions[g].x_advance
            }
            return (minX, max(maxX, Self.floor(pen)), pen, true)
        }
    }

    /// `body` of `text`'s glyphs and their positions, shaped in `opened` as SDL_ttf shapes a run: with the direction
    /// and script, no language; nil when HarfBuzz has no buffer to give.
    private func shaped<T>(
        _ text: String, in opened: Opened, script: String, rightToLeft: Bool,
        _ body: (UnsafeBufferPointer<hb_glyph_info_t>, UnsafeBufferPointer<hb_glyph_position_t>) -> T
    ) -> T? {
        guard let buffer = hb_buffer_create() else { return nil }
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, Self.scriptTag(script))
        text.withCString { hb_buffer_add_utf8(buffer, $0, -1, 0, -1) }
        hb_shape(opened.font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return body(UnsafeBufferPointer(start: nil, count: 0), UnsafeBufferPointer(start: nil, count: 0)) }
        return body(
            UnsafeBufferPointer(start: infos, count: Int(count)),
            UnsafeBufferPointer(start: positions, count: Int(count)))
    }

    /// A 26.6 length floored to whole pixels (SDL_ttf's `FT_FLOOR`).
    private static func floor(_ x: Int32) -> Int32 { (x & -64) / 64 }

    /// The script as SDL_ttf sets it: the four characters as one tag, no canonicalisation ("Zyyy" for anything
    /// else, as ``FontCache`` asks).
    static func scriptTag(_ script: String) -> hb_script_t {
        let b = Array(script.utf8.count == 4 ? script.utf8 : "Zyyy".utf8)
        return hb_script_t(UInt32(b[0]) << 24 | UInt32(b[1]) << 16 | UInt32(b[2]) << 8 | UInt32(b[3]))
    }

    private func box(of glyph: UInt32, in opened: Opened) -> Box? {
        if let b = opened.boxes[glyph] { return b }
        guard FT_Load_Glyph(opened.face, glyph, tenfoot_ft_light_load_flags()) == 0,
            let slot = opened.face.pointee.glyph
        else { return nil }
        let s = slot.pointee
        var box = Box(left: s.bitmap_left, width: Int32(s.bitmap.width), top: s.bitmap_top)
        if s.bitmap_left == 0, s.bitmap_top == 0, s.bitmap.rows == 0, s.bitmap.width == 0 {
            // Older FreeType did not preset the bitmap's box: SDL_ttf takes the outline's metrics then.
            let left = Int32(truncatingIfNeeded: s.metrics.horiBearingX)
            let right = Int32(truncatingIfNeeded: s.metrics.horiBearingX + s.metrics.width)
            box = Box(
                left: Self.floor(left), width: Self.floor(right &+ 63) &- Self.floor(left),
                top: Self.floor(Int32(truncatingIfNeeded: s.metrics.horiBearingY)))
        }
        opened.boxes[glyph] = box
        glyphsLoaded += 1
        return box
    }

    /// The face at `key`'s size, opened from `bytes` as SDL_ttf opens a font: its Unicode character map chosen in
    /// SDL_ttf's order, HarfBuzz's font with light hinting's load flags, then the size at 72 dpi.
    private func open(_ key: FontCache.Face, bytes: () -> UnsafeMutableRawBufferPointer?) -> Opened? {
        if let o = faces[key] { return o }
        var face: FT_Face?
        guard let bytes = bytes(), let base = bytes.baseAddress,
            FT_New_Memory_Face(library, base.assumingMemoryBound(to: FT_Byte.self), FT_Long(bytes.count), 0, &face)
                == 0, let face
        else { return nil }
        guard tenfoot_ft_is_scalable(face) != 0 else {
            FT_Done_Face(face)
            return nil
        }
        let maps = (0..<Int(face.pointee.num_charmaps)).compactMap { face.pointee.charmaps[$0] }
        let chosen =
            maps.first { $0.pointee.platform_id == 3 && $0.pointee.encoding_id == 10 }
            ?? maps.first {
                let (p, e) = ($0.pointee.platform_id, $0.pointee.encoding_id)
                return p == 3 && (e == 1 || e == 0) || p == 2 && e == 1 || p == 0
            }
        if let chosen { FT_Set_Charmap(face, chosen) }
        guard let font = hb_ft_font_create(face, nil) else {
            FT_Done_Face(face)
            return nil
        }
        hb_ft_font_set_load_flags(font, tenfoot_ft_light_load_flags())
        guard FT_Set_Char_Size(face, 0, FT_F26Dot6(key.pixels * 64), 0, 0) == 0 else {
            hb_font_destroy(font)
            FT_Done_Face(face)
            return nil
        }
        hb_ft_font_changed(font)
        let o = Opened(face: face, font: font)
        faces[key] = o
        return o
    }
}
