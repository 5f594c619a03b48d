import SwiftUI

// A preview that passes a list the app declares as a static member of Array (`.films`).
struct Film: Identifiable {
    let id: Int
    let title: String
}

extension Array {
    static var films: [Film] {
        [Film(id: 1, title: "Harbour"), Film(id: 2, title: "Summit")]
    }
}

struct FilmsRow: View {
    let films: [Film]

    var body: some View {
        HStack {
            ForEach(films) { film in
                Button(film.title) {}
            }
        }
    }
}

#Preview {
    FilmsRow(films: .films)
}
