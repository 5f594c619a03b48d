import FocusEngine
import TenFootScene

/// The on-screen keyboard and search (docs/input.md, "The on-screen keyboard", with its sources).
///
/// The keyboard is system-made structure: ordinary scene nodes with ids in the `keyboard.` namespace (which
/// scene ids may not use), built here from the keyboard's state, laid out and focused like any other nodes,
/// so the engine moves focus key to key and `explain`, `audit` and the debug overlay see the keys.
/// - Select on a text field opens the full-screen entry screen: a full-screen sheet `keyboard.entry` with the
///   prompt, the field, the key row and the line of set switches and Previous / Next / Done.
/// - A `search` node is a column the simulator fills: the field (`keyboard.field`), the key row
///   (`keyboard.row`), the set line (`keyboard.line`), the suggestions (`keyboard.suggestions`, when any is
///   shown) and the results (`keyboard.results`, the search's children whose titles match) or the empty state
///   (`keyboard.empty`).
public struct KeyboardState: Sendable, Hashable {
    /// The text field or search typed into.
    public var target: String
    /// The full-screen entry screen of a text field; false for a search's inline keyboard.
    public var entry: Bool
    public var type: KeyboardType
    public var set: KeyboardSet = .lower
    /// The alternates strip of a long-pressed letter: the letter's key id and the options.
    public var alternates: Alternates?
    /// The text when editing began: Menu restores it.
    var original: String = ""
    /// The text fields before and after the edited one (Previous / Next), in the scene's order.
    var previousField: String?
    var nextField: String?

    public struct Alternates: Sendable, Hashable {
        public var key: String
        public var options: [String]
    }

    /// The row's keys now: the alternates strip while it is up, else the set's keys.
    public var rowKeys: [Keyboard.Key] {
        if let a = alternates { return Keyboard.alternateKeys(a.options) }
        return Keyboard.row(type, set)
    }

    public var lineKeys: [Keyboard.Key] {
        Keyboard.line(type, entry: entry, hasPrevious: previousField != nil, hasNext: nextField != nil)
    }

    public func key(_ id: String) -> Keyboard.Key? {
        rowKeys.first { $0.id == id } ?? lineKeys.first { $0.id == id }
    }
}

/// What a search's column was last built from.
struct SearchInputs: Sendable, Hashable {
    var query: String
    var keyboard: KeyboardState?
}

extension Simulator {
    /// The keyboard that keys typed now go to: the entry screen's, else the search's.
    public var activeKeyboard: KeyboardState? { textEntry.entry ?? textEntry.searchKeyboard }

    /// The field or search that text typed on a desktop keyboard goes into now: the field being edited, or
    /// the search while focus is on its keyboard (the search field is "focused", as `searchFocused` reads it).
    public var textTarget: String? {
        if let e = textEntry.entry { return e.target }
        if let s = textEntry.searchKeyboard, isOnKeyboard { return s.target }
        return nil
    }

    /// Whether focus is on a key (of the row or the line).
    public var isOnKeyboard: Bool {
        guard let id = system.focused, KeyboardIDs.isSystem(id) else { return false }
        return activeKeyboard?.key(id) != nil
    }

    /// The ids of the search's results now shown, in order (empty when nothing matches or there is no search).
    public var searchResults: [String] {
        guard let id = index.search, let node = index.nodes[id] else { return [] }
        let scroller = node.children.first { $0.id == KeyboardIDs.results + ".scroll" }
        return scroller?.children.first { $0.id == KeyboardIDs.results }?.children.map(\.id) ?? []
    }

    /// The texts the search's suggestions show now, in order (empty when none are shown or there is no search).
    public var searchSuggestions: [String] {
        guard let id = index.search, let node = index.nodes[id] else { return [] }
        return node.children.first { $0.id == KeyboardIDs.suggestions }?.children.map { $0.title ?? "" } ?? []
    }

