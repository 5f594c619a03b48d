// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

struct ProfilePickerView: View {
    var body: some View {
        VStack(spacing: 60) {
            Text("Who's Watching?").font(.title)
            HStack(spacing: 60) {
                ForEach(ProfileStore.profiles) { profile in
                    Button {
                    } label: {
                        VStack {
                            Image(systemName: profile.symbol).font(.largeTitle)
                            Text(profile.name)
                        }
                        .frame(width: 240, height: 240)
                    }
                    .buttonStyle(.card)
                }
            }
        }
    }
}
