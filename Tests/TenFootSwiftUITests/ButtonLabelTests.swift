import Foundation
import TenFootScene
import TenFootSwiftUI
import TenFootSwiftUIReader
import Testing

/// Buttons whose label is a row of views (a thumbnail beside its texts): the label laid out as the app lays it out and
/// drawn on the button, instead of a card the thumbnail's size.
@Suite(.enabled(if: SwiftUIReader.isAvailable)) struct ButtonLabelTests {
    func translate(_ source: String) throws -> SwiftUITranslation {
        try TenFootSwiftUITests.translate(source, file: "/nonexistent/tenfoot-labels/View.swift")
    }

    /// A thumbnail beside texts makes the label the button, in the style the modifier gives (the standard one
    /// unless told); a picture of an icon's size beside a title, or artwork above its caption, does not.
    @Test func aRowLabelIsTheButton() throws {
        let t = try translate(
            """
            import SwiftUI
            struct V: View {
                var body: some View {
                    VStack {
                        Button { } label: {
                            HStack(spacing: 24) {
                                Color.blue.frame(width: 240, height: 135)
                                VStack(alignment: .leading) { Text("Episode one"); Text("24 min") }
                                Spacer()
                            }
                            .padding(18)
                        }
                        Button { } label: {
                            HStack { Image("thumb").frame(width: 240, height: 135); Text("On a card") }
                        }
                        .buttonStyle(.card)
                        Button { } label: {
                            HStack { Rectangle().frame(width: 160, height: 90); Text("Plain") }
                        }
                        .buttonStyle(.plain)
                        Button { } label: { HStack { Image("icon").frame(width: 40, height: 40); Text("Iconic") } }
                        Button { } label: { VStack { Image("poster").frame(width: 250, height: 375); Text("Poster") } }
                    }
                }
            }
            """)
        let row = try #require(node(t.scene, "episode-one"))
        #expect(row.type == .hstack && row.buttonStyle == .bordered && row.isFocusable)
        #expect(row.title == "Episode one" && row.spacing == 24 && row.padding.leading == 18)
        #expect(row.children.map(\.type) == [.image, .vstack, .spacer])
        #expect(node(t.scene, "on-a-card")?.buttonStyle == .card)
        #expect(node(t.scene, "plain")?.buttonStyle == .plain)
        #expect(node(t.scene, "iconic")?.type == .button)
        #expect(node(t.scene, "poster")?.type == .poster)
        // The texts inside are content: the row is the one item.
        let items = t.scene.allNodes.filter { $0.isFocusable }.map(\.id)
        #expect(items == ["episode-one", "on-a-card", "plain", "iconic", "poster"])
    }
}
