import SwiftUI

// A list loaded in .task: the load awaits the app's client inside do/catch and writes the state back on the
// main actor; the list sits in a ScrollViewReader; a button is disabled while the client is busy.
struct Episode: Identifiable {
    let id: Int
    let title: String
}

final class EpisodeClient: ObservableObject {
    @Published var isBusy = false

    func fetchEpisodes() async throws -> [Episode] {
        try await Network.shared.get("episodes")
    }
}

struct AsyncLoadView: View {
    @ObservedObject var client: EpisodeClient
    @State private var episodes: [Episode] = []
    @State private var isLoading = true

    var body: some View {
        VStack {
            if isLoading {
                ProgressView("Loading episodes")
            } else if episodes.isEmpty {
                Text("No episodes yet")
            } else {
                ScrollViewReader { proxy in
                    ScrollView {
                        LazyVStack {
                            ForEach(episodes) { episode in
                                Button(episode.title) { proxy.scrollTo(episode.id) }
                            }
                        }
                    }
                }
            }
            Button("Refresh") {}
                .disabled(client.isBusy)
        }
        .task { await load() }
    }

    private func load() async {
        isLoading = true
        do {
            let list = try await client.fetchEpisodes()
            await MainActor.run {
                episodes = list
                isLoading = false
            }
        } catch {
            await MainActor.run { isLoading = false }
        }
    }
}
