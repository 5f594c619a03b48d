// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
import SwiftUI

struct RatingBadge: View {
    let rating: Double

    var body: some View {
        Label("\(rating)", systemImage: "star.fill")
            .font(.caption)
            .foregroundStyle(Color.badgeRed)
    }
}
