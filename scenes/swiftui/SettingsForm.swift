// Gallery: a settings screen. A Form of sections with toggles, a segmented picker, pickers that open their
// options on a screen of their own, read-only rows, and a Sign Out button that asks first (an alert).
import SwiftUI

struct SettingsForm: View {
    enum Quality: String, CaseIterable { case automatic = "Automatic", hd = "HD", uhd = "4K" }

    @State private var autoplay = true
    @State private var previews = false
    @State private var subtitles = true
    @State private var appearance = 2
    @State private var quality: Quality = .automatic
    @State private var language = "English"
    @State private var confirmSignOut = false

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    Toggle("Autoplay Next Episode", isOn: $autoplay)
                    Toggle("Autoplay Previews", isOn: $previews)
                    Picker("Streaming Quality", selection: $quality) {
                        ForEach(Quality.allCases, id: \.self) { q in
                            Text(q.rawValue).tag(q)
                        }
                    }
                    .pickerStyle(.navigationLink)
                } header: {
                    Text("Playback")
                } footer: {
                    Text("Autoplay starts the next episode when one ends.")
                }
                Section("Appearance") {
                    Picker("Theme", selection: $appearance) {
                        Text("Light").tag(0)
                        Text("Dark").tag(1)
                        Text("Automatic").tag(2)
                    }
                    .pickerStyle(.segmented)
                    Toggle(isOn: $subtitles) {
                        Label("Subtitles", systemImage: "captions.bubble")
                    }
                    Picker("Subtitle Language", selection: $language) {
                        Text("English").tag("English")
                        Text("Español").tag("Español")
                        Text("日本語").tag("日本語")
                    }
                }
                Section("Account") {
                    LabeledContent("Signed In As", value: "ana@example.com")
                    LabeledContent("Version", value: "4.2 (118)")
                    Button("Sign Out") { confirmSignOut = true }
                }
            }
            .navigationTitle("Settings")
        }
        .alert("Sign Out?", isPresented: $confirmSignOut) {
            Button("Sign Out", role: .destructive) {}
            Button("Cancel", role: .cancel) {}
        } message: {
            Text("Downloads stay on this Apple TV until you sign in with another account.")
        }
    }
}
