// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
import SwiftUI

struct RootView: View {
    @State private var selection = AppTab.home

    var body: some View {
        TabView(selection: $selection) {
            HomeView()
                .tabItem { Label(AppTab.home.rawValue, systemImage: AppTab.home.symbol) }
                .tag(AppTab.home)
            MoviesView()
                .tabItem { Label(AppTab.movies.rawValue, systemImage: AppTab.movies.symbol) }
                .tag(AppTab.movies)
            ShowsView()
                .tabItem { Label(AppTab.shows.rawValue, systemImage: AppTab.shows.symbol) }
                .tag(AppTab.shows)
            LiveView()
                .tabItem { Label(AppTab.live.rawValue, systemImage: AppTab.live.symbol) }
                .tag(AppTab.live)
            SearchView()
                .tabItem { Label(AppTab.search.rawValue, systemImage: AppTab.search.symbol) }
                .tag(AppTab.search)
            SettingsView()
                .tabItem { Label(AppTab.settings.rawValue, systemImage: AppTab.settings.symbol) }
                .tag(AppTab.settings)
        }
    }
}
