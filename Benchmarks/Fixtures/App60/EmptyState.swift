// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
import SwiftUI

struct EmptyState: View {
    let message: String
    let symbol: String

    var body: some View {
        VStack(spacing: 20) {
            Image(systemName: symbol).font(.largeTitle)
            Text(message).font(.headline)
        }
    }
}
