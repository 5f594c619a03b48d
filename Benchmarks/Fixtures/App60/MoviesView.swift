// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

struct MoviesView: View {
    let columns = Array(repeating: GridItem(.fixed(Theme.posterWidth), spacing: 48), count: 6)

    var body: some View {
        NavigationStack {
            ScrollView {
                LazyVGrid(columns: columns, spacing: 60) {
                    ForEach(MovieCatalog.all) { movie in
                        PosterCard(movie: movie)
                    }
                }
            }
        }
    }
}
