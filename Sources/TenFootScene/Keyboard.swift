/// The Siri Remote's linear on-screen keyboard: which keys a field's keyboard shows, and their ids.
///
/// Sources (docs/input.md, "The on-screen keyboard"): tvOS shows "a linear virtual keyboard when people select a
/// text field using the Siri Remote" (HIG, Virtual keyboards); the letters run left to right in one row with
/// delete at its end (tvOS 9 onwards); the sets are switched with `abc`, `ABC`, `123` and `#+=` (Apple Support
/// HT200107); an email keyboard "can include the '@' character and a period or even '.com'" (HIG). Where space,
/// the set switches and Next/Done sit is not documented: TenFoot puts space at the row's start and the set
/// switches and buttons on a line under it (a TenFoot choice, stated in the docs).
///
/// Every key's id starts with `keyboard.`, which scene ids may not (the decoder refuses them), so keys never
/// collide with a scene's items. Pure: no state, the simulator keeps which set is shown.
public enum Keyboard {

    /// What pressing a key does.
    public enum Action: Sendable, Hashable {
        /// Inserts the text.
        case insert(String)
        case space, delete
        /// Shows another set of keys in the row.
        case set(KeyboardSet)
        /// Entry screen only: the field before, the field after, end editing (each commits the text).
        case previous, next, done
    }

    public struct Key: Sendable, Hashable {
        public var id: String
        /// What the key shows.
        public var label: String
        public var action: Action
        /// Points wide in the row (letters 54, wide keys 120).
        public var width: Double

        public init(id: String, label: String, action: Action, width: Double = Keyboard.letterWidth) {
            self.id = id
            self.label = label
            self.action = action
            self.width = width
        }
    }

    public static let letterWidth = 54.0
    public static let wideWidth = 120.0
    public static let buttonWidth = 150.0
    public static let keyHeight = 80.0
    public static let gap = 4.0

    /// The row of keys for a keyboard type and set, left to right: space, the set's characters, the type's
    /// extra keys, delete. A number pad is the ten digits and delete only.
    public static func row(_ type: KeyboardType, _ set: KeyboardSet) -> [Key] {
        if type == .number {
            return "1234567890".map { character(String($0)) } + [deleteKey]
        }
        let characters: [String]
        switch set {
        case .lower: characters = "abcdefghijklmnopqrstuvwxyz".map(String.init)
        case .upper: characters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".map(String.init)
        case .numbers: characters = "1234567890".map(String.init)
        case .symbols: characters = symbols
        }
        var keys = [Key(id: KeyboardIDs.prefix + "space", label: "space", action: .space, width: wideWidth)]
        keys += characters.map(character)
        switch type {
        case .email: keys += ["@", ".", ".com"].filter { !characters.contains($0) }.map(character)
        case .url: keys += [".", "/", ".com"].filter { !characters.contains($0) }.map(character)
        case .default, .number: break
        }
        return fitted(keys + [deleteKey])
    }

    /// The widest a row may be: the safe area's width less a little room for the focused key's lift.
    public static let maxRowWidth = 1752.0

    /// Keys narrowed in proportion when the row would be wider than `maxRowWidth` (an email row's extra keys).
    static func fitted(_ keys: [Key]) -> [Key] {
        let total = keys.reduce(0) { $0 + $1.width } + Double(max(0, keys.count - 1)) * gap
        guard total > maxRowWidth else { return keys }
        let scale =
            (maxRowWidth - Double(max(0, keys.count - 1)) * gap) / (total - Double(max(0, keys.count - 1)) * gap)
        return keys.map {
            var k = $0
            k.width = (k.width * scale).rounded(.down)
            return k
        }
    }

    /// The line under the row: the set switches (none on a number pad), then on the entry screen Previous
    /// (when a field comes before) and Next (when one comes after) or Done.
    public static func line(_ type: KeyboardType, entry: Bool, hasPrevious: Bool, hasNext: Bool) -> [Key] {
        var keys: [Key] = []
        if type != .number {
            keys = KeyboardSet.allCases.map {
                Key(
                    id: KeyboardIDs.prefix + "set." + $0.rawValue, label: $0.label, action: .set($0), width: buttonWidth
                )
            }
        }
        guard entry else { return keys }
        if hasPrevious {
            keys.append(
                Key(id: KeyboardIDs.prefix + "previous", label: "Previous", action: .previous, width: buttonWidth * 1.4)
            )
        }
        keys.append(
            hasNext
                ? Key(id: KeyboardIDs.prefix + "next", label: "Next", action: .next, width: buttonWidth * 1.4)
                : Key(id: KeyboardIDs.prefix + "done", label: "Done", action: .done, width: buttonWidth * 1.4))
        return keys
    }

