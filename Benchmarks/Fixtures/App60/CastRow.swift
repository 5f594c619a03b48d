// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

struct CastRow: View {
    var body: some View {
        VStack(alignment: .leading) {
            SectionHeader(title: "Cast & Crew")
            ScrollView(.horizontal) {
                HStack(spacing: 40) {
                    ForEach(PeopleCatalog.cast) { person in
                        PersonCircle(person: person)
                    }
                }
            }
        }
        .focusSection()
    }
}
