import TenFootCore

/// Text entry and search keys: a text field's `keyboardType`, a search's `searchFocused` and empty state
/// (docs/scene-format.md, "Text entry and search").
extension SceneDecoder {
    mutating func decodeTextEntry(_ fields: NodeFields, into node: inout SceneNode, path: @autoclosure () -> String) {
        if let k = fields[.keyboardType] {
            node.keyboardType = oneOf(k, path() + ".keyboardType", KeyboardType.allCases.map(\.rawValue)).flatMap(KeyboardType.init(rawValue:))
        }
        guard node.type == .search else { return }
        var options = SearchOptions()
        if let f = fields[.searchFocused] { options.searchFocused = nameValue(f, path() + ".searchFocused") }
        if let t = fields[.emptyTitle], let s = stringValue(t, path() + ".emptyTitle") { options.emptyTitle = s }
        if let m = fields[.emptyMessage], let s = stringValue(m, path() + ".emptyMessage") { options.emptyMessage = s }
        node.search = options
    }
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
                    error(n.location, n.id, "a search belongs on the screen, not in a sheet (tvOS presents search full screen)")
                } else if let f = first {
                    error(n.location, n.id, "a scene has one search; the first is at \(f.location.line):\(f.location.column)")
                } else {
                    first = n
                }
                if let name = n.search?.searchFocused, let v = state[name] {
                    if case .bool = v {} else {
                        error(n.location, n.id + ".searchFocused", "\"searchFocused\" names \(quoted(name)), whose state is \(v); it binds a Bool state value (true while focus is on the search's keys)")
                    }
                }
                for c in n.children where c.type != .poster && c.type != .card && c.type != .monogram && c.type != .button {
                    error(c.location, c.id, "a search's children are the items it filters by title: posters, cards, monograms or buttons, got a \(c.type.rawValue)")
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
                error(j.location, path, "\"type\" expects quoted text, like \"type \\\"Nor\\\"\", got \(quoted(s))"); return .some(nil)
            }
            let text = String(rest.dropFirst().dropLast())
            guard text.count <= SceneLimits.maxTextLength else {
                error(j.location, path, "the text to type is \(text.count) characters long; the limit is \(SceneLimits.maxTextLength)"); return .some(nil)
            }
            return .some(.text(text))
        }
        if s == "submit" { return .some(.submit) }
        if s.hasPrefix("delete ") || s == "delete" {
            guard let n = Int(s.dropFirst(7)), n >= 1, n <= SceneLimits.maxTextLength else {
                error(j.location, path, "\"delete\" expects a count from 1 to \(SceneLimits.maxTextLength), like \"delete 2\", got \(quoted(s))"); return .some(nil)
            }
            return .some(.delete(n))
        }
        return nil
    }

    /// An expectation's `text` ({"field": "text"}) and `results` ([ids]) checks.
    mutating func decodeTextChecks(_ j: JSON, into e: inout Expectation, path: String) {
        if let t = j["text"] {
            if let members = t.members {
                for m in members {
                    if let s = stringValue(m.value, path + ".text." + pathComponent(m.key)) { e.text.append((m.key, s)) }
                }
            } else {
                error(t.location, path + ".text", "\"text\" expects an object {\"fieldID\": \"the text it holds\"}, got \(t.shortDescription)")
            }
        }
        if let r = j["results"] {
            if r.array != nil { e.results = idList(r, path + ".results") } else {
                error(r.location, path + ".results", "\"results\" expects an array of the ids the search shows, in order, got \(r.shortDescription)")
            }
        }
    }
}
