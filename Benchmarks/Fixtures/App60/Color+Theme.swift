// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

extension Color {
    static let accentBlue = Color(red: 0.2, green: 0.5, blue: 0.95)
    static let badgeRed = Color(red: 0.85, green: 0.2, blue: 0.25)
    static let subtleText = Color.secondary
}
