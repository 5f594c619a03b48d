import FocusEngine
import Foundation
import TenFootCore
import TenFootScene
import TenFootSim
import TenFootSwiftUI
import TenFootSwiftUIReader
import Testing

@Suite(.enabled(if: SwiftUIReader.isAvailable)) struct ActionTests {
    @Test func tabViewTabsAndSelectionWrites() throws {
        let t = try translate(
            """
            import SwiftUI
            struct Root: View {
                enum Page: Hashable { case watch, search, library }
                @State private var page: Page = .watch
                var body: some View {
                    NavigationStack {
                        TabView(selection: $page) {
                            VStack { Button("Go to Library") { page = .library } }
                                .tabItem { Label("Watch Now", systemImage: "play") }
                                .tag(Page.watch)
                            Text("Search").tabItem { Text("Search") }.tag(Page.search)
                            Tab("Library", systemImage: "books", value: Page.library) {
                                Button("Shelves") {}
                            }
                        }
                    }
                }
            }
            """)
        let bar = t.scene.root
        #expect(bar.type == .tabBar)
        #expect(bar.tabs.map(\.title) == ["Watch Now", "Search", "Library"])
        #expect(bar.tabs.map(\.id) == ["watch-now", "search", "library"])
        let go = try #require(node(t.scene, "go-to-library"))
        #expect(actionsText(go, .onSelect).contains("selectTab(\"library\")"))
        let p = try focusPath(t.scene, from: "go-to-library", ["select"])
        // The Library tab is selected: its content replaces the first tab's, and focus moves into it.
        #expect(p.last == "shelves", "\(p)")
    }

    @Test func sheetsFollowTheirPresentedState() throws {
        let t = try translate(
            """
            import SwiftUI
            struct Info: View {
                @Binding var isShown: Bool
                var body: some View { VStack { Text("About"); Button("Close") { isShown.toggle() } } }
            }
            struct Page: View {
                @State private var showInfo = false
                var body: some View {
                    Button("Info") { showInfo.toggle() }
                        .sheet(isPresented: $showInfo) { Info(isShown: $showInfo) }
                }
            }
            """, view: "Page")
        #expect(t.scene.sheets.map(\.id) == ["info-sheet"])
        let p = try focusPath(t.scene, ["select", "select"])
        #expect(p == ["info", "close", "info"], "\(p)\n\(t.json)")
        // A toggle of the state a sheet follows is exact: no approximation reported.
        #expect(!t.warnings.contains { $0.message.contains("toggle") })
    }

    @Test func navigationLinksPresentTheirDestination() throws {
        let t = try translate(
            """
            import SwiftUI
            struct Detail: View { let name: String; var body: some View { Button("Play \\(name)") {} } }
            struct List1: View {
                var body: some View {
                    NavigationStack {
                        VStack {
                            NavigationLink("Harbour") { Detail(name: "Harbour") }
                            NavigationLink(destination: Detail(name: "Orbit")) { Text("Orbit") }
                        }
                        .navigationTitle("Movies")
                    }
                }
            }
            """, view: "List1")
        #expect(
            try focusPath(t.scene, ["select", "menu", "down", "select"]) == [
                "harbour", "play-harbour", "harbour", "orbit", "play-orbit",
            ])
        #expect(t.scene.allNodes.contains { $0.type == .text && $0.title == "Movies" })
        // A push, not an approximation: no warning, and each destination is pushed.
        #expect(!t.warnings.contains { $0.message.contains("NavigationLink") })
        #expect(t.scene.sheets.map(\.presentation) == [.push, .push])
    }

    @Test func moveExitAndPlayPauseCommands() throws {
        let t = try translate(
            """
            import SwiftUI
            struct Player: View {
                @State private var volume = 5
                @State private var paused = false
                var body: some View {
                    HStack {
                        Button("Back") {}
                        Text("Volume")
                            .focusable()
                            .onMoveCommand { direction in
                                switch direction {
                                case .left: volume = 4
                                case .right: volume = 6
                                default: break
                                }
                            }
                            .onExitCommand { paused = true }
                            .onPlayPauseCommand { paused = false }
                    }
                }
            }
            """)
        let volume = try #require(node(t.scene, "volume"))
        #expect(Set(volume.onMove.keys) == [.left, .right])
        #expect(volume.actions[.onMenu] != nil && volume.actions[.onPlayPause] != nil)
        #expect(
            try focusPath(t.scene, from: "volume", ["left", "up", "menu"]) == ["volume", "volume", "volume", "volume"])
    }

    @Test func actionsThatDependOnTheirStateAreReported() throws {
        let t = try translate(
            """
            import SwiftUI
            struct V: View {
                @State private var liked = false
                @State private var count = 0
                var body: some View {
                    VStack {
                        Button("Like") { liked.toggle() }
                        Button("Later") {
                            DispatchQueue.main.asyncAfter(deadline: .now() + 1) { count += 1 }
                        }
                        Button("Sync") { model.refresh() }
                        if liked { Text("Liked") }
                    }
                }
            }
            """, file: "/tmp/A.swift")
        let w = t.warnings.map(\.description)
        #expect(w.contains(where: { $0.hasPrefix("/tmp/A.swift:7:30: warning: approximated: x.toggle()") }))
        #expect(
            w.contains(where: {
                $0.hasPrefix("/tmp/A.swift:9:17: warning: approximated: DispatchQueue.main.asyncAfter")
            }))
        #expect(w.contains("/tmp/A.swift:11:30: warning: not interpreted: model.refresh() (TenFoot skips it)"))
        let stateDriven = w.contains { $0.hasPrefix("/tmp/A.swift:12:13: warning: approximated: if/switch on @State") }
        #expect(stateDriven)
        // The delayed block ran, at once: count is set to 1.
        #expect(actionsText(node(t.scene, "later"), .onSelect).contains("set(\"count\", 1)"))
    }

    @Test func onAppearChangesTheOpeningStateAndTheBodyIsBuiltAgain() throws {
        let t = try translate(
            """
            import SwiftUI
            struct V: View {
                @State private var ready = false
                var body: some View {
                    VStack {
                        if ready { Button("Start") {} } else { Text("Loading") }
                    }
                    .onAppear { ready = true }
                }
            }
            """)
        #expect(t.scene.allNodes.contains { $0.id == "start" })
        #expect(!t.scene.allNodes.contains { $0.type == .text })
    }
}

