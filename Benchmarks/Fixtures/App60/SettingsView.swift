// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
import SwiftUI

struct SettingsView: View {
    @State private var autoplay = true
    @State private var subtitles = false

    var body: some View {
        NavigationStack {
            List {
                Section("Playback") {
                    Toggle("Autoplay Next Episode", isOn: $autoplay)
                    Toggle("Subtitles", isOn: $subtitles)
                    NavigationLink("Video Quality") {
                        QualityView()
                    }
                }
                Section("Account") {
                    NavigationLink("Profiles") {
                        ProfilePickerView()
                    }
                    NavigationLink("Watchlist") {
                        WatchlistView()
                    }
                    NavigationLink("About") {
                        AboutView()
                    }
                }
            }
        }
    }
}
