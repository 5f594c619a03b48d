import FocusEngine
import TenFootCore
import TenFootScene
import TenFootSim
import TenFootSwiftUI
import TenFootSwiftUIReader
import TenFootTools
import Testing

/// SwiftUI views and modifiers that map onto the scene format's components (docs/swiftui.md, "Components").
@Suite(.enabled(if: SwiftUIReader.isAvailable)) struct ComponentMappingTests {
    /// A screen around one fragment, with the state the fragments use.
    func screen(_ body: String, state: String = "") throws -> SwiftUITranslation {
        try translate(
            """
            import SwiftUI
            struct V: View {
                @State private var autoplay = true
                @State private var theme = 1
                @State private var showAlert = false
                @State private var showSheet = false
                \(state)
                var body: some View {
            \(body)
                }
            }
            """)
    }

    @Test func aToggleBoundToStateIsTheSceneToggleAndFlipsIt() throws {
        let t = try screen(
            """
                    VStack {
                        Toggle("Autoplay", isOn: $autoplay)
                        Toggle(isOn: .constant(false)) { Label("Captions", systemImage: "captions.bubble") }
                    }
            """)
        let autoplay = try #require(node(t.scene, "autoplay"))
        #expect(autoplay.type == .toggle && autoplay.isOn == .state("autoplay"))
        let captions = try #require(node(t.scene, "captions"))
        #expect(captions.type == .toggle && captions.isOn == .constant(false) && captions.icon == "captions.bubble")
        // Select flips the state, every time (a real toggle, not the old one-shot button).
        var sim = try Simulator(scene: t.scene)
        #expect(sim.focused == "autoplay")
        for expected in [false, true, false] {
            _ = sim.send(RemoteEvent(name: "select")!)
            sim.step(ticks: ExpectationRunner.gap)
            #expect(sim.data.state["autoplay"] == .bool(expected))
        }
    }

    /// Text entry: SecureField is secure, `.keyboardType` picks the keyboard, `.onSubmit` runs from the keyboard's
    /// Done; `.searchable` is a search node whose results are the content's titled items, `.searchFocused` its binding.
    @Test func textEntryAndSearchMapToTheKeyboard() throws {
        let t = try screen(
            """
                    VStack {
                        TextField("Email", text: $email).keyboardType(.emailAddress)
                        SecureField("PIN", text: $pin).keyboardType(.numberPad).onSubmit { showSheet = true }
                    }
            """, state: "@State private var email = \"\"\n    @State private var pin = \"\"")
        let email = try #require(node(t.scene, "email"))
        let pin = try #require(node(t.scene, "pin"))
        #expect(email.keyboardType == .email && pin.keyboardType == .number && pin.secure)
        var sim = try Simulator(scene: t.scene)
        sim.send(.swipe(.down))
        sim.send(.select)
        #expect(sim.textEntry.editing == "pin" && sim.focused == "keyboard.1")
        sim.send(.select)
        sim.send(.submit)
        #expect(sim.textEntry.fieldValues["pin"] == "1" && sim.data.state["showSheet"] == .bool(true))

        let s = try screen(
            """
                    VStack {
                        Text("Popular")
                        Button("Amélie") {}
                        Button("Northern Lights") {}
                    }
                    .searchable(text: $query, prompt: "Movies")
                    .searchFocused($searching)
            """, state: "@State private var query = \"\"\n    @FocusState private var searching: Bool")
        let search = try #require(s.scene.allNodes.first { $0.type == .search })
        #expect(
            search.placeholder == "Movies" && search.search?.searchFocused == "searching" && search.children.count == 2)
        var ss = try Simulator(scene: s.scene)
        #expect(ss.focused == "keyboard.a" && ss.data.state["searching"] == .bool(true))
        ss.send(.text("ame"))
        #expect(ss.searchResults == ["amélie"])
    }

    /// `.searchSuggestions { Text(…).searchCompletion(…) }` (and ForEach over literals) are the search's suggestions;
    /// a list built from the search text is approximated by `suggestionsMatch: contains`; Select completes the query.
    @Test func searchSuggestionsMapToTheSuggestionsRow() throws {
        let t = try screen(
            """
                    VStack {
                        Button("Northern Lights") {}
                        Button("Noël at Home") {}
                        Button("Moonrise") {}
                    }
                    .searchable(text: $query)
                    .searchSuggestions {
                        Text("🌙").searchCompletion("moonrise")
                        ForEach(["northern lights", "noël"], id: \\.self) { term in
                            Text(term).searchCompletion(term)
                        }
                        Text("Recent")
                    }
            """, state: "@State private var query = \"\"")
        let search = try #require(t.scene.allNodes.first { $0.type == .search }?.search)
        // A Text whose completion is its own text is written as the string alone.
        #expect(
            search.suggestions == [
                SearchSuggestion(title: "🌙", completion: "moonrise"), SearchSuggestion(completion: "northern lights"),
                SearchSuggestion(completion: "noël"), SearchSuggestion(title: "Recent", completion: nil),
            ])
        #expect(search.suggestionsMatch == .all)
        #expect(
            t.warnings.map(\.message).contains(
                "this suggestion has no .searchCompletion: tvOS shows it, but choosing it does nothing"))
        var sim = try Simulator(scene: t.scene)
        #expect(sim.searchSuggestions == ["moonrise", "northern lights", "noël", "Recent"])
        sim.send(.swipe(.down))
        sim.send(.swipe(.down))
        #expect(sim.focused == "keyboard.suggestion.0")
        sim.send(.select)
        let id = try #require(t.scene.allNodes.first { $0.type == .search }?.id)
        #expect(sim.textEntry.fieldValues[id] == "moonrise" && sim.searchResults == ["moonrise"])

        // Before `.searchable`, in its `suggestions:` closure, and built from the query: a list that follows it.
        let f = try screen(
            """
                    VStack {
                        Button("Northern Lights") {}
                        Button("Noël at Home") {}
                    }
                    .searchSuggestions {
                        ForEach(terms.filter { query.isEmpty || $0.localizedStandardContains(query) }, id: \\.self) { Text($0).searchCompletion($0) }
                    }
                    .searchable(text: $query, prompt: "Shows")
            """, state: "@State private var query = \"\"\n    let terms = [\"northern lights\", \"noël\"]")
        let following = try #require(f.scene.allNodes.first { $0.type == .search }?.search)
        #expect(
            following.suggestions.map(\.shown) == ["northern lights", "noël"] && following.suggestionsMatch == .contains
        )
        #expect(
            f.warnings.contains {
                $0.message.contains(Approximation.suggestionsFollowingQuery.concept)
                    && $0.message.contains("the suggestions read query")
            })
        var fs = try Simulator(scene: f.scene)
        fs.send(.text("NOE"))
        #expect(fs.searchSuggestions == ["noël"])

        let closure = try screen(
            """
                    VStack { Button("Moonrise") {} }
                        .searchable(text: $query, prompt: "Shows") { Text("moonrise").searchCompletion("moonrise") }
            """, state: "@State private var query = \"\"")
        #expect(
            closure.scene.allNodes.first { $0.type == .search }?.search?.suggestions == [
                SearchSuggestion(completion: "moonrise")
            ])
        #expect(closure.json.contains(#""suggestions": ["#))
    }

    /// An `if` (or `switch`) inside `.searchSuggestions` keeps the closure's reads: a list that follows the query
    /// in one branch still gets `suggestionsMatch: contains`.
    @Test func suggestionsBehindAnIfStillFollowTheQuery() throws {
        // The condition reads the query; the branch shown reads it; a switch's branch reads it.
        for branch in [
            "if query.isEmpty { Text(\"Recent\") } else {", "if terms.isEmpty { Text(\"None\") } else {",
            "switch terms.isEmpty {\n case true: Text(\"None\")\n default:",
        ] {
            let t = try screen(
                """
                        VStack { Button("Noël at Home") {} }
                            .searchable(text: $query)
                            .searchSuggestions {
                                \(branch)
                                    ForEach(terms.filter { query.isEmpty || $0.localizedStandardContains(query) }, id: \\.self) { Text($0).searchCompletion($0) }
                                }
                            }
                """, state: "@State private var query = \"\"\n    let terms = [\"northern lights\", \"noël\"]")
            let search = try #require(t.scene.allNodes.first { $0.type == .search }?.search)
            #expect(search.suggestionsMatch == .contains, "\(branch)")
            #expect(
                t.warnings.contains {
                    $0.message.contains(Approximation.suggestionsFollowingQuery.concept)
                        && $0.message.contains("the suggestions read query")
                }, "\(branch)")
        }
    }

    /// A `.searchable` whose content has no items is a text field, which has no suggestions row: suggestions given
    /// before it, in its closure or after it are reported, not silently dropped.
    @Test func suggestionsWithoutResultsAreReported() throws {
        let message = "suggestions need a search with results; ignored"
        for fragment in [
            "Text(\"No shows yet\").searchSuggestions { Text(\"moonrise\").searchCompletion(\"moonrise\") }.searchable(text: $query)",
            "Text(\"No shows yet\").searchable(text: $query) { Text(\"moonrise\").searchCompletion(\"moonrise\") }",
            "Text(\"No shows yet\").searchable(text: $query, suggestions: { Text(\"moonrise\").searchCompletion(\"moonrise\") })",
            "Text(\"No shows yet\").searchable(text: $query).searchSuggestions { Text(\"moonrise\").searchCompletion(\"moonrise\") }",
        ] {
            let t = try screen(fragment, state: "@State private var query = \"\"")
            #expect(
                t.scene.allNodes.contains { $0.type == .textField }
                    && !t.scene.allNodes.contains { $0.type == .search }, "\(fragment)")
            #expect(t.warnings.filter { $0.message == message }.count == 1, "\(fragment)")
        }
        // Without suggestions, nothing to report.
        let plain = try screen(
            "Text(\"No shows yet\").searchable(text: $query)", state: "@State private var query = \"\"")
        #expect(!plain.warnings.contains { $0.message == message })
    }

    /// `.searchCompletion("")` completes nothing, as no `.searchCompletion` does, and is reported the same way.
    @Test func anEmptySearchCompletionIsReportedAsNone() throws {
        let t = try screen(
            """
                    VStack { Button("Moonrise") {} }
                        .searchable(text: $query)
                        .searchSuggestions { Text("Moonrise").searchCompletion("") }
            """, state: "@State private var query = \"\"")
        #expect(
            t.scene.allNodes.first { $0.type == .search }?.search?.suggestions == [
                SearchSuggestion(title: "Moonrise", completion: nil)
            ])
        #expect(
            t.warnings.map(\.message).contains(
                "this suggestion has no .searchCompletion: tvOS shows it, but choosing it does nothing"))
    }

    @Test func pickerStylesMapToTheTvOSPickers() throws {
        let t = try screen(
            """
                    VStack {
                        Picker("Theme", selection: $theme) { Text("Light").tag(0); Text("Dark").tag(1) }.pickerStyle(.segmented)
                        Picker("Quality", selection: $theme) { Text("Auto").tag(0); Text("HD").tag(1) }.pickerStyle(.navigationLink)
                        Picker("Audio", selection: $theme) { Text("Stereo").tag(0); Text("Surround").tag(1) }.pickerStyle(.menu)
                        Picker("Size", selection: $theme) { Text("S").tag(0); Text("L").tag(1) }.pickerStyle(InlinePickerStyle())
                    }
            """)
        #expect(node(t.scene, "theme")?.pickerStyle == .segmented)
        #expect(node(t.scene, "theme")?.value == "Dark")
        #expect(node(t.scene, "quality")?.pickerStyle == .navigationLink)
        #expect(node(t.scene, "audio")?.pickerStyle == .navigationLink)
        #expect(node(t.scene, "size")?.pickerStyle == .navigationLink)
        let approximated = t.warnings.filter { $0.message.contains(Approximation.pickerStyle.concept) }
        #expect(approximated.map(\.location.line) == [12, 13])
        // A segmented picker's segments take focus one by one.
        let walk = try focusPath(t.scene, ["left", "right", "down"])
        #expect(walk == ["theme/0", "theme/0", "theme/1", "quality"], "\(walk)")
    }

    @Test func formSectionsLabeledContentAndLabels() throws {
        let t = try screen(
            """
                    Form {
                        Section {
                            LabeledContent("Version", value: "2.1")
                            LabeledContent("Account") { Text("ana@example.com") }
                            Label("Downloads", systemImage: "arrow.down.circle")
                        } header: { Text("About") } footer: { Text("Updated daily.") }
                    }
            """)
        let section = try #require(node(t.scene, "about-section"))
        #expect(section.type == .section && section.header?.text == "About" && section.footer?.text == "Updated daily.")
        #expect(node(t.scene, "version")?.type == .row && node(t.scene, "version")?.value == "2.1")
        #expect(node(t.scene, "account")?.value == "ana@example.com")
        let downloads = try #require(t.scene.allNodes.first { $0.type == .text && $0.title == "Downloads" })
        #expect(downloads.icon == "arrow.down.circle")
        #expect(t.scene.allNodes.filter(\.isFocusable).map(\.id) == ["version", "account"])
    }

    @Test func alertsAndConfirmationDialogsAreTheSceneAlert() throws {
        let t = try screen(
            """
                    VStack {
                        Button("Sign Out") { showAlert = true }
                        Button("Delete") { showSheet = true }
                    }
                    .alert("Sign Out?", isPresented: $showAlert) {
                        Button("Sign Out", role: .destructive) { autoplay = false }
                        Button("Cancel", role: .cancel) {}
                    } message: {
                        Text("You will need your password to sign in again.")
                    }
                    .confirmationDialog("Delete the download?", isPresented: $showSheet) {}
            """)
        let alert = try #require(t.scene.sheets.first { $0.id == "sign-out-alert" })
        #expect(
            alert.type == .alert && alert.title == "Sign Out?"
                && alert.message == "You will need your password to sign in again.")
        #expect(alert.children.map(\.title) == ["Sign Out", "Cancel"])
        let dialog = try #require(t.scene.sheets.first { $0.id == "delete-the-download-alert" })
        #expect(dialog.alertStyle == .actionSheet && dialog.children.map(\.title) == ["OK"])
        // Presented by the state write; every button dismisses it (its own action still runs).
        var sim = try Simulator(scene: t.scene)
        for p in ["select", "select"] {
            _ = sim.send(RemoteEvent(name: p)!)
            sim.step(ticks: ExpectationRunner.gap)
        }
        #expect(sim.data.state["autoplay"] == .bool(false))
        #expect(sim.focused == "sign-out")
        #expect(try focusPath(t.scene, ["down", "select", "select"]) == ["sign-out", "delete", "ok", "delete"])
    }

    @Test func sheetPresentationsFollowTheModifiers() throws {
        let t = try screen(
            """
                    VStack {
                        Button("Cover") { showSheet = true }
                        Button("Form") { showAlert = true }
                        NavigationLink("Details") { Text("Details page") }
                    }
                    .fullScreenCover(isPresented: $showSheet) { Button("Close") { showSheet = false } }
                    .sheet(isPresented: $showAlert) { Button("Done") { showAlert = false }.presentationSizing(.form) }
            """)
        let presentations = t.scene.sheets.map { "\($0.id)=\($0.presentation?.rawValue ?? "page")" }
        #expect(presentations.contains("button-sheet=fullScreen"), "\(presentations)")
        #expect(presentations.contains("button-sheet-2=form"), "\(presentations)")
        #expect(presentations.contains("details-page=push"), "\(presentations)")
        #expect(!t.warnings.contains { $0.message.contains("fullScreenCover") })
    }

    @Test func clipShapesAndCornerRadiiShapeTheArtwork() throws {
        let t = try screen(
            """
                    HStack {
                        Image("a").resizable().frame(width: 200, height: 200).clipShape(Circle())
                        Image("b").resizable().frame(width: 300, height: 100).clipShape(Capsule())
                        Image("c").resizable().frame(width: 300, height: 200).clipShape(RoundedRectangle(cornerRadius: 30))
                        Image("d").resizable().frame(width: 300, height: 200).cornerRadius(8)
                        Button { } label: { Image("e").resizable().frame(width: 200, height: 300).clipShape(.rect(cornerRadius: 20)) }
                            .buttonStyle(.plain)
                        Circle().frame(width: 100, height: 100)
                        Text("Title").lineLimit(2).multilineTextAlignment(.center)
                    }
            """)
        #expect(node(t.scene, "a")?.shape == NodeShape(kind: .circle))
        #expect(node(t.scene, "b")?.shape == NodeShape(kind: .capsule))
        #expect(node(t.scene, "c")?.shape == NodeShape(kind: .roundedRectangle, cornerRadius: 30))
        #expect(node(t.scene, "d")?.shape == NodeShape(kind: .roundedRectangle, cornerRadius: 8))
        let poster = try #require(t.scene.allNodes.first { $0.type == .poster })
        #expect(poster.shape == NodeShape(kind: .roundedRectangle, cornerRadius: 20))
        #expect(node(t.scene, "circle")?.shape == NodeShape(kind: .circle))
        let title = try #require(node(t.scene, "title"))
        #expect(title.lineLimit == 2 && title.textAlignment == .center)
    }

    @Test func buttonStylesPickTheClosestComponent() throws {
        let t = try screen(
            """
                    HStack {
                        Button { } label: { Image("art").resizable().frame(width: 400, height: 225) }.buttonStyle(.card)
                        Button("Bordered") { }.buttonStyle(.bordered)
                        Button("Plain") { }.buttonStyle(.plain)
                    }
            """)
        #expect(t.scene.allNodes.contains { $0.type == .card })
        #expect(node(t.scene, "bordered")?.type == .button)
        #expect(node(t.scene, "plain")?.type == .button)
    }
}
