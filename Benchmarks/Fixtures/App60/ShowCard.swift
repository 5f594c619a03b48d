// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
import SwiftUI

struct ShowCard: View {
    let show: Show

    var body: some View {
        NavigationLink {
            ShowDetailView(show: show)
        } label: {
            WideArtwork(title: show.title, subtitle: show.subtitle)
        }
        .buttonStyle(.card)
    }
}
