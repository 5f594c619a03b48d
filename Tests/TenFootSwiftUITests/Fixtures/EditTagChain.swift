// Seed: focus-field-chaining.md, "Example: chained focus with enum" (EditTagView): onAppear focuses the title;
// each field's onSubmit moves the FocusState to the next case (the last names a case no field is bound to).
import SwiftUI

struct TagEditor: View {
    enum Slot { case name, emoji, nextTag }

    @State private var name = ""
    @State private var emoji = ""
    @FocusState private var slot: Slot?

    var body: some View {
        Form {
            TextField("Name", text: $name)
                .focused($slot, equals: .name)
                .onSubmit { slot = .emoji }

            TextField("Emoji", text: $emoji)
                .focused($slot, equals: .emoji)
                .onSubmit { slot = .nextTag }
        }
        .onAppear { slot = .name }
    }
}
