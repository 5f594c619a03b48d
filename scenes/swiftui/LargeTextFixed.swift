import SwiftUI

/// The twin of LargeTextAdaptive written the way WWDC26's session 221 warns against: fixed font sizes, fixed
/// frames, and rows that stay rows — at Accessibility XXXL its titles are cut and its price never grows.
struct LargeTextFixed: View {
    private let related = ["Harbour", "Paper Planes", "Blue Hour", "Quiet Storm", "Lanterns", "Driftwood", "Salt Road"]

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 40) {
                Text("Northern Lights").font(.system(size: 57, weight: .bold))
                Text("A lighthouse keeper on a northern island finds a radio that receives tomorrow's weather.")
                    .font(.callout)
                    .lineLimit(1)
                    .frame(width: 1400)
                HStack(spacing: 30) {
                    Button("Play Episode 1", systemImage: "play.fill") {}.frame(width: 420, height: 86)
                    Button("Add to Up Next", systemImage: "plus") {}.frame(width: 420, height: 86)
                    Text("Rent £4.99").font(.system(size: 31))
                }
                Text("More Like This").font(.headline)
                ScrollView(.horizontal) {
                    LazyHStack(spacing: 40) {
                        ForEach(related, id: \.self) { title in
                            Button {} label: {
                                Text(title)
                            }
                            .buttonStyle(.card)
                            .frame(width: 260)
                        }
                    }
                }
            }
        }
    }
}
