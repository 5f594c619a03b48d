// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

struct Channel: Identifiable, Hashable {
    var id: Int
    var number: Int
    var name: String
    var nowPlaying: String
}
