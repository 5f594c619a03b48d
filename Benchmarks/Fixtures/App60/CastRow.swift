// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
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
