// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
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
