import Foundation
import TenFootCore
import TenFootScene

/// An asset catalogue's named colour (`Assets.xcassets/Brand.colorset/Contents.json`), as `Color("Brand")` and
/// `UIColor(named: "Brand")` draw it on an Apple TV: of the colours the set gives, the Apple TV's (`"idiom": "tv"`)
/// before the universal one, and of those the dark appearance's (tvOS apps run dark) before the one for any
/// appearance; a high-contrast variant is not the one drawn.
///
/// Xcode writes each component as a string: a fraction (`"0.502"`), an 8-bit integer (`"128"`) or hexadecimal
/// (`"0x80"`); a grey colour space gives `white` instead of `red`, `green` and `blue`.
public enum ColorSetFile {
    /// The largest file read: Xcode writes a set of four colours in about 1.5 KB.
    public static let maxBytes = 64 << 10
    /// The most colours one set may list (one for each idiom, appearance and gamut is a few dozen).
    public static let maxColors = 64
    /// The deepest nesting of its JSON (a set nests four levels).
    public static let maxDepth = 12

    /// The colour a set's `Contents.json` (its bytes) draws on an Apple TV; nil when it gives none for a TV (an
    /// iPhone's only) or names a system colour instead of components. An error names the place in the file.
    public static func color(_ bytes: [UInt8], file: String) throws(Diagnostic) -> Color? {
        guard bytes.count <= maxBytes else {
            throw Diagnostic(
                file: file, at: .start, "the colour set is larger than the limit of \(byteCount(maxBytes))")
        }
        let json = try JSONParser.parse(
            try UTF8Text.decode(bytes, file: file), file: file,
            limits: JSONParser.Limits(maxBytes: maxBytes, maxDepth: maxDepth, maxValues: 64 * maxColors))
        guard json.members != nil else {
            throw Diagnostic(file: file, at: json.location, "a colour set's Contents.json is a JSON object")
        }
        guard let list = json["colors"] else { return nil }
        guard case .array(let colors) = list.value else {
            throw Diagnostic(file: file, at: list.location, "\"colors\" is a list of colours")
        }
        if colors.count > maxColors {
            throw Diagnostic(file: file, at: list.location, "more than \(maxColors) colours in one colour set")
        }
        // The best fit for a TV: its idiom first, then its appearance; the first of equals.
        var best: (rank: Int, entry: JSON)?
        for entry in colors {
            guard let rank = rank(entry), rank > (best?.rank ?? -1) else { continue }
            best = (rank, entry)
        }
        guard let entry = best?.entry, let color = entry["color"] else { return nil }
        return try components(color, file: file)
    }

    /// How well an entry of `colors` fits an Apple TV (higher is better); nil when it is not for one.
    static func rank(_ entry: JSON) -> Int? {
        var rank = 0
        switch entry["idiom"]?.value {
        case .string("tv")?: rank += 4
        case .string("universal")?, nil: break
        default: return nil
        }
        guard case .array(let appearances)? = entry["appearances"]?.value ?? .array([]) else { return nil }
        for appearance in appearances {
            guard case .string(let kind)? = appearance["appearance"]?.value,
                case .string(let value)? = appearance["value"]?.value
            else { continue }
            switch (kind, value) {
            case ("luminosity", "dark"): rank += 2
            case ("luminosity", _): return nil
            case ("contrast", "high"): return nil
            default: break
            }
        }
        return rank
    }

    /// The colour of an entry's `color`: its components in the colour space's terms (a system colour named by
    /// `"platform"` and `"reference"` is none).
    static func components(_ color: JSON, file: String) throws(Diagnostic) -> Color? {
        guard let parts = color["components"] else { return nil }
        guard parts.members != nil else {
            throw Diagnostic(file: file, at: parts.location, "\"components\" is an object of the colour's channels")
        }
        func channel(_ name: String) throws(Diagnostic) -> Double? {
            guard let v = parts[name] else { return nil }
            guard let d = value(v) else {
                throw Diagnostic(
                    file: file, at: v.location,
                    "\"\(name)\" expects a number: a fraction (\"0.502\"), an 8-bit integer (\"128\") or hexadecimal (\"0x80\")"
                )
            }
            return d
        }
        let alpha = try channel("alpha") ?? 1
        func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
        if let r = try channel("red"), let g = try channel("green"), let b = try channel("blue") {
            return Color(byte(r), byte(g), byte(b), byte(alpha))
        }
        if let w = try channel("white") { return Color(byte(w), byte(w), byte(w), byte(alpha)) }
        return nil
    }

