// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
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
