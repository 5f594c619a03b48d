// Seed: swiftui-focus-patterns.md, ".focusSection()": buttons 1 and 2 at the top left, A and B at the bottom
// right in a focus section; without the section, right from 1 or 2 finds nothing.
import SwiftUI

struct SectionColumns: View {
    var body: some View {
        HStack {
            VStack {
                Button("1") {}
                Button("2") {}
                Spacer()
            }
            Spacer()
            VStack {
                Spacer()
                Button("A") {}
                Button("B") {}
            }
            .focusSection()
        }
    }
}