@Suite(.enabled(if: SwiftUIReader.isAvailable)) struct LayoutTests {
    @Test func framesPaddingFontsAndGrids() throws {
        let t = try translate(
            """
            import SwiftUI
            struct V: View {
                let columns = [GridItem(.adaptive(minimum: 300))]
                var shorthand: [GridItem] { [.init(.adaptive(minimum: 260, maximum: 280))] }
                var body: some View {
                    VStack(alignment: .leading, spacing: 24) {
                        Text("Title").font(.largeTitle).foregroundColor(.red)
                        Button("Wide") {}.frame(maxWidth: .infinity)
                        Button("Fixed") {}.frame(width: 320, height: 90).padding(.horizontal, 12)
                        Button("Padded") {}.padding()
                        LazyVGrid(columns: columns, spacing: 50) { ForEach(1...4, id: \\.self) { i in Button("Item \\(i)") {} } }
                        LazyVGrid(columns: [GridItem(.fixed(200)), GridItem(.flexible())]) { Button("A") {}; Button("B") {} }
                        LazyVGrid(columns: shorthand) { Button("C") {} }
                    }
                }
            }
            """)
        let stack = try #require(t.scene.allNodes.first { $0.type == .vstack && $0.spacing == 24 })
        #expect(stack.alignment == .leading)
        let title = try #require(node(t.scene, "title"))
        #expect(title.textStyle == .title1 && title.color == Color(hex: "#ff453a"))
        #expect(node(t.scene, "wide")?.width == .fill)
        let fixed = try #require(node(t.scene, "fixed"))
        #expect(fixed.width == .points(320) && fixed.height == .points(90))
        #expect(fixed.padding.leading == 12 && fixed.padding.top == 0)
        #expect(node(t.scene, "padded")?.padding.top == SwiftUISizes.defaultPadding)
        let grids = t.scene.allNodes.filter { $0.type == .grid }
        #expect(grids.map(\.columns) == [5, 2, 6])
        #expect(grids[0].spacing == 50)
        #expect(node(t.scene, "a")?.width == .points(200))
        #expect(t.scene.allNodes.filter(\.isFocusable).map(\.id).suffix(5) == ["item-3", "item-4", "a", "b", "c"])
    }

    @Test func listsFormsAndSections() throws {
        let t = try translate(
            """
            import SwiftUI
            struct Settings: View {
                @State private var subtitles = true
                @State private var quality = "HD"
                var body: some View {
                    Form {
                        Section(header: Text("Playback"), footer: Text("Applies to every show")) {
                            Toggle("Subtitles", isOn: $subtitles)
                            Picker("Quality", selection: $quality) {
                                Text("Auto").tag("Auto")
                                Text("HD").tag("HD")
                                Text("4K").tag("4K")
                            }
                        }
                        Section("Account") {
                            Button("Sign Out") {}
                        }
                    }
                }
            }
            """)
        #expect(t.scene.root.type == .scroll)
        let toggle = try #require(node(t.scene, "subtitles"))
        #expect(toggle.type == .toggle && toggle.title == "Subtitles" && toggle.isOn == .state("subtitles"))
        let picker = try #require(node(t.scene, "quality"))
        #expect(picker.options == ["Auto", "HD", "4K"] && picker.value == "HD")
        let playback = try #require(node(t.scene, "playback-section"))
        #expect(
            playback.type == .section && playback.header?.text == "Playback"
                && playback.footer?.text == "Applies to every show")
        #expect(node(t.scene, "account-section")?.type == .section)
        #expect(node(t.scene, "sign-out")?.textAlignment == .leading)
        #expect(t.warnings.contains { $0.message.contains(Approximation.form.concept) })
        #expect(!t.warnings.contains { $0.message.contains("Toggle") || $0.message.contains("Section") })
    }

    @Test func theOpenedViewIsCentredUnlessItFillsTheScreen() throws {
        let small = try translate("import SwiftUI\nstruct V: View { var body: some View { Button(\"OK\") {} } }")
        #expect(
            small.scene.root.type == .vstack && small.scene.root.height == .fill
                && small.scene.root.children.first?.type == .spacer)
        let page = try translate(
            "import SwiftUI\nstruct V: View { var body: some View { ScrollView { Button(\"OK\") {} } } }")
        #expect(page.scene.root.type == .scroll)
    }
}

@Suite(.enabled(if: SwiftUIReader.isAvailable)) struct ConversionTests {
    /// `tenfoot convert` writes `json`: it must read back as the same scene.
    @Test(arguments: Fixtures.all)
    func theSceneFileReadsBackAsTheSameScene(_ name: String) throws {
        let t = try Fixtures.translate(name)
        let back = try SceneDecoder.decode(t.json, file: "converted.json")
        #expect(back.allNodes.map(\.id) == t.scene.allNodes.map(\.id))
        #expect(back.allNodes.map(\.type) == t.scene.allNodes.map(\.type))
        #expect(back.expectations.count == t.scene.expectations.count)
        #expect(back.state == t.scene.state)
    }

    @Test func translationIsDeterministic() throws {
        for name in Fixtures.all {
            let a = try Fixtures.translate(name)
            let b = try Fixtures.translate(name)
            #expect(a.json == b.json && a.warnings == b.warnings && a.items == b.items, "\(name)")
        }
    }
}
