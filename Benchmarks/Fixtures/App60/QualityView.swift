// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
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
