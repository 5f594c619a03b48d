// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
import SwiftUI

final class WatchlistStore: ObservableObject {
    @Published var movies: [Movie] = Array(MovieCatalog.all.prefix(4))
    @Published var shows: [Show] = Array(ShowCatalog.all.prefix(2))
}
