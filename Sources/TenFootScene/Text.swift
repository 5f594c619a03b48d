/// The direction a screen is laid out in: SwiftUI's `LayoutDirection` (`.environment(\.layoutDirection,
/// .rightToLeft)`), UIKit's `userInterfaceLayoutDirection`. Right to left mirrors stacks, shelves, grids, the
/// tab bar and "leading" everywhere (docs/scene-format.md, `layoutDirection`).
public enum LayoutDirection: String, Sendable, Hashable, CaseIterable {
    case leftToRight, rightToLeft

    public var isRightToLeft: Bool { self == .rightToLeft }
}

/// A paragraph's base direction (UAX #9): from its first strong character (rules P2–P3; the layout
/// direction when it has none), or given — a wrapped line keeps its paragraph's.
public enum TextDirection: Sendable, Hashable {
    case natural(LayoutDirection)
    case forced(LayoutDirection)
}

/// A piece of a line drawn with one font in one direction: text falls back run by run (never glyph by
/// glyph, which would break Arabic joining) to the first pinned font that has every character of it.
public struct TextRun: Sendable, Hashable {
    /// The characters in logical (reading) order; HarfBuzz puts them in visual order.
    public var text: String
    public var font: FontFamily
    /// The run's script as an ISO 15924 tag ("Latn", "Arab", "Hani"…; "Zyyy" when it has none): HarfBuzz
    /// shapes Arabic joining, Devanagari conjuncts and vowel signs only when told the script.
    public var script: String
    /// Odd bidi level: shaped right to left.
    public var isRightToLeft: Bool
    /// Advance width in points.
    public var width: Double

    public init(text: String, font: FontFamily, script: String, isRightToLeft: Bool, width: Double) {
        self.text = text
        self.font = font
        self.script = script
        self.isRightToLeft = isRightToLeft
        self.width = width
    }
}

/// A text compared and hashed by its UTF-8 bytes, not as Swift compares strings (by canonical equivalence,
/// normalising both to compare or hash): for tables of texts the program made itself, where a text that differs in
/// its bytes is another text. Hashing lines of mixed scripts as strings was a quarter of an accessibility audit.
public struct TextBytes: Hashable, Sendable {
    public var text: String
    public init(_ text: String) { self.text = text }

    public static func == (a: TextBytes, b: TextBytes) -> Bool { a.text.utf8.elementsEqual(b.text.utf8) }

    public func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// One line of text as it is drawn: its runs in visual order (left to right), the size and weight they were
/// shaped at, and the paragraph direction they were ordered in. Layout measures with it and the display
/// list carries it, so what layout measured is what is drawn.
public struct TextLine: Sendable, Hashable {
    public var text: String
    public var runs: [TextRun]
    public var size: Double
    public var bold: Bool
    public var direction: LayoutDirection
    public var width: Double

    public init(text: String, runs: [TextRun], size: Double, bold: Bool, direction: LayoutDirection) {
        self.text = text
        self.runs = runs
        self.size = size
        self.bold = bold
        self.direction = direction
        width = runs.reduce(0) { $0 + $1.width }
    }
}

/// Measures and shapes text. The SDL edge injects the TrueType measurer (bidi, scripts, pinned fallback
/// fonts); tests use ``FixedAdvanceMeasurer``.
public protocol TextMeasurer: Sendable {
    /// The advance width of `text` on one line, in points.
    func width(of text: String, size: Double, bold: Bool) -> Double
    /// `text` as one line: its runs in visual order with their fonts and directions.
    func line(_ text: String, size: Double, bold: Bool, direction: TextDirection) -> TextLine
    /// The direction `text` takes as a paragraph of the natural `direction`: what ``line(_:size:bold:direction:)``
    /// resolves, without shaping it.
    func paragraphDirection(_ text: String, natural direction: LayoutDirection) -> LayoutDirection
}

extension TextMeasurer {
    /// One left-to-right run in the primary font, as wide as `width(of:)` says: for measurers that do not shape.
    public func line(_ text: String, size: Double, bold: Bool, direction: TextDirection) -> TextLine {
        let d: LayoutDirection
        switch direction {
        case .natural(let x), .forced(let x): d = x
        }
        return TextLine(
            text: text,
            runs: [
                TextRun(
                    text: text, font: .dejaVuSans, script: "Zyyy", isRightToLeft: false,
                    width: width(of: text, size: size, bold: bold))
            ],
            size: size, bold: bold, direction: d)
    }

