// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
import SwiftUI

struct Genre: Identifiable, Hashable {
    var id: String
    var name: String
    var symbol: String
}
