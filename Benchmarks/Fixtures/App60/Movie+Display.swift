// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
import SwiftUI

extension Movie {
    var subtitle: String { "\(year) · \(minutes.durationText)" }
    var ratingText: String { "\(rating)" }
}
