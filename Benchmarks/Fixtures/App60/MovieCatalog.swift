// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

enum MovieCatalog {
    static let all: [Movie] = [
        Movie(id: 1, title: "Northern Lights", year: 1990, genre: "drama", minutes: 88, rating: 6.0, isNew: true),
        Movie(id: 2, title: "Harbour", year: 1997, genre: "comedy", minutes: 101, rating: 6.7),
        Movie(id: 3, title: "Orbit", year: 2004, genre: "thriller", minutes: 114, rating: 7.4),
        Movie(id: 4, title: "Salt and Stone", year: 2011, genre: "family", minutes: 127, rating: 8.1),
        Movie(id: 5, title: "Quiet Hours", year: 2018, genre: "documentary", minutes: 140, rating: 6.0),
        Movie(id: 6, title: "Lanterns", year: 1990, genre: "scifi", minutes: 93, rating: 6.7, isNew: true),
        Movie(id: 7, title: "Meridian", year: 1997, genre: "drama", minutes: 106, rating: 7.4),
        Movie(id: 8, title: "Glass Coast", year: 2004, genre: "comedy", minutes: 119, rating: 8.1),
        Movie(id: 9, title: "Parallel", year: 2011, genre: "thriller", minutes: 132, rating: 6.0),
        Movie(id: 10, title: "Winter Garden", year: 2018, genre: "family", minutes: 145, rating: 6.7),
        Movie(id: 11, title: "Signal", year: 1990, genre: "documentary", minutes: 98, rating: 7.4, isNew: true),
        Movie(id: 12, title: "Driftwood", year: 1997, genre: "scifi", minutes: 111, rating: 8.1),
        Movie(id: 13, title: "Echo Valley", year: 2004, genre: "drama", minutes: 124, rating: 6.0),
        Movie(id: 14, title: "Paper Moon", year: 2011, genre: "comedy", minutes: 137, rating: 6.7),
        Movie(id: 15, title: "Atlas", year: 2018, genre: "thriller", minutes: 90, rating: 7.4),
        Movie(id: 16, title: "Night Train", year: 1990, genre: "family", minutes: 103, rating: 8.1, isNew: true),
        Movie(id: 17, title: "Blue Hour", year: 1997, genre: "documentary", minutes: 116, rating: 6.0),
        Movie(id: 18, title: "Red Sails", year: 2004, genre: "scifi", minutes: 129, rating: 6.7),
        Movie(id: 19, title: "Little Comet", year: 2011, genre: "drama", minutes: 142, rating: 7.4),
        Movie(id: 20, title: "The Kite", year: 2018, genre: "comedy", minutes: 95, rating: 8.1),
        Movie(id: 21, title: "Treehouse", year: 1990, genre: "thriller", minutes: 108, rating: 6.0, isNew: true),
        Movie(id: 22, title: "Snow Day", year: 1997, genre: "family", minutes: 121, rating: 6.7),
    ]

    static var featured: Movie { all[0] }
    static var recent: [Movie] { all.filter { $0.year >= 2010 } }
    static var newArrivals: [Movie] { all.filter { $0.isNew } }

    static func movies(in genre: String) -> [Movie] {
        all.filter { $0.genre == genre }
    }
}
