// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

enum ChannelCatalog {
    static let all: [Channel] = [
        Channel(id: 1, number: 101, name: "News One", nowPlaying: "Northern Lights"),
        Channel(id: 2, number: 102, name: "Sport Plus", nowPlaying: "Harbour"),
        Channel(id: 3, number: 103, name: "Cinema", nowPlaying: "Orbit"),
        Channel(id: 4, number: 104, name: "Kids Club", nowPlaying: "Salt and Stone"),
        Channel(id: 5, number: 105, name: "Nature", nowPlaying: "Quiet Hours"),
        Channel(id: 6, number: 106, name: "Music Live", nowPlaying: "Lanterns"),
        Channel(id: 7, number: 107, name: "Comedy Hour", nowPlaying: "Meridian"),
        Channel(id: 8, number: 108, name: "Docs", nowPlaying: "Glass Coast"),
    ]
}
