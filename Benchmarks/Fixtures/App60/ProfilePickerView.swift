// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
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
