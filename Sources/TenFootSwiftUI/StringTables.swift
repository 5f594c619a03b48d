import Foundation
import TenFootCore
import TenFootScene

/// An app's string tables, read for the text its development language shows: SwiftUI looks a string literal given
/// to `Text`, `Button`, `Label`, `Toggle`… up as a key (a `LocalizedStringKey`), as `NSLocalizedString` and
/// `String(localized:)` do, in `Localizable` unless a table is named. Apps that key their text (`"lbl_ok"`) show
/// the words only through the table.
///
/// Two kinds of file hold a table: `NAME.strings` in a language's folder (`en.lproj/Localizable.strings`, the old
/// "key" = "text"; format, in UTF-8 or UTF-16), and a string catalog, `NAME.xcstrings` (JSON, every language in one
/// file, `sourceLanguage` naming the development one).
public enum StringTableFile {
    /// The largest table read (2 MiB: a large app's English `Localizable.strings` is 100–300 KB).
    public static let maxBytes = 2 << 20
    /// The most entries one table holds.
    public static let maxEntries = 50_000
    /// The deepest nesting of a catalog's JSON (variations nest a level or two: plural inside device).
    public static let maxCatalogDepth = 24

    /// The entries of a `.strings` file's bytes, the last of a key repeated winning (as Foundation reads one).
    public static func strings(_ bytes: [UInt8], file: String) throws(Diagnostic) -> [String: String] {
        guard bytes.count <= maxBytes else {
            throw Diagnostic(
                file: file, at: .start, "the string table is larger than the limit of \(byteCount(maxBytes))")
        }
        var reader = StringsReader(scalars: try text(bytes, file: file), file: file)
        return try reader.entries()
    }

    /// A string catalog's development language and the text each key shows in it (a key a catalog gives no text in
    /// that language shows itself, so it is not among them).
    public static func catalog(_ bytes: [UInt8], file: String) throws(Diagnostic) -> (
        language: String, entries: [String: String]
    ) {
        guard bytes.count <= maxBytes else {
            throw Diagnostic(
                file: file, at: .start, "the string catalog is larger than the limit of \(byteCount(maxBytes))")
        }
        let json = try JSONParser.parse(
            try UTF8Text.decode(bytes, file: file), file: file,
            limits: JSONParser.Limits(maxBytes: maxBytes, maxDepth: maxCatalogDepth, maxValues: 20 * maxEntries))
        guard json.members != nil else {
            throw Diagnostic(file: file, at: json.location, "a string catalog is a JSON object")
        }
        guard case .string(let language)? = json["sourceLanguage"]?.value, !language.isEmpty else {
            throw Diagnostic(
                file: file, at: json["sourceLanguage"]?.location ?? json.location,
                "a string catalog names its development language in \"sourceLanguage\" (a string, such as \"en\")")
        }
        var out: [String: String] = [:]
        guard let strings = json["strings"] else { return (language, out) }
        guard let members = strings.members else {
            throw Diagnostic(file: file, at: strings.location, "\"strings\" is an object of keys")
        }
        if members.count > maxEntries {
            throw Diagnostic(file: file, at: strings.location, "more than \(maxEntries) keys in one string catalog")
        }
        // The first of a key repeated is read (JSON's readers here take the first).
        for m in members where out[m.key] == nil {
            if let text = m.value["localizations"]?[language].flatMap(unitText) { out[m.key] = text }
        }
        return (language, out)
    }

    /// The text of a catalog's localization: its string unit's value, or through its variations the one a TV shows
    /// (a device variation's `appletv`, else `other`; a plural's `other`; else the first).
    static func unitText(_ unit: JSON) -> String? {
        if case .string(let s)? = unit["stringUnit"]?["value"]?.value { return s }
        guard let kinds = unit["variations"]?.members, let kind = kinds.first, let cases = kind.value.members else {
            return nil
        }
        let preferred = kind.key == "device" ? ["appletv", "other"] : ["other"]
        let chosen = preferred.lazy.compactMap { p in cases.first { $0.key == p } }.first ?? cases.first
        return chosen.flatMap { unitText($0.value) }
    }

