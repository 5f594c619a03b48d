// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

struct EpisodeRow: View {
    let episode: Episode

    var body: some View {
        Button {
        } label: {
            HStack(spacing: 24) {
                Text("\(episode.number)").font(.title3)
                VStack(alignment: .leading) {
                    Text(episode.title).font(.headline)
                    Text(episode.minutes.durationText).font(.caption)
                }
                Spacer()
                if episode.progress > 0 {
                    ProgressView(value: episode.progress)
                        .frame(width: 200)
                }
            }
        }
    }
}
