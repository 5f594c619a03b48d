import Foundation

struct Show: Identifiable, Hashable {
    let id: Int
    let title: String
    let year: Int
}

final class Library: ObservableObject {
    @Published var shows: [Show] = [
        Show(id: 1, title: "Harbour Lights", year: 2021),
        Show(id: 2, title: "Night Train", year: 2023),
        Show(id: 3, title: "Salt Flats", year: 2024),
    ]
}
