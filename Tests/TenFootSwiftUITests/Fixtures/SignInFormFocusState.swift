// Seed: focus-engine-skill.md, "SwiftUI FocusState" (LoginView).
// A form of two fields bound to one optional FocusState enum; onAppear puts focus on the first field, and the
// form's onSubmit moves it to the second, then signs in.
import SwiftUI

struct SignInForm: View {
    enum Field: Hashable {
        case username
        case passcode
    }

    @State private var username = ""
    @State private var passcode = ""
    @State private var signedIn = false
    @FocusState private var focus: Field?

    var body: some View {
        Form {
            TextField("Username", text: $username)
                .focused($focus, equals: .username)
            SecureField("Passcode", text: $passcode)
                .focused($focus, equals: .passcode)
        }
        .onAppear { focus = .username }
        .onSubmit {
            switch focus {
            case .username:
                focus = .passcode
            case .passcode, nil:
                signIn()
            }
        }
    }

    private func signIn() {
        signedIn = true
    }
}
