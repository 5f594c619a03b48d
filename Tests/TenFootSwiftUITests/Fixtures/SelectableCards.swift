// Seed: focus-engine-skill.md, "Focusable Interactions" (SelectableCard): a plain-style button whose label is
// a rounded rectangle with a title, made focusable for activation and bound to its own Bool FocusState.
import SwiftUI

struct PickCard: View {
    let title: String
    let onPick: () -> Void
    @FocusState private var isFocused: Bool

    var body: some View {
        Button(action: onPick) {
            RoundedRectangle(cornerRadius: 12)
                .fill(isFocused ? Color.accentColor.opacity(0.15) : .clear)
                .frame(width: 300, height: 180)
                .overlay { Text(title) }
        }
        .buttonStyle(.plain)
        .focusable(interactions: .activate)
        .focused($isFocused)
    }
}

struct CardRow: View {
    @State private var picked = "none"

    var body: some View {
        HStack(spacing: 60) {
            PickCard(title: "Morning") { picked = "Morning" }
            PickCard(title: "Evening") { picked = "Evening" }
            PickCard(title: "Night") { picked = "Night" }
        }
    }
}
