import FocusEngine
import TenFootScene

/// The keyboards and the search as system-made scene nodes (`Simulator+Keyboard` has what they do).
extension Simulator {
    // MARK: Building the structure

    /// The search's column for the current query and keyboard: field, rows, results or empty state. `folded`: the
    /// catalogue's titles folded, in its order.
    static func searchColumn(
        _ search: SceneNode, catalogue: [SceneNode], folded: [SearchMatch.Folded], query: String,
        keyboard: KeyboardState?
    ) -> [SceneNode] {
        var out: [SceneNode] = []
        var field = systemNode(.textField, KeyboardIDs.field, search)
        field.value = query
        field.placeholder = search.placeholder ?? "Search"
        field.width = .points(1200)
        field.focusableSet = true
        field.focusable = nil
        out.append(field)
        if let kb = keyboard {
            out.append(rowNode(kb, search))
            out.append(lineNode(kb, search))
        }
        if let row = suggestionsRow(search, query: query) { out.append(row) }
        let q = SearchMatch.fold(query)
        let length = q.count
        let matches = zip(catalogue, folded).filter { SearchMatch.matches($0.1, query: q, length: length) }.map(\.0)
        if matches.isEmpty {
            var empty = systemNode(.vstack, KeyboardIDs.empty, search)
            empty.width = .fill
            empty.alignment = Alignment(name: "center")
            empty.spacing = 12
            var glyph = systemNode(.text, KeyboardIDs.empty + ".icon", search)
            glyph.icon = "magnifyingglass"
            glyph.title = ""
            glyph.textStyle = .title2
            var title = systemNode(.text, KeyboardIDs.empty + ".title", search)
            title.title = search.search?.emptyTitle ?? SearchOptions().emptyTitle
            title.textStyle = .title3
            var message = systemNode(.text, KeyboardIDs.empty + ".message", search)
            message.title = search.search?.emptyMessage ?? SearchOptions().emptyMessage
            message.textStyle = .callout
            empty.padding = EdgeInsets(top: 60, leading: 0, bottom: 0, trailing: 0)
            empty.children = [glyph, title, message]
            out.append(empty)
        } else {
            var grid = systemNode(.grid, KeyboardIDs.results, search)
            grid.columns = search.columns ?? 5
            grid.spacing = search.spacing
            grid.children = matches
            var scroller = systemNode(.scroll, KeyboardIDs.results + ".scroll", search)
            scroller.height = .fill
            scroller.width = .fill
            scroller.children = [grid]
            out.append(scroller)
        }
        return out
    }

    /// The row of suggestions under the keyboard ("In tvOS, suggestions render as a row underneath the search
    /// field", SwiftUI; "in a list below the keyboard", UIKit), nil when none is shown: the completion of each
    /// (what tvOS draws), scrolling sideways like a shelf. A focus section, so down from any key reaches it.
    static func suggestionsRow(_ search: SceneNode, query: String) -> SceneNode? {
        let shown = search.search?.shownSuggestions(for: query) ?? []
        guard !shown.isEmpty else { return nil }
        var row = systemNode(.shelf, KeyboardIDs.suggestions, search)
        row.spacing = suggestionSpacing
        row.focusSection = true
        row.children = shown.map { k, suggestion in
            var b = systemNode(.button, KeyboardIDs.suggestion(k), search)
            b.systemPart = .suggestion(k)
            b.title = suggestion.shown
            b.height = .points(suggestionHeight)
            return b
        }
        return row
    }

    static let suggestionHeight = 66.0
    static let suggestionSpacing = 0.0

