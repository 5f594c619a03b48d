// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
import SwiftUI

struct QualityView: View {
    @State private var quality = "Automatic"
    let options = ["Automatic", "High", "Data Saver"]

    var body: some View {
        List {
            ForEach(options, id: \.self) { option in
                Button {
                    quality = option
                } label: {
                    HStack {
                        Text(option)
                        Spacer()
                        if option == quality {
                            Image(systemName: "checkmark")
                        }
                    }
                }
            }
        }
    }
}
