// Seed: swiftui-focus-patterns.md, "Focus Effects" (.focusEffectDisabled): a focusable card without the system
// effect, drawing its own ring.
import SwiftUI

struct RingCard: View {
    @FocusState private var focused: Bool

    var body: some View {
        Image("ring-card")
            .frame(width: 400, height: 225)
            .focusable()
            .focused($focused)
            .focusEffectDisabled()
            .overlay {
                RoundedRectangle(cornerRadius: 20).stroke(focused ? Color.white : .clear, lineWidth: 6)
            }
    }
}
