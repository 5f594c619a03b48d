// Seed: swiftui-focus-patterns.md, ".focusSection()" — the counter-example: the same layout without the section.
import SwiftUI

struct PlainColumns: View {
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
        }
    }
}