    /// The natural direction, as the unshaped ``line(_:size:bold:direction:)`` above keeps it (a measurer that
    /// shapes gives its own).
    public func paragraphDirection(_ text: String, natural direction: LayoutDirection) -> LayoutDirection {
        direction
    }
}

/// Every character is `advance × size` wide: deterministic layout with no font.
public struct FixedAdvanceMeasurer: TextMeasurer {
    public var advance: Double
    public init(advance: Double = 0.55) { self.advance = advance }
    public func width(of text: String, size: Double, bold: Bool) -> Double {
        Double(text.count) * size * advance * (bold ? 1.05 : 1)
    }
}

/// Lines of text for a width: wrapping, line limits and truncation, the same for layout and drawing.
public enum TextLayout {
    public static let ellipsis = "…"

    /// The lines `text` takes in `width`: each paragraph (split at "\n") on one line when it fits, else broken
    /// where ``LineBreaker`` allows (a word wider than the line between characters); at most `lineLimit` lines,
    /// the last cut with an ellipsis when text remains. Each paragraph keeps its own direction on every line.
    public static func lines(
        _ text: String, width: Double, size: Double, bold: Bool, lineLimit: Int? = nil,
        direction: LayoutDirection, measurer: any TextMeasurer
    ) -> [TextLine] {
        var needed = 0.0
        return lines(
            text, width: width, size: size, bold: bold, lineLimit: lineLimit, direction: direction, measurer: measurer,
            needed: &needed)
    }

    /// ``lines(_:width:size:bold:lineLimit:direction:measurer:)``, and in `needed` the widest of the lines its
    /// breaking found to fit (the lines kept, and the longer or shorter starts of them tried on the way): in any
    /// width from it up to `width` every such try comes out the same, so the lines do. A longer start of a line can
    /// be narrower than a shorter one (an Arabic letter narrows once another joins it), so that is not always the
    /// longest line kept.
    public static func lines(
        _ text: String, width: Double, size: Double, bold: Bool, lineLimit: Int? = nil,
        direction: LayoutDirection, measurer: any TextMeasurer, needed: inout Double
    ) -> [TextLine] {
        var out: [TextLine] = []
        var truncated = false
        paragraphs: for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let lines: [TextLine]
            if let d = overflowing(paragraph, width: width, size: size, bold: bold, direction: direction, measurer) {
                lines = wrap(
                    units(paragraph), width: width, size: size, bold: bold, direction: d, measurer: measurer,
                    needed: &needed)
            } else {
                let whole = measurer.line(String(paragraph), size: size, bold: bold, direction: .natural(direction))
                if whole.width <= width {
                    lines = [whole]
                    needed = max(needed, whole.width)
                } else {
                    lines = wrap(
                        units(paragraph), width: width, size: size, bold: bold, direction: whole.direction,
                        measurer: measurer, needed: &needed)
                }
            }
            for line in lines {
                if let limit = lineLimit, out.count >= limit {
                    truncated = true
                    break paragraphs
                }
                out.append(line)
            }
        }
        if truncated, let last = out.popLast() {
            out.append(
                fitted(
                    last.text, width: width, size: size, bold: bold, direction: .forced(last.direction),
                    measurer: measurer, alwaysEllipsis: true))
        }
        return out
    }

    /// The most scalars a character may hold and still be laid out whole: past it, it is laid out as pieces of at
    /// most this many (each cut where characters of its own begin), between which a line may break. An "e" with 4,000
    /// accents or 2,000 emoji joined by ZWJ is one character: unbreakable, it was drawn as one picture a line wide
    /// many times over (2,000 joined emoji took a gigabyte, at 400 points 5.6 GB). Real clusters hold a dozen.
    public static let maxClusterScalars = 32

    /// `text`'s characters for layout: each as Swift groups them, those of more than ``maxClusterScalars`` scalars
    /// in pieces. (Colour emoji are measured and drawn by these too.)
    public static func units(_ text: Substring) -> [Character] {
        var out: [Character] = []
        out.reserveCapacity(text.utf8.count)
        for c in text {
            let scalars = c.unicodeScalars
            // No more bytes than the limit holds no more scalars.
            guard c.utf8.count > maxClusterScalars, scalars.count > maxClusterScalars else {
                out.append(c)
                continue
            }
            var piece = String.UnicodeScalarView()
            for s in scalars {
                piece.append(s)
                if piece.count == maxClusterScalars {
                    // A piece is regrouped as Swift groups it alone: it may begin characters of its own.
                    out.append(contentsOf: String(piece))
                    piece = String.UnicodeScalarView()
                }
            }
            out.append(contentsOf: String(piece))
        }
        return out
    }

