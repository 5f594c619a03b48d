/// How messages and plain-text outputs show text that came from a file or the command line: never
/// a raw control character (a file must not be able to move the terminal's cursor, recolour it or
/// reorder a line), never a megabyte on one line.

/// `text` in quotes as a message shows it: control characters escaped the way JSON escapes them
/// (``escapingControlCharacters(_:)``) and, past `limit` characters or eight bytes a character's worth of them, cut
/// with an ellipsis — so a 1 MB key is reported in one short line, and so is one character of 100 KB (a letter under
/// 50,000 marks, echoed whole), cut between its scalars.
public func quoted(_ text: some StringProtocol, quote: String = "\"", limit: Int = 80) -> String {
    // No more bytes than the limit holds no more characters.
    if text.utf8.count <= limit, !needsEscaping(text) { return quote + text + quote }
    // The characters are looked at in the first 8 × limit bytes only.
    var head = String.UnicodeScalarView()
    var bytes = 0
    var cut = false
    for scalar in text.unicodeScalars {
        bytes += String(scalar).utf8.count
        if bytes > 8 * limit {
            cut = true
            break
        }
        head.append(scalar)
    }
    var out = quote
    var count = 0
    for ch in String(head) {
        if count == limit {
            cut = true
            break
        }
        out += escapingControlCharacters(String(ch))
        count += 1
    }
    return out + (cut ? "…" : "") + quote
}

/// `text` with its control characters escaped as JSON escapes them (`\n`, `\t`, `\u001b`), and the
/// other invisible characters that change how a terminal shows a line or hide in it (DEL, the C1 controls, line
/// and paragraph separators, bidirectional marks, overrides and isolates, the zero-width space, the word joiner
/// and its kin, the byte order mark, the noncharacters U+FFFE and U+FFFF, which XML cannot hold) as `\u….`; the joiners that build emoji and words (U+200C, U+200D) stay. Everything else is
/// kept as it is. Plain-text outputs use it for ids, names and messages, as `--json` outputs escape.
public func escapingControlCharacters(_ text: some StringProtocol) -> String {
    guard needsEscaping(text) else { return String(text) }
    var out = ""
    for s in text.unicodeScalars {
        guard isEscaped(s) else {
            out.unicodeScalars.append(s)
            continue
        }
        switch s {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            let hex = String(s.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
    }
    return out
}

/// Whether `text` holds a character ``escapingControlCharacters(_:)`` escapes (line feeds aside unless
/// `lineFeeds`), read from its UTF-8 bytes without decoding a character: a long plain output is checked at the
/// speed of memory.
public func needsEscaping(_ text: some StringProtocol, lineFeeds: Bool = true) -> Bool {
    func scan(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = b.count
        var i = 0
        while i < n {
            let c = b[i]
            switch c {
            case 0x0A: if lineFeeds { return true }
            case 0..<0x20, 0x7F: return true
            // U+0080…U+009F, the C1 controls: C2 80…C2 9F.
            case 0xC2: if i + 1 < n, (0x80...0x9F).contains(b[i + 1]) { return true }
            // U+200B, U+200E, U+200F, U+2028…U+202E, U+2060…U+2064 and U+2066…U+2069: E2 80 8B, 8E, 8F, A8…AE and
            // E2 81 A0…A4, A6…A9.
            case 0xE2:
                if i + 2 < n {
                    let (c1, c2) = (b[i + 1], b[i + 2])
                    if c1 == 0x80 && (c2 == 0x8B || c2 == 0x8E || c2 == 0x8F || (0xA8...0xAE).contains(c2))
                        || c1 == 0x81 && ((0xA0...0xA4).contains(c2) || (0xA6...0xA9).contains(c2))
                    {
                        return true
                    }
                }
            // U+FEFF: EF BB BF; the noncharacters U+FFFE and U+FFFF: EF BF BE, EF BF BF.
            case 0xEF:
                if i + 2 < n, b[i + 1] == 0xBB && b[i + 2] == 0xBF || b[i + 1] == 0xBF && b[i + 2] >= 0xBE {
                    return true
                }
            default: break
            }
            i += 1
        }
        return false
    }
    if let found = text.utf8.withContiguousStorageIfAvailable(scan) { return found }
    return Array(text.utf8).withUnsafeBufferPointer(scan)
}

/// JSON text with each character outside ASCII that messages escape (``isEscaped(_:)``: direction marks and
/// overrides, zero-width spaces, the line separators, the byte order mark, C1 controls) written as `\uXXXX`. Those can
/// only stand inside strings in JSON a writer made (a raw one is refused outside them), where the escape is the same
/// character; ASCII, line breaks included, is left alone.
public func escapingInvisiblesInJSON(_ json: String) -> String {
    guard needsEscaping(json, lineFeeds: false) else { return json }
    var out = String.UnicodeScalarView()
    for s in json.unicodeScalars {
        if s.value >= 0x7F, isEscaped(s) {
            let hex = String(s.value, radix: 16, uppercase: true)
            out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
        } else {
            out.append(s)
        }
    }
    return String(out)
}

func isEscaped(_ s: Unicode.Scalar) -> Bool {
    switch s.value {
    case 0..<0x20, 0x7F...0x9F, 0x200B, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2060...0x2064,
        0x2066...0x2069, 0xFEFF, 0xFFFE, 0xFFFF:
        true
    default: false
    }
}

/// A size as messages show it: `32 MB` and `3 KB` when it is a whole number of those (binary
/// units), else `1999 bytes` — a limit is never shown rounded.
public func byteCount(_ n: Int) -> String {
    n >= 1 << 20 && n % (1 << 20) == 0
        ? "\(n >> 20) MB" : n >= 1 << 10 && n % (1 << 10) == 0 ? "\(n >> 10) KB" : "\(n) bytes"
}
