import FocusEngine
import Foundation
import TenFootCore
import TenFootScene
import TenFootSwiftUI
import TenFootSwiftUIReader
import TenFootTools
import TestSupport
import Testing

/// What real apps' SwiftUI holds that clean examples do not (issue 29, docs/swiftui.md "Real apps' code"): each
/// construct as a small fixture of our own in `RealAppFixtures/`, which must open and behave as its sidecar says.
@Suite(.enabled(if: SwiftUIReader.isAvailable)) struct RealAppConstructTests {
    static let folder = TestPaths.packageRoot + "/Tests/TenFootSwiftUITests/RealAppFixtures"
    static let fixtures = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
        $0.hasSuffix(".swift")
    }.sorted()

    @Test func thereAreFixtures() { #expect(Self.fixtures.count >= 2) }

    @Test(arguments: fixtures)
    func opensAndBehavesAsItsSidecarSays(_ name: String) throws {
        let t = try SwiftUIReader.read([Self.folder + "/" + name])
        #expect(!t.scene.expectations.isEmpty, "\(name) has no expectations in its sidecar")
        for r in ExpectationRunner.run(t.scene) {
            #expect(r.passed, "\(name): \(r.name): \(r.failure ?? "") [path: \(r.path.joined(separator: " → "))]")
        }
    }

    /// `self.channels = channels` writes the property from the local of the same name (a load's usual shape).
    @Test func selfDotNamesThePropertyUnderALocalOfTheSameName() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Channels: View {
                    @State private var channels: [String] = []
                    @State private var isLoading = true
                    var body: some View {
                        VStack {
                            if isLoading { ProgressView() }
                            else if channels.isEmpty { Text("None") }
                            else { ForEach(channels, id: \\.self) { c in Button(c) {} } }
                        }
                        .task { await load() }
                    }
                    private func load() async {
                        let channels = try await api.fetch()
                        await MainActor.run {
                            self.channels = channels
                            isLoading = false
                        }
                    }
                }
                """, file: "/tmp/Channels.swift")
        #expect(t.scene.allNodes.filter { $0.type == .button }.count == 3)
    }

    /// `.resolve(…)` where a type's static factory is meant (not an enum case) runs the factory; a state it
    /// cannot decide shows the branch with the most to focus, here the content.
    @Test func anImplicitMemberCallRunsTheAppsStaticFactory() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                enum LoadState {
                    case loading, empty, content
                    static func resolve(isLoading: Bool, isEmpty: Bool) -> LoadState {
                        if isLoading { return .loading }
                        if isEmpty { return .empty }
                        return .content
                    }
                }
                struct Shelf: View {
                    var state: LoadState
                    var body: some View {
                        switch state {
                        case .loading: ProgressView()
                        case .empty: Text("Nothing here")
                        case .content: HStack { Button("One") {}; Button("Two") {} }
                        }
                    }
                }
                struct Queue: View {
                    var body: some View { Shelf(state: .resolve(isLoading: false, isEmpty: false)) }
                }
                """, file: "/tmp/Queue.swift", options: SwiftUIOptions(view: "Queue"))
        #expect(t.scene.allNodes.compactMap(\.title) == ["One", "Two"])
    }

    /// A container view opened alone, whose content its callers pass, shows one focusable sample item for it.
    @Test func aContainersMissingContentIsAFocusableSample() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Row<Content: View>: View {
                    let title: String
                    @ViewBuilder let content: () -> Content
                    var body: some View {
                        VStack(alignment: .leading) {
                            Text(title)
                            ScrollView(.horizontal) { HStack { content() } }
                        }
                        .focusSection()
                    }
                }
                """, file: "/tmp/Row.swift")
        #expect(try focusPath(t.scene, []) == ["content"])
        #expect(t.warnings.contains { $0.message.contains("content is the content this view's callers pass") })
    }

    /// `VStack(spacing:content: { … })`, the form Xcode completes, is read as the trailing-closure form.
    @Test func aContentArgumentIsTheContentClosure() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct W: View {
                    var body: some View {
                        VStack(alignment: .leading, spacing: 10, content: {
                            Button("A") {}
                            ZStack(alignment: .top, content: { Button("B") {} })
                        })
                    }
                }
                """, file: "/tmp/W.swift")
        #expect(try focusPath(t.scene, ["down"]) == ["a", "b"])
    }

    /// A gate on the app's first-launch flags (signed in, terms accepted, not under tests) that only the running
    /// app knows shows what a first launch shows, and says so; the sidecar's data overrides it.
    @Test func gatesShowTheFirstLaunch() throws {
        let source = """
            import SwiftUI
            struct Gate: View {
                @StateObject var session = SessionStore.shared
                @StateObject var preferences = PreferenceStore.shared
                var body: some View {
                    if !preferences.hasAcceptedTerms, !LaunchArguments().isRunningTests {
                        Button("Accept") {}
                    } else if session.isLoggedIn || session.isFirstLaunch == false {
                        HStack { Button("Movies") {}; Button("Shows") {}; Button("Search") {} }
                    } else {
                        HStack { Button("Sign In") {}; Button("Help") {} }
                    }
                }
            }
            """
        let t = try SwiftUIReader.read(source: source, file: "/tmp/Gate.swift")
        #expect(try focusPath(t.scene, []) == ["accept"])
        #expect(
            t.warnings.contains {
                $0.message.contains(
                    "first launch: LaunchArguments().isRunningTests is false, preferences.hasAcceptedTerms is false")
            })
        let accepted = try SwiftUIReader.read(
            source: source.replacingOccurrences(of: "!preferences.hasAcceptedTerms", with: "false"),
            file: "/tmp/Gate.swift")
        #expect(try focusPath(accepted.scene, []) == ["sign-in"])
        // A question about the user's library (queued, favourited) reads as a new user's: nothing in it.
        let queued = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Detail: View {
                    @Environment(VideoLibrary.self) var library
                    let video: Video
                    var body: some View {
                        Button(library.isVideoInUpNext(video) ? "In Up Next" : "Add to Up Next") {}
                    }
                }
                """, file: "/tmp/Detail.swift")
        #expect(queued.scene.allNodes.contains { $0.title == "Add to Up Next" })
    }

    /// `UserDefaults` holds nothing on a first launch: a setting read from it (directly or through a property kept
    /// of it) is nil, false or 0 by its getter, and the warning says so.
    @Test func userDefaultsAreEmptyOnAFirstLaunch() throws {
        let source = """
            import SwiftUI
            struct Start: View {
                private let defaults = UserDefaults.standard
                @State private var url = UserDefaults.standard.string(forKey: "serverURL") ?? ""
                var body: some View {
                    if url.isEmpty || defaults.bool(forKey: "paired") == true || defaults.integer(forKey: "n") > 0 {
                        Button("Set Up") {}
                    } else {
                        Button("Watch") {}
                    }
                }
            }
            """
        let t = try SwiftUIReader.read(source: source, file: "/nonexistent/Start.swift")
        #expect(try focusPath(t.scene, []) == ["set-up"])
        let said = try #require(t.warnings.first { $0.message.contains("first launch") }).message
        #expect(said.contains(#"UserDefaults.standard.string(forKey: "serverURL") is nil"#), "\(said)")
        // With a default url the other settings decide, as stored on a first launch: false and 0.
        let paired = try SwiftUIReader.read(
            source: source.replacingOccurrences(of: #"?? """#, with: #"?? "http://tv.local""#),
            file: "/nonexistent/Start.swift")
        #expect(try focusPath(paired.scene, []) == ["watch"])
        #expect(
            paired.warnings.contains {
                $0.message.contains(#"defaults.bool(forKey: "paired") is false, defaults.integer(forKey: "n") is 0"#)
            })
        // A sidecar gives what a second launch has stored, by the call as the warning writes it.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-defaults-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try source.write(toFile: dir + "/Start.swift", atomically: true, encoding: .utf8)
        try #"{ "data": { "UserDefaults.standard.string(forKey: \"serverURL\")": "http://tv.local" } }"#.write(
            toFile: dir + "/Start.tenfoot-sidecar", atomically: true, encoding: .utf8)
        let stored = try SwiftUIReader.read([dir + "/Start.swift"])
        #expect(try focusPath(stored.scene, []) == ["watch"])
    }

    /// What running `.task` or `.onAppear` warns about is said, also when what it changed makes the screen build
    /// again.
    @Test func warningsOfTheAppearingAreKept() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct W: View {
                    @EnvironmentObject var settings: Settings
                    @State private var shown = "none"
                    var body: some View {
                        VStack { Button(shown) {} }
                            .task { await check() }
                    }
                    private func check() async {
                        guard !settings.serverURL.isEmpty else {
                            shown = "empty"
                            return
                        }
                        shown = "full"
                    }
                }
                """, file: "/nonexistent/W.swift")
        #expect(try focusPath(t.scene, []) == ["full"])
        #expect(t.warnings.contains { $0.location.line == 10 && $0.message.contains("this guard depends on data") })
    }

    /// A view builder called in an init to keep what it builds (`self.content = content()`) shows every view it
    /// builds, with their modifiers, where the value is shown; before, the last view's code showed as a card.
    @Test func contentKeptByAnInitIsItsViews() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Bouncing<Content: View>: View {
                    let content: Content
                    init(width: CGFloat, @ViewBuilder content: () -> Content) { self.content = content() }
                    var body: some View { HStack { content } }
                }
                struct Clock: View {
                    private var time: String { "10:30" }
                    var body: some View {
                        Bouncing(width: 150) {
                            Text(time).font(.system(size: 28, weight: .bold))
                            Button("Dismiss") {}.padding()
                        }
                    }
                }
                """, file: "/nonexistent/Clock.swift", options: SwiftUIOptions(view: "Clock"))
        #expect(t.scene.allNodes.compactMap(\.title).contains("Dismiss"))
        let time = try #require(t.scene.allNodes.first { $0.type == .text })
        #expect(time.title == "10:30" && time.fontSize == 28 && time.fontBold == true)
        #expect(!t.scene.allNodes.contains { $0.type == .card })
        #expect(try focusPath(t.scene, []) == ["dismiss"])
        // A styled Text passed as a view argument is its text.
        let passed = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Row<L: View>: View {
                    let label: L
                    var body: some View { HStack { label; Button("Go") {} } }
                }
                struct Screen: View {
                    var body: some View { Row(label: Text("Hi").font(.title).bold()) }
                }
                """, file: "/nonexistent/Row.swift", options: SwiftUIOptions(view: "Screen"))
        #expect(passed.scene.allNodes.contains { $0.type == .text && $0.title == "Hi" })
        #expect(!passed.scene.allNodes.contains { $0.type == .card })
    }

    /// A ZStack layer that only the running app shows (a settings panel, a screensaver, an error banner) over
    /// layers that have something to focus is left out: the screen as it opens. Over a background, or as one of
    /// two branches, the branch with the most to focus is still shown.
    @Test func aRuntimeLayerOverFocusableContentIsLeftOut() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Root: View {
                    @EnvironmentObject var router: Router
                    var body: some View {
                        ZStack {
                            Color.black
                            if router.isReady { HStack { Button("Movies") {}; Button("Shows") {} } }
                            if router.settingsShown { VStack { Button("Close") {}; Button("Sign Out") {} } }
                            if let error = router.error { Button("Retry \\(error)") {} }
                            if router.loading { Button("Cancel") {} } else { Button("Refresh") {} }
                        }
                    }
                }
                """, file: "/nonexistent/Root.swift")
        let titles = t.scene.allNodes.filter { $0.type == .button }.compactMap(\.title)
        #expect(titles == ["Movies", "Shows", "Cancel"])
        #expect(try focusPath(t.scene, []) == ["movies"])
        #expect(
            t.warnings.filter { $0.message.contains("leaves out this layer") }.map(\.location.line) == [8, 9])
    }

    /// Moonfin's action row: a list of buttons built in steps in a computed property (`buttons.append(…)` on a
    /// local), titles a runtime flag chooses kept in a struct, each a symbol on a 96-point tile above its caption
    /// (tvOS's caption button); a view model the init makes (`_model = StateObject(wrappedValue: …)`) is the
    /// running app's, as `@StateObject var model = Model()` is; an error view with no else is left out.
    @Test func anActionRowBuiltInStepsIsCaptionButtons() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Config: Identifiable { let id: String; let label: String; let icon: String }
                final class DetailModel: ObservableObject {
                    @Published var isLoading = true
                    @Published var errorMessage: String?
                    init(id: String) {}
                }
                struct Actions: View {
                    let canResume: Bool
                    @StateObject private var model: DetailModel
                    init(canResume: Bool) {
                        self.canResume = canResume
                        _model = StateObject(wrappedValue: DetailModel(id: "1"))
                    }
                    private var configs: [Config] {
                        var buttons: [Config] = []
                        buttons.append(Config(id: "play", label: canResume ? "Restart" : "Play", icon: "play.fill"))
                        buttons.insert(Config(id: "trailer", label: "Trailer", icon: "film"), at: 0)
                        buttons.append(contentsOf: [Config(id: "fav", label: "Favorite", icon: "heart")])
                        return buttons
                    }
                    var body: some View {
                        ZStack {
                            if model.isLoading {
                                ProgressView()
                            } else {
                                HStack {
                                    ForEach(configs) { config in
                                        Button {} label: {
                                            VStack {
                                                ZStack {
                                                    RoundedRectangle(cornerRadius: 16).fill(Color.gray)
                                                    Image(systemName: config.icon)
                                                }
                                                .frame(width: 96, height: 96)
                                                Text(config.label)
                                            }
                                        }
                                        .opacity(canResume ? 1 : 0)
                                    }
                                }
                            }
                            if let message = model.errorMessage {
                                VStack { Text(message); Button("Retry") {} }
                            }
                        }
                    }
                }
                """, file: "/nonexistent/Actions.swift", options: SwiftUIOptions(view: "Actions"))
        let buttons = t.scene.allNodes.filter { $0.type == .captionButton }
        #expect(buttons.map(\.title) == ["Trailer", "Play", "Favorite"])
        #expect(buttons.map(\.icon) == ["film", "play.fill", "heart"])
        #expect(buttons.allSatisfy { $0.width == .points(96) && $0.height == .points(96) && !$0.hidden })
        #expect(!t.scene.allNodes.contains { $0.title == "Retry" })
        #expect(try focusPath(t.scene, ["right"]) == ["trailer", "play"])
        #expect(t.warnings.contains { $0.location.line == 17 && $0.message.contains("takes the one for a false") })
        #expect(t.warnings.contains { $0.location.line == 43 && $0.message.contains("leaves out this layer") })
        // Not a layer: what a failure shows, with nothing else to show, is left out too.
        let player = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Player: View {
                    @StateObject private var model = PlayerModel()
                    var body: some View {
                        VStack {
                            NativePlayer(model: model)
                            if let error = model.errorMessage { Text(error); Button("Close") {} }
                        }
                    }
                }
                """, file: "/nonexistent/Player.swift")
        #expect(!player.scene.allNodes.contains { $0.title == "Close" })
        #expect(player.warnings.contains { $0.message.contains("leaves out what it shows on a failure") })
    }

    /// Only a symbol on a shape, framed small, above a caption is a caption button: not a symbol alone (an avatar),
    /// a picture with a symbol badge, or a tile with its own text. A symbol of sample data leaves the platter bare.
    @Test func captionTilesAreSymbolsOnAPlatter() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Item: Identifiable { let id: Int; let icon: String; let title: String }
                struct Tiles: View {
                    let items: [Item]
                    var body: some View {
                        HStack {
                            Button {} label: {
                                VStack { Image(systemName: "person.circle.fill").resizable().frame(width: 150, height: 150); Text("Ana") }
                            }
                            Button {} label: {
                                VStack {
                                    ZStack { Image("poster"); Image(systemName: "checkmark.circle.fill") }.frame(width: 150, height: 150)
                                    Text("Watched")
                                }
                            }
                            Button {} label: {
                                VStack {
                                    HStack { Image(systemName: "star.fill"); Text("4.5") }.frame(width: 150, height: 40)
                                    Text("Rating")
                                }
                            }
                            ForEach(items) { item in
                                Button {} label: {
                                    VStack {
                                        ZStack { RoundedRectangle(cornerRadius: 12); Image(systemName: item.icon) }
                                            .frame(width: 96, height: 96)
                                        Text(item.title)
                                    }
                                }
                            }
                        }
                    }
                }
                """, file: "/nonexistent/Tiles.swift", options: SwiftUIOptions(view: "Tiles"))
        let captions = t.scene.allNodes.filter { $0.type == .captionButton }
        #expect(captions.count == 3)
        #expect(captions.allSatisfy { $0.icon == nil && $0.width == .points(96) })
        #expect(
            !t.scene.allNodes.contains { $0.type == .captionButton && ["Ana", "Watched", "Rating"].contains($0.title) })
    }

    /// A list built in steps takes out what is removed, and only a bound failure is left out: `if !model.hasError`
    /// shows its content. A view model handed to the init (`StateObject(wrappedValue: model)`) is the caller's, and
    /// a choice on runtime data that would run code (`isPinned ? unmark() : mark()`) runs neither branch.
    @Test func stepsFailuresAndHandedModels() throws {
        let source = """
            import SwiftUI
            final class Model: ObservableObject {
                @Published var title = "Unset"
                static let preview: Model = { let m = Model(); m.title = "Preview"; return m }()
            }
            struct Screen: View {
                @StateObject private var model: Model
                @EnvironmentObject var session: Session
                @State private var marked = false
                init(model: Model) { _model = StateObject(wrappedValue: model) }
                private var names: [String] {
                    var names = ["A", "B", "C", "D", "E"]
                    names.remove(at: 1)
                    names.removeFirst()
                    names.removeLast()
                    return names
                }
                private var none: [String] {
                    var all = ["X"]
                    all.removeAll()
                    return all
                }
                var body: some View {
                    VStack {
                        Text(model.title)
                        ForEach(names + none, id: \\.self) { name in Button(name) {} }
                        if !session.hasError { Button("Content") {} }
                        if marked { Button("Marked") {} }
                    }
                    .onAppear { session.isPinned ? unmark() : mark() }
                }
                private func mark() { marked = true }
                private func unmark() { marked = false }
            }
            #Preview { Screen(model: Model.preview) }
            """
        let t = try SwiftUIReader.read(source: source, file: "/nonexistent/Screen.swift")
        #expect(t.scene.allNodes.contains { $0.type == .text && $0.title == "Preview" })
        #expect(t.scene.allNodes.filter { $0.type == .button }.compactMap(\.title) == ["C", "D", "Content"])
        // A model the init builds in steps is the running app's, as one it makes is.
        let built = try SwiftUIReader.read(
            source: source.replacingOccurrences(
                of: "_model = StateObject(wrappedValue: model)",
                with: "_model = StateObject(wrappedValue: { let m = Model(); m.title = \"Built\"; return m }())"),
            file: "/nonexistent/Screen.swift")
        #expect(built.scene.allNodes.contains { $0.type == .text && $0.title == "‹model.title›" })
    }

    /// `hasTrailer ? { … } : nil` (an optional action) stays the app's, so the button it gates is shown; a text or
    /// nil so chosen (`showsLabel ? "Rating" : nil`) is the false branch's: no label.
    @Test func aChoiceOfAnActionOrNilKeepsTheAction() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Row: View {
                    var onTrailer: (() -> Void)?
                    var label: String?
                    var body: some View {
                        VStack {
                            if let onTrailer { Button("Trailer", action: onTrailer) }
                            if let label { Button(label) {} }
                            Button("Play") {}
                        }
                    }
                }
                struct Detail: View {
                    let item: Item
                    var body: some View {
                        Row(onTrailer: item.hasTrailer ? { print("t") } : nil, label: item.showsLabel ? "Rating" : nil)
                    }
                }
                """, file: "/nonexistent/Detail.swift", options: SwiftUIOptions(view: "Detail"))
        #expect(t.scene.allNodes.filter { $0.type == .button }.compactMap(\.title) == ["Trailer", "Play"])
    }

    /// A view that needs arguments and has no preview is built as the app builds it: of its call sites, the one
    /// that writes the most values out.
    @Test func aViewWithoutAPreviewTakesItsArgumentsFromItsUse() throws {
        let source = """
            import SwiftUI
            struct Empty: View {
                let title: String
                var actionTitle: String? = nil
                var action: (() -> Void)? = nil
                var body: some View {
                    VStack {
                        Text(title)
                        if let actionTitle, let action { Button(actionTitle, action: action) }
                    }
                }
            }
            struct Home: View {
                let name: String
                var body: some View {
                    VStack {
                        Empty(title: name)
                        Empty(title: "No channels", actionTitle: "Add Channel", action: {})
                    }
                }
            }
            """
        let t = try SwiftUIReader.read(source: source, file: "/tmp/Empty.swift", options: SwiftUIOptions(view: "Empty"))
        #expect(t.scene.name == "Empty")
        #expect(try focusPath(t.scene, []) == ["add-channel"])
        #expect(t.scene.allNodes.contains { $0.type == .text && $0.title == "No channels" })
    }

    /// `.onChange(of: isLoading)` runs when the load the screen starts changes it, and the FocusState it sets to
    /// the first loaded row (`shows.first?.id`) focuses the first sample row, whose id is `shows[0].id`.
    @Test func onChangeRunsWhenTheLoadChangesItsValue() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Shows: View {
                    let api: APIClient
                    @State private var shows: [Show] = []
                    @State private var isLoading = true
                    @FocusState private var focusedID: Int?
                    var body: some View {
                        VStack {
                            Button("Search") {}
                            if isLoading {
                                ProgressView()
                            } else {
                                HStack {
                                    ForEach(shows) { show in
                                        Button(show.title) {}.focused($focusedID, equals: show.id)
                                    }
                                }
                            }
                        }
                        .task { await load() }
                        .onChange(of: isLoading) { _, loading in
                            if !loading, let first = shows.first { focusedID = first.id }
                        }
                    }
                    private func load() async {
                        let loaded = try await api.fetchShows()
                        shows = loaded
                        isLoading = false
                    }
                }
                """, file: "/tmp/Shows.swift")
        let first = try #require(t.scene.allNodes.first { $0.type == .button && $0.title != "Search" })
        #expect(try focusPath(t.scene, ["right"]) == [first.id, first.id.replacingOccurrences(of: "-0-", with: "-1-")])
    }

    /// A symbol-only button in the card style keeps its symbol (a card has none in the scene format).
    @Test func aSymbolOnACardKeepsItsName() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Stepper2: View {
                    var body: some View {
                        HStack {
                            Button {} label: { Image(systemName: "minus").frame(width: 200, height: 75) }.buttonStyle(.card)
                            Button {} label: { Image("poster") }.buttonStyle(.card)
                        }
                    }
                }
                """, file: "/tmp/Stepper2.swift")
        let nodes = t.scene.allNodes
        #expect(nodes.first { $0.id == "minus" }?.type == .button)
        #expect(nodes.first { $0.id == "minus" }?.icon == "minus")
        #expect(nodes.contains { $0.type == .card })
    }

    /// The environment is an input: a view reading `dynamicTypeSize` (or `colorScheme`) translated again at
    /// another size shows what it shows there.
    @Test func theEnvironmentIsAnInput() throws {
        let source = """
            import SwiftUI
            struct Adaptive: View {
                @Environment(\\.dynamicTypeSize) private var size
                @Environment(\\.colorScheme) private var scheme
                var body: some View {
                    if size.isAccessibilitySize {
                        VStack { Button("One") {}; Button("Two") {} }
                    } else if size >= .xLarge {
                        HStack { Button("Large One") {}; Button("Large Two") {} }
                    } else {
                        HStack { Button(scheme == .dark ? "Dark" : "Light") {}; Button("Two") {} }
                    }
                }
            }
            """
        func titles(_ size: String, _ scheme: String = "dark") throws -> [String] {
            let t = try SwiftUIReader.read(
                source: source, file: "/tmp/Adaptive.swift",
                options: SwiftUIOptions(dynamicTypeSize: size, colorScheme: scheme))
            return t.scene.allNodes.filter { $0.type == .button }.compactMap(\.title)
        }
        #expect(try titles("large") == ["Dark", "Two"])
        #expect(try titles("large", "light") == ["Light", "Two"])
        #expect(try titles("xxLarge") == ["Large One", "Large Two"])
        #expect(try titles("accessibility3") == ["One", "Two"])
    }

    /// A `@State` nobody gave a value starts at its enum's first case (nil if optional), and a Bool's
    /// `description` is its text.
    @Test func unsetStateAndDescriptions() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                enum Notice { case newArt, other }
                struct NoticeView: View {
                    @State var notice: Notice
                    @State var flag = false
                    var body: some View {
                        VStack {
                            if notice == .newArt { Button("Continue") {} } else { Text("Other") }
                            Text("flag \\(flag.description)")
                        }
                    }
                }
                """, file: "/tmp/NoticeView.swift")
        #expect(try focusPath(t.scene, []) == ["continue"])
        #expect(t.scene.allNodes.contains { $0.title == "flag false" })
    }

    /// An unknown modifier that brings controls (a package's `.topBarTrailing { Button }`) keeps them reachable
    /// above the content, which keeps the first focus; one whose closure is an action leaves no trace.
    @Test func anUnknownModifiersControlsStayReachable() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Security: View {
                    @State private var pin = false
                    @State private var showsStepper = false
                    var body: some View {
                        Form { Toggle("Pin", isOn: $pin); Button("Offset") { showsStepper = true } }
                            .topBarTrailing { Button("Save") {} }
                            .blurredFullScreenCover(isPresented: $showsStepper) { Button("Close") {} }
                            .onFirstAppear { load() }
                            .trackingSize { _ in }
                    }
                    func load() {}
                }
                """, file: "/tmp/Security.swift")
        #expect(try focusPath(t.scene, ["up"]) == ["pin", "save"])
        // An app's own presentation with isPresented: is a cover, not content above.
        #expect(try focusPath(t.scene, ["down", "select", "menu"]) == ["pin", "offset", "close", "offset"])
        #expect(t.scene.sheets.first?.presentation == .fullScreen)
        #expect(
            t.warnings.contains { $0.message.contains(".topBarTrailing: the controls in its closure are shown above") })
        #expect(t.warnings.contains { $0.message.contains("unknown modifier .onFirstAppear; ignored") })
    }

    /// `containerRelativeFrame` sizes items as a share of the container (the safe width), so a shelf of four
    /// shows four across.
    @Test func containerRelativeFramesShareTheSafeWidth() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Shelf4: View {
                    var body: some View {
                        ScrollView(.horizontal) {
                            HStack(spacing: 40) {
                                ForEach(0..<6) { k in
                                    Button("Item \\(k)") {}.containerRelativeFrame(.horizontal, count: 4, spacing: 40)
                                }
                                Button("Wide") {}.containerRelativeFrame(.horizontal, count: 4, span: 2, spacing: 40)
                                Button("Most") {}.containerRelativeFrame(.horizontal) { length, _ in length * 0.5 }
                            }
                        }
                    }
                }
                """, file: "/tmp/Shelf4.swift")
        let widths = t.scene.allNodes.filter { $0.type == .button }.map(\.width)
        #expect(widths.first == .points(410))
        #expect(widths.dropLast().last == .points(860))
        #expect(widths.last == .points(880))
    }

    /// `Text(Image(systemName:))` in a button's label is the button's symbol.
    @Test func aTextOfAnImageIsItsSymbol() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Collapse: View {
                    var body: some View {
                        Button {} label: { Text(Image(systemName: "arrow.right.to.line")) }
                    }
                }
                """, file: "/tmp/Collapse.swift")
        #expect(t.scene.allNodes.first { $0.type == .button }?.icon == "arrow.right.to.line")
    }

    /// A view opened by name takes its arguments from a preview that builds it among other views (before the
    /// app's own uses), with the provider's static `@State` read through `Self.$x`; `.constant(v)` is `v`.
    @Test func previewsGiveArgumentsThroughStaticStateAndConstants() throws {
        let source = """
            import SwiftUI
            struct PlayRow: View {
                @Binding var playing: Bool
                var body: some View { Button {} label: { Image(systemName: playing ? "pause.fill" : "play.fill") } }
            }
            struct Player: View {
                @State private var on = false
                var body: some View { PlayRow(playing: $on) }
            }
            struct PlayRow_Previews: PreviewProvider {
                @State static var playingNow = true
                static var previews: some View {
                    VStack { PlayRow(playing: Self.$playingNow); Text("Preview") }
                }
            }
            """
        let t = try SwiftUIReader.read(
            source: source, file: "/tmp/PlayRow.swift", options: SwiftUIOptions(view: "PlayRow"))
        #expect(t.scene.allNodes.first { $0.type == .button }?.icon == "pause.fill")
        // The preview that builds it among other views is what opens (as Xcode's canvas shows it).
        #expect(t.scene.allNodes.contains { $0.title == "Preview" })
        let constant = try SwiftUIReader.read(
            source: source.replacingOccurrences(of: "Self.$playingNow", with: ".constant(false)"),
            file: "/tmp/PlayRow.swift", options: SwiftUIOptions(view: "PlayRow"))
        #expect(constant.scene.allNodes.first { $0.type == .button }?.icon == "play.fill")
        let spelled = try SwiftUIReader.read(
            source: source.replacingOccurrences(of: "Self.$playingNow", with: "Binding.constant(true)"),
            file: "/tmp/PlayRow.swift", options: SwiftUIOptions(view: "PlayRow"))
        #expect(spelled.scene.allNodes.first { $0.type == .button }?.icon == "pause.fill")
    }

    /// An unknown leaf whose name says it is a package's list of items stands in focusable; other unknown leaves
    /// are inert boxes.
    @Test func anUnknownListLeafIsFocusable() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Credits: View {
                    var body: some View { VStack { LogoArt(); AcknowListSwiftUIView(acknowList: list) } }
                }
                """, file: "/tmp/Credits.swift")
        // Up finds nothing: the art above is an inert box.
        #expect(try focusPath(t.scene, ["up"]) == ["acknowlistswiftuiview", "acknowlistswiftuiview"])
    }

    /// A preview's `.environmentObject(Mock.library)` is what the view's `@EnvironmentObject` reads: an object
    /// built in steps (`{ let l = Library(); l.shows = …; return l }()`) or decoded from JSON the sources write
    /// out (`decoder.decode(T.self, from: json.data(using: .utf8)!)`).
    @Test func environmentObjectsAndMockJSONReachTheView() throws {
        let source = """
            import SwiftUI
            final class Library: ObservableObject {
                @Published var shows: [Show] = []
            }
            enum MockJSON {
                static let shows = #"[{"id": 1, "title": "Dune \\\"Part One\\\""}, {"id": 2, "title": "Heat"}]"#
            }
            extension Show { var label: String { title } }
            extension Library {
                var firstID: Int? { shows.lazy.map(\\.id).first }
                var firstShow: Show? { shows.first(where: { $0.id == firstID }) }
            }
            enum Mock {
                static let library: Library = {
                    let l = Library()
                    l.shows = try! JSONDecoder().decode([Show].self, from: MockJSON.shows.data(using: .utf8)!)
                    return l
                }()
            }
            struct Shelf: View {
                @EnvironmentObject var library: Library
                var body: some View {
                    VStack {
                        HStack { ForEach(library.shows) { s in Button(s.label) {} } }
                        Text("First: \\(library.firstShow?.title ?? "none")")
                    }
                }
            }
            #Preview {
                Shelf().environmentObject(Mock.library)
            }
            """
        let t = try SwiftUIReader.read(source: source, file: "/tmp/Shelf.swift", options: SwiftUIOptions(view: "Shelf"))
        // A raw string keeps its backslashes (JSON's escapes), and the app's extension of the decoded type applies.
        #expect(t.scene.allNodes.filter { $0.type == .button }.compactMap(\.title) == ["Dune \"Part One\"", "Heat"])
        #expect(!t.warnings.contains { $0.message.contains("which only the running app has") })
        // Key paths, lazy and first(where:) in the app's extensions.
        #expect(t.scene.allNodes.contains { $0.title == "First: Dune \"Part One\"" })
    }

    /// A package's image view (`KFImage`) in a card button's label is its artwork, and a symbol-only text in the
    /// label does not become the card's (empty) title.
    @Test func aPackagesImageIsArtwork() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Room: View {
                    let title: String
                    var body: some View {
                        Button {} label: {
                            ZStack(alignment: .bottom) {
                                KFImage(URL(string: cover)).resizable().frame(height: 210)
                                HStack { Image(systemName: "eye"); Text(title) }
                            }
                        }
                        .buttonStyle(.card)
                    }
                }
                struct Rooms: View { var body: some View { Room(title: "Night Owls") } }
                """, file: "/tmp/Room.swift", options: SwiftUIOptions(view: "Room"))
        let card = try #require(t.scene.allNodes.first { $0.type == .card })
        #expect(card.title == "Night Owls")
        #expect(card.height == .points(210))
    }

    /// ViewThatFits keeps the first child that fits (not always the first), and AnyLayout lays out as the stack
    /// it wraps, chosen from the text size.
    @Test func viewThatFitsAndAnyLayout() throws {
        let fits = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Fits: View {
                    var body: some View {
                        ViewThatFits {
                            HStack { ForEach(0..<12) { k in Button("Category number \\(k)") {} } }
                            HStack { Button("Movies") {}; Button("Shows") {} }
                        }
                    }
                }
                """, file: "/tmp/Fits.swift")
        #expect(fits.scene.allNodes.filter { $0.type == .button }.compactMap(\.title) == ["Movies", "Shows"])
        let source = """
            import SwiftUI
            struct Adapt: View {
                @Environment(\\.dynamicTypeSize) var size
                var body: some View {
                    let layout = size.isAccessibilitySize ? AnyLayout(VStackLayout()) : AnyLayout(HStackLayout())
                    layout { Button("One") {}; Button("Two") {} }
                }
            }
            """
        let large = try SwiftUIReader.read(source: source, file: "/tmp/Adapt.swift")
        #expect(try focusPath(large.scene, ["right"]) == ["one", "two"])
        let huge = try SwiftUIReader.read(
            source: source, file: "/tmp/Adapt.swift", options: SwiftUIOptions(dynamicTypeSize: "accessibility2"))
        #expect(try focusPath(huge.scene, ["down"]) == ["one", "two"])
    }

    /// `SignInWithAppleButton` is a button titled as Apple titles it.
    @Test func signInWithAppleIsAButton() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Login: View {
                    var body: some View {
                        VStack {
                            SignInWithAppleButton(.continue, onRequest: { _ in }, onCompletion: { _ in })
                            Button("Skip") {}
                        }
                    }
                }
                """, file: "/tmp/Login.swift")
        #expect(try focusPath(t.scene, ["down"]) == ["continue-with-apple", "skip"])
        #expect(t.scene.allNodes.first { $0.id == "continue-with-apple" }?.icon == "apple-logo")
    }

    /// A view inside an extension of a type declared nowhere opens by its own name too.
    @Test func aViewInAnExtensionOpensByItsOwnName() throws {
        let t = try SwiftUIReader.read(
            [Self.folder + "/ExtensionNestedView.swift"], options: SwiftUIOptions(view: "AccountRow"))
        #expect(t.scene.allNodes.contains { $0.id == "sign-in" })
    }

    /// What the scene format refuses is given way on, with a warning that says so.
    @Test func aRefusedConstructIsApproximatedNotFatal() throws {
        let t = try SwiftUIReader.read([Self.folder + "/SearchInSheet.swift"])
        #expect(t.warnings.contains { $0.message.contains("a search belongs on the screen, not in a sheet") })
        #expect(!t.scene.allNodes.contains { $0.type == .search })
    }

    /// An app's own modifiers, ViewModifiers and builder methods are read, not ignored; a generated strings table
    /// gives its development-language text.
    @Test func appModifiersAndBuilderMethodsAreRead() throws {
        let t = try SwiftUIReader.read([Self.folder + "/AppModifiers.swift"])
        #expect(!t.warnings.contains { $0.message.contains("unknown modifier") })
        #expect(t.coverage.modifiersIgnored == 0)
        let nodes = t.scene.allNodes
        #expect(nodes.contains { $0.title == "Signed in as Robin" })
        #expect(nodes.first { $0.id == "account-section" }?.header?.text == "Account")
        #expect(nodes.first { $0.id == "profiles" }?.padding.leading == 20)
        #expect(nodes.contains { $0.id == "help" })
    }

    /// A condition or switch on the running app's data shows, of its branches, the one with the most to focus
    /// (the loaded list, not the spinner or the failure), says which, and keeps only that branch's warnings.
    @Test func branchesOnTheAppsDataShowTheOneWithTheMostToFocus() throws {
        let t = try SwiftUIReader.read([Self.folder + "/LoadingStates.swift"])
        let messages = t.warnings.map(\.message)
        #expect(
            messages.contains {
                $0.contains("this switch depends on data only the running app has; TenFoot shows the case at line 39")
            })
        #expect(messages.contains { $0.contains("ForEach over shows, which only the running app has: 3 sample rows") })
        // A first-launch flag is read as on a first launch: signed out.
        #expect(messages.contains { $0.contains("first launch: library.isSignedIn is false") })
        let nodes = t.scene.allNodes
        #expect(!nodes.contains { ["Try Again", "Sign Out", "Retry Sign In"].contains($0.title) })
        #expect(nodes.filter { $0.type == .button }.count == 6)
        #expect(t.coverage.placeholders == 0)  // the app's modifier kept the rows it was applied to
    }

    /// A row's name is found where the app keeps it, and a Menu is a button that opens its items.
    @Test func rowNamesComeFromWhereTheAppKeepsThem() throws {
        let t = try SwiftUIReader.read([Self.folder + "/SettingsRows.swift"])
        let nodes = t.scene.allNodes
        #expect(nodes.first { $0.id == "maximum-bitrate" }?.title == "Maximum Bitrate")
        #expect(nodes.first { $0.id == "autoplay" }?.title == "Autoplay")
        #expect(nodes.first { $0.id == "about" }?.icon == "info.circle")
        #expect(nodes.first { $0.id == "columns" }?.title == "Columns")
        #expect(nodes.first { $0.id == "minus" }?.icon == "minus")
        #expect(t.warnings.contains { $0.message.contains("approximated: Menu (its items in a list over the screen)") })
        #expect(!t.warnings.contains { $0.message.contains("placeholder") })
    }

    /// A load in `.task` runs through `do`, `try await` and `MainActor.run`; a control disabled by the app's
    /// data is shown usable; a spinner is a line of text nothing focuses.
    @Test func asyncLoadsRunAndSpinnersAreText() throws {
        let t = try SwiftUIReader.read([Self.folder + "/AsyncLoad.swift"])
        #expect(t.warnings.contains { $0.message.contains("disabled depends on data only the running app has") })
        #expect(t.scene.allNodes.first { $0.id == "refresh" }?.disabled == false)
        #expect(t.coverage.placeholders == 0)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-spinner-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("Spinner.swift")
        try Data(
            """
            import SwiftUI
            struct Spinner: View {
                var body: some View { VStack { ProgressView(); ProgressView("Signing in"); Button("Cancel") {} } }
            }
            """.utf8
        ).write(to: file)
        let s = try SwiftUIReader.read([file.path])
        #expect(s.scene.allNodes.filter { $0.type == .text }.compactMap(\.title) == ["Loading…", "Signing in"])
        #expect(s.coverage.placeholders == 0)
    }

    /// An unknown container never hides a focusable child: each of its closures is shown, with a warning.
    @Test func anUnknownContainerShowsItsContent() throws {
        let t = try SwiftUIReader.read([Self.folder + "/UnknownContainers.swift"])
        let messages = t.warnings.map(\.message)
        #expect(messages.contains("unknown container GlassEffectContainer: its content is shown in a stack"))
        #expect(messages.contains("unknown container ContentUnavailableView: its content is shown in a stack"))
        #expect(t.coverage.placeholders == 0)
        let ids = t.scene.allNodes.filter { $0.type == .button }.map(\.id)
        #expect(ids == ["profile", "play", "trailer", "cell", "clear-search"])
    }

    /// A PIN pad's keys are the size of their framed labels, so a clear corner leaves its column empty.
    @Test func aButtonTakesItsFramedLabelsSize() throws {
        let t = try SwiftUIReader.read([Self.folder + "/Keypad.swift"])
        let one = try #require(t.scene.allNodes.first { $0.id == "1" })
        #expect(one.width == .points(110) && one.height == .points(110))
        // What VoiceOver says is kept for the item a symbol names.
        #expect(t.scene.allNodes.first { $0.id == "delete-left" }?.accessibilityLabel == "Delete")
        #expect(t.json.contains("\"accessibilityLabel\": \"Delete\""))
    }

    /// Pasted code opens, each reading said in a warning.
    @Test func pastedCodeOpensWithWarnings() throws {
        let body = try SwiftUIReader.read([Self.folder + "/PastedBody.swift"])
        #expect(body.warnings.contains { $0.message.contains("a body with no struct around it") })
        #expect(body.warnings.contains { $0.message.contains("typographic quotes") })
        #expect(body.scene.allNodes.contains { $0.title == "A “quoted” word stays as it is" })
        let fragment = try SwiftUIReader.read([Self.folder + "/PastedFragment.swift"])
        #expect(fragment.warnings.contains { $0.message.contains("view code with no struct around it") })
        let card = try SwiftUIReader.read([Self.folder + "/BodyWithoutConformance.swift"])
        #expect(card.warnings.contains { $0.message.contains("does not declare : View") })
    }
}

