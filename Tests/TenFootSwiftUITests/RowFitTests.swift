import FocusEngine
import Foundation
import TenFootScene
import TenFootSwiftUI
import TenFootSwiftUIReader
import TestSupport
import Testing

/// A row of a real app's screen fits the screen as SwiftUI fits it: a picture that takes what it is offered fills its
/// tile, texts of data only the running app has are one line shown by the end of their expression, and the texts
/// give way to the logo and the chevron beside them.
@Suite(.enabled(if: SwiftUIReader.isAvailable)) struct RowFitTests {
    func translate(_ source: String) throws -> SwiftUITranslation {
        try TenFootSwiftUITests.translate(source, file: "/nonexistent/tenfoot-rows/View.swift")
    }

    /// HomeRun's channel row: a logo tile, the channel's number and name (runtime data), a chevron.
    @Test func aChannelRowStaysOnTheScreen() throws {
        let t = try translate(
            """
            import SwiftUI
            struct Channel { let guideNumber: String; let guideName: String }
            struct Row: View {
                let channels: [Channel]
                var body: some View {
                    HStack(spacing: 20) {
                        ZStack {
                            RoundedRectangle(cornerRadius: 12).fill(Color.black.opacity(0.85))
                            AsyncImage(url: URL(string: "")) { phase in ProgressView() }
                        }
                        .frame(width: 120, height: 120)
                        VStack(alignment: .leading, spacing: 10) {
                            HStack(spacing: 12) {
                                Text(channels.sorted().first!.guideNumber).font(.system(size: 28, weight: .bold))
                                Text(apiClient.fetchLiveChannels().channels.sorted()[0].guideName)
                                    .font(.system(size: 28, weight: .semibold))
                            }
                            Text("No program information").font(.system(size: 20))
                        }
                        Spacer()
                        Image(systemName: "chevron.right").font(.system(size: 24))
                    }
                    .padding(20)
                }
            }
            """)
        let image = try #require(t.scene.allNodes.first(where: { $0.type == .image && $0.id.hasPrefix("asyncimage") }))
        #expect(image.width == .fill && image.height == .fill)
        let name = try #require(t.scene.allNodes.first(where: { $0.title?.contains("guideName") == true }))
        // `sorted()` keeps the channels' rows, so the data is named as the channels are.
        #expect(name.title == "‹…channels[0].guideName›")
        #expect(name.lineLimit == 1)
        #expect(node(t.scene, "no-program-information")?.lineLimit == nil)

        let placed = LayoutEngine().place(root: t.scene.root)
        func frame(_ id: String) throws -> Rect { try #require(placed.find(id)).frame }
        func all(_ p: PlacedNode) -> [PlacedNode] { [p] + p.children.flatMap(all) }
        let tile = try #require(all(placed).first(where: { $0.node.type == .zstack && $0.node.width == .points(120) }))
        #expect(try frame(image.id) == tile.frame)
        let chevron = try frame("chevron-right")
        #expect(chevron.minX >= 0 && chevron.maxX <= 1920)
        #expect(try frame(name.id).maxX <= chevron.minX)
        #expect(try frame(name.id).height == frame("no-program-information").height * 28 / 20)
    }

    /// An expression longer than 40 characters shows its end; a short one, or one with operators, shows whole.
    @Test func longExpressionsShowTheirEnd() throws {
        let t = try translate(
            """
            import SwiftUI
            struct V: View {
                static let priceFormatter = NumberFormatter()
                var body: some View {
                    VStack {
                        Text(model.title)
                        Text(Self.priceFormatter.string(from: viewModel.store.currentPrice as NSDecimalNumber))
                        Text(apiClient.fetchLiveChannels().channels.sorted()[0].guideNumberWithItsPrefix)
                        Text(firstOperandOfALongSum.value + secondOperandOfALongSum.value)
                    }
                }
            }
            """)
        let texts = t.scene.allNodes.filter { $0.type == .text }.compactMap(\.title)
        #expect(
            texts == [
                "‹model.title›", "‹Self.priceFormatter.string(from: …)›", "‹…channels[0].guideNumberWithItsPrefix›",
                "‹firstOperandOfALongSum.value + secondOperandOfALongSum.value›",
            ])
    }

    /// `.resizable()` pictures and `AsyncImage` take a ZStack's size as its shapes do; framed, they keep the frame's.
    /// A CGFloat's literal arithmetic is floating: `16 / 9` is not Int's 1 (the scene file keeps two decimals).
    @Test func resizablePicturesFillTheirStack() throws {
        let t = try translate(
            """
            import SwiftUI
            struct V: View {
                var body: some View {
                    ZStack {
                        Image("backdrop").resizable().scaledToFill().ignoresSafeArea()
                        VStack {
                            Image("logo").resizable().frame(width: 80, height: 80)
                            Image("wide").resizable().aspectRatio(16 / 9, contentMode: .fit).frame(width: 320)
                            Image("alone").resizable()
                        }
                    }
                }
            }
            """)
        #expect(node(t.scene, "backdrop")?.width == .fill && node(t.scene, "backdrop")?.height == .fill)
        #expect(node(t.scene, "logo")?.width == .points(80) && node(t.scene, "logo")?.height == .points(80))
        #expect(node(t.scene, "wide")?.aspect == 0.56 && node(t.scene, "wide")?.width == .points(320))
        // Not a ZStack's layer: a readable fixed size, as a shape's.
        #expect(node(t.scene, "alone")?.width == nil)
    }

    /// A text field takes the width it is offered (NullFeed's server address under a card's trailing button); a
    /// framed one keeps its frame, and one beside a button shares the row with it.
    @Test func textFieldsTakeTheWidthOffered() throws {
        let t = try translate(
            """
            import SwiftUI
            struct V: View {
                @State private var address = ""
                @State private var name = ""
                var body: some View {
                    VStack(alignment: .leading, spacing: 20) {
                        HStack { Text("Profile"); Spacer(); Button("Switch Profile") {} }
                        TextField("192.168.1.10:8484", text: $address)
                        TextField("Name", text: $name).frame(width: 400)
                        HStack { SecureField("PIN", text: $name); Button("Go") {} }
                    }
                    .padding(40)
                }
            }
            """)
        let placed = LayoutEngine().place(root: t.scene.root)
        func frame(_ id: String) throws -> Rect { try #require(placed.find(id)).frame }
        let address = try frame("192-168-1-10-8484")
        #expect(address.width == 1920 - 2 * 40 - 2 * 80)
        #expect(address.maxX >= (try frame("switch-profile")).midX)
        #expect(try frame("name").width == 400)
        #expect(try frame("pin").maxX < frame("go").minX)
        #expect(try frame("go").maxX <= address.maxX)
        #expect(try frame("pin").width > 700)
        #expect(try focusPath(t.scene, ["down"]) == ["switch-profile", "192-168-1-10-8484"])
    }
}
