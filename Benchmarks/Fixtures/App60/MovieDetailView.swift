// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

struct MovieDetailView: View {
    let movie: Movie

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 40) {
                Text(movie.title).font(.largeTitle).bold()
                HStack(spacing: 30) {
                    Text(movie.subtitle)
                    RatingBadge(rating: movie.rating)
                }
                HStack(spacing: 30) {
                    PlayButton(title: "Play")
                    Button("Add to Watchlist", systemImage: "plus") {}
                }
                .focusSection()
                CastRow()
                MovieShelf(title: "More Like This", movies: MovieCatalog.movies(in: movie.genre))
            }
        }
    }
}
