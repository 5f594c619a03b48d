import SwiftUI

// Containers TenFoot has no entry for show their content (every closure, in order), and a safe-area inset sits
// at its edge.
struct UnknownContainersView: View {
    var body: some View {
        VStack {
            GlassEffectContainer(spacing: 20) {
                HStack {
                    Button("Play") {}
                    Button("Trailer") {}
                }
            }
            // A third-party collection: its layout closure computes (an assignment, a return) and is not content;
            // its cell closure is, once per sample cell.
            CollectionView(rows: rows) { _, _ in
                let section = LayoutSection(group: group)
                section.interGroupSpacing = 48
                return section
            } cell: { _, cell in
                Button("Cell") {}
            }
            ContentUnavailableView {
                Label("No Results", systemImage: "magnifyingglass")
            } description: {
                Text("Try another search")
            } actions: {
                Button("Clear Search") {}
            }
        }
        .safeAreaInset(edge: .top) {
            Button("Profile") {}
        }
    }
}
