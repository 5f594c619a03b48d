// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

struct ShowsView: View {
    var body: some View {
        NavigationStack {
            ScrollView {
                VStack(alignment: .leading, spacing: Theme.sectionSpacing) {
                    ForEach(GenreCatalog.all) { genre in
                        ShowShelf(title: genre.name, shows: ShowCatalog.all.filter { $0.genre == genre.id })
                    }
                }
            }
        }
    }
}
