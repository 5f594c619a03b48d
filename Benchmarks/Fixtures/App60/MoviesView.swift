// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
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
