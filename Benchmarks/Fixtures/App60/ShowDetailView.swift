// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
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
