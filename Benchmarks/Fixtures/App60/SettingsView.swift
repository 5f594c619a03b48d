// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
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
