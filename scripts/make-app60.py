#!/usr/bin/env python3
"""Writes Benchmarks/Fixtures/App60: a 60-file tvOS app (our own code) for `tenfoot-bench swiftui-app`.

A streaming app's sources as teams split them: models, catalogues of literal data, components, screens, extensions,
stores and the app itself, one type per file. Run from the repository's top: python3 scripts/make-app60.py
"""
import os
import shutil

OUT = "Benchmarks/Fixtures/App60"
files = {}

HEADER = "// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).\n"


def add(name, body):
    files[name] = HEADER + "import SwiftUI\n\n" + body.strip() + "\n"


TITLES = ["Northern Lights", "Harbour", "Orbit", "Salt and Stone", "Quiet Hours", "Lanterns", "Meridian",
          "Glass Coast", "Parallel", "Winter Garden", "Signal", "Driftwood", "Echo Valley", "Paper Moon", "Atlas",
          "Night Train", "Blue Hour", "Red Sails", "Little Comet", "The Kite", "Treehouse", "Snow Day"]
GENRES = [("drama", "Drama", "theatermasks"), ("comedy", "Comedy", "face.smiling"), ("thriller", "Thriller", "bolt"),
          ("family", "Family", "house"), ("documentary", "Documentary", "globe"), ("scifi", "Science Fiction", "sparkles")]

# Models (8)
add("Movie.swift", """
struct Movie: Identifiable, Hashable {
    var id: Int
    var title: String
    var year: Int
    var genre: String
    var minutes: Int
    var rating: Double
    var isNew = false
}
""")
add("Show.swift", """
struct Show: Identifiable, Hashable {
    var id: Int
    var title: String
    var seasons: Int
    var genre: String
    var isNew = false
}
""")
add("Episode.swift", """
struct Episode: Identifiable, Hashable {
    var id: Int
    var number: Int
    var title: String
    var minutes: Int
    var progress: Double = 0
}
""")
add("Genre.swift", """
struct Genre: Identifiable, Hashable {
    var id: String
    var name: String
    var symbol: String
}
""")
add("Person.swift", """
struct Person: Identifiable, Hashable {
    var id: Int
    var name: String
    var role: String
}
""")
add("Profile.swift", """
struct Profile: Identifiable, Hashable {
    var id: Int
    var name: String
    var symbol: String
    var isKid = false
}
""")
add("Channel.swift", """
struct Channel: Identifiable, Hashable {
    var id: Int
    var number: Int
    var name: String
    var nowPlaying: String
}
""")
add("Tab.swift", """
enum AppTab: String, CaseIterable, Identifiable {
    case home = "Home"
    case movies = "Movies"
    case shows = "TV Shows"
    case live = "Live"
    case search = "Search"
    case settings = "Settings"

    var id: String { rawValue }

    var symbol: String {
        switch self {
        case .home: "house"
        case .movies: "film"
        case .shows: "tv"
        case .live: "dot.radiowaves.left.and.right"
        case .search: "magnifyingglass"
        case .settings: "gear"
        }
    }
}
""")

# Catalogues (5)
def movies():
    rows = []
    for k, t in enumerate(TITLES):
        g = GENRES[k % len(GENRES)][0]
        new = ", isNew: true" if k % 5 == 0 else ""
        rows.append(f'        Movie(id: {k + 1}, title: "{t}", year: {1990 + (k * 7) % 35}, genre: "{g}", minutes: {88 + (k * 13) % 60}, rating: {6 + (k % 4) * 0.7:.1f}{new}),')
    return "\n".join(rows)


