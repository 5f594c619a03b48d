// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
import SwiftUI

struct Profile: Identifiable, Hashable {
    var id: Int
    var name: String
    var symbol: String
    var isKid = false
}
