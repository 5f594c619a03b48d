// Gallery: a search screen without the keyboard. A text field (already holding a query) above a grid of
// result cards and a row of suggestion buttons. Down from the field enters the results; the suggestions
// sit in a focus section so a swipe up from the grid's end still reaches them.
import SwiftUI

struct Result: Identifiable {
    let id: Int
    let title: String
    let year: String
}

struct SearchResults: View {
    @State private var query = "harbour"
    @FocusState private var fieldFocused: Bool

    let suggestions = ["Harbour Lights", "Harbour Master", "Harbourline Live"]
    let results = [
        Result(id: 1, title: "Harbour", year: "2024"),
        Result(id: 2, title: "Harbour: The Storm", year: "2025"),
        Result(id: 3, title: "Lights on the Harbour", year: "2019"),
        Result(id: 4, title: "Harbour Cooks", year: "2023"),
        Result(id: 5, title: "The Harbour Bridge", year: "2021"),
        Result(id: 6, title: "Harbour Nights", year: "2022"),
        Result(id: 7, title: "Winter Harbour", year: "2020"),
        Result(id: 8, title: "Harbour Kids", year: "2024"),
    ]

    var body: some View {
        VStack(alignment: .leading, spacing: 40) {
            TextField("Shows, Movies and More", text: $query)
                .focused($fieldFocused)
                .frame(width: 1000)
            HStack(spacing: 30) {
                ForEach(suggestions, id: \.self) { s in
                    Button(s) { query = s }
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .focusSection()
            Text("Top Results")
                .font(.headline)
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 380), spacing: 48)], spacing: 60) {
                ForEach(results) { r in
                    Button {
                    } label: {
                        VStack {
                            Image("result-\(r.id)")
                                .resizable()
                                .frame(width: 380, height: 214)
                            Text(r.title)
                            Text(r.year)
                        }
                    }
                    .buttonStyle(.card)
                }
            }
        }
        .onAppear { fieldFocused = true }
    }
}
