import SwiftUI

// A row that takes its title as an argument: opened by its own name (--view ToggleRow), it is built with what
// the file's preview passes it.
struct ToggleRow: View {
    private let title: LocalizedStringKey
    @Binding var value: Bool

    init(_ title: LocalizedStringKey, _ value: Binding<Bool>) {
        self.title = title
        _value = value
    }

    var body: some View {
        Toggle(isOn: $value) {
            Text(title)
        }
    }
}

struct ToggleRow_Previews: PreviewProvider {
    static var previews: some View {
        ToggleRow(.init("High Ground"), .constant(true))
            .padding()
    }
}
