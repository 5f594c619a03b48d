// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
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
