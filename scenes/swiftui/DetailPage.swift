// Gallery: a show's detail page. A full-width backdrop with the title, facts and synopsis over it, a row of
// actions (Play, Trailer, Up Next, More) and the cast as round photos below. The page opens on Play; More
// asks in an alert.
import SwiftUI

struct CastMember: Identifiable {
    let id: Int
    let name: String
    let role: String
}

struct DetailPage: View {
    @State private var inUpNext = false
    @State private var showMore = false

    let cast = [
        CastMember(id: 1, name: "Ana Reyes", role: "Captain Mara"),
        CastMember(id: 2, name: "Ben Okafor", role: "Tomas"),
        CastMember(id: 3, name: "Chloé Martin", role: "Inès"),
        CastMember(id: 4, name: "Dev Patel", role: "The Pilot"),
        CastMember(id: 5, name: "Eva Lind", role: "Harbour Master"),
    ]

    var body: some View {
        VStack(alignment: .leading, spacing: 40) {
            VStack(alignment: .leading, spacing: 16) {
                Text("Northern Lights")
                    .font(.title)
                Text("Drama · 2025 · 2 Seasons · 4K · HDR")
                    .font(.callout)
                    .foregroundStyle(.secondary)
                Text("A ferry captain keeps a small island connected to the mainland through one long winter, while the town she grew up in decides whether it still wants her.")
                    .lineLimit(3)
                    .frame(width: 1100)
            }
            HStack(spacing: 40) {
                Button("Play", systemImage: "play.fill") {}
                Button("Trailer", systemImage: "film") {}
                Button("Up Next", systemImage: "plus") { inUpNext = true }
                Button("More", systemImage: "info.circle") { showMore = true }
            }
            Text("Cast & Crew")
                .font(.headline)
            ScrollView(.horizontal) {
                HStack(spacing: 60) {
                    ForEach(cast) { person in
                        Button {
                        } label: {
                            VStack {
                                Image("cast-\(person.id)")
                                    .resizable()
                                    .frame(width: 200, height: 200)
                                    .clipShape(Circle())
                                Text(person.name)
                                Text(person.role)
                            }
                        }
                        .buttonStyle(.borderless)
                    }
                }
            }
        }
        .alert("Northern Lights", isPresented: $showMore) {
            Button("Go to Season 1") {}
            Button("Share") {}
            Button("Cancel", role: .cancel) {}
        } message: {
            Text("Season 2 arrives on 14 February.")
        }
    }
}
