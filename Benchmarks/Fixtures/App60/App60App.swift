// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
import SwiftUI

@main
struct App60App: App {
    var body: some Scene {
        WindowGroup {
            RootView()
        }
    }
}
