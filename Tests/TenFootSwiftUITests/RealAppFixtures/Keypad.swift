import SwiftUI

// A PIN keypad: each key's size is its label's frame, and the empty corner is a clear colour of the same size.
struct KeypadView: View {
    @State private var pin = ""
    private let rows = [["1", "2", "3"], ["", "0", "delete"]]

    var body: some View {
        VStack(spacing: 20) {
            ForEach(rows, id: \.self) { row in
                HStack(spacing: 20) {
                    ForEach(row, id: \.self) { key in
                        keyButton(key)
                    }
                }
            }
        }
    }

    @ViewBuilder
    private func keyButton(_ key: String) -> some View {
        if key.isEmpty {
            Color.clear.frame(width: 110, height: 110)
        } else {
            Button {
                pin.append(key)
            } label: {
                Group {
                    if key == "delete" {
                        Image(systemName: "delete.left")
                    } else {
                        Text(key)
                    }
                }
                .frame(width: 110, height: 110)
                .accessibilityLabel(key == "delete" ? "Delete" : key)
            }
        }
    }
}
