// Seed: focus-engine-skill.md, "Focus Restoration" (FiltersView): a button presents a sheet; when the sheet
// goes away focus returns to the button (the seed also writes its FocusState from onDisappear).
import SwiftUI

struct FilterPanel: View {
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        VStack(spacing: 30) {
            Text("Filters")
                .font(.title2)
            Button("Newest First") {}
            Button("Unwatched Only") {}
            Button("Done") { dismiss() }
        }
    }
}

struct BrowseView: View {
    @State private var showFilters = false
    @FocusState private var filtersButtonFocused: Bool

    var body: some View {
        HStack(spacing: 40) {
            Button("Sort") {}
            Button("Filters") { showFilters = true }
                .focused($filtersButtonFocused)
                .sheet(isPresented: $showFilters) {
                    FilterPanel()
                        .onDisappear {
                            Task { @MainActor in
                                filtersButtonFocused = true
                            }
                        }
                }
        }
    }
}
