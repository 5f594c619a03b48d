// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
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