/// An app's folders: a view file opened alone finds what it names in the folders around it (its model in a
/// folder of its own), and the view named after the file opens when the file declares several.
@Suite(.enabled(if: SwiftUIReader.isAvailable)) struct NeighbourhoodTests {
    static let app = RealAppConstructTests.folder + "/NeighbourApp"

    @Test func aViewFileFindsItsModelInAnotherFolder() throws {
        let t = try SwiftUIReader.read([Self.app + "/Views/ShowsScreen.swift"])
        #expect(t.scene.name == "ShowsScreen")
        #expect(t.files.contains { $0.hasSuffix("Model/Show.swift") })
        let titles = t.scene.allNodes.filter { $0.type == .button }.compactMap(\.title)
        #expect(titles == ["Harbour", "Lights", "Summit"])
        for r in ExpectationRunner.run(t.scene) {
            #expect(r.passed, "\(r.name): \(r.failure ?? "") [path: \(r.path.joined(separator: " → "))]")
        }
    }

    @Test func theNeighbourhoodIsNearestFirstAndStopsAtTheProject() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-nbh-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for f in [
            "outside.swift", "App/App.xcodeproj/x", "App/Views/Main.swift", "App/Views/Rows/Row.swift",
            "App/Model/Item.swift",
        ] {
            let path = dir + "/" + f
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data().write(to: URL(fileURLWithPath: path))
        }
        let n = SwiftSources.neighbourhood(of: dir + "/App/Views/Main.swift").map {
            String($0.dropFirst(dir.count + 1))
        }
        #expect(n == ["App/Views/Rows/Row.swift", "App/Model/Item.swift"])
    }

    /// A copy of an app's sources without its Xcode project stops at its repository's top (a README, a
    /// LICENSE), however deep the view is.
    @Test func aRepositorysTopEndsTheWalkAboveADeepView() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-nbh-deep-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for f in [
            "outside.swift", "Repo/LICENSE.md", "Repo/Shared/Strings.swift",
            "Repo/App tvOS/Views/Settings/Customize/Components/Sections/Home.swift",
        ] {
            let path = dir + "/" + f
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data().write(to: URL(fileURLWithPath: path))
        }
        let n = SwiftSources.neighbourhood(
            of: dir + "/Repo/App tvOS/Views/Settings/Customize/Components/Sections/Home.swift"
        ).map { String($0.dropFirst(dir.count + 1)) }
        #expect(n == ["Repo/Shared/Strings.swift"])
    }

    /// With no project above it (a file in a temporary folder or Downloads), a file reads only its own folder and
    /// those below: the projects beside it are not its neighbours.
    @Test func withoutAProjectNothingAboveIsRead() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-nbh-loose-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for f in ["loose/View.swift", "loose/Rows/Row.swift", "other/Model.swift"] {
            let path = dir + "/" + f
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data().write(to: URL(fileURLWithPath: path))
        }
        let n = SwiftSources.neighbourhood(of: dir + "/loose/View.swift").map { String($0.dropFirst(dir.count + 1)) }
        #expect(n == ["loose/Rows/Row.swift"])
    }

    /// A replay confines the walk to its bundle's copy: nothing above the copy is read, even under a project's
    /// top, and the copy's own top counts as the project's (its folders above the view are neighbours).
    @Test func aConfinedWalkStaysInsideItsFolder() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-nbh-jail-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for f in ["Package.swift", "Other.swift", "copy/files/Shared/Model.swift", "copy/files/App/Views/V.swift"] {
            let path = dir + "/" + f
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data().write(to: URL(fileURLWithPath: path))
        }
        let file = dir + "/copy/files/App/Views/V.swift"
        let free = SwiftSources.neighbourhood(of: file).map { String($0.dropFirst(dir.count + 1)) }
        #expect(free.contains("Other.swift"))
        let confined = SwiftSources.neighbourhood(of: file, within: dir + "/copy").map {
            String($0.dropFirst(dir.count + 1))
        }
        #expect(confined == ["copy/files/Shared/Model.swift"])
    }

    /// A walk that stops at its limit says so: the reader warns that declarations were looked for in the first
    /// 20,000 files and folders only (the walk once stopped silently).
    @Test func aNeighbourhoodCutAtTheWalkLimitIsSaid() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-nbh-wide-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/junk", withIntermediateDirectories: true)
        for k in 0..<SwiftSources.walkLimit {
            _ = FileManager.default.createFile(atPath: dir + "/junk/\(k)", contents: nil)
        }
        let file = dir + "/View.swift"
        try "import SwiftUI\nstruct V: View {\n    var body: some View { Button(\"ok\") {} }\n}\n".write(
            toFile: file, atomically: false, encoding: .utf8)
        #expect(SwiftSources.neighbourhoodWalk(of: file).cut == dir)
        let t = try SwiftUIReader.read([file])
        #expect(
            t.warnings.map(\.message) == [
                "\(quoted(dir)) holds more than 20000 files and folders: declarations this file uses were looked for in the first 20000 only"
            ])
        try FileManager.default.removeItem(atPath: dir + "/junk/0")
        try FileManager.default.removeItem(atPath: dir + "/junk/1")
        #expect(SwiftSources.neighbourhoodWalk(of: file).cut == nil)
    }

    /// A file's neighbours are looked for while the sources are read and parsed: a walk cut short is said among
    /// what reading the folders named before and after the file said, sorted as every warning is.
    @Test func aCutWalkIsSaidAmongWhatReadingTheFoldersSaid() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-nbh-order-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fm = FileManager.default
        for folder in ["/first", "/wide/junk", "/last"] {
            try fm.createDirectory(atPath: dir + folder, withIntermediateDirectories: true)
        }
        for k in 0..<SwiftSources.walkLimit { _ = fm.createFile(atPath: dir + "/wide/junk/\(k)", contents: nil) }
        try "import SwiftUI\n@main struct A: App {\n    var body: some Scene { WindowGroup { V() } }\n}\n".write(
            toFile: dir + "/first/A.swift", atomically: false, encoding: .utf8)
        try "import SwiftUI\nstruct V: View {\n    var body: some View { Button(\"ok\") {} }\n}\n".write(
            toFile: dir + "/wide/V.swift", atomically: false, encoding: .utf8)
        try "import SwiftUI\nstruct W: View {\n    var body: some View { Text(\"w\") }\n}\n".write(
            toFile: dir + "/last/W.swift", atomically: false, encoding: .utf8)
        try fm.createSymbolicLink(atPath: dir + "/first/Gone.swift", withDestinationPath: dir + "/nowhere")
        try fm.createSymbolicLink(atPath: dir + "/last/Gone.swift", withDestinationPath: dir + "/nowhere")
        let t = try SwiftUIReader.read([dir + "/first", dir + "/wide/V.swift", dir + "/last"])
        #expect(
            t.warnings.map { "\(($0.file as NSString).lastPathComponent): \($0.message)" } == [
                "Gone.swift: not read (a link to nothing)",
                "Gone.swift: not read (a link to nothing)",
                "V.swift: \(quoted(dir + "/wide")) holds more than 20000 files and folders: declarations this file uses were looked for in the first 20000 only",
            ])
        #expect(t.warnings.map(\.file) == [dir + "/first/Gone.swift", dir + "/last/Gone.swift", dir + "/wide/V.swift"])
    }

    /// Folders above are named as the user wrote the path: a file named from its own folder (`.`) went up through
    /// `..` (Foundation crashed taking the last component of `..`).
    @Test func foldersAboveKeepTheWayThePathWasWritten() {
        #expect(SwiftSources.parent(of: ".") == "..")
        #expect(SwiftSources.parent(of: "..") == "../..")
        #expect(SwiftSources.parent(of: "Views") == ".")
        #expect(SwiftSources.parent(of: "App/Views/") == "App")
        #expect(SwiftSources.parent(of: "../x") == "..")
        #expect(SwiftSources.parent(of: "/a/b") == "/a")
        #expect(SwiftSources.parent(of: "/a") == "/")
        #expect(SwiftSources.parent(of: "./Views/.") == ".")
    }

    @Test func aFileNamedFromItsOwnFolderFindsItsNeighbours() throws {
        let r = try runProcess(
            TestPaths.tenfoot, ["path", "ShowsScreen.swift", "down"], currentDirectory: Self.app + "/Views")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "summit\n")
    }
}