    /// The file's text as scalars: UTF-16 with its byte order mark (what Xcode long wrote), else UTF-8.
    static func text(_ bytes: [UInt8], file: String) throws(Diagnostic) -> [Unicode.Scalar] {
        if bytes.starts(with: Array("bplist".utf8)) {
            throw Diagnostic(
                file: file, at: .start,
                "a compiled (binary) property list, not a string table's text: TenFoot reads the source")
        }
        let bigEndian = bytes.starts(with: [0xFE, 0xFF])
        guard bigEndian || bytes.starts(with: [0xFF, 0xFE]) else {
            return Array(try UTF8Text.decode(bytes, file: file).unicodeScalars)
        }
        guard bytes.count % 2 == 0 else {
            throw Diagnostic(file: file, at: .start, "UTF-16 text (by its byte order mark) of an odd number of bytes")
        }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2 - 1)
        var k = 2
        while k < bytes.count {
            let (a, b) = (UInt16(bytes[k]), UInt16(bytes[k + 1]))
            units.append(bigEndian ? a << 8 | b : b << 8 | a)
            k += 2
        }
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(units.count)
        var line = 1
        var column = 1
        var decoder = UTF16()
        var it = units.makeIterator()
        loop: while true {
            switch decoder.decode(&it) {
            case .scalarValue(let s):
                out.append(s)
                if s == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput: break loop
            case .error:
                throw Diagnostic(
                    file: file, at: SourceLocation(line: line, column: column), "UTF-16 text with a lone surrogate here"
                )
            }
        }
        return out
    }
}

/// The old property-list text of a `.strings` file: `"key" = "text";` entries (a key alone, `"key";`, is its own
/// text), `/* */` and `//` comments, optionally inside `{ }`; strings in double quotes with the escapes `\n`, `\t`,
/// `\r`, `\"`, `\\`, `\UXXXX` and octal, or unquoted words of letters, digits and `_$+/:.-`.
struct StringsReader {
    let scalars: [Unicode.Scalar]
    let file: String
    var i = 0
    var line = 1
    /// Where the current line starts in `scalars` (columns count scalars from it).
    var lineStart = 0

    init(scalars: [Unicode.Scalar], file: String) {
        self.scalars = scalars
        self.file = file
        if scalars.first == "\u{FEFF}" { i = 1 }
        lineStart = i
    }

    var location: SourceLocation { SourceLocation(line: line, column: i - lineStart + 1) }

    func fail(_ message: String) -> Diagnostic { Diagnostic(file: file, at: location, message) }

    /// What is at `i`, as a message names it.
    var found: String {
        guard i < scalars.count else { return "the end of the file" }
        let c = scalars[i]
        if c == "\n" || c == "\r" { return "the end of the line" }
        return "\"\(Character(c))\""
    }

    mutating func advance() {
        if scalars[i] == "\n" {
            line += 1
            lineStart = i + 1
        }
        i += 1
    }

    mutating func skipSpaceAndComments() throws(Diagnostic) {
        while i < scalars.count {
            let c = scalars[i]
            if c.properties.isWhitespace {
                advance()
            } else if c == "/", i + 1 < scalars.count, scalars[i + 1] == "/" {
                while i < scalars.count, scalars[i] != "\n" { advance() }
            } else if c == "/", i + 1 < scalars.count, scalars[i + 1] == "*" {
                let start = location
                i += 2
                while i < scalars.count, !(scalars[i] == "*" && i + 1 < scalars.count && scalars[i + 1] == "/") {
                    advance()
                }
                guard i < scalars.count else { throw Diagnostic(file: file, at: start, "a /* comment that never ends") }
                i += 2
            } else {
                return
            }
        }
    }

