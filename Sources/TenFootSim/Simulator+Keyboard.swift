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
    public var searchResults: [String] { searchOutputs.results?.children.map(\.id) ?? [] }

    /// The containers of the search's results and suggestions as they are now (nil: none). Held across an event, a
    /// container that still shares its storage (``SceneNode/sharesStorage(_:_:)``) has the same children: the script
    /// player compares results only when one changed (a search of 99,000 results took 8 ms an event to compare).
    package var searchOutputs: (results: SceneNode?, suggestions: SceneNode?) {
        guard let id = index.search, let node = index.nodes[id] else { return (nil, nil) }
        let scroller = node.children.first { $0.id == KeyboardIDs.results + ".scroll" }
        return (
            scroller?.children.first { $0.id == KeyboardIDs.results },
            node.children.first { $0.id == KeyboardIDs.suggestions }
        )
    }

    /// The texts the search's suggestions show now, in order (empty when none are shown or there is no search).
    public var searchSuggestions: [String] { searchOutputs.suggestions?.children.map { $0.title ?? "" } ?? [] }

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
        textEntry.fieldValues[id] = SceneLimits.prefix(completion, SceneLimits.maxTextLength)
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
        textEntry.fieldValues[target] = SceneLimits.prefix(text, SceneLimits.maxTextLength)
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
