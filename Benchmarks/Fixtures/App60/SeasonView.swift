// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
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
