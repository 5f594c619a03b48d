// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
import SwiftUI

struct ShowShelf: View {
    let title: String
    let shows: [Show]

    var body: some View {
        VStack(alignment: .leading) {
            SectionHeader(title: title)
            ScrollView(.horizontal) {
                LazyHStack(spacing: Theme.shelfSpacing) {
                    ForEach(shows) { show in
                        ShowCard(show: show)
                    }
                }
            }
        }
        .focusSection()
    }
}