    /// The direction of a paragraph far longer than its line, found without shaping it whole: a start of four lines'
    /// worth of characters at a quarter of `size` each (`fitted` guesses two at half) that is already wider than
    /// `width` says it does not fit (a longer line is never narrower), so it is wrapped in the direction it resolves.
    /// Nil when the paragraph is not that long, or its start fits: it is measured whole. (The whole of each
    /// 4,000-character text was a third of the shaping that wrapping it did.)
    static func overflowing(
        _ paragraph: Substring, width: Double, size: Double, bold: Bool, direction: LayoutDirection,
        _ measurer: any TextMeasurer
    ) -> LayoutDirection? {
        guard width.isFinite, size.isFinite, width >= 0, size > 0 else { return nil }
        let room = width / size * 4 + 16
        guard Double(paragraph.utf8.count) > room, case let n = Int(room), paragraph.count > n else { return nil }
        let d = measurer.paragraphDirection(String(paragraph), natural: direction)
        let start = measurer.line(String(paragraph.prefix(n)), size: size, bold: bold, direction: .forced(d))
        return start.width > width ? d : nil
    }

    /// `text` on one line in `width`: whole when it fits, else its longest start that fits with "…" after it
    /// (cut between characters, trailing spaces dropped; just "…" when nothing fits).
    public static func fitted(
        _ text: String, width: Double, size: Double, bold: Bool, direction: TextDirection,
        measurer: any TextMeasurer, alwaysEllipsis: Bool = false
    ) -> TextLine {
        let chars = units(text[...])
        func start(_ k: Int) -> String {
            var s = String(chars[..<k])
            while s.last?.isWhitespace == true { s.removeLast() }
            return s
        }
        func cut(_ k: Int) -> TextLine {
            measurer.line(start(k) + ellipsis, size: size, bold: bold, direction: direction)
        }
        // The first start (doubling from about a line's worth) already wider than `width` bounds the search: a text
        // of 4,000 characters is not measured whole, nor cut a dozen times at half its length.
        var end = chars.count
        if !alwaysEllipsis {
            let guess = width.isFinite && size.isFinite ? max(0, width / max(size, 1)) * 2 + 16 : .infinity
            var n = Int(min(Double(chars.count), guess))
            while true {
                if n >= chars.count {
                    let whole = measurer.line(text, size: size, bold: bold, direction: direction)
                    if whole.width <= width { return whole }
                    break
                }
                if measurer.line(start(n), size: size, bold: bold, direction: direction).width > width {
                    end = n
                    break
                }
                n *= 2
            }
        }
        var lo = 0
        var hi = alwaysEllipsis ? chars.count : end - 1
        while lo < hi {  // the longest start that fits with the ellipsis
            let mid = (lo + hi + 1) / 2
            if cut(mid).width <= width { lo = mid } else { hi = mid - 1 }
        }
        return cut(lo)
    }

    /// Greedy filling: each line takes as many break-separated pieces as fit, spaces at its end hanging.
    /// `needed`: made the widest of the tries that fitted, if wider.
    static func wrap(
        _ chars: [Character], width: Double, size: Double, bold: Bool, direction: LayoutDirection,
        measurer: any TextMeasurer, needed: inout Double
    ) -> [TextLine] {
        // The filler measures each line it keeps as its last candidate that fitted: keep those measures.
        var measured: [Range<Int>: TextLine] = [:]
        // Each candidate's text is cut from the paragraph's bytes: made from its characters one by one, it was half
        // of wrapping 3,000 texts of 4,000 characters.
        var bytes: [UInt8] = []
        var offsets = [0]
        offsets.reserveCapacity(chars.count + 1)
        for c in chars {
            bytes.append(contentsOf: c.utf8)
            offsets.append(bytes.count)
        }
        func measure(_ r: Range<Int>) -> TextLine {
            if let line = measured[r] { return line }
            let text = String(decoding: bytes[offsets[r.lowerBound]..<offsets[r.upperBound]], as: UTF8.self)
            let line = measurer.line(text, size: size, bold: bold, direction: .forced(direction))
            measured[r] = line
            return line
        }
        var widest = needed
        let lines = fill(chars) { r in
            let w = measure(r).width
            guard w <= width else { return false }
            widest = max(widest, w)
            return true
        }.map(measure)
        needed = widest
        return lines
    }

