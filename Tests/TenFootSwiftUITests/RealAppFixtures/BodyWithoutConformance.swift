import SwiftUI

// A struct with a view body that does not say `: View` (the conformance lives in another file, or was left out).
struct EpisodeCard {
    var title = "Pilot"

    var body: some View {
        VStack {
            Button(title) {}
            Button("Details") {}
        }
    }
}
