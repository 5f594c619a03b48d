// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

extension String {
    var initials: String {
        split(separator: " ").compactMap { $0.first }.map { String($0) }.joined()
    }
}
