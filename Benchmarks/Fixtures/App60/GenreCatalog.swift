// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
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