/// An app's source folder opens the way tvOS launches the app: the `@main` App's first window, with its tabs,
/// pushes, covers and sheets across files (`RealAppFixtures/WholeApp`, whose sidecar beside the App holds the
/// expectations).
@Suite(.enabled(if: SwiftUIReader.isAvailable)) struct WholeAppTests {
    static let app = RealAppConstructTests.folder + "/WholeApp"

    @Test func aFolderOpensAtItsMainAppsWindow() throws {
        let t = try SwiftUIReader.read([Self.app])
        #expect(t.scene.name == "ShowsApp")
        #expect(t.scene.root.type == .tabBar)
        #expect(t.scene.expectations.count == 4)
        for r in ExpectationRunner.run(t.scene) {
            #expect(r.passed, "\(r.name): \(r.failure ?? "") [path: \(r.path.joined(separator: " → "))]")
        }
        // Links push (each show's destination, the settings tab's account page); presentations stay sheets.
        let pushed = t.scene.sheets.filter { $0.presentation == .push }.compactMap(\.title)
        #expect(pushed == ["Harbour Lights", "Night Train", "Salt Flats", "Account"])
        #expect(t.scene.sheets.contains { $0.presentation == .fullScreen })
        #expect(!t.warnings.contains { $0.message.contains("NavigationLink") })
        #expect(!t.warnings.contains { $0.message.contains("does not declare : View") })
    }

    /// `TabView(selection:)` opens on the selected tab.
    @Test func aTabViewOpensOnItsSelection() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct TabSel: View {
                    @State private var tab = 2
                    var body: some View {
                        TabView(selection: $tab) {
                            Button("One") {}.tabItem { Text("First") }.tag(1)
                            Button("Two") {}.tabItem { Text("Second") }.tag(2)
                        }
                    }
                }
                """, file: "/tmp/TabSel.swift")
        #expect(try focusPath(t.scene, ["down"]) == ["second", "two"])
    }

    /// The tvOS 18 `TabSection`'s tabs are tabs of the bar, each reachable and opening its own content.
    @Test func tabSectionsKeepTheirTabs() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Side: View {
                    var body: some View {
                        TabView {
                            Tab("Home", systemImage: "house") { Button("Home item") {} }
                            TabSection("Collections") {
                                Tab("Cinematic Shots", systemImage: "film") { Button("Shot 1") {} }
                                Tab("Forest Life", systemImage: "leaf") { Button("Tree 1") {} }
                            }
                        }
                        .tabViewStyle(.sidebarAdaptable)
                    }
                }
                """, file: "/tmp/Side.swift")
        #expect(t.scene.root.tabs.compactMap(\.title) == ["Home", "Cinematic Shots", "Forest Life"])
        #expect(
            try focusPath(t.scene, ["right", "right", "down"]) == ["home", "cinematic-shots", "forest-life", "tree-1"])
        #expect(t.warnings.contains { $0.message.contains("TabSection") })
    }

    /// `--preview` and `--view` still choose within the folder.
    @Test func aChoiceStillWins() throws {
        let t = try SwiftUIReader.read([Self.app], options: SwiftUIOptions(view: "SettingsView"))
        #expect(t.scene.name == "SettingsView")
        let p = try SwiftUIReader.read([Self.app], options: SwiftUIOptions(preview: "Root"))
        #expect(p.scene.root.type == .tabBar)
    }

    /// Only the first window is shown; a scene kind a TV has no window for shows nothing, and an app's own view
    /// named like one (`struct Settings: View`) is the one its code means.
    @Test func oneWindowAndTheAppsOwnNames() throws {
        let source = """
            import SwiftUI
            @main struct Two: App {
                var body: some Scene {
                    WindowGroup { Button("First") {} }
                    WindowGroup(id: "second") { Button("Second") {} }
                    ImmersiveSpace(id: "space") { Button("Space") {} }
                }
            }
            struct Settings: View {
                var body: some View { Button("Own settings") {} }
            }
            struct Home: View {
                var body: some View { VStack { Settings() } }
            }
            """
        let t = try SwiftUIReader.read(source: source, file: "/tmp/Two.swift", options: SwiftUIOptions(view: "Home"))
        #expect(t.scene.allNodes.compactMap(\.title) == ["Own settings"])
        let app = try SwiftUIReader.read(
            source: source.replacingOccurrences(of: "struct Home", with: "struct HomeScreen"), file: "/tmp/Two.swift",
            options: SwiftUIOptions(view: "Two"))
        #expect(app.scene.allNodes.compactMap(\.title) == ["First"])
    }

    /// A link by value with no destination for its value's type does nothing, and says so; one whose destination
    /// is registered before it (on an outer view) pushes.
    @Test func linksByValueFindTheirDestination() throws {
        let source = """
            import SwiftUI
            struct Film: Hashable { let name: String }
            struct Films: View {
                let films = [Film(name: "Dune"), Film(name: "Heat")]
                var body: some View {
                    NavigationStack {
                        VStack {
                            ForEach(films, id: \\.name) { f in
                                NavigationLink(f.name, value: f)
                            }
                            NavigationLink("Year", value: 1984)
                        }
                        .navigationDestination(for: Film.self) { f in
                            Text(f.name).navigationTitle(f.name)
                            Button("Watch \\(f.name)") {}
                        }
                    }
                }
            }
            """
        let t = try SwiftUIReader.read(source: source, file: "/tmp/Films.swift")
        #expect(t.scene.sheets.compactMap(\.title) == ["Dune", "Heat"])
        #expect(t.scene.sheets.allSatisfy { $0.presentation == .push })
        #expect(t.warnings.contains { $0.message.contains("no navigationDestination(for:) that takes its value") })
        let year = t.scene.allNodes.first { $0.title == "Year" }
        #expect(year?.actions[.onSelect] == nil)
    }

    /// A detail screen whose "more like this" shelf pushes detail screens fans out: every poster's destination is
    /// built, three pushes deep. A 60-file app's home (20 posters, details of 4 more each) passed the screen's view
    /// limit inside the first shelf's destinations, and everything after them, its tab bar's other tabs included,
    /// was cut. Pushed screens may spend half of the budgets: past it, links push nothing (said once) and the
    /// screen itself is whole.
    @Test func linksThatFanOutLeaveTheScreenWhole() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Item: Identifiable { var id: Int }
                enum Catalog { static let items = (1...40).map { Item(id: $0) } }
                struct Detail: View {
                    let item: Item
                    var body: some View {
                        VStack {
                            Text("Item \\(item.id)")
                            HStack { ForEach(Catalog.items) { other in NavigationLink("More \\(other.id)") { Detail(item: other) } } }
                        }
                    }
                }
                struct Home: View {
                    var body: some View {
                        NavigationStack {
                            VStack {
                                HStack { ForEach(Catalog.items) { item in NavigationLink("Open \\(item.id)") { Detail(item: item) } } }
                                Button("The last row") {}
                            }
                        }
                    }
                }
                """, file: "/tmp/Home.swift")
        #expect(t.scene.allNodes.contains { $0.title == "The last row" })
        #expect(!t.warnings.contains { $0.message.contains("TenFoot stopped reading the screen here") })
        #expect(
            t.warnings.filter { $0.message.contains("the screens links push are not built from this link on") }.count
                == 1)
        // The first links still push their detail screens.
        let first = try #require(t.scene.allNodes.first { $0.title == "Open 1" })
        #expect(first.actions[.onSelect] != nil)
    }

    /// Apps format values in extensions of the standard types (`extension Int { var durationText: String }`): the
    /// property is the app's, evaluated with `self` the value, instead of text the running app would show.
    @Test func extensionsOfStandardTypesAreEvaluated() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                extension Int { var durationText: String { self >= 60 ? "\\(self / 60) h \\(self % 60) min" : "\\(self) min" } }
                extension String { var shouted: String { self + "!" } }
                extension Double { var percent: String { "\\(Int(self * 100)) %" } }
                extension Bool { var yesNo: String { self ? "Yes" : "No" } }
                struct Info: View {
                    let minutes = 128
                    var body: some View {
                        VStack {
                            Button(minutes.durationText) {}
                            Button("Hello".shouted) {}
                            Button(0.25.percent) {}
                            Button(true.yesNo) {}
                        }
                    }
                }
                """, file: "/tmp/Info.swift")
        let titles = t.scene.allNodes.compactMap(\.title)
        #expect(titles == ["2 h 8 min", "Hello!", "25 %", "Yes"])
    }
}

