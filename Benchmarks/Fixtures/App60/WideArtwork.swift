// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
import SwiftUI

struct WideArtwork: View {
    let title: String
    let subtitle: String

    var body: some View {
        VStack(alignment: .leading) {
            Image(systemName: "tv")
                .wideFrame()
            Text(title).font(.headline)
            Text(subtitle).font(.caption)
        }
    }
}
