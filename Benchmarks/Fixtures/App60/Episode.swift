// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
import SwiftUI

struct Episode: Identifiable, Hashable {
    var id: Int
    var number: Int
    var title: String
    var minutes: Int
    var progress: Double = 0
}
