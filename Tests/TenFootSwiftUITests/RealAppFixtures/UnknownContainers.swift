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
