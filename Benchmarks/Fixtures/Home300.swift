// A 300-line tvOS home screen for the SwiftUI benchmark (`tenfoot-bench swiftui`): a hero, five shelves of
// posters from literal data, a sidebar of categories, a settings sheet with a form, and a search field.
import SwiftUI

struct Movie: Identifiable, Hashable {
    var id: Int
    var title: String
    var year: Int
    var artwork: String
    var isNew = false
}

enum Category: String, CaseIterable, Identifiable {
    case featured = "Featured"
    case movies = "Movies"
    case shows = "TV Shows"
    case kids = "Kids"
    case sports = "Sports"
    case music = "Music"

    var id: String { rawValue }

    var symbol: String {
        switch self {
        case .featured: "star"
        case .movies: "film"
        case .shows: "tv"
        case .kids: "figure.and.child.holdinghands"
        case .sports: "sportscourt"
        case .music: "music.note"
        }
    }
}

struct Shelf: Identifiable {
    var id: String { title }
    var title: String
    var movies: [Movie]
}

enum Library {
    static let upNext: [Movie] = [
        Movie(id: 1, title: "Northern Lights", year: 2023, artwork: "northern-lights", isNew: true),
        Movie(id: 2, title: "The Long Way Home", year: 2021, artwork: "long-way-home"),
        Movie(id: 3, title: "Harbour", year: 2022, artwork: "harbour"),
        Movie(id: 4, title: "Orbit", year: 2020, artwork: "orbit"),
        Movie(id: 5, title: "Salt and Stone", year: 2019, artwork: "salt-stone"),
        Movie(id: 6, title: "Quiet Hours", year: 2024, artwork: "quiet-hours", isNew: true),
        Movie(id: 7, title: "Lanterns", year: 2018, artwork: "lanterns"),
        Movie(id: 8, title: "Meridian", year: 2022, artwork: "meridian"),
    ]

    static let trending: [Movie] = [
        Movie(id: 11, title: "Glass Coast", year: 2024, artwork: "glass-coast", isNew: true),
        Movie(id: 12, title: "Parallel", year: 2023, artwork: "parallel"),
        Movie(id: 13, title: "Winter Garden", year: 2021, artwork: "winter-garden"),
        Movie(id: 14, title: "Signal", year: 2020, artwork: "signal"),
        Movie(id: 15, title: "Driftwood", year: 2022, artwork: "driftwood"),
        Movie(id: 16, title: "Echo Valley", year: 2019, artwork: "echo-valley"),
        Movie(id: 17, title: "Paper Moon", year: 2023, artwork: "paper-moon"),
        Movie(id: 18, title: "Atlas", year: 2024, artwork: "atlas", isNew: true),
    ]

    static let classics: [Movie] = [
        Movie(id: 21, title: "The Lighthouse Keeper", year: 1962, artwork: "lighthouse"),
        Movie(id: 22, title: "Night Train", year: 1958, artwork: "night-train"),
        Movie(id: 23, title: "Summer Letters", year: 1971, artwork: "summer-letters"),
        Movie(id: 24, title: "Blue Hour", year: 1966, artwork: "blue-hour"),
        Movie(id: 25, title: "The Quiet Town", year: 1974, artwork: "quiet-town"),
        Movie(id: 26, title: "Red Sails", year: 1953, artwork: "red-sails"),
    ]

    static let family: [Movie] = [
        Movie(id: 31, title: "Little Comet", year: 2022, artwork: "little-comet"),
        Movie(id: 32, title: "The Kite", year: 2021, artwork: "the-kite"),
        Movie(id: 33, title: "Paws", year: 2023, artwork: "paws", isNew: true),
        Movie(id: 34, title: "Treehouse", year: 2020, artwork: "treehouse"),
        Movie(id: 35, title: "Snow Day", year: 2019, artwork: "snow-day"),
        Movie(id: 36, title: "Robot Friend", year: 2024, artwork: "robot-friend"),
    ]

    static let documentaries: [Movie] = [
        Movie(id: 41, title: "Deep Blue", year: 2021, artwork: "deep-blue"),
        Movie(id: 42, title: "High Ground", year: 2022, artwork: "high-ground"),
        Movie(id: 43, title: "The Bee Year", year: 2023, artwork: "bee-year"),
        Movie(id: 44, title: "Salt Flats", year: 2020, artwork: "salt-flats"),
        Movie(id: 45, title: "Night Sky", year: 2024, artwork: "night-sky", isNew: true),
    ]

    static let shelves: [Shelf] = [
        Shelf(title: "Up Next", movies: upNext),
        Shelf(title: "Trending", movies: trending),
        Shelf(title: "Classics", movies: classics),
        Shelf(title: "For the Family", movies: family),
        Shelf(title: "Documentaries", movies: documentaries),
    ]
}

struct PosterCard: View {
    let movie: Movie
    let onSelect: () -> Void

