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
}