    static func isWordScalar(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "$", "+", "/", ":", ".", "-": true
        default: false
        }
    }

    /// A quoted or unquoted string at `i`, or nil (nothing read) when none starts there.
    mutating func string() throws(Diagnostic) -> String? {
        guard i < scalars.count else { return nil }
        if scalars[i] != "\"" {
            guard Self.isWordScalar(scalars[i]) else { return nil }
            var out = String.UnicodeScalarView()
            while i < scalars.count, Self.isWordScalar(scalars[i]) {
                out.append(scalars[i])
                i += 1
            }
            return String(out)
        }
        let start = location
        i += 1
        var out = String.UnicodeScalarView()
        while true {
            guard i < scalars.count else {
                throw Diagnostic(file: file, at: start, "a string in double quotes that never ends")
            }
            let c = scalars[i]
            if c == "\"" {
                i += 1
                return String(out)
            }
            guard c == "\\" else {
                out.append(c)
                advance()
                continue
            }
            i += 1
            guard i < scalars.count else { continue }
            let e = scalars[i]
            switch e {
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "r": out.append("\r")
            case "a": out.append("\u{07}")
            case "b": out.append("\u{08}")
            case "f": out.append("\u{0C}")
            case "v": out.append("\u{0B}")
            case "U", "u":
                var value: UInt32 = 0
                var digits = 0
                while digits < 4, i + 1 < scalars.count, let d = Self.hexDigit(scalars[i + 1]) {
                    value = value << 4 | d
                    digits += 1
                    i += 1
                }
                guard digits == 4 else { throw fail("\\U is followed by four hexadecimal digits") }
                // A surrogate (half of a pair written as two escapes) is not a character of its own: U+FFFD.
                out.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            case "0"..."7":
                var value: UInt32 = 0
                var digits = 0
                while digits < 3, i < scalars.count, ("0"..."7").contains(scalars[i]) {
                    value = value << 3 | (scalars[i].value - 48)
                    digits += 1
                    i += 1
                }
                i -= 1
                out.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            default:
                // `\"`, `\\`, `\'` and any other escaped character stand for themselves.
                if e == "\n" {
                    advance()
                    out.append(e)
                    continue
                }
                out.append(e)
            }
            i += 1
        }
    }

    mutating func entries() throws(Diagnostic) -> [String: String] {
        var out: [String: String] = [:]
        var count = 0
        try skipSpaceAndComments()
        let braced = i < scalars.count && scalars[i] == "{"
        if braced {
            i += 1
            try skipSpaceAndComments()
        }
        while i < scalars.count, !(braced && scalars[i] == "}") {
            guard let key = try string() else {
                throw fail("expected a key in double quotes, found \(found)")
            }
            try skipSpaceAndComments()
            var value = key
            if i < scalars.count, scalars[i] == "=" {
                i += 1
                try skipSpaceAndComments()
                guard let v = try string() else {
                    throw fail("expected the text in double quotes after =, found \(found)")
                }
                value = v
                try skipSpaceAndComments()
            }
            guard i < scalars.count, scalars[i] == ";" else {
                throw fail("expected ; after the text of \"\(Self.brief(key))\", found \(found)")
            }
            i += 1
            count += 1
            if count > StringTableFile.maxEntries {
                throw fail("more than \(StringTableFile.maxEntries) entries in one string table")
            }
            out[key] = value
            try skipSpaceAndComments()
        }
        if braced {
            guard i < scalars.count else { throw fail("expected } to close the table's {, found the end of the file") }
            i += 1
            try skipSpaceAndComments()
            guard i >= scalars.count else { throw fail("expected the end of the file after }, found \(found)") }
        }
        return out
    }

    static func hexDigit(_ c: Unicode.Scalar) -> UInt32? {
        switch c {
        case "0"..."9": c.value - 48
        case "a"..."f": c.value - 87
        case "A"..."F": c.value - 55
        default: nil
        }
    }

    /// A key as a message quotes it: its first 60 characters.
    static func brief(_ s: String) -> String { s.count > 60 ? String(s.prefix(59)) + "…" : s }
}

/// The string tables of the project the opened sources belong to (``SwiftSources/stringTables(around:within:)``),
/// each read the first time a key is looked up in it: the text a key shows in the development language.
///
/// For a table `NAME`: its string catalog, `NAME.xcstrings`, when there is one; else `NAME.strings` in `en.lproj`,
/// then `Base.lproj`, then an `en-…` folder, or the only language there is (an app written in one language). Of
/// several such files (an app's targets each with their own) the one nearest the opened source is read.
public final class StringTables {
    private let around: [String]
    private let within: String?
    private var found: [String]?
    private var tables: [String: [String: String]] = [:]
    /// The table files read, in the order they were first needed (live reload watches them).
    public private(set) var read: [String] = []
    /// The tables that could not be read, each once: their keys show as written.
    public private(set) var problems: [Diagnostic] = []

