// Seed: focus-management-tvos.md, "Default Focus (watchOS and tvOS)": a focus scope where the email field
// prefers default focus while the credentials are empty and the login button once they are filled; the reset
// button clears them and calls resetFocus(in:).
import SwiftUI

struct CredentialsForm: View {
    @Namespace private var formScope
    @Environment(\.resetFocus) var resetFocus
    @State private var email = ""
    @State private var password = ""
    @State private var hasFilledCredentials = false

    var body: some View {
        VStack(spacing: 30) {
            TextField("email", text: $email)
                .prefersDefaultFocus(!hasFilledCredentials, in: formScope)
            SecureField("password", text: $password)
            Button("login") {}
                .prefersDefaultFocus(hasFilledCredentials, in: formScope)
            Button("reset credentials") {
                hasFilledCredentials = false
                resetFocus(in: formScope)
            }
        }
        .focusScope(formScope)
    }
}
