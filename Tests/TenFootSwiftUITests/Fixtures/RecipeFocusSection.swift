// Seed: swiftui-cookbook-for-focus-wwdc23.md, "Focus Sections 改善方向键导航" (ContentView): a row of recipe
// buttons, the selected recipe's image, and a centred "Add to Grocery List" button in a full-width HStack made
// a focus section, so down from any recipe reaches it.
import SwiftUI

struct Dessert: Identifiable, Hashable {
    var id: String { name }
    var name: String
    var imageName: String

    static let samples: [Dessert] = [
        Dessert(name: "Crème Brûlée", imageName: "creme-brulee"),
        Dessert(name: "Tarte Tatin", imageName: "tarte-tatin"),
        Dessert(name: "Macarons", imageName: "macarons"),
        Dessert(name: "Soufflé", imageName: "souffle"),
    ]
}

struct DessertPicker: View {
    @State private var favorites = Dessert.samples
    @State private var selection = Dessert.samples.first!

    var body: some View {
        VStack(spacing: 50) {
            HStack(spacing: 60) {
                ForEach(favorites) { dessert in
                    Button(dessert.name) { selection = dessert }
                }
            }

            Image(selection.imageName)
                .frame(width: 480, height: 270)

            HStack {
                Spacer()
                Button("Add to Grocery List") { addIngredients(selection) }
                Spacer()
            }
            .focusSection()
        }
    }

    private func addIngredients(_ dessert: Dessert) {}
}
