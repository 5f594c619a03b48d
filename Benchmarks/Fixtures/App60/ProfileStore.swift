// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

enum ProfileStore {
    static let profiles: [Profile] = [
        Profile(id: 1, name: "Alex", symbol: "person.circle"),
        Profile(id: 2, name: "Sam", symbol: "person.circle.fill"),
        Profile(id: 3, name: "Kids", symbol: "face.smiling", isKid: true),
    ]
}
