// Seed: swiftui-focus-patterns.md, "Missing .focusable() for non-text views": a custom view bound with
// .focused() but never made focusable does not take focus.
import SwiftUI

struct Badge: View {
    var body: some View {
        Circle().frame(width: 120, height: 120)
    }
}

struct BadgeRow: View {
    @FocusState private var badgeFocused: Bool

    var body: some View {
        HStack(spacing: 60) {
            Button("Continue") {}
            Badge()
                .focused($badgeFocused)
            Button("Show badge") { badgeFocused = true }
        }
    }
}
