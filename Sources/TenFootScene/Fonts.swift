/// The fonts TenFoot draws with: a fixed list of files bundled in `Assets/Fonts`, pinned by SHA-256, never
/// the machine's fontconfig. Text metrics, layout, focus frames, goldens and replays therefore come out the
/// same on every machine (docs/rendering.md, "Fonts").
public enum FontFamily: String, Sendable, CaseIterable, Hashable, Comparable {
    /// Latin, Greek, Cyrillic and the rest of DejaVu's coverage; the line metrics of every text style.
    case dejaVuSans = "DejaVuSans"
    case notoSansArabicUI = "NotoSansArabicUI"
    case notoSansHebrew = "NotoSansHebrew"
    case notoSansDevanagariUI = "NotoSansDevanagariUI"
    case notoSansThaiUI = "NotoSansThaiUI"
    /// CJK ideographs, kana and Hangul (Chinese glyph shapes for Han).
    case droidSansFallback = "DroidSansFallback"
    /// Colour emoji: bitmaps in one strike of ``emojiStrikePixels``, which the rasteriser scales to the text's
    /// size. Emoji-presentation clusters go to it first; other characters reach it last, after every text font.
    case notoColorEmoji = "NotoColorEmoji"

    /// The pixel size of Noto Color Emoji's only bitmap strike (its ppem): SDL_ttf draws that strike whatever
    /// size the font is opened at, so a run in it is measured and drawn at this size and scaled by
    /// `pixels / emojiStrikePixels`.
    public static let emojiStrikePixels = 109

    /// A bitmap colour font: drawn in its own colours (never tinted), at one strike that is scaled.
    public var isColorBitmap: Bool { self == .notoColorEmoji }

    /// Whether the family has a bold face of its own (``file(bold:)`` names one).
    public var hasBoldFile: Bool { self != .droidSansFallback && self != .notoColorEmoji }

    /// The file for the regular or bold face; nil when the family has no bold (drawn emboldened instead).
    public func file(bold: Bool) -> String? {
        switch self {
        case .dejaVuSans: bold ? "DejaVuSans-Bold.ttf" : "DejaVuSans.ttf"
        case .droidSansFallback: bold ? nil : "DroidSansFallback.ttf"
        case .notoColorEmoji: bold ? nil : "NotoColorEmoji.ttf"
        default: rawValue + (bold ? "-Bold.ttf" : "-Regular.ttf")
        }
    }

    /// The fallback chain, in the order a run tries it after its script's own fonts.
    public static let chain: [FontFamily] = [
        .dejaVuSans, .notoSansArabicUI, .notoSansHebrew, .notoSansDevanagariUI, .notoSansThaiUI, .droidSansFallback,
        .notoColorEmoji,
    ]

    /// The fonts a run of `script` (an ISO 15924 tag) tries first, then the rest of `chain` in order.
    public static func candidates(forScript script: String) -> [FontFamily] {
        switch script {
        case "Arab": ledBy[1]
        case "Hebr": ledBy[2]
        case "Deva": ledBy[3]
        case "Thai": ledBy[4]
        case "Hani", "Hira", "Kana", "Hang", "Bopo": ledBy[5]
        default: chain
        }
    }

    /// For each family of `chain`, the chain with that family first: made once, as runs ask for them by the thousand.
    static let ledBy: [[FontFamily]] = chain.map { f in [f] + chain.filter { $0 != f } }

    /// Where the family stands in `chain`: hashed and compared as that, not as its name.
    public var ordinal: Int {
        switch self {
        case .dejaVuSans: 0
        case .notoSansArabicUI: 1
        case .notoSansHebrew: 2
        case .notoSansDevanagariUI: 3
        case .notoSansThaiUI: 4
        case .droidSansFallback: 5
        case .notoColorEmoji: 6
        }
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

    public static func < (a: FontFamily, b: FontFamily) -> Bool {
        a.ordinal < b.ordinal
    }
}

/// Every bundled font file with where it came from, its licence and its SHA-256 (a test checks the files).
public enum PinnedFonts {
    public struct File: Sendable {
        public let name: String
        public let sha256: String
        public let source: String
        public let licence: String
    }

