// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

struct ChannelTile: View {
    let channel: Channel

    var body: some View {
        Button {
        } label: {
            VStack(alignment: .leading) {
                Text("\(channel.number)  \(channel.name)").font(.headline)
                Text(channel.nowPlaying).font(.caption)
            }
            .frame(width: 400, height: 160, alignment: .leading)
        }
        .buttonStyle(.card)
    }
}
