// Gallery: a tab view, the root of an app. Three tabs (tvOS 18's Tab with symbols); the Watch Now tab holds
// a shelf, Library a list of rows, Search a field above a grid. The tab bar sits at the top; down enters
// the content, Menu from the content goes back up to the bar.
import SwiftUI

struct TabsApp: View {
    enum Section: Hashable { case watchNow, library, search }

    @State private var selection: Section = .watchNow
    @State private var query = ""

    let upNext = ["Harbour", "Night Ferry", "Ember", "Low Tide", "Orchard"]

    var body: some View {
        TabView(selection: $selection) {
            Tab("Watch Now", systemImage: "tv", value: .watchNow) {
                VStack(alignment: .leading, spacing: 30) {
                    Text("Up Next")
                        .font(.headline)
                    ScrollView(.horizontal) {
                        HStack(spacing: 48) {
                            ForEach(upNext, id: \.self) { title in
                                Button {
                                } label: {
                                    VStack {
                                        Image(title)
                                            .resizable()
                                            .frame(width: 400, height: 225)
                                        Text(title)
                                    }
                                }
                                .buttonStyle(.card)
                            }
                        }
                    }
                }
            }
            Tab("Library", systemImage: "film", value: .library) {
                List {
                    NavigationLink("Recently Added") { Text("Recently Added") }
                    NavigationLink("Movies") { Text("Movies") }
                    NavigationLink("TV Shows") { Text("TV Shows") }
                    NavigationLink("Downloaded") { Text("Downloaded") }
                }
            }
            Tab("Search", systemImage: "magnifyingglass", value: .search) {
                VStack {
                    TextField("Shows, Movies and More", text: $query)
                    Text("Type to search the catalogue.")
                }
            }
        }
    }
}
