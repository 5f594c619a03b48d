// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

struct WatchlistView: View {
    let movies = Array(MovieCatalog.all.prefix(4))

    var body: some View {
        if movies.isEmpty {
            EmptyState(message: "Your watchlist is empty", symbol: "bookmark")
        } else {
            MovieShelf(title: "Watchlist", movies: movies)
        }
    }
}
