// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
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
