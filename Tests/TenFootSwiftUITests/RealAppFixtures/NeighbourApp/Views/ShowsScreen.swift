import SwiftUI

struct ShowsScreen: View {
    var body: some View {
        NavigationStack {
            TabView {
                ShowsShelf()
                    .tabItem { Text(.init("Shows")) }
                Text("Settings")
                    .tabItem { Text("Settings") }
            }
        }
    }
}

struct ShowsShelf: View {
    static let heading = "Popular"

    var body: some View {
        ZStack {
            Palette.backdrop
            VStack(alignment: .leading) {
                Text(Self.heading)
                ScrollView(.horizontal) {
                    HStack {
                        ForEach(Show.allCases) { show in
                            Button {} label: {
                                show.poster
                                Text(show.title)
                            }
                        }
                    }
                }
            }
        }
    }
}
