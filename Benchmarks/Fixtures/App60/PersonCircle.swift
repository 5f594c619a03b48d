// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

struct PersonCircle: View {
    let person: Person

    var body: some View {
        Button {
        } label: {
            VStack {
                Text(person.name.initials)
                    .font(.title2)
                    .frame(width: 160, height: 160)
                Text(person.name).font(.caption)
                Text(person.role).font(.caption2)
            }
        }
        .buttonStyle(.borderless)
    }
}
