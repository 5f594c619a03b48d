import FocusEngine
import Foundation
import TenFootCore

// Reading values: keys checked against what a type takes, strings, ids, sizes, lengths, rectangles,
// insets, enumerations, state values, conditions and maps — each wrong value reported at its place.
extension SceneDecoder {

    /// Reports repeated keys and keys not in `allowed`; returns whether every key is allowed.
    @discardableResult
    mutating func checkKeys(_ members: [JSON.Member], allowed: [String], path: @autoclosure () -> String, what: String)
        -> Bool
    {
        let repeated = JSON.repeatedMembers(members)
        guard !repeated.isEmpty || members.contains(where: { !allowed.contains($0.key) }) else { return true }
        let path = path()
        for m in repeated { error(m.keyLocation, path, "key \(quoted(m.key)) appears twice") }
        var allKnown = true
        for m in members where !allowed.contains(m.key) {
            allKnown = false
            let hint = suggest(m.key, allowed).map { ", did you mean \"\($0)\"?" } ?? ""
            let keyPath = pathComponent(m.key)
            error(
                m.keyLocation, path.isEmpty ? keyPath : path + "." + keyPath,
                "unknown key \(quoted(m.key)) for \(what)\(hint)")
        }
        return allKnown
    }

    /// A "did you mean" hint for a word the file got wrong (a key, a type, a value), for the first
    /// ``SceneLimits/maxSuggestions`` of them in file order: a file of a million unknown keys is
    /// reported without spending a search on each.
    mutating func suggest(_ word: String, _ candidates: [String]) -> String? {
        spendSuggestion() ? didYouMean(word, candidates) : nil
    }

    /// Whether a suggestion may still be searched for (and takes one from the budget).
    mutating func spendSuggestion() -> Bool {
        guard suggestionsLeft > 0 else { return false }
        suggestionsLeft -= 1
        return true
    }

    /// A string of at most `limit` characters (ids and names are shorter than the text people read).
    /// A colour: `"#rrggbb"`, or `"#rrggbbaa"` with its opacity.
    mutating func colorValue(_ j: JSON, _ path: String) -> Color? {
        guard let s = stringValue(j, path) else { return nil }
        guard let color = Color(hex: s) else {
            error(j.location, path, "\"color\" expects \"#rrggbb\" or \"#rrggbbaa\", got \(j.shortDescription)")
            return nil
        }
        return color
    }

    mutating func stringValue(_ j: JSON, _ path: @autoclosure () -> String, limit: Int = SceneLimits.maxTextLength)
        -> String?
    {
        guard let s = j.string else {
            error(j.location, path(), "\"\(lastKey(path()))\" expects a string, got \(j.shortDescription)")
            return nil
        }
        // Counting scalars walks the string: bytes first, which bound them from above.
        if s.utf8.count > limit, case let n = SceneLimits.length(s), n > limit {
            error(j.location, path(), "\"\(lastKey(path()))\" is \(n) characters long; the limit is \(limit)")
            return nil
        }
        return s
    }

    /// A string the scene draws (a title, a text, a value…): a string of at most ``SceneLimits/maxTextLength``
    /// characters, counted against the scene's ``SceneLimits/maxSceneText``. The string that passes it is refused with
    /// the error, and every one after it without another.
    mutating func textValue(_ j: JSON, _ path: @autoclosure () -> String) -> String? {
        guard let s = stringValue(j, path()), textCharacters <= SceneLimits.maxSceneText else { return nil }
        textCharacters += SceneLimits.length(s)
        if textCharacters > SceneLimits.maxSceneText {
            error(
                j.location, path(),
                "more than \(SceneLimits.maxSceneText) characters of text together (titles, texts, values, options…); split the scene"
            )
            return nil
        }
        return s
    }

    /// An icon name ``Icons`` knows (an SF Symbol name from its table or a Phosphor name), or any other name
    /// written as an SF Symbol name (drawn as a generic glyph; lint notes it, with the near miss of a known name).
    mutating func icon(_ j: JSON, _ path: @autoclosure () -> String) -> String? {
        guard let name = stringValue(j, path()) else { return nil }
        if Icons.resolve(name) != nil || Icons.isSymbolName(name) { return name }
        let suggestion = spendSuggestion() ? Icons.suggestion(for: name) : nil
        let hint =
            suggestion.map { ", did you mean \"\($0)\"?" }
            ?? " (an SF Symbol name TenFoot maps, or a Phosphor icon name: docs/scene-format.md, \"Icons\")"
        error(j.location, path(), "unknown icon \(quoted(name))\(hint)")
        return nil
    }