    var body: some View {
        Button(action: onSelect) {
            VStack(alignment: .leading, spacing: 12) {
                Image(movie.artwork)
                    .resizable()
                    .aspectRatio(2 / 3, contentMode: .fill)
                    .frame(width: 250, height: 375)
                    .clipped()
                Text(movie.title)
                    .font(.caption)
                    .lineLimit(1)
                Text(movie.isNew ? "New · \(movie.year)" : "\(movie.year)")
                    .font(.caption2)
                    .foregroundStyle(.secondary)
            }
        }
        .buttonStyle(.card)
    }
}

struct ShelfRow: View {
    let shelf: Shelf
    let onSelect: (Movie) -> Void

    var body: some View {
        VStack(alignment: .leading, spacing: 20) {
            Text(shelf.title)
                .font(.headline)
            ScrollView(.horizontal) {
                LazyHStack(spacing: 40) {
                    ForEach(shelf.movies) { movie in
                        PosterCard(movie: movie) { onSelect(movie) }
                    }
                }
                .padding(.vertical, 20)
            }
            .scrollClipDisabled()
        }
    }
}

struct HeroBanner: View {
    let movie: Movie
    @Binding var selected: Movie?

    var body: some View {
        ZStack(alignment: .bottomLeading) {
            Image("hero-\(movie.artwork)")
                .resizable()
                .frame(maxWidth: .infinity)
                .frame(height: 420)
            VStack(alignment: .leading, spacing: 16) {
                Text(movie.title)
                    .font(.title)
                Text("Now streaming · \(movie.year)")
                    .font(.callout)
                HStack(spacing: 30) {
                    Button("Play") { selected = movie }
                    Button("Trailer") {}
                    Button {
                    } label: {
                        Label("Add to Up Next", systemImage: "plus")
                    }
                }
                .focusSection()
            }
            .padding(40)
        }
    }
}

struct CategorySidebar: View {
    @Binding var category: Category
    @FocusState private var focused: Category?

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            ForEach(Category.allCases) { item in
                Button {
                    category = item
                } label: {
                    Label(item.rawValue, systemImage: item.symbol)
                }
                .focused($focused, equals: item)
            }
            Spacer()
        }
        .frame(width: 360)
        .focusSection()
        .defaultFocus($focused, .featured)
    }
}

struct SettingsSheet: View {
    @Environment(\.dismiss) private var dismiss
    @State private var autoplay = true
    @State private var subtitles = false
    @State private var quality = "Automatic"
    @State private var profile = ""

    var body: some View {
        Form {
            Section(header: Text("Playback"), footer: Text("Changes apply to every profile.")) {
                Toggle("Autoplay Previews", isOn: $autoplay)
                Toggle("Subtitles", isOn: $subtitles)
                Picker("Quality", selection: $quality) {
                    Text("Automatic").tag("Automatic")
                    Text("High Definition").tag("High Definition")
                    Text("4K HDR").tag("4K HDR")
                }
            }
            Section("Profile") {
                TextField("Profile name", text: $profile)
                Button("Done") { dismiss() }
            }
        }
        .frame(width: 1000)
    }
}

struct HomeView: View {
    enum Focus: Hashable {
        case search
        case settings
    }

    @State private var category: Category = .featured
    @State private var selected: Movie?
    @State private var showSettings = false
    @State private var query = ""
    @FocusState private var focus: Focus?

    private let shelves = Library.shelves

    var body: some View {
        NavigationStack {
            HStack(alignment: .top, spacing: 60) {
                CategorySidebar(category: $category)
                ScrollView {
                    VStack(alignment: .leading, spacing: 60) {
                        header
                        HeroBanner(movie: shelves[0].movies[0], selected: $selected)
                        ForEach(shelves) { shelf in
                            ShelfRow(shelf: shelf) { movie in
                                selected = movie
                            }
                        }
                        footer
                    }
                }
            }
            .navigationTitle("Watch Now")
        }
        .sheet(isPresented: $showSettings) {
            SettingsSheet()
        }
        .onAppear { focus = nil }
    }

    private var header: some View {
        HStack(spacing: 30) {
            TextField("Search movies and shows", text: $query)
                .focused($focus, equals: .search)
                .frame(width: 700)
                .onSubmit { focus = .settings }
            Spacer()
            #if os(tvOS)
            Button("Settings") { showSettings = true }
                .focused($focus, equals: .settings)
            #else
            Button("Preferences…") { showSettings = true }
            #endif
        }
    }

    @ViewBuilder
    private var footer: some View {
        if let movie = selected {
            Text("Last chosen: \(movie.title)")
                .font(.footnote)
        } else {
            FooterNotice(message: "Choose something to watch", count: shelves.count)
        }
    }
}

struct FooterNotice: View {
    let message: String
    let count: Int

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text(message)
                .font(.footnote)
            Text("\(count) shelves · updated daily")
                .font(.caption2)
        }
    }
}

#Preview("Home") {
    HomeView()
}
