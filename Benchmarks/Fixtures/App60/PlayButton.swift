// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
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
