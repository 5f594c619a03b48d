import TenFootCore

/// A symbol drawn from the bundled icon font (Phosphor 1.3.0, MIT): what an `icon` key names.
public struct Icon: Sendable, Hashable {
    /// The name as written in the scene (an SF Symbol name or a Phosphor name).
    public var name: String
    /// The Phosphor glyph drawn (weight included: `gear-six-bold`, `play-fill`).
    public var glyph: String
    /// Its code point in `Phosphor.ttf` (Private Use Area, U+E900…U+FAE3).
    public var codePoint: UInt32
    /// Text drawn small in the symbol's middle (the "10" of `goforward.10`), or nil.
    public var caption: String?
}

/// Icon names: the SF Symbols a tvOS app names most (`systemImage:` in SwiftUI, `UIImage(systemName:)`), each
/// mapped to its nearest Phosphor symbol, and every Phosphor 1.3.0 name as it is. One place resolves names for
/// every node that draws an icon (buttons, tab items; badges and caption buttons later).
public enum Icons {
    /// SF Symbol name → Phosphor name. Outline symbols are drawn in Phosphor's bold weight (closest to tvOS's
    /// medium-weight symbols at ten feet), `.fill` names in its fill weight.
    public static let sfSymbols: [(sf: String, phosphor: String)] = [
        ("play.fill", "play-fill"), ("play", "play"), ("pause.fill", "pause-fill"), ("pause", "pause"),
        ("play.circle", "play-circle"), ("play.circle.fill", "play-circle-fill"), ("stop.fill", "stop-fill"),
        ("stop", "stop"),
        ("backward.fill", "rewind-fill"), ("forward.fill", "fast-forward-fill"),
        ("backward.end.fill", "skip-back-fill"), ("forward.end.fill", "skip-forward-fill"),
        ("gobackward.10", "arrow-counter-clockwise"), ("goforward.10", "arrow-clockwise"),
        ("magnifyingglass", "magnifying-glass"), ("gearshape", "gear-six"), ("gearshape.fill", "gear-six-fill"),
        ("plus", "plus"), ("minus", "minus"), ("plus.circle", "plus-circle"), ("plus.circle.fill", "plus-circle-fill"),
        ("minus.circle", "minus-circle"),
        ("checkmark", "check"), ("checkmark.circle", "check-circle"), ("checkmark.circle.fill", "check-circle-fill"),
        ("xmark", "x"), ("xmark.circle", "x-circle"), ("xmark.circle.fill", "x-circle-fill"),
        ("heart", "heart"), ("heart.fill", "heart-fill"), ("star", "star"), ("star.fill", "star-fill"),
        ("house", "house"), ("house.fill", "house-fill"),
        ("person", "user"), ("person.fill", "user-fill"), ("person.circle", "user-circle"),
        ("person.crop.circle", "user-circle"), ("person.crop.circle.fill", "user-circle-fill"),
        ("person.2", "users"), ("person.3", "users-three"),
        ("tv", "television-simple"), ("tv.fill", "television-simple-fill"), ("film", "film-strip"),
        ("film.fill", "film-strip-fill"),
        ("music.note", "music-note"), ("music.note.list", "playlist"),
        ("info.circle", "info"), ("info.circle.fill", "info-fill"), ("exclamationmark.triangle", "warning"),
        ("questionmark.circle", "question"), ("questionmark.circle.fill", "question-fill"),
        ("chevron.right", "caret-right"), ("chevron.left", "caret-left"), ("chevron.up", "caret-up"),
        ("chevron.down", "caret-down"),
        ("arrow.clockwise", "arrow-clockwise"), ("arrow.left", "arrow-left"), ("arrow.right", "arrow-right"),
        ("arrow.up", "arrow-up"), ("arrow.down", "arrow-down"),
        ("ellipsis", "dots-three"), ("bookmark", "bookmark-simple"), ("bookmark.fill", "bookmark-simple-fill"),
        ("square.and.arrow.up", "export"), ("trash", "trash"), ("list.bullet", "list-bullets"),
        ("square.grid.2x2", "squares-four"),
        ("bell", "bell"), ("bell.fill", "bell-fill"), ("bell.slash", "bell-slash"),
        ("lock", "lock"), ("lock.fill", "lock-fill"), ("globe", "globe"),
        ("speaker.wave.2", "speaker-high"), ("speaker.wave.2.fill", "speaker-high-fill"),
        ("speaker.slash", "speaker-slash"), ("speaker.slash.fill", "speaker-slash-fill"),
        ("captions.bubble", "closed-captioning"),
        ("hand.thumbsup", "thumbs-up"), ("hand.thumbsup.fill", "thumbs-up-fill"),
        ("hand.thumbsdown", "thumbs-down"), ("hand.thumbsdown.fill", "thumbs-down-fill"),
        ("sparkles", "sparkle"), ("wifi", "wifi-high"), ("calendar", "calendar-blank"), ("clock", "clock"),
        ("airplayvideo", "screencast"), ("rectangle.stack", "stack"), ("rectangle.stack.fill", "stack-fill"),
        ("sportscourt", "soccer-ball"), ("gamecontroller", "game-controller"), ("photo", "image"),
        ("mic", "microphone"),
        ("text.bubble", "chat-text"), ("arrow.down.circle", "download-simple"), ("repeat", "repeat"),
        ("shuffle", "shuffle"),
        ("pip", "picture-in-picture"), ("arrow.up.left.and.arrow.down.right", "arrows-out"),
        ("slider.horizontal.3", "sliders-horizontal"), ("eye", "eye"), ("eye.slash", "eye-slash"),
        ("cart", "shopping-cart"), ("creditcard", "credit-card"), ("envelope", "envelope-simple"), ("phone", "phone"),
        ("map", "map-trifold"), ("mappin", "map-pin"), ("cloud", "cloud"), ("sun.max", "sun"), ("moon", "moon"),
        ("bolt", "lightning"), ("flame", "fire"), ("gift", "gift"), ("tag", "tag"), ("link", "link"),
        ("paperplane", "paper-plane-tilt"), ("ticket", "ticket"), ("headphones", "headphones"),
        ("keyboard", "keyboard"),
        ("trophy", "trophy"), ("crown", "crown"), ("radio", "radio"), ("video", "video-camera"),
        // Names real apps' tvOS code uses (an unseen survey of four apps, 2026-12-07), each to its nearest glyph.
        ("airplayaudio", "airplay"), ("aqi.low", "wind"), ("aqi.medium", "wind"),
        ("arrow.2.squarepath", "arrows-clockwise"), ("arrow.counterclockwise", "arrow-counter-clockwise"),
        ("arrow.left.arrow.right", "arrows-left-right"), ("arrow.left.to.line", "arrow-line-left"),
        ("arrow.right.to.line", "arrow-line-right"), ("arrow.triangle.2.circlepath", "arrows-clockwise"),
        ("arrow.trianglehead.2.clockwise", "arrows-clockwise"), ("arrow.up.arrow.down", "arrows-down-up"),
        ("arrow.uturn.backward", "arrow-u-up-left"), ("backward.end.alt", "skip-back"),
        ("bell.badge", "bell-ringing"), ("bolt.fill", "lightning-fill"), ("books.vertical", "books"),
        ("books.vertical.fill", "books-fill"), ("calendar.badge.clock", "calendar"), ("chart.bar", "chart-bar"),
        ("chevron.left.forwardslash.chevron.right", "code"), ("circle.lefthalf.filled", "circle-half"),
        ("circle.lefthalf.filled.inverse", "circle-half"), ("clock.arrow.circlepath", "clock-counter-clockwise"),
        ("clock.badge.questionmark", "clock"), ("delete.left", "backspace"), ("doc.text", "file-text"),
        ("dot.radiowaves.left.and.right", "broadcast"), ("exclamationmark.shield", "shield-warning"),
        ("figure.and.child.holdinghands", "users"), ("film.stack", "film-strip"), ("folder.fill", "folder-fill"),
        ("forward.end", "skip-forward"), ("forward.end.alt", "skip-forward"),
        ("gauge.with.dots.needle.50percent", "gauge"), ("gauge.with.dots.needle.67percent", "gauge"),
        ("gearshape.2", "gear"), ("globe.americas", "globe-hemisphere-west"),
        ("globe.europe.africa", "globe-hemisphere-east"), ("gobackward", "arrow-counter-clockwise"),
        ("goforward", "arrow-clockwise"), ("hand.raised", "hand-palm"), ("heart.slash", "prohibit"),
        ("icloud.and.arrow.down", "cloud-arrow-down"), ("icloud.and.arrow.up", "cloud-arrow-up"),
        ("ladybug", "bug-beetle"), ("largecircle.fill.circle", "record"),
        ("line.3.horizontal.decrease", "funnel-simple"), ("line.3.horizontal.decrease.circle", "funnel"),
        ("list.bullet.rectangle", "list-bullets"), ("list.bullet.rectangle.portrait", "list-bullets"),
        ("lock.shield", "shield-check"), ("memorychip", "cpu"), ("message", "chat-circle"),
        ("moon.fill", "moon-fill"), ("movieclapper.fill", "film-strip-fill"), ("music.note.house", "music-notes"),
        ("network", "share-network"), ("nosign", "prohibit"), ("number", "hash"), ("opticaldisc", "disc"),
        ("paintbrush", "paint-brush"), ("paintbrush.pointed", "paint-brush"), ("paintpalette", "palette"),
        ("pause.circle", "pause-circle"), ("person.3.fill", "users-three-fill"), ("person.3.sequence", "users-three"),
        ("person.badge.plus", "user-plus"), ("person.badge.shield.checkmark", "shield-check"),
        ("person.crop.circle.badge.checkmark", "user-circle"), ("person.crop.rectangle.stack", "user-list"),
        ("photo.artframe", "image-square"), ("photo.on.rectangle", "image"), ("photo.on.rectangle.angled", "image"),
        ("play.rectangle", "monitor-play"), ("play.tv", "monitor-play"), ("puzzlepiece.extension", "puzzle-piece"),
        ("qrcode", "qr-code"), ("quote.bubble", "quotes"), ("recordingtape", "record"),
        ("rectangle.3.group", "squares-four"), ("rectangle.badge.checkmark", "check-square"),
        ("rectangle.expand.vertical", "arrows-out-line-vertical"), ("rectangle.grid.1x2", "rows"),
        ("rectangle.inset.filled", "square"), ("rectangle.portrait.and.arrow.right", "sign-out"),
        ("rectangle.stack.badge.play", "playlist"), ("rectangle.topthird.inset.filled", "layout"),
        ("rosette", "medal"), ("server.rack", "hard-drives"), ("sidebar.leading", "columns"),
        ("sidebar.left", "columns"), ("sparkles.rectangle.stack", "sparkle"), ("speaker", "speaker-none"),
        ("speedometer", "gauge"), ("square.and.arrow.down", "download-simple"),
        ("square.stack.3d.down.right", "stack"), ("square.stack.3d.up", "stack"), ("star.circle", "star"),
        ("switch.2", "toggle-left"), ("tag.fill", "tag-fill"), ("tag.slash", "tag"),
        ("text.line.first.and.arrowtriangle.forward", "text-align-left"), ("theatermasks", "smiley"),
        ("theatermasks.fill", "smiley-fill"), ("viewfinder.circle", "crosshair"), ("wand.and.stars", "magic-wand"),
        ("waveform.path.ecg", "heartbeat"),
        ("exclamationmark.circle", "warning-circle"), ("book.closed", "book"), ("text.book.closed", "book"),
        ("building.2", "buildings"), ("water.waves", "waves"), ("cloud.bolt", "cloud-lightning"),
        ("ferry", "boat"), ("checkmark.shield", "shield-check"), ("doc.text.magnifyingglass", "file-search"),
        ("arrowtriangle.up", "caret-up"), ("arrowtriangle.down", "caret-down"), ("line.diagonal", "line-segment"),
        ("antenna.radiowaves.left.and.right", "broadcast"),
    ]

