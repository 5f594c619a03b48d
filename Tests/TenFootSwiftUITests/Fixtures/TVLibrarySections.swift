// Seed: focus-engine-skill.md, "Focus Sections" (TVLibraryView): two columns of buttons, each a focus section.
import SwiftUI

struct MediaLibrary: View {
    var body: some View {
        HStack(spacing: 120) {
            VStack {
                Button("Recent") {}
                Button("Favorites") {}
                Button("Downloaded") {}
            }
            .focusSection()

            VStack {
                Button("Featured") {}
                Button("Top Picks") {}
                Button("Continue Watching") {}
            }
            .focusSection()
        }
    }
}