    /// The full-screen entry screen of a text field: prompt, field, row, line.
    static func entrySheet(_ field: SceneNode, text: String, keyboard kb: KeyboardState) -> SceneNode {
        var sheet = systemNode(.sheet, KeyboardIDs.entry, field)
        sheet.presentation = .fullScreen
        sheet.alignment = Alignment(name: "center")
        sheet.spacing = 40
        sheet.restoresFocusAfterTransition = true
        var prompt = systemNode(.text, KeyboardIDs.prompt, field)
        prompt.title = field.title ?? field.placeholder ?? ""
        prompt.textStyle = .title2
        var shown = systemNode(.textField, KeyboardIDs.entryField, field)
        shown.value = text
        shown.placeholder = field.placeholder
        shown.secure = field.secure
        shown.width = .points(1000)
        shown.focusableSet = true
        shown.focusable = nil
        sheet.padding = EdgeInsets(top: 100, leading: 0, bottom: 0, trailing: 0)
        sheet.children = [prompt, shown, rowNode(kb, field), lineNode(kb, field)]
        return sheet
    }

    static func systemNode(_ type: NodeType, _ id: String, _ owner: SceneNode) -> SceneNode {
        SceneNode(type: type, id: id, hasExplicitID: true, location: owner.location)
    }

    static func keyNodes(_ keys: [Keyboard.Key], _ owner: SceneNode) -> [SceneNode] {
        keys.map { key in
            var b = systemNode(.button, key.id, owner)
            b.systemPart = .key
            b.title = key.label
            b.width = .points(key.width)
            b.height = .points(Keyboard.keyHeight)
            return b
        }
    }

    /// The key row: one focus section that remembers its last key (up from the results lands there again).
    /// The alternates strip takes the row's place starting at its letter, the row's width kept (fillers that
    /// take no focus on either side), so nothing else on the screen moves.
    static func rowNode(_ kb: KeyboardState, _ owner: SceneNode) -> SceneNode {
        var row = systemNode(.hstack, KeyboardIDs.row, owner)
        row.spacing = Keyboard.gap
        row.focusSection = true
        row.remembersLastFocus = true
        row.children = keyNodes(kb.rowKeys, owner)
        row.defaultFocus = kb.rowKeys.first { if case .insert = $0.action { true } else { false } }?.id
        if let a = kb.alternates {
            let full = Keyboard.row(kb.type, kb.set)
            let at = full.firstIndex { $0.id == a.key } ?? 0
            let before = full[..<at].reduce(0) { $0 + $1.width + Keyboard.gap }
            let strip = kb.rowKeys.reduce(0) { $0 + $1.width + Keyboard.gap }
            let after = max(0, width(of: full) - before - strip)
            func filler(_ id: String, _ w: Double) -> SceneNode {
                var f = systemNode(.text, id, owner)
                f.title = ""
                f.width = .points(max(0, w - Keyboard.gap))
                f.height = .points(Keyboard.keyHeight)
                return f
            }
            row.children =
                [filler(KeyboardIDs.row + ".before", before)] + row.children + [
                    filler(KeyboardIDs.row + ".after", after)
                ]
        }
        return row
    }

    /// A row's width: its keys and the gaps between them.
    static func width(of keys: [Keyboard.Key]) -> Double {
        keys.reduce(0) { $0 + $1.width } + Double(max(0, keys.count - 1)) * Keyboard.gap
    }

    /// The line under the row, as wide as the row: the set switches at its start, Previous and Next or Done
    /// at its end.
    static func lineNode(_ kb: KeyboardState, _ owner: SceneNode) -> SceneNode {
        var line = systemNode(.hstack, KeyboardIDs.line, owner)
        line.spacing = 20
        line.focusSection = true
        line.width = .points(width(of: Keyboard.row(kb.type, kb.set)))
        var keys = keyNodes(kb.lineKeys, owner)
        for k in keys.indices { keys[k].height = .points(66) }
        if let split = keys.firstIndex(where: { !$0.id.hasPrefix(KeyboardIDs.prefix + "set.") }) {
            keys.insert(systemNode(.spacer, KeyboardIDs.line + ".space", owner), at: split)
        }
        line.children = keys
        return line
    }

