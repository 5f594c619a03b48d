// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

struct HeroBanner: View {
    let movie: Movie

    var body: some View {
        VStack(alignment: .leading, spacing: 20) {
            Text(movie.title).font(.largeTitle).bold()
            Text(movie.subtitle).font(.headline)
            HStack(spacing: 30) {
                PlayButton(title: "Play")
                NavigationLink("More Info") {
                    MovieDetailView(movie: movie)
                }
            }
        }
        .padding(60)
        .focusSection()
    }
}
