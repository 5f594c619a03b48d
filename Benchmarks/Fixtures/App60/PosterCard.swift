// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

struct PosterCard: View {
    let movie: Movie

    var body: some View {
        NavigationLink {
            MovieDetailView(movie: movie)
        } label: {
            VStack(alignment: .leading) {
                Image(systemName: "film")
                    .posterFrame()
                Text(movie.title)
                    .font(.caption)
                    .lineLimit(1)
            }
        }
        .buttonStyle(.card)
    }
}
