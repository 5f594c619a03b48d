// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

struct SeasonPicker: View {
    let seasons: Int
    @Binding var season: Int

    var body: some View {
        HStack(spacing: 20) {
            ForEach(1...seasons, id: \.self) { number in
                Button("Season \(number)") {
                    season = number
                }
            }
        }
        .focusSection()
    }
}
