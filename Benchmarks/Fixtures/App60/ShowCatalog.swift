// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

enum ShowCatalog {
    static let all: [Show] = [
        Show(id: 100, title: "Northern Lights Stories", seasons: 1, genre: "drama", isNew: true),
        Show(id: 101, title: "Harbour Stories", seasons: 2, genre: "comedy"),
        Show(id: 102, title: "Orbit Stories", seasons: 3, genre: "thriller"),
        Show(id: 103, title: "Salt and Stone Stories", seasons: 4, genre: "family"),
        Show(id: 104, title: "Quiet Hours Stories", seasons: 5, genre: "documentary", isNew: true),
        Show(id: 105, title: "Lanterns Stories", seasons: 1, genre: "scifi"),
        Show(id: 106, title: "Meridian Stories", seasons: 2, genre: "drama"),
        Show(id: 107, title: "Glass Coast Stories", seasons: 3, genre: "comedy"),
        Show(id: 108, title: "Parallel Stories", seasons: 4, genre: "thriller", isNew: true),
        Show(id: 109, title: "Winter Garden Stories", seasons: 5, genre: "family"),
        Show(id: 110, title: "Signal Stories", seasons: 1, genre: "documentary"),
        Show(id: 111, title: "Driftwood Stories", seasons: 2, genre: "scifi"),
    ]

    static func episodes(of show: Show) -> [Episode] {
        (1...8).map { n in Episode(id: show.id * 100 + n, number: n, title: "Chapter \(n)", minutes: 42, progress: n == 1 ? 0.6 : 0) }
    }
}
