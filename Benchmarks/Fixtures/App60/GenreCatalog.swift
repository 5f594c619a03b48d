// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

enum GenreCatalog {
    static let all: [Genre] = [
        Genre(id: "drama", name: "Drama", symbol: "theatermasks"),
        Genre(id: "comedy", name: "Comedy", symbol: "face.smiling"),
        Genre(id: "thriller", name: "Thriller", symbol: "bolt"),
        Genre(id: "family", name: "Family", symbol: "house"),
        Genre(id: "documentary", name: "Documentary", symbol: "globe"),
        Genre(id: "scifi", name: "Science Fiction", symbol: "sparkles"),
    ]
}
