// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
import SwiftUI

struct Channel: Identifiable, Hashable {
    var id: Int
    var number: Int
    var name: String
    var nowPlaying: String
}
