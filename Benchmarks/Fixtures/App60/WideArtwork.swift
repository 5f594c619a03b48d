// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
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
