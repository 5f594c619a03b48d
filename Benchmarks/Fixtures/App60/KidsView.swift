// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

struct KidsView: View {
    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: Theme.sectionSpacing) {
                MovieShelf(title: "Family Favourites", movies: MovieCatalog.movies(in: "family"))
                ShowShelf(title: "Cartoons", shows: ShowCatalog.all.filter { $0.genre == "family" })
            }
        }
    }
}
