import SwiftUI

@main
struct ShowsApp: App {
    @StateObject private var library = Library()

    var body: some Scene {
        WindowGroup {
            RootView()
                .environmentObject(library)
        }
        #if os(macOS)
            Settings { Text("Preferences") }
        #endif
    }
}
