// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

struct Movie: Identifiable, Hashable {
    var id: Int
    var title: String
    var year: Int
    var genre: String
    var minutes: Int
    var rating: Double
    var isNew = false
}
