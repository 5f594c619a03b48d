@preconcurrency import CSDL2
import CSDL2Image
import CSDL2TTF
import FocusEngine
import Foundation
import TenFootPresentation
import TenFootScene
import TenFootSim

/// Text and symbols: each run rasterised once per text, font, script, direction, size and weight at output
/// pixels, the runs of a line placed side by side on one baseline, and evicted when unused.
extension Rasteriser {
    /// A texture cache key: one run of text (or, with no font, one symbol of the icon font).
    struct RunKey: Hashable {
        var text: String
        var font: FontFamily?
        var script: String
        var rightToLeft: Bool
        var pixels: Int
        var bold: Bool
    }

    /// A rasterised run: its texture, size in pixels, its baseline below its top (``FontCache/render``) and its
    /// advance (where the next run starts; an emboldened run's ink reaches a little past it).
    struct RunTexture {
        var texture: OpaquePointer
        var w: Int32
        var h: Int32
        var ascent: Int32
        var advance: Int32
        /// False for a texture too large to keep (``keptTexturePixels``): it is destroyed once drawn.
        var kept = true
    }

    /// The most pixels a run's texture may have and still be kept for later frames (16 MB): a line of thousands
    /// of characters is kept by no one, and fifty of them kept made one screenshot take 450 MB.
    static let keptTexturePixels: Int32 = 1 << 22
    /// The most pixels all kept text textures may have together (256 MB): past it a new run is drawn and destroyed,
    /// not kept. Textures unused for a while are freed (``evictText()``), but one screen of 90,000 distinct titles
    /// draws them all in one frame: 2.7 GB.
    static let keptTextPixelsTotal = 1 << 26

    /// A label drawn over the scene (overlays, the focus map, a missing image's name): shaped and fitted to
    /// `maxWidth` with an ellipsis at output pixels, left to right unless its own characters say otherwise.
    func drawText(
        _ text: String, x: Double, y: Double, size: Double, bold: Bool, color: Color, centered: Bool, maxWidth: Double?
    ) {
        let pixels = (size * pixelScale).rounded()
        let direction = TextDirection.natural(.leftToRight)
        let line =
            maxWidth.map {
                TextLayout.fitted(
                    text, width: max(0, $0 * pixelScale), size: pixels, bold: bold, direction: direction,
                    measurer: pixelMeasurer)
            }
            ?? pixelMeasurer.line(text, size: pixels, bold: bold, direction: direction)
        guard !line.text.isEmpty else { return }
        // Text keeps its rasterised pixel size: only its origin is converted (no resampling blur).
        let left = (letterbox.outputX(x) - (centered ? line.width / 2 : 0)).rounded()
        drawRuns(
            line.runs, pixels: Int(pixels), bold: bold, left: left, top: py(y), color: color,
            limit: maxWidth.map { $0 * pixelScale })
    }

    /// A line of scene text with the runs layout measured, rasterised at output pixels. The runs' pixel widths
    /// can differ a little from their widths in points times the scale (hinting): the line keeps its anchor.
    func drawLine(_ line: TextLine, x: Double, y: Double, anchor: TextAnchor, color: Color) {
        let pixels = Int((line.size * pixelScale).rounded())
        // A line the target cannot show is not rendered: 181 emoji in a narrow text at size 400, a line each, were
        // each resampled to 1,600 pixels in an 8K picture that showed three of them (8.4 s).
        guard lineMayShow(top: py(y), pixels: pixels) else { return }
        let estimated = line.runs.reduce(0.0) { $0 + $1.width * pixelScale }
        if estimated > Rasteriser.wideLinePixels {
            return drawWideLine(
                line, pixels: pixels, left: anchor.left(letterbox.outputX(x), width: estimated).rounded(), top: py(y),
                color: color)
        }
        let textures = line.runs.map { runTexture($0, pixels: pixels, bold: line.bold) }
        let total = textures.reduce(0.0) { $0 + Double($1?.advance ?? 0) }
        let left = anchor.left(letterbox.outputX(x), width: total).rounded()
        drawRuns(
            line.runs, pixels: pixels, bold: line.bold, left: left, top: py(y), color: color, limit: nil,
            textures: textures)
    }

    /// Whether any of a line whose top is `top` (output pixels) at `pixels` may show in the target: nothing of a line
    /// more than 32 of its sizes above or below it does (marks stand at most 30 high, each at most a size: 30 Thai
    /// tone marks hang 8.4 sizes below a line's top, so eight sizes left them out).
    func lineMayShow(top: Double, pixels: Int) -> Bool {
        let reach = Double(pixels) * 32
        return top < Double(target().h) + reach && top > -reach
    }

