// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
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