add("MovieCatalog.swift", f"""
enum MovieCatalog {{
    static let all: [Movie] = [
{movies()}
    ]

    static var featured: Movie {{ all[0] }}
    static var recent: [Movie] {{ all.filter {{ $0.year >= 2010 }} }}
    static var newArrivals: [Movie] {{ all.filter {{ $0.isNew }} }}

    static func movies(in genre: String) -> [Movie] {{
        all.filter {{ $0.genre == genre }}
    }}
}}
""")
add("ShowCatalog.swift", "enum ShowCatalog {\n    static let all: [Show] = [\n" + "\n".join(
    f'        Show(id: {100 + k}, title: "{t} Stories", seasons: {1 + k % 5}, genre: "{GENRES[k % 6][0]}"{", isNew: true" if k % 4 == 0 else ""}),'
    for k, t in enumerate(TITLES[:12])) + "\n    ]\n\n    static func episodes(of show: Show) -> [Episode] {\n        (1...8).map { n in Episode(id: show.id * 100 + n, number: n, title: \"Chapter \\(n)\", minutes: 42, progress: n == 1 ? 0.6 : 0) }\n    }\n}")
add("GenreCatalog.swift", "enum GenreCatalog {\n    static let all: [Genre] = [\n" + "\n".join(
    f'        Genre(id: "{i}", name: "{n}", symbol: "{s}"),' for i, n, s in GENRES) + "\n    ]\n}")
add("PeopleCatalog.swift", "enum PeopleCatalog {\n    static let cast: [Person] = [\n" + "\n".join(
    f'        Person(id: {k + 1}, name: "{n}", role: "{r}"),' for k, (n, r) in enumerate(
        [("Ada North", "Lead"), ("Ben Shore", "Captain"), ("Cleo Vance", "Pilot"), ("Dev Patel", "Engineer"),
         ("Eli Moss", "Narrator"), ("Fay Lin", "Director")])) + "\n    ]\n}")
add("ChannelCatalog.swift", "enum ChannelCatalog {\n    static let all: [Channel] = [\n" + "\n".join(
    f'        Channel(id: {k + 1}, number: {101 + k}, name: "{n}", nowPlaying: "{TITLES[k]}"),' for k, n in enumerate(
        ["News One", "Sport Plus", "Cinema", "Kids Club", "Nature", "Music Live", "Comedy Hour", "Docs"])) + "\n    ]\n}")

# Extensions and theme (7)
add("Theme.swift", """
enum Theme {
    static let posterWidth: CGFloat = 250
    static let posterHeight: CGFloat = 375
    static let wideWidth: CGFloat = 548
    static let wideHeight: CGFloat = 308
    static let shelfSpacing: CGFloat = 48
    static let sectionSpacing: CGFloat = 60
}
""")
add("Color+Theme.swift", """
extension Color {
    static let accentBlue = Color(red: 0.2, green: 0.5, blue: 0.95)
    static let badgeRed = Color(red: 0.85, green: 0.2, blue: 0.25)
    static let subtleText = Color.secondary
}
""")
add("View+CardStyle.swift", """
extension View {
    func posterFrame() -> some View {
        frame(width: Theme.posterWidth, height: Theme.posterHeight)
    }

    func wideFrame() -> some View {
        frame(width: Theme.wideWidth, height: Theme.wideHeight)
    }
}
""")
add("Int+Duration.swift", """
extension Int {
    var durationText: String {
        let hours = self / 60
        let minutes = self % 60
        return hours > 0 ? "\\(hours) h \\(minutes) min" : "\\(minutes) min"
    }
}
""")
add("Movie+Display.swift", """
extension Movie {
    var subtitle: String { "\\(year) · \\(minutes.durationText)" }
    var ratingText: String { "\\(rating)" }
}
""")
add("Show+Display.swift", """
extension Show {
    var subtitle: String { seasons == 1 ? "1 season" : "\\(seasons) seasons" }
}
""")
add("String+Initials.swift", """
extension String {
    var initials: String {
        split(separator: " ").compactMap { $0.first }.map { String($0) }.joined()
    }
}
""")

