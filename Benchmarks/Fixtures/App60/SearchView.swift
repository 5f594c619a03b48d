// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
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
