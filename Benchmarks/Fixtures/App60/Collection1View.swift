// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
import SwiftUI

struct Collection1View: View {
    let title = "Drama Collection 1"

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: Theme.sectionSpacing) {
                Text(title).font(.title)
                MovieShelf(title: "Movies", movies: MovieCatalog.movies(in: "drama"))
            }
        }
    }
}
