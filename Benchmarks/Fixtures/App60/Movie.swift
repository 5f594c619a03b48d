// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
import SwiftUI

struct Movie: Identifiable, Hashable {
    var id: Int
    var title: String
    var year: Int
    var genre: String
    var minutes: Int
    var rating: Double
    var isNew = false
}