extension RealAppConstructTests {
    /// A symbol chosen by data the running app has (`isSelected ? "a" : "b"`) is drawn as the one for a false
    /// condition (a state the screen mostly opens without), with a warning, not looked up by its expression; one the
    /// file decides is the one decided.
    @Test func aSymbolChosenAtRunTimeIsTheOneForAFalseCondition() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Row: View {
                    let isSelected: Bool
                    @State private var on = false
                    var body: some View {
                        VStack {
                            Button {} label: { Image(systemName: isSelected ? "largecircle.fill.circle" : "circle") }
                            Label("Pick", systemImage: (isSelected ? "checkmark.circle.fill" : isNew ? "sparkles" : "circle"))
                            Label("Known", systemImage: on ? "star.fill" : "star")
                        }
                    }
                }
                """, file: "/tmp/Row.swift")
        #expect(
            t.scene.allNodes.compactMap(\.icon) == ["circle", "circle", "star"])
        #expect(
            t.warnings.filter { $0.message.hasPrefix("this symbol depends") }.map { "\($0.location.line)" } == [
                "7", "8",
            ])
        #expect(!t.warnings.contains { $0.message.contains("not in TenFoot's SF Symbols table") })
    }
}

extension RealAppConstructTests {
    /// A `switch` or `if` used as a value over data only the running app has gives its first case or branch, with a
    /// warning, as such a condition over views does: its source as the text was a dozen lines of code. An expression
    /// the file cannot evaluate shows on one line.
    @Test func aSwitchOrIfValueOnRuntimeDataIsItsFirstCase() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                enum Kind { case losers, winners }
                struct Card: View {
                    let kind: Kind
                    let ready: Bool
                    var body: some View {
                        VStack {
                            Text(title(kind))
                            Text(if ready { "Ready" } else { "Waiting" })
                            Text(title(.winners))
                            Text("\\(Int(progress.rounded()))% watched")
                            Text(#localized(
                                "a",
                                "b"))
                        }
                    }
                    func title(_ kind: Kind) -> String {
                        switch kind {
                        case .losers:
                            "Losers' final"
                        case .winners:
                            "Winners' final"
                        }
                    }
                }
                """, file: "/tmp/Card.swift")
        #expect(
            t.scene.allNodes.compactMap(\.title) == [
                "Losers' final", "Ready", "Winners' final", "‹progress.rounded()›% watched",
                "‹#localized( \"a\", \"b\")›",
            ])
        #expect(
            t.warnings.map { "\($0.location.line): \($0.message)" }.filter { $0.contains("first") } == [
                "9: this condition depends on data only the running app has; TenFoot takes the first branch",
                "18: this switch depends on data only the running app has; TenFoot takes the case at line 20, the first it could be",
            ])
    }
}