    /// The SF names that carry a number in their middle, which Phosphor has no glyph for.
    static let captions: [String: String] = ["gobackward.10": "10", "goforward.10": "10"]

    /// Phosphor 1.3.0's names and code points (`Resources/phosphor-charmap.tsv`), sorted by name.
    /// Read byte by byte: splitting 4,470 lines as Strings cost about 11 ms per process (twice with the reader).
    public static let phosphor: [(name: String, codePoint: UInt32)] = {
        let bytes = PackageResources.phosphor_charmap_tsv
        var out: [(name: String, codePoint: UInt32)] = []
        out.reserveCapacity(4_500)
        var k = 0
        while k < bytes.count {
            var end = k
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            // name \t hex, skipping comment lines and any malformed one.
            if bytes[k] != 0x23, let tab = bytes[k..<end].firstIndex(of: 0x09), tab > k {
                var cp: UInt32 = 0
                var ok = tab + 1 < end
                for b in bytes[(tab + 1)..<end] {
                    let digit: UInt8
                    switch b {
                    case 0x30...0x39: digit = b - 0x30
                    case 0x41...0x46: digit = b - 0x41 + 10
                    case 0x61...0x66: digit = b - 0x61 + 10
                    case 0x0D: continue
                    default:
                        ok = false
                        digit = 0
                    }
                    guard ok, cp <= 0x0FFF_FFFF else {
                        ok = false
                        break
                    }
                    cp = cp << 4 | UInt32(digit)
                }
                if ok { out.append((String(decoding: bytes[k..<tab], as: UTF8.self), cp)) }
            }
            k = end + 1
        }
        return out
    }()

