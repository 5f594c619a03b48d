import SwiftUI

// Settings rows as apps write them: a menu row whose title is a Text kept in a property, a toggle whose
// label is a labelled closure, a link whose destination is a closure argument, a button whose label is a
// LabeledContent kept as a value, and icon-only stepper buttons.
struct MenuRow<Content: View>: View {
    private let title: Text
    private let content: () -> Content

    var body: some View {
        Menu(content: content) {
            HStack {
                title
                Spacer()
                Image(systemName: "chevron.up.chevron.down")
            }
        }
    }
}

extension MenuRow {
    init(_ title: String, @ViewBuilder content: @escaping () -> Content) {
        self.title = Text(title)
        self.content = content
    }
}

struct ValueRow: View {
    private let row: LabeledContent<Text, Text>
    let action: () -> Void

    init(_ title: String, value: String, action: @escaping () -> Void) {
        row = LabeledContent {
            Text(value)
        } label: {
            Text(title)
        }
        self.action = action
    }

    var body: some View {
        Button(action: action) { row }
    }
}

struct SettingsRowsView: View {
    @State private var quality = 0
    @State private var autoplay = true
    @State private var columns = 4

    var body: some View {
        VStack(alignment: .leading) {
            MenuRow("Maximum Bitrate") {
                Button("Auto") { quality = 0 }
                Button("4K") { quality = 1 }
            }
            Toggle(
                isOn: $autoplay,
                label: {
                    VStack(alignment: .leading) {
                        Text("Autoplay")
                        Text("Play the next episode").font(.caption)
                    }
                })
            NavigationLink(destination: { Text("About this app") }) {
                Label("About", systemImage: "info.circle")
            }
            ValueRow("Columns", value: "4") {}
            HStack {
                Button {
                    columns -= 1
                } label: {
                    Image(systemName: "minus")
                }
                Button {
                    columns += 1
                } label: {
                    Image(systemName: "plus")
                }
            }
        }
    }
}
