// Seeds: focus-engine-skill.md, "Focused Values and Scene Values" (RecipeDetailView), and
// swiftui-cookbook-for-focus-wwdc23.md, "Focused Values 实现菜单命令与主内容的联动" (RecipeView).
// A text publishes the recipe as a focused scene value; on tvOS a text cannot take focus, so nothing is ever
// published (the menu-command half of the seeds is macOS).
import SwiftUI

struct Dish: Identifiable, Hashable {
    var id: Int
    var title: String
}

struct SelectedDishKey: FocusedValueKey {
    typealias Value = Binding<Dish>
}

extension FocusedValues {
    var selectedDish: Binding<Dish>? {
        get { self[SelectedDishKey.self] }
        set { self[SelectedDishKey.self] = newValue }
    }
}

struct DishDetail: View {
    @Binding var dish: Dish

    var body: some View {
        VStack {
            Text(dish.title)
                .focusedSceneValue(\.selectedDish, $dish)
            Button("Cook") {}
        }
    }
}

#Preview {
    DishDetail(dish: .constant(Dish(id: 1, title: "Crème brûlée")))
}
