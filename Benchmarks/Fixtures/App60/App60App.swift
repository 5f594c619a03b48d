// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

@main
struct App60App: App {
    var body: some Scene {
        WindowGroup {
            RootView()
        }
    }
}
