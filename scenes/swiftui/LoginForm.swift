// Gallery: a sign-in screen whose fields chain with a FocusState. The screen opens on the e-mail field;
// submitting it moves focus to the password, submitting that moves to Sign In. "Forgot Password?" sits
// beside Sign In.
import SwiftUI

struct LoginForm: View {
    enum Field: Hashable {
        case email
        case password
        case signIn
    }

    @State private var email = ""
    @State private var password = ""
    @State private var signingIn = false
    @FocusState private var focus: Field?

    var body: some View {
        VStack(spacing: 50) {
            Image(systemName: "person.crop.circle")
                .font(.largeTitle)
            Text("Sign In to Harbourline")
                .font(.title2)
            Text("Use the e-mail address and password of your account.")
                .foregroundStyle(.secondary)
            VStack(spacing: 30) {
                TextField("E-mail address", text: $email)
                    .focused($focus, equals: .email)
                    .onSubmit { focus = .password }
                SecureField("Password", text: $password)
                    .focused($focus, equals: .password)
                    .onSubmit { focus = .signIn }
            }
            .frame(width: 800)
            HStack(spacing: 40) {
                Button("Sign In") { signingIn = true }
                    .focused($focus, equals: .signIn)
                Button("Forgot Password?") {}
            }
        }
        .onAppear { focus = .email }
    }
}
