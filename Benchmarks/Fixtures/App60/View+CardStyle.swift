// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

extension View {
    func posterFrame() -> some View {
        frame(width: Theme.posterWidth, height: Theme.posterHeight)
    }

    func wideFrame() -> some View {
        frame(width: Theme.wideWidth, height: Theme.wideHeight)
    }
}
