// Seed: focus-field-chaining.md, "Example: single field focus" (AddServerView): a Bool FocusState set true
// in onAppear puts focus in the only field.
import SwiftUI

struct ServerEntry: View {
    @State private var address = ""
    @FocusState private var addressFocused: Bool

    var body: some View {
        Form {
            TextField("Server address", text: $address)
                .focused($addressFocused)
        }
        .onAppear { addressFocused = true }
    }
}
