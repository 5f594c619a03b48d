// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

struct MovieShelf: View {
    let title: String
    let movies: [Movie]

    var body: some View {
        VStack(alignment: .leading) {
            SectionHeader(title: title)
            ScrollView(.horizontal) {
                LazyHStack(spacing: Theme.shelfSpacing) {
                    ForEach(movies) { movie in
                        PosterCard(movie: movie)
                    }
                }
            }
        }
        .focusSection()
    }
}
