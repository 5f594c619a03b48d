// Seed: swiftui-focus-patterns.md, "Making Views Focusable" (.focusable(_:)): a custom card made focusable and
// bound to a Bool FocusState, with a delete command (macOS and iOS only: not on tvOS).
import SwiftUI

struct CardBody: View {
    var body: some View {
        VStack {
            Image("card")
                .frame(width: 400, height: 225)
            Text("Weekend Trip")
        }
    }
}

struct DeletableCard: View {
    @FocusState private var isFocused: Bool

    var body: some View {
        CardBody()
            .focusable()
            .focused($isFocused)
            .border(isFocused ? Color.accentColor : .clear)
            .onDeleteCommand { removeCard() }
    }

    private func removeCard() {}
}

struct CardsPage: View {
    var body: some View {
        HStack(spacing: 60) {
            Button("New Card") {}
            DeletableCard()
        }
    }
}
