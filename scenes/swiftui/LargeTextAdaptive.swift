import SwiftUI

/// A detail page written for Large Text (WWDC26 session 221): text styles throughout, and from the accessibility
/// sizes the shelf shows four posters across instead of six and the extras stack vertically.
struct LargeTextAdaptive: View {
    @Environment(\.dynamicTypeSize) private var dynamicTypeSize

    private let related = ["Harbour", "Paper Planes", "Blue Hour", "Quiet Storm", "Lanterns", "Driftwood", "Salt Road"]
    private let extras = [
        ("Making the Lighthouse", "Featurette · 12 min"), ("The Score", "Interview · 8 min"),
        ("Season 2 Trailer", "Trailer · 2 min"),
    ]

    var body: some View {
        let actions = dynamicTypeSize.isAccessibilitySize ? AnyLayout(VStackLayout(alignment: .leading)) : AnyLayout(HStackLayout())
        let cards = dynamicTypeSize.isAccessibilitySize ? AnyLayout(VStackLayout(alignment: .leading, spacing: 40)) : AnyLayout(HStackLayout(spacing: 40))
        ScrollView {
            VStack(alignment: .leading, spacing: 40) {
                Text("Northern Lights").font(.title2)
                Text("A lighthouse keeper on a northern island finds a radio that receives tomorrow's weather.")
                    .font(.callout)
                    .lineLimit(dynamicTypeSize.isAccessibilitySize ? 6 : 2)
                actions {
                    Button("Play Episode 1", systemImage: "play.fill") {}
                    Button("Add to Up Next", systemImage: "plus") {}
                }
                Text("More Like This").font(.headline)
                ScrollView(.horizontal) {
                    LazyHStack(spacing: 40) {
                        ForEach(related, id: \.self) { title in
                            Button {} label: {
                                Text(title)
                            }
                            .buttonStyle(.card)
                            .containerRelativeFrame(.horizontal, count: dynamicTypeSize.isAccessibilitySize ? 4 : 6, spacing: 40)
                        }
                    }
                }
                Text("Extras").font(.headline)
                cards {
                    ForEach(extras, id: \.0) { extra in
                        Button {} label: {
                            VStack {
                                Text(extra.0).font(.caption)
                                Text(extra.1).font(.caption2)
                            }
                        }
                    }
                }
            }
        }
    }
}
