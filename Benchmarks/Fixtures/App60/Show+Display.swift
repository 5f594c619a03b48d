// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

extension Show {
    var subtitle: String { seasons == 1 ? "1 season" : "\(seasons) seasons" }
}
