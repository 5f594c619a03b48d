// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

struct SearchView: View {
    @State private var query = ""

    var results: [Movie] {
        query.isEmpty ? MovieCatalog.all : MovieCatalog.all.filter { $0.title.contains(query) }
    }

    var body: some View {
        NavigationStack {
            ScrollView {
                LazyVGrid(columns: Array(repeating: GridItem(.fixed(Theme.posterWidth)), count: 6)) {
                    ForEach(results) { movie in
                        PosterCard(movie: movie)
                    }
                }
            }
            .searchable(text: $query)
        }
    }
}
