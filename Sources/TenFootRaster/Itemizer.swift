import CFriBidi
import CHarfBuzz
import TenFootScene

/// Splits one line of text into runs for shaping: bidi levels and the visual order from fribidi (UAX #9),
/// the script of each character from HarfBuzz (UAX #24), and one pinned font per run — the first of the
/// script's fonts, then the fixed chain, that has every character of the run. Pure apart from the font
/// coverage it is asked about: the same text gives the same runs on every machine.
enum Itemizer {
    /// A run before it is measured: a range of the line's scalars (logical order), its level and script,
    /// and the font that draws it.
    struct Item: Equatable {
        var range: Range<Int>
        var level: Int8
        var script: String
        var font: FontFamily
        var isRightToLeft: Bool { level & 1 == 1 }
    }

    /// The runs of `scalars` (`text`'s, when the caller has it as a string) in visual order (left to right) and the
    /// paragraph direction they were ordered in. `covers(font, scalar)` says whether a font has a glyph for a character.
    static func items(
        _ scalars: [UInt32], text: String? = nil, direction: TextDirection, covers: (FontFamily, UInt32) -> Bool
    ) -> (
        items: [Item], direction: LayoutDirection
    ) {
        let n = scalars.count
        // 1. Bidi levels and the visual order.
        let (levels, map, resolved) = bidi(scalars, direction: direction)
        guard n > 0 else { return ([], resolved) }
        var visual = [Int](repeating: 0, count: n)
        for (v, logical) in map.enumerated() { visual[Int(logical)] = v }

        // 2. Scripts: Common and Inherited characters (spaces, digits, punctuation, marks) take the script
        //    before them (at the start of the line, the one after), so they stay in their neighbours' run.
        //    Compared as HarfBuzz's numbers (the kana and Bopomofo as Han); named once a run.
        let funcs = hb_unicode_funcs_get_default()
        let own = scalars.map { script(hb_unicode_script(funcs, $0)) }
        var scripts = own
        var previous: hb_script_t?
        for i in 0..<n {
            if isNeutral(scripts[i]) { if let p = previous { scripts[i] = p } } else { previous = scripts[i] }
        }
        var next = HB_SCRIPT_COMMON
        for i in (0..<n).reversed() { if isNeutral(scripts[i]) { scripts[i] = next } else { next = scripts[i] } }

        // 3. Runs of equal level, script and presentation, each in one font where one font has them all;
        //    emoji-presentation clusters in the colour emoji font when it has them.
        let emoji = emojiPresentation(scalars, text: text)
        var items: [Item] = []
        var i = 0
        while i < n {
            var j = i + 1
            while j < n, levels[j] == levels[i], scripts[j] == scripts[i], emoji[j] == emoji[i] { j += 1 }
            let name = tag(scripts[i])
            let drawn =
                emoji[i] && (i..<j).allSatisfy { isIgnorable(scalars[$0]) || covers(.notoColorEmoji, scalars[$0]) }
                ? [(i..<j, FontFamily.notoColorEmoji)]
                : fonts(for: i..<j, scalars, own, script: name, covers: covers)
            for (range, font) in drawn {
                items.append(Item(range: range, level: levels[i], script: name, font: font))
            }
            i = j
        }
        // 4. Visual order: a run sits where its leftmost character landed.
        if items.count == 1 { return (items, resolved) }
        let ordered = items.map { item in (item, item.range.lazy.map { visual[$0] }.min() ?? 0) }.sorted { $0.1 < $1.1 }
            .map(\.0)
        return (ordered, resolved)
    }