    /// Brings the system-made structure up to date with the keyboard state and the typed text: the search's
    /// column (capturing its items the first time a scene version shows it) and the entry sheet. Called before
    /// every layout pass; changes the scene only when something shown changed.
    mutating func refreshKeyboards() {
        if let id = index.search, let node = index.nodes[id] {
            let fresh = node.children.first?.id != KeyboardIDs.field
            if fresh {
                textEntry.searchCatalogue = node.children
                if textEntry.searchKeyboard?.target != id {
                    textEntry.searchKeyboard = KeyboardState(
                        target: id, entry: false, type: node.keyboardType ?? .default)
                }
                if textEntry.fieldValues[id] == nil { textEntry.fieldValues[id] = node.value ?? "" }
            }
            // While the entry screen covers the search, the search shows no keys (one set of key ids).
            let kb = textEntry.entry == nil ? textEntry.searchKeyboard : nil
            let inputs = SearchInputs(query: textEntry.fieldValues[id] ?? "", keyboard: kb)
            // Filtering walks every item: only when the query or the keys changed (not on every layout pass).
            if fresh || inputs != textEntry.searchShown {
                textEntry.searchShown = inputs
                // Matching reads each title as long as the query, and the query: counted, as a pass over the screen
                // is (1,000 typed keys over 1,000 long titles took 24 s uncounted).
                let query = SearchMatch.fold(inputs.query)
                let (length, bytes) = (query.count, query.utf8.count)
                let read = textEntry.searchFolded.reduce(bytes) {
                    $0 + ($1.length < length ? 1 : $1.title.utf8.count + bytes)
                }
                session.work += max(1, read / WorkCost.matchedBytesPerUnit)
                let column = Simulator.searchColumn(
                    node, catalogue: textEntry.searchCatalogue, folded: textEntry.searchFolded, query: inputs.query,
                    keyboard: kb)
                if fresh || !sameStructure(node.children, column), let path = path(of: id) {
                    modify(path) { $0.children = column }
                }
            }
        } else {
            textEntry.searchKeyboard = nil
            textEntry.searchCatalogue = []
        }
        if let kb = textEntry.entry, let field = index.nodes[kb.target] {
            let sheet = Simulator.entrySheet(field, text: textEntry.fieldValues[kb.target] ?? "", keyboard: kb)
            if let k = scene.sheets.firstIndex(where: { $0.id == KeyboardIDs.entry }) {
                if !sameStructure([scene.sheets[k]], [sheet]) { scene.sheets[k] = sheet }
            } else {
                scene.sheets.append(sheet)
            }
        }
    }

    /// Whether two system-made trees show the same: ids, titles and values, node for node.
    func sameStructure(_ a: [SceneNode], _ b: [SceneNode]) -> Bool {
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) {
            guard x.id == y.id, x.title == y.title, x.value == y.value, sameStructure(x.children, y.children) else {
                return false
            }
        }
        return true
    }

}

extension Simulator {
    /// A scene with its search's column filled for the search's starting text, the items it filters and the
    /// search's keyboard (nil without a search).
    static func showingSearch(_ scene: Scene) -> (Scene, (catalogue: [SceneNode], keyboard: KeyboardState)?) {
        guard let search = scene.allNodes.first(where: { $0.type == .search }) else { return (scene, nil) }
        let kb = KeyboardState(target: search.id, entry: false, type: search.keyboardType ?? .default)
        let catalogue = search.children
        let column = searchColumn(
            search, catalogue: catalogue, folded: catalogue.map { SearchMatch.Folded($0.title ?? "") },
            query: search.value ?? "", keyboard: kb)
        var out = scene
        func fill(_ n: inout SceneNode) -> Bool {
            if n.id == search.id {
                n.children = column
                return true
            }
            for k in n.children.indices where fill(&n.children[k]) { return true }
            for k in n.tabs.indices where fill(&n.tabs[k].content) { return true }
            return false
        }
        _ = fill(&out.root)
        return (out, (catalogue, kb))
    }
}
