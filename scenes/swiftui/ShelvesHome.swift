// Gallery: a streaming home of shelves. Each shelf is a horizontal ScrollView of card-style buttons whose
// label is poster artwork with its title under it; the shelves stack in a vertical ScrollView.
import SwiftUI

struct Show: Identifiable {
    let id: Int
    let title: String
    let artwork: String
}

struct ShelvesHome: View {
    let continueWatching = [
        Show(id: 1, title: "Northern Lights", artwork: "northern-lights"),
        Show(id: 2, title: "Harbour", artwork: "harbour"),
        Show(id: 3, title: "The Long Field", artwork: "long-field"),
        Show(id: 4, title: "Salt & Stone", artwork: "salt-stone"),
        Show(id: 5, title: "Night Ferry", artwork: "night-ferry"),
        Show(id: 6, title: "Paper Moons", artwork: "paper-moons"),
    ]
    let newReleases = [
        Show(id: 7, title: "Glasshouse", artwork: "glasshouse"),
        Show(id: 8, title: "Low Tide", artwork: "low-tide"),
        Show(id: 9, title: "Orchard", artwork: "orchard"),
        Show(id: 10, title: "The Quiet Year", artwork: "quiet-year"),
        Show(id: 11, title: "Ember", artwork: "ember"),
        Show(id: 12, title: "Signal Hill", artwork: "signal-hill"),
    ]

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 50) {
                shelf("Continue Watching", continueWatching)
                shelf("New Releases", newReleases)
            }
        }
    }

    @ViewBuilder
    func shelf(_ title: String, _ shows: [Show]) -> some View {
        VStack(alignment: .leading, spacing: 50) {
            Text(title)
                .font(.headline)
            ScrollView(.horizontal) {
                LazyHStack(spacing: 48) {
                    ForEach(shows) { show in
                        Button {
                        } label: {
                            VStack {
                                Image(show.artwork)
                                    .resizable()
                                    .frame(width: 250, height: 375)
                                Text(show.title)
                            }
                        }
                        .buttonStyle(.card)
                    }
                }
            }
        }
    }
}
