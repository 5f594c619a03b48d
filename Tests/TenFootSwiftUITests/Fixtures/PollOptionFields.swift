// Seed: focus-field-chaining.md, "Example: dynamic focus for variable fields" (PollView): a field per option,
// bound to a FocusState enum with an associated index; submitting a field appends an option and, after a
// short delay, focuses the next field.
import SwiftUI

struct PollEditor: View {
    enum Focus: Hashable { case choice(Int) }

    @FocusState private var focus: Focus?
    @State private var choices: [String] = ["", ""]
    @State private var nextIndex = 0

    var body: some View {
        VStack(alignment: .leading, spacing: 30) {
            ForEach(choices.indices, id: \.self) { index in
                TextField("Choice \(index + 1)", text: $choices[index])
                    .focused($focus, equals: .choice(index))
                    .onSubmit { addChoice(after: index) }
            }
        }
        .onAppear { focus = .choice(0) }
    }

    private func addChoice(after index: Int) {
        choices.append("")
        nextIndex = index + 1
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.01) {
            focus = .choice(nextIndex)
        }
    }
}