extension RealAppConstructTests {
    /// A title runtime data chooses is the one for a false condition (the state a screen mostly opens in), looked up
    /// in the string table as a literal would be; one the file decides is the one decided.
    @Test func aTitleChosenAtRunTimeIsTheOneForAFalseCondition() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct SignIn: View {
                    @ObservedObject var model: Model
                    @State private var ready = true
                    var body: some View {
                        VStack {
                            Button(model.isSigningIn ? "Signing In…" : model.failed ? "Try Again" : "Sign In") {}
                            Text(ready ? "Ready" : "Waiting")
                        }
                    }
                }
                """, file: "/tmp/SignIn.swift")
        #expect(t.scene.allNodes.compactMap(\.title) == ["Sign In", "Ready"])
        #expect(
            t.warnings.filter { $0.message.hasPrefix("this title depends") }.map { "\($0.location.line)" } == ["7"])
    }
}

extension RealAppConstructTests {
    /// `.frame(minWidth:)` alone around text leaves the text its own size (a fixed minimum cut "Use Quick Connect"
    /// to "Use…"); around a shape, or with a maximum, the bound is the size, as before.
    @Test func aMinimumAloneAroundTextIsTheTextsSize() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Tabs: View {
                    var body: some View {
                        VStack {
                            Button {} label: { Text("Use Quick Connect").padding(.horizontal, 20).frame(minWidth: 160) }
                            Text("Wide").frame(minWidth: 100, maxWidth: 300)
                            Rectangle().frame(minWidth: 120, minHeight: 8)
                        }
                    }
                }
                """, file: "/tmp/Tabs.swift")
        let widths = t.scene.allNodes.filter { $0.type != .vstack && $0.type != .spacer }.map { "\($0.width)" }
        #expect(widths.count == 3)
        #expect(!widths[0].contains("160"), "\(widths)")
        #expect(widths[1].contains("100") && widths[2].contains("120"), "\(widths) \(t.scene.allNodes.map(\.type))")
    }
}

