import SwiftUI

// A view declared inside an extension of a type this file does not declare (it lives elsewhere in the app).
extension AccountSettings {
    struct AccountRow: View {
        var body: some View {
            HStack {
                Button("Sign In") {}
                Button("Sign Out") {}
            }
        }
    }
}
