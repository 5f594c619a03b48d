// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

struct WideCard: View {
    let title: String
    let detail: String

    var body: some View {
        Button {
        } label: {
            VStack(alignment: .leading) {
                Image(systemName: "play.rectangle")
                    .wideFrame()
                Text(title).font(.headline)
                Text(detail).font(.caption).foregroundStyle(Color.subtleText)
            }
        }
        .buttonStyle(.card)
    }
}