extension RealAppConstructTests {
    /// A package's image view with content (`LazyImage(url:) { state in … }`) is a picture loading at run time, as
    /// `AsyncImage` with phases is: an image of the size it is given (in a button, the button is a card of it), not
    /// its loading branch in a stack.
    @Test func aPackagesImageViewWithContentIsAnImage() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                import NukeUI
                struct Poster: View {
                    let url: URL?
                    var body: some View {
                        Button {} label: {
                            LazyImage(url: url) { state in
                                if let image = state.image { image.resizable() } else { ProgressView() }
                            }
                            .frame(width: 300, height: 170)
                        }
                    }
                }
                """, file: "/tmp/Poster.swift")
        let nodes = t.scene.allNodes
        // The button whose label is the picture: a card of the picture's size.
        #expect(nodes.contains { $0.type == .card && "\($0.width)".contains("300") })
        #expect(!nodes.contains { $0.title == "Loading…" })
        #expect(t.warnings.contains { $0.message.hasSuffix("LazyImage is drawn as a placeholder box") })
    }
}

extension RealAppConstructTests {
    /// A title the view computes in a property of one expression (`var signInText: String { isLoggedOut ? "SIGN IN" :
    /// "SIGN OUT" }`) is followed there: the branch for a false condition, as when the title is written in place.
    @Test func aTitleAComputedPropertyChoosesIsTheOneForAFalseCondition() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Account: View {
                    @ObservedObject var login: Login
                    var signInText: String {
                        login.isLoggedOut ? "SIGN IN" : "SIGN OUT"
                    }
                    var playLabel: String { return login.isPlaying ? "Pause" : "Play" }
                    var symbol: String { login.isPlaying ? "pause.fill" : "play.fill" }
                    var body: some View {
                        VStack {
                            Text(signInText)
                            Button(self.playLabel) {}
                            Label("Go", systemImage: symbol)
                        }
                    }
                }
                """, file: "/tmp/Account.swift")
        #expect(t.scene.allNodes.compactMap(\.title) == ["SIGN OUT", "Play", "Go"])
        #expect(t.scene.allNodes.compactMap(\.icon) == ["play.fill"])
        #expect(!t.scene.allNodes.contains { ($0.title ?? "").contains("‹") })
        #expect(
            t.warnings.filter { $0.message.contains("depends on data only the running app has; TenFoot shows") }
                .map { "\($0.location.line)" } == ["11", "12", "13"])
    }

    /// A small picture beside a button's title (`Image("icon_play").frame(width: 40, height: 40)`, then `Text`) is
    /// its icon: the button stays a button with its title, as large as its framed label, and the picture not drawn
    /// is said. A large one is the button's artwork, as before.
    @Test func aSmallPictureBesideAButtonsTitleIsItsIcon() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Launch: View {
                    var body: some View {
                        HStack {
                            Button {} label: {
                                HStack(spacing: 20) {
                                    Image("icon_play").resizable().frame(width: 40, height: 40)
                                    Text("Play Feature Film")
                                }
                                .frame(width: 380, height: 80)
                            }
                            Button {} label: {
                                VStack {
                                    Image("poster").resizable().frame(width: 300, height: 170)
                                    Text("Trailer")
                                }
                            }
                        }
                    }
                }
                """, file: "/tmp/Launch.swift")
        let play = try #require(t.scene.allNodes.first { $0.title == "Play Feature Film" })
        #expect(play.type == .button && play.width == .points(380) && play.height == .points(80))
        #expect(t.scene.allNodes.contains { $0.type == .card && $0.title == "Trailer" })
        #expect(
            t.warnings.filter { $0.message.hasPrefix("a picture beside a button's title") }.map(\.location.line) == [7])
    }

    /// A stack framed along its axis hugs its content, which the frame places where its alignment says, centred
    /// unless told (SwiftUI's `.frame(maxWidth: .infinity, alignment:)`); one whose child already takes the space
    /// is left as it is.
    @Test func aStackFramedAlongItsAxisSitsWhereTheFrameAligns() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Rows: View {
                    var body: some View {
                        VStack(spacing: 20) {
                            HStack { Button("Centred") {} }.frame(maxWidth: .infinity)
                            HStack { Button("Leading") {} }.frame(maxWidth: .infinity, alignment: .leading)
                            HStack { Button("Trailing") {} }.frame(maxWidth: .infinity, alignment: .trailing)
                            HStack { Button("Pushed") {}; Spacer() }.frame(maxWidth: .infinity)
                            VStack { Button("Middle") {} }.frame(maxWidth: .infinity, maxHeight: .infinity)
                        }
                    }
                }
                """, file: "/tmp/Rows.swift")
        let placed = LayoutEngine(textSize: t.scene.textSize).place(root: t.scene.root)
        func frame(_ title: String) throws -> Rect { try #require(Self.buttonFrame(titled: title, in: placed)) }
        let screen: Rect = placed.frame
        let centred = try frame("Centred")
        let leading = try frame("Leading")
        let trailing = try frame("Trailing")
        let pushed = try frame("Pushed")
        let middle = try frame("Middle")
        let mid: Double = screen.midX
        #expect(abs(centred.midX - mid) < 1)
        #expect(abs(middle.midX - mid) < 1)
        #expect(leading.minX == pushed.minX)
        #expect(leading.minX < centred.minX)
        #expect(trailing.maxX > centred.maxX)
        let before: Double = leading.minX - screen.minX
        let after: Double = screen.maxX - trailing.maxX
        #expect(abs(before - after) < 1)
        // The last stack takes the height left under the others, and its button sits in the middle of it.
        #expect(middle.minY > trailing.maxY + 100)
    }

    /// `.aspectRatio(contentMode: .fit)` and `.scaledToFit()` show all of a picture, and with no ratio given its
    /// height follows its width as the file's own shape says (a logo framed to a width); a ratio given wins.
    @Test func aPictureScaledToFitKeepsItsOwnShape() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-fit-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // The header of a 1400 × 400 PNG: all that is read of it.
        let png: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + [0, 0, 0x05, 0x78, 0, 0, 0x01, 0x90, 8, 6, 0, 0, 0]
        try Data(png).write(to: URL(fileURLWithPath: dir + "/logo.png"))
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Start: View {
                    var body: some View {
                        VStack {
                            Image("logo").resizable().aspectRatio(contentMode: .fit).frame(width: 700)
                            Image("logo").resizable().scaledToFill().frame(width: 350)
                            Image("logo").resizable().aspectRatio(16.0 / 9, contentMode: .fill).frame(width: 320)
                        }
                    }
                }
                """, file: dir + "/Start.swift")
        let images = t.scene.allNodes.filter { $0.type == .image }
        #expect(images.count == 3)
        // The scene keeps two decimals.
        let aspects: [Double] = images.map { $0.aspect ?? 0 }
        let wanted: [Double] = [400.0 / 1400, 400.0 / 1400, 9.0 / 16]
        #expect(zip(aspects, wanted).allSatisfy { abs($0 - $1) < 0.01 }, "\(aspects)")
        let modes: [ContentMode?] = images.map(\.contentMode)
        #expect(modes == [.fit, nil, nil])
    }

    /// A section's header given as a styled text view (`header: Text("Profile").foregroundColor(.gray)`) is its text.
    @Test func aSectionHeaderGivenAsAStyledTextIsItsText() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Profile: View {
                    var body: some View {
                        Form {
                            Section(header: Text("Profile").foregroundColor(.white.opacity(0.6))) {
                                Button("Sign Out") {}
                            }
                        }
                    }
                }
                """, file: "/tmp/Profile.swift")
        #expect(t.scene.allNodes.first { $0.type == .section }?.header?.text == "Profile")
        #expect(!t.scene.allNodes.contains { ($0.header?.text ?? $0.title ?? "").contains("‹") })
    }
}

extension RealAppConstructTests {
    /// A ForEach over a range or the indices of data only the running app has (`0..<items.count`,
    /// `items.indices`) has sample rows numbered from the range's start, which the row's code uses as the app does
    /// (`items[index].title` is `‹items[0].title›`), where the rows showed the range's code subscripted. The numbers
    /// stay such data: arithmetic on one is shown as written, and a condition on one takes its first branch.
    @Test func sampleRowsOfARangeAreItsNumbers() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Transcript: View {
                    var items: [Line] = []
                    var body: some View {
                        VStack {
                            ForEach(0..<items.count, id: \\.self) { index in Button(items[index].title) {} }
                            ForEach(items.indices, id: \\.self) { k in Text("Line \\(k + 1)") }
                            ForEach((1...items.count), id: \\.self) { n in Text("Page \\(n)") }
                        }
                    }
                }
                struct Player: View {
                    @ObservedObject var item: Item
                    var body: some View { Transcript(items: item.lines) }
                }
                """, file: "/tmp/Transcript.swift", options: SwiftUIOptions(view: "Player"))
        #expect(
            t.scene.allNodes.compactMap(\.title) == [
                "‹item.lines[0].title›", "‹item.lines[1].title›", "‹item.lines[2].title›",
                "Line ‹k + 1›", "Line ‹k + 1›", "Line ‹k + 1›", "Page ‹1›", "Page ‹2›", "Page ‹3›",
            ])
    }
}

extension RealAppConstructTests {
    /// `.offset(x:y:)`, `.offset(y:)` and `.offset(CGSize(…))` are the scene's `offset`, summed along a chain; one
    /// the scene refuses (beyond its limit) is left out with the scene's reason, never the view.
    @Test func offsetsMoveWhatTheyModify() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Launch: View {
                    var body: some View {
                        VStack {
                            HStack { Button("Play") {}; Button("Trailer") {} }.offset(x: 420, y: 200)
                            Button("Up") {}.offset(y: -20).offset(CGSize(width: 10, height: 5))
                            Button("Far") {}.offset(x: 1e9)
                            Button("Still") {}.offset(.zero)
                        }
                    }
                }
                """, file: "/tmp/Launch.swift")
        let nodes = t.scene.allNodes
        func offset(_ match: (SceneNode) -> Bool) -> [Double]? {
            nodes.first(where: match)?.offset.map { [$0.x, $0.y] }
        }
        #expect(offset { $0.type == .hstack } == [420, 200])
        #expect(offset { $0.title == "Up" } == [10, -15])
        #expect(offset { $0.title == "Far" } == nil && offset { $0.title == "Still" } == nil)
        #expect(t.warnings.contains { $0.message.contains("offset\" is beyond") && $0.location.line == 7 })
    }
}

extension RealAppConstructTests {
    /// A ForEach over data of a type declared where TenFoot does not read (`ServerProtocol.allCases` from another
    /// target) has three sample rows showing what each row holds, as data only the running app has does, where a box
    /// named ForEach stood in a stack or as a picker's one option.
    @Test func dataTenFootCannotListHasSampleRows() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Form: View {
                    @State private var proto: ServerProtocol = .http
                    var body: some View {
                        VStack {
                            Picker("Protocol", selection: $proto) {
                                ForEach(ServerProtocol.allCases, id: \\.self) { p in Text(p.displayName).tag(p) }
                            }
                            .pickerStyle(.segmented)
                            ForEach(Shelf.defaults) { shelf in Button(shelf.title) {} }
                        }
                    }
                }
                """, file: "/tmp/Form.swift")
        let nodes = t.scene.allNodes
        #expect(
            nodes.first { $0.type == .picker }?.options == [
                "‹ServerProtocol.allCases[0].displayName›", "‹ServerProtocol.allCases[1].displayName›",
                "‹ServerProtocol.allCases[2].displayName›",
            ])
        #expect(nodes.filter { $0.type == .button }.compactMap(\.title).count == 3)
        #expect(!nodes.contains { $0.title == "ForEach" })
        #expect(
            t.warnings.filter { $0.message.hasSuffix("which TenFoot cannot list: 3 sample rows") }.map(\.location.line)
                == [7, 10])
    }
}

extension RealAppConstructTests {
    /// A chevron after a button's title (`HStack { Text("Settings"); Spacer(); Image(systemName: "chevron.right")
    /// }`) is no leading icon, where it pointed the way back: in a list the button is a row with a disclosure
    /// indicator, as a NavigationLink is; elsewhere it shows its title. A symbol before the title stays its icon.
    @Test func aChevronAfterTheTitleIsADisclosureNotAnIcon() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Menu: View {
                    var body: some View {
                        VStack {
                            List {
                                Button {} label: { HStack { Text("Settings"); Spacer(); Image(systemName: "chevron.right") } }
                                NavigationLink { Text("D") } label: {
                                    HStack { Text("About"); Spacer(); Image(systemName: "chevron.forward") }
                                }
                            }
                            Button {} label: { HStack { Text("More"); Image(systemName: "chevron.right") } }
                            Button {} label: { HStack { Image(systemName: "play.fill"); Text("Play") } }
                        }
                    }
                }
                """, file: "/tmp/Menu.swift")
        let nodes = t.scene.allNodes.filter { $0.isFocusable }
        #expect(nodes.map(\.type) == [.row, .row, .button, .button])
        #expect(nodes.map(\.title) == ["Settings", "About", "More", "Play"])
        #expect(nodes.map(\.accessoryType) == [.disclosureIndicator, .disclosureIndicator, nil, nil])
        #expect(nodes.map(\.icon) == [nil, nil, nil, "play.fill"])
    }
}

extension RealAppConstructTests {
    /// A stack framed across its axis hugs its content, which the frame places where its alignment says, while the
    /// children keep the stack's alignment among themselves: a leading column in a wide frame is a centred block of
    /// leading-aligned items; with `alignment: .leading` it sits at the leading edge.
    @Test func aStackFramedAcrossItsAxisIsABlockTheFramePlaces() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Blocks: View {
                    var body: some View {
                        VStack(spacing: 30) {
                            VStack(alignment: .leading) { Button("A") {}; Button("A much longer B") {} }
                                .frame(maxWidth: .infinity)
                            VStack(alignment: .leading) { Button("C") {}; Button("D, longer") {} }
                                .frame(maxWidth: .infinity, alignment: .leading)
                        }
                    }
                }
                """, file: "/tmp/Blocks.swift")
        let placed = LayoutEngine(textSize: t.scene.textSize).place(root: t.scene.root)
        func frame(_ title: String) throws -> Rect { try #require(Self.buttonFrame(titled: title, in: placed)) }
        let a = try frame("A")
        let b = try frame("A much longer B")
        let c = try frame("C")
        let d = try frame("D, longer")
        let mid: Double = placed.frame.midX
        // The block of A and B is centred; inside it they share a leading edge.
        #expect(a.minX == b.minX)
        #expect(abs(b.midX - mid) < 1)
        #expect(c.minX == d.minX)
        #expect(c.minX < a.minX)
    }
}

extension RealAppConstructTests {
    /// A button's label that is the app's artwork view framed to a size (`Artwork(url:).frame(width: 250, height:
    /// 375)`), whose picture fills it (`maxWidth: .infinity`), is a poster of that size, where it filled the screen.
    @Test func artworkFillingAFramedLabelIsThatSize() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Artwork: View {
                    let url: URL?
                    var body: some View {
                        ZStack {
                            Rectangle().fill(Color.gray)
                            AsyncImage(url: url) { image in
                                image.resizable().frame(maxWidth: .infinity, maxHeight: .infinity)
                            } placeholder: { Color.clear }
                        }
                    }
                }
                struct PosterButton: View {
                    let url: URL?
                    var body: some View {
                        Button {} label: { Artwork(url: url).frame(width: 250, height: 375) }
                    }
                }
                """, file: "/tmp/PosterButton.swift", options: SwiftUIOptions(view: "PosterButton"))
        let poster = try #require(t.scene.allNodes.first { $0.type == .poster || $0.type == .card })
        #expect(poster.type == .poster && poster.width == .points(250))
        #expect(poster.aspect == 1.5)
    }
}

