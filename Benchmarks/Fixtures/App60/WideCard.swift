// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
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
