// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

struct GenreRow: View {
    var body: some View {
        VStack(alignment: .leading) {
            SectionHeader(title: "Genres")
            HStack(spacing: 30) {
                ForEach(GenreCatalog.all) { genre in
                    GenreChip(genre: genre)
                }
            }
        }
        .focusSection()
    }
}
