// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
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