    /// The one line-filling rule, for scene text and for the pictures drawn over it: greedy, each line taking
    /// as many pieces between ``LineBreaker`` opportunities as `fits`, spaces at its end hanging (left out of
    /// the range). A piece wider than a line is cut after the last of `cutAfter` that fits (a path's `/`),
    /// failing that after as many characters as fit (at least one); the rest starts the next line.
    public static func fill(
        _ chars: [Character], cutAfter: Set<Character> = [], fits: (Range<Int>) -> Bool
    ) -> [Range<Int>] {
        let breaks = LineBreaker.opportunities(chars)
        var stops = (1..<max(1, chars.count)).filter { breaks[$0] }
        stops.append(chars.count)
        func trimmed(_ from: Int, _ to: Int) -> Range<Int> {
            var end = to
            while end > from, chars[end - 1] == " " { end -= 1 }
            return from..<end
        }
        var out: [Range<Int>] = []
        var start = 0
        var fit: Int?
        var k = 0
        // How many characters the last line took: the next is tried first at its last stop within as many (lines of
        // one paragraph are alike; their words are not, and a guess by words was off by two or three).
        var length: Int?
        while k < stops.count {
            let stop = stops[k]
            if stop <= start {
                k += 1
                continue
            }
            if fits(trimmed(start, stop)) {
                // A longer line is never narrower, so the last stop that fits is found by galloping ahead and
                // halving back: a few measurements a line, not one per stop (a 4,000-character line of CJK or
                // emoji, breakable after every character, measured 4,000 ever longer prefixes).
                let guess = length.map { n in
                    var (lo, hi) = (k, stops.count - 1)
                    while lo < hi {
                        let mid = (lo + hi + 1) / 2
                        if stops[mid] - start <= n { lo = mid } else { hi = mid - 1 }
                    }
                    return lo
                }
                let good = lastFit(from: k, through: stops.count - 1, guess: guess) {
                    fits(trimmed(start, stops[$0]))
                }
                fit = stops[good]
                length = stops[good] - start
                k = good + 1
                continue
            }
            if let f = fit {
                out.append(trimmed(start, f))
                start = f
                fit = nil
                continue  // the same stop again, on a new line
            }
            // The piece does not fit a line of its own: it is cut after as many characters as fit, found by galloping up
            // from one character and halving back, line after line, until what is left of it fits (then the stops
            // after it are tried as usual). Halving from the whole piece, and measuring what was left of it for every
            // line, made 4,000 letters in a column 20 points wide take 19 s.
            while start < stop {
                var lo = lastFit(from: start + 1, through: stop) { fits(trimmed(start, $0)) }
                // What is left of the piece fits (measured so, unless it is the one character a line always takes):
                // the stop is tried again as usual, and the stops after it.
                if lo == stop, lo > start + 1 || fits(trimmed(start, lo)) { break }
                if let cut = (start + 1...lo).last(where: { cutAfter.contains(chars[$0 - 1]) }) { lo = cut }
                out.append(trimmed(start, lo))
                start = lo
                while start < chars.count, chars[start] == " " { start += 1 }
            }
        }
        if let f = fit {
            out.append(trimmed(start, f))
        } else if start < chars.count {
            out.append(trimmed(start, chars.count))
        }
        return out
    }

    /// The largest index in `low...high` that `fits`, `low` taken as fitting (a test that holds up to some index and
    /// not after it): galloping up from `low` (or from `guess`, tried first, when it fits; down from it when it does
    /// not), then halving back.
    static func lastFit(from low: Int, through high: Int, guess: Int? = nil, _ fits: (Int) -> Bool) -> Int {
        var good = low
        var bad = high + 1
        if let g = guess, g > low, g <= high {
            if fits(g) {
                good = g
            } else {
                // A line a stop or two shorter than the last is as likely as one longer: gallop down from the guess
                // (galloping up from the line's first stop measured five or six lines for it).
                bad = g
                var step = 1
                while bad - step > good {
                    if fits(bad - step) {
                        good = bad - step
                        break
                    }
                    bad -= step
                    step *= 2
                }
            }
        }
        var step = 1
        while good + step < bad {
            if fits(good + step) {
                good += step
                step *= 2
            } else {
                bad = good + step
                break
            }
        }
        while bad - good > 1 {
            let mid = (good + bad) / 2
            if fits(mid) { good = mid } else { bad = mid }
        }
        return good
    }
}