    /// A component, 0…1 (a value outside it, as an extended colour space allows, is kept for the caller to clamp):
    /// `"0.502"` or a JSON number as written, `"128"` out of 255, `"0x80"` out of 255; nil for anything else.
    static func value(_ v: JSON) -> Double? {
        switch v.value {
        case .number(let d): return d.isFinite ? d : nil
        case .string(let s):
            let t = s.trimmingCharacters(in: .whitespaces)
            if t.hasPrefix("0x") || t.hasPrefix("0X") {
                return t.count <= 4 ? UInt8(t.dropFirst(2), radix: 16).map { Double($0) / 255 } : nil
            }
            if t.contains(".") || t.contains("e") || t.contains("E") {
                guard t.count <= 32, let d = Double(t), d.isFinite else { return nil }
                return d
            }
            return t.count <= 4 ? Int(t).map { Double($0) / 255 } : nil
        default: return nil
        }
    }

    /// The symbol Xcode generates for an asset named `name`: its words (split at anything not a letter or digit)
    /// in lower camel case, a leading run of capitals lowered as one word (`FPBlue` → `fpBlue`), and a final
    /// `Color` dropped (`AccentColor` → `accent`).
    public static func symbol(for name: String) -> String {
        let words = name.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
        var out = ""
        for (k, word) in words.enumerated() {
            if k == 0 {
                // The leading capitals but the one that starts the next word are lowered.
                let chars = Array(word)
                var n = 0
                while n < chars.count, chars[n].isUppercase { n += 1 }
                let lowered = n > 1 && n < chars.count ? n - 1 : n
                out += chars[..<lowered].map { $0.lowercased() }.joined() + String(chars[lowered...])
            } else {
                out += word.prefix(1).uppercased() + word.dropFirst()
            }
        }
        if out.hasSuffix("Color"), out.count > 5 { out.removeLast(5) }
        return out
    }

    /// The colour sets of the asset catalogue at `catalogue` by name, each to its `Contents.json`: the catalogue's
    /// folders searched four deep (a group is a folder without an extension), at most 5,000 entries listed, the first
    /// of a name in sorted order kept.
    public static func index(catalogue: String) -> [String: String] {
        var found: [String: String] = [:]
        var listed = 0
        func search(_ folder: String, depth: Int) {
            guard depth < 4, listed < 5_000, let entries = try? FileManager.default.contentsOfDirectory(atPath: folder)
            else { return }
            listed += entries.count
            for entry in entries.sorted() {
                let path = folder + "/" + entry
                if entry.hasSuffix(".colorset") {
                    let name = String(entry.dropLast(".colorset".count))
                    if found[name] == nil { found[name] = path + "/Contents.json" }
                } else if !entry.contains("."), listed < 5_000 {
                    search(path, depth: depth + 1)
                }
            }
        }
        search(catalogue, depth: 0)
        return found
    }

    /// Every colour set the sources in `folders` may draw from (the catalogues beside each and up to three folders
    /// above it, as the reader looks for them), sorted: what a window watches, and a bundle carries.
    public static func files(near folders: [String]) -> [String] {
        var catalogues = Set<String>()
        for folder in Set(folders).sorted().prefix(256) {
            var dir = URL(fileURLWithPath: folder)
            for _ in 0..<4 {
                let catalogue = dir.appendingPathComponent("Assets.xcassets").path
                if FileManager.default.fileExists(atPath: catalogue) { catalogues.insert(catalogue) }
                dir.deleteLastPathComponent()
            }
        }
        var out = Set<String>()
        for catalogue in catalogues.sorted().prefix(64) {
            out.formUnion(index(catalogue: catalogue).values.filter { FileManager.default.fileExists(atPath: $0) })
        }
        return out.sorted()
    }
}