    /// `around`: the files and folders the screen is read from (the first decides which file is nearest).
    public init(around: [String], within: String? = nil) {
        self.around = around
        self.within = within
    }

    /// The table files to choose from, when a walk already found them (the walk for a file's neighbours finds the
    /// same), so that they are not looked for again.
    public func provide(found tables: [String]) {
        if found == nil { found = tables }
    }

    /// The text `key` shows from table `table` (`Localizable` unless named), nil when no table holds it.
    public func text(_ key: String, table: String? = nil) -> String? {
        let name = table.flatMap { $0.isEmpty ? nil : $0 } ?? "Localizable"
        if let entries = tables[name] { return entries[key] }
        let entries = load(name)
        tables[name] = entries
        return entries[key]
    }

    private func load(_ name: String) -> [String: String] {
        if found == nil {
            var all = Set<String>()
            for path in around.prefix(8) { all.formUnion(SwiftSources.stringTables(around: path, within: within)) }
            found = all.sorted()
        }
        guard let file = Self.choose(name, among: found ?? [], near: around.first ?? ".") else { return [:] }
        read.append(file)
        do throws(Diagnostic) {
            let bytes = try TextFile.bytes(path: file, maxBytes: StringTableFile.maxBytes, what: "string table")
            if file.hasSuffix(".xcstrings") { return try StringTableFile.catalog(bytes, file: file).entries }
            return try StringTableFile.strings(bytes, file: file)
        } catch {
            problems.append(error)
            return [:]
        }
    }

    /// Every file a table could be read from for a screen of the sources at `path` (each table's catalog or its
    /// development language's files, see the type's comment), sorted: what a window watches, and a bundle carries.
    public static func files(around path: String, within: String? = nil) -> [String] {
        let all = SwiftSources.stringTables(around: path, within: within)
        var names: [String] = []
        for f in all {
            let name = ((f as NSString).lastPathComponent as NSString).deletingPathExtension
            if !names.contains(name) { names.append(name) }
        }
        var out = Set<String>()
        for name in names {
            guard let chosen = choose(name, among: all, near: path) else { continue }
            // The nearest one is read; the others of its language or kind could be, from another view.
            let folderName = (FilePath.folder(of: chosen) as NSString).lastPathComponent
            out.formUnion(
                all.filter {
                    ($0 as NSString).lastPathComponent == (chosen as NSString).lastPathComponent
                        && (chosen.hasSuffix(".xcstrings")
                            || (FilePath.folder(of: $0) as NSString).lastPathComponent == folderName)
                })
        }
        return out.sorted()
    }

    /// The file table `name` is read from among `files` (see the type's comment), nil when none holds it.
    package static func choose(_ name: String, among files: [String], near: String) -> String? {
        func base(_ f: String) -> String { (f as NSString).lastPathComponent }
        let catalogs = files.filter { base($0) == name + ".xcstrings" }
        if !catalogs.isEmpty { return nearest(catalogs, to: near) }
        let strings = files.filter { base($0) == name + ".strings" }
        func language(_ f: String) -> String {
            String((FilePath.folder(of: f) as NSString).lastPathComponent.dropLast(".lproj".count))
        }
        let languages = Set(strings.map(language))
        let english = languages.filter { $0.hasPrefix("en-") || $0.hasPrefix("en_") }.sorted()
        let order = ["en", "Base"] + english + (languages.count == 1 ? Array(languages) : [])
        guard let chosen = order.first(where: languages.contains) else { return nil }
        return nearest(strings.filter { language($0) == chosen }, to: near)
    }

    /// The file whose path shares the most folders with `path`'s, the first in order of those that share as many.
    package static func nearest(_ files: [String], to path: String) -> String? {
        SwiftSources.nearestFirst(files, to: path).first
    }
}