    public static let deleteKey = Key(id: KeyboardIDs.prefix + "delete", label: "⌫", action: .delete, width: wideWidth)

    /// The symbols set (`#+=`), in the order iOS's symbol keys run.
    public static let symbols = [
        "-", "/", ":", ";", "(", ")", "$", "&", "@", "\"", ".", ",", "?", "!", "'", "#", "%",
        "+", "=", "_", "*", "<", ">", "[", "]", "{", "}", "\\", "|", "~", "^",
    ]

    /// A character key: `keyboard.a`, `keyboard.A`, `keyboard.7`, symbols by name (`keyboard.at`).
    public static func character(_ c: String) -> Key {
        Key(
            id: KeyboardIDs.prefix + name(of: c), label: c, action: .insert(c),
            width: c.count > 1 ? wideWidth : letterWidth)
    }

    /// A character's name in key ids: letters and digits are themselves, symbols have names.
    public static func name(of c: String) -> String {
        if let k = symbolNames.firstIndex(where: { $0.0 == c }) { return symbolNames[k].1 }
        return c
    }

    static let symbolNames: [(String, String)] = [
        ("-", "hyphen"), ("/", "slash"), (":", "colon"), (";", "semicolon"), ("(", "leftParenthesis"),
        (")", "rightParenthesis"), ("$", "dollar"), ("&", "ampersand"), ("@", "at"), ("\"", "quote"), (".", "period"),
        (",", "comma"), ("?", "question"), ("!", "exclamation"), ("'", "apostrophe"), ("#", "number"), ("%", "percent"),
        ("+", "plus"), ("=", "equals"), ("_", "underscore"), ("*", "asterisk"), ("<", "less"), (">", "greater"),
        ("[", "leftBracket"), ("]", "rightBracket"), ("{", "leftBrace"), ("}", "rightBrace"), ("\\", "backslash"),
        ("|", "bar"), ("~", "tilde"), ("^", "caret"), (".com", "dotcom"),
    ]

    /// The alternates a long press on a letter offers: the other case first, then accented forms (tvOS: "Tap
    /// and hold any lower case key to quickly find capitalized and accented versions"; which accents is not
    /// documented, so TenFoot follows iOS's long-press sets). Empty for keys without alternates.
    public static func alternates(of c: String) -> [String] {
        guard c.count == 1, let ch = c.first, ch.isLetter else { return [] }
        let lower = c.lowercased()
        let other = ch.isUppercase ? lower : c.uppercased()
        let accents = accented.first { $0.0 == lower }?.1 ?? []
        return [other] + accents.map { ch.isUppercase ? $0.uppercased() : $0 }
    }

    static let accented: [(String, [String])] = [
        ("a", ["à", "á", "â", "ä", "æ", "ã", "å", "ā"]), ("c", ["ç", "ć", "č"]),
        ("e", ["é", "è", "ê", "ë", "ē", "ė", "ę"]), ("i", ["í", "ì", "î", "ï", "ī", "į"]), ("l", ["ł"]),
        ("n", ["ñ", "ń"]), ("o", ["ó", "ò", "ô", "ö", "õ", "ø", "œ", "ō"]), ("s", ["ß", "ś", "š"]),
        ("u", ["ú", "ù", "û", "ü", "ū"]), ("y", ["ÿ"]), ("z", ["ž", "ź", "ż"]),
    ]

    /// The strip of alternates shown in place of the row: `keyboard.alt.0`, `keyboard.alt.1`, ….
    public static func alternateKeys(_ options: [String]) -> [Key] {
        options.enumerated().map {
            Key(id: KeyboardIDs.prefix + "alt.\($0.offset)", label: $0.element, action: .insert($0.element))
        }
    }
}

/// `keyboardType` on a text field or a search (UIKeyboardType / SwiftUI `.keyboardType`): the keys it adds.
public enum KeyboardType: String, Sendable, Hashable, CaseIterable {
    case `default`, email, url, number
}