    static let codePoints: [String: UInt32] = Dictionary(
        phosphor.map { ($0.name, $0.codePoint) }, uniquingKeysWith: { a, _ in a })
    static let sfTable: [String: String] = Dictionary(
        sfSymbols.map { ($0.sf, $0.phosphor) }, uniquingKeysWith: { a, _ in a })

    /// The icon `name` stands for: an SF Symbol name from ``sfSymbols`` (first), else a Phosphor name drawn as
    /// written, else a variant of a known SF name (``variant(_:)``); nil for an unknown name.
    public static func resolve(_ name: String) -> Icon? {
        if let icon = exact(name) { return icon }
        return variant(name)
    }

    /// The parts SF Symbols adds to a symbol's name for a variant of it, which ``variant(_:)`` takes off.
    static let variantParts: Set<Substring> = ["fill", "slash", "circle", "square", "2", "3"]

    /// An SF name made of a known one and the parts SF Symbols adds for its variants (`clock.fill`, `eye.slash.fill`,
    /// `person.2.fill`, `heart.circle`, `video.badge.checkmark`): the known one's glyph, in Phosphor's fill weight
    /// for `.fill`, slashed for `.slash` where Phosphor has that glyph (and nil where it has not: a plain glyph
    /// would say the opposite). The parts taken off are SF's own, so a misspelt name is still unknown.
    static func variant(_ name: String) -> Icon? {
        guard isSymbolName(name) else { return nil }
        var base = Substring(name)
        // `video.badge.checkmark`: the symbol before its badge.
        let parts = name.split(separator: ".")
        if let k = parts.firstIndex(of: "badge"), k > 0 {
            base = Substring(parts[..<k].joined(separator: "."))
            if let known = exact(String(base)) {
                return Icon(name: name, glyph: known.glyph, codePoint: known.codePoint, caption: nil)
            }
        }
        var fill = false
        var slash = false
        while let dot = base.lastIndex(of: "."), variantParts.contains(base[base.index(after: dot)...]) {
            switch base[base.index(after: dot)...] {
            case "fill": fill = true
            case "slash": slash = true
            default: break
            }
            base = base[..<dot]
            guard let known = exact(String(base)) else { continue }
            let stem = sfTable[String(base)] ?? String(base)
            var glyphs: [String] = []
            if slash {
                // `wifi.slash`: Phosphor's `wifi-high` is slashed as `wifi-slash`.
                let first = stem.split(separator: "-").first.map(String.init) ?? stem
                for s in [stem, first] {
                    glyphs += fill ? [s + "-slash-fill", s + "-slash"] : [s + "-slash-bold", s + "-slash"]
                }
                guard let glyph = glyphs.first(where: { codePoints[$0] != nil }) else { return nil }
                return Icon(name: name, glyph: glyph, codePoint: codePoints[glyph]!, caption: nil)
            }
            if fill, !stem.hasSuffix("-fill"), let cp = codePoints[stem + "-fill"] {
                return Icon(name: name, glyph: stem + "-fill", codePoint: cp, caption: nil)
            }
            return Icon(name: name, glyph: known.glyph, codePoint: known.codePoint, caption: nil)
        }
        return nil
    }

