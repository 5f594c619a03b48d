// Seed: swiftui-focus-patterns.md, "Default Focus" (.defaultFocus(_:_:priority:)): two fields, default focus on
// the second.
import SwiftUI

struct ContactForm: View {
    enum Field: Hashable { case name, email }

    @State private var name = ""
    @State private var email = ""
    @FocusState private var focusedField: Field?

    var body: some View {
        VStack(spacing: 30) {
            TextField("Name", text: $name)
                .focused($focusedField, equals: .name)
            TextField("Email", text: $email)
                .focused($focusedField, equals: .email)
        }
        .defaultFocus($focusedField, .email)
    }
}
