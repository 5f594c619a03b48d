// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

struct EmptyState: View {
    let message: String
    let symbol: String

    var body: some View {
        VStack(spacing: 20) {
            Image(systemName: symbol).font(.largeTitle)
            Text(message).font(.headline)
        }
    }
}