/// The set of characters the row shows (`abc`, `ABC`, `123`, `#+=`).
public enum KeyboardSet: String, Sendable, Hashable, CaseIterable {
    case lower, upper, numbers, symbols

    public var label: String {
        switch self {
        case .lower: "abc"
        case .upper: "ABC"
        case .numbers: "123"
        case .symbols: "#+="
        }
    }
}

/// Matching a search's titles: case- and diacritic-insensitive, by a fixed table so every machine folds the
/// same way (no locale; Foundation's folding is not used).
public enum SearchMatch {
    /// Whether `title` contains `query`, both folded. An empty query matches everything.
    public static func matches(title: String, query: String) -> Bool {
        matches(folded: fold(title), query: fold(query))
    }

    /// ``matches(title:query:)`` for a title and a query already folded (a search folds its titles once).
    public static func matches(folded title: String, query: String) -> Bool {
        matches(Folded(folded: title), query: query, length: query.count)
    }

    /// A folded title with its length in characters, counted once.
    public struct Folded: Sendable, Hashable {
        public var title: String
        public var length: Int
        public init(_ title: String) { self.init(folded: fold(title)) }
        init(folded title: String) {
            self.title = title
            length = title.count
        }
    }

    /// Whether `title` holds `query` (folded, `length` characters long). A query longer than the title is not in it:
    /// the searcher built its table for every title at every key (a query of 1,000 typed characters over 1,000
    /// titles), and counting the query for each title cost as much (5,000 titles, 4,000 keys: 40 s).
    public static func matches(_ title: Folded, query: String, length: Int) -> Bool {
        query.isEmpty || length <= title.length && title.title.contains(query)
    }

