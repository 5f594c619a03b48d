// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

struct SeasonView: View {
    let show: Show

    var body: some View {
        VStack(alignment: .leading, spacing: 20) {
            ForEach(ShowCatalog.episodes(of: show)) { episode in
                EpisodeRow(episode: episode)
            }
        }
    }
}
