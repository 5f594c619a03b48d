/// Where a line of text may break: a subset of the Unicode Line Breaking Algorithm (UAX #14) that breaks
/// Latin at spaces and CJK between ideographs and kana without spaces, keeping closing punctuation off the
/// start of a line and opening punctuation off its end (kinsoku, strict: small kana never start a line).
/// Hangul breaks at spaces only (CSS `word-break: keep-all`, how Korean is set); Thai, Lao, Khmer and
/// Myanmar break at spaces, and a word longer than a line breaks between characters (the emergency break
/// `TextLayout` makes). Works on `Character`s, so a grapheme cluster is never split.
public enum LineBreaker {
    /// The Line_Break classes the rules read (UAX #14 names); everything else is AL.
    enum Class: UInt8 {
        case al = 0
        case op
        case cl
        case cp
        case ex
        case `is`
        case ns
        case `in`
        case id
        case qu
        case gl
        case ba
        case hy
        case zw
        case sp
    }

    static func lineBreakClass(_ c: Character) -> Class {
        guard let s = c.unicodeScalars.first else { return .al }
        if s == " " { return .sp }
        let v = s.value
        var lo = 0
        var hi = ranges.count / 3
        while lo < hi {
            let mid = (lo + hi) / 2
            if ranges[mid * 3 + 1] < v { lo = mid + 1 } else { hi = mid }
        }
        guard lo < ranges.count / 3, ranges[lo * 3] <= v else { return .al }
        let cls = Class(rawValue: UInt8(ranges[lo * 3 + 2])) ?? .al
        if cls == .qu {
            // Quotation marks: an opening one (Pi) keeps to what follows, a closing one (Pf) to what
            // precedes, as CJK text sets them (LB15a/b, LB19a); the ASCII quotes stick to both sides.
            switch s.properties.generalCategory {
            case .initialPunctuation: return .op
            case .finalPunctuation: return .cl
            default: return .qu
            }
        }
        return cls
    }

    /// `result[i]` is true when a line may break before `chars[i]` (never before the first).
    public static func opportunities(_ chars: [Character]) -> [Bool] {
        var out = [Bool](repeating: false, count: chars.count)
        guard chars.count > 1 else { return out }
        let classes = chars.map(lineBreakClass)
        var lastNonSpace = classes[0]
        for i in 1..<chars.count {
            let a = classes[i - 1]
            let b = classes[i]
            if a != .sp { lastNonSpace = a }
            // LB25: a hyphen holds to a number after it ("-5", "1-2").
            out[i] = allowed(a, b, afterSpaces: lastNonSpace) && !(a == .hy && chars[i].isNumber)
        }
        return out
    }

    /// The rules in UAX #14's order, for the classes above.
    static func allowed(_ a: Class, _ b: Class, afterSpaces before: Class) -> Bool {
        if b == .sp || b == .zw { return false }  // LB7
        if a == .zw { return true }  // LB8
        if [.cl, .cp, .ex, .is].contains(b) { return false }  // LB13: even after spaces
        if before == .op { return false }  // LB14: OP SP* ×
        if a == .gl || b == .gl { return false }  // LB12, LB12a
        if a == .sp { return true }  // LB18
        if [.ns, .ba, .hy, .in].contains(b) { return false }  // LB21, LB22
        if a == .qu || b == .qu { return false }  // LB19
        if a == .op { return false }  // LB14
        if a == .ba { return true }  // LB21: after BA
        if a == .id || b == .id { return true }  // LB31 (ideographs, kana)
        if [.cl, .ex, .ns, .in].contains(a) { return b == .al || b == .op }  // LB31 (after CJK closers)
        if a == .hy { return b == .al }  // LB21, LB25 (not before a digit)
        return false  // LB28, LB29, LB30: words hold
    }
}
