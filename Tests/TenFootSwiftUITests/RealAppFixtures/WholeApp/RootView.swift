import SwiftUI

struct RootView: View {
    var body: some View {
        TabView {
            BrowseView()
                .tabItem { Label("Browse", systemImage: "film") }
            SettingsView()
                .tabItem { Label("Settings", systemImage: "gear") }
        }
    }
}

#Preview("Root") {
    RootView().environmentObject(Library())
}

#Preview("Empty") {
    RootView().environmentObject(Library())
}
