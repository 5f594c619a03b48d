// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
import SwiftUI

extension Color {
    static let accentBlue = Color(red: 0.2, green: 0.5, blue: 0.95)
    static let badgeRed = Color(red: 0.85, green: 0.2, blue: 0.25)
    static let subtleText = Color.secondary
}
