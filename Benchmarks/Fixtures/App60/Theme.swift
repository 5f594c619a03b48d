// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
import SwiftUI

enum Theme {
    static let posterWidth: CGFloat = 250
    static let posterHeight: CGFloat = 375
    static let wideWidth: CGFloat = 548
    static let wideHeight: CGFloat = 308
    static let shelfSpacing: CGFloat = 48
    static let sectionSpacing: CGFloat = 60
}