    /// The icon font (Phosphor 1.3.0, MIT): ``Icons`` maps names to its code points.
    public static let iconFont = "Phosphor.ttf"

    public static let files: [File] = [
        File(
            name: "DejaVuSans.ttf", sha256: "abdc775b21b1bc470d50c97e790d276f2054b7504e56e5bd3e64f48d68582322",
            source: "Debian fonts-dejavu-core 2.37-6", licence: "LICENSE-DejaVu.txt"),
        File(
            name: "DejaVuSans-Bold.ttf", sha256: "0d977336a6d5fba34eab8e3199eb218327161b5143749f802982c2bc34df0c96",
            source: "Debian fonts-dejavu-core 2.37-6", licence: "LICENSE-DejaVu.txt"),
        File(
            name: "DroidSansFallback.ttf", sha256: "56d3edfb377a8bc3c4b77f4476405c770173c0e31221ad7c77d0a8e1f3039a3e",
            source: "Debian fonts-droid-fallback 1:6.0.1r16-1.1", licence: "LICENSE-DroidSansFallback.txt"),
        File(
            name: "NotoSansArabicUI-Regular.ttf",
            sha256: "43a90e0f0e9ca712ff0588dc2b119823d569367a6d0061eb5f7bfb9bfbe8cecc",
            source: "Debian fonts-noto-ui-core 20201225-1", licence: "LICENSE-Noto.txt"),
        File(
            name: "NotoSansArabicUI-Bold.ttf",
            sha256: "ef5d9ce3d5b20a83bdc156ef48edc1e159322ada95ebacc133476c92f0bd102a",
            source: "Debian fonts-noto-ui-core 20201225-1", licence: "LICENSE-Noto.txt"),
        File(
            name: "NotoSansHebrew-Regular.ttf",
            sha256: "436900d5ad77d33e4234247f3076eaecd25b92b9bea0519514f684140e3566a7",
            source: "Debian fonts-noto-core 20201225-1", licence: "LICENSE-Noto.txt"),
        File(
            name: "NotoSansHebrew-Bold.ttf", sha256: "d3b01343f71e8a93fffb84c345a1aecbaf4694b98d0eaace916cb9eac9e6dcd3",
            source: "Debian fonts-noto-core 20201225-1", licence: "LICENSE-Noto.txt"),
        File(
            name: "NotoSansDevanagariUI-Regular.ttf",
            sha256: "c0b105d248337435b876d3a3d19b380c9782e452b15f142a0cf7b10f5d29a280",
            source: "Debian fonts-noto-ui-core 20201225-1", licence: "LICENSE-Noto.txt"),
        File(
            name: "NotoSansDevanagariUI-Bold.ttf",
            sha256: "c2a648025d13b35674ce39d886b179ffada7202097b42bd4634bf298f08f654e",
            source: "Debian fonts-noto-ui-core 20201225-1", licence: "LICENSE-Noto.txt"),
        File(
            name: "NotoSansThaiUI-Regular.ttf",
            sha256: "8e5e0524046c2909025a857c5dc23da40d6b974bc0adab7810fa08b2beab040d",
            source: "Debian fonts-noto-ui-core 20201225-1", licence: "LICENSE-Noto.txt"),
        File(
            name: "NotoSansThaiUI-Bold.ttf", sha256: "473e98f51436a9bacb75eb9ca0e0ff64d31d5a40172d6b052ae4fb66939ea2e4",
            source: "Debian fonts-noto-ui-core 20201225-1", licence: "LICENSE-Noto.txt"),
        File(
            name: "NotoColorEmoji.ttf", sha256: "e5899ed38b8ed83e08bd3ac5de09791e9d19d288333a796de1d35ad17396f1ec",
            source: "Debian fonts-noto-color-emoji 2.042-0+deb12u1", licence: "LICENSE-NotoColorEmoji.txt"),
        File(
            name: "Phosphor.ttf", sha256: "351874de64758f3b7fb405cd078ac0ed5ffb9717fb5b9b10013ac03d4c13680b",
            source: "PyPI qtawesome 1.4.2, qtawesome/fonts/phosphor-1.3.0.ttf", licence: "LICENSE-Phosphor.txt"),
    ]
}
