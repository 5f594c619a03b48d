/// Text written into XML (SVG maps, JUnit reports): `&`, `<` and `>` escaped, and a character XML 1.0 cannot hold at
/// all (controls other than tab, line feed and return; U+FFFE, U+FFFF) written as U+FFFD. A scene's text or an
/// expectation's name with U+FFFE made a file no XML reader would read.
public enum XMLText {
    /// `s` for an element's content, or (`inAttribute`) for a quoted attribute too: quotes escaped, and tab, line feed
    /// and return written as references, which an attribute keeps.
    public static func escaped(_ s: String, inAttribute: Bool = false) -> String {
        var out = String.UnicodeScalarView()
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;".unicodeScalars
            case "<": out += "&lt;".unicodeScalars
            case ">": out += "&gt;".unicodeScalars
            case "\"" where inAttribute: out += "&quot;".unicodeScalars
            case "\t", "\n", "\r": out += (inAttribute ? "&#\(c.value);" : String(c)).unicodeScalars
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": out.append("\u{FFFD}")
            default: out.append(c)
            }
        }
        return String(out)
    }
}
