// Gallery: a sheet. A browse screen whose Filters button presents a form sheet of toggles and a picker;
// Done (dismiss) or Menu closes it and focus returns to Filters. Sort asks in a confirmation dialog.
import SwiftUI

struct FilterPanel: View {
    @Environment(\.dismiss) private var dismiss
    @State private var unwatched = true
    @State private var downloaded = false
    @State private var genre = "All"

    var body: some View {
        Form {
            Section("Show") {
                Toggle("Unwatched Only", isOn: $unwatched)
                Toggle("Downloaded", isOn: $downloaded)
                Picker("Genre", selection: $genre) {
                    Text("All").tag("All")
                    Text("Drama").tag("Drama")
                    Text("Comedy").tag("Comedy")
                    Text("Documentary").tag("Documentary")
                }
            }
            Button("Done") { dismiss() }
        }
        .navigationTitle("Filters")
        .presentationSizing(.form)
    }
}

struct FiltersSheetScreen: View {
    @State private var showFilters = false
    @State private var chooseSort = false
    @State private var sort = "Recently Added"

    let titles = ["Blue Hour", "Cold Open", "Driftwood", "Echo Park", "First Snow", "Gold Coast"]

    var body: some View {
        VStack(alignment: .leading, spacing: 50) {
            HStack(spacing: 40) {
                Text("My Library")
                    .font(.title2)
                Spacer()
                Button("Sort", systemImage: "list.bullet") { chooseSort = true }
                Button("Filters", systemImage: "gearshape") { showFilters = true }
            }
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 250), spacing: 48)], spacing: 48) {
                ForEach(titles, id: \.self) { t in
                    Button {
                    } label: {
                        VStack {
                            Image(t).resizable().frame(width: 250, height: 375)
                            Text(t)
                        }
                    }
                    .buttonStyle(.card)
                }
            }
        }
        .sheet(isPresented: $showFilters) {
            FilterPanel()
        }
        .confirmationDialog("Sort By", isPresented: $chooseSort) {
            Button("Recently Added") { sort = "Recently Added" }
            Button("Title") { sort = "Title" }
            Button("Release Date") { sort = "Release Date" }
        }
    }
}