    /// A line wider than this many pixels is drawn in pieces, those the target shows alone.
    static let wideLinePixels = 8192.0
    /// The widest piece of a wide line rendered as one picture, in pixels.
    static let widePiecePixels: Int32 = 8192

    /// A run's text in the pieces a wide line is drawn in: whole words (each piece ends after white space, once it
    /// holds 16 characters), so that Arabic stays joined and Indic conjuncts whole (cut every 16 characters, a line
    /// was drawn with letters unjoined and overlapping); a word of more than 64 characters is cut every 64.
    static func wordPieces(_ text: String) -> [String] {
        var pieces: [String] = []
        var piece: [Character] = []
        for unit in TextLayout.units(Substring(text)) {
            piece.append(unit)
            if piece.count >= 16 && unit.isWhitespace || piece.count >= 64 {
                pieces.append(String(piece))
                piece.removeAll(keepingCapacity: true)
            }
        }
        if !piece.isEmpty { pieces.append(String(piece)) }
        return pieces
    }

    /// Scripts whose letters join their neighbours in a word (ISO 15924): cut bare, a word of them comes apart.
    static let joiningScripts: Set<String> = ["Adlm", "Arab", "Mand", "Mong", "Nkoo", "Phag", "Rohg", "Syrc"]

    /// For texts drawn side by side, whether each continues the word of the text before it and of the one after it
    /// (neither side white space). `before` and `after`: whether the first continues a word before the texts, and
    /// the last one after them.
    static func joints(_ texts: [String], before: Bool = false, after: Bool = false) -> [(before: Bool, after: Bool)] {
        func inWord(_ c: Character?) -> Bool { c.map { !$0.isWhitespace } ?? false }
        return texts.indices.map { k in
            (
                before: inWord(texts[k].first) && (k > 0 ? inWord(texts[k - 1].last) : before),
                after: inWord(texts[k].last) && (k < texts.count - 1 ? inWord(texts[k + 1].first) : after)
            )
        }
    }

    /// A piece of a word of a joining script with a zero-width joiner on each side where the word goes on: its
    /// letters there take the forms that join (drawn bare, they took their isolated forms, and the word came apart).
    static func bridged(_ text: String, _ joint: (before: Bool, after: Bool)) -> String {
        (joint.before ? "\u{200D}" : "") + text + (joint.after ? "\u{200D}" : "")
    }

    /// How a piece of a run sits in its picture, in pixels: where its pen starts from the picture's left (a glyph
    /// reaching left of the pen makes room), how far the pen moves over it, and the picture's width.
    struct PiecePlacement: Equatable {
        var start: Double
        var advance: Double
        var width: Double
    }

    /// Where the pictures of pieces drawn side by side in visual order go, so that each piece's pen starts where the
    /// one before left it, as in the run drawn whole: each picture's left edge, the pieces spanning `width` pixels from
    /// `left` (the whole run's picture: the first piece's overhang on the left, the last one's on the right, the pens'
    /// way between spread to fill it, so that rounding cannot add up along a line and move its far end). Placed by
    /// their pictures' widths instead, a piece whose first letter joins leftwards (N'Ko, Arabic) was drawn that
    /// letter's overhang to the right of its pen, and a joined word showed a seam at every cut.
    static func pictureLefts(_ pieces: [PiecePlacement], left: Double, width: Double) -> [Double] {
        guard let first = pieces.first, let last = pieces.last else { return [] }
        let way = pieces.reduce(0) { $0 + $1.advance }
        let span = width - first.start - (last.width - last.start - last.advance)
        let scale = way > 0 && span > 0 ? span / way : 1
        var pen = left + first.start
        return pieces.map { piece in
            defer { pen += piece.advance * scale }
            return pen - piece.start
        }
    }

