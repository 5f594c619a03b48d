// Seed: swiftui-focus-patterns.md, "Ambiguous focus bindings": one enum case bound to two fields; SwiftUI
// picks the first (and warns; `tenfoot audit` reports ambiguous-focus-binding).
import SwiftUI

struct DuplicateBinding: View {
    enum Field: Hashable { case name, email }

    @State private var name = ""
    @State private var fullName = ""
    @FocusState private var focusedField: Field?

    var body: some View {
        VStack(spacing: 30) {
            Button("Edit name") { focusedField = .name }
            TextField("Name", text: $name)
                .focused($focusedField, equals: .name)
            TextField("Full Name", text: $fullName)
                .focused($focusedField, equals: .name)
        }
    }
}
