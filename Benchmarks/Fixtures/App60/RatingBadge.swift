// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

struct RatingBadge: View {
    let rating: Double

    var body: some View {
        Label("\(rating)", systemImage: "star.fill")
            .font(.caption)
            .foregroundStyle(Color.badgeRed)
    }
}
