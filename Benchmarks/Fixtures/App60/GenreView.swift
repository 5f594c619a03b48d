// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

struct GenreView: View {
    let genre: Genre

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: Theme.sectionSpacing) {
                Label(genre.name, systemImage: genre.symbol).font(.title)
                MovieShelf(title: "Movies", movies: MovieCatalog.movies(in: genre.id))
                ShowShelf(title: "Shows", shows: ShowCatalog.all.filter { $0.genre == genre.id })
            }
        }
    }
}