extension RealAppConstructTests {
    /// `Text(a) + Text(b).foregroundColor(.blue) + Text(c)` is one text of all their words (a placeholder box showed
    /// its code), and the string methods such texts are cut with work as in Swift: `split(separator:)` leaves out
    /// empty pieces, `components(separatedBy:)` keeps them; a replacement too large for a string is data the app
    /// has, never a string of gigabytes.
    @Test func summedTextsAndStringPieces() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct About: View {
                    var contact = "Mail us at $email today"
                    var big = "\(String(repeating: "a", count: 1000))"
                    var wide = "\(String(repeating: "x", count: 200))"
                    var body: some View {
                        VStack {
                            Text(contact.split(separator: "$email")[0]) + Text("help@example.com").foregroundColor(.blue)
                                + Text(contact.split(separator: "$email")[1])
                            Text("\\(",a,,b".split(separator: ",").count) \\(",a,,b".components(separatedBy: ",").count)")
                            Text("  padded  ".trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "d", with: "D"))
                            Text(big.replacingOccurrences(of: "a", with: wide))
                            Text(String(repeating: "•", count: 4) + String(repeating: "x", count: 1_000_000_000))
                            Text(String(repeating: "•", count: 4))
                        }
                    }
                }
                """, file: "/tmp/About.swift")
        let texts = t.scene.allNodes.filter { $0.type == .text }.compactMap(\.title)
        #expect(texts.count == 6 && texts.last == "••••")
        #expect(texts.prefix(3) == ["Mail us at help@example.com today", "2 4", "paDDeD"])
        #expect(texts[3].hasPrefix("‹") && texts[3].utf8.count < 1000)
        #expect(texts[4].hasPrefix("‹") && texts[4].utf8.count < 1000, "\(texts[4].prefix(80))")
        #expect(!t.warnings.contains { $0.message.contains("placeholder") })
    }
}

extension RealAppConstructTests {
    /// `trimmingCharacters(in:)` trims the set it is given, as Foundation does: one of Foundation's by name, or one of
    /// given characters; a set it cannot tell leaves the text as it is (it trimmed spaces whatever the set).
    @Test func trimmingTheCharactersOfTheSetGiven() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Tags: View {
                    var tag = "#tvOS#"
                    var body: some View {
                        VStack {
                            Text(tag.trimmingCharacters(in: CharacterSet(charactersIn: "#")))
                            Text("...Loading!".trimmingCharacters(in: .punctuationCharacters))
                            Text("007 Agents 42".trimmingCharacters(in: CharacterSet.decimalDigits))
                            Text("  spaced ".trimmingCharacters(in: .whitespaces))
                            Text("#kept#".trimmingCharacters(in: .init(charactersIn: tag.uppercased())))
                            Text("  as is  ".trimmingCharacters(in: Self.unknownSet))
                        }
                    }
                }
                """, file: "/tmp/Tags.swift")
        let texts = t.scene.allNodes.filter { $0.type == .text }.compactMap(\.title)
        #expect(texts == ["tvOS", "Loading", " Agents ", "spaced", "kept", "  as is  "])
    }
}

extension RealAppConstructTests {
    /// The frame of the button titled `title` in a placed tree.
    static func buttonFrame(titled title: String, in p: PlacedNode) -> Rect? {
        if p.node.title == title, p.type == .button { return p.frame }
        return p.children.lazy.compactMap { buttonFrame(titled: title, in: $0) }.first
    }
}

extension RealAppConstructTests {
    /// A state that is nil as the screen opens names no row (`expandedID == item.id` over data only the running app
    /// has), and the id of data bound by `if let` is never nil: the expanded card and the row chosen by the nil
    /// selection are left out, where they showed as the branches with the most to focus.
    @Test func aNilSelectionIsNoRowsAndAnIdIsNeverNil() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Shelf: View {
                    @ObservedObject var model: ShelfModel
                    @State private var expandedID: String?
                    @State private var focusedRowID: String?
                    @State private var selected: Item?
                    var body: some View {
                        VStack {
                            ForEach(model.items, id: \\.id) { item in
                                VStack {
                                    Button("Card") {}
                                    if expandedID == item.id { Button("Expanded") {} }
                                }
                            }
                            ForEach(model.others, id: \\.ratingKey) { item in
                                if selected == item { Button("Selected") {} }
                                if selected != item.ratingKey { Button("Other") {} }
                            }
                            if focusedRowID == model.current?.id { Button("Current") {} }
                            if let list = model.sections.first(where: { $0.id == "list" }) {
                                if focusedRowID == list.id { Button("Restored") {} } else { Text("List") }
                            }
                        }
                    }
                }
                """, file: "/nonexistent/Shelf.swift")
        let titles = t.scene.allNodes.compactMap(\.title)
        #expect(titles.filter { $0 == "Card" }.count == 3)
        #expect(!titles.contains("Expanded"))
        #expect(!titles.contains("Restored"))
        // A sample row itself and its id by the key path ForEach names are rows too.
        #expect(!titles.contains("Selected"))
        #expect(titles.filter { $0 == "Other" }.count == 3)
        // An optional chain may be nil: the condition stays the app's (its branch with the most to focus shows).
        #expect(titles.contains("Current"))
    }

    /// A size a flag only the running app knows chooses (`kind == .poster ? 480 : landscapeSize.height`, kept in a
    /// local, a CGSize made by `.init(width:height:)`) is the one for a false condition; the frame was dropped and
    /// the card took the whole screen. A choice that is only part of the size leaves the size the app's.
    @Test func aSizeARuntimeFlagChoosesIsTheOneForAFalseCondition() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                enum Kind { case poster, landscape }
                struct Row: View {
                    let kind: Kind
                    private var landscapeSize: CGSize { .init(width: 560, height: 315) }
                    var body: some View {
                        let height = kind == .poster ? 480 : landscapeSize.height
                        Button("Card") {}
                            .frame(width: kind == .poster ? 320 : (kind == .landscape ? 700 : landscapeSize.width),
                                   height: height)
                        Button("Sum") {}.frame(width: (kind == .poster ? 100 : 200) + 10)
                        Button("Collapsed") {}.frame(height: kind == .poster ? 600 : 0)
                    }
                }
                struct Tile: View {
                    let wide: Bool
                    let width: CGFloat
                    var body: some View {
                        let w = wide ? 900 : width
                        Button("Tile \\(width)") {}.frame(width: w)
                    }
                }
                struct Home: View {
                    @EnvironmentObject var settings: Settings
                    var body: some View {
                        VStack {
                            Row(kind: settings.rowKind)
                            Tile(wide: settings.wide, width: 300)
                            Tile(wide: settings.wide, width: 500)
                        }
                    }
                }
                """, file: "/nonexistent/Home.swift", options: SwiftUIOptions(view: "Home"))
        let card = try #require(t.scene.allNodes.first { $0.title == "Card" })
        #expect(card.width == .points(560))
        #expect(card.height == .points(315))
        // A choice inside a sum is not the sum's size: the frame stays the app's rather than 200.
        #expect(try #require(t.scene.allNodes.first { $0.title == "Sum" }).width == nil)
        // A false branch of no size does not hide what a flag collapses.
        #expect(try #require(t.scene.allNodes.first { $0.title == "Collapsed" }).height == nil)
        // The same code choosing different sizes in two views: the first view's is its own, and the text, now
        // ambiguous, gives the second none rather than the first's.
        #expect(try #require(t.scene.allNodes.first { $0.title == "Tile 300" }).width == .points(300))
        #expect(try #require(t.scene.allNodes.first { $0.title == "Tile 500" }).width == nil)
        #expect(t.warnings.contains { $0.location.line == 9 && $0.message.contains("this size depends on data") })
    }

    /// A switch statement with no default, in a getter of several statements, over data only the running app has
    /// gives its first case, as a switch expression does; no case ran, and the size made of it was lost.
    @Test func aGettersSwitchOnRuntimeDataGivesItsFirstCase() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                enum Size { case small, large }
                struct Tile: View {
                    @EnvironmentObject var settings: Settings
                    private var scale: CGFloat {
                        let size = settings.size
                        switch size {
                        case .small: return 0.5
                        case .large: return 2
                        }
                    }
                    var body: some View { Button("Tile") {}.frame(width: 400 * scale, height: 200) }
                }
                """, file: "/nonexistent/Tile.swift")
        let tile = try #require(t.scene.allNodes.first { $0.title == "Tile" })
        #expect(tile.width == .points(200))
        #expect(t.warnings.contains { $0.location.line == 7 && $0.message.contains("takes the case at line 8") })
    }

    /// A shape framed along one axis takes what it is offered along the other (`Rectangle().frame(height: 2)` is a
    /// rule across its stack, not a 160-point stub), and a gradient is a plain rectangle.
    @Test func aShapeFramedAlongOneAxisFillsTheOther() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Rules: View {
                    var body: some View {
                        VStack {
                            Button("A") {}
                            Rectangle().fill(Color.gray).frame(height: 2)
                            LinearGradient(colors: [.black, .clear], startPoint: .top, endPoint: .bottom)
                                .frame(maxHeight: .infinity)
                            Circle().frame(width: 20)
                            AsyncImage(url: nil).frame(height: 300)
                        }
                    }
                }
                """, file: "/nonexistent/Rules.swift")
        let images = t.scene.allNodes.filter { $0.type == .image }
        #expect(images.count == 4)
        #expect(images[0].width == .fill && images[0].height == .points(2))
        #expect(images[1].width == .fill && images[1].height == .fill && images[1].shape?.cornerRadius == 0)
        #expect(images[2].width == .points(20) && images[2].height != .fill)
        // A picture keeps its own shape: only shapes and colours fill the other axis.
        #expect(images[3].height == .points(300) && images[3].width != .fill)
    }

    /// Data chosen between by a flag only the running app has (`compact ? Array(items.prefix(1)) : items`) is the
    /// false branch's, named as the app names it: the rows and the sidecar's key say `model.items`, not the
    /// choice's code.
    @Test func dataARuntimeFlagChoosesIsTheFalseBranchs() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Rail: View {
                    @ObservedObject var model: RailModel
                    var body: some View {
                        HStack {
                            ForEach(model.compact ? Array(model.items.prefix(1)) : model.items, id: \\.id) { item in
                                Button(item.title) {}
                            }
                        }
                    }
                }
                """, file: "/nonexistent/Rail.swift")
        let titles = t.scene.allNodes.filter { $0.type == .button }.compactMap(\.title)
        #expect(titles == ["‹model.items[0].title›", "‹model.items[1].title›", "‹model.items[2].title›"])
        #expect(t.warnings.contains { $0.message.contains("as \"model.items\"") })
    }
}

extension RealAppConstructTests {
    /// A navigation bar's buttons that show their label only while focused (`.opacity(isFocused ? 1 : 0)` and
    /// `.frame(width: isFocused ? nil : 0)` on a @FocusState) open as their symbols, the label what VoiceOver says:
    /// every label drawn at once ran the bar off both edges of the screen.
    @Test func aLabelShownOnlyWhileFocusedLeavesTheSymbol() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct NavButton: View {
                    let icon: String
                    let label: String
                    @FocusState private var isFocused: Bool
                    var body: some View {
                        Button(action: {}) {
                            HStack(spacing: 8) {
                                Image(systemName: icon)
                                Text(label)
                                    .frame(width: isFocused ? nil : 0)
                            }
                        }
                        .focused($isFocused)
                    }
                }
                struct FadingButton: View {
                    @FocusState private var isFocused: Bool
                    var body: some View {
                        Button(action: {}) {
                            HStack { Image(systemName: "star"); Text("Favourites").opacity(isFocused ? 1 : 0) }
                        }
                        .focused($isFocused)
                    }
                }
                struct Bar: View {
                    var body: some View {
                        HStack {
                            NavButton(icon: "house", label: "Home")
                            FadingButton()
                            Button(action: {}) { HStack { Image(systemName: "gear"); Text("Settings") } }
                            Button(action: {}) { Text("Alone").frame(width: 0) }
                        }
                    }
                }
                """, file: "/nonexistent/Bar.swift", options: SwiftUIOptions(view: "Bar"))
        let buttons = t.scene.allNodes.filter { $0.type == .button }
        #expect(buttons.map(\.id) == ["home", "favourites", "settings", "alone"])
        // Framed to nothing unfocused; faded out unfocused; shown; a label with no symbol keeps its text.
        #expect(buttons.map(\.title) == [nil, nil, "Settings", "Alone"])
        #expect(buttons.map(\.icon) == ["house", "star", "gear", nil])
        #expect(buttons.map(\.accessibilityLabel) == ["Home", "Favourites", nil, nil])
    }

    /// Artwork inside a box framed to a size (`ZStack { AsyncImage(…) }.frame(width: 52, height: 52)`) beside
    /// what the button shows only when focused is that size, clipped as the box is: it was a 410-point card.
    @Test func artworkInAFramedBoxIsTheBoxsSize() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Avatar: View {
                    let url: URL?
                    let isFocused: Bool
                    var body: some View {
                        Button(action: {}) {
                            HStack(spacing: 10) {
                                ZStack { AsyncImage(url: url) }
                                    .frame(width: 52, height: 52)
                                    .clipShape(Circle())
                                if isFocused { Text("User") }
                            }
                        }
                    }
                }
                struct Bar: View {
                    var body: some View { HStack { Avatar(url: nil, isFocused: false) } }
                }
                """, file: "/nonexistent/Bar.swift", options: SwiftUIOptions(view: "Bar"))
        let avatar = try #require(t.scene.allNodes.first { $0.type == .card || $0.type == .poster })
        #expect(avatar.width == .points(52))
        #expect(avatar.height == .points(52))
        #expect(avatar.shape?.kind == .circle)
    }
}

extension RealAppConstructTests {
    /// A view framed to its GeometryReader's whole size (`.frame(width: proxy.size.width, height:
    /// proxy.size.height)`) takes what the reader is offered: a hero's backdrop was a 560-point placeholder in the
    /// middle of the hero.
    @Test func aFrameOfTheReadersWholeSizeFillsIt() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Hero: View {
                    var body: some View {
                        VStack {
                            GeometryReader { proxy in
                                VStack {
                                    AsyncImage(url: nil)
                                        .frame(width: proxy.size.width, height: proxy.size.height)
                                    Button("Half") {}.frame(width: proxy.size.width * 0.5)
                                }
                            }
                            .frame(height: 600)
                            Button("Play") {}
                        }
                    }
                }
                """, file: "/nonexistent/Hero.swift")
        let backdrop = try #require(t.scene.allNodes.first { $0.type == .image })
        #expect(backdrop.width == .fill && backdrop.height == .fill)
        // A part of the reader's size is a part of the size TenFoot takes for it: the safe width, the reader's
        // frame giving only its height.
        #expect(try #require(t.scene.allNodes.first { $0.title == "Half" }).width == .points(880))
    }

    /// Arithmetic on a GeometryReader's size (`geometry.size.width / 2 - 50`, a settings screen's two halves)
    /// takes the reader's own frame along each axis that has one, else the safe area (the screen once the reader
    /// ignores it); a length handed to another view (`screenHeight: geometry.size.height`) is the safe area's.
    /// Each such frame was dropped, so the halves took what their content needed, and `max(screenHeight, 1)` was
    /// a media bar one point high.
    @Test func arithmeticOnAReadersSizeTakesItsFrameOrTheSafeArea() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Bar: View {
                    let screenHeight: CGFloat
                    let titleWidth: CGFloat
                    var body: some View { Button("Bar") {}.frame(width: max(titleWidth, 200), height: max(screenHeight, 1) * 0.25) }
                }
                struct Settings: View {
                    var body: some View {
                        VStack {
                            GeometryReader { geometry in
                                HStack {
                                    Button("Left") {}.frame(width: geometry.size.width / 2, height: geometry.size.height)
                                    Button("Right") {}.frame(width: geometry.size.width / 2 - 50)
                                }
                            }
                            GeometryReader { geo in
                                Button("Framed") {}.frame(width: geo.size.width * 0.5, height: geo.size.height / 4)
                            }
                            .frame(width: 600, height: 200)
                            GeometryReader { geo in
                                Button("Screen") {}.frame(width: geo.size.width * 0.25)
                            }
                            .ignoresSafeArea()
                            GeometryReader { geo in Bar(screenHeight: geo.size.height, titleWidth: Layout.titleWidth) }
                        }
                    }
                }
                """, file: "/nonexistent/Settings.swift", options: SwiftUIOptions(view: "Settings"))
        func node(_ title: String) throws -> SceneNode { try #require(t.scene.allNodes.first { $0.title == title }) }
        #expect(try node("Left").width == .points(880) && node("Left").height == .fill)
        #expect(try node("Right").width == .points(830))
        #expect(try node("Framed").width == .points(300) && node("Framed").height == .points(50))
        #expect(try node("Screen").width == .points(480))
        // A bound on a length only the running app has is no length: the frame stays the app's (it was 200).
        #expect(try node("Bar").height == .points(240) && node("Bar").width == nil)
        let warnings = t.warnings.filter { $0.message.contains("a GeometryReader's size comes from the layout") }
        #expect(warnings.map(\.location.line) == [5, 12, 13, 17, 17, 21])
        #expect(warnings.first?.message.contains("(1760 × 960 here)") == true)
    }

    /// A control whose label's spacer pushes its parts apart is a settings row across the width it is offered:
    /// its title leading, the first text after the spacer (a status) its value. Each was a button as wide as its
    /// title, the status lost.
    @Test func aLabelASpacerPushesApartIsASettingsRow() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Settings: View {
                    let signedIn = false
                    var body: some View {
                        VStack {
                            NavigationLink {
                                Text("Account")
                            } label: {
                                Text("Account")
                                Spacer()
                                Text(signedIn ? "Signed in" : "Signed out").foregroundStyle(.gray)
                            }
                            Button {} label: { HStack { Image(systemName: "clock"); Text("History"); Spacer() } }
                            Button {} label: { HStack { Spacer(); Text("Centred"); Spacer() } }
                            Button {} label: { HStack { Text("Help"); Spacer(); Image(systemName: "chevron.right") } }
                            Button("Plain") {}
                        }
                    }
                }
                """, file: "/nonexistent/Settings.swift", options: SwiftUIOptions(view: "Settings"))
        func node(_ title: String) throws -> SceneNode { try #require(t.scene.allNodes.first { $0.title == title }) }
        let account = try node("Account")
        #expect(account.type == .row && account.value == "Signed out" && account.width == .fill)
        let history = try node("History")
        #expect(history.type == .row && history.value == nil && history.width == .fill && history.icon == "clock")
        let help = try node("Help")
        #expect(
            help.type == .row && help.value == nil && help.accessoryType == .disclosureIndicator && help.icon == nil)
        // A spacer before every text does not push a title to the leading end.
        #expect(try node("Centred").type == .button)
        #expect(try node("Plain").type == .button && node("Plain").width == nil)
    }
}

