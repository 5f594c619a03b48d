// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
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
