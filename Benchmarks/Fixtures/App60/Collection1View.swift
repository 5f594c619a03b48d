// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
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
