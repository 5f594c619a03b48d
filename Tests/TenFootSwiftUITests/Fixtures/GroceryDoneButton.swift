// Seed: swiftui-cookbook-for-focus-wwdc23.md, "用 FocusState 观察和控制焦点" (GroceryListView): a Bool
// FocusState bound to a field, and a Done button that clears it and is disabled while the field is not focused.
// On tvOS focusing the button unfocuses the field, so the button never takes focus.
import SwiftUI

struct ShoppingEntry: View {
    @FocusState private var isEntryFocused
    @State private var entry = ""

    var body: some View {
        TextField("Item Name", text: $entry)
            .focused($isEntryFocused)

        Button("Done") { isEntryFocused = false }
            .disabled(!isEntryFocused)
    }
}
