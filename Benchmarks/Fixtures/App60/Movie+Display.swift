// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

extension Movie {
    var subtitle: String { "\(year) · \(minutes.durationText)" }
    var ratingText: String { "\(rating)" }
}
