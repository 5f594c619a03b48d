import TenFootCore

/// Text entry and search keys: a text field's `keyboardType`, a search's `searchFocused`, empty state and
/// suggestions (docs/scene-format.md, "Text entry and search").
extension SceneDecoder {
    mutating func decodeTextEntry(_ fields: NodeFields, into node: inout SceneNode, path: @autoclosure () -> String) {
        if let k = fields[.keyboardType] {
            node.keyboardType = oneOf(k, path() + ".keyboardType", KeyboardType.allCases.map(\.rawValue)).flatMap(
                KeyboardType.init(rawValue:))
        }
        guard node.type == .search else { return }
        var options = SearchOptions()
        if let f = fields[.searchFocused] { options.searchFocused = nameValue(f, path() + ".searchFocused") }
        if let t = fields[.emptyTitle], let s = textValue(t, path() + ".emptyTitle") { options.emptyTitle = s }
        if let m = fields[.emptyMessage], let s = textValue(m, path() + ".emptyMessage") { options.emptyMessage = s }
        if let j = fields[.suggestions] { options.suggestions = searchSuggestions(j, path() + ".suggestions") }
        if let j = fields[.suggestionsMatch] {
            options.suggestionsMatch =
                oneOf(j, path() + ".suggestionsMatch", SuggestionsMatch.allCases.map(\.rawValue)).flatMap(
                    SuggestionsMatch.init(rawValue:)) ?? .all
        }
        node.search = options
    }

    static let suggestionKeys = ["title", "completion"]

    /// A search's `suggestions`: each a string (its completion, shown as itself) or `{"title": …, "completion": …}`
    /// (SwiftUI's `Text(title).searchCompletion(completion)`); neither text may be empty.
    mutating func searchSuggestions(_ j: JSON, _ path: String) -> [SearchSuggestion] {
        guard let items = j.array else {
            error(
                j.location, path,
                "\"suggestions\" expects an array of suggestions, each a string (its completion) or {\"title\": …, \"completion\": …}, got \(j.shortDescription)"
            )
            return []
        }
        guard items.count <= SceneLimits.maxSearchSuggestions else {
            error(
                j.location, path,
                "a search has at most \(SceneLimits.maxSearchSuggestions) suggestions, got \(items.count)")
            return []
        }
        var out: [SearchSuggestion] = []
        for (k, item) in items.enumerated() {
            let at = "\(path)[\(k)]"
            func text(_ v: JSON, _ p: String, _ key: String) -> String? {
                guard let s = textValue(v, p) else { return nil }
                guard !s.isEmpty else {
                    error(
                        v.location, p,
                        key == "title"
                            ? "a suggestion's \"title\" cannot be empty"
                            : "a suggestion's completion cannot be empty: it is what tvOS shows and what choosing the suggestion puts in the field"
                    )
                    return nil
                }
                return s
            }
            if item.string != nil {
                if let c = text(item, at, "completion") { out.append(SearchSuggestion(completion: c)) }
                continue
            }
            guard let members = item.members else {
                error(
                    item.location, at,
                    "a suggestion is a string (its completion) or an object {\"title\": …, \"completion\": …}, got \(item.shortDescription)"
                )
                continue
            }
            checkKeys(members, allowed: SceneDecoder.suggestionKeys, path: at, what: "suggestion")
            let title = item["title"].flatMap { text($0, at + ".title", "title") }
            let completion = item["completion"].flatMap { text($0, at + ".completion", "completion") }
            if item["title"] == nil, item["completion"] == nil {
                error(
                    item.location, at,
                    "a suggestion needs \"completion\" (what tvOS shows and puts in the field when it is chosen), or at least a \"title\""
                )
                continue
            }
            if title != nil || completion != nil { out.append(SearchSuggestion(title: title, completion: completion)) }
        }
        return out
    }
}

extension SceneLimits {
    /// Suggestions on one search (each becomes an item of the row under the keyboard).
    public static let maxSearchSuggestions = 1_000
}

