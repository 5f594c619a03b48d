// Seed: focus-management-tvos.md, "Making Views Focusable" and "Reacting to Focus": a horizontal scroll of a
// hundred posters made focusable, each styling itself from @Environment(\.isFocused).
import SwiftUI

struct ShelfPoster: View {
    @Environment(\.isFocused) var isFocused

    var body: some View {
        RoundedRectangle(cornerRadius: 8)
            .frame(width: 200, height: 300)
            .scaleEffect(isFocused ? 1.2 : 1)
            .animation(.easeInOut, value: isFocused)
    }
}

struct PosterRow: View {
    var body: some View {
        ScrollView(.horizontal) {
            LazyHStack(spacing: 48) {
                ForEach(0..<100) { index in
                    ShelfPoster()
                        .focusable(true, interactions: .automatic)
                }
            }
        }
    }
}