    /// The icon of a name in ``sfSymbols`` or of a Phosphor name, as written.
    static func exact(_ name: String) -> Icon? {
        if let target = sfTable[name] {
            let glyph = target.hasSuffix("-fill") || codePoints[target + "-bold"] == nil ? target : target + "-bold"
            guard let cp = codePoints[glyph] else { return nil }
            return Icon(name: name, glyph: glyph, codePoint: cp, caption: captions[name])
        }
        guard let cp = codePoints[name] else { return nil }
        return Icon(name: name, glyph: name, codePoint: cp, caption: nil)
    }

    /// Whether `name` is written as an SF Symbol name is (`delete.left`, `4k.tv`, `rectangle.stack.badge.play.fill`):
    /// lowercase letters and digits in parts joined by dots, at most 100 characters. Such a name TenFoot does not map is
    /// still an icon: drawn as ``generic``, with a lint note.
    public static func isSymbolName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 100, name.first.map({ $0.isLetter || $0.isNumber }) == true else {
            return false
        }
        return name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty && part.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) }
        }
    }

    /// How an icon is drawn: as ``resolve(_:)`` says, or, for an SF Symbol name TenFoot does not map, a generic
    /// glyph (Phosphor's placeholder) that keeps the name.
    public static func drawable(_ name: String) -> Icon? {
        if let icon = resolve(name) { return icon }
        guard isSymbolName(name), let cp = codePoints["placeholder-bold"] else { return nil }
        return Icon(name: name, glyph: "placeholder-bold", codePoint: cp, caption: nil)
    }

    /// Every name `resolve` accepts (for suggestions): the SF names, then Phosphor's.
    public static var allNames: [String] { sfSymbols.map(\.sf) + phosphor.map(\.name) }

    /// The closest known name to a misspelt one: among SF names first for a name written SF's way (with dots,
    /// or neither dots nor hyphens), among Phosphor's first for one with hyphens.
    public static func suggestion(for name: String) -> String? {
        name.contains("-")
            ? phosphorSpelling.suggestion(for: name) ?? sfSpelling.suggestion(for: name)
            : sfSpelling.suggestion(for: name) ?? phosphorSpelling.suggestion(for: name)
    }

    /// The SF name of TenFoot's table that `name` is a typo of (`play.fil`: two edits at most), if any; SF Symbols
    /// has thousands of names TenFoot does not draw, and `arrow.counterclockwise` is none of `arrow.clockwise`.
    public static func nearSymbol(_ name: String) -> String? {
        guard let s = sfSpelling.suggestion(for: name), editDistance(name, s, limit: 2) != nil else { return nil }
        // Another number (`gobackward.15`), or a part more or less (`person.2.fill`), is another symbol.
        func parts(_ x: String) -> Int { x.split(separator: ".").count }
        func letters(_ x: String) -> String { String(x.filter { !$0.isNumber }) }
        guard parts(s) == parts(name), letters(s) != letters(name) else { return nil }
        return s
    }

    /// The names indexed once for suggestions (building an index per unknown name cost milliseconds each).
    static let sfSpelling = SpellingIndex(sfSymbols.map(\.sf))
    static let phosphorSpelling = SpellingIndex(phosphor.map(\.name))
}
