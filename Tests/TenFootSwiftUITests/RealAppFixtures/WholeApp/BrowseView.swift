import SwiftUI

struct BrowseView: View {
    @EnvironmentObject var library: Library

    var body: some View {
        NavigationStack {
            ScrollView(.horizontal) {
                LazyHStack(spacing: 40) {
                    ForEach(library.shows) { show in
                        NavigationLink(value: show) {
                            Text(show.title)
                                .frame(width: 300, height: 170)
                        }
                    }
                }
            }
            .navigationDestination(for: Show.self) { show in
                ShowDetail(show: show)
            }
        }
    }
}
