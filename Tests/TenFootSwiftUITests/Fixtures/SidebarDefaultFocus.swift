// Seed: focus-engine-skill.md, "Default Focus" (SidebarView).
// Two sidebar buttons bound to a FocusState enum, with .defaultFocus naming the first.
import SwiftUI

struct LibrarySidebar: View {
    enum Destination: Hashable {
        case library
        case settings
    }

    @FocusState private var focused: Destination?

    var body: some View {
        VStack {
            Button("Library") {}
                .focused($focused, equals: .library)
            Button("Settings") {}
                .focused($focused, equals: .settings)
        }
        .defaultFocus($focused, .library)
    }
}
