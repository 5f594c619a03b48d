// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

struct ContinueWatchingShelf: View {
    var body: some View {
        VStack(alignment: .leading) {
            SectionHeader(title: "Continue Watching")
            ScrollView(.horizontal) {
                LazyHStack(spacing: Theme.shelfSpacing) {
                    ForEach(ShowCatalog.all.prefix(4)) { show in
                        WideCard(title: show.title, detail: "Season 1, Chapter 2")
                    }
                }
            }
        }
        .focusSection()
    }
}
