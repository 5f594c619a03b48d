// Gallery: a sidebar beside its content. The sidebar is a List of categories in a NavigationSplitView; the
// detail column is a grid of cards. The screen opens on the sidebar's Movies row (defaultFocus), right moves
// into the grid and left from any card returns to the sidebar.
import SwiftUI

struct SidebarSplit: View {
    enum Category: String, CaseIterable {
        case movies = "Movies"
        case series = "Series"
        case kids = "Kids"
        case sports = "Sports"
        case music = "Music"
    }

    enum Pane: Hashable { case sidebar, grid }

    let titles = ["Arrival Gate", "Blue Hour", "Cold Open", "Driftwood", "Echo Park", "First Snow", "Gold Coast", "High Water"]

    @State private var category: Category = .movies
    @FocusState private var pane: Pane?

    var body: some View {
        NavigationSplitView {
            List {
                ForEach(Category.allCases, id: \.self) { c in
                    Button(c.rawValue) { category = c }
                }
            }
            .focused($pane, equals: .sidebar)
            .navigationTitle("Library")
        } detail: {
            ScrollView {
                LazyVGrid(columns: [GridItem(.fixed(340)), GridItem(.fixed(340)), GridItem(.fixed(340))], spacing: 40) {
                    ForEach(titles, id: \.self) { title in
                        Button {
                        } label: {
                            VStack {
                                Image(title)
                                    .resizable()
                                    .frame(width: 340, height: 191)
                                Text(title)
                            }
                        }
                        .buttonStyle(.card)
                    }
                }
            }
            .focusSection()
        }
        .defaultFocus($pane, .sidebar)
    }
}
