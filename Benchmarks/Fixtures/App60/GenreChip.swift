// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
import SwiftUI

struct GenreChip: View {
    let genre: Genre

    var body: some View {
        NavigationLink {
            GenreView(genre: genre)
        } label: {
            Label(genre.name, systemImage: genre.symbol)
        }
    }
}
