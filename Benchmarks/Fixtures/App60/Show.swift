// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
import SwiftUI

struct Show: Identifiable, Hashable {
    var id: Int
    var title: String
    var seasons: Int
    var genre: String
    var isNew = false
}