    /// A state or scope name: no longer than an id.
    mutating func nameValue(_ j: JSON, _ path: @autoclosure () -> String) -> String? {
        guard let s = stringValue(j, path(), limit: SceneLimits.maxIDLength) else { return nil }
        guard s.isEmpty || SceneDecoder.isPrintableID(s) else {
            error(
                j.location, path(),
                "names contain no spaces, control or invisible characters, as ids do, got \(SceneDecoder.quotedID(s))")
            return nil
        }
        return s
    }

    /// A reference to an id: no longer than an id, and printable as ids are (whether it names one is
    /// checked once every id is known). So no id a message or an output prints carries white space
    /// or a control character, even one named by an expectation that is only checked when it runs.
    mutating func idReference(_ j: JSON, _ path: @autoclosure () -> String) -> String? {
        guard let s = stringValue(j, path(), limit: SceneLimits.maxIDLength) else { return nil }
        if !s.isEmpty, !SceneDecoder.isPrintableID(s) {
            error(
                j.location, path(),
                "\"\(lastKey(path()))\" \(lastKey(path()) == "id" ? "is no" : "names no") id: ids contain no spaces, control or invisible characters, got \(SceneDecoder.quotedID(s))"
            )
            return nil
        }
        return s
    }

    /// An explicit id of a node or tab, registered: unique, non-empty, without spaces or control
    /// characters, not a word reserved by the simulator or its outputs.
    mutating func newID(_ j: JSON, _ path: @autoclosure () -> String) -> String? {
        guard let s = idReference(j, path()) else { return nil }
        if s == "screen" {
            error(j.location, path(), "\"screen\" is reserved for the screen's focus layer; choose another id")
            return nil
        }
        // A Character equal to "(" or "$" is that one byte: the first byte rules out all other ids.
        if let b = s.utf8.first, b == UInt8(ascii: "(") || b == UInt8(ascii: "$"), let first = s.first,
            SceneDecoder.reservedIDStarts.contains(first)
        {
            error(
                j.location, path(),
                "ids cannot begin with \"(\" or \"$\", got \(quoted(s)): outputs print \"(nothing)\" and \"(home)\" where there is no id, and \"$last\" names the last appended node"
            )
            return nil
        }
        if KeyboardIDs.isSystem(s) {
            error(
                j.location, path(),
                "ids cannot begin with \"keyboard.\", got \(quoted(s)): the on-screen keyboard's keys and the search's results use that namespace (docs/input.md)"
            )
            return nil
        }
        // A reference that is not empty is printable already (`idReference`).
        if s.isEmpty {
            error(
                j.location, path(),
                "\"\(lastKey(path()))\" must be non-empty and contain no spaces or control characters, got \(j.shortDescription)"
            )
            return nil
        }
        if let first = ids.insert(s, at: j.location) {
            error(j.location, path(), "duplicate id \(quoted(s)) (first used at \(first.line):\(first.column))")
            return nil
        }
        return s
    }

