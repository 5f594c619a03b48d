import FocusEngine
import TenFootCore
import TenFootPresentation
import TenFootScene
import TenFootTools
import TestSupport
import Testing

@testable import TenFootSim

/// A search's suggestions (SwiftUI `.searchSuggestions`, UIKit `UISearchController.searchSuggestions`;
/// docs/scene-format.md, "Text entry and search"): the format, which show for a query, focus between the keys,
/// the suggestions and the results, choosing one, and the checks of `expect` blocks and `path --json`.
@Suite struct SearchSuggestionTests {
    func sim(_ json: String) throws -> Simulator { try Simulator(scene: try SceneDecoder.decode(json, file: "t.json")) }

    static func search(
        match: String = "contains",
        suggestions: String =
            #""northern lights", "noël", {"title": "🌙", "completion": "moonrise"}, {"title": "no completion"}"#
    ) -> String {
        #"""
        {"root": {"type": "vstack", "id": "page", "children": [{"type": "search", "id": "s", "suggestionsMatch": "\#(match)",
          "suggestions": [\#(suggestions)], "children": [
          {"type": "poster", "id": "northern", "title": "Northern Lights"}, {"type": "poster", "id": "noel", "title": "Noël at Home"},
          {"type": "poster", "id": "moon", "title": "Moonrise"}, {"type": "poster", "id": "city", "title": "City of Glass"}]}]}}
        """#
    }

    func error(_ json: String) -> String {
        do {
            _ = try SceneDecoder.decode(json, file: "t.json")
            return ""
        } catch { return "\(error)" }
    }

    // MARK: The format

    @Test func suggestionsDecodeAsStringsOrTitleAndCompletion() throws {
        let scene = try SceneDecoder.decode(Self.search(), file: "t.json")
        let options = try #require(scene.allNodes.first { $0.type == .search }?.search)
        #expect(
            options.suggestions == [
                SearchSuggestion(completion: "northern lights"), SearchSuggestion(completion: "noël"),
                SearchSuggestion(title: "🌙", completion: "moonrise"),
                SearchSuggestion(title: "no completion", completion: nil),
            ])
        #expect(options.suggestionsMatch == .contains)
        // tvOS shows the completion ("used when displaying the associated suggestion"), else the title.
        #expect(options.suggestions.map(\.shown) == ["northern lights", "noël", "moonrise", "no completion"])
        // Without the keys: no suggestions, and every suggestion whatever the query.
        let plain = try SceneDecoder.decode(
            #"{"root": {"type": "search", "id": "s", "suggestions": ["a", "b"]}}"#, file: "t.json")
        #expect(
            plain.root.search?.suggestionsMatch == .all
                && plain.root.search?.shownSuggestions(for: "zzz").map(\.index) == [0, 1])
        #expect(
            try SceneDecoder.decode(#"{"root": {"type": "search", "id": "s"}}"#, file: "t.json").root.search?
                .suggestions == [])
    }

    @Test func badSuggestionsAreRefusedAtTheirPlace() {
        #expect(
            error(#"{"root": {"type": "search", "suggestions": "apple"}}"#)
                == #"t.json:1:44: error: "suggestions" expects an array of suggestions, each a string (its completion) or {"title": …, "completion": …}, got "apple" (at root.suggestions)"#
        )
        #expect(
            error(#"{"root": {"type": "search", "suggestions": ["a", 3]}}"#)
                == #"t.json:1:50: error: a suggestion is a string (its completion) or an object {"title": …, "completion": …}, got 3 (at root.suggestions[1])"#
        )
        #expect(
            error(#"{"root": {"type": "search", "suggestions": [{"completon": "apple"}]}}"#)
                == #"""
                t.json:1:45: error: a suggestion needs "completion" (what tvOS shows and puts in the field when it is chosen), or at least a "title" (at root.suggestions[0])
                t.json:1:46: error: unknown key "completon" for suggestion, did you mean "completion"? (at root.suggestions[0].completon)
                """#)
        #expect(
            error(#"{"root": {"type": "search", "suggestions": [""]}}"#)
                == #"t.json:1:45: error: a suggestion's completion cannot be empty: it is what tvOS shows and what choosing the suggestion puts in the field (at root.suggestions[0])"#
        )
        #expect(
            error(#"{"root": {"type": "search", "suggestions": [{"title": "", "completion": 2}]}}"#)
                == #"""
                t.json:1:55: error: a suggestion's "title" cannot be empty (at root.suggestions[0].title)
                t.json:1:73: error: "completion" expects a string, got 2 (at root.suggestions[0].completion)
                """#)
        #expect(
            error(#"{"root": {"type": "search", "suggestionsMatch": "prefixes"}}"#)
                == #"t.json:1:49: error: "suggestionsMatch" expects one of "all", "contains", "prefix", got "prefixes"; did you mean "prefix"? (at root.suggestionsMatch)"#
        )
        #expect(
            error(#"{"root": {"type": "button", "suggestions": ["a"]}}"#).contains(
                #"unknown key "suggestions" for "button""#))
        let many =
            "[" + Array(repeating: #""a""#, count: SceneLimits.maxSearchSuggestions + 1).joined(separator: ",") + "]"
        #expect(
            error(#"{"root": {"type": "search", "suggestions": "# + many + "}}")
                == #"t.json:1:44: error: a search has at most 1000 suggestions, got 1001 (at root.suggestions)"#)
        #expect(
            error(#"{"root": {"type": "button", "id": "a"}, "expect": [{"focus": "a", "suggestions": "noël"}]}"#)
                == #"t.json:1:82: error: "suggestions" expects an array of the texts the search's suggestions show, in order, got "noël" (at expect[0].suggestions)"#
        )
    }

    /// SwiftUI filters nothing; `contains` and `prefix` stand for the app's filter, folded as the results are.
    @Test func whichSuggestionsShowForAQuery() throws {
        func shown(_ match: SuggestionsMatch, _ query: String) -> [String] {
            let options = SearchOptions(
                suggestions: ["Northern Lights", "Noël", "Straße", "moonrise"].map { SearchSuggestion(completion: $0) },
                suggestionsMatch: match)
            return options.shownSuggestions(for: query).map(\.suggestion.shown)
        }
        #expect(shown(.all, "zzz") == ["Northern Lights", "Noël", "Straße", "moonrise"])
        #expect(shown(.contains, "") == ["Northern Lights", "Noël", "Straße", "moonrise"])
        #expect(shown(.contains, "NOE") == ["Noël"])
        #expect(shown(.contains, "light") == ["Northern Lights"])
        #expect(shown(.contains, "strasse") == ["Straße"])
        #expect(shown(.prefix, "light") == [])
        #expect(shown(.prefix, "no") == ["Northern Lights", "Noël"])
        #expect(shown(.contains, "o") == ["Northern Lights", "Noël", "moonrise"])
        // Indices are the scene's, so ids do not change as the row filters.
        let options = SearchOptions(
            suggestions: ["a", "b", "ab"].map { SearchSuggestion(completion: $0) }, suggestionsMatch: .contains)
        #expect(options.shownSuggestions(for: "b").map(\.index) == [1, 2])
    }

    // MARK: The simulator

    @Test func theRowSitsBetweenTheKeyboardAndTheResults() throws {
        var s = try sim(Self.search())
        #expect(s.searchSuggestions == ["northern lights", "noël", "moonrise", "no completion"])
        let line = try #require(s.placed(KeyboardIDs.line))
        let row = try #require(s.placed(KeyboardIDs.suggestions))
        let results = try #require(s.placed(KeyboardIDs.results + ".scroll"))
        #expect(line.frame.maxY < row.frame.minY && row.frame.maxY < results.frame.minY)
        #expect(s.placed(KeyboardIDs.suggestion(2))?.node.title == "moonrise")
        // The results' clip opens up to the suggestions (the node above them), not the line.
        #expect(results.clipBounds?.minY == row.frame.maxY)
        // Typing narrows the row; with nothing shown the row is gone, and down from the keys stops at the line.
        s.send(.text("moon"))
        #expect(s.searchSuggestions == ["moonrise"] && s.placed(KeyboardIDs.suggestion(0)) == nil)
        s.send(.text("x"))
        #expect(s.searchSuggestions == [] && s.screen.find(KeyboardIDs.suggestions) == nil)
        s.send(.swipe(.down))
        #expect(s.focused == "keyboard.set.lower" && s.send(.swipe(.down))?.moved == false)
    }

    @Test func focusMovesKeysToSuggestionsToResultsAndBack() throws {
        var s = try sim(Self.search())
        s.send(.swipe(.down))
        #expect(s.focused == "keyboard.set.lower")
        s.send(.swipe(.down))
        #expect(s.focused == KeyboardIDs.suggestion(0))
        // Along the row to its end, where right is blocked (no wrap).
        s.send(.swipe(.right))
        s.send(.swipe(.right))
        s.send(.swipe(.right))
        #expect(s.focused == KeyboardIDs.suggestion(3))
        #expect(s.send(.swipe(.right))?.moved == false && s.focused == KeyboardIDs.suggestion(3))
        // The suggestions are not the field: searchFocused's "on the keys" is false, typing goes nowhere.
        #expect(!s.isOnKeyboard && s.textTarget == nil)
        s.send(.swipe(.down))
        #expect(s.searchResults.contains(s.focused ?? ""))
        s.send(.swipe(.up))
        #expect(s.suggestionIndex(s.focused ?? "") != nil)
        s.send(.swipe(.up))
        s.send(.swipe(.up))
        #expect(s.focused == "keyboard.a")
        // Menu on a suggestion goes back to the key last used, as Menu in the results does.
        s.send(.swipe(.right))
        s.send(.swipe(.down))
        s.send(.swipe(.down))
        #expect(s.suggestionIndex(s.focused ?? "") != nil)
        let back = s.send(.menu)
        #expect(s.focused == "keyboard.b" && back?.via == .remembered)
    }

    @Test func choosingASuggestionCompletesTheQuery() throws {
        var s = try sim(Self.search())
        s.send(.text("no"))
        #expect(
            s.searchSuggestions == ["northern lights", "noël", "no completion"]
                && s.searchResults == ["northern", "noel"])
        s.send(.swipe(.down))
        s.send(.swipe(.down))
        s.send(.swipe(.right))
        #expect(s.focused == KeyboardIDs.suggestion(1))
        s.send(.select)
        // The query is the completion; results and suggestions follow; focus stays on the suggestion chosen.
        #expect(
            s.textEntry.fieldValues["s"] == "noël" && s.searchResults == ["noel"] && s.searchSuggestions == ["noël"])
        #expect(s.focused == KeyboardIDs.suggestion(1))
        #expect(s.trace.entries.last?.note == .typed(field: "s", text: "noël"))
        // The field takes typing again once focus is back on the keys; the shown text of an emoji's suggestion
        // is its completion, and choosing it puts that in the field.
        s.send(.text("x"))
        #expect(s.textEntry.fieldValues["s"] == "noël")
        s.send(.menu)
        s.send(.delete(4))
        s.send(.text("moon"))
        try s.start(from: KeyboardIDs.suggestion(2))
        s.send(.select)
        #expect(s.textEntry.fieldValues["s"] == "moonrise" && s.searchResults == ["moon"])
    }

    /// "If you omit the search completion modifier … the suggestion view doesn't react to taps or clicks."
    @Test func aSuggestionWithoutACompletionDoesNothing() throws {
        var s = try sim(Self.search(match: "all"))
        try s.start(from: KeyboardIDs.suggestion(3))
        let update = s.send(.select)
        #expect(s.textEntry.fieldValues["s"] == "" && s.focused == KeyboardIDs.suggestion(3) && update?.moved != true)
        #expect(s.searchResults == ["northern", "noel", "moon", "city"])
        // The lint says so, at the search.
        let findings = SceneLint.findings(try SceneDecoder.decode(Self.search(), file: "t.json")).filter {
            $0.code == "suggestion-without-completion"
        }
        #expect(
            findings.map(\.diagnostic.description) == [
                #"t.json:1:56: warning: suggestion 3 ("no completion") has no "completion": tvOS shows it, but choosing it does nothing (SwiftUI's searchCompletion(_:)) [suggestion-without-completion] (at s)"#
            ])
    }

    // MARK: Checks and traces

    @Test func expectBlocksCheckTheSuggestions() throws {
        let json = #"""
            {"root": {"type": "search", "id": "s", "suggestionsMatch": "prefix", "suggestions": ["apple", "apricot", "banana"]},
             "expect": [{"name": "ok", "press": ["type \"ap\""], "focus": "keyboard.a", "suggestions": ["apple", "apricot"]},
                        {"name": "wrong", "press": ["type \"b\""], "focus": "keyboard.a", "suggestions": ["apple"]}]}
            """#
        let results = ExpectationRunner.run(try SceneDecoder.decode(json, file: "t.json"))
        #expect(results.map(\.passed) == [true, false])
        #expect(results[1].failure == #"expected suggestions ["apple"], got ["banana"]"#)
    }

    @Test func pathJSONShowsTheSuggestionsWhenTheyChange() throws {
        let s = try sim(Self.search())
        var player = ScriptPlayer(
            simulator: s, script: InputScript(presses: [.text("noe"), .swipe(.down), .swipe(.down), .select], gap: 480))
        let lines = try player.playToEnd().map(JSONLine.encode)
        #expect(
            lines == [
                #"{"move": "type \"noe\"", "focus": "keyboard.a", "unchanged": true, "field": "s", "text": "noe", "results": ["noel"], "suggestions": ["noël"]}"#,
                #"{"move": "down", "focus": "keyboard.set.lower", "via": "direct"}"#,
                #"{"move": "down", "focus": "keyboard.suggestion.1", "via": "direct"}"#,
                #"{"move": "select", "focus": "keyboard.suggestion.1", "unchanged": true, "field": "s", "text": "noël"}"#,
            ])
    }

    /// The screen with suggestions, as reviewable text: the row's place, the focused capsule and the bare texts.
    @Test func displayListSnapshot() throws {
        var sim = try Simulator(scene: try SceneDecoder.load(path: TestPaths.scenes + "/search-suggestions.json"))
        sim.step(ticks: 600)
        sim.send(.text("no"))
        sim.send(.swipe(.down))
        sim.send(.swipe(.down))
        sim.send(.swipe(.right))
        sim.step(ticks: 1200)
        #expect(sim.focused == KeyboardIDs.suggestion(1))
        try assertSnapshot(
            of: SceneRenderer().displayList(sim).text + "\n", as: .text, named: "search-suggestions",
            in: TestPaths.packageRoot + "/Tests/TenFootPresentationTests/Snapshots")
    }
}