    /// Lower case (Unicode's default mapping, the same everywhere), combining marks dropped, and the Latin
    /// letters with diacritics of Latin-1 and Latin Extended-A mapped to their base letters ("Amélie" →
    /// "amelie", "Ørsted" → "orsted", "Straße" → "strasse").
    public static func fold(_ s: String) -> String {
        // ASCII has no marks or letters with diacritics: lower case is all of it (each typed character folded
        // 499 titles of 4,000 characters a scalar at a time, 0.25 s a keystroke).
        if s.utf8.allSatisfy({ $0 < 0x80 }) { return s.lowercased() }
        var out = ""
        out.unicodeScalars.reserveCapacity(s.unicodeScalars.count)
        for scalar in s.lowercased().unicodeScalars {
            let v = scalar.value
            if (0x300...0x36F).contains(v) { continue }  // combining diacritical marks
            if let base = baseLetters[v] { out += base } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// Lower-case letters with diacritics → their base letters.
    static let baseLetters: [UInt32: String] = {
        var table: [UInt32: String] = [:]
        let groups: [(String, String)] = [
            ("a", "àáâãäåāăą"), ("c", "çćĉċč"), ("d", "ďđ"), ("e", "èéêëēĕėęě"), ("g", "ĝğġģ"), ("h", "ĥħ"),
            ("i", "ìíîïĩīĭįı"), ("j", "ĵ"), ("k", "ķ"), ("l", "ĺļľŀł"), ("n", "ñńņňŉ"), ("o", "òóôõöøōŏő"),
            ("r", "ŕŗř"), ("s", "śŝşš"), ("t", "ţťŧ"), ("u", "ùúûüũūŭůűų"), ("w", "ŵ"), ("y", "ýÿŷ"), ("z", "źżž"),
            ("ae", "æ"), ("oe", "œ"), ("ss", "ß"), ("th", "þ"), ("dh", "ð"),
        ]
        for (base, letters) in groups { for s in letters.unicodeScalars { table[s.value] = base } }
        return table
    }()
}

/// A `search` node's own keys: the FocusState-like `searchFocused` binding, the empty state's texts and the
/// suggestions.
public struct SearchOptions: Sendable, Hashable {
    /// A Bool state value that is true while focus is on the search's keyboard (SwiftUI's `searchFocused`,
    /// mapped: see docs/scene-format.md).
    public var searchFocused: String?
    public var emptyTitle: String
    public var emptyMessage: String
    /// `.searchSuggestions { … }`: the row of suggestions under the keyboard, in the scene's order.
    public var suggestions: [SearchSuggestion]
    /// Which suggestions the row shows for the query (SwiftUI shows the list it is given: filtering is app code).
    public var suggestionsMatch: SuggestionsMatch

    public init(
        searchFocused: String? = nil, emptyTitle: String = "No Results",
        emptyMessage: String = "Try a different search term",
        suggestions: [SearchSuggestion] = [], suggestionsMatch: SuggestionsMatch = .all
    ) {
        self.searchFocused = searchFocused
        self.emptyTitle = emptyTitle
        self.emptyMessage = emptyMessage
        self.suggestions = suggestions
        self.suggestionsMatch = suggestionsMatch
    }

    /// The suggestions the row shows for `query`, each with its index in ``suggestions`` (its id's number, so an
    /// id stays the same while the row filters), in the scene's order. An empty query shows them all.
    public func shownSuggestions(for query: String) -> [(index: Int, suggestion: SearchSuggestion)] {
        let q = SearchMatch.fold(query)
        return suggestions.enumerated().compactMap { k, s in
            switch suggestionsMatch {
            case .all: break
            case .contains: if !q.isEmpty, !SearchMatch.fold(s.shown).contains(q) { return nil }
            case .prefix: if !q.isEmpty, !SearchMatch.fold(s.shown).hasPrefix(q) { return nil }
            }
            return (k, s)
        }
    }
}

/// One search suggestion: SwiftUI's `Text(title).searchCompletion(completion)` (UIKit's `UISearchSuggestionItem`).
/// tvOS shows the completion ("On tvOS, the string that you provide to this modifier is used when displaying the
/// associated suggestion and when replacing the partial text of the search field"); without one it shows the
/// text, and choosing it does nothing ("the suggestion view doesn't react to taps or clicks").
public struct SearchSuggestion: Sendable, Hashable {
    /// The suggestion's `Text`: what other platforms draw; tvOS draws it only when there is no completion.
    public var title: String?
    /// What choosing the suggestion puts in the search field, and what tvOS draws.
    public var completion: String?

    public init(title: String? = nil, completion: String?) {
        self.title = title
        self.completion = completion
    }

    /// What the row draws on tvOS: the completion, else the title.
    public var shown: String { completion ?? title ?? "" }
}

/// `suggestionsMatch`: which suggestions a search shows for its query, matched against what each shows with the
/// search's own folding (``SearchMatch/fold(_:)``). SwiftUI filters nothing ("you manage the list of
/// suggestions"): `contains` and `prefix` stand for the app code that usually does.
public enum SuggestionsMatch: String, Sendable, Hashable, CaseIterable {
    /// Every suggestion, whatever the query (a static `.searchSuggestions` list).
    case all
    /// The suggestions whose text contains the query (`localizedCaseInsensitiveContains`).
    case contains
    /// The suggestions whose text starts with the query (completions of what is typed).
    case prefix
}

/// The ids of what the simulator makes itself — the keyboards' keys and rows, the entry screen, the search's
/// field, results and suggestions — all in one namespace (`keyboard.`) that scene ids may not use, so they never
/// collide with a scene's items. What a made node is, the node says (`SceneNode.systemPart`).
public enum KeyboardIDs {
    /// The namespace.
    public static let prefix = "keyboard."

    /// Whether `id` names something the system made rather than something of the scene.
    public static func isSystem(_ id: String) -> Bool { id.hasPrefix(prefix) }

    public static let entry = prefix + "entry"
    public static let prompt = prefix + "prompt"
    /// The search's field.
    public static let field = prefix + "field"
    /// The entry screen's field (its own id: a search stays on the screen under the entry screen).
    public static let entryField = prefix + "entry.field"
    public static let row = prefix + "row"
    public static let line = prefix + "line"
    public static let results = prefix + "results"
    public static let empty = prefix + "empty"
    /// The search's row of suggestions, under the keyboard's line.
    public static let suggestions = prefix + "suggestions"

    /// The id of the search's suggestion at `index` in the scene's list: `keyboard.suggestion.0`, ….
    public static func suggestion(_ index: Int) -> String { prefix + "suggestion." + String(index) }
}

/// What a node the simulator made is (nodes of the scene have none).
public enum SystemPart: Sendable, Hashable {
    /// A key of an on-screen keyboard.
    case key
    /// The search's suggestion at this index of the scene's list.
    case suggestion(Int)
}
