import FocusEngine
import Foundation
import TenFootCore
import TenFootScene
import TenFootSim
import TenFootSwiftUI
import TenFootSwiftUIReader
import Testing

/// Symbols (`systemImage:`, `Image(systemName:)`, Label), text limits and alignment, and the layout direction
/// through the SwiftUI translator.
@Suite(.enabled(if: SwiftUIReader.isAvailable)) struct TextAndSymbolTests {
    /// A string literal's escapes are read as Swift reads them: `\u{e9}` is "é" (it was shown as the six
    /// characters), `\\n` a backslash and an "n"; a line feed or tab in a label is a space; a raw string keeps its
    /// backslashes; an escape Swift would refuse is kept as written.
    @Test func stringEscapesAreReadAsSwiftReadsThem() throws {
        let t = try translate(
            #"""
            import SwiftUI
            struct V: View {
                var body: some View {
                    VStack {
                        Button("caf\u{e9}") {}
                        Text("a\\nb \"q\" it\'s\ttab\u{1F600}")
                        Text(#"raw \u{e9}"#)
                        Text("bad \u{110000} \u{zz}")
                    }
                }
            }
            """#)
        let titles = t.scene.allNodes.compactMap(\.title)
        #expect(titles.contains("café"), "\(titles)")
        #expect(titles.contains("a\\nb \"q\" it's tab😀"), "\(titles)")
        #expect(titles.contains(#"raw \u{e9}"#), "\(titles)")
        #expect(titles.contains(#"bad \u{110000} \u{zz}"#), "\(titles)")
    }

    /// A string literal past the longest a value holds is cut there, with a warning at the literal; it was no value,
    /// and its text read "nil" with no word said. The text, still past a scene's 4,000 characters, is left out as any
    /// such text is, with the scene's reason.
    @Test func aStringPastTheLongestAValueHoldsIsCutAndSaidSo() throws {
        let long = String(repeating: "é", count: 60_001)
        let t = try translate(
            """
            import SwiftUI
            struct V: View {
                var body: some View {
                    VStack {
                        Text("\(long)")
                        Button("Play") {}
                    }
                }
            }
            """)
        #expect(!t.scene.allNodes.contains { $0.title == "nil" })
        #expect(
            t.warnings.contains {
                $0.message.hasPrefix("a string of more than 100000 bytes: cut there") && $0.location.line == 5
                    && $0.location.column == 18
            }, "\(t.warnings.map(\.message))")
        #expect(t.warnings.contains { $0.message.contains("Text's text left out") })
        // Cut at the last whole character within the limit: "é" of two bytes, and "e" with a combining accent.
        let counts = try translate(
            """
            import SwiftUI
            struct V: View {
                var body: some View {
                    VStack {
                        Text("\\("\(long)".count)")
                        Text("\\("\(String(repeating: "e\u{301}", count: 40_000))".count)")
                    }
                }
            }
            """)
        let titles = counts.scene.allNodes.compactMap(\.title)
        #expect(titles.contains("50000") && titles.contains("33333"), "\(titles)")
    }

    @Test func symbolsBecomeIcons() throws {
        let t = try translate(
            """
            import SwiftUI
            struct V: View {
                var body: some View {
                    VStack {
                        Label("Favourites", systemImage: "heart.fill")
                        Image(systemName: "star.fill")
                        Button("Play", systemImage: "play.fill") {}
                        Button { } label: { Label("Search", systemImage: "magnifyingglass") }
                        Image(systemName: "figure.walk")
                    }
                }
            }
            """)
        let texts = t.scene.allNodes.filter { $0.type == .text }
        #expect(texts.contains { $0.title == "Favourites" && $0.icon == "heart.fill" })
        #expect(texts.contains { $0.title == "" && $0.icon == "star.fill" })
        let buttons = t.scene.allNodes.filter { $0.type == .button }
        #expect(buttons.map(\.icon) == ["play.fill", "magnifyingglass"])
        // Not approximations any more; a name the table lacks is kept (drawn as a generic glyph), with a warning.
        #expect(
            !t.warnings.contains {
                $0.message.contains("approximated: Label") || $0.message.contains("Image(systemName:)")
            })
        #expect(
            t.warnings.contains {
                $0.message.contains(#"the symbol "figure.walk" is not in TenFoot's SF Symbols table"#)
            })
        #expect(texts.contains { $0.icon == "figure.walk" })
    }

    @Test func tabSymbols() throws {
        let t = try translate(
            """
            import SwiftUI
            struct V: View {
                var body: some View {
                    TabView {
                        Text("Home").tabItem { Label("Home", systemImage: "house") }
                        Text("Search").tabItem { Label("Search", systemImage: "magnifyingglass") }
                    }
                }
            }
            """)
        #expect(t.scene.root.tabs.map(\.icon) == ["house", "magnifyingglass"])
        #expect(t.scene.root.tabs.map(\.title) == ["Home", "Search"])
    }

    @Test func lineLimitAlignmentAndDirection() throws {
        let t = try translate(
            """
            import SwiftUI
            struct V: View {
                var body: some View {
                    VStack {
                        Text("A long synopsis").lineLimit(2).multilineTextAlignment(.center)
                        Text("Up to three").lineLimit(1...3)
                        Button("مرحبا") {}
                    }
                    .environment(\\.layoutDirection, .rightToLeft)
                }
            }
            """)
        let texts = t.scene.allNodes.filter { $0.type == .text }
        #expect(texts.first { $0.title == "A long synopsis" }?.lineLimit == 2)
        #expect(texts.first { $0.title == "A long synopsis" }?.textAlignment == .center)
        #expect(texts.first { $0.title == "Up to three" }?.lineLimit == 3)
        #expect(t.scene.layoutDirection == .rightToLeft)
        #expect(!t.warnings.contains { $0.message.contains("environment") })
    }

    /// Text styles scale, `.system(size:)` keeps its size (the lint says so), weights are kept, and a view that
    /// reads `dynamicTypeSize` adapts when translated at a larger size.
    @Test func fontsAndTheTextSize() throws {
        let source = """
            import SwiftUI
            struct V: View {
                @Environment(\\.dynamicTypeSize) var size
                var body: some View {
                    let layout = size.isAccessibilitySize ? AnyLayout(VStackLayout()) : AnyLayout(HStackLayout())
                    VStack {
                        Text("Fixed").font(.system(size: 40, weight: .semibold))
                        Text("Styled").font(.title3)
                        Text("Chained").font(.headline.weight(.regular))
                        Text("Custom").font(.custom("Avenir", size: 30, relativeTo: .caption))
                        Text("Bold").bold()
                        Button("Play") {}.font(.callout).fontWeight(.heavy)
                        layout {
                            Button("A") {}
                            Button("B") {}
                        }
                    }
                }
            }
            """
        let t = try translate(source)
        let texts = Dictionary(uniqueKeysWithValues: t.scene.allNodes.compactMap { n in n.title.map { ($0, n) } })
        #expect(texts["Fixed"]?.fontSize == 40 && texts["Fixed"]?.fontBold == true && texts["Fixed"]?.textStyle == nil)
        #expect(texts["Styled"]?.textStyle == .title3 && texts["Styled"]?.fontSize == nil)
        #expect(texts["Chained"]?.textStyle == .headline && texts["Chained"]?.fontBold == false)
        #expect(texts["Custom"]?.textStyle == .caption1 && texts["Custom"]?.fontSize == nil)
        #expect(texts["Bold"]?.fontBold == true)
        #expect(texts["Play"]?.textStyle == .callout && texts["Play"]?.fontBold == true)
        #expect(SceneLint.findings(t.scene).filter { $0.code == "fixed-text-size" }.count == 1)
        func rowOfAB(_ scene: Scene) -> Bool {
            let engine = LayoutEngine(textSize: scene.textSize)
            let placed = engine.place(root: scene.root)
            func frame(_ p: PlacedNode, _ title: String) -> Rect? {
                if p.node.title == title, p.type == .button { return p.frame }
                return p.children.lazy.compactMap { frame($0, title) }.first
            }
            return frame(placed, "A")!.minY == frame(placed, "B")!.minY
        }
        #expect(rowOfAB(t.scene))
        let big = try SwiftUIReader.read(
            source: source, file: "/tmp/View.swift",
            options: SwiftUIOptions(readsSidecar: false, dynamicTypeSize: "accessibility2"))
        #expect(!rowOfAB(big.scene))
        // Only such a screen need be read again at another size (`audit --accessibility` reads the others once).
        #expect(t.readsTextSize && big.readsTextSize)
        let plain = try translate(
            source.replacingOccurrences(
                of: "@Environment(\\.dynamicTypeSize) var size", with: "let size = DynamicTypeSize.large"))
        #expect(!plain.readsTextSize && rowOfAB(plain.scene))
    }

    /// `.dynamicTypeSize(_:)` with a size or any range spelling is the node's `dynamicTypeSize`; nested modifiers
    /// compose as SwiftUI's do; sizes below Large are Large; what is not a size is left alone (and said).
    @Test func dynamicTypeSizeLimits() throws {
        let t = try translate(
            """
            import SwiftUI
            struct V: View {
                let cap = DynamicTypeSize.xxLarge
                var body: some View {
                    VStack {
                        Text("Capped").dynamicTypeSize(...DynamicTypeSize.xxLarge)
                        Text("Range").dynamicTypeSize(.xSmall ... .accessibility2)
                        Text("HalfOpen").dynamicTypeSize(.large ..< .accessibility1)
                        Text("Floor").dynamicTypeSize(.accessibility1...)
                        Text("One").dynamicTypeSize(.xLarge)
                        Text("Variable").dynamicTypeSize(...cap)
                        Text("Nested").dynamicTypeSize(.xLarge ... .accessibility2).dynamicTypeSize(...DynamicTypeSize.xxLarge)
                        Text("Unknown").dynamicTypeSize(mystery)
                    }
                }
            }
            """)
        let texts = Dictionary(uniqueKeysWithValues: t.scene.allNodes.compactMap { n in n.title.map { ($0, n) } })
        #expect(texts["Capped"]?.dynamicTypeSize == TextSizeRange(.large, .xxLarge))
        #expect(texts["Range"]?.dynamicTypeSize == TextSizeRange(.large, .accessibility2))
        #expect(texts["HalfOpen"]?.dynamicTypeSize == TextSizeRange(.large, .xxxLarge))
        #expect(texts["Floor"]?.dynamicTypeSize == TextSizeRange(.accessibility1, .accessibility5))
        #expect(texts["One"]?.dynamicTypeSize == TextSizeRange(.xLarge, .xLarge))
        #expect(texts["Variable"]?.dynamicTypeSize == TextSizeRange(.large, .xxLarge))
        #expect(texts["Nested"]?.dynamicTypeSize == TextSizeRange(.xLarge, .xxLarge))
        #expect(texts["Unknown"]?.dynamicTypeSize == nil)
    }

    /// The accessibility modifiers are the scene's accessibility keys, and VoiceOver says them.
    @Test func accessibilityModifiers() throws {
        let t = try translate(
            """
            import SwiftUI
            struct V: View {
                var body: some View {
                    VStack {
                        Button("Play") {}
                            .accessibilityHint("Starts the first episode")
                            .accessibilityValue("Episode 3")
                        Button {} label: { Image(systemName: "heart") }
                            .accessibilityLabel("Favourite")
                            .accessibilityAddTraits([.isSelected, .isHeader])
                        VStack {
                            Text("Northern Lights")
                            Text("4.8").accessibilitySortPriority(2)
                            Image(systemName: "star").accessibilityHidden(true)
                            Button("Watch") {}
                        }
                        .accessibilityElement(children: .combine)
                    }
                }
            }
            """)
        let play = try #require(node(t.scene, "play"))
        #expect(play.accessibilityHint == "Starts the first episode" && play.accessibilityValue == "Episode 3")
        let sim = try Simulator(scene: t.scene)
        #expect(sim.announcement(for: "play")?.text == "Play, Episode 3, button. Starts the first episode")
        let fav = try #require(t.scene.allNodes.first { $0.accessibilityLabel == "Favourite" })
        #expect(fav.accessibilityTraits == [.selected, .header])
        #expect(sim.announcement(for: fav.id)?.text == "Selected, Favourite, button, heading")
        #expect(t.scene.allNodes.contains { $0.accessibilityElement == .combine })
        #expect(sim.announcement(for: "watch")?.text == "4.8, Northern Lights, Watch, button")
    }

    /// A sidecar accepts audit findings as a scene file does; each acceptance is where the sidecar has it.
    @Test func aSidecarAcceptsFindings() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tenfoot-sidecar-audit-\(UUID().uuidString)"
        )
        .path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try """
        import SwiftUI
        struct Price: View {
            var body: some View {
                VStack {
                    Text("£4.99").font(.system(size: 40))
                    Button("Rent") {}
                }
            }
        }
        """.write(toFile: dir + "/Price.swift", atomically: true, encoding: .utf8)
        try """
        {
          "audit": {"accept": [
            {"finding": "fixed-text-size", "reason": "The price keeps its size on purpose."}
          ]}
        }
        """.write(toFile: dir + "/Price.tenfoot-sidecar", atomically: true, encoding: .utf8)
        let t = try SwiftUIReader.read([dir + "/Price.swift"])
        let a = try #require(t.scene.auditAcceptances.first)
        #expect(a.finding == "fixed-text-size" && a.reason == "The price keeps its size on purpose.")
        #expect(a.file == dir + "/Price.tenfoot-sidecar" && a.location.line == 3, "\(a)")
    }
}
