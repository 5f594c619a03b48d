import SwiftUI

// A search inside a sheet: tvOS presents search full screen, and the scene format refuses a search in a sheet.
// The translation gives way (the sheet shows the search's content) instead of refusing the file.
struct SearchInSheet: View {
    @State private var showGuide = false
    @State private var query = ""

    var body: some View {
        VStack {
            Button("Guide") { showGuide = true }
        }
        .sheet(isPresented: $showGuide) {
            VStack {
                Button("News") {}
                Button("Sports") {}
            }
            .searchable(text: $query)
        }
    }
}
