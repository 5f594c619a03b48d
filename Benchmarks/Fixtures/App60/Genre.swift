// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

struct Genre: Identifiable, Hashable {
    var id: String
    var name: String
    var symbol: String
}
