// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

final class SettingsStore: ObservableObject {
    @Published var autoplay = true
    @Published var subtitles = false
    @Published var quality = "Automatic"
}
