// Seed: swiftui-focus-patterns.md, "focused(_:) vs focused(_:equals:) with nested views": a focusable VStack
// bound to .container around a field bound to .field, both through one FocusState.
import SwiftUI

struct NestedFocus: View {
    enum Target: Hashable { case container, field }

    @State private var name = ""
    @FocusState private var target: Target?

    var body: some View {
        VStack(spacing: 40) {
            Button("Above") {}
            VStack {
                TextField("Name", text: $name)
                    .focused($target, equals: .field)
            }
            .focusable()
            .focused($target, equals: .container)
        }
    }
}
