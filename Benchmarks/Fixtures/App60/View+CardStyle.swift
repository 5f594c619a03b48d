// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
import SwiftUI

extension View {
    func posterFrame() -> some View {
        frame(width: Theme.posterWidth, height: Theme.posterHeight)
    }

    func wideFrame() -> some View {
        frame(width: Theme.wideWidth, height: Theme.wideHeight)
    }
}
