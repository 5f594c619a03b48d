// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

enum Theme {
    static let posterWidth: CGFloat = 250
    static let posterHeight: CGFloat = 375
    static let wideWidth: CGFloat = 548
    static let wideHeight: CGFloat = 308
    static let shelfSpacing: CGFloat = 48
    static let sectionSpacing: CGFloat = 60
}
