// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
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
