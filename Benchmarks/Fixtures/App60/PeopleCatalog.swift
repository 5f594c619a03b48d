// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

enum PeopleCatalog {
    static let cast: [Person] = [
        Person(id: 1, name: "Ada North", role: "Lead"),
        Person(id: 2, name: "Ben Shore", role: "Captain"),
        Person(id: 3, name: "Cleo Vance", role: "Pilot"),
        Person(id: 4, name: "Dev Patel", role: "Engineer"),
        Person(id: 5, name: "Eli Moss", role: "Narrator"),
        Person(id: 6, name: "Fay Lin", role: "Director"),
    ]
}
