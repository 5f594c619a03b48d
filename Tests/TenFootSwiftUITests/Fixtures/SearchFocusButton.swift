// Seed: swiftui-focus-patterns.md, "Search Focus" (.searchable + .searchFocused): a button writes the search
// FocusState, which moves focus into the search field.
import SwiftUI

struct CatalogSearch: View {
    @State private var query = ""
    @FocusState private var isSearchFocused: Bool

    var body: some View {
        NavigationStack {
            VStack(alignment: .leading, spacing: 40) {
                Button("Search") { isSearchFocused = true }
                Text("Popular this week")
                Button("Northern Lights") {}
            }
            .searchable(text: $query)
            .searchFocused($isSearchFocused)
        }
    }
}
