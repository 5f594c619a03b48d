// Seed: swiftui-cookbook-for-focus-wwdc23.md, "自定义控件的焦点交互" (RecipeGrid and RatingPicker): a grid of
// capsules focusable for editing, and a row of capsules focusable for activation. Each is one focus target.
import SwiftUI

struct CapsuleGrid: View {
    var body: some View {
        LazyVGrid(columns: [GridItem(), GridItem()]) {
            ForEach(0..<4) { _ in Capsule() }
        }
        .focusable(interactions: .edit)
    }
}

struct CapsuleRating: View {
    var body: some View {
        HStack { Capsule(); Capsule() }
            .focusable(interactions: .activate)
    }
}

struct ControlsPage: View {
    var body: some View {
        VStack(spacing: 80) {
            CapsuleGrid()
            CapsuleRating()
        }
    }
}
