import FocusEngine
import TenFootScene
import TestSupport
import Testing

@testable import TenFootSim

/// The on-screen keyboard and search (docs/input.md, "The on-screen keyboard"; scene-format.md, "Text entry
/// and search"): what the engine and the simulator do with keys, fields and results.
@Suite struct KeyboardTests {
    func sim(_ json: String) throws -> Simulator { try Simulator(scene: try SceneDecoder.decode(json, file: "t.json")) }

    static let search = #"""
        {"state": {"searching": true}, "root": {"type": "vstack", "id": "page", "children": [{"type": "search", "id": "s", "searchFocused": "searching",
          "onSubmit": [{"set": "searching", "to": false}], "children": [
          {"type": "poster", "id": "amelie", "title": "Amélie"}, {"type": "poster", "id": "noel", "title": "Noël"},
          {"type": "poster", "id": "orsted", "title": "Ørsted"}, {"type": "poster", "id": "cafe", "title": "Cafe\u0301 Society", "onSelect": [{"set": "searching", "to": true}]}]}]}}
        """#

    static let form = #"""
        {"root": {"type": "vstack", "children": [
          {"type": "textField", "id": "name", "placeholder": "Name", "onSubmit": [{"set": "named", "to": true}]},
          {"type": "textField", "id": "email", "placeholder": "Email", "keyboardType": "email", "onSubmit": [{"focus": "pin"}]},
          {"type": "textField", "id": "code", "placeholder": "Code"},
          {"type": "textField", "id": "pin", "placeholder": "PIN", "keyboardType": "number", "secure": true, "onSubmit": [{"focus": "go"}]},
          {"type": "button", "id": "go", "title": "Go"}]}}
        """#

    // MARK: Layout per type

    @Test func rowsPerKeyboardType() {
        let lower = Keyboard.row(.default, .lower).map(\.id)
        #expect(lower.first == "keyboard.space" && lower.last == "keyboard.delete" && lower.count == 28)
        #expect(lower[1] == "keyboard.a" && lower[26] == "keyboard.z")
        #expect(Keyboard.row(.default, .upper)[1].id == "keyboard.A")
        #expect(Keyboard.row(.default, .numbers).map(\.label).dropFirst().prefix(10).joined() == "1234567890")
        let email = Keyboard.row(.email, .lower).map(\.id)
        #expect(email.suffix(4) == ["keyboard.at", "keyboard.period", "keyboard.dotcom", "keyboard.delete"])
        // The symbols set has @ and . already: the email keys add only .com there.
        #expect(Keyboard.row(.email, .symbols).filter { $0.id == "keyboard.at" }.count == 1)
        #expect(
            Keyboard.row(.url, .lower).map(\.id).suffix(4) == [
                "keyboard.period", "keyboard.slash", "keyboard.dotcom", "keyboard.delete",
            ])
        #expect(Keyboard.row(.number, .lower).map(\.id) == "1234567890".map { "keyboard.\($0)" } + ["keyboard.delete"])
        // Every row fits the safe width, and ids are unique within it.
        for type in KeyboardType.allCases {
            for set in KeyboardSet.allCases {
                let row = Keyboard.row(type, set)
                let width = row.reduce(0) { $0 + $1.width } + Double(row.count - 1) * Keyboard.gap
                #expect(width <= Keyboard.maxRowWidth, "\(type) \(set): \(width)")
                #expect(Set(row.map(\.id)).count == row.count)
            }
        }
        #expect(Keyboard.line(.number, entry: true, hasPrevious: false, hasNext: false).map(\.id) == ["keyboard.done"])
        #expect(
            Keyboard.line(.default, entry: true, hasPrevious: true, hasNext: true).map(\.id).suffix(2) == [
                "keyboard.previous", "keyboard.next",
            ])
        #expect(Keyboard.line(.default, entry: false, hasPrevious: true, hasNext: true).count == 4)
        #expect(Keyboard.alternates(of: "e").prefix(3) == ["E", "é", "è"])
        #expect(Keyboard.alternates(of: "E").prefix(2) == ["e", "É"])
        #expect(Keyboard.alternates(of: "7").isEmpty)
    }

    // MARK: Filtering

    @Test func matchingIsCaseAndDiacriticInsensitive() {
        #expect(SearchMatch.matches(title: "Amélie", query: "ame"))
        #expect(SearchMatch.matches(title: "Amélie", query: "AMÉ"))
        #expect(SearchMatch.matches(title: "Noël", query: "noel"))
        #expect(SearchMatch.matches(title: "Ørsted", query: "orst"))
        #expect(SearchMatch.matches(title: "Straße", query: "strasse"))
        // decomposed in the title, composed in the query
        #expect(SearchMatch.matches(title: "Cafe\u{301}", query: "café"))
        #expect(!SearchMatch.matches(title: "Amélie", query: "amx"))
        #expect(SearchMatch.matches(title: "anything", query: ""))
        #expect(SearchMatch.fold("Æsop ŒUVRE") == "aesop oeuvre")
    }

    @Test func typingFiltersTheResultsAndDeleteBringsThemBack() throws {
        var s = try sim(Self.search)
        #expect(s.focused == "keyboard.a" && s.searchResults == ["amelie", "noel", "orsted", "cafe"])
        s.send(.text("AME"))
        #expect(s.textEntry.fieldValues["s"] == "AME" && s.searchResults == ["amelie"])
        s.send(.delete(3))
        s.send(.text("cafe"))
        #expect(s.searchResults == ["cafe"])
        s.send(.text("zz"))
        #expect(s.searchResults.isEmpty && s.screen.find(KeyboardIDs.empty) != nil)
        // The empty state takes no focus: down from the keys stops at the set line.
        s.send(.swipe(.down))
        #expect(s.focused == "keyboard.set.lower")
        let blocked = s.send(.swipe(.down))
        #expect(s.focused == "keyboard.set.lower" && blocked?.moved == false)
        s.send(.delete(2))
        #expect(s.searchResults == ["cafe"])
        // The trace names the field and its text.
        #expect(
            s.trace.entries.last?.note == .typed(field: "s", text: "cafe")
                || s.trace.entries.dropLast().last?.note == .typed(field: "s", text: "cafe"))
    }

    /// The results scroll under the keyboard line: their clip opens up to the line, so a focused result in
    /// the first row lifts whole instead of being cut flat at the row's top.
    @Test func aLiftedFirstResultIsNotCutAtTheRowsTop() throws {
        var s = try sim(Self.search)
        let line = try #require(s.placed(KeyboardIDs.line))
        let scroll = try #require(s.placed(KeyboardIDs.results + ".scroll"))
        let clip = try #require(scroll.clipBounds)
        #expect(clip.minY == line.frame.maxY && clip.minY < scroll.frame.minY && clip.maxY >= scroll.frame.maxY)
        s.send(.swipe(.down))
        s.send(.swipe(.down))
        let first = try #require(s.placed("amelie"))
        #expect(s.focused == "amelie")
        let grown =
            LiftMetrics.growth(for: first.frame) * first.frame.height / max(first.frame.width, first.frame.height)
        #expect(first.frame.minY - grown / 2 >= clip.minY)
    }

    /// Remote typing: select types the focused key; the results change but focus stays on the key.
    @Test func resultsNeverTakeFocusWhileTyping() throws {
        var s = try sim(Self.search)
        for _ in 0..<13 { s.send(.swipe(.right)) }
        #expect(s.focused == "keyboard.n")
        s.send(.select)
        s.send(.swipe(.right))
        s.send(.select)
        #expect(s.textEntry.fieldValues["s"] == "no" && s.focused == "keyboard.o" && s.searchResults == ["noel"])
        #expect(s.trace.entries.last?.note == .typed(field: "s", text: "no"))
    }

    @Test func theRowDoesNotWrap() throws {
        var s = try sim(Self.search)
        s.send(.swipe(.left))
        #expect(s.focused == "keyboard.space")
        #expect(s.send(.swipe(.left))?.moved == false && s.focused == "keyboard.space")
        for _ in 0..<30 { s.send(.swipe(.right)) }
        #expect(s.focused == "keyboard.delete")
    }

    @Test func setSwitchesAndPlayPauseKeepThePlaceInTheRow() throws {
        var s = try sim(Self.search)
        s.send(.swipe(.right))
        s.send(.swipe(.right))
        #expect(s.focused == "keyboard.c")
        s.send(.playPause)
        #expect(s.focused == "keyboard.C")
        s.send(.select)
        s.send(.playPause)
        #expect(s.focused == "keyboard.c" && s.textEntry.fieldValues["s"] == "C")
        // The 123 set from the line: the row's remembered key follows its place (c → 3).
        s.send(.swipe(.down))
        #expect(s.focused == "keyboard.set.upper")
        s.send(.swipe(.right))
        #expect(s.focused == "keyboard.set.numbers")
        s.send(.select)
        s.send(.swipe(.up))
        #expect(s.focused == "keyboard.3")
    }

    @Test func longSelectOffersAlternates() throws {
        var s = try sim(Self.search)
        for _ in 0..<4 { s.send(.swipe(.right)) }
        s.send(.longSelect)
        #expect(
            s.focused == "keyboard.alt.0" && s.textEntry.searchKeyboard?.alternates?.options.prefix(2) == ["E", "é"])
        s.send(.swipe(.right))
        s.send(.select)
        #expect(
            s.textEntry.fieldValues["s"] == "é" && s.focused == "keyboard.e"
                && s.textEntry.searchKeyboard?.alternates == nil)
        // Menu closes the strip without typing.
        s.send(.longSelect)
        s.send(.menu)
        #expect(s.focused == "keyboard.e" && s.textEntry.fieldValues["s"] == "é")
    }

    @Test func upFromTheResultsLandsOnTheRememberedKeyAndMenuGoesBack() throws {
        var s = try sim(Self.search)
        s.send(.swipe(.right))
        s.send(.swipe(.down))
        s.send(.swipe(.down))
        #expect(s.focused == "amelie")
        s.send(.swipe(.up))
        s.send(.swipe(.up))
        #expect(s.focused == "keyboard.b")
        s.send(.swipe(.down))
        s.send(.swipe(.down))
        s.send(.menu)
        #expect(s.focused == "keyboard.b")
    }

    /// `searchFocused`: written from focus after every event; a `set` of true moves focus to the keys, of false
    /// to the first result.
    /// The items' titles are folded once for the search, and every query filters those (folding them again at every
    /// keystroke took 0.25 s a character over 499 long accented titles).
    @Test func aSearchFoldsItsTitlesOnce() throws {
        var s = try sim(Self.search)
        let folded = s.textEntry.searchCatalogue.map { SearchMatch.Folded($0.title ?? "") }
        #expect(!folded.isEmpty && s.textEntry.searchFolded == folded)
        s.send(.text("ame"))
        #expect(s.textEntry.searchFolded == folded)
        #expect(
            s.searchResults
                == s.textEntry.searchCatalogue.filter { SearchMatch.matches(title: $0.title ?? "", query: "ame") }.map(
                    \.id))
    }

    @Test func searchFocusedRoundTrip() throws {
        var s = try sim(Self.search)
        #expect(s.data.state["searching"] == .bool(true))
        s.send(.submit)  // the search's onSubmit sets it false: focus to the first result
        #expect(s.focused == "amelie" && s.data.state["searching"] == .bool(false))
        s.send(.swipe(.right))
        s.send(.swipe(.right))
        s.send(.swipe(.right))
        #expect(s.focused == "cafe")
        s.send(.select)  // its onSelect sets it true: focus back to the keys (the remembered key)
        #expect(s.focused == "keyboard.a" && s.data.state["searching"] == .bool(true))
        s.send(.swipe(.down))
        s.send(.swipe(.down))
        #expect(s.data.state["searching"] == .bool(false))
    }

    // MARK: The full-screen entry screen

    @Test func selectOpensTheEntryScreenAndKeysType() throws {
        var s = try sim(Self.form)
        s.send(.select)
        #expect(
            s.textEntry.editing == "name" && s.focused == "keyboard.a"
                && s.presentation.presented == [KeyboardIDs.entry])
        #expect(s.sheets.first?.find(KeyboardIDs.prompt)?.node.title == "Name")
        s.send(.select)
        s.send(.swipe(.left))
        s.send(.select)
        s.send(.swipe(.right))
        s.send(.select)
        #expect(s.textEntry.fieldValues["name"] == "a a")
        s.send(.delete(1))
        s.send(.text("na"))
        #expect(s.textEntry.fieldValues["name"] == "a na")
        // The keys are focus items of the front layer: the engine explains a move between them.
        let e = s.system.explain(from: "keyboard.a", .right)
        #expect(e?.target == "keyboard.b")
    }

    @Test func menuCancelsAndRestoresTheText() throws {
        var s = try sim(Self.form)
        s.send(.select)
        s.send(.text("Ana"))
        s.send(.menu)
        #expect(
            s.textEntry.editing == nil && s.focused == "name" && s.textEntry.fieldValues["name"] == ""
                && s.data.state["named"] == nil)
        #expect(s.trace.entries.last?.note == .stoppedEditing(field: "name"))
    }

    /// Next without an onSubmit that moves focus: the next field's keyboard. With one that focuses a text
    /// field (email → pin): that field's, not the next in order (code). Done: focus back where onSubmit put it.
    @Test func nextChainsFieldsAndDoneSubmits() throws {
        var s = try sim(Self.form)
        s.send(.select)
        s.send(.text("Ana"))
        s.send(.submit)
        #expect(s.data.state["named"] == .bool(true) && s.textEntry.editing == "email" && s.focused == "keyboard.a")
        #expect(s.textEntry.entry?.lineKeys.map(\.id).suffix(2) == ["keyboard.previous", "keyboard.next"])
        s.send(.text("ana@x"))
        s.send(.next)
        #expect(s.textEntry.fieldValues["email"] == "ana@x" && s.textEntry.editing == "pin")
        // A number pad: digits and delete only, and typed letters are dropped.
        #expect(s.textEntry.entry?.rowKeys.count == 11 && s.focused == "keyboard.1")
        s.send(.text("12ab3"))
        #expect(s.textEntry.fieldValues["pin"] == "123")
        s.send(.previous)
        #expect(s.textEntry.editing == "code")
        s.send(.menu)
        #expect(s.focused == "code" && s.textEntry.editing == nil)
        s.send(.swipe(.down))
        s.send(.select)
        #expect(s.textEntry.editing == "pin")
        // Return on the last field is Done: its onSubmit focuses Go.
        s.send(.submit)
        #expect(s.textEntry.editing == nil && s.focused == "go" && s.textEntry.fieldValues["pin"] == "123")
    }

    @Test func doneReturnsFocusToTheField() throws {
        var s = try sim(
            #"{"root": {"type": "vstack", "children": [{"type": "textField", "id": "only", "placeholder": "Only"}]}}"#)
        s.send(.select)
        s.send(.select)
        s.send(.swipe(.down))
        for _ in 0..<6 { s.send(.swipe(.right)) }
        #expect(s.focused == "keyboard.done")
        s.send(.select)
        #expect(
            s.focused == "only" && s.textEntry.fieldValues["only"] == "a" && s.presentation.presented.isEmpty
                && !s.scene.sheets.contains { $0.id == KeyboardIDs.entry })
    }

    /// A text field on a search screen: its entry screen covers the search, whose keys step aside (one set of
    /// key ids); Menu brings the search's keys back, the query untouched.
    @Test func aTextFieldBesideASearch() throws {
        var s = try sim(
            #"{"root": {"type": "vstack", "children": [{"type": "textField", "id": "name", "placeholder": "Name"}, {"type": "search", "id": "s", "value": "on", "children": [{"type": "poster", "id": "p1", "title": "One"}]}]}}"#
        )
        try s.start(from: "name")
        s.send(.select)
        #expect(s.textEntry.editing == "name" && s.focused == "keyboard.a" && s.screen.find(KeyboardIDs.row) == nil)
        s.send(.select)
        #expect(s.textEntry.fieldValues["name"] == "a" && s.textEntry.fieldValues["s"] == "on")
        s.send(.menu)
        #expect(s.focused == "name" && s.screen.find(KeyboardIDs.row) != nil && s.searchResults == ["p1"])
        s.send(.swipe(.down))
        #expect(s.focused == "keyboard.a")
    }

    /// Right to left, the row is mirrored like the rest of the screen: space at the right end, the letters running
    /// leftwards, so left from a is b; the alternates strip runs leftwards from its letter.
    @Test func theRowIsMirroredRightToLeft() throws {
        var s = try sim(
            #"{"layoutDirection": "rightToLeft", "root": {"type": "search", "id": "s", "children": [{"type": "poster", "id": "p1", "title": "One"}]}}"#
        )
        let space = try #require(s.screen.frame(of: "keyboard.space"))
        let delete = try #require(s.screen.frame(of: "keyboard.delete"))
        #expect(space.minX > delete.maxX)
        s.send(.swipe(.left))
        #expect(s.focused == "keyboard.b")
        s.send(.longSelect)
        s.send(.swipe(.left))
        s.send(.select)
        #expect(s.textEntry.fieldValues["s"] == "B" && s.focused == "keyboard.b")
    }

    @Test func dataActionsLeaveTheKeyboardAlone() throws {
        var s = try sim(Self.search)
        s.send(.data(.remove("keyboard.a")))
        #expect(s.focused == "keyboard.a" && s.screen.find("keyboard.a") != nil)
        s.send(.data(.remove("amelie")))
        #expect(s.searchResults.contains("amelie"))
        s.send(.data(.reload("s", late: false)))
        #expect(
            s.trace.entries.suffix(2).contains {
                $0.note
                    == .dataRefused(
                        #"reload s: "s" is a search: its results are the items the scene file gives it, filtered by the query"#
                    )
            })
    }

    // MARK: The format

    @Test func keyboardIDsAndMisplacedSearchesAreRefused() {
        func error(_ json: String) -> String {
            do {
                _ = try SceneDecoder.decode(json, file: "t.json")
                return ""
            } catch { return "\(error)" }
        }
        #expect(
            error(#"{"root": {"type": "button", "id": "keyboard.a"}}"#).contains(
                #"t.json:1:35: error: ids cannot begin with "keyboard.", got "keyboard.a""#))
        #expect(
            error(#"{"root": {"type": "vstack", "children": [{"type": "search"}, {"type": "search"}]}}"#).contains(
                "a scene has one search; the first is at 1:42"))
        #expect(
            error(
                #"{"root": {"type": "vstack"}, "sheets": [{"type": "sheet", "id": "x", "children": [{"type": "search"}]}]}"#
            ).contains("a search belongs on the screen, not in a sheet"))
        #expect(
            error(#"{"root": {"type": "search", "children": [{"type": "text", "text": "x"}]}}"#).contains(
                "a search's children are the items it filters by title"))
        #expect(error(#"{"root": {"type": "textField", "keyboardType": "phone"}}"#).contains("keyboardType"))
        #expect(
            error(#"{"state": {"q": "x"}, "root": {"type": "search", "id": "s", "searchFocused": "q"}}"#)
                .contains(
                    #"t.json:1:31: error: "searchFocused" names "q", whose state is "x"; it binds a Bool state value"#))
        #expect(
            error(#"{"root": {"type": "vstack"}, "expect": [{"press": ["delete x"], "focus": "a"}]}"#).contains(
                #""delete" expects a count from 1 to 4000"#))
    }
}
