// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

final class WatchlistStore: ObservableObject {
    @Published var movies: [Movie] = Array(MovieCatalog.all.prefix(4))
    @Published var shows: [Show] = Array(ShowCatalog.all.prefix(2))
}
