import Foundation
import TenFootCore
import TenFootScene
import TenFootSim
import TenFootSwiftUI
import TenFootSwiftUIReader
import TenFootTools
import TestSupport
import Testing

/// Translates one in-memory source (no sidecar).
func translate(_ source: String, file: String = "/tmp/View.swift", view: String? = nil, preview: String? = nil) throws
    -> SwiftUITranslation
{
    try SwiftUIReader.read(
        source: source, file: file, options: SwiftUIOptions(preview: preview, view: view, readsSidecar: false))
}

func node(_ scene: Scene, _ id: String) -> SceneNode? { scene.allNodes.first { $0.id == id } }

/// A node's actions for a trigger, as text (for matching).
func actionsText(_ n: SceneNode?, _ trigger: Trigger) -> String { "\(n?.actions[trigger] ?? [])" }

/// What an error says, for matching.
func message(_ body: () throws -> Void) -> String {
    do {
        try body()
        return ""
    } catch { return "\(error)" }
}

@Suite(.enabled(if: SwiftUIReader.isAvailable)) struct IDTests {
    @Test func idsComeFromLabels() throws {
        let t = try translate(
            """
            import SwiftUI
            struct V: View {
                var body: some View {
                    VStack {
                        Text("Play")
                        Button("Log In") {}
                        Button("Play") {}
                        Button("Play") {}
                        Button("Sign in…") {}
                        Button("播放") {}
                        TextField("E-mail address", text: .constant(""))
                    }
                }
            }
            """)
        let ids = t.scene.allNodes.filter { $0.isFocusable }.map(\.id)
        #expect(ids == ["log-in", "play", "play-2", "sign-in", "播放", "e-mail-address"])
        // A heading with an item's label takes the next number: items choose first.
        #expect(t.scene.allNodes.contains { $0.type == .text && $0.id == "play-3" })
    }

    /// Ids keep what shows of a label: a joiner inside a Devanagari conjunct, a direction mark, a zero-width space
    /// are left out (they made ids the scene's reader refuses: 200 rows of such a text reported 200 refused ids and
    /// hid the real error), and a letter under many accents keeps four of its scalars.
    @Test func idsLeaveOutWhatDoesNotShow() throws {
        let t = try translate(
            #"""
            import SwiftUI
            struct V: View {
                var body: some View {
                    VStack {
                        Button("क\u{200D}ष") {}
                        Button("\u{200F}Play\u{200B}Now") {}
                        Button("e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}x") {}
                    }
                }
            }
            """#)
        let ids = t.scene.allNodes.filter { $0.isFocusable }.map(\.id)
        #expect(ids == ["कष", "play-now", "e\u{301}\u{302}\u{303}x"])
    }

    @Test func idsDoNotDependOnSourcePositions() throws {
        let before = try translate(
            """
            import SwiftUI
            struct V: View {
                var body: some View { HStack { Button("Play") {}; Button("Trailer") {} } }
            }
            """)
        let after = try translate(
            """
            import SwiftUI

            // An edit elsewhere in the file: a comment, a new text, another line.
            struct V: View {
                var body: some View {
                    HStack {
                        Text("Now showing")
                        Button("Play") {}
                        Button("Trailer") {}
                    }
                }
            }
            """)
        let items = { (t: SwiftUITranslation) in t.scene.allNodes.filter(\.isFocusable).map(\.id) }
        #expect(items(before) == ["play", "trailer"])
        #expect(items(after) == items(before))
    }

    @Test func itemsKeepTheirSourceLocation() throws {
        let t = try translate(
            """
            import SwiftUI
            struct V: View {
                var body: some View {
                    VStack {
                        Button("Play") {}
                        TextField("Name", text: .constant(""))
                            .padding()
                    }
                }
            }
            """, file: "/tmp/Located.swift")
        let play = try #require(t.items.first { $0.id == "play" })
        #expect(play.source == SourcePoint(file: "/tmp/Located.swift", line: 5, column: 13))
        #expect(play.origin == "Button")
        #expect(node(t.scene, "name")?.location == SourceLocation(line: 6, column: 13))
        #expect(t.scene.file == "/tmp/Located.swift")
    }

    /// Columns count characters, as the JSON reader counts them, not SwiftSyntax's UTF-8 bytes: after
    /// "é→" (5 bytes, 2 characters) on a line, a node or a syntax error is 3 columns nearer than the bytes say.
    @Test func columnsCountCharactersNotBytes() throws {
        let t = try translate(
            """
            import SwiftUI
            struct V: View {
                var body: some View {
                    HStack { Text("é→"); Button("Play") {} }
                }
            }
            """, file: "/tmp/Wide.swift")
        let play = try #require(t.items.first { $0.id == "play" })
        #expect(play.source == SourcePoint(file: "/tmp/Wide.swift", line: 4, column: 30))
        // A syntax error after the same number of characters, wide or ASCII, is at the same column.
        func error(_ s: String) -> String {
            message {
                _ = try translate(
                    "let s = \"\(s)\"; struct V: View { var body: some View { Text(\"a\" }\n", file: "/tmp/Broken.swift"
                )
            }
        }
        let wide = error("é→")
        let ascii = error("ab")
        #expect(ascii.hasPrefix("/tmp/Broken.swift:1:"), "\(ascii)")
        #expect(wide == ascii)
        // A byte order mark is no character of the first line (the JSON reader does not count it either).
        let marked = message {
            _ = try translate(
                "\u{FEFF}let s = \"ab\"; struct V: View { var body: some View { Text(\"a\" }\n",
                file: "/tmp/Broken.swift")
        }
        #expect(marked == ascii)
    }
}

@Suite(.enabled(if: SwiftUIReader.isAvailable)) struct PlaceholderTests {
    @Test func unknownViewsAreLabelledBoxesWithAWarning() throws {
        let t = try translate(
            """
            import SwiftUI
            struct V: View {
                var body: some View {
                    VStack {
                        MapView(region: region)
                        VolumeSlider()
                        Button("OK") {}
                    }
                }
            }
            """, file: "/tmp/P.swift")
        let map = try #require(node(t.scene, "mapview"))
        #expect(map.type == .card && map.title == "MapView" && !map.isFocusable)
        // A name that says it is a control stays reachable.
        #expect(node(t.scene, "volumeslider")?.isFocusable == true)
        #expect(
            t.warnings.map(\.description).contains(
                "/tmp/P.swift:5:13: warning: unknown view MapView is drawn as a placeholder box"))
        #expect(t.coverage.placeholders == 2)
        #expect(t.coverage.summary.hasPrefix("5 views: 3 interpreted, 0 approximated, 2 placeholders"))
    }

    /// A view that contains itself is a placeholder where it nests too deeply, said in a sentence with its reason.
    @Test func aViewThatContainsItselfSaysWhy() throws {
        let t = try translate(
            """
            import SwiftUI
            struct V: View {
                var body: some View {
                    VStack {
                        Text("a")
                        V()
                    }
                }
            }
            """, file: "/tmp/P.swift")
        let said = t.warnings.map(\.description).filter { $0.contains("placeholder") }
        #expect(
            said.contains { $0.hasSuffix("warning: V nests itself too deeply: V is drawn as a placeholder box") },
            "\(said)")
    }

    /// Warnings say what the code is: a sheet bound to something other than a @State says its isPresented: (it was
    /// called `item:`), an unknown modifier whose closure holds no control says so (beside the same place shown at
    /// another depth, "ignored" alone read as a contradiction), and past a spent budget nothing more is said (what
    /// evaluation meets then is not read).
    @Test func warningsSayWhatTheCodeIs() throws {
        let bound = try translate(
            """
            import SwiftUI
            final class Model: ObservableObject { @Published var shown = false }
            struct V: View {
                @StateObject var model = Model()
                var body: some View {
                    Button("A") {}
                        .sheet(isPresented: $model.shown) { Text("Hi") }
                        .frob { Text("Decoration") }
                }
            }
            """, file: "/tmp/S.swift")
        let said = bound.warnings.map(\.description)
        #expect(
            said.contains(
                "/tmp/S.swift:7:14: warning: sheet(isPresented: $model.shown) is not simulated (only isPresented: bindings to a @State); ignored"
            ), "\(said)")
        #expect(
            said.contains(
                "/tmp/S.swift:8:14: warning: unknown modifier .frob: its closure holds no control here; ignored"),
            "\(said)")
        // A view that presents itself: the budget runs out inside the cover's rows, and the evaluation that goes on
        // above them read the cover's binding as something else (`fullScreenCover(item:) is not simulated`).
        let cut = try translate(
            """
            import SwiftUI
            struct V: View {
                @State var s = false
                var body: some View {
                    Button("A") { s = true }
                        .sheet(isPresented: $s) { V() }
                        .fullScreenCover(isPresented: $s) { ForEach(0..<100) { _ in V() } }
                }
            }
            """, file: "/tmp/C.swift")
        let past = cut.warnings.map(\.message)
        #expect(past.contains { $0.hasPrefix("TenFoot stopped reading the screen here") }, "\(past)")
        #expect(!past.contains { $0.contains("fullScreenCover") }, "\(past)")
    }

    @Test func unknownAndOtherPlatformModifiersAreWarnings() throws {
        let t = try translate(
            """
            import SwiftUI
            struct V: View {
                var body: some View {
                    Button("Delete") {}
                        .onDeleteCommand { }
                        .sparkle(3)
                        .shadow(radius: 8)
                }
            }
            """, file: "/tmp/M.swift")
        let w = t.warnings.map(\.description)
        #expect(w.contains("/tmp/M.swift:5:14: warning: .onDeleteCommand is not available on tvOS; ignored"))
        #expect(w.contains("/tmp/M.swift:6:14: warning: unknown modifier .sparkle; ignored"))
        #expect(t.coverage.modifiersCosmetic == 1 && t.coverage.modifiersIgnored == 2)
    }
}

@Suite(.enabled(if: SwiftUIReader.isAvailable)) struct PlatformTests {
    @Test func ifConfigIsEvaluatedForTvOS() throws {
        let t = try translate(
            """
            import SwiftUI
            struct V: View {
                var body: some View {
                    VStack {
                        #if os(tvOS)
                        Button("TV") {}
                        #elseif os(macOS)
                        Button("Mac") {}
                        #else
                        Button("Other") {}
                        #endif
                        #if canImport(UIKit) && !os(watchOS)
                        Button("UIKit") {}
                        #endif
                        HStack { Button("Row") {} }
                            #if os(tvOS)
                            .focusSection()
                            #endif
                            #if os(macOS)
                            .onDeleteCommand { }
                            #endif
                    }
                }
            }
            """)
        let ids = t.scene.allNodes.filter(\.isFocusable).map(\.id)
        #expect(ids == ["tv", "uikit", "row"])
        #expect(t.scene.allNodes.contains { $0.focusSection })
        #expect(t.warnings.isEmpty)
    }

    @Test func aFileThatDoesNotParseSaysWhereInOneLine() throws {
        let text = message {
            _ = try translate(
                """
                import SwiftUI
                struct V: View {
                    var body: some View {
                        Button("Play" {}
                    }
                }
                """, file: "/tmp/Broken.swift")
        }
        #expect(text.hasPrefix("/tmp/Broken.swift:4:"), "\(text)")
        #expect(text.contains("error: expected"), "\(text)")
        #expect(!text.contains("\n"))
    }
}

@Suite(.enabled(if: SwiftUIReader.isAvailable)) struct ChoosingTheViewTests {
    static let twoViews = """
        import SwiftUI
        struct Home: View { var body: some View { Button("Home") {} } }
        struct Settings: View { var body: some View { Button("Settings") {} } }
        """

    @Test func severalViewsAskForOneByName() throws {
        #expect(
            message { _ = try translate(Self.twoViews, file: "/tmp/Two.swift") }
                == "Two.swift declares 2 views: Home, Settings; choose one with --view NAME")
        #expect(try translate(Self.twoViews, view: "Settings").opened == "Settings")
        #expect(
            message { _ = try translate(Self.twoViews, file: "/tmp/Two.swift", view: "Nope") }
                == "no View named \"Nope\" in Two.swift; its views: Home, Settings")
    }

    @Test func aPreviewOpensFirst() throws {
        let source =
            Self.twoViews + """

                #Preview("Settings page") { Settings() }
                """
        let t = try translate(source)
        #expect(t.opened == "#Preview \"Settings page\"")
        #expect(t.scene.allNodes.contains { $0.id == "settings" })
    }

    @Test func severalPreviewsAskForOneByNameOrNumber() throws {
        let source =
            Self.twoViews + """

                #Preview("Home") { Home() }
                #Preview { Settings() }
                struct Legacy_Previews: PreviewProvider {
                    static var previews: some View { Home() }
                }
                """
        let text = message { _ = try translate(source, file: "/tmp/P.swift") }
        #expect(
            text
                == "P.swift has 3 previews: \"Home\", #2 (P.swift:5), \"Legacy_Previews\"; choose one with --preview NAME (or its number)"
        )
        #expect(try translate(source, preview: "2").scene.allNodes.contains { $0.id == "settings" })
        #expect(try translate(source, preview: "Legacy_Previews").scene.allNodes.contains { $0.id == "home" })
        #expect(
            message { _ = try translate(source, file: "/tmp/P.swift", preview: "Away") }.hasPrefix(
                "no preview named \"Away\" in P.swift; its previews:"))
    }

    @Test func noViewAtAll() {
        #expect(
            message { _ = try translate("let x = 1", file: "/tmp/N.swift") }
                == "N.swift declares no SwiftUI View (a struct conforming to View) and no #Preview")
    }

    @Test func viewsOfOtherFilesInTheFolderAreFound() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-swiftui-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try """
        import SwiftUI
        struct Home: View {
            var body: some View { VStack { ShelfRow(title: "Up Next"); Button("Settings") {} } }
        }
        """.write(toFile: dir + "/Home.swift", atomically: true, encoding: .utf8)
        try """
        import SwiftUI
        struct ShelfRow: View {
            let title: String
            var body: some View { HStack { Text(title); Button("See All") {} } }
        }
        """.write(toFile: dir + "/ShelfRow.swift", atomically: true, encoding: .utf8)
        let t = try SwiftUIReader.read([dir + "/Home.swift"])
        #expect(t.scene.allNodes.filter(\.isFocusable).map(\.id) == ["see-all", "settings"])
        #expect(t.items.first { $0.id == "see-all" }?.source.file == dir + "/ShelfRow.swift")
        #expect(t.files == [dir + "/Home.swift", dir + "/ShelfRow.swift"])
        // A folder: both files are read, and there are two views to choose from.
        #expect(message { _ = try SwiftUIReader.read([dir]) }.contains("the sources declare 2 views: Home, ShelfRow"))
        // Ten names at most are said.
        let many = (0..<12).map { "struct A\($0): View { var body: some View { Button(\"\($0)\") {} } }" }
        try (["import SwiftUI"] + many).joined(separator: "\n").write(
            toFile: dir + "/Many.swift", atomically: true, encoding: .utf8)
        #expect(
            message { _ = try SwiftUIReader.read([dir + "/Many.swift"]) }
                == "Many.swift declares 12 views: A0, A1, A2, A3, A4, A5, A6, A7, A8, A9 and 2 more; choose one with --view NAME"
        )
        #expect(try SwiftUIReader.read([dir], options: SwiftUIOptions(view: "Home")).opened == "Home")
        // A name two files share (two targets' folders opened as one) is said with where each is, and the one that
        // opens is said (it was "declare 3 views: Main, Other, Main" and a silent pick).
        let twins = try Tools.temporaryFolder("twins")
        defer { try? FileManager.default.removeItem(atPath: twins) }
        try
            "import SwiftUI\nstruct Main: View { var body: some View { Text(\"a\") } }\nstruct Other: View { var body: some View { Text(\"o\") } }\n"
            .write(toFile: twins + "/A.swift", atomically: true, encoding: .utf8)
        try "import SwiftUI\n\nstruct Main: View { var body: some View { Text(\"b\") } }\n"
            .write(toFile: twins + "/B.swift", atomically: true, encoding: .utf8)
        #expect(
            message { _ = try SwiftUIReader.read([twins]) }
                == "the sources declare 3 views: Main (A.swift:2), Other, Main (B.swift:3); choose one with --view NAME"
        )
        let main = try SwiftUIReader.read([twins], options: SwiftUIOptions(view: "Main"))
        #expect(
            main.warnings.map(\.message) == ["2 views are named Main (A.swift:2, B.swift:3): this one opens"],
            "\(main.warnings)")
    }
}

@Suite(.enabled(if: SwiftUIReader.isAvailable)) struct RuntimeDataTests {
    static let source = """
        import SwiftUI
        final class Library: ObservableObject { @Published var shows: [Show] = [] }
        struct Show: Identifiable { var id: Int; var title: String }
        struct Shelf: View {
            @StateObject private var library = Library()
            var body: some View {
                ScrollView(.horizontal) {
                    HStack {
                        ForEach(library.shows) { show in
                            Button(show.title) {}
                        }
                    }
                }
            }
        }
        """

    @Test func runtimeDataWithoutASidecarShowsSampleRows() throws {
        let t = try translate(Self.source, file: "/tmp/Shelf.swift")
        #expect(t.scene.allNodes.filter(\.isFocusable).count == 3)
        #expect(
            t.warnings.contains {
                $0.message.contains("ForEach over library.shows, which only the running app has: 3 sample rows")
            })
    }

    @Test func theSidecarFillsRuntimeDataAndStartingState() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-sidecar-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.source.write(toFile: dir + "/Shelf.swift", atomically: true, encoding: .utf8)
        try """
        { "data": { "library.shows": [ { "id": 1, "title": "Northern Lights" }, { "id": 2, "title": "Harbour" } ] },
          "expect": [ { "name": "right moves along", "press": ["right"], "focus": ["harbour"] } ] }
        """.write(toFile: dir + "/Shelf.tenfoot-sidecar", atomically: true, encoding: .utf8)
        let t = try SwiftUIReader.read([dir + "/Shelf.swift"])
        #expect(t.scene.allNodes.filter(\.isFocusable).map(\.id) == ["northern-lights", "harbour"])
        #expect(ExpectationRunner.run(t.scene).allSatisfy { $0.passed })
        #expect(t.files.last == dir + "/Shelf.tenfoot-sidecar")
        #expect(t.scene.expectations[0].location == SourceLocation(line: 2, column: 15))
    }

    @Test func sidecarMistakesAreReportedWithTheirPlace() throws {
        let text = message { _ = try Sidecar.parse("{ \"data\": {}, \"expext\": [] }", file: "S.tenfoot-sidecar") }
        #expect(
            text
                == "S.tenfoot-sidecar:1:15: error: unknown key \"expext\" for a sidecar, did you mean \"expect\"? (at expext)"
        )
        // Mistakes in its expect blocks come back at the sidecar's lines.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-sidecar-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "import SwiftUI\nstruct V: View { var body: some View { Button(\"Go\") {} } }\n".write(
            toFile: dir + "/V.swift", atomically: true, encoding: .utf8)
        try "{\n  \"expect\": [\n    { \"press\": [\"rihgt\"], \"focus\": [\"go\"] }\n  ]\n}\n".write(
            toFile: dir + "/V.tenfoot-sidecar", atomically: true, encoding: .utf8)
        let e = message { _ = try SwiftUIReader.read([dir + "/V.swift"]) }
        #expect(
            e
                == "\(dir)/V.tenfoot-sidecar:3:17: error: unknown remote event \"rihgt\", did you mean \"right\"? (at expect[0].press[0])",
            "\(e)")
    }

    @Test func theSidecarIsNeverTakenForAScene() {
        #expect(Sidecar.path(for: "Views/Home.swift") == "Views/Home.tenfoot-sidecar")
        #expect(!Sidecar.fileExtension.hasSuffix("json") && Sidecar.fileExtension != "tenfoot")
    }
}

@Suite(.enabled(if: SwiftUIReader.isAvailable)) struct HostileSourceTests {
    /// Code that refers to itself, or counts to a million, stops with a warning instead of exhausting the stack
    /// or the memory.
    @Test func selfReferenceAndHugeRangesStop() throws {
        let t = try translate(
            """
            import SwiftUI
            struct V: View {
                var count: Int { count + 1 }
                var forever: some View { forever }
                var body: some View {
                    VStack {
                        Text("\\(count)")
                        forever
                        ForEach(0..<1_000_000) { i in Text("Row \\(i)") }
                        Button("Still here") {}
                    }
                }
            }
            """, file: "/tmp/H.swift")
        #expect(t.scene.allNodes.contains { $0.id == "still-here" })
        #expect(t.warnings.contains { $0.message.contains("nested too deeply") })
        #expect(t.warnings.contains { $0.message.contains("ForEach shows its first 10000 rows") })
        #expect(t.scene.allNodes.filter { $0.type == .text }.count <= 10_002)
    }

    /// Views nested past what the written scene may hold open, the view at the scene's 64th level drawn as a
    /// placeholder box and said at its place (they were refused at the scene's 64 levels, or at its JSON reader's 200
    /// for 150 stacks), not at the file's first character.
    @Test func viewsNestedTooDeepAreLocated() throws {
        for depth in [66, 150] {
            let stacks =
                String(repeating: "VStack { ", count: depth) + "Button(\"a\") {}"
                + String(repeating: " }", count: depth)
            let source = "import SwiftUI\nstruct V: View {\n    var body: some View { \(stacks) }\n}\n"
            let t = try translate(source, file: "/tmp/Nest.swift")
            #expect(!t.scene.allNodes.contains { $0.type == .button })
            let cut = try #require(t.cutShort.first)
            #expect(t.cutShort.count == 1)
            #expect(cut.message.hasPrefix("views nested more than 64 deep (a scene's limit): VStack"))
            // At a VStack: each is 9 characters on from the one before, the first at column 27.
            #expect(cut.file == "/tmp/Nest.swift" && cut.location.line == 3)
            #expect(cut.location.column > 27 && (cut.location.column - 27) % 9 == 0)
        }
    }

    /// A conditional-compilation block left open, or a directive that belongs to none, is said as what it is, at the
    /// directive: a missing #endif read as "unexpected code '} }' in unexpected code" at the view's closing braces.
    @Test func unbalancedDirectivesAreSaidAtTheDirective() {
        func view(_ body: String) -> String {
            "import SwiftUI\nstruct V: View {\n var body: some View {\n\(body)\n }\n}\n"
        }
        for (body, said) in [
            ("#if os(tvOS)\nText(\"a\")", "/tmp/D.swift:4:1: error: this #if has no #endif"),
            ("#if os(tvOS)\nText(\"a\")\n#endif\n#endif", "/tmp/D.swift:7:1: error: this #endif closes no #if"),
            ("Text(\"a\")\n#else", "/tmp/D.swift:5:1: error: this #else belongs to no #if"),
            ("Text(\"a\")\n#elseif os(iOS)", "/tmp/D.swift:5:1: error: this #elseif belongs to no #if"),
            // A second #else parses; swiftc refuses it.
            (
                "#if os(tvOS)\nText(\"a\")\n#else\nText(\"b\")\n#else\nText(\"c\")\n#endif",
                "/tmp/D.swift:8:1: error: this #else follows another #else of its #if"
            ),
            // A brace closed inside a branch that was opened before the #if.
            (
                "VStack {\n#if os(tvOS)\nText(\"a\") }\n#else\nText(\"b\") }\n#endif",
                "/tmp/D.swift:6:11: error: unexpected code '}' in a conditional compilation block"
            ),
            (
                "#if os(tvOS) Text(\"a\") #endif",
                "/tmp/D.swift:4:24: error: this #endif does not close its #if: a directive goes on a line of its own"
            ),
        ] {
            let text = message { _ = try translate(view(body), file: "/tmp/D.swift") }
            #expect(text.contains(said), "\(body): \(text)")
        }
        #expect(throws: Never.self) { try translate(view("#if os(tvOS)\nText(\"a\")\n#else\nText(\"b\")\n#endif")) }
        #expect(throws: Never.self) {
            try translate(
                view(
                    "#if os(tvOS)\nText(\"a\")\n#else\nText(\"b\")\n#endif\n#if DEBUG\nText(\"c\")\n#else\nText(\"d\")\n#endif"
                ))
        }
    }

    /// A warning names what the source wrote, each name at most 80 characters: a modifier, a view and a symbol named
    /// with 100,000 were echoed whole.
    @Test func namesInWarningsAreCut() throws {
        let long = String(repeating: "q", count: 5_000)
        let t = try translate(
            "import SwiftUI\nstruct V: View {\n var body: some View {\n  VStack {\n   Text(\"a\").\(long)()\n   \(long)()\n   Image(systemName: \"\(long)\")\n  }\n }\n}\n"
        )
        let messages = t.warnings.map(\.message)
        #expect(messages.count >= 3, "\(messages)")
        for m in messages {
            #expect(m.split(separator: " ").allSatisfy { $0.count <= 80 }, "\(m.prefix(200))")
        }
        #expect(messages.contains { $0.hasPrefix("unknown modifier .\(String(repeating: "q", count: 78))… ") })
    }

    /// A block comment never closed hides the rest of the file without a syntax error: it was read as a file that
    /// "declares no SwiftUI View", or the views after it were silently left out. Said where it opens; nested
    /// comments count, and closed ones at the end are no error.
    @Test func aCommentNeverClosedIsSaidWhereItOpens() {
        let view = "import SwiftUI\nstruct V: View {\n var body: some View { Text(\"a\") }\n}\n"
        for (source, said) in [
            ("/* never\n" + view, "/tmp/C.swift:1:1: error: this /* comment is never closed"),
            (view + "/* the rest\nstruct W: View { var body: some View { Text(\"b\") } }\n", "/tmp/C.swift:5:1: error"),
            (view + "let x = 1 /* a /* b */ c\n", "/tmp/C.swift:5:11: error: this /* comment is never closed"),
        ] {
            let text = message { _ = try translate(source, file: "/tmp/C.swift") }
            #expect(text.contains(said), "\(source): \(text)")
        }
        #expect(throws: Never.self) { try translate(view + "/* a /* b */ c */ /** d */\n") }
    }

    /// Brackets past SwiftParser's 256 levels made "unexpected code" and nothing more: refused at the first one past
    /// 200 with why; 190 levels of stacks open.
    @Test func bracketsPastTheParsersLevelsAreRefusedWithWhy() throws {
        func stacks(_ n: Int) -> String {
            "import SwiftUI\nstruct V: View {\n    var body: some View {\n"
                + String(repeating: "VStack {\n", count: n) + "Text(\"x\")\n" + String(repeating: "}\n", count: n)
                + "    }\n}\n"
        }
        #expect {
            try translate(stacks(300), file: "/tmp/Stacks.swift")
        } throws: { error in
            "\(error)".contains(
                "/tmp/Stacks.swift:202:8: error: brackets ({, ( and [) nested more than 200 deep; TenFoot does not read such code"
            )
        }
        let parens =
            "import SwiftUI\nlet x = " + String(repeating: "(", count: 300) + "1" + String(repeating: ")", count: 300)
        #expect {
            try translate(parens, file: "/tmp/Parens.swift")
        } throws: { error in
            "\(error)".contains("/tmp/Parens.swift:2:209: error: brackets ({, ( and [) nested more than 200 deep")
        }
        // Within them, 190 stacks open: past the scene's 64 levels (the JSON reader's 200 refused the scene written),
        // a placeholder box, and the audit's finding that the screen was read in part.
        let deep = try translate(stacks(190), file: "/tmp/Stacks.swift")
        #expect(!deep.scene.allNodes.contains { $0.type == .text })
        #expect(deep.scene.allNodes.contains { $0.type == .card && $0.title == "VStack" })
        #expect(
            deep.cutShort.map(\.description) == [
                "/tmp/Stacks.swift:67:1: warning: views nested more than 64 deep (a scene's limit): VStack and what it holds are drawn as a placeholder box"
            ])
        #expect(try translate(stacks(60), file: "/tmp/Stacks.swift").scene.allNodes.contains { $0.type == .text })
    }

    /// Square brackets nested past the limit (the fuzzer's find: SwiftParser took minutes on `[[[[…ZStack[[[[…`)
    /// are refused at the bracket before parsing; in comments and strings they are text.
    @Test func deeplyNestedBracketsAreRefusedBeforeParsing() throws {
        let deep = String(repeating: "[", count: 40) + "ZStack" + String(repeating: "[", count: 40)
        let source =
            "import SwiftUI\nstruct V: View {\n    var body: some View { Text(\"a\") }\n    func f() {\n        \(deep): x\n    }\n}\n"
        #expect {
            try translate(source, file: "/tmp/Deep.swift")
        } throws: { error in
            "\(error)".contains("/tmp/Deep.swift:5:21: error: square brackets nested more than 12 deep")
        }
        // A carriage return ends a one-line string and a line comment, as a line feed does (a fuzzed file hid its
        // brackets behind one, and the parser took minutes).
        for opening in ["let s = \"x", "// a note"] {
            let source =
                "import SwiftUI\nstruct V: View {\n    var body: some View { Text(\"a\") }\n    func f() {\n        \(opening)\r        \(deep): x\n    }\n}\n"
            #expect {
                try translate(source, file: "/tmp/CR.swift")
            } throws: { error in
                "\(error)".contains("/tmp/CR.swift:6:21: error: square brackets nested more than 12 deep")
            }
        }
        // What the lexer reads as literal text or a name, as the parser will: a raw string (no escape in it), a regex
        // literal and a name in backticks holding a quote hid the rest of their line from a guard of its own (24
        // brackets after one took minutes; 100,000 generics overflowed the parser's stack).
        for opening in [
            ##"let s = #"abc\"#;"##, #"let r = /a"/;"#, ##"let r = #/a"/#;"##, #"let `a"` = 1;"#,
            "let s = ##\"\"\"\n\"\"\"#\n\"\"\"##;",
        ] {
            let source =
                "import SwiftUI\nstruct V: View {\n    var body: some View { Text(\"a\") }\n    func f() {\n        \(opening) \(deep): x\n    }\n}\n"
            let line = 5 + opening.filter { $0 == "\n" }.count
            #expect {
                try translate(source, file: "/tmp/Hidden.swift")
            } throws: { error in
                "\(error)".contains("/tmp/Hidden.swift:\(line):")
                    && "\(error)".contains("square brackets nested more than 12 deep")
            }
            let generics =
                "let x: " + String(repeating: "A<", count: 100_000) + "Int" + String(repeating: ">", count: 100_000)
            #expect {
                try translate(source.replacingOccurrences(of: deep + ": x", with: generics), file: "/tmp/Generic.swift")
            } throws: { error in
                "\(error)".contains("generic")
            }
        }
        let harmless =
            "import SwiftUI\n// \(deep)\nstruct V: View {\n    var body: some View { Text(\"\(deep)\") }\n}\n"
        #expect(try translate(harmless, file: "/tmp/Harmless.swift").scene.allNodes.contains { $0.type == .text })
        // Brackets in raw strings, regex literals and names are text, however many.
        let literals =
            "import SwiftUI\nstruct V: View {\n    let r = /\(deep)/\n    let `\(deep)` = 1\n    var body: some View { Text(#\"\(deep)\\\"#) }\n}\n"
        #expect(try translate(literals, file: "/tmp/Literals.swift").scene.allNodes.contains { $0.type == .text })
        let grid =
            "import SwiftUI\nstruct V: View {\n    let rows = [[[1]], [[2]]]\n    var body: some View { Text(\"a\") }\n}\n"
        #expect(try translate(grid, file: "/tmp/Grid.swift").scene.allNodes.contains { $0.type == .text })
        // Nests within the limit add up: 200 lines of twelve took 7 s. About 8,190 each, 400,000 in all.
        func nests(_ n: Int) -> String {
            let type = String(repeating: "[", count: 12) + "Int" + String(repeating: "]", count: 12)
            let lines = (0..<n).map { "    let a\($0): \(type) = []" }.joined(separator: "\n")
            return "import SwiftUI\nstruct V: View {\n\(lines)\n    var body: some View { Text(\"a\") }\n}\n"
        }
        #expect(try translate(nests(40), file: "/tmp/Nests.swift").scene.allNodes.contains { $0.type == .text })
        // Generics inside square brackets count as the brackets do: 12 `[` around 64 `A<` took 4.5 s a line, and 40
        // such lines were within the brackets' budget.
        let generic =
            String(repeating: "[", count: 12) + String(repeating: "A<", count: 64) + "Int"
            + String(repeating: ">", count: 64) + String(repeating: "]", count: 12)
        let lines = (0..<3).map { "    let g\($0) = \(generic)()" }.joined(separator: "\n")
        #expect {
            try translate(
                "import SwiftUI\nstruct V: View {\n\(lines)\n    var body: some View { Text(\"a\") }\n}\n",
                file: "/tmp/Generic.swift")
        } throws: { error in
            "\(error)".contains("/tmp/Generic.swift:4:")
                && "\(error)".contains("square brackets nested this deep this often")
        }
        #expect {
            try translate(nests(60), file: "/tmp/Nests.swift")
        } throws: { error in
            "\(error)".contains("/tmp/Nests.swift:51:")
                && "\(error)".contains("square brackets nested this deep this often")
        }
    }

    /// An app's folder past the read cost opens at its `@main` App, the other files read as the App needs them (a real
    /// app of 294 files, 484,000 tokens, was refused whole); what it does not need is never parsed.
    @Test func anAppPastTheReadCostOpensAtItsApp() throws {
        let dir = try Tools.temporaryFolder("readcost-app")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/Views", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/Data", withIntermediateDirectories: true)
        try "import SwiftUI\n\n@main\nstruct Big: App {\n    var body: some Scene { WindowGroup { Home() } }\n}\n"
            .write(
                toFile: dir + "/BigApp.swift", atomically: true, encoding: .utf8)
        try
            "import SwiftUI\nstruct Home: View { var body: some View { VStack { Button(\"Play\") {}; Button(\"More\") {} } } }\n"
            .write(toFile: dir + "/Views/Home.swift", atomically: true, encoding: .utf8)
        let lines = (0..<6_000).map { "let a\($0) = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]" }.joined(separator: "\n")
        for k in 0..<3 {
            try "func g\(k)() {\n\(lines)\n}\n".write(
                toFile: dir + "/Data/N\(k).swift", atomically: true, encoding: .utf8)
        }
        let t = try SwiftUIReader.read([dir])
        #expect(t.opened == "Big")
        #expect(t.scene.allNodes.compactMap(\.title) == ["Play", "More"])
        #expect(t.files.map { ($0 as NSString).lastPathComponent } == ["BigApp.swift", "Home.swift"])
        #expect(
            t.warnings.map(\.message).contains {
                $0.hasSuffix(
                    "TenFoot parses at most 400000 at once (each file counts 100): the app opens at its App, the other files read as it needs them"
                )
            })
        // A `@main` only in a comment's text, not at a line's start, is no App: refused as before.
        try "import SwiftUI\n// not @main\nstruct Big: App { var body: some Scene { WindowGroup { Home() } } }\n".write(
            toFile: dir + "/BigApp.swift", atomically: true, encoding: .utf8)
        #expect {
            try SwiftUIReader.read([dir])
        } throws: { error in
            "\(error)".contains("tokens of Swift together; TenFoot parses at most 400000 at once")
        }
    }

    /// A translation parses at most `SourceLimits.maxReadCost` of Swift, all its files together: a folder past it is
    /// refused before any is parsed (24 files of 320 KB took 40 s and 1.7 GB).
    @Test func aFolderPastTheReadCostIsRefusedBeforeParsing() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-readcost-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "import SwiftUI\nstruct V: View { var body: some View { Button(\"v\") {} } }\n".write(
            toFile: dir + "/V.swift", atomically: true, encoding: .utf8)
        let lines = (0..<6_000).map { "let a\($0) = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]" }.joined(separator: "\n")
        for k in 0..<3 {
            try "func g\(k)() {\n\(lines)\n}\n".write(toFile: dir + "/N\(k).swift", atomically: true, encoding: .utf8)
        }
        #expect {
            try SwiftUIReader.read([dir])
        } throws: { error in
            "\(error)".contains("tokens of Swift together; TenFoot parses at most 400000 at once")
        }
        // The view's file alone reads no neighbour it does not need.
        #expect(try SwiftUIReader.read([dir + "/V.swift"]).scene.allNodes.contains { $0.type == .button })
        // Square brackets add up over the files too: two files of 30 nests of twelve, each under the budget alone.
        let type = String(repeating: "[", count: 12) + "Int" + String(repeating: "]", count: 12)
        let nests = (0..<30).map { "let b\($0): \(type) = []" }.joined(separator: "\n")
        for k in 0..<3 { try FileManager.default.removeItem(atPath: dir + "/N\(k).swift") }
        for k in 0..<2 {
            try "struct S\(k) {\n\(nests)\n}\n".write(toFile: dir + "/S\(k).swift", atomically: true, encoding: .utf8)
        }
        #expect(
            try SwiftUIReader.read([dir + "/S0.swift", dir + "/V.swift"]).scene.allNodes.contains { $0.type == .button }
        )
        #expect {
            try SwiftUIReader.read([dir])
        } throws: { error in
            "\(error)".contains("S1.swift:") && "\(error)".contains("square brackets nested this deep this often")
        }
    }

    /// A modifier that applies itself is applied twice over, with a warning: `content.modifier(Z()).modifier(Z())`
    /// made 2^24 applications within the step budget, 12 s and 550 MB; an extension function likewise.
    @Test func modifiersThatApplyThemselvesStop() throws {
        for (source, name) in [
            (
                "struct Z: ViewModifier { func body(content: Content) -> some View { content.modifier(Z()).modifier(Z()) } }\nstruct V: View { var body: some View { Button(\"x\") {}.modifier(Z()) } }",
                "Z"
            ),
            (
                "extension View { func z() -> some View { self.padding().z().padding().z() } }\nstruct V: View { var body: some View { Button(\"x\") {}.z() } }",
                "z"
            ),
        ] {
            let t = try translate("import SwiftUI\n" + source + "\n", file: "/tmp/Z.swift")
            #expect(t.scene.allNodes.contains { $0.type == .button })
            #expect(t.warnings.contains { $0.message.hasPrefix("\(name) applies itself") }, "\(t.warnings)")
            #expect(!t.warnings.contains { $0.message.contains("stopped reading") })
        }
    }

    /// What traps in the app is no value in the reader, never a trap of the reader: `Int(_:)` of a Double past
    /// Int's range, `Int.min / -1`, `-Int.min`, the count of a range over all of Int, negative counts to `prefix`
    /// and its kin; an adaptive grid item of no width is one column.
    @Test func conversionsOutOfRangeAreNoValue() throws {
        let t = try translate(
            """
            import SwiftUI
            struct V: View {
                var n: Int { let d = 1e19; return Int(d) }
                var body: some View {
                    VStack {
                        Text("\\(Int(1e300)) \\(Int(-9.3e18)) \\(Int(Float(1e30))) \\(String(format: "%d", 1e300))")
                        Text("\\(n) \\([1, 2, 3][Int(1e19)])")
                        Text("\\((-9223372036854775807 - 1) / -1) \\((-9223372036854775807 - 1) % -1)")
                        Text("\\(-(-9223372036854775807 - 1)) \\((-9223372036854775807...9223372036854775807).count)")
                        Text("\\([1, 2, 3].prefix(-1)) \\([1, 2, 3].suffix(-1)) \\([1, 2].dropLast(-1)) \\([1].dropFirst(-5))")
                        LazyVGrid(columns: [GridItem(.adaptive(minimum: -40))]) { Button("In the grid") {} }
                    }
                }
            }
            """, file: "/tmp/Convert.swift")
        #expect(t.scene.allNodes.contains { $0.title == "In the grid" })
    }

    /// What makes the parser's lookahead slow is refused before parsing, at its place: unclosed `\(` (cubic: 1,000
    /// took minutes), `<` inside an interpolation (it was not counted), and a long run of `<` and `>` (quadratic:
    /// 50,000 pairs took 24 s). Interpolations nested a few deep, comparisons and generics still open.
    @Test func slowLookaheadIsRefusedBeforeParsing() throws {
        func view(_ body: String) -> String {
            "import SwiftUI\nstruct V: View {\n    let a = 1\n    let b = 2\n    var body: some View {\n        \(body)\n    }\n}\n"
        }
        let cases = [
            ("Text(\"" + String(repeating: "\\(", count: 300), "6:47: error: more than 16 `\\(` open at once"),
            ("Text(" + String(repeating: "\\(", count: 300), "6:46: error: more than 16 `\\(` open at once"),
            ("Text(\"\\(" + String(repeating: "a<", count: 100) + "b)\")", "6:146: error: generic angle brackets"),
            (
                "let q = " + Array(repeating: "a < a >", count: 300).joined(separator: " ") + " a",
                "6:2067: error: more than 256 `<` in one expression"
            ),
            // Backtick names were not names to the count (50,000 pairs: 26 s).
            (
                "let q = " + Array(repeating: "`a` < `a` >", count: 300).joined(separator: " ") + " `a`",
                "6:3093: error: more than 256 `<` in one expression"
            ),
            // Nested `#if` (15,000: 21 s); 64 open, and any number one after another, are read.
            (
                String(repeating: "#if A\n", count: 65) + "Text(\"x\")" + String(repeating: "\n#endif", count: 65),
                "70:1: error: more than 64 `#if` open at once"
            ),
        ]
        for (body, words) in cases {
            #expect {
                try translate(view(body), file: "/tmp/Slow.swift")
            } throws: { error in
                "\(error)".contains("/tmp/Slow.swift:" + words)
            }
        }
        let fine = view(
            #"Text("\(a) and \("\(b) \("\(a < b ? "x" : "y")")") \(Dictionary<String, Array<Int>>().count)")"#)
        #expect(try translate(fine, file: "/tmp/Fine.swift").scene.allNodes.contains { $0.type == .text })
        for ifs in [
            String(repeating: "#if os(tvOS)\n", count: 64) + "Text(\"x\")" + String(repeating: "\n#endif", count: 64),
            "VStack {\n"
                + String(repeating: "#if os(tvOS)\nText(\"x\")\n#elseif DEBUG\nText(\"y\")\n#endif\n", count: 500)
                + "}",
        ] {
            #expect(try translate(view(ifs), file: "/tmp/Ifs.swift").scene.allNodes.contains { $0.type == .text })
        }
    }

    /// What a thread's stack cannot walk is refused with its place, never a crash: 100,000 chained modifiers
    /// (a syntax tree 100,000 deep, which SwiftSyntax's recursive walks overflowed) and 100,000 generic angle
    /// brackets (which SwiftParser itself recursed into); a chain of 800 modifiers, deep but within the
    /// limit, opens, and `a<b` comparisons on a line are not generics.
    @Test func codeNestedBeyondTheStackIsRefusedWithItsPlace() throws {
        func source(_ body: String) -> String {
            "import SwiftUI\nstruct V: View {\n    var body: some View {\n        \(body)\n    }\n}\n"
        }
        #expect {
            try translate(source("Text(\"x\")" + String(repeating: ".padding()", count: 100_000)), file: "/tmp/M.swift")
        } throws: { error in
            "\(error)".contains("/tmp/M.swift:4:9: error: code nested more than 2000 levels deep")
        }
        let generic = "let z: " + String(repeating: "A<", count: 100_000) + "B" + String(repeating: ">", count: 100_000)
        #expect {
            try translate(source(generic + "? = nil\n        Text(\"x\")"), file: "/tmp/G.swift")
        } throws: { error in
            "\(error)".contains(
                "/tmp/G.swift:4:145: error: generic angle brackets (or comparisons that read as them) nested more than 64 deep"
            )
        }
        // The attack's variants: a space before each `<`, one `<` a line, 100,000 comparisons `a < a < …` (each
        // crashed SwiftParser's lookahead for generic arguments).
        for (name, text) in [
            ("S", "let z: " + String(repeating: "A <", count: 100_000) + "B"),
            ("N", "let z: " + String(repeating: "A<\n", count: 100_000) + "B"),
            ("C", "let z = " + String(repeating: "a < ", count: 100_000) + "b"),
        ] {
            #expect {
                try translate(source(text + "\n        Text(\"x\")"), file: "/tmp/\(name).swift")
            } throws: { error in
                "\(error)".contains("/tmp/\(name).swift:") && "\(error)".contains("nested more than 64 deep")
            }
        }
        let chain = try translate(
            source("Text(\"x\")" + String(repeating: ".padding(1)", count: 800)), file: "/tmp/C.swift")
        #expect(chain.scene.allNodes.contains { $0.type == .text })
        let comparisons = source(
            "let ok = " + Array(repeating: "a<b", count: 100).joined(separator: " && ") + "\n        Text(\"x\")")
        #expect(try translate(comparisons, file: "/tmp/L.swift").scene.allNodes.contains { $0.type == .text })
    }
}

extension HostileSourceTests {
    /// Work that multiplies — a view that builds itself three times over, `ForEach` inside `ForEach` over
    /// large ranges, loops inside loops — stops at the reader's budgets (views made, steps of evaluation),
    /// counted over every pass and trial, with one warning at the place it stopped; the screen keeps what was
    /// built before it.
    @Test func workThatMultipliesStopsAtTheBudgetWithItsPlace() throws {
        let fan = try translate(
            """
            import SwiftUI
            struct Fan: View {
                let d: Int
                var body: some View {
                    if d > 0 {
                        HStack { Fan(d: d - 1); Fan(d: d - 1); Fan(d: d - 1) }
                    } else {
                        Button("x") {}
                    }
                }
            }
            struct V: View {
                var body: some View { Fan(d: 14) }
            }
            """, file: "/tmp/Fan.swift")
        #expect(fan.scene.allNodes.count <= 12_010)
        #expect(fan.scene.allNodes.contains { $0.type == .button })
        let fanCut = try #require(fan.warnings.first { $0.message.contains("TenFoot stopped reading the screen") })
        #expect("\(fanCut)".hasPrefix("/tmp/Fan.swift:"), "\(fanCut)")
        #expect(fanCut.message.contains("made more than 12000 views"), "\(fanCut)")

        let grid = try translate(
            """
            import SwiftUI
            struct V: View {
                var body: some View {
                    VStack {
                        ForEach(0..<100_000_000) { i in
                            HStack {
                                ForEach(0..<100_000_000) { j in Button("\\(i) \\(j)") {} }
                            }
                        }
                    }
                }
            }
            """, file: "/tmp/Grid.swift")
        #expect(grid.scene.allNodes.count <= 12_010)
        let gridCut = try #require(grid.warnings.first { $0.message.contains("TenFoot stopped reading the screen") })
        #expect("\(gridCut)".hasPrefix("/tmp/Grid.swift:7:"), "\(gridCut)")

        let loops = try translate(
            """
            import SwiftUI
            struct V: View {
                var total: Int {
                    var x = 0
                    for i in 0..<1000 { for j in 0..<1000 { for k in 0..<1000 { x += i + j + k } } }
                    return x
                }
                var body: some View { Button("Total \\(total)") {} }
            }
            """, file: "/tmp/Loops.swift")
        let loopsCut = try #require(loops.warnings.first { $0.message.contains("TenFoot stopped reading the screen") })
        #expect("\(loopsCut)".hasPrefix("/tmp/Loops.swift:5:"), "\(loopsCut)")
        #expect(loopsCut.message.contains("more than 500000 steps of evaluation"), "\(loopsCut)")
        #expect(loops.warnings.filter { $0.message.contains("TenFoot stopped reading the screen") }.count == 1)
    }
}

extension HostileSourceTests {
    /// A TabView of more tabs than a tab bar holds shows its first 50, with a warning at the TabView.
    @Test func aTabViewOfManyTabsShowsItsFirstFifty() throws {
        let t = try translate(
            """
            import SwiftUI
            struct V: View {
                var body: some View {
                    TabView {
                        ForEach(0..<4000) { i in
                            Text("Page \\(i)").tabItem { Text("Tab \\(i)") }
                        }
                    }
                }
            }
            """, file: "/tmp/Tabs.swift")
        let bar = try #require(t.scene.allNodes.first { $0.type == .tabBar })
        #expect(bar.tabs.count == 50)
        #expect(
            t.warnings.contains { "\($0)".hasPrefix("/tmp/Tabs.swift:4:9: warning: TabView shows its first 50 tabs") },
            "\(t.warnings)")
    }
}

extension HostileSourceTests {
    /// Values stay small: a string or an array doubled 60 times in a loop (which reached 13 GB) stops growing
    /// past 100,000 bytes or 10,001 elements, and loops inside loops end with the evaluation budget.
    /// A comparison chain whose value cannot be worked out keeps its text once: made again at each of 100,000
    /// levels (the whole chain each time), `if a > a > …` took minutes.
    @Test(.timeLimit(.minutes(1))) func aLongChainOfComparisonsIsLinear() throws {
        let chain = Array(repeating: "a", count: 100_000).joined(separator: " > ")
        let t = try translate(
            """
            import SwiftUI
            struct V: View {
                let a = 1
                var body: some View {
                    if \(chain) {
                        Button("Shown") {}
                    }
                }
            }
            """, file: "/tmp/Chain.swift")
        #expect(t.scene.allNodes.contains { $0.title == "Shown" })
    }

    /// A frame's size chosen by a chain of 15,000 flags only the running app knows is the last false branch's,
    /// worked out once down the chain: keeping each level's choice under the whole chain's text hashed 150 KB a
    /// level.
    @Test(.timeLimit(.minutes(1))) func aLongChainOfSizeChoicesIsLinear() throws {
        let chain = (0..<15_000).map { "m.c ? \($0 % 10)" }.joined(separator: " : ") + " : 7"
        let t = try translate(
            """
            import SwiftUI
            struct V: View {
                @ObservedObject var m: Model
                var body: some View {
                    Button("Sized") {}.frame(width: \(chain), height: 40)
                }
            }
            """, file: "/tmp/Sizes.swift")
        let sized = try #require(t.scene.allNodes.first { $0.title == "Sized" })
        #expect(sized.width == .points(7))
    }

    @Test func valuesDoubledInALoopStaySmall() throws {
        let t = try translate(
            """
            import SwiftUI
            struct V: View {
                var s: String { var s = "ab"; for _ in 0..<60 { s = s + s }; return s }
                var a: [Int] { var a = [1]; for _ in 0..<60 { a = a + a }; return a }
                var n: Int { var x: [Int] = []; for i in 0..<1000 { for j in 0..<1000 { x.append(i + j) } }; return x.count }
                var body: some View {
                    VStack {
                        Text(s)
                        Text("\\(a.count) \\(n)")
                        Button("Still here") {}
                    }
                }
            }
            """, file: "/tmp/Grow.swift")
        let text = try #require(t.scene.allNodes.first { $0.type == .text })
        #expect((text.title ?? "").utf8.count <= 100_000)
        #expect(t.warnings.contains { $0.message.contains("steps of evaluation") }, "\(t.warnings)")
    }

    /// Every other way of doubling a string is held to the same 100 KB: interpolation, `joined`, `String(format:)`
    /// and an array's description (the fourth attack: 24 doublings by interpolation took 8.7 s, 40 ran for minutes).
    @Test(arguments: [
        #"a = "\(a)\(a)""#, "a = [a, a].joined()", #"a = String(format: "%@%@", a, a)"#, #"a = "\([a, a])""#,
        #"a = "\(a)x\(a)""#,
    ])
    func everyWayOfDoublingAStringStaysSmall(_ step: String) throws {
        let t = try translate(
            """
            import SwiftUI
            struct V: View {
                var s: String { var a = "ab"; for _ in 0..<40 { \(step) }; return a }
                var body: some View {
                    VStack {
                        Text(s)
                        Button("Still here") {}
                    }
                }
            }
            """, file: "/tmp/Grow.swift")
        #expect(t.scene.allNodes.allSatisfy { ($0.title ?? "").utf8.count <= 100_000 })
        #expect(t.scene.allNodes.contains { $0.title == "Still here" })
    }
}

/// Where each item comes from is listed in tree order, and the rows actions append in the order of their
/// triggers (Select before Play/Pause), never in a dictionary's order, which changes with every process.
@Suite(.enabled(if: SwiftUIReader.isAvailable)) struct AppendedItemOrderTests {
    @Test func appendedRowsAreListedInTriggerOrder() throws {
        let t = try Fixtures.translate("AppendFromTwoTriggers.swift")
        let ids = t.items.map(\.id)
        let added = try #require(ids.firstIndex(of: "added"))
        let paused = try #require(ids.firstIndex(of: "paused"))
        #expect(added < paused, "\(ids)")
    }
}
