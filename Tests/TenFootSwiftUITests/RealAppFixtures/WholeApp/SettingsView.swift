import SwiftUI

struct SettingsView: View {
    @State private var subtitles = true

    var body: some View {
        NavigationStack {
            List {
                NavigationLink("Account") {
                    AccountView()
                }
                Toggle("Subtitles", isOn: $subtitles)
            }
        }
    }
}

struct AccountView: View {
    var body: some View {
        VStack {
            Text("Signed in")
            Button("Sign Out") {}
        }
        .navigationTitle("Account")
    }
}
