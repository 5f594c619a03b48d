// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
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
