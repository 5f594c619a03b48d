// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
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
