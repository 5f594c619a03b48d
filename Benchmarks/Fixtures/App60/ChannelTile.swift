// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
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