extension RealAppConstructTests {
    /// A state a load fills with data only the running app has holds data named after the state, and a filtered
    /// (sorted, shortened) view of such data is rows of it: the rows and the sidecar's key said
    /// `JSONDecoder().decode([Book].self, from: data).filter()`, read down inside the app's network client.
    @Test func dataALoadFillsIsNamedAfterItsState() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Book: Identifiable { let id: Int; let title: String; let hidden: Bool }
                final class Client {
                    static let shared = Client()
                    func books(genre: String) async throws -> [Book] {
                        let (data, _) = try await URLSession.shared.data(from: URL(string: "https://example.com")!)
                        return try JSONDecoder().decode([Book].self, from: data)
                    }
                }
                struct Shelf: View {
                    @State private var books: [Book] = []
                    private var visible: [Book] { books.filter { !$0.hidden }.sorted { $0.title < $1.title } }
                    var body: some View {
                        HStack { ForEach(visible) { b in Button(b.title) {} } }
                            .task { books = try await Client.shared.books(genre: "drama") }
                    }
                }
                """, file: "/nonexistent/Shelf.swift")
        let titles = t.scene.allNodes.filter { $0.type == .button }.compactMap(\.title)
        #expect(titles == ["‹books[0].title›", "‹books[1].title›", "‹books[2].title›"])
        #expect(t.warnings.contains { $0.message.contains("ForEach over books, which only the running app has") })
    }
}

extension RealAppConstructTests {
    /// `.ignoresSafeArea` and `.edgesIgnoringSafeArea` keep the edges they name (`Edge.Set`): a divider that
    /// reaches the screen's sides only had reached up under the tab bar too; the keyboard's region moves nothing.
    /// A GeometryReader's size takes the edges it ignores.
    @Test func theEdgesASafeAreaModifierNamesAreKept() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Page: View {
                    var body: some View {
                        ZStack {
                            Color.black.ignoresSafeArea()
                            VStack {
                                Rectangle().frame(height: 2).edgesIgnoringSafeArea(.horizontal)
                                Button("Keyboard") {}.ignoresSafeArea(.keyboard)
                                Button("Corner") {}.ignoresSafeArea(.container, edges: [.top, .leading])
                                GeometryReader { geo in
                                    Button("Wide") {}.frame(width: geo.size.width / 2, height: geo.size.height / 2)
                                }
                                .ignoresSafeArea(edges: .horizontal)
                            }
                        }
                    }
                }
                """, file: "/nonexistent/Page.swift", options: SwiftUIOptions(view: "Page"))
        let nodes = t.scene.allNodes
        #expect(try #require(nodes.first { $0.type == .image && $0.width == .fill }).ignoredSafeAreaEdges == .all)
        #expect(try #require(nodes.first { $0.height == .points(2) }).ignoredSafeAreaEdges == .horizontal)
        func node(_ title: String) throws -> SceneNode { try #require(nodes.first { $0.title == title }) }
        #expect(try node("Keyboard").ignoredSafeAreaEdges.isEmpty)
        #expect(try node("Corner").ignoredSafeAreaEdges == [.top, .leading])
        #expect(try node("Wide").width == .points(960) && node("Wide").height == .points(480))
        let json = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Page: View {
                    var body: some View { Button("Corner") {}.ignoresSafeArea(edges: [.top, .leading]) }
                }
                """, file: "/nonexistent/Page.swift", options: SwiftUIOptions(view: "Page")
        ).json
        #expect(json.contains(#""ignoresSafeArea": ["top", "leading"]"#))
    }
}

extension RealAppConstructTests {
    /// A type declared inside another, named through it (`Model.Kind.allCases`, a view model's filter enum), is
    /// that type: its cases and their titles. It was data only the running app has, shown as placeholders.
    @Test func aTypeNamedThroughTheTypeItIsDeclaredInIsThatType() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                final class Model: ObservableObject {
                    enum Kind: String, CaseIterable, Identifiable {
                        case all, movies
                        var id: String { rawValue }
                        var title: String {
                            switch self {
                            case .all: return "All"
                            case .movies: return "Movies"
                            }
                        }
                    }
                }
                struct Filters: View {
                    var body: some View { HStack { ForEach(Model.Kind.allCases) { k in Button(k.title) {} } } }
                }
                """, file: "/nonexistent/Filters.swift", options: SwiftUIOptions(view: "Filters"))
        #expect(t.scene.allNodes.filter { $0.type == .button }.compactMap(\.title) == ["All", "Movies"])
    }
}

extension RealAppConstructTests {
    /// A row's label that stacks a second text under its title (`VStack { Text(name); Text(server) }`) is a row
    /// with that subtitle, in a list or pushed apart by a spacer; a spinner after the spacer is no value. The rows
    /// showed their titles alone.
    @Test func aSecondTextUnderARowsTitleIsItsSubtitle() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Servers: View {
                    var body: some View {
                        List {
                            NavigationLink { Text("D") } label: {
                                VStack(alignment: .leading) { Text("Home"); Text("Jellyfin").font(.caption) }
                            }
                            NavigationLink { Text("D") } label: {
                                HStack {
                                    VStack(alignment: .leading) { Text("Office"); Text("WebDAV") }
                                    Spacer()
                                    ProgressView()
                                }
                            }
                            Button("Plain") {}
                        }
                    }
                }
                """, file: "/nonexistent/Servers.swift", options: SwiftUIOptions(view: "Servers"))
        func node(_ title: String) throws -> SceneNode { try #require(t.scene.allNodes.first { $0.title == title }) }
        #expect(try node("Home").type == .row && node("Home").subtitle == "Jellyfin")
        let office = try node("Office")
        #expect(office.type == .row && office.subtitle == "WebDAV" && office.value == nil)
        #expect(try node("Plain").subtitle == nil)
    }
}

extension RealAppConstructTests {
    /// `.buttonStyle(.card)` on a label of a symbol and words (`HStack { Image(systemName: "plus"); Text("My List")
    /// }`) keeps the button, its symbol and its words on the platter: a card has no symbol, and the label became
    /// a 410-point card of generated artwork. A label of words alone is still a card, and so is a symbol framed as a
    /// picture above a title.
    @Test func aCardStyledSymbolAndWordsStayAButton() throws {
        let t = try SwiftUIReader.read(
            source: """
                import SwiftUI
                struct Actions: View {
                    var body: some View {
                        HStack {
                            Button {} label: { HStack { Image(systemName: "plus"); Text("My List") } }
                                .buttonStyle(.card)
                            Button {} label: { Text("Genre") }.buttonStyle(.card)
                            Button {} label: {
                                VStack {
                                    Image(systemName: "photo").resizable().frame(width: 250, height: 375)
                                    Text("Poster")
                                }
                            }
                            .buttonStyle(.card)
                        }
                    }
                }
                """, file: "/nonexistent/Actions.swift", options: SwiftUIOptions(view: "Actions"))
        func node(_ title: String) throws -> SceneNode { try #require(t.scene.allNodes.first { $0.title == title }) }
        #expect(try node("My List").type == .button && node("My List").icon == "plus")
        #expect(try node("Genre").type == .card)
        // A symbol framed as a picture above a title is a placeholder poster: the card's artwork.
        #expect(try node("Poster").type == .card)
    }
}