extension SceneDecoder {
    /// One search per scene, on the screen: the keyboard's keys have one set of ids (`keyboard.a`), and a
    /// sheet's content is not where tvOS puts a search (UISearchContainerViewController fills the screen).
    /// A `searchFocused` state the scene gives must be a Bool (the binding writes true and false).
    mutating func checkSearches(_ root: SceneNode, _ sheets: [SceneNode], state: [String: StateValue]) {
        var first: SceneNode?
        func walk(_ n: SceneNode, inSheet: Bool) {
            if n.type == .search {
                if inSheet {
                    error(
                        n.location, n.id,
                        "a search belongs on the screen, not in a sheet (tvOS presents search full screen)")
                } else if let f = first {
                    error(
                        n.location, n.id,
                        "a scene has one search; the first is at \(f.location.line):\(f.location.column)")
                } else {
                    first = n
                }
                if let name = n.search?.searchFocused, let v = state[name] {
                    if case .bool = v {
                    } else {
                        error(
                            n.location, n.id + ".searchFocused",
                            "\"searchFocused\" names \(quoted(name)), whose state is \(v); it binds a Bool state value (true while focus is on the search's keys)"
                        )
                    }
                }
                for c in n.children
                where c.type != .poster && c.type != .card && c.type != .monogram && c.type != .button {
                    error(
                        c.location, c.id,
                        "a search's children are the items it filters by title: posters, cards, monograms or buttons, got a \(c.type.rawValue)"
                    )
                }
                return
            }
            n.children.forEach { walk($0, inSheet: inSheet) }
            n.tabs.forEach { walk($0.content, inSheet: inSheet) }
        }
        walk(root, inSheet: false)
        sheets.forEach { walk($0, inSheet: true) }
    }
}

extension SceneDecoder {
    /// A press written `type "text"`, `delete N` or `submit` in an expectation: nil when `s` is neither (a button's
    /// name, or a mistake reported as an unknown event); `.some(nil)` when it is one but malformed (reported).
    mutating func textPress(_ j: JSON, _ s: String, _ path: String) -> RemoteEvent?? {
        if s.hasPrefix("type ") {
            let rest = s.dropFirst(5)
            guard rest.count >= 2, rest.first == "\"", rest.last == "\"" else {
                error(j.location, path, "\"type\" expects quoted text, like \"type \\\"Nor\\\"\", got \(quoted(s))")
                return .some(nil)
            }
            let text = String(rest.dropFirst().dropLast())
            guard SceneLimits.length(text) <= SceneLimits.maxTextLength else {
                error(
                    j.location, path,
                    "the text to type is \(SceneLimits.length(text)) characters long; the limit is \(SceneLimits.maxTextLength)"
                )
                return .some(nil)
            }
            return .some(.text(text))
        }
        if s == "submit" { return .some(.submit) }
        if s.hasPrefix("delete ") || s == "delete" {
            guard let n = Int(s.dropFirst(7)), n >= 1, n <= SceneLimits.maxTextLength else {
                error(
                    j.location, path,
                    "\"delete\" expects a count from 1 to \(SceneLimits.maxTextLength), like \"delete 2\", got \(quoted(s))"
                )
                return .some(nil)
            }
            return .some(.delete(n))
        }
        return nil
    }

    /// An expectation's `text` ({"field": "text"}), `results` ([ids]) and `suggestions` ([texts]) checks.
    mutating func decodeTextChecks(_ j: JSON, into e: inout Expectation, path: String) {
        if let t = j["text"] {
            if let members = t.members {
                for m in members {
                    if let s = stringValue(m.value, path + ".text." + pathComponent(m.key)) {
                        e.text.append((m.key, s))
                    }
                }
            } else {
                error(
                    t.location, path + ".text",
                    "\"text\" expects an object {\"fieldID\": \"the text it holds\"}, got \(t.shortDescription)")
            }
        }
        if let r = j["results"] {
            if r.array != nil {
                e.results = idList(r, path + ".results")
            } else {
                error(
                    r.location, path + ".results",
                    "\"results\" expects an array of the ids the search shows, in order, got \(r.shortDescription)")
            }
        }
        if let r = j["suggestions"] {
            if let items = r.array {
                e.suggestions = items.enumerated().compactMap {
                    stringValue($0.element, "\(path).suggestions[\($0.offset)]")
                }
            } else {
                error(
                    r.location, path + ".suggestions",
                    "\"suggestions\" expects an array of the texts the search's suggestions show, in order, got \(r.shortDescription)"
                )
            }
        }
    }
}
