// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

struct PlayButton: View {
    let title: String

    var body: some View {
        Button {
        } label: {
            Label(title, systemImage: "play.fill")
        }
    }
}
