/// Which files declare which names, from their text alone (no parsing): the types a file declares or extends
/// (`struct Show`, `extension Outer.Inner` → `Inner`) and the functions of files that hold an extension. The reader
/// parses a neighbour only when it declares a name it needs; a file that merely mentions the name is not parsed.
/// Declarations inside comments or strings count too: a file parsed for nothing costs time, never a wrong result.
struct SourceDeclarations {
    /// Type name → the files declaring or extending it, in the order they were added (nearest first).
    private(set) var types: [String: [String]] = [:]
    /// Function name → the files declaring it that also hold an `extension` (an app's own modifiers).
    private(set) var extensionFunctions: [String: [String]] = [:]

    enum Keyword { case type, extensionOf, function }

    /// The declaring keyword `bytes[start..<end]` spells, compared byte by byte (no string is made of a word).
    private static func keyword(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Keyword? {
        func spells(_ word: StaticString) -> Bool {
            guard word.utf8CodeUnitCount == end - start else { return false }
            let w = word.utf8Start
            for i in 0..<(end - start) where bytes[start + i] != w[i] { return false }
            return true
        }
        switch end - start {
        case 4: return spells("enum") ? .type : spells("func") ? .function : nil
        case 5: return spells("class") || spells("actor") ? .type : nil
        case 6: return spells("struct") ? .type : nil
        case 8: return spells("protocol") ? .type : nil
        case 9: return spells("typealias") ? .type : spells("extension") ? .extensionOf : nil
        default: return nil
        }
    }

    private static func isIdentifier(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b >= 0x80
    }

    mutating func add(_ path: String, _ text: String) {
        let bytes = Array(text.utf8)
        let n = bytes.count
        var hasExtension = false
        var functions: [String] = []
        var k = 0
        while k < n {
            guard Self.isIdentifier(bytes[k]) else {
                k += 1
                continue
            }
            var end = k
            while end < n, Self.isIdentifier(bytes[end]) { end += 1 }
            let start = k
            k = end
            guard let keyword = Self.keyword(bytes, start, end) else { continue }
            var j = end
            while j < n, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
            // The name, qualified or not (`Outer.Inner`): its last component.
            var name: Range<Int>?
            while j < n, Self.isIdentifier(bytes[j]) {
                let s = j
                while j < n, Self.isIdentifier(bytes[j]) { j += 1 }
                name = s..<j
                guard j < n, bytes[j] == 0x2E else { break }  // "."
                j += 1
            }
            guard let name else { continue }
            let word = String(decoding: bytes[name], as: UTF8.self)
            switch keyword {
            case .function: functions.append(word)
            case .extensionOf:
                hasExtension = true
                Self.append(&types, word, path)
            case .type: Self.append(&types, word, path)
            }
            k = j
        }
        if hasExtension { for f in functions { Self.append(&extensionFunctions, f, path) } }
    }

    /// Static, so that no copy of `self` holds the table while it grows: as a method it copied the whole table for
    /// every name (15,000 neighbours took 4 s).
    private static func append(_ table: inout [String: [String]], _ name: String, _ path: String) {
        if table[name]?.last != path { table[name, default: []].append(path) }
    }
}