# Stores (3)
add("WatchlistStore.swift", """
final class WatchlistStore: ObservableObject {
    @Published var movies: [Movie] = Array(MovieCatalog.all.prefix(4))
    @Published var shows: [Show] = Array(ShowCatalog.all.prefix(2))
}
""")
add("SettingsStore.swift", """
final class SettingsStore: ObservableObject {
    @Published var autoplay = true
    @Published var subtitles = false
    @Published var quality = "Automatic"
}
""")
add("ProfileStore.swift", """
enum ProfileStore {
    static let profiles: [Profile] = [
        Profile(id: 1, name: "Alex", symbol: "person.circle"),
        Profile(id: 2, name: "Sam", symbol: "person.circle.fill"),
        Profile(id: 3, name: "Kids", symbol: "face.smiling", isKid: true),
    ]
}
""")

# Components (15)
add("PosterCard.swift", """
struct PosterCard: View {
    let movie: Movie

    var body: some View {
        NavigationLink {
            MovieDetailView(movie: movie)
        } label: {
            VStack(alignment: .leading) {
                Image(systemName: "film")
                    .posterFrame()
                Text(movie.title)
                    .font(.caption)
                    .lineLimit(1)
            }
        }
        .buttonStyle(.card)
    }
}
""")
add("WideCard.swift", """
struct WideCard: View {
    let title: String
    let detail: String

    var body: some View {
        Button {
        } label: {
            VStack(alignment: .leading) {
                Image(systemName: "play.rectangle")
                    .wideFrame()
                Text(title).font(.headline)
                Text(detail).font(.caption).foregroundStyle(Color.subtleText)
            }
        }
        .buttonStyle(.card)
    }
}
""")
add("MovieShelf.swift", """
struct MovieShelf: View {
    let title: String
    let movies: [Movie]

    var body: some View {
        VStack(alignment: .leading) {
            SectionHeader(title: title)
            ScrollView(.horizontal) {
                LazyHStack(spacing: Theme.shelfSpacing) {
                    ForEach(movies) { movie in
                        PosterCard(movie: movie)
                    }
                }
            }
        }
        .focusSection()
    }
}
""")
add("ShowShelf.swift", """
struct ShowShelf: View {
    let title: String
    let shows: [Show]

    var body: some View {
        VStack(alignment: .leading) {
            SectionHeader(title: title)
            ScrollView(.horizontal) {
                LazyHStack(spacing: Theme.shelfSpacing) {
                    ForEach(shows) { show in
                        ShowCard(show: show)
                    }
                }
            }
        }
        .focusSection()
    }
}
""")
add("ShowCard.swift", """
struct ShowCard: View {
    let show: Show

    var body: some View {
        NavigationLink {
            ShowDetailView(show: show)
        } label: {
            WideArtwork(title: show.title, subtitle: show.subtitle)
        }
        .buttonStyle(.card)
    }
}
""")
add("WideArtwork.swift", """
struct WideArtwork: View {
    let title: String
    let subtitle: String

    var body: some View {
        VStack(alignment: .leading) {
            Image(systemName: "tv")
                .wideFrame()
            Text(title).font(.headline)
            Text(subtitle).font(.caption)
        }
    }
}
""")
add("HeroBanner.swift", """
struct HeroBanner: View {
    let movie: Movie

    var body: some View {
        VStack(alignment: .leading, spacing: 20) {
            Text(movie.title).font(.largeTitle).bold()
            Text(movie.subtitle).font(.headline)
            HStack(spacing: 30) {
                PlayButton(title: "Play")
                NavigationLink("More Info") {
                    MovieDetailView(movie: movie)
                }
            }
        }
        .padding(60)
        .focusSection()
    }
}
""")
add("PlayButton.swift", """
struct PlayButton: View {
    let title: String

    var body: some View {
        Button {
        } label: {
            Label(title, systemImage: "play.fill")
        }
    }
}
""")
add("SectionHeader.swift", """
struct SectionHeader: View {
    let title: String

    var body: some View {
        Text(title)
            .font(.title3)
            .bold()
    }
}
""")
add("GenreChip.swift", """
struct GenreChip: View {
    let genre: Genre

    var body: some View {
        NavigationLink {
            GenreView(genre: genre)
        } label: {
            Label(genre.name, systemImage: genre.symbol)
        }
    }
}
""")
add("PersonCircle.swift", """
struct PersonCircle: View {
    let person: Person

    var body: some View {
        Button {
        } label: {
            VStack {
                Text(person.name.initials)
                    .font(.title2)
                    .frame(width: 160, height: 160)
                Text(person.name).font(.caption)
                Text(person.role).font(.caption2)
            }
        }
        .buttonStyle(.borderless)
    }
}
""")
add("RatingBadge.swift", """
struct RatingBadge: View {
    let rating: Double

    var body: some View {
        Label("\\(rating)", systemImage: "star.fill")
            .font(.caption)
            .foregroundStyle(Color.badgeRed)
    }
}
""")
add("EpisodeRow.swift", """
struct EpisodeRow: View {
    let episode: Episode

    var body: some View {
        Button {
        } label: {
            HStack(spacing: 24) {
                Text("\\(episode.number)").font(.title3)
                VStack(alignment: .leading) {
                    Text(episode.title).font(.headline)
                    Text(episode.minutes.durationText).font(.caption)
                }
                Spacer()
                if episode.progress > 0 {
                    ProgressView(value: episode.progress)
                        .frame(width: 200)
                }
            }
        }
    }
}
""")
add("ChannelTile.swift", """
struct ChannelTile: View {
    let channel: Channel

    var body: some View {
        Button {
        } label: {
            VStack(alignment: .leading) {
                Text("\\(channel.number)  \\(channel.name)").font(.headline)
                Text(channel.nowPlaying).font(.caption)
            }
            .frame(width: 400, height: 160, alignment: .leading)
        }
        .buttonStyle(.card)
    }
}
""")
add("EmptyState.swift", """
struct EmptyState: View {
    let message: String
    let symbol: String

    var body: some View {
        VStack(spacing: 20) {
            Image(systemName: symbol).font(.largeTitle)
            Text(message).font(.headline)
        }
    }
}
""")

