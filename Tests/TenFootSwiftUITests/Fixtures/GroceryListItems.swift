// Seed: swiftui-cookbook-for-focus-wwdc23.md, "编程式控制焦点移动" (GroceryListView): a list of item fields bound to
// a FocusState of item ids, default focus on the last item, and a toolbar button (and submitting a field) that
// adds an empty item and focuses it.
import SwiftUI

struct Grocery: Identifiable, Hashable {
    var id: Int
    var name: String
    var isObtained = false
}

struct GroceryList {
    var items: [Grocery]
    var nextID: Int

    mutating func addItem() -> Grocery {
        let item = Grocery(id: nextID, name: "")
        nextID += 1
        items.append(item)
        return item
    }

    static let examples = GroceryList(items: [
        Grocery(id: 1, name: "Apples"),
        Grocery(id: 2, name: "Bread"),
        Grocery(id: 3, name: "Cream"),
    ], nextID: 4)
}

struct GroceryListView: View {
    @State private var list = GroceryList.examples
    @FocusState private var focusedItem: Grocery.ID?

    var body: some View {
        NavigationStack {
            List($list.items) { $item in
                HStack {
                    Toggle("Obtained", isOn: $item.isObtained)
                    TextField("Item Name", text: $item.name)
                        .onSubmit { addEmptyItem() }
                        .focused($focusedItem, equals: item.id)
                }
            }
            .defaultFocus($focusedItem, list.items.last?.id)
            .toggleStyle(.checklist)
        }
        .toolbar {
            Button(action: addEmptyItem) {
                Label("New Item", systemImage: "plus")
            }
        }
    }

    private func addEmptyItem() {
        let newItem = list.addItem()
        focusedItem = newItem.id
    }
}