    /// A line wider than ``wideLinePixels`` (in a text box 100,000 points wide): cut into pieces of whole words
    /// (``wordPieces(_:)``), each placed where the run drawn whole has it (``pictureLefts(_:left:width:)``), and only
    /// those the target shows rendered (a piece still too wide character by character). Rendered whole, one such line
    /// was a picture of up to 800 MB, and a screen of them took minutes. Lines narrower are drawn whole, as before.
    func drawWideLine(_ line: TextLine, pixels: Int, left: Double, top: Double, color: Color) {
        let view = target()
        let baseline = Int32(top) + fonts.primaryAscent(pixels: pixels, bold: line.bold)
        func shows(_ left: Double, _ width: Double) -> Bool {
            left + width > Double(-pixels) && left < Double(view.w + Int32(pixels))
        }
        /// `texts` of `run` side by side over `width` pixels from `left`, in visual order (right to left, the last
        /// text first), each with its picture's left and its placement.
        func laidOut(_ texts: [String], of run: TextRun, left: Double, width: Double) -> [(
            index: Int, left: Double, placed: PiecePlacement
        )] {
            let placed = texts.map { fonts.placement(ofPiece: $0, of: run, pixels: pixels, bold: line.bold) }
            let order = run.isRightToLeft ? Array(texts.indices.reversed()) : Array(texts.indices)
            let lefts = Self.pictureLefts(order.map { placed[$0] }, left: left, width: width)
            return zip(order, lefts).map { (index: $0, left: $1, placed: placed[$0]) }
        }
        var cursor = left
        for run in line.runs {
            let joins = Rasteriser.joiningScripts.contains(run.script)
            let words = Self.wordPieces(run.text)
            let joints = Self.joints(words)
            let texts = zip(words, joints).map { joins ? Self.bridged($0, $1) : $0 }
            let width = run.width * pixelScale
            defer { cursor += width }
            for piece in laidOut(texts, of: run, left: cursor, width: width)
            where shows(piece.left, piece.placed.width) {
                let k = piece.index
                var parts = [(text: texts[k], left: piece.left)]
                if piece.placed.width > Double(Rasteriser.widePiecePixels) {
                    let letters = words[k].map(String.init)
                    let letterJoints = Self.joints(letters, before: joints[k].before, after: joints[k].after)
                    let letterTexts = zip(letters, letterJoints).map { joins ? Self.bridged($0, $1) : $0 }
                    parts = laidOut(letterTexts, of: run, left: piece.left, width: piece.placed.width)
                        .filter { shows($0.left, $0.placed.width) }
                        .map { (text: letterTexts[$0.index], left: $0.left) }
                }
                for part in parts {
                    var drawn = run
                    drawn.text = part.text
                    guard let t = runTexture(drawn, pixels: pixels, bold: line.bold) else { continue }
                    defer { if !t.kept { SDL_DestroyTexture(t.texture) } }
                    let tint = run.font.isColorBitmap ? Color(255, 255, 255, color.a) : color
                    SDL_SetTextureColorMod(t.texture, tint.r, tint.g, tint.b)
                    SDL_SetTextureAlphaMod(t.texture, tint.a)
                    let dst = SDL_Rect(x: Int32(part.left.rounded()), y: baseline - t.ascent, w: t.w, h: t.h)
                    renderCopy(t.texture, nil, dst)
                }
            }
        }
    }

    /// Runs side by side from `left` (pixels), on the baseline of the primary font's ascent below `top`, cut at
    /// `limit` pixels of width when given.
    func drawRuns(
        _ runs: [TextRun], pixels: Int, bold: Bool, left: Double, top: Double, color: Color, limit: Double?,
        textures: [RunTexture?]? = nil
    ) {
        let baseline = Int32(top) + fonts.primaryAscent(pixels: pixels, bold: bold)
        var cursor = Int32(left)
        let end = limit.map { Int32(left + $0) }
        var transient = textures?.compactMap { $0 }.filter { !$0.kept } ?? []
        defer { for t in transient { SDL_DestroyTexture(t.texture) } }
        for (k, run) in runs.enumerated() {
            guard let t = textures?[k] ?? runTexture(run, pixels: pixels, bold: bold) else { continue }
            if textures == nil, !t.kept { transient.append(t) }
            var w = t.w
            if let end { w = min(w, end - cursor) }
            guard w > 0 else { break }
            // Colour emoji keep their own colours; only the text's opacity applies to them.
            let tint = run.font.isColorBitmap ? Color(255, 255, 255, color.a) : color
            SDL_SetTextureColorMod(t.texture, tint.r, tint.g, tint.b)
            SDL_SetTextureAlphaMod(t.texture, tint.a)
            let src = SDL_Rect(x: 0, y: 0, w: w, h: t.h)
            let dst = SDL_Rect(x: cursor, y: baseline - t.ascent, w: w, h: t.h)
            renderCopy(t.texture, src, dst)
            cursor += t.advance
        }
    }

    func runTexture(_ run: TextRun, pixels: Int, bold: Bool) -> RunTexture? {
        let key = RunKey(
            text: run.text, font: run.font, script: run.script, rightToLeft: run.isRightToLeft, pixels: pixels,
            bold: bold)
        textUse[key] = frameNumber
        if let hit = textCache[key] { return hit }
        guard let (surface, ascent, advance) = fonts.render(run, pixels: pixels, bold: bold) else { return nil }
        defer { SDL_FreeSurface(surface) }
        return cacheTexture(surface, key: key, ascent: ascent, advance: advance)
    }

