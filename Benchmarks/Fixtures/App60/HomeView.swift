// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

struct HomeView: View {
    var body: some View {
        NavigationStack {
            ScrollView {
                VStack(alignment: .leading, spacing: Theme.sectionSpacing) {
                    HeroBanner(movie: MovieCatalog.featured)
                    MovieShelf(title: "New Arrivals", movies: MovieCatalog.newArrivals)
                    ContinueWatchingShelf()
                    MovieShelf(title: "Recently Added", movies: MovieCatalog.recent)
                    ShowShelf(title: "Popular Shows", shows: ShowCatalog.all)
                    GenreRow()
                }
            }
        }
    }
}