# Screens (19)
add("HomeView.swift", """
struct HomeView: View {
    var body: some View {
        NavigationStack {
            ScrollView {
                VStack(alignment: .leading, spacing: Theme.sectionSpacing) {
                    HeroBanner(movie: MovieCatalog.featured)
                    MovieShelf(title: "New Arrivals", movies: MovieCatalog.newArrivals)
                    ContinueWatchingShelf()
                    MovieShelf(title: "Recently Added", movies: MovieCatalog.recent)
                    ShowShelf(title: "Popular Shows", shows: ShowCatalog.all)
                    GenreRow()
                }
            }
        }
    }
}
""")
add("ContinueWatchingShelf.swift", """
struct ContinueWatchingShelf: View {
    var body: some View {
        VStack(alignment: .leading) {
            SectionHeader(title: "Continue Watching")
            ScrollView(.horizontal) {
                LazyHStack(spacing: Theme.shelfSpacing) {
                    ForEach(ShowCatalog.all.prefix(4)) { show in
                        WideCard(title: show.title, detail: "Season 1, Chapter 2")
                    }
                }
            }
        }
        .focusSection()
    }
}
""")
add("GenreRow.swift", """
struct GenreRow: View {
    var body: some View {
        VStack(alignment: .leading) {
            SectionHeader(title: "Genres")
            HStack(spacing: 30) {
                ForEach(GenreCatalog.all) { genre in
                    GenreChip(genre: genre)
                }
            }
        }
        .focusSection()
    }
}
""")
add("MoviesView.swift", """
struct MoviesView: View {
    let columns = Array(repeating: GridItem(.fixed(Theme.posterWidth), spacing: 48), count: 6)

    var body: some View {
        NavigationStack {
            ScrollView {
                LazyVGrid(columns: columns, spacing: 60) {
                    ForEach(MovieCatalog.all) { movie in
                        PosterCard(movie: movie)
                    }
                }
            }
        }
    }
}
""")
add("ShowsView.swift", """
struct ShowsView: View {
    var body: some View {
        NavigationStack {
            ScrollView {
                VStack(alignment: .leading, spacing: Theme.sectionSpacing) {
                    ForEach(GenreCatalog.all) { genre in
                        ShowShelf(title: genre.name, shows: ShowCatalog.all.filter { $0.genre == genre.id })
                    }
                }
            }
        }
    }
}
""")
add("LiveView.swift", """
struct LiveView: View {
    var body: some View {
        ScrollView {
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 400), spacing: 40)], spacing: 40) {
                ForEach(ChannelCatalog.all) { channel in
                    ChannelTile(channel: channel)
                }
            }
        }
    }
}
""")
add("SearchView.swift", """
struct SearchView: View {
    @State private var query = ""

    var results: [Movie] {
        query.isEmpty ? MovieCatalog.all : MovieCatalog.all.filter { $0.title.contains(query) }
    }

    var body: some View {
        NavigationStack {
            ScrollView {
                LazyVGrid(columns: Array(repeating: GridItem(.fixed(Theme.posterWidth)), count: 6)) {
                    ForEach(results) { movie in
                        PosterCard(movie: movie)
                    }
                }
            }
            .searchable(text: $query)
        }
    }
}
""")
add("SettingsView.swift", """
struct SettingsView: View {
    @State private var autoplay = true
    @State private var subtitles = false

    var body: some View {
        NavigationStack {
            List {
                Section("Playback") {
                    Toggle("Autoplay Next Episode", isOn: $autoplay)
                    Toggle("Subtitles", isOn: $subtitles)
                    NavigationLink("Video Quality") {
                        QualityView()
                    }
                }
                Section("Account") {
                    NavigationLink("Profiles") {
                        ProfilePickerView()
                    }
                    NavigationLink("Watchlist") {
                        WatchlistView()
                    }
                    NavigationLink("About") {
                        AboutView()
                    }
                }
            }
        }
    }
}
""")
add("QualityView.swift", """
struct QualityView: View {
    @State private var quality = "Automatic"
    let options = ["Automatic", "High", "Data Saver"]

    var body: some View {
        List {
            ForEach(options, id: \\.self) { option in
                Button {
                    quality = option
                } label: {
                    HStack {
                        Text(option)
                        Spacer()
                        if option == quality {
                            Image(systemName: "checkmark")
                        }
                    }
                }
            }
        }
    }
}
""")
add("ProfilePickerView.swift", """
struct ProfilePickerView: View {
    var body: some View {
        VStack(spacing: 60) {
            Text("Who's Watching?").font(.title)
            HStack(spacing: 60) {
                ForEach(ProfileStore.profiles) { profile in
                    Button {
                    } label: {
                        VStack {
                            Image(systemName: profile.symbol).font(.largeTitle)
                            Text(profile.name)
                        }
                        .frame(width: 240, height: 240)
                    }
                    .buttonStyle(.card)
                }
            }
        }
    }
}
""")
add("WatchlistView.swift", """
struct WatchlistView: View {
    let movies = Array(MovieCatalog.all.prefix(4))

    var body: some View {
        if movies.isEmpty {
            EmptyState(message: "Your watchlist is empty", symbol: "bookmark")
        } else {
            MovieShelf(title: "Watchlist", movies: movies)
        }
    }
}
""")
add("AboutView.swift", """
struct AboutView: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 20) {
            Text("App60").font(.title)
            Text("Version 1.0").font(.headline)
            Text("A fixture of TenFoot's benchmarks.").font(.body)
        }
    }
}
""")
add("MovieDetailView.swift", """
struct MovieDetailView: View {
    let movie: Movie

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 40) {
                Text(movie.title).font(.largeTitle).bold()
                HStack(spacing: 30) {
                    Text(movie.subtitle)
                    RatingBadge(rating: movie.rating)
                }
                HStack(spacing: 30) {
                    PlayButton(title: "Play")
                    Button("Add to Watchlist", systemImage: "plus") {}
                }
                .focusSection()
                CastRow()
                MovieShelf(title: "More Like This", movies: MovieCatalog.movies(in: movie.genre))
            }
        }
    }
}
""")
add("CastRow.swift", """
struct CastRow: View {
    var body: some View {
        VStack(alignment: .leading) {
            SectionHeader(title: "Cast & Crew")
            ScrollView(.horizontal) {
                HStack(spacing: 40) {
                    ForEach(PeopleCatalog.cast) { person in
                        PersonCircle(person: person)
                    }
                }
            }
        }
        .focusSection()
    }
}
""")
add("ShowDetailView.swift", """
struct ShowDetailView: View {
    let show: Show
    @State private var season = 1

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 40) {
                Text(show.title).font(.largeTitle).bold()
                Text(show.subtitle).font(.headline)
                SeasonPicker(seasons: show.seasons, season: $season)
                SeasonView(show: show)
            }
        }
    }
}
""")
add("SeasonPicker.swift", """
struct SeasonPicker: View {
    let seasons: Int
    @Binding var season: Int

    var body: some View {
        HStack(spacing: 20) {
            ForEach(1...seasons, id: \\.self) { number in
                Button("Season \\(number)") {
                    season = number
                }
            }
        }
        .focusSection()
    }
}
""")
add("SeasonView.swift", """
struct SeasonView: View {
    let show: Show

    var body: some View {
        VStack(alignment: .leading, spacing: 20) {
            ForEach(ShowCatalog.episodes(of: show)) { episode in
                EpisodeRow(episode: episode)
            }
        }
    }
}
""")
add("GenreView.swift", """
struct GenreView: View {
    let genre: Genre

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: Theme.sectionSpacing) {
                Label(genre.name, systemImage: genre.symbol).font(.title)
                MovieShelf(title: "Movies", movies: MovieCatalog.movies(in: genre.id))
                ShowShelf(title: "Shows", shows: ShowCatalog.all.filter { $0.genre == genre.id })
            }
        }
    }
}
""")
add("KidsView.swift", """
struct KidsView: View {
    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: Theme.sectionSpacing) {
                MovieShelf(title: "Family Favourites", movies: MovieCatalog.movies(in: "family"))
                ShowShelf(title: "Cartoons", shows: ShowCatalog.all.filter { $0.genre == "family" })
            }
        }
    }
}
""")

# The app (2)
add("RootView.swift", """
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
""")
add("App60App.swift", """
@main
struct App60App: App {
    var body: some Scene {
        WindowGroup {
            RootView()
        }
    }
}
""")

extra = 60 - len(files)
# Small screens teams keep in their own files, until the folder holds 60.
for k in range(extra):
    g = GENRES[k % len(GENRES)]
    add(f"Collection{k + 1}View.swift", f"""
struct Collection{k + 1}View: View {{
    let title = "{g[1]} Collection {k + 1}"

    var body: some View {{
        ScrollView {{
            VStack(alignment: .leading, spacing: Theme.sectionSpacing) {{
                Text(title).font(.title)
                MovieShelf(title: "Movies", movies: MovieCatalog.movies(in: "{g[0]}"))
            }}
        }}
    }}
}}
""")

shutil.rmtree(OUT, ignore_errors=True)
os.makedirs(OUT)
for name in sorted(files):
    with open(os.path.join(OUT, name), "w") as f:
        f.write(files[name])
print(f"{OUT}: {len(files)} files, {sum(t.count(chr(10)) for t in files.values())} lines")
