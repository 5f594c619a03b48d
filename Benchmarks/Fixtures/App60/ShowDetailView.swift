// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

struct ShowDetailView: View {
    let show: Show
    @State private var season = 1

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 40) {
                Text(show.title).font(.largeTitle).bold()
                Text(show.subtitle).font(.headline)
                SeasonPicker(seasons: show.seasons, season: $season)
                SeasonView(show: show)
            }
        }
    }
}
