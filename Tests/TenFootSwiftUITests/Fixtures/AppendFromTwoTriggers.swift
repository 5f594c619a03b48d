import SwiftUI

/// Rows appended from two triggers: Select on Add, and Play/Pause anywhere in the list. Each appended row is
/// a node the translation lists, in an order that must not depend on the process.
struct AppendFromTwoTriggers: View {
    @State private var rows: [String] = ["First"]

    var body: some View {
        VStack {
            ForEach(rows, id: \.self) { row in
                Button(row) {}
            }
            Button("Add") { rows.append("Added") }
                .onPlayPauseCommand { rows.append("Paused") }
        }
    }
}
