// Seed: swiftui-focus-patterns.md, "@FocusState" (single field, multiple fields): fields bound to one optional
// enum; writing the state moves focus ("Set focusedField = .email to move focus programmatically").
import SwiftUI

struct ProfileFields: View {
    enum Field: Hashable { case name, email, password }

    @State private var name = ""
    @State private var email = ""
    @FocusState private var focusedField: Field?

    var body: some View {
        VStack(spacing: 30) {
            TextField("Name", text: $name)
                .focused($focusedField, equals: .name)
            TextField("Email", text: $email)
                .focused($focusedField, equals: .email)
            Button("Fix email") { focusedField = .email }
        }
    }
}