    /// Levels (P2–I1), then the line's reordering (L1, L2) for its visual map, and the direction the paragraph
    /// resolved to. fribidi_log2vis is not used: it reverses the characters, and HarfBuzz must see a right-to-left
    /// run in logical order.
    static func bidi(_ scalars: [UInt32], direction: TextDirection) -> (
        levels: [FriBidiLevel], map: [FriBidiStrIndex], resolved: LayoutDirection
    ) {
        let n = scalars.count
        var base: FriBidiParType
        switch direction {
        case .natural(let d): base = d.isRightToLeft ? FRIBIDI_PAR_WRTL : FRIBIDI_PAR_WLTR
        case .forced(let d): base = d.isRightToLeft ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_LTR
        }
        guard n > 0 else {
            return ([], [], base == FRIBIDI_PAR_RTL || base == FRIBIDI_PAR_WRTL ? .rightToLeft : .leftToRight)
        }
        var u: [FriBidiChar] = scalars
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: n)
        var brackets = [FriBidiBracketType](repeating: 0, count: n)
        var levels = [FriBidiLevel](repeating: 0, count: n)
        var map = (0..<Int32(n)).map { FriBidiStrIndex($0) }
        fribidi_get_bidi_types(&u, Int32(n), &types)
        // fribidi 1.0.8 (Debian 12's) dereferences a bad pointer when explicit embeddings and isolates nest towards
        // the deepest level the algorithm allows: text that nests them deeper than any writing needs has them
        // ignored, as boundary neutrals (the characters they are: no glyph, no direction of their own).
        if explicitDepth(scalars) > maxExplicitDepth {
            let neutral = fribidi_get_bidi_type(0x200B)
            for k in 0..<n where isExplicitFormatting(scalars[k]) { types[k] = neutral }
        }
        fribidi_get_bracket_types(&u, Int32(n), &types, &brackets)
        let resolved: LayoutDirection
        if fribidi_get_par_embedding_levels_ex(&types, &brackets, Int32(n), &base, &levels) != 0,
            fribidi_reorder_line(0, &types, Int32(n), 0, base, &levels, nil, &map) != 0
        {
            resolved = base == FRIBIDI_PAR_RTL ? .rightToLeft : .leftToRight
        } else {
            levels = [FriBidiLevel](repeating: 0, count: n)
            map = (0..<Int32(n)).map { FriBidiStrIndex($0) }
            resolved = .leftToRight
        }
        return (levels, map, resolved)
    }

    /// The deepest nesting of explicit embeddings, overrides and isolates ``bidi(_:direction:)`` hands to fribidi
    /// as they are; past it they are ignored. Real text nests two or three; fribidi 1.0.8 crashed on random strings
    /// of these controls nested deeper than that (18 in 60), never on random nestings up to 45 deep (each embedding
    /// may raise the level by two, towards its limit of 125).
    static let maxExplicitDepth = 16

    /// LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI and PDI.
    static func isExplicitFormatting(_ c: UInt32) -> Bool {
        (0x202A...0x202E).contains(c) || (0x2066...0x2069).contains(c)
    }

    /// How deep the explicit embeddings and isolates of `scalars` nest, as the algorithm's rules X1–X8 open and
    /// close them: a PDF closes an embedding inside the innermost isolate, a PDI that isolate and all within it, a
    /// paragraph separator everything.
    static func explicitDepth(_ scalars: [UInt32]) -> Int {
        var open: [Bool] = []  // whether each open level is an isolate
        var deepest = 0
        for c in scalars {
            switch c {
            case 0x202A, 0x202B, 0x202D, 0x202E: open.append(false)
            case 0x2066...0x2068: open.append(true)
            case 0x202C: if open.last == false { open.removeLast() }
            case 0x2069: if let k = open.lastIndex(of: true) { open.removeSubrange(k...) }
            case 0x0A, 0x0D, 0x1C...0x1E, 0x85, 0x2029: open.removeAll()
            default: continue
            }
            deepest = max(deepest, open.count)
        }
        return deepest
    }

    /// The font for one script run: the first candidate that has every character of the run's own script
    /// (combining marks included). Characters of no script (spaces, digits, punctuation) that font lacks go
    /// to the first candidate that has them, as a run of their own: they join nothing, so Arabic keeps its
    /// font when an ellipsis or a bracket follows it. Only when no font has all of the script's characters
    /// is the run split where coverage changes.
    static func fonts(
        for range: Range<Int>, _ scalars: [UInt32], _ own: [hb_script_t], script: String,
        covers: (FontFamily, UInt32) -> Bool
    ) -> [(Range<Int>, FontFamily)] {
        let candidates = FontFamily.candidates(forScript: script)
        func has(_ f: FontFamily, _ k: Int) -> Bool { isIgnorable(scalars[k]) || covers(f, scalars[k]) }
        let main = candidates.first { f in range.allSatisfy { own[$0] == HB_SCRIPT_COMMON || has(f, $0) } }
        var pieces: [(Range<Int>, FontFamily)] = []
        for k in range {
            let f: FontFamily
            if own[k] == HB_SCRIPT_COMMON, let last = pieces.last?.1, has(last, k) {
                f = last
            }  // a space stays with what precedes it
            else if let main, own[k] != HB_SCRIPT_COMMON || has(main, k) {
                f = main
            } else {
                f = candidates.first { has($0, k) } ?? main ?? .dejaVuSans
            }
            if let last = pieces.last, last.1 == f {
                pieces[pieces.count - 1].0 = last.0.lowerBound..<k + 1
            } else {
                pieces.append((k..<k + 1, f))
            }
        }
        return pieces
    }

    /// For each scalar, whether its grapheme cluster asks for emoji presentation (UTS #51): an emoji that
    /// presents as one by default (😀, 🎬), any emoji followed by VS16 (❤️), a keycap (1️⃣), a skin-tone or
    /// ZWJ sequence, a flag (a pair of regional indicators). VS15 asks for text, and a bare ❤ or digit stays
    /// text, as on tvOS. `text` is `scalars` as a string, when the caller has it.
    static func emojiPresentation(_ scalars: [UInt32], text: String? = nil) -> [Bool] {
        var flags = [Bool](repeating: false, count: scalars.count)
        // ASCII alone asks for none: no ASCII character presents as emoji by default, and the marks that would
        // make a digit one (VS16, the keycap) are not ASCII.
        guard let first = scalars.firstIndex(where: mayMakeEmoji) else { return flags }
        let text = text ?? String(String.UnicodeScalarView(scalars.map { Unicode.Scalar($0) ?? "\u{FFFD}" }))
        let view = text.unicodeScalars
        // Only a cluster holding a character of ``mayMakeEmoji(_:)`` can be an emoji one, so only those clusters are
        // found: each from one such character, as String finds the character around an index (rounded down to where
        // it starts, then on to where it ends). Cutting the whole line into clusters was a third of itemizing text
        // that changes script every character or two. A cluster that starts where the last one found ends starts at
        // that end: rounding down within a run of regional indicators counts them back to the run's start, and a line
        // of 4,000 flags, rounded at each, took 29 s.
        var index = view.index(view.startIndex, offsetBy: first)
        var k = first
        var covered = 0
        var lastEnd: String.Index?
        while k < scalars.count {
            if k >= covered, mayMakeEmoji(scalars[k]) {
                let start: String.Index
                let from: Int
                if k == covered, let end = lastEnd {
                    (start, from) = (end, k)
                } else {
                    start = text.index(before: text.index(after: index))
                    from = k - view.distance(from: start, to: index)
                }
                let end = text.index(after: start)
                let members = Array(view[start..<end])
                if isEmojiCluster(members) {
                    for m in from..<from + members.count { flags[m] = true }
                }
                covered = from + members.count
                lastEnd = end
            }
            index = view.index(after: index)
            k += 1
        }
        return flags
    }

    /// Whether `c` can make a cluster an emoji one (``isEmojiCluster(_:)``): an emoji character from U+2000 on (the
    /// emoji-presentation ones, the regional indicators and the modifiers are all among them), © and ®, or a mark that
    /// makes one of the emoji below U+2000 (#, *, the digits, ©, ®) an emoji: VS16, the keycap, the joiner. A text with
    /// none has no emoji cluster, and is answered without cutting it into clusters. Whole scripts below U+2000 (Latin,
    /// Arabic, Hebrew, Devanagari, Thai…) and the CJK and Hangul blocks are ruled out without a property lookup.
    static func mayMakeEmoji(_ c: UInt32) -> Bool {
        switch c {
        case 0xA9, 0xAE, 0x200D, 0x20E3, 0xFE0F: true
        case 0..<0x2000, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3: false
        default: Unicode.Scalar(c)?.properties.isEmoji ?? false
        }
    }

    static func isEmojiCluster(_ members: [Unicode.Scalar]) -> Bool {
        guard let first = members.first else { return false }
        if members.contains(where: { $0.value == 0xFE0E }) { return false }
        if first.properties.isEmojiPresentation || (0x1F1E6...0x1F1FF).contains(first.value) { return true }
        return first.properties.isEmoji
            && members.dropFirst().contains { m in
                m.value == 0xFE0F || m.value == 0x20E3 || m.value == 0x200D || m.properties.isEmojiModifier
            }
    }

    /// Characters drawn by no glyph (joiners, bidi controls, variation selectors): any font "has" them.
    static func isIgnorable(_ c: UInt32) -> Bool {
        (0x200B...0x200F).contains(c) || (0x202A...0x202E).contains(c) || (0x2060...0x206F).contains(c)
            || (0xFE00...0xFE0F).contains(c) || c == 0xFEFF || c == 0x00AD
    }

    static func isNeutral(_ s: hb_script_t) -> Bool {
        s == HB_SCRIPT_COMMON || s == HB_SCRIPT_INHERITED || s == HB_SCRIPT_UNKNOWN
    }

    /// A character's script as runs compare it: the kana and Bopomofo count as Han, which one font draws.
    static func script(_ s: hb_script_t) -> hb_script_t {
        s == HB_SCRIPT_HIRAGANA || s == HB_SCRIPT_KATAKANA || s == HB_SCRIPT_BOPOMOFO ? HB_SCRIPT_HAN : s
    }

    /// The ISO 15924 tag of a HarfBuzz script.
    static func tag(_ s: hb_script_t) -> String {
        let t = hb_script_to_iso15924_tag(s)
        return String(
            decoding: [UInt8(t >> 24), UInt8(t >> 16 & 0xFF), UInt8(t >> 8 & 0xFF), UInt8(t & 0xFF)], as: UTF8.self)
    }
}