    // MARK: Building the structure

    /// The search's column for the current query and keyboard: field, rows, results or empty state.
    static func searchColumn(_ search: SceneNode, catalogue: [SceneNode], query: String, keyboard: KeyboardState?)
        -> [SceneNode]
    {
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
        let matches = catalogue.filter { SearchMatch.matches(title: $0.title ?? "", query: query) }
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
                let column = Simulator.searchColumn(
                    node, catalogue: textEntry.searchCatalogue, query: inputs.query, keyboard: kb)
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

    // MARK: Events

    /// Events the keyboard handles before the screen: typing, deleting and Return into the field edited
    /// or the search focused; Menu, Play/Pause and long presses while a key is focused. nil: not handled.
    mutating func keyboardEvent(_ event: RemoteEvent) throws(FocusTreeError) -> Handled? {
        switch event {
        case .text(let t):
            guard let target = textTarget else { return nil }
            insert(t, into: target)
            return Handled(update: nil, note: .typed(field: target, text: textEntry.fieldValues[target] ?? ""))
        case .submit:
            guard textTarget != nil else { return nil }
            return try submitFromKeyboard(event)
        case .delete(let n):
            guard let target = textTarget else { return nil }
            deleteBackward(n, from: target)
            return Handled(update: nil, note: .typed(field: target, text: textEntry.fieldValues[target] ?? ""))
        case .menu:
            guard var kb = activeKeyboard else { return nil }
            if kb.alternates != nil {
                // Menu closes the alternates strip, focus back on its letter.
                let letter = kb.alternates!.key
                kb.alternates = nil
                return Handled(update: try rekey(kb, focusing: letter), note: nil)
            }
            if kb.entry { return try closeEntry(event, commit: false) }
            // Menu in the results or on a suggestion goes back up to the keyboard (the row's remembered key).
            if let id = system.focused, !isOnKeyboard, isInResults(id) || suggestionIndex(id) != nil {
                return Handled(update: focusKeyboardRow(), note: nil)
            }
            return nil
        case .playPause:
            // Play/Pause switches lower and upper case (Apple Support HT200107).
            guard isOnKeyboard, var kb = activeKeyboard, kb.alternates == nil, kb.type != .number else { return nil }
            kb.set = kb.set == .upper ? .lower : .upper
            return Handled(update: try switchSet(kb), note: nil)
        case .longSelect:
            guard isOnKeyboard, let id = system.focused, var kb = activeKeyboard, kb.alternates == nil,
                let key = kb.key(id), case .insert(let c) = key.action
            else { return nil }
            let options = Keyboard.alternates(of: c)
            guard !options.isEmpty else { return nil }
            kb.alternates = .init(key: id, options: options)
            return Handled(update: try rekey(kb, focusing: KeyboardIDs.prefix + "alt.0"), note: nil)
        case .next, .previous:
            guard let kb = textEntry.entry else { return nil }
            let forward = event == .next
            guard (forward ? kb.nextField : kb.previousField) != nil else { return nil }
            return try leaveEntry(event, forward ? .next : .previous)
        case .select:
            if let id = system.focused, let k = suggestionIndex(id), textEntry.entry == nil {
                return chooseSuggestion(k, event)
            }
            guard let id = system.focused, KeyboardIDs.isSystem(id), let kb = activeKeyboard, let key = kb.key(id)
            else {
                return nil
            }
            notePress()
            return try press(key, event)
        default:
            return nil
        }
    }

    /// Select on a key.
    mutating func press(_ key: Keyboard.Key, _ event: RemoteEvent) throws(FocusTreeError) -> Handled {
        guard var kb = activeKeyboard else { return Handled(update: nil, note: nil) }
        let target = kb.target
        switch key.action {
        case .insert(let s):
            insert(s, into: target)
            if let a = kb.alternates {
                kb.alternates = nil
                return Handled(
                    update: try rekey(kb, focusing: a.key),
                    note: .typed(field: target, text: textEntry.fieldValues[target] ?? ""))
            }
        case .space:
            insert(" ", into: target)
        case .delete:
            deleteBackward(1, from: target)
        case .set(let s):
            kb.set = s
            return Handled(update: try switchSet(kb), note: nil)
        case .done:
            return try leaveEntry(event, .done)
        case .next:
            return try leaveEntry(event, .next)
        case .previous:
            return try leaveEntry(event, .previous)
        }
        return Handled(update: nil, note: .typed(field: target, text: textEntry.fieldValues[target] ?? ""))
    }

    /// The index in the scene's list of the suggestion `id` is, when it is one.
    func suggestionIndex(_ id: String) -> Int? {
        if case .suggestion(let k)? = index.nodes[id]?.systemPart { return k }
        return nil
    }

    /// Select on a suggestion: the query becomes its completion ("When someone chooses a suggestion, SwiftUI
    /// replaces the text in the search field with the search completion string"), the results and suggestions
    /// follow, and focus stays where it is (the suggestion matches its own completion, so it stays shown). One
    /// without a completion "doesn't react to taps or clicks".
    mutating func chooseSuggestion(_ k: Int, _ event: RemoteEvent) -> Handled {
        guard let id = index.search, let suggestions = index.nodes[id]?.search?.suggestions, k < suggestions.count,
            let completion = suggestions[k].completion
        else { return Handled(update: nil, note: nil) }
        notePress()
        textEntry.fieldValues[id] = String(completion.prefix(SceneLimits.maxTextLength))
        invalidate(.placement)
        return Handled(update: nil, note: .typed(field: id, text: textEntry.fieldValues[id] ?? ""))
    }

    /// Shows another set, keeping focus on the key at the same place in the row.
    mutating func switchSet(_ kb: KeyboardState) throws(FocusTreeError) -> FocusUpdate? {
        let before = activeKeyboard?.rowKeys.map(\.id) ?? []
        guard let at = system.focused.flatMap({ before.firstIndex(of: $0) }) else {
            // Focus is on the line (a set switch): it stays there.
            setKeyboard(kb)
            try syncFocusTree()
            return nil
        }
        let keys = kb.rowKeys
        return try rekey(kb, focusing: keys[min(at, keys.count - 1)].id)
    }

    /// Shows the keyboard `kb` and focuses `id` in it: a programmatic move from the key focus was on (which the
    /// new keys replaced), even when the rebuilt tree already put focus there.
    mutating func rekey(_ kb: KeyboardState, focusing id: String) throws(FocusTreeError) -> FocusUpdate {
        let before = system.focused
        setKeyboard(kb)
        try syncFocusTree()
        var u = system.requestFocus(id)
        if system.focused == id, before != id {
            u = FocusUpdate(previous: before, next: id, heading: .programmatic, via: .programmatic)
        }
        return u
    }

    /// Shows another set or the alternates strip. The row's remembered key follows its place in the row (the
    /// key at the same index), as a collection's remembered index path does after a reload.
    mutating func setKeyboard(_ kb: KeyboardState) {
        let old = (kb.entry ? textEntry.entry : textEntry.searchKeyboard)?.rowKeys.map(\.id) ?? []
        if kb.entry { textEntry.entry = kb } else { textEntry.searchKeyboard = kb }
        let new = kb.rowKeys.map(\.id)
        if let m = system.state.remembered[KeyboardIDs.row], !new.contains(m.id) {
            if let k = old.firstIndex(of: m.id), !new.isEmpty {
                system.state.remembered[KeyboardIDs.row]?.id = new[min(k, new.count - 1)]
            } else {
                system.state.remembered[KeyboardIDs.row] = nil
            }
        }
        invalidate(.placement)
    }

    mutating func insert(_ s: String, into target: String) {
        var text = textEntry.fieldValues[target] ?? ""
        if isNumberOnly(target) { text += s.filter(\.isNumber) } else { text += s }
        // A field holds at most the script limit of text (a held key cannot grow it without end).
        textEntry.fieldValues[target] = String(text.prefix(SceneLimits.maxTextLength))
        invalidate(.placement)
    }

    mutating func deleteBackward(_ n: Int, from target: String) {
        let text = textEntry.fieldValues[target] ?? ""
        textEntry.fieldValues[target] = String(text.dropLast(max(0, n)))
        invalidate(.placement)
    }

    func isNumberOnly(_ target: String) -> Bool { index.nodes[target]?.keyboardType == .number }

    func isInResults(_ id: String) -> Bool {
        guard let n = system.tree.node(id) else { return false }
        return system.tree.ancestors(n, includingSelf: false).contains { system.tree.ids[$0] == KeyboardIDs.results }
    }

    /// Return typed on a desktop keyboard: Next (or Done on the last field) on the entry screen; on a search,
    /// the search's `onSubmit` (SwiftUI `onSubmit(of: .search)`).
    mutating func submitFromKeyboard(_ event: RemoteEvent) throws(FocusTreeError) -> Handled {
        if let kb = textEntry.entry { return try leaveEntry(event, kb.nextField != nil ? .next : .done) }
        guard let id = textEntry.searchKeyboard?.target, let list = index.nodes[id]?.actions[.onSubmit] else {
            return Handled(update: nil, note: nil)
        }
        return Handled(update: try runActionList(list), note: .submitted(field: id))
    }

    // MARK: The entry screen

    /// Select on a text field: the full-screen entry screen opens, focus on its first character key.
    mutating func openEntry(_ field: SceneNode) throws(FocusTreeError) -> FocusUpdate? {
        let fields = formFields()
        let k = fields.firstIndex(of: field.id)
        var kb = KeyboardState(target: field.id, entry: true, type: field.keyboardType ?? .default)
        kb.original = textEntry.fieldValues[field.id] ?? ""
        kb.previousField = k.flatMap { $0 > 0 ? fields[$0 - 1] : nil }
        kb.nextField = k.flatMap { $0 + 1 < fields.count ? fields[$0 + 1] : nil }
        textEntry.entry = kb
        textEntry.editing = field.id
        // A new keyboard: its rows remember nothing yet.
        system.state.remembered[KeyboardIDs.row] = nil
        system.state.remembered[KeyboardIDs.line] = nil
        refreshKeyboards()
        return try present(KeyboardIDs.entry)
    }

    /// The text fields a form's Next and Previous step through: every enabled, shown text field that can take
    /// focus, in the scene's order (UIKit steps through the screen's text fields).
    func formFields() -> [String] {
        scene.allNodes.filter {
            $0.type == .textField && !KeyboardIDs.isSystem($0.id) && !$0.disabled && !$0.hidden
                && system.tree.isFocusable(id: $0.id)
        }.map(\.id)
    }

    enum Leaving { case done, next, previous }

    /// Done, Next or Previous: the text is kept, the screen closes and focus goes back to the field; Done and
    /// Next run the field's `onSubmit`. Next then opens the field `onSubmit` moved focus to, if it moved it to a
    /// text field, else the next field; Previous opens the field before (docs/scene-format.md, "Text entry and
    /// search").
    mutating func leaveEntry(_ event: RemoteEvent, _ how: Leaving) throws(FocusTreeError) -> Handled {
        guard let kb = textEntry.entry else { return Handled(update: nil, note: nil) }
        var update = try dismissEntry()
        if how != .previous, let list = index.nodes[kb.target]?.actions[.onSubmit] {
            if let u = try runActionList(list) { update = u }
        }
        var opened: String?
        switch how {
        case .done: break
        case .next:
            if let now = system.focused, now != kb.target, index.nodes[now]?.type == .textField {
                opened = now
            } else {
                opened = kb.nextField
            }
        case .previous:
            opened = kb.previousField
        }
        if let next = opened, let node = index.nodes[next] {
            try syncFocusTree()
            if system.focused != next { update = system.requestFocus(next) }
            if system.focused == next { _ = try openEntry(node) }
        }
        let note: TraceEntry.Note = how == .previous ? .stoppedEditing(field: kb.target) : .submitted(field: kb.target)
        return Handled(update: update, note: note)
    }

    /// Menu on the entry screen: editing is cancelled — the text goes back to what it was when editing began,
    /// no `onSubmit` runs, focus returns to the field (UITextField.DidEndEditingReason.cancelled: "the user
    /// dismisses the text entry interface by pressing the Menu button"; restoring is TenFoot's reading).
    mutating func closeEntry(_ event: RemoteEvent, commit: Bool) throws(FocusTreeError) -> Handled {
        guard let kb = textEntry.entry else { return Handled(update: nil, note: nil) }
        if !commit { textEntry.fieldValues[kb.target] = kb.original }
        let update = try dismissEntry()
        return Handled(update: update, note: .stoppedEditing(field: kb.target))
    }

    /// Takes the entry screen away, focus restored to the field.
    mutating func dismissEntry() throws(FocusTreeError) -> FocusUpdate? {
        // The sheet leaves the scene first, so the dismissal's one placement is the last. Its rows' memory
        // goes with it (a search's rows on the screen start afresh).
        textEntry.entry = nil
        textEntry.editing = nil
        system.state.remembered[KeyboardIDs.row] = nil
        system.state.remembered[KeyboardIDs.line] = nil
        scene.sheets.removeAll { $0.id == KeyboardIDs.entry }
        return try dismiss(KeyboardIDs.entry)
    }

    // MARK: searchFocused

    /// Focus to the row: the key it remembers, else its first character key.
    mutating func focusKeyboardRow() -> FocusUpdate {
        if let key = system.state.remembered[KeyboardIDs.row]?.id, system.tree.isFocusable(id: key) {
            var u = system.requestFocus(key)
            if u.moved {
                u.via = .remembered
                u.routedBy = KeyboardIDs.row
            }
            return u
        }
        return system.requestFocus(KeyboardIDs.row)
    }

    /// After each event: a search's `searchFocused` state is true while focus is on its keyboard.
    mutating func writeSearchFocused() {
        guard let id = index.search, let name = index.nodes[id]?.search?.searchFocused else { return }
        let on = StateValue.bool(isOnKeyboard && textEntry.entry == nil)
        if data.state[name] != on { data.state[name] = on }
    }

    /// A `set` action wrote a state: when it is the search's `searchFocused`, true moves focus to the keyboard
    /// (its remembered key), false moves it to the first result (nothing happens when there are none).
    mutating func followSearchFocused(_ name: String) throws(FocusTreeError) -> FocusUpdate? {
        guard let id = index.search, index.nodes[id]?.search?.searchFocused == name, textEntry.entry == nil else {
            return nil
        }
        try syncFocusTree()
        if data.state[name] == .bool(true) {
            return isOnKeyboard ? nil : focusKeyboardRow()
        }
        guard isOnKeyboard, let first = searchResults.first else { return nil }
        return system.requestFocus(first)
    }
}

extension Simulator {
    /// A scene with its search's column filled for the search's starting text, the items it filters and the
    /// search's keyboard (nil without a search).
    static func showingSearch(_ scene: Scene) -> (Scene, (catalogue: [SceneNode], keyboard: KeyboardState)?) {
        guard let search = scene.allNodes.first(where: { $0.type == .search }) else { return (scene, nil) }
        let kb = KeyboardState(target: search.id, entry: false, type: search.keyboardType ?? .default)
        let catalogue = search.children
        let column = searchColumn(search, catalogue: catalogue, query: search.value ?? "", keyboard: kb)
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