    func cacheTexture(_ surface: UnsafeMutablePointer<SDL_Surface>, key: RunKey, ascent: Int32, advance: Int32? = nil)
        -> RunTexture?
    {
        guard let tex = modulatedTexture(from: surface) else { return nil }
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
        let w = surface.pointee.w
        let h = surface.pointee.h
        let pixels = Int(w) * Int(h)
        let entry = RunTexture(
            texture: tex, w: w, h: h, ascent: ascent, advance: advance ?? w,
            kept: pixels <= Int(Rasteriser.keptTexturePixels)
                && textCachePixels + pixels <= textPixelBudget / budgetShare)
        if entry.kept {
            textCache[key] = entry
            textCachePixels += pixels
        }
        return entry
    }

    /// A symbol of the icon font centred in `rect` (an em square: Phosphor's ascent is its size, its advance
    /// one em), with its caption lettered small in its middle.
    func drawIcon(_ icon: Icon, _ r: Rect, color: Color) {
        let pixels = max(4, Int((r.height * pixelScale).rounded()))
        let key = RunKey(
            text: String(icon.codePoint, radix: 16), font: nil, script: "Zyyy", rightToLeft: false, pixels: pixels,
            bold: false)
        textUse[key] = frameNumber
        var texture = textCache[key]
        if texture == nil, let surface = fonts.renderIcon(icon.codePoint, pixels: pixels) {
            texture = cacheTexture(surface, key: key, ascent: 0)
            SDL_FreeSurface(surface)
        }
        if let t = texture {
            SDL_SetTextureColorMod(t.texture, color.r, color.g, color.b)
            SDL_SetTextureAlphaMod(t.texture, color.a)
            let dst = SDL_Rect(x: Int32(px(r.midX)) - t.w / 2, y: Int32(py(r.midY)) - t.h / 2, w: t.w, h: t.h)
            renderCopy(t.texture, nil, dst)
            if !t.kept { SDL_DestroyTexture(t.texture) }
        }
        if let caption = icon.caption {
            let size = r.height * 0.3
            drawText(
                caption, x: r.midX, y: r.midY - size * 0.6, size: size, bold: true, color: color, centered: true,
                maxWidth: nil)
        }
    }

    /// Lettering on generated artwork: `title` wrapped in `width` pixels (CJK between characters, other
    /// scripts at spaces), each line centred, bottom lines `bottom` pixels above the surface's foot; nil
    /// when it would take more than `maxHeight` pixels.
    func letter(
        _ title: String, into surface: UnsafeMutablePointer<SDL_Surface>, pixels: Int, width: Double, maxHeight: Double,
        bottom: Int32
    ) -> Bool {
        let lines = TextLayout.lines(
            title, width: width, size: Double(pixels), bold: true, direction: .leftToRight, measurer: pixelMeasurer)
        let (ascent, skip) = fonts.primaryMetrics(pixels: pixels, bold: true)
        let height = Int32(lines.count) * skip
        guard Double(height) <= maxHeight else { return false }
        var top = surface.pointee.h - height - bottom
        for line in lines {
            var x = (surface.pointee.w - Int32(line.width)) / 2
            for run in line.runs {
                guard let (text, runAscent, advance) = fonts.render(run, pixels: pixels, bold: true) else { continue }
                defer { SDL_FreeSurface(text) }
                SDL_SetSurfaceAlphaMod(text, 235)
                SDL_SetSurfaceBlendMode(text, SDL_BLENDMODE_BLEND)
                var d = SDL_Rect(x: x, y: max(0, top + ascent - runAscent), w: text.pointee.w, h: text.pointee.h)
                SDL_UpperBlit(text, nil, surface, &d)
                x += advance
            }
            top += skip
        }
        return true
    }

    /// Frees every kept text texture.
    func evictAllText() {
        for (_, t) in textCache { SDL_DestroyTexture(t.texture) }
        textCache = [:]
        textUse = [:]
        textCachePixels = 0
    }

    /// Frees text and artwork textures not drawn for a while (a long scroll through a catalogue must
    /// not keep every poster it passed).
    func evictText() {
        for (key, used) in textUse where frameNumber - used > Rasteriser.textEvictFrames {
            if let t = textCache.removeValue(forKey: key) {
                SDL_DestroyTexture(t.texture)
                textCachePixels -= Int(t.w) * Int(t.h)
            }
            textUse.removeValue(forKey: key)
        }
        for (seed, used) in artworkUse where frameNumber - used > Rasteriser.textEvictFrames {
            forgetArtwork(seed)
            artworkUse.removeValue(forKey: seed)
            artworkLastSize.removeValue(forKey: seed)
        }
    }
}
