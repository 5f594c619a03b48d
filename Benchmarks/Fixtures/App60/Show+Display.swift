// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
import SwiftUI

extension Show {
    var subtitle: String { seasons == 1 ? "1 season" : "\(seasons) seasons" }
}
