// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

struct Episode: Identifiable, Hashable {
    var id: Int
    var number: Int
    var title: String
    var minutes: Int
    var progress: Double = 0
}
