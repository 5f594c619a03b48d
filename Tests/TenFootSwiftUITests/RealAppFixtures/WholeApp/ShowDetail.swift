import SwiftUI

struct ShowDetail: View {
    let show: Show
    @State private var isPlaying = false
    @State private var showsEpisodes = false

    var body: some View {
        VStack(alignment: .leading, spacing: 30) {
            Text("\(show.title) (\(show.year))")
                .font(.title)
            HStack {
                Button("Play") { isPlaying = true }
                Button("Episodes") { showsEpisodes = true }
            }
        }
        .navigationTitle(show.title)
        .fullScreenCover(isPresented: $isPlaying) {
            PlayerView(title: show.title)
        }
        .sheet(isPresented: $showsEpisodes) {
            List {
                Button("Episode 1") {}
                Button("Episode 2") {}
            }
        }
    }
}

struct PlayerView: View {
    let title: String
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        VStack {
            Text("Now playing \(title)")
            Button("Done") { dismiss() }
        }
    }
}
