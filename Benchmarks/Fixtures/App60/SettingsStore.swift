// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
import SwiftUI

final class SettingsStore: ObservableObject {
    @Published var autoplay = true
    @Published var subtitles = false
    @Published var quality = "Automatic"
}
