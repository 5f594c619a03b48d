// Seed: swiftui-cookbook-for-focus-wwdc23.md, "可聚焦网格支持键盘导航" (ContentView): the whole grid is focusable
// with its focus effect off, publishes the selection as a focused value, and moves the selection with
// onMoveCommand; the tap gestures are chosen per platform with #if.
import SwiftUI

struct Cake: Identifiable, Hashable {
    var id: Int
    var name: String

    static let examples: [Cake] = [
        Cake(id: 1, name: "Sacher"), Cake(id: 2, name: "Pavlova"), Cake(id: 3, name: "Opera"),
        Cake(id: 4, name: "Baklava"), Cake(id: 5, name: "Tiramisu"), Cake(id: 6, name: "Strudel"),
    ]
}

struct CakeTile: View {
    let cake: Cake
    let isSelected: Bool

    var body: some View {
        VStack {
            RoundedRectangle(cornerRadius: 16)
                .frame(width: 320, height: 180)
            Text(cake.name)
        }
    }
}

struct CakeGrid: View {
    @State private var cakes = Cake.examples
    @State private var selection: Cake.ID = Cake.examples.first!.id
    @Environment(\.layoutDirection) private var layoutDirection
    private let columns = [GridItem(.adaptive(minimum: 320))]

    var body: some View {
        LazyVGrid(columns: columns) {
            ForEach(cakes) { cake in
                CakeTile(cake: cake, isSelected: cake.id == selection)
                    .id(cake.id)
                    #if os(macOS)
                    .onTapGesture { selection = cake.id }
                    #else
                    .onTapGesture { open(cake.id) }
                    #endif
            }
        }
        .focusable()
        .focusEffectDisabled()
        .focusedValue(\.selectedCake, $selection)
        .onMoveCommand { direction in
            moveSelection(direction)
        }
        .onKeyPress(.return) {
            open(selection)
            return .handled
        }
    }

    private func moveSelection(_ direction: MoveCommandDirection) {
        switch direction {
        case .left: selection = max(1, selection - 1)
        case .right: selection = min(cakes.count, selection + 1)
        case .up: selection = max(1, selection - 5)
        case .down: selection = min(cakes.count, selection + 5)
        @unknown default: break
        }
    }

    private func open(_ id: Cake.ID) {}
}

struct SelectedCakeKey: FocusedValueKey { typealias Value = Binding<Int> }

extension FocusedValues {
    var selectedCake: Binding<Int>? {
        get { self[SelectedCakeKey.self] }
        set { self[SelectedCakeKey.self] = newValue }
    }
}