    /// Whether an id is free of white space and control characters (printable ASCII is checked
    /// byte by byte; Unicode properties only for the rest).
    public static func isPrintableID(_ s: String) -> Bool {
        if s.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return true }
        return invisibleScalar(in: s) == nil
    }

    /// The first scalar of `s` that an id cannot hold because it does not show: white space, a control
    /// character, or a default-ignorable one (U+200B, U+FEFF, U+2060, bidirectional marks…), which would let
    /// two ids that differ look the same. A joiner or variation selector inside an emoji sequence (👩‍💻, ❤️)
    /// is part of what shows, and is kept.
    static func invisibleScalar(in s: String) -> Unicode.Scalar? {
        let scalars = Array(s.unicodeScalars)
        return scalars.indices.first { isInvisible(at: $0, in: scalars) }.map { scalars[$0] }
    }

    /// Whether an id refuses `s` wherever it stands: white space, a control character, a blank, or a format or
    /// default-ignorable character (which ``invisibleScalar(in:)`` lets stand only as a joiner or variation selector
    /// inside an emoji). Ids made from labels leave these out.
    public static func neverShows(_ s: Unicode.Scalar) -> Bool {
        let p = s.properties
        if p.isWhitespace || p.generalCategory == .control { return true }
        // Blank or placeholder characters that are not white space: the braille blank, the object replacement.
        if s.value == 0x2800 || s.value == 0xFFFC { return true }
        return p.isDefaultIgnorableCodePoint || p.generalCategory == .format
    }

    private static func isInvisible(at i: Int, in scalars: [Unicode.Scalar]) -> Bool {
        guard neverShows(scalars[i]) else { return false }
        let afterEmoji = i > 0 && (scalars[i - 1].properties.isEmoji || scalars[i - 1].value == 0xFE0F)
        let beforeEmoji = i + 1 < scalars.count && scalars[i + 1].properties.isEmoji
        switch scalars[i].value {
        case 0xFE0E, 0xFE0F: return !afterEmoji
        case 0x200D: return !(afterEmoji && beforeEmoji)
        default: return true
        }
    }

    /// `s` quoted for a message about an id, with every scalar ``invisibleScalar(in:)`` refuses written as
    /// `\u….`, so the message shows what the eye would miss.
    static func quotedID(_ s: String) -> String {
        let scalars = Array(s.unicodeScalars)
        var shown = ""
        for i in scalars.indices {
            guard isInvisible(at: i, in: scalars) else {
                shown.unicodeScalars.append(scalars[i])
                continue
            }
            // As JSON writes it: beyond the BMP, a surrogate pair (`\u{E0001}` is `\udb40\udc01`).
            for unit in String(scalars[i]).utf16 {
                let hex = String(unit, radix: 16)
                shown += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
        }
        return quoted(shown)
    }

    /// The first characters of words the simulator and its outputs use in place of an id.
    static let reservedIDStarts: Set<Character> = ["(", "$"]

    /// `true`/`false`, an edge's or a set's name (`"horizontal"`), or an array of them (`["top", "leading"]`).
    mutating func safeAreaEdges(_ j: JSON, _ path: @autoclosure () -> String) -> SafeAreaEdges {
        if let b = j.bool { return b ? .all : [] }
        let names = SafeAreaEdges.named.map(\.name)
        func edges(_ e: JSON) -> SafeAreaEdges? {
            guard let s = e.string, let hit = SafeAreaEdges.named.first(where: { $0.name == s }) else { return nil }
            return hit.edges
        }
        if let one = edges(j) { return one }
        if let list = j.array, list.count <= names.count {
            let sets = list.compactMap(edges)
            if sets.count == list.count { return sets.reduce(SafeAreaEdges()) { $0.union($1) } }
        }
        let hint = j.string.flatMap { suggest($0, names) }.map { "; did you mean \"\($0)\"?" } ?? ""
        error(
            j.location, path(),
            "\"\(lastKey(path()))\" expects true, false, an edge (\(names.map { "\"\($0)\"" }.joined(separator: ", "))) or an array of edges, got \(j.shortDescription)\(hint)"
        )
        return []
    }

    mutating func boolValue(_ j: JSON, _ path: @autoclosure () -> String) -> Bool? {
        if let b = j.bool { return b }
        error(j.location, path(), "\"\(lastKey(path()))\" expects true or false, got \(j.shortDescription)")
        return nil
    }

    mutating func size(_ j: JSON, _ path: @autoclosure () -> String) -> Double? {
        if let n = j.number {
            if n >= 0, n <= SceneLimits.maxSize { return n }
            error(
                j.location, path(),
                "\"\(lastKey(path()))\" expects a size from 0 to \(fmt(SceneLimits.maxSize)) points, got \(JSON.exactFormat(n))\(abs(n) > SceneLimits.maxSize ? ", which is out of range" : "")"
            )
            return nil
        }
        error(j.location, path(), "\"\(lastKey(path()))\" expects a number of points, got \(j.shortDescription)")
        return nil
    }

    mutating func length(_ j: JSON, _ path: @autoclosure () -> String) -> Length? {
        if j.string == "fill" { return .fill }
        if j.number != nil { return size(j, path()).map(Length.points) }
        error(
            j.location, path(),
            "\"\(lastKey(path()))\" expects a number of points or \"fill\", got \(j.shortDescription)")
        return nil
    }

    mutating func rect(_ j: JSON, _ path: @autoclosure () -> String) -> Rect? {
        guard let a = j.array, a.count == 4, a.allSatisfy({ $0.number != nil }) else {
            error(
                j.location, path(),
                "\"\(lastKey(path()))\" expects [x, y, width, height] in points, got \(j.shortDescription)")
            return nil
        }
        let v = a.map { $0.number! }
        if v[2] < 0 || v[3] < 0 {
            error(j.location, path(), "\"\(lastKey(path()))\" has a negative size (\(fmt(v[2]))×\(fmt(v[3])))")
            return nil
        }
        if v.contains(where: { abs($0) > SceneLimits.maxSize }) {
            error(j.location, path(), "\"\(lastKey(path()))\" is beyond ±\(fmt(SceneLimits.maxSize)) points")
            return nil
        }
        return Rect(v[0], v[1], v[2], v[3])
    }

    mutating func offset(_ j: JSON, _ path: @autoclosure () -> String) -> (x: Double, y: Double)? {
        guard let a = j.array, a.count == 2, let x = a[0].number, let y = a[1].number else {
            error(j.location, path(), "\"offset\" expects [x, y] in points, got \(j.shortDescription)")
            return nil
        }
        guard abs(x) <= SceneLimits.maxSize, abs(y) <= SceneLimits.maxSize else {
            error(j.location, path(), "\"offset\" is beyond ±\(fmt(SceneLimits.maxSize)) points")
            return nil
        }
        return (x, y)
    }

    mutating func insets(_ j: JSON, _ path: @autoclosure () -> String) -> EdgeInsets {
        let inRange = { (x: JSON) in x.number.map { $0 >= 0 && $0 <= SceneLimits.maxSize } ?? false }
        if inRange(j), let n = j.number { return EdgeInsets(top: n, leading: n, bottom: n, trailing: n) }
        if let a = j.array, a.allSatisfy(inRange) {
            let v = a.map { $0.number! }
            if v.count == 2 { return EdgeInsets(top: v[0], leading: v[1], bottom: v[0], trailing: v[1]) }
            if v.count == 4 { return EdgeInsets(top: v[0], leading: v[1], bottom: v[2], trailing: v[3]) }
        }
        error(
            j.location, path(),
            "\"padding\" expects a number, [vertical, horizontal] or [top, leading, bottom, trailing], each from 0 to \(fmt(SceneLimits.maxSize)) points, got \(j.shortDescription)"
        )
        return .zero
    }

    mutating func oneOf(_ j: JSON, _ path: @autoclosure () -> String, _ allowed: [String]) -> String? {
        if let s = j.string, allowed.contains(s) { return s }
        let hint = j.string.flatMap { suggest($0, allowed) }.map { "; did you mean \"\($0)\"?" } ?? ""
        error(
            j.location, path(),
            "\"\(lastKey(path()))\" expects one of \(allowed.map { "\"\($0)\"" }.joined(separator: ", ")), got \(j.shortDescription)\(hint)"
        )
        return nil
    }

    mutating func stateValue(_ j: JSON, _ path: @autoclosure () -> String) -> StateValue? {
        switch j.value {
        case .bool(let b): return .bool(b)
        case .number(let n): return .number(n)
        case .string(let s): return .string(s)
        case .null: return .null
        default:
            error(
                j.location, path(),
                "state values must be true/false, a number, a string or null, got \(j.shortDescription)")
            return nil
        }
    }

    mutating func condition(_ j: JSON, _ path: @autoclosure () -> String) -> Condition? {
        guard let m = j.members else {
            error(j.location, path(), "expected {\"state\": name, \"equals\": value}, got \(j.shortDescription)")
            return nil
        }
        checkKeys(m, allowed: SceneDecoder.conditionKeys, path: path(), what: "condition")
        guard let s = j["state"].flatMap({ nameValue($0, path() + ".state") }) else {
            if j["state"] == nil { error(j.location, path(), "a condition needs \"state\": the name of a state value") }
            return nil
        }
        let eq = j["equals"].flatMap { stateValue($0, path() + ".equals") } ?? .bool(true)
        return Condition(state: s, equals: eq)
    }

    mutating func stringMap(_ j: JSON, _ path: @autoclosure () -> String) -> [String: String] {
        guard let m = j.members else {
            error(j.location, path(), "expected an object of names to strings, got \(j.shortDescription)")
            return [:]
        }
        var out: [String: String] = [:]
        for member in m {
            let p = path() + "." + pathComponent(member.key)
            if SceneLimits.length(member.key) > SceneLimits.maxIDLength {
                error(
                    member.keyLocation, p,
                    "names are at most \(SceneLimits.maxIDLength) characters, got \(SceneLimits.length(member.key))")
                continue
            }
            switch member.value.value {
            case .string: if let s = stringValue(member.value, p) { out[member.key] = s }
            case .number(let n): out[member.key] = fmt(n)
            case .bool(let b): out[member.key] = b ? "true" : "false"
            default: error(member.value.location, p, "published values must be strings, numbers or booleans")
            }
        }
        return out
    }

    mutating func idList(_ j: JSON, _ path: @autoclosure () -> String) -> [String] {
        guard let a = j.array else {
            error(j.location, path(), "\"\(lastKey(path()))\" expects an array of ids, got \(j.shortDescription)")
            return []
        }
        return a.enumerated().compactMap { idReference($0.element, "\(path())[\($0.offset)]") }
    }
}
