// Seed: swiftui-focus-patterns.md, ".focusable(_:interactions:)" (MyTapGestureView): a tap-gesture view made
// focusable for activation, like a button. On tvOS the tap is the remote's select.
import SwiftUI

struct TapTile: View {
    let title: String
    let onTap: () -> Void

    var body: some View {
        Text(title)
            .padding()
            .onTapGesture(perform: onTap)
    }
}

struct TapTiles: View {
    @State private var lastTapped = ""

    var body: some View {
        HStack(spacing: 60) {
            TapTile(title: "Play") { lastTapped = "Play" }
                .focusable(interactions: .activate)
            TapTile(title: "Rewind") { lastTapped = "Rewind" }
                .focusable(interactions: .activate)
        }
    }
}
